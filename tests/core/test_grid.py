"""core.grid on small hand-drawn maps whose answers can be checked by eye."""

from __future__ import annotations

import pytest

from zombie_envs.core.grid import UNREACHABLE, Board, CellKind, load_board, parse_board

LEGEND = {
    "#": "wall | wall",
    ".": "open token | floor",
    "H": "open | cart",
    "L": "link | tunnel",
    "E": "escalator | escalator",
    "^": "arrow token | gate",
    "v": "arrow token | gate",
    "<": "arrow token | gate",
    ">": "arrow token | gate",
    "s": "open token area | Shop",
}


def board(*lines: str, **kw) -> Board:
    return Board(lines, LEGEND, **kw)


def test_nodes_are_standable_cells_in_row_major_order():
    b = board(
        ".#.",
        "H..",
    )
    assert b.size == 5
    assert b.rc == ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2))
    assert b.kind == (".", ".", "H", ".", ".")
    assert (b.width, b.height, b.lines) == (3, 2, (".#.", "H.."))
    assert b.cell_id(1, 1) == 3
    assert b.node_at(1, 1) == 3
    assert b.node_at(0, 1) is None and b.node_at(-1, 0) is None
    with pytest.raises(KeyError, match=r"r0c1 .* wall"):
        b.cell_id(0, 1)
    with pytest.raises(KeyError, match="outside the map"):
        b.cell_id(5, 5)


def test_orthogonal_moves_only_no_diagonals():
    b = board(
        "..",
        "..",
    )
    assert b.neighbours == ((1, 2), (0, 3), (0, 3), (1, 2))
    assert b.dist[0][3] == 2  # a diagonal move would make it 1


def test_walls_block_and_paths_go_around():
    b = board(
        "...",
        ".#.",
        "...",
    )
    centre_free = board("...", "...", "...")
    assert b.size == 8
    assert b.neighbours[1] == (0, 2)
    assert b.dist[b.cell_id(1, 0)][b.cell_id(1, 2)] == 4
    assert centre_free.dist[centre_free.cell_id(1, 0)][centre_free.cell_id(1, 2)] == 2


def test_link_is_one_move_between_its_two_cells():
    b = board("L.#.L")
    left, a, c, right = range(4)
    assert b.links == ((left, right, "tunnel"),)
    assert b.dist[left][right] == 1
    assert b.dist[a][c] == 3  # a -> tunnel -> other tunnel -> c
    assert right in b.neighbours[left] and left in b.neighbours[right]


def test_escalator_joins_neighbours_of_both_ends_and_is_not_a_node():
    b = board(
        "..E..",
        "#####",
        "#.E.#",
    )
    up_w, up_e, low_w, low_e = (
        b.cell_id(0, 1),
        b.cell_id(0, 3),
        b.cell_id(2, 1),
        b.cell_id(2, 3),
    )
    assert b.size == 6
    with pytest.raises(KeyError, match="escalator"):
        b.cell_id(0, 2)
    assert b.escalators == (("escalator", (0, 2), (2, 2)),)
    for top in (up_w, up_e):
        for bottom in (low_w, low_e):
            assert b.dist[top][bottom] == 1
            assert b.dist[bottom][top] == 1
    # the escalator is ridden, not walked past: the two cells beside one end are 2 apart
    assert up_e not in b.neighbours[up_w]
    assert b.dist[up_w][up_e] == 2
    assert b.dist[low_w][low_e] == 2
    assert b.dist[b.cell_id(0, 0)][low_e] == 2


def test_arrow_is_passed_only_in_its_direction():
    b = board(
        "#.#",
        ".>.",
        "#.#",
    )
    top, west, gate, east, bottom = range(5)
    assert b.neighbours[west] == (gate,)
    assert b.neighbours[gate] == (east,)
    assert b.neighbours[top] == ()  # cannot enter '>' moving down
    assert b.neighbours[east] == ()  # cannot enter '>' moving west
    assert b.neighbours[bottom] == ()
    assert b.dist[west][east] == 2
    assert b.dist[east][west] == UNREACHABLE


def test_arrows_make_a_one_way_ride_and_open_rides_go_both_ways():
    b = board(
        "#####",
        "#^#s#",
        "#s#s#",
        "#^#s#",
        ".....",
    )
    # the gated column: enter from row 4 going up, leave at the top wall
    entry, inside, exit_ = b.cell_id(3, 1), b.cell_id(2, 1), b.cell_id(1, 1)
    path = b.cell_id(4, 1)
    assert b.neighbours[path] == tuple(sorted((entry, b.cell_id(4, 0), b.cell_id(4, 2))))
    assert b.neighbours[entry] == (inside,)
    assert b.neighbours[inside] == (exit_,)
    assert b.neighbours[exit_] == ()  # walled above: a dead end, which a real map must avoid
    assert b.dist[exit_][path] == UNREACHABLE
    open_top, open_bottom = b.cell_id(1, 3), b.cell_id(4, 3)
    assert b.dist[open_bottom][open_top] == b.dist[open_top][open_bottom] == 3
    assert b.area[inside] == b.area[entry] == b.area[exit_] == "Shop"


def test_vertical_arrows_and_escalator_boarding_respect_direction():
    b = board(
        ".E.",
        "#v#",
        "#.#",
        "###",
        "^E.",
        ".##",
    )
    gate_down, gate_up = b.cell_id(1, 1), b.cell_id(4, 0)
    below_up = b.cell_id(5, 0)
    east_low = b.cell_id(4, 2)
    # 'v' below the upper end: one can step off the escalator onto it (moving down)...
    assert gate_down in b.neighbours[east_low]
    # ...but 'v' points away from the escalator, so one cannot board from it
    assert not any(n in b.neighbours[gate_down] for n in (b.cell_id(0, 0), b.cell_id(0, 2)))
    # '^' left of the lower end points up: leaving it toward the escalator (east) is barred
    assert b.neighbours[gate_up] == ()
    assert b.neighbours[below_up] == (gate_up,)
    # stepping off onto '^' moving west is barred too
    assert gate_up not in b.neighbours[b.cell_id(0, 0)]


def test_dist_within_and_step_toward_on_a_ring():
    b = board(
        "...",
        ".#.",
        "...",
    )
    # ids: 0 1 2 / 3 . 4 / 5 6 7
    assert b.dist[0] == (0, 1, 2, 1, 3, 2, 3, 4)
    assert b.within(0, 0) == [(0, 0)]
    assert b.within(0, 2) == [(0, 0), (1, 1), (2, 2), (3, 1), (5, 2)]
    assert b.within(0, 2) == b.within(0, 2)  # cached answers are fresh lists
    b.within(0, 2).append((9, 9))
    assert len(b.within(0, 2)) == 5
    assert b.by_distance[0] == (0, 1, 3, 2, 5, 4, 6, 7)
    # two shortest paths 0->7: lowest id first at every step
    assert b.step_toward(0, 7, 1) == 1
    assert b.step_toward(0, 7, 2) == 2
    assert b.step_toward(0, 7, 3) == 4
    assert b.step_toward(0, 7, 4) == 7
    assert b.step_toward(0, 7, 10) == 7
    assert b.step_toward(7, 0, 1) == 4
    assert b.step_toward(7, 0, 3) == 1
    assert b.step_toward(3, 3, 0) == 3
    assert b.step_toward(0, 7, 0) == 0


def test_step_toward_follows_a_long_corridor_and_stays_put_when_unreachable():
    b = board("." * 15, "#" * 14 + ".", ">" + "#" * 14)
    start, end = 0, 14
    for k in range(15):
        assert b.step_toward(start, end, k) == k
    lonely = b.cell_id(2, 0)
    assert b.dist[start][lonely] == UNREACHABLE
    assert b.step_toward(start, lonely, 3) == start
    assert all(d <= 10 for _, d in b.within(start, 10))
    assert len(b.within(start, 10)) == 11


def test_stops_toward_are_every_shortest_way_and_include_step_toward():
    b = board(
        "...",
        ".#.",
        "...",
    )
    # ids: 0 1 2 / 3 . 4 / 5 6 7: two shortest paths 0->7, around either side
    assert b.stops_toward(0, 7, 1) == [1, 3]
    assert b.stops_toward(0, 7, 2) == [2, 5]
    assert b.stops_toward(0, 7, 3) == [4, 6]
    assert b.stops_toward(0, 7, 4) == b.stops_toward(0, 7, 10) == [7]
    assert b.stops_toward(0, 2, 1) == [1]  # one shortest path: one stop
    assert all(b.step_toward(0, 7, k) in b.stops_toward(0, 7, k) for k in range(5))
    b.stops_toward(0, 7, 1).append(9)  # cached answers are fresh lists
    assert b.stops_toward(0, 7, 1) == [1, 3]
    c = board("." * 3, ">##")
    assert c.dist[0][c.cell_id(1, 0)] == UNREACHABLE
    assert c.stops_toward(0, c.cell_id(1, 0), 2) == [0]


def test_step_toward_is_deterministic_across_loads():
    lines = ("....", "..#.", "....")
    answers = [
        [board(*lines).step_toward(a, b, k) for a in range(11) for b in range(11) for k in (1, 2)]
        for _ in range(2)
    ]
    assert answers[0] == answers[1]


def test_start_horde_start_and_token_cells():
    b = board("H..s", start="H")
    assert b.start == 0 and b.horde_start == 0
    assert b.token_cells == (1, 2, 3)
    c = board("H..s", start=(0, 3), horde_start="r0c1")
    assert (c.start, c.horde_start) == (3, 1)
    assert c.token_cells == (2,)  # neither start cell takes a token
    assert board("..").start is None


def test_areas_floors_and_labels():
    b = board(
        "sss",
        "L.H",
        "###",
        "L..",
        floors=[("Top", 0, 1), ("Bottom", 3, 3)],
    )
    assert b.floors == ("Top", "Bottom")
    assert b.areas == {"Shop": (0, 1, 2)}
    assert [b.label(i) for i in range(3)] == ["Shop 1", "Shop 2", "Shop 3"]
    assert b.label(b.cell_id(1, 2)) == "cart"  # a named cell that occurs once
    assert b.label(b.cell_id(1, 1)) == "Top r1c1"
    assert b.label(b.cell_id(3, 0)) == "tunnel (Bottom r3c0)"
    assert b.floor[b.cell_id(3, 2)] == "Bottom"
    assert board("..").label(1) == "r0c1"


def test_ascii_overwrites_marked_nodes_only():
    b = board("L.#.L")
    assert b.ascii() == "L.#.L"
    assert b.ascii({1: "@", 3: "Z"}) == "L@#.Z"
    with pytest.raises(ValueError, match="one character"):
        b.ascii({1: "ab"})


def test_parse_board_reads_the_header_and_map():
    text = """\
# a comment
name: Tiny
start: H
floor: 0-0 | Ground
cell: #  wall | wall
cell: .  open token | corridor
cell: a  open token area | Shoe Store
cell: H  open | cart
map:
#aaa#
#.H.#

"""
    b = parse_board(text)
    assert b.name == "Tiny"
    assert b.lines == ("#aaa#", "#.H.#")
    assert b.start == b.cell_id(1, 2) == b.horde_start
    assert b.areas == {"Shoe Store": (0, 1, 2)}
    assert b.token_cells == (0, 1, 2, 3, 5)
    assert b.legend["a"] == CellKind("open", "Shoe Store", token=True, area=True)
    assert b.floor[0] == "Ground" and b.floor[3] == ""
    # an extra legend passed in overrides the header
    no_tokens = parse_board(text, legend={".": "open | corridor"})
    assert no_tokens.token_cells == (0, 1, 2)


def test_load_board_names_the_board_after_the_file(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text("cell: . open token\nmap:\n..\n")
    b = load_board(path)
    assert (b.name, b.size, b.token_cells) == ("tiny", 2, (0, 1))


@pytest.mark.parametrize(
    "lines, message",
    [
        (("..", ".x"), r"unknown cell character 'x' at r1c1 \(row 1, column 1\)"),
        (("...", ".."), r"ragged map: row 1 has 2 characters, row 0 has 3"),
        ((), r"the map is empty"),
        (("##",), r"no cell can be stood on"),
        (("L..",), r"link 'L' \(tunnel\) must appear exactly twice.*found 1 at r0c0"),
        (("L.L.L",), r"link 'L' .* found 3 at r0c0 .*r0c2 .*r0c4"),
        ((".E.", "..."), r"escalator 'E' \(escalator\) must appear exactly twice.*r0c1"),
        (("#E#", "###", ".E."), r"escalator 'E' at r0c1 .* no open orthogonal neighbour"),
    ],
)
def test_bad_maps_raise_value_error_naming_the_problem(lines, message):
    with pytest.raises(ValueError, match=message):
        Board(lines, LEGEND)


@pytest.mark.parametrize(
    "legend, message",
    [
        ({".": "floor"}, r"cell '\.': spec 'floor' must start with a role"),
        ({".": "open shiny"}, r"unknown flag\(s\) shiny"),
        ({"x": "arrow"}, r"only the characters \^ v < > are arrows"),
        ({">": "open"}, r"only the characters .* must have the role 'arrow'"),
        ({"#": "wall token"}, r"a wall cannot carry tokens"),
        ({"a": "open area"}, r"an area needs a name"),
        ({"ab": "open"}, r"single character"),
    ],
)
def test_bad_legends_raise_value_error(legend, message):
    with pytest.raises(ValueError, match=message):
        Board(["."], legend)


def test_bad_start_and_floors_raise_value_error():
    with pytest.raises(ValueError, match=r"start 'H' must be .* exactly once, found 2"):
        board("H.H", start="H")
    with pytest.raises(ValueError, match=r"floor 'Up' rows 0-4 are outside the map rows 0-0"):
        board("..", floors=[("Up", 0, 4)])
    with pytest.raises(ValueError, match=r"row 0 is in floors 'A' and 'B'"):
        board("..", floors=[("A", 0, 0), ("B", 0, 0)])
    with pytest.raises(KeyError, match="wall"):
        board(".#", start=(0, 1))


@pytest.mark.parametrize(
    "text, message",
    [
        ("cell: . open\n..\n", r"^board:2: '\.\.' is not 'key: value'"),
        ("cell: . open\n", r"^board: no 'map:' line"),
        ("colour: red\nmap:\n.\n", r"^board:1: unknown key 'colour'"),
        ("moves: orthogonal\nmap:\n.\n", r"^board:1: unknown key 'moves'"),
        ("cell: . open\ncell: . wall\nmap:\n.\n", r"^board:2: cell '\.' declared twice"),
        ("floor: up | Up\nmap:\n.\n", r"^board:1: floor 'up \| Up' is not 'FIRST-LAST"),
    ],
)
def test_bad_headers_raise_value_error_with_the_line(text, message):
    with pytest.raises(ValueError, match=message):
        parse_board(text)


def test_distances_agree_with_the_one_step_moves():
    b = board(
        "..>..#L",
        ".#.#.E.",
        "..<..#.",
        "L#E....",
    )
    for src in range(b.size):
        row = b.dist[src]
        for a in range(b.size):
            for n in b.neighbours[a]:
                if row[a] < UNREACHABLE:
                    assert row[n] <= row[a] + 1
            if a != src and row[a] < UNREACHABLE:
                assert any(row[p] == row[a] - 1 and a in b.neighbours[p] for p in range(b.size))
