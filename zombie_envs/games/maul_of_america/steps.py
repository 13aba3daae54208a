"""The eight steps of a piece, as tables the rules and the observation read often."""

from __future__ import annotations

from functools import lru_cache

from ...core.compass import STEPS

#: the eight steps as the action names say them (``core.compass.STEPS``' order)
DIRECTION_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
                   "north-west")  # fmt: skip


@lru_cache(maxsize=64)  # as many as maul.build keeps: no Maul outlives its build
def tables(maul):
    """For each square of an assembled Maul, ``(square, cost)`` of the step in each
    of the eight directions (``(-1, 0)`` where there is none), and the Food Court
    and search squares as sets."""
    table = []
    for i in range(maul.size):
        r, c = maul.rc[i]
        cost = dict(maul.steps[i])
        row = []
        for dr, dc in STEPS:
            j = maul.ids.get((r + dr, c + dc), -1)
            row.append((j, cost[j]) if j in cost else (-1, 0))
        table.append(tuple(row))
    return tuple(table), frozenset(maul.food_court), frozenset(maul.search)
