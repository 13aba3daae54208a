"""The eight steps of a piece, as tables the rules and the observation read often."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

from ...core.compass import STEP_AT, STEPS

if TYPE_CHECKING:  # typed for the compiled build: the Maul's tables read natively
    from .maul import Maul

Step = tuple[int, int]
#: where there is no step
NO_STEP: Final = (-1, 0)

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
    rc, steps = maul.rc, maul.steps
    at: list[int] = list(STEP_AT)  # a local list: read natively in the compiled build
    none: list[Step] = [NO_STEP] * len(STEPS)
    table: list[tuple[Step, ...]] = []
    for i, (r, c) in enumerate(rc):
        row = none[:]
        for pair in steps[i]:  # the maul's own (square, cost) pairs, shared
            rj, cj = rc[pair[0]]
            row[at[3 * (rj - r) + cj - c + 4]] = pair
        table.append(tuple(row))
    return tuple(table), frozenset(maul.food_court), frozenset(maul.search)
