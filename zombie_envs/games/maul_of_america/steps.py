"""The eight steps of a piece, as tables the rules and the observation read often."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from ...core.compass import STEP_AT, STEPS

if TYPE_CHECKING:  # typed for the compiled build: the Maul's tables read natively
    from .maul import Maul

Step = tuple[int, int]
#: where there is no step
NO_STEP: Final = (-1, 0)

#: the eight steps as the action names say them (``core.compass.STEPS``' order)
DIRECTION_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
                   "north-west")  # fmt: skip


class StepTable:
    """``table[i]``: ``(square, cost)`` of the step from square ``i`` in each of the
    eight directions (``(-1, 0)`` where there is none), indexed as a tuple of rows
    is; each row worked out when first asked, since a game on a freshly built Maul
    steps from a few of its squares only."""

    def __init__(self, maul: Maul) -> None:
        self._maul = maul
        self._rows: list[tuple[Step, ...] | None] = [None] * maul.size

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, i: int) -> tuple[Step, ...]:
        row = self._rows[i]
        if row is None:
            row = self._rows[i] = _row(self._maul, i)
        return row


def _row(maul: Maul, i: int) -> tuple[Step, ...]:
    """Square ``i``'s row of the step table: the Maul's own (square, cost) pairs, shared."""
    rc = maul.rc
    r, c = rc[i]
    at: list[int] = list(STEP_AT)  # a local list: read natively in the compiled build
    # typed Any: the compiled build keeps the pairs boxed, shared, not copied as structs
    row: list[Any] = [NO_STEP] * len(STEPS)
    pairs: tuple[Any, ...] = maul.steps[i]
    for pair in pairs:
        rj, cj = rc[pair[0]]
        row[at[3 * (rj - r) + cj - c + 4]] = pair
    return tuple(row)


@lru_cache(maxsize=64)  # as many as maul.build keeps: no Maul outlives its build
def tables(maul: Maul) -> tuple[StepTable, frozenset[int], frozenset[int]]:
    """For each square of an assembled Maul, ``(square, cost)`` of the step in each
    of the eight directions (``(-1, 0)`` where there is none) as a ``StepTable``,
    and the Food Court and search squares as sets."""
    return StepTable(maul), frozenset(maul.food_court), frozenset(maul.search)
