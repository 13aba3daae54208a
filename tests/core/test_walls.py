"""core.walls on small hand-drawn maps whose answers can be checked by eye."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zombie_envs.core.grid import UNREACHABLE
from zombie_envs.core.tiles import EAST, SOUTH
from zombie_envs.core.walls import ARROW, DOOR, OPEN, WALL, WINDOW, WallGrid

LEGEND = {".": "floor", "?": "search", "#": None}


def grid(*lines: str, **kw) -> WallGrid:
    return WallGrid(lines, LEGEND, **kw)


OPEN_ROOM = grid(
    "+-+-+-+",
    "|. . .|",
    "+     +",
    "|. . .|",
    "+     +",
    "|. . .|",
    "+-+-+-+",
)
# squares 0 1 2 / 3 4 5: a door between 0 and 1, a window between 1 and 2
DOOR_AND_WINDOW = grid(
    "+-+-+-+",
    "|.d.w.|",
    "+     +",
    "|. . .|",
    "+-+-+-+",
)
# squares 0-4 / 5-9 / 10-14: a wall under 1, a wall between 6 and 7, a window between 11 and 12
SIGHT = grid(
    "+-+-+-+-+-+",
    "|. . . . .|",
    "+ +-+     +",
    "|. .|. . .|",
    "+   +     +",
    "|. .w. . .|",
    "+-+-+-+-+-+",
)


def test_squares_are_numbered_row_major_and_labelled_from_zero():
    g = grid(
        "+-+-+-+",
        "|. ? .|",
        "+-+ +-+",
        "|#|.|#|",
        "+-+-+-+",
    )
    assert (g.height, g.width, g.size) == (2, 3, 4)
    assert g.rc == ((0, 0), (0, 1), (0, 2), (1, 1))
    assert g.ids[1, 1] == 3 and (1, 0) not in g.ids
    assert g.char == (".", "?", ".", ".")
    assert [g.label(i) for i in range(4)] == ["r0c0", "r0c1", "r0c2", "r1c1"]


def test_a_step_reaches_all_eight_neighbours_in_the_open():
    assert OPEN_ROOM.steps[4] == tuple((j, 1) for j in (0, 1, 2, 3, 5, 6, 7, 8))
    assert OPEN_ROOM.touches[4] == (0, 1, 2, 3, 5, 6, 7, 8)
    assert OPEN_ROOM.steps[0] == ((1, 1), (3, 1), (4, 1))
    assert OPEN_ROOM.dist[0][8] == 2


def test_a_door_costs_one_a_window_two_and_neither_is_crossed_diagonally():
    g = DOOR_AND_WINDOW
    assert g.edge(0, 1) == DOOR and g.edge(1, 2) == WINDOW and g.edge(1, 4) == OPEN
    assert g.steps[1] == ((0, 1), (2, 2), (4, 1))
    assert g.steps[4] == ((1, 1), (3, 1), (5, 1))  # not to 0 (doorway) nor 2 (window)
    assert g.steps[3] == ((0, 1), (4, 1))  # not to 1 diagonally past the doorway
    assert g.dist[1][2] == 1  # a window crossing is one step, though two actions


def test_melee_reaches_through_a_window_but_not_diagonally_through_a_doorway():
    g = DOOR_AND_WINDOW
    assert 2 in g.touches[1] and 1 in g.touches[2]  # window, no penalty
    assert 1 in g.touches[0]  # straight through the doorway
    assert 0 not in g.touches[4] and 4 not in g.touches[0]  # diagonally through it
    assert 2 not in g.touches[4] and 5 not in g.touches[1]  # diagonally through the window


def test_no_step_goes_around_a_corner_through_a_wall_or_beside_a_pillar():
    g = grid(
        "+-+-+",
        "|. .|",
        "+-+ +",
        "|. .|",
        "+-+-+",
    )
    assert g.edge(0, 2) == WALL
    assert g.steps[0] == ((1, 1),)  # neither 2 through the wall nor 3 around its end
    assert g.touches[1] == (0, 3)  # not 2 around the corner
    assert g.dist[0][2] == 3
    pillar = grid(
        "+-+-+",
        "|. .|",
        "+ +-+",
        "|.|##",
        "+-+##",
    )
    assert pillar.steps[1] == ((0, 1),)  # square 2 lies diagonally past the pillar


def test_rooms_are_squares_joined_by_open_edges_only():
    g = grid(
        "+-+-+-+",
        "|.d. .|",
        "+-+-+ +",
        "|.w. .|",
        "+-+-+-+",
    )
    assert g.room == (0, 1, 1, 2, 1, 1)
    assert g.rooms == ((0,), (1, 2, 4, 5), (3,))
    assert OPEN_ROOM.rooms == (tuple(range(9)),)


def test_reach_finds_the_cheapest_cost_within_the_budget():
    g = DOOR_AND_WINDOW
    assert g.reach(1, 1) == {0: 1, 4: 1}  # the window needs two actions
    assert g.reach(1, 2) == {0: 1, 2: 2, 3: 2, 4: 1, 5: 2}
    assert g.reach(0, 3) == {1: 1, 2: 3, 3: 1, 4: 2, 5: 3}
    assert g.reach(0, 0) == {}


def test_reach_passes_and_stops_only_where_allowed():
    g = DOOR_AND_WINDOW
    # square 1 may be ended on but not passed: 2 then costs 4 round the other way
    assert g.reach(0, 3, no_pass={1}) == {1: 1, 3: 1, 4: 2, 5: 3}
    assert g.reach(0, 4, no_pass=[1])[2] == 4
    # square 4 may be passed but not ended on
    assert g.reach(0, 3, no_stop={4}) == {1: 1, 2: 3, 3: 1, 5: 3}
    assert g.reach(0, 3, no_pass=range(6), no_stop={4, 5}) == {1: 1, 3: 1}


def test_a_search_leaves_no_square_barred_or_left_out_behind():
    g = DOOR_AND_WINDOW
    wide = g.reach(0, 3)
    assert g.reach(0, 1) == {1: 1, 3: 1}  # not the wider move asked just before
    assert g.reach(0, 3, no_pass={1}, no_stop={4}) == {1: 1, 3: 1, 5: 3}
    assert g.reach(0, 3) == wide  # square 1 passed again, square 4 ended on again
    g.reach(0, 3).clear()  # a caller's own dict
    assert g.reach(0, 3) == wide


def test_moves_are_reach_as_two_lists_in_step_in_order_of_cost():
    g = DOOR_AND_WINDOW
    squares, costs = g.moves(0, 3, no_stop={4})
    assert dict(zip(squares, costs, strict=True)) == g.reach(0, 3, no_stop={4})
    assert list(g.reach(0, 3, no_stop={4})) == squares
    assert costs == sorted(costs)


def test_a_line_touches_both_squares_beside_a_corner_it_passes_through():
    assert SIGHT.line(0, 12) == [0, 1, 5, 6, 7, 11, 12]
    assert SIGHT.line(0, 7) == [0, 1, 6, 7]  # a knight's move touches no corner
    assert SIGHT.line(14, 10) == [14, 13, 12, 11, 10]
    assert SIGHT.line(3, 3) == [3]


def test_sight_is_blocked_by_a_wall_and_a_corner_but_not_a_window():
    g = SIGHT
    assert g.sees(10, 14)  # along the bottom row, through the window
    assert not g.sees(5, 9)  # the wall between 6 and 7
    assert not g.sees(0, 12)  # through the corner where the wall under 1 ends
    assert g.sees(2, 14)  # a diagonal over open corners
    assert g.sees(0, 4) and g.sees(5, 6)


def test_sight_is_blocked_by_a_doorway_crossed_diagonally_and_by_a_pillar():
    g = DOOR_AND_WINDOW
    assert g.sees(0, 1) and not g.sees(4, 0) and not g.sees(3, 1)
    pillar = grid(
        "+-+-+-+",
        "|. . .|",
        "+ +-+ +",
        "|.|#|.|",
        "+ +-+ +",
        "|. . .|",
        "+-+-+-+",
    )
    assert not pillar.sees(1, 6) and pillar.sees(0, 2) and pillar.sees(0, 5)


def test_edges_name_their_kind_and_only_orthogonal_neighbours_share_one():
    g = grid(
        "+-+-+",
        "|.w.d",
        "+ +-+",
        "|. .A",
        "+-+-+",
    )
    assert g.side(1, EAST) == DOOR and g.side(3, EAST) == ARROW and g.side(1, SOUTH) == WALL
    assert g.openings == ((1, EAST, DOOR), (3, EAST, ARROW))
    with pytest.raises(ValueError, match="r0c0 and r1c1 share no edge"):
        g.edge(0, 3)


def test_four_quarter_turns_give_the_same_map():
    g = grid(
        "+-+-+-+",
        "|?d. .A",
        "+ +w+-+",
        "|. .|##",
        "+-+-+##",
    )
    assert g.rotated(1).rotated(1).rotated(1).rotated(1).lines == g.lines
    assert g.rotated(4).lines == g.lines and g.rotated(-1).lines == g.rotated(3).lines
    turned = g.rotated(1)
    assert (turned.height, turned.width) == (3, 2)
    # clockwise: the west column comes to the north row, the east side to the south
    assert turned.lines == (
        "+-+-+",
        "|. ?|",
        "+ +d+",
        "|.w.|",
        "+-+ +",
        "##|.|",
        "##+A+",
    )
    top_left = g.ids[0, 0]
    assert turned.char[turned.ids[0, 1]] == g.char[top_left] == "?"
    assert turned.side(turned.ids[0, 1], SOUTH) == g.side(top_left, EAST) == DOOR


def test_lines_are_redrawn_in_one_style():
    g = grid(
        "x-x-x",
        "|.-.|",
        "x|x|x",
    )
    assert g.lines == ("+-+-+", "|.|.|", "+-+-+")


def test_composition_opens_only_arrows_that_meet():
    both = grid(
        "+-+-+",
        "|. .A",
        "+   +",
        "|. .A",
        "+-+-+",
    )
    upper = grid(
        "+-+-+",
        "|. .A",
        "+   +",
        "|. .|",
        "+-+-+",
    )
    g = WallGrid.compose([(both, 0, 0), (upper.rotated(2), 0, 2)])  # its arrow: west, row 1
    assert (g.height, g.width, g.origin) == (2, 4, (0, 0))
    assert g.edge(g.ids[0, 1], g.ids[0, 2]) == WALL
    assert g.edge(g.ids[1, 1], g.ids[1, 2]) == OPEN
    assert g.openings == () and len(g.rooms) == 1
    assert g.lines[3] == "|. . . .|"
    stacked = WallGrid.compose([(upper, 0, 0), (upper, 2, 0)])
    assert stacked.edge(stacked.ids[1, 0], stacked.ids[2, 0]) == WALL
    assert stacked.openings == ((1, EAST, ARROW), (5, EAST, ARROW))  # facing nothing


def test_composition_keeps_gaps_inside_and_cuts_to_the_squares():
    piece = grid(
        "+-+",
        "|.A",
        "+-+",
    )
    g = WallGrid.compose([(piece, -3, 5), (piece.rotated(1), -2, 6)])
    assert g.origin == (-3, 5)
    assert (g.height, g.width, g.size) == (2, 2, 2)
    assert g.rc == ((0, 0), (1, 1))
    assert g.lines == ("+-+##", "|.A##", "+-+-+", "##|.|", "##+A+")
    with pytest.raises(ValueError, match="overlap at r-3c5"):
        WallGrid.compose([(piece, -3, 5), (piece, -3, 5)])
    with pytest.raises(ValueError, match="reads '.' as 'other'"):
        WallGrid.compose([(piece, 0, 0), (WallGrid(["+-+", "|.|", "+-+"], {".": "other"}), 0, 1)])
    with pytest.raises(ValueError, match="fill '.' is a square"):
        WallGrid.compose([(piece, 0, 0)], fill=".")


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (("+-+", "|.|"), "2R\\+1 lines, got 2"),
        (("+-+-", "|. |", "+-+-"), "^shop.txt:1: a map of C columns .* got 4"),
        (("+-+", "|.|", "+-+-+"), "^shop.txt:3: 5 characters, the first line has 3"),
        (("+-+", "|x|", "+-+"), "^shop.txt:2:2: unknown square character 'x'"),
        (("+-+-+", "|.x.|", "+-+-+"), "^shop.txt:2:3: unknown edge character 'x'"),
        (("+-+-+", "|.A.|", "+-+-+"), "^shop.txt:2:3: an arrow between two squares"),
        (("+ +", "|.|", "+-+"), "^shop.txt:1:2: an open edge to the outside of square r0c0"),
        (("+-+-+", "|. ##", "+-+-+"), ":3: an open edge to the outside"),
        (("###", "###", "###"), "no square"),
    ],
)
def test_malformed_maps_are_refused_naming_the_place(lines, message):
    with pytest.raises(ValueError, match=message):
        WallGrid(lines, {".": "floor", "#": None}, title="shop.txt", first_line=1)


def test_a_legend_maps_one_character_to_a_name_or_none():
    with pytest.raises(ValueError, match="legend entry '..': 'floor' must map one character"):
        WallGrid(("+-+", "|.|", "+-+"), {"..": "floor"})
    with pytest.raises(ValueError, match="legend entry '.': 3 must map"):
        WallGrid(("+-+", "|.|", "+-+"), {".": 3})


def test_errors_count_lines_from_where_the_map_starts_in_its_file():
    with pytest.raises(ValueError, match=r"^shop.txt:13:2: unknown square"):
        WallGrid(("+-+", "|x|", "+-+"), LEGEND, title="shop", file="shop.txt", first_line=12)


# ------------------------------------------------------------------ properties
@st.composite
def maps(draw) -> WallGrid:
    """A random map of up to 4 x 4 squares, some missing, with every edge kind."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    square = [[draw(st.sampled_from("...?#")) for _ in range(cols)] for _ in range(rows)]
    if all(ch == "#" for row in square for ch in row):
        square[0][0] = "."

    def is_square(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and square[r][c] != "#"

    lines = []
    for i in range(2 * rows + 1):
        line = ""
        for j in range(2 * cols + 1):
            if i % 2 and j % 2:
                line += square[i // 2][j // 2]
            elif i % 2 or j % 2:
                a = (i // 2, j // 2 - 1) if i % 2 else (i // 2 - 1, j // 2)
                both = is_square(*a) and is_square(i // 2, j // 2)
                line += draw(st.sampled_from("   |-dw" if both else "|dwA"))
            else:
                line += "+"
        lines.append(line)
    return WallGrid(lines, LEGEND)


def brute_reach(g: WallGrid, a: int, budget: int, no_pass, no_stop) -> dict[int, int]:
    """The cheapest cost to each square over every walk within the budget, walked
    one by one: passing through no square of ``no_pass``, ending on none of ``no_stop``."""
    best: dict[int, int] = {}

    def walk(i: int, cost: int) -> None:
        for j, step in g.steps[i]:
            if cost + step > budget:
                continue
            if j != a and j not in no_stop and cost + step < best.get(j, UNREACHABLE):
                best[j] = cost + step
            if j not in no_pass:
                walk(j, cost + step)

    walk(a, 0)
    return best


@settings(max_examples=150, deadline=None)
@given(maps(), st.data())
def test_reach_agrees_with_a_plain_search(g, data):
    """Several questions of one map in a row: the free moves it keeps answer only
    what they were worked out for."""
    squares = st.sets(st.integers(0, g.size - 1))
    for _ in range(3):
        a = data.draw(st.integers(0, g.size - 1))
        budget = data.draw(st.integers(0, 4))
        no_pass, no_stop = data.draw(squares), data.draw(squares)
        assert g.reach(a, budget, no_pass, no_stop) == brute_reach(g, a, budget, no_pass, no_stop)
        free = g.reach(a, budget)
        assert free == brute_reach(g, a, budget, (), ())
        assert {b for b, d in enumerate(g.dist[a]) if 0 < d <= budget // 2} <= set(free)


@settings(max_examples=150, deadline=None)
@given(maps())
def test_adjacency_sight_and_distance_are_symmetric(g):
    for a in range(g.size):
        assert all(a in g.touches[b] for b in g.touches[a])
        assert all((a, cost) in g.steps[b] for b, cost in g.steps[a])
        assert {b for b, _ in g.steps[a]} <= set(g.touches[a])
        for b in range(g.size):
            assert g.sees(a, b) == g.sees(b, a)
            assert g.dist[a][b] == g.dist[b][a]
            assert (g.dist[a][b] < UNREACHABLE) == (a == b or b in g.reach(a, 4 * g.size))
            (ra, ca), (rb, cb) = g.rc[a], g.rc[b]
            if max(abs(ra - rb), abs(ca - cb)) == 1:
                assert g.sees(a, b) == (b in g.touches[a])  # a neighbour is seen when touched


@settings(max_examples=100, deadline=None)
@given(maps(), st.integers(1, 3))
def test_a_turned_map_keeps_its_steps_rooms_and_openings(g, turns):
    t = g.rotated(turns)
    assert t.rotated(4 - turns).lines == g.lines
    assert sorted(len(s) for s in t.steps) == sorted(len(s) for s in g.steps)
    assert sorted(map(len, t.rooms)) == sorted(map(len, g.rooms))
    assert sorted((k, (s + turns) % 4) for _, s, k in g.openings) == sorted(
        (k, s) for _, s, k in t.openings
    )
    assert WallGrid(t.lines, LEGEND).lines == t.lines


@settings(max_examples=100, deadline=None)
@given(maps(), st.integers(0, 4))
def test_in_sight_is_every_square_within_king_moves_that_is_seen(g, reach):
    for a in range(g.size):
        (ra, ca) = g.rc[a]
        expected = [
            b
            for b, (rb, cb) in enumerate(g.rc)
            if b != a and max(abs(ra - rb), abs(ca - cb)) <= reach and g.sees(a, b)
        ]
        assert list(g.in_sight(a, reach)) == expected
        assert g.in_sight(a, reach) == tuple(expected)  # asked again: what was kept
