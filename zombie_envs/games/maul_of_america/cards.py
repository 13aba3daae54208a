"""Maul of America's three decks (``data/cards.json``): the Search deck (equipment
and zombies), the Shopper deck and the Zombie deck.

A card is an int kind.  Search kinds come first in file order; equipment is every
search kind but the zombie cards.  Hand cards (Shopper cards, then Zombie cards)
share one numbering, so one action block plays any of them.  Every value is
**assumed** (the rulebook names the decks, not their cards).
"""

from __future__ import annotations

import json
from pathlib import Path

from ...core.deck import from_counts
from ...core.narration import count

DATA = json.loads((Path(__file__).parent / "data" / "cards.json").read_text())
_SEARCH, _SHOPPER, _ZOMBIE = DATA["search"], DATA["shopper"], DATA["zombie"]

SEARCH_NAMES = tuple(c["name"] for c in _SEARCH)
SEARCH_TYPE = tuple(c["type"] for c in _SEARCH)
#: the lowest d6 roll that kills (0 for what is not a weapon)
HIT = tuple(c.get("hit", 0) for c in _SEARCH)
#: squares a ranged weapon reaches (king moves); 0 for melee weapons
RANGE = tuple(c.get("range", 0) for c in _SEARCH)
#: shots in a full weapon; 0 for melee weapons, which never run out
AMMO = tuple(c.get("ammo", 0) for c in _SEARCH)
AREA = tuple(c.get("area", "") for c in _SEARCH)
#: zombies a search card brings (0 for equipment)
SPAWN = tuple(c.get("zombies", 0) for c in _SEARCH)
EQUIPMENT = tuple(k for k, t in enumerate(SEARCH_TYPE) if t != "zombies")
WEAPONS = tuple(k for k in EQUIPMENT if SEARCH_TYPE[k] == "weapon")
#: the four types a Shopper needs one of each to escape
TYPES = ("weapon", "ammo", "food", "medkit")
AMMO_CARD, MEDKIT = SEARCH_NAMES.index("Ammo"), SEARCH_NAMES.index("Medkit")

HAND_NAMES = tuple(c["name"] for c in _SHOPPER) + tuple(c["name"] for c in _ZOMBIE)
SHOPPER_CARDS = range(len(_SHOPPER))
ZOMBIE_CARDS = range(len(_SHOPPER), len(HAND_NAMES))
_HAND = _SHOPPER + _ZOMBIE
#: how far an area weapon's shot reaches beyond its target, in words
AREA_WORDS = {
    "spread": "each zombie on the square aimed at and the squares around it you see",
    "stream": "each zombie on every square the line of fire touches",
}


def weapon_text(card: dict) -> str:
    """A weapon's text from its numbers (hit, range, ammo, area), so the words
    can never disagree with the rules that read the same numbers."""
    hit = f"{card['hit']}-6"
    if not card.get("range"):
        return f"melee weapon: kills a zombie next to you on {hit}"
    reach, shots = count(card["range"], "square"), count(card["ammo"], "shot")
    if card.get("area"):
        kills = f"kills on {hit} {AREA_WORDS[card['area']]}"
        return f"ranged weapon: up to {reach} away, {kills}; {shots}"
    return f"ranged weapon: kills a zombie up to {reach} away on {hit}; {shots}"


#: what each card does, by name (the terminal's legend and ``help``, the browser's hover)
CARD_TEXT = {
    c["name"]: weapon_text(c) if c.get("type") == "weapon" else c["text"] for c in _SEARCH + _HAND
}
#: what a hand card does, by kind
ACTIONS_BONUS = tuple(c.get("actions", 0) for c in _HAND)
ROLL_ACTIONS = tuple(c.get("roll_actions", False) for c in _HAND)
AIM = tuple(c.get("aim", 0) for c in _HAND)
NEXT_ACTIONS = tuple(c.get("next_actions", 0) for c in _HAND)
ROLL_NEXT_ACTIONS = tuple(c.get("roll_next_actions", False) for c in _HAND)
NEXT_HIT = tuple(c.get("next_hit", 0) for c in _HAND)
ALL_ACTIONS = tuple(c.get("all_actions", 0) for c in _HAND)
DODGE = HAND_NAMES.index("Dodge")

ZOMBIE_CAP = DATA["zombie_cap"]
ZOMBIE_ACTIONS = DATA["zombie_actions"]
ZOMBIE_HIT = DATA["zombie_hit"]
FREE_ATTACK_HIT = DATA["free_attack_hit"]
MELEE_HIT = DATA["melee_hit"]
HAND = DATA["hand"]
MIN_ACTIONS = DATA["min_actions"]
DEADLY_WOUND = DATA["deadly_wound"]
ESCAPE_PIECES = DATA["escape_pieces"]
SETUP_DISTANCE = DATA["setup_distance"]


def search_deck() -> list[int]:
    """The Search deck in a fixed order (the engine shuffles it)."""
    return from_counts([c["count"] for c in _SEARCH])


def shopper_deck() -> list[int]:
    return from_counts([c["count"] for c in _SHOPPER])


def zombie_deck() -> list[int]:
    return [len(_SHOPPER) + k for k in from_counts([c["count"] for c in _ZOMBIE])]


def can_escape(items: list[list[int]]) -> bool:
    """One of each equipment type, or any seven pieces (MOA-014 to MOA-016)."""
    if len(items) >= ESCAPE_PIECES:
        return True
    have = {SEARCH_TYPE[kind] for kind, _ in items}
    return all(t in have for t in TYPES)
