"""We Are Dead components (``cards.json``) and boards (``mall.txt``, ``carnival.txt``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from ....core.grid import Board, load_board

_HERE = Path(__file__).parent
DATA = json.loads((_HERE / "cards.json").read_text())

BOARDS = ("mall", "carnival")
GOAL = {int(k): v for k, v in DATA["victory_goal"].items()}
HAND_SIZE = DATA["hand_size"]
CHEF_HAND_SIZE = DATA["chef_hand_size"]
OPENING_INFECTION = DATA["opening_infection"]
MOVEMENT = DATA["movement"]
FIRE_PENALTY = DATA["fire_fighter_penalty"]
HORDE_REACH = DATA["horde_reach"]
WOUND_DAMAGE = DATA["wound_damage"]
WOUND_PENALTY = DATA["wound_penalty"]
CLERK_COST = DATA["clerk_cards_per_shopper"]

# Card kinds: attack values 0..4, then the eleven heroes, then the two horde kinds.
ATTACK_VALUES = tuple(sorted(int(v) for v in DATA["attack_values"]["counts"]))
NUM_ATTACK = len(ATTACK_VALUES)
HERO_NAMES = tuple(h["name"] for h in DATA["heroes"])
NUM_HEROES = len(HERO_NAMES)
TOUGHNESS = tuple(h["toughness"] for h in DATA["heroes"])
EXTRA_DAMAGE = tuple(h.get("extra_damage", 0) for h in DATA["heroes"])
STUBBORN = tuple(h.get("stubborn", False) for h in DATA["heroes"])
HORDE_REDUCTION = tuple(h.get("horde_reduction", 1) for h in DATA["heroes"])
HAND_KINDS = NUM_ATTACK + NUM_HEROES  # kinds that can be held
HORDE, HORDE_INFECTION = HAND_KINDS, HAND_KINDS + 1
NUM_KINDS = HAND_KINDS + 2
CARD_NAMES = (
    tuple(f"Attack {v}" for v in ATTACK_VALUES) + HERO_NAMES + ("Horde", "Horde (infection)")
)
#: what each card does, by name (the terminal's legend and ``help``, the browser's hover)
CARD_TEXT = dict(
    zip(
        CARD_NAMES,
        [DATA["attack_values"]["text"].format(value=v) for v in ATTACK_VALUES]
        + [f"hero, toughness {h['toughness']}; {h['text']}" for h in DATA["heroes"]]
        + [DATA["horde_cards"]["text"], DATA["horde_cards"]["infection_text"]],
        strict=True,
    )
)


def hero(name: str) -> int:
    """Card kind of a hero by name."""
    return NUM_ATTACK + HERO_NAMES.index(name)


SKATERS, GUN_NUT, SECURITY, CLERK, CHEF, POLICE, PANIC, FIRE, SWAT, MOTHER, NATIONAL = (
    hero(name) for name in HERO_NAMES
)


def deck_cards() -> list[int]:
    """Every card of the deck as a kind, in a fixed order (shuffled by the engine)."""
    cards = []
    for value, count in DATA["attack_values"]["counts"].items():
        cards += [ATTACK_VALUES.index(int(value))] * count
    for kind, h in enumerate(DATA["heroes"]):
        cards += [NUM_ATTACK + kind] * h["count"]
    cards += [HORDE] * DATA["horde_cards"]["plain"]
    cards += [HORDE_INFECTION] * DATA["horde_cards"]["infection"]
    return cards


def shopper_tokens() -> list[int]:
    """Every shopper token as its number of shoppers."""
    return [int(v) for v, count in DATA["shopper_tokens"]["counts"].items() for _ in range(count)]


@cache
def board(name: str) -> Board:
    if name not in BOARDS:
        raise ValueError(f"unknown board {name!r}; boards: {list(BOARDS)}")
    return load_board(_HERE / f"{name}.txt")
