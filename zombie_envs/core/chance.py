"""Chance as tools see it: every draw of a game, logged.

Dice and decks (``core.dice``, ``core.deck``) take every draw from the engine's
``rng``, the one door chance comes through.  An engine built with ``rng=`` draws
from what it is given instead of ``random.Random(seed)``: ``ChanceLog`` draws
exactly what the seeded generator would and notes each draw, so a replay can
say which events were chance (``records.chance_events``); ``testing.Dice``
scripts the draws, set-up included.
"""

from __future__ import annotations

import random


class ChanceLog:
    """A seeded generator that logs its draws: ``("die", sides, face)`` for each
    ``randrange`` (rolls, picks) and ``("shuffle", size, order)`` for each shuffle."""

    def __init__(self, seed: int | None):
        self._rng = random.Random(seed)
        self.events: list[tuple] = []

    def randrange(self, sides: int) -> int:
        face = self._rng.randrange(sides)
        self.events.append(("die", sides, face))
        return face

    def shuffle(self, items: list) -> None:
        self._rng.shuffle(items)
        self.events.append(("shuffle", len(items), list(items)))

    def getstate(self):
        return self._rng.getstate()

    def setstate(self, state) -> None:
        self._rng.setstate(state)
