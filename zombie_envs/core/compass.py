"""The compass on a board of squares, north up the board, as a person reads and
types it: one table for every game (a step block of an action layout keeps the
order clockwise from north)."""

from __future__ import annotations

#: the eight steps clockwise from north, as (row, column) offsets
STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
#: what a person calls each of them, and what they type for it
WORDS = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")
SHORT = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
#: the four sides (a square's edges, a tile's), clockwise from north: every other step
SIDE_WORDS, SIDE_SHORT = WORDS[::2], SHORT[::2]
#: a step's place in ``STEPS`` by its (row, column) offset ``(dr, dc)``, read as
#: ``STEP_AT[3 * dr + dc + 4]`` (a list index, no tuple to hash: maps build on it);
#: -1 at the centre, which is no step
STEP_AT = tuple(
    STEPS.index((dr, dc)) if (dr, dc) in STEPS else -1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
)
#: a step's (short, word) by its (row, column) offset
BY_STEP = dict(zip(STEPS, zip(SHORT, WORDS, strict=True), strict=True))
