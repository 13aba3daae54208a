"""The 32 event cards of Mall Walkers (``data/events.json``) and the base game's
numbers (hand size, starting life and bullets, the life cap, the roll that kills,
the trophies that win).

A card is an int kind, in file order; a hand, the cards in play and the discard
pile's contents are counts or lists of kinds.  Every effect is **assumed** (the
rulebook names no card texts): the project's own design, fitted to each name.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...core.deck import from_counts

DATA = json.loads((Path(__file__).parent / "data" / "events.json").read_text())
_EVENTS = DATA["events"]

NAMES = tuple(c["name"] for c in _EVENTS)
#: what each card does, by name (the terminal's legend and ``help``, the browser's hover)
CARD_TEXT = {c["name"]: c["text"] for c in _EVENTS}
KINDS = len(NAMES)
TYPE = tuple(c["type"] for c in _EVENTS)
#: the card's location word: "hall", "store", "any" (or "town", "road", "building":
#: never usable in a standalone mall, Z3-045 to Z3-047)
WHERE = tuple(c["where"] for c in _EVENTS)
EFFECT = tuple(c.get("effect", "") for c in _EVENTS)
LIFE = tuple(c.get("life", 0) for c in _EVENTS)
BULLETS = tuple(c.get("bullets", 0) for c in _EVENTS)
#: a weapon's bonus to every roll of the fight it is used in
BONUS = tuple(c.get("bonus", 0) for c in _EVENTS)
#: used in a fight after a roll, the card kills the zombie
KILL = tuple(c.get("kill", False) for c in _EVENTS)
#: cards that stay in play in front of their owner
IN_PLAY = tuple(t in ("weapon", "item") for t in TYPE)
#: the weapons among them, which their owner loses when killed (the items stay)
WEAPON = tuple(t == "weapon" for t in TYPE)
#: cards used in a fight: weapons and items in play with a combat use, combat cards
FIGHTING = tuple(k for k in range(KINDS) if BONUS[k] or KILL[k])
#: location words the mall never satisfies (Z3-045 to Z3-047)
OUTSIDE_WORDS = ("town", "road", "building")
for _k, _where in enumerate(WHERE):
    if _where not in ("any", "hall", "store", *OUTSIDE_WORDS):
        raise ValueError(f"events.json: card {NAMES[_k]!r} has an unknown location {_where!r}")

HAND = DATA["hand"]
START_LIFE = DATA["start_life"]
START_BULLETS = DATA["start_bullets"]
LIFE_CAP = DATA["life_cap"]
HIT = DATA["hit"]
TROPHIES_TO_WIN = DATA["trophies_to_win"]


def event_deck() -> list[int]:
    """The 32 event cards in a fixed order (the engine shuffles them)."""
    return from_counts([c["count"] for c in _EVENTS])


def kind(name: str) -> int:
    """A card kind by its name."""
    return NAMES.index(name)
