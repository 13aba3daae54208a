"""The eight steps of a piece, as tables the rules and the observation read often."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.compass import STEP_AT, STEPS

if TYPE_CHECKING:  # typed for the compiled build: the Maul's tables read natively
    from .maul import Maul

Step = tuple[int, int]

#: the eight steps as the action names say them (``core.compass.STEPS``' order)
DIRECTION_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
                   "north-west")  # fmt: skip


@lru_cache(maxsize=64)  # as many as maul.build keeps: no Maul outlives its build
def tables(
    maul: Maul,
) -> tuple[tuple[tuple[Step, ...], ...], frozenset[int], frozenset[int]]:
    """For each square of an assembled Maul, ``(square, cost)`` of the step in each
    of the eight directions (``(-1, 0)`` where there is none), and the Food Court
    and search squares as sets."""
    rc, none = maul.rc, ((-1, 0),) * len(STEPS)
    table: list[tuple[Step, ...]] = []
    for i, (r, c) in enumerate(rc):
        row: list[Step] = list(none)
        for j, cost in maul.steps[i]:
            rj, cj = rc[j]
            row[STEP_AT[3 * (rj - r) + cj - c + 4]] = (j, cost)
        table.append(tuple(row))
    return tuple(table), frozenset(maul.food_court), frozenset(maul.search)
