"""Square tiles laid edge to edge on a board that grows as they are placed.

A tile's edges are a tuple ``(north, east, south, west)`` of whatever a game
matches (a hallway or a wall, a door...); a placed board is a mapping from
``(row, col)`` to the edges of the tile there, rows growing southward and
unbounded in every direction.  A quarter turn clockwise brings the west edge
to the north.  Two tiles side by side fit when the edges they share match
(equal, unless a game says otherwise).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence

from .compass import STEPS

Pos = tuple[int, int]
#: the four sides, in edge order, as (row, col) steps
SIDES = STEPS[::2]
NORTH, EAST, SOUTH, WEST = range(4)


def opposite(side: int) -> int:
    return (side + 2) % 4


def rotate(edges: Sequence, turns: int) -> tuple:
    """The edges after ``turns`` quarter turns clockwise (negative: anticlockwise)."""
    k = turns % 4
    return tuple(edges[-k:]) + tuple(edges[:-k]) if k else tuple(edges)


def beside(pos: Pos, side: int) -> Pos:
    """The position next to ``pos`` across its ``side``."""
    dr, dc = SIDES[side]
    return pos[0] + dr, pos[1] + dc


def fits(
    placed: Mapping[Pos, Sequence],
    pos: Pos,
    edges: Sequence,
    match: Callable = operator.eq,
) -> bool:
    """A tile with ``edges`` may go on the free ``pos``: it touches a placed tile
    and every edge it shares with one matches that tile's facing edge."""
    if pos in placed:
        return False
    touching = False
    for side in range(4):
        other = placed.get(beside(pos, side))
        if other is not None:
            if not match(edges[side], other[opposite(side)]):
                return False
            touching = True
    return touching


def frontier(placed: Mapping[Pos, Sequence]) -> list[Pos]:
    """The free positions next to a placed tile, sorted."""
    return sorted({beside(p, s) for p in placed for s in range(4)} - placed.keys())


def placements(
    placed: Mapping[Pos, Sequence], edges: Sequence, match: Callable = operator.eq
) -> list[tuple[Pos, int]]:
    """Every ``(position, quarter turns)`` where the tile fits; of turns that give
    the same edges (a symmetric tile) only the fewest is listed."""
    out = []
    for pos in frontier(placed):
        seen = set()
        for turns in range(4):
            turned = rotate(edges, turns)
            if turned not in seen and fits(placed, pos, turned, match):
                out.append((pos, turns))
            seen.add(turned)
    return out
