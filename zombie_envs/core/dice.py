"""Dice: every roll of every game, drawn from the engine's own generator.

A face is 0-based (a six-sided die rolls 0-5), as locations and seats are
indexed.  ``rng`` is the engine's ``random.Random``, so clones and loaded
states roll the same dice; tests may hand in a scripted stand-in with the same
``randrange``.
"""

from __future__ import annotations

from collections.abc import Sequence


def roll(rng, sides: int) -> int:
    """One die of ``sides`` faces."""
    return rng.randrange(sides)


def roll_dice(rng, count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` faces, in the order rolled."""
    return [rng.randrange(sides) for _ in range(count)]


def pick(rng, items: Sequence):
    """One of ``items`` at random: a die with one face per item."""
    return items[rng.randrange(len(items))]
