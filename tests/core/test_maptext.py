"""core.maptext: the one reader of map files, and what both map models share."""

from __future__ import annotations

import pytest

from zombie_envs.core.grid import load_board
from zombie_envs.core.maptext import (
    UNREACHABLE,
    DistanceRows,
    MapText,
    around,
    distances,
    draw,
    where,
)
from zombie_envs.core.walls import WallGrid

TILES = """\
# two pieces
tile: one
+-+
|.|
+-+

tile: two
size: small
+-+
|x|
+-+
"""


def test_places_are_named_as_editors_jump_to_them():
    assert where("shop.txt", 3) == "shop.txt:3"
    assert where("shop.txt", 3, 7) == "shop.txt:3:7"
    assert str(MapText("", "shop.txt").error(4, "no")) == "shop.txt:4: no"


def test_blocks_are_read_with_their_entries_and_map_lines():
    one, two = MapText(TILES, "tiles.txt").blocks("tile", 3)
    assert [(e.key, e.value, e.line) for e in one.entries] == [("tile", "one", 2)]
    assert (one.rows, one.first) == (("+-+", "|.|", "+-+"), 3)
    assert [(e.key, e.value, e.line) for e in two.entries] == [
        ("tile", "two", 7),
        ("size", "small", 8),
    ]
    assert (two.rows[1], two.first) == ("|x|", 9)


@pytest.mark.parametrize(
    "text, message",
    [
        ("\n+-+\n", r"^tiles.txt:2: expected 'tile: \.\.\.', got '\+-\+'"),
        ("tile: one\n+-+\n|.|\n", r"^tiles.txt:2: tile 'one' needs 3 map lines, .* after 2"),
    ],
)
def test_a_broken_block_file_names_the_file_and_line(text, message):
    with pytest.raises(ValueError, match=message):
        list(MapText(text, "tiles.txt").blocks("tile", 3))


def test_a_map_error_names_the_file_line_and_column_of_its_block():
    source = MapText(TILES, "tiles.txt")
    one, two = source.blocks("tile", 3)
    assert WallGrid.read(source, one, {".": "floor"}, "tile one", 1).size == 1
    with pytest.raises(ValueError, match=r"^tiles.txt:10:2: unknown square character 'x'"):
        WallGrid.read(source, two, {".": "floor"}, "tile two", 1)
    with pytest.raises(ValueError, match=r"^tiles.txt:2: tile one is not 2 x 2 squares: 1 x 1"):
        WallGrid.read(source, one, {".": "floor"}, "tile one", 2)


def test_the_board_format_reads_one_header_then_the_map_to_the_end():
    block = MapText("# note\nname: x\n\ncell: . open\nmap:\n..\n.#\n\n", "b.txt").board()
    assert [(e.key, e.value, e.line) for e in block.entries] == [
        ("name", "x", 2),
        ("cell", ". open", 4),
    ]
    assert (block.rows, block.first) == (("..", ".#"), 6)


def test_a_board_file_error_names_the_file_and_line(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text("name: tiny\ncell: . open\nstart: x\ncolour: red\nmap:\n..\n")
    with pytest.raises(ValueError, match=r"^tiny.txt:4: unknown key 'colour'"):
        load_board(path)
    path.write_text("cell: . open\nnot a header\nmap:\n..\n")
    with pytest.raises(ValueError, match=r"^tiny.txt:2: 'not a header' is not 'key: value'"):
        load_board(path)


def test_neighbours_are_the_places_beside():
    # ids: 0 1 . / 2 3 4
    ids = {(0, 0): 0, (0, 1): 1, (1, 0): 2, (1, 1): 3, (1, 2): 4}
    assert around(ids, 1, 1) == [(1, (-1, 0)), (4, (0, 1)), (2, (0, -1))]  # N, E, S, W


def test_distances_by_breadth_first_search_eager_or_on_demand():
    nbrs = [[1], [0, 2], [1], []]  # a path 0-1-2 and a lone place 3
    assert distances(nbrs, 0) == (0, 1, 2, UNREACHABLE)
    rows = DistanceRows(nbrs)
    assert len(rows) == 4 and rows[2] == (2, 1, 0, UNREACHABLE)
    assert rows[1:3] == [distances(nbrs, 1), distances(nbrs, 2)]


def test_the_drawer_marks_positions_with_one_character():
    assert draw(["...", "..."], [((1, 2), "Z"), ((0, 0), "@")]) == ["@..", "..Z"]
    assert draw(("ab",)) == ["ab"]
    with pytest.raises(ValueError, match="one character, got 'ZZ'"):
        draw(["..."], [((0, 0), "ZZ")])
