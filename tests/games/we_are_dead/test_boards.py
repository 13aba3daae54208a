"""The two We Are Dead boards (``mall.txt``, ``carnival.txt``): assumed designs held to the rules.

Rule ids are from ``shared/rules/we_are_dead.md``; each test quotes the sentence it checks.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

import zombie_envs
from zombie_envs.core.grid import UNREACHABLE, Board, load_board

DATA = Path(zombie_envs.__file__).parent / "games" / "we_are_dead" / "data"


@pytest.fixture(scope="module")
def mall() -> Board:
    return load_board(DATA / "mall.txt")


@pytest.fixture(scope="module")
def carnival() -> Board:
    return load_board(DATA / "carnival.txt")


@pytest.fixture(scope="module", params=["mall", "carnival"])
def any_board(request) -> Board:
    return load_board(DATA / f"{request.param}.txt")


def reach(board: Board, src: int, moves, avoid=()) -> set[int]:
    """Nodes reachable from ``src`` with the given one-step moves, never entering ``avoid``."""
    seen, queue = {src}, deque([src])
    while queue:
        a = queue.popleft()
        for b in moves[a]:
            if b not in seen and b not in avoid:
                seen.add(b)
                queue.append(b)
    return seen


def manhattan(board: Board, a: int, b: int) -> int:
    (r1, c1), (r2, c2) = board.rc[a], board.rc[b]
    return abs(r1 - r2) + abs(c1 - c2)


def open_around(board: Board, cell: tuple[int, int]) -> list[int]:
    """Nodes orthogonally next to a map cell (an escalator end is not itself a node)."""
    r, c = cell
    nodes = (board.node_at(*rc) for rc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)))
    return [n for n in nodes if n is not None]


def escalator_ride(board: Board, a: int, b: int) -> bool:
    return any(
        (a in open_around(board, e1) and b in open_around(board, e2))
        or (a in open_around(board, e2) and b in open_around(board, e1))
        for _, e1, e2 in board.escalators
    )


def linked(board: Board, a: int, b: int) -> bool:
    return any({a, b} == {x, y} for x, y, _ in board.links)


# ---------------------------------------------------------------- both boards
@pytest.mark.parametrize("name", ["mall", "carnival"])
def test_files_say_they_are_assumed_designs(name):
    """WAD-001 "1 Double-Sided Game Board": neither side is printed in the rulebook."""
    assert "ASSUMED DESIGN" in (DATA / f"{name}.txt").read_text()
    assert "assumed" in load_board(DATA / f"{name}.txt").name


def test_enough_token_cells_for_every_shopper_token(any_board):
    """WAD-013 "66 Shopper tokens" and WAD-029 "Shopper tokens may be placed in any open space
    on the board": one token per cell needs at least 66 cells, and more make placement a choice."""
    assert len(any_board.token_cells) >= 66
    assert len(set(any_board.token_cells)) == len(any_board.token_cells)
    assert any_board.start not in any_board.token_cells
    assert any_board.horde_start not in any_board.token_cells


def test_every_cell_is_reachable_from_the_start_and_back(any_board):
    """WAD-068 "each player may move up to 3 spaces": no space is out of reach, none a trap."""
    b = any_board
    assert all(d < UNREACHABLE for d in b.dist[b.start])
    assert all(b.dist[i][b.start] < UNREACHABLE for i in range(b.size))
    assert len(b.by_distance[b.start]) == b.size


def test_no_diagonal_moves(any_board):
    """WAD-071 "Players may not move diagonally.": every step that is not an escalator ride or
    a tunnel (sky bucket) is to an orthogonal neighbour."""
    b = any_board
    for a in range(b.size):
        assert all(manhattan(b, a, n) == 1 for n in b.adjacent[a])
        for n in b.neighbours[a]:
            if n not in b.adjacent[a]:
                assert linked(b, a, n) or escalator_ride(b, a, n), (b.label(a), b.label(n))


def test_distances_are_breadth_first(any_board):
    """WAD-135 "move all horde tokens ... up to 10 spaces each to the nearest shopper tokens":
    the precomputed distances are true move counts."""
    b = any_board
    for src in range(0, b.size, 7):
        row = b.dist[src]
        for a in range(b.size):
            for n in b.neighbours[a]:
                assert row[n] <= row[a] + 1
            if a != src:
                assert any(row[p] == row[a] - 1 for p in range(b.size) if a in b.neighbours[p])


def test_step_toward_ends_on_a_shortest_path(any_board):
    """WAD-135 "up to 10 spaces each to the nearest shopper tokens": a horde that cannot reach
    its target this time ends 10 spaces closer to it."""
    b = any_board
    for a in range(0, b.size, 11):
        for target in range(0, b.size, 13):
            d = b.dist[a][target]
            end = b.step_toward(a, target, 10)
            if d <= 10:
                assert end == target
            else:
                assert b.dist[a][end] == 10
                assert b.dist[end][target] == d - 10


def test_ascii_draws_the_map_with_marks(any_board):
    b = any_board
    assert b.ascii() == "\n".join(b.lines)
    drawn = b.ascii({b.start: "@"}).splitlines()
    r, c = b.rc[b.start]
    assert drawn[r][c] == "@"
    assert [len(line) for line in drawn] == [b.width] * b.height


# ---------------------------------------------------------------------- mall
def test_mall_start_is_the_hotdog_cart_in_the_middle(mall):
    """WAD-023 "each player places their zombie token on the hotdog cart in the middle of the
    game board (this space counts as one square and players can move from it on any side, but
    not diagonally)"."""
    cart = mall.start
    assert mall.kind[cart] == "H" and mall.label(cart) == "Hotdog cart"
    assert mall.floor[cart] == "Lower"
    rows = [mall.rc[i][0] for i in range(mall.size) if mall.floor[i] == "Lower"]
    r, c = mall.rc[cart]
    assert r == (min(rows) + max(rows)) // 2
    assert c == mall.width // 2
    assert len(mall.neighbours[cart]) == 4
    assert all(manhattan(mall, cart, n) == 1 for n in mall.neighbours[cart])


def test_mall_horde_tokens_appear_on_the_hotdog_cart(mall):
    """WAD-057 "If this is the first time the card has been drawn during the game, place 1 horde
    token on the hotdog cart."."""
    assert mall.horde_start == mall.start


def test_mall_stores_have_exactly_three_spaces(mall):
    """WAD-029 "Shopper tokens may be placed in any open space on the board including the 3
    spaces in each store."."""
    assert len(mall.areas) >= 10
    for name, cells in mall.areas.items():
        assert len(cells) == 3, name
        assert all(c in mall.token_cells for c in cells), name
        assert len({mall.kind[c] for c in cells}) == 1, name
        # the three spaces of a store hang together and open onto a corridor
        assert reach(mall, cells[0], mall.adjacent, avoid=set(range(mall.size)) - set(cells)) == (
            set(cells)
        )
        assert any(mall.kind[n] == "." for c in cells for n in mall.neighbours[c]), name
    assert mall.label(mall.areas["Shoe Store"][1]) == "Shoe Store 2"


def test_mall_has_two_floors_joined_only_by_escalators_and_tunnels(mall):
    """WAD-072 "When a player moves onto an escalator space they automatically move their token
    up or down the escalator" and WAD-075 "Players may use the maintenance tunnel to come out of
    the other maintenance tunnel on the same short side of the board.": without those moves a
    floor is cut off from the other; with them everything joins."""
    assert mall.floors == ("Upper", "Lower")
    assert {mall.floor[i] for i in range(mall.size)} == {"Upper", "Lower"}
    for floor in mall.floors:
        nodes = {i for i in range(mall.size) if mall.floor[i] == floor}
        assert reach(mall, min(nodes), mall.adjacent) == nodes
    for a in range(mall.size):
        for n in mall.adjacent[a]:
            assert mall.floor[a] == mall.floor[n]
    crossings = [
        (a, n)
        for a in range(mall.size)
        for n in mall.neighbours[a]
        if mall.floor[a] != mall.floor[n]
    ]
    assert crossings
    for a, n in crossings:
        assert linked(mall, a, n) or escalator_ride(mall, a, n)


def test_mall_escalators_ride_in_one_space(mall):
    """WAD-073 "Moving onto the escalator counts as one space and puts the player in one of the
    non-diagonal adjacent spaces at the top or bottom (depending on which way they were going).",
    and WAD-136 "The horde(s) will even move up and down the escalator to catch their prey."."""
    assert len(mall.escalators) >= 2
    for name, top, bottom in mall.escalators:
        for cell in (top, bottom):
            with pytest.raises(KeyError):
                mall.cell_id(*cell)
        tops, bottoms = open_around(mall, top), open_around(mall, bottom)
        assert tops and bottoms, name
        assert {mall.floor[t] for t in tops} == {"Upper"}
        assert {mall.floor[t] for t in bottoms} == {"Lower"}
        for t in tops:
            for u in bottoms:
                assert mall.dist[t][u] == 1 and mall.dist[u][t] == 1, name


def test_mall_tunnels_pair_up_on_the_same_short_side(mall):
    """WAD-074 "Maintenance Tunnel: These spaces represent the tunnels running throughout the
    mall.", WAD-075 (the other tunnel on the same short side) and WAD-076 "Moving into a
    maintenance tunnel counts as one space."."""
    for floor in mall.floors:  # each floor is drawn landscape: left and right are short
        rows = {mall.rc[i][0] for i in range(mall.size) if mall.floor[i] == floor}
        assert max(rows) - min(rows) + 1 < mall.width
    assert len(mall.links) == 2
    sides = set()
    for a, b, name in mall.links:
        (_, ca), (_, cb) = mall.rc[a], mall.rc[b]
        assert ca == cb and ca in (0, mall.width - 1), name
        sides.add(ca)
        assert mall.dist[a][b] == mall.dist[b][a] == 1
        for tunnel in (a, b):
            outside = [n for n in mall.neighbours[tunnel] if n not in (a, b)]
            assert outside and all(mall.dist[n][tunnel] == 1 for n in outside)
    assert sides == {0, mall.width - 1}


def test_mall_no_tokens_on_escalators_or_tunnels(mall):
    """WAD-030 "However, they may not be placed in the escalator or maintenance tunnel special
    spaces."."""
    tunnels = {i for a, b, _ in mall.links for i in (a, b)}
    assert not tunnels & set(mall.token_cells)
    escalator_cells = {rc for _, a, b in mall.escalators for rc in (a, b)}
    assert not escalator_cells & {mall.rc[i] for i in mall.token_cells}
    assert set(mall.token_cells) == set(range(mall.size)) - tunnels - {mall.start}


# ------------------------------------------------------------------ carnival
def test_carnival_start_is_outside_through_the_parking_lot_to_the_ticket_booth(carnival):
    """WAD-197 "Starting Location: Players begin the game outside of the carnival and have to
    travel through the parking lot to enter at the ticket booth."."""
    b = carnival
    booth = b.cell_id(*next(b.rc[i] for i in range(b.size) if b.kind[i] == "B"))
    assert b.label(b.start) == "Parking lot start" and b.label(booth) == "Ticket booth"
    lot = {i for i in range(b.size) if b.kind[i] in ",S"}
    assert b.start in lot
    # without the booth the parking lot is all one can reach from the start
    assert reach(b, b.start, b.neighbours, avoid={booth}) == lot
    inside = set(range(b.size)) - lot - {booth}
    for i in inside:
        assert reach(b, i, b.neighbours, avoid={booth}).isdisjoint(lot)
    assert all(b.dist[b.start][i] > b.dist[b.start][booth] for i in inside)
    assert b.dist[b.start][booth] >= 4  # a walk through the lot, not a step


def test_carnival_horde_tokens_appear_at_the_ticket_booth(carnival):
    """WAD-195 "The game rules are exactly the same except that instead of visiting shops,
    players will go on rides in the park.": there is no hotdog cart, so (assumed) horde tokens
    appear at the ticket booth, the gate every zombie comes through."""
    assert carnival.kind[carnival.horde_start] == "B"
    assert carnival.horde_start != carnival.start


def test_carnival_rides_hold_shoppers(carnival):
    """WAD-198 "Attractions: Many of the attractions at the carnival can be occupied by the
    normal humans (shopper tokens)." and WAD-199 "This means the zombie players can also go on
    the rides and attractions to slay them."."""
    assert len(carnival.areas) >= 6
    tokens = set(carnival.token_cells)
    for name, cells in carnival.areas.items():
        assert set(cells) <= tokens, name
        assert all(carnival.dist[carnival.start][c] < UNREACHABLE for c in cells), name


def gated(board: Board) -> dict[str, list[int]]:
    return {
        name: [c for c in cells if board.kind[c] in "^v<>"] for name, cells in board.areas.items()
    }


def test_carnival_some_rides_open_some_one_way(carnival):
    """WAD-200 "Some of the rides can be entered from either direction." and WAD-201 "Others
    have arrow guides on the game board to show where players can enter and exit the ride."."""
    b = carnival
    gates = gated(b)
    one_way = [name for name, g in gates.items() if g]
    open_rides = [name for name, g in gates.items() if not g]
    assert len(one_way) >= 2 and len(open_rides) >= 2
    arrows = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
    for name in one_way:
        cells = set(b.areas[name])
        entries = [
            n for c in cells for n in range(b.size) if c in b.neighbours[n] and n not in cells
        ]
        exits = [n for c in cells for n in b.neighbours[c] if n not in cells]
        # in and out only through gates, each in its arrow's direction
        for n in entries:
            gate = next(c for c in cells if c in b.neighbours[n] and b.kind[c] in arrows)
            dr, dc = arrows[b.kind[gate]]
            assert b.rc[gate] == (b.rc[n][0] + dr, b.rc[n][1] + dc), name
        for c in cells:
            for n in b.neighbours[c]:
                if n not in cells:
                    dr, dc = arrows[b.kind[c]]
                    assert b.rc[n] == (b.rc[c][0] + dr, b.rc[c][1] + dc), name
        assert entries and exits, name
        # passing through is one-way: nobody leaves by the way in
        first = {c for n in entries for c in b.neighbours[n] if c in cells}
        assert all(n not in entries for c in first for n in b.neighbours[c]), name
    for name in open_rides:
        cells = set(b.areas[name])
        doors = set()
        for c in cells:
            for n in b.adjacent[c]:
                assert c in b.adjacent[n], name
                if n not in cells:
                    doors.add(n)
        assert len(doors) >= 2, name


def test_carnival_haunted_house_runs_one_way(carnival):
    """WAD-201 "Others have arrow guides on the game board to show where players can enter and
    exit the ride.": through the Haunted House from the middle midway to the top midway, never
    back."""
    b = carnival
    exit_, entry = sorted(
        (c for c in b.areas["Haunted House"] if b.kind[c] == "^"), key=b.rc.__getitem__
    )
    (r, c), (r_out, _) = b.rc[entry], b.rc[exit_]
    room = b.cell_id(r - 1, c)
    below, above = b.cell_id(r + 1, c), b.cell_id(r_out - 1, c)
    assert b.dist[below][above] == 4
    assert b.neighbours[entry] == (room,)
    assert b.neighbours[exit_] == (above,)
    assert entry not in b.neighbours[room] and room not in b.neighbours[exit_]
    assert exit_ not in b.neighbours[above] and below not in b.neighbours[entry]
    assert b.dist[above][below] > 4  # the way back goes round, not through the ride


def test_carnival_sky_buckets_work_like_tunnels(carnival):
    """WAD-202 "Sky Buckets: This ride works in the same way as the maintenance tunnels in the
    mall." and WAD-203 "A player may spend one movement to move from one sky bucket to
    another."."""
    b = carnival
    buckets = [(x, y) for x, y, name in b.links if name == "Sky bucket station"]
    assert len(buckets) >= 1
    for x, y in buckets:
        assert b.kind[x] == b.kind[y] == "K"
        assert b.dist[x][y] == b.dist[y][x] == 1
        assert x not in b.token_cells and y not in b.token_cells
        assert manhattan(b, x, y) > 10  # worth the ride


def test_carnival_token_cells_leave_out_start_booth_and_buckets(carnival):
    """WAD-029 "Shopper tokens may be placed in any open space on the board" and WAD-030 (not in
    the special spaces): the start, the ticket booth and the sky buckets are special spaces."""
    b = carnival
    special = {i for i in range(b.size) if b.kind[i] in "SBK"}
    assert len(special) == 4
    assert set(b.token_cells) == set(range(b.size)) - special
