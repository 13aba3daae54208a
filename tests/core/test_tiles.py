"""Square tiles with edges, laid onto a board that grows as they are placed."""

from __future__ import annotations

import random

import pytest

from zombie_envs.core.tiles import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    beside,
    fits,
    frontier,
    opposite,
    placements,
    rotate,
)

# edges north, east, south, west: "h" a hallway, "w" a wall
CROSS = ("h", "h", "h", "h")
CORNER = ("h", "h", "w", "w")  # a hallway from north to east
DEAD_END = ("h", "w", "w", "w")


def test_a_quarter_turn_clockwise_brings_west_to_north():
    assert rotate(("n", "e", "s", "w"), 1) == ("w", "n", "e", "s")
    assert rotate(("n", "e", "s", "w"), 2) == ("s", "w", "n", "e")
    assert rotate(("n", "e", "s", "w"), -1) == rotate(("n", "e", "s", "w"), 3)
    assert rotate(CORNER, 4) == CORNER


def test_sides_and_their_neighbours():
    assert [opposite(s) for s in (NORTH, EAST, SOUTH, WEST)] == [SOUTH, WEST, NORTH, EAST]
    assert [beside((2, 5), s) for s in (NORTH, EAST, SOUTH, WEST)] == [
        (1, 5),
        (2, 6),
        (3, 5),
        (2, 4),
    ]


def test_a_tile_fits_where_every_shared_edge_matches():
    placed = {(0, 0): CORNER}  # hallways leave north and east
    assert fits(placed, (0, 1), rotate(DEAD_END, 3))  # its west hallway meets ours
    assert not fits(placed, (0, 1), DEAD_END)  # its west wall meets our hallway
    assert fits(placed, (1, 0), rotate(DEAD_END, 2))  # wall meets wall below the corner
    assert not fits(placed, (1, 0), DEAD_END)
    assert not fits(placed, (0, 0), CROSS)  # taken
    assert not fits(placed, (5, 5), CROSS)  # touches nothing


def test_a_tile_between_two_must_match_both():
    placed = {(0, 0): CROSS, (0, 2): ("w", "w", "w", "w")}
    assert not fits(placed, (0, 1), CROSS)
    assert fits(placed, (0, 1), ("w", "w", "w", "h"))


def test_a_game_may_say_which_edges_match():
    placed = {(0, 0): CROSS}
    door = ("w", "w", "w", "d")  # a door on its west side, facing the cross
    assert not fits(placed, (0, 1), door)
    assert fits(placed, (0, 1), door, match=lambda a, b: {a, b} == {"d", "h"} or a == b)


def test_the_frontier_is_the_free_squares_beside_placed_tiles():
    assert frontier({(0, 0): CROSS}) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert frontier({(0, 0): CROSS, (0, 1): CROSS}) == [
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 2),
        (1, 0),
        (1, 1),
    ]


def test_placements_list_each_distinct_rotation_that_fits():
    placed = {(0, 0): CROSS}
    assert placements(placed, CROSS) == [(p, 0) for p in frontier(placed)]  # symmetric
    # a dead end fits each side only turned so its hallway faces the cross
    assert placements(placed, DEAD_END) == [((-1, 0), 2), ((0, -1), 1), ((0, 1), 3), ((1, 0), 0)]


@pytest.mark.parametrize("seed", range(5))
def test_a_board_grown_from_placements_matches_everywhere(seed):
    rng = random.Random(seed)
    placed = {(0, 0): CROSS}
    for _ in range(30):
        tile = tuple(rng.choice("hw") for _ in range(4))
        options = placements(placed, tile)
        if options:
            pos, turns = rng.choice(options)
            placed[pos] = rotate(tile, turns)
    for pos, edges in placed.items():
        for side in range(4):
            other = placed.get(beside(pos, side))
            assert other is None or other[opposite(side)] == edges[side]
    assert len(placed) > 10
