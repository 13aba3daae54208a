"""Mall of Horror components, loaded from ``mall_of_horror.json``."""

from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).with_name("mall_of_horror.json")).read_text())

LOCATION_NAMES = tuple(loc["name"] for loc in DATA["locations"])
CAPACITY = tuple(loc["capacity"] for loc in DATA["locations"])
NUM_LOCATIONS = len(LOCATION_NAMES)
PARKING = DATA["parking"] - 1
SECURITY = DATA["security"] - 1
SUPERMARKET = DATA["supermarket"] - 1
SUPERMARKET_BREAK_IN = DATA["supermarket_break_in"]
SMALL_GAME_CLOSED = DATA["closed_in_small_games"]["location"] - 1
SMALL_GAME_MAX = DATA["closed_in_small_games"]["max_players"]
OVERRUN_ZOMBIES = DATA["overrun_zombies"]
ZOMBIE_FIGURES = DATA["zombie_figures"]
INITIAL_ZOMBIE_DICE = DATA["initial_zombie_dice"]
ARRIVAL_DICE = DATA["arrival_dice"]

CHARACTER_NAMES = tuple(c["name"] for c in DATA["characters"])
POINTS = tuple(c["points"] for c in DATA["characters"])
STRENGTH = tuple(c["strength"] for c in DATA["characters"])
CHARACTER_MAX_PLAYERS = tuple(c["max_players"] for c in DATA["characters"])
EXTRA_VOTES = tuple(c.get("extra_votes", 0) for c in DATA["characters"])
KINDS = len(CHARACTER_NAMES)
PIN_UP = CHARACTER_NAMES.index("Pin-Up")

COLOURS = tuple(DATA["colours"])
CARD_NAMES = tuple(c["name"] for c in DATA["cards"])
CARD_COUNTS = tuple(c["count"] for c in DATA["cards"])
CARD_KILLS = tuple(c.get("kills", 0) for c in DATA["cards"])
#: what each card does, by name (the terminal's legend and ``help``, the browser's hover)
CARD_TEXT = {c["name"]: c["text"] for c in DATA["cards"]}
(THREAT, CAMERA, SPRINT, HARDWARE, WEAPON1, WEAPON2, HIDDEN) = (
    CARD_NAMES.index(name)
    for name in (
        "Threat",
        "Security Camera",
        "Sprint",
        "Hardware",
        "Weapon (kills 1)",
        "Weapon (kills 2)",
        "Hidden",
    )
)
NUM_CARDS = len(CARD_NAMES)
DECK_SIZE = sum(CARD_COUNTS)


def end_survivors(num_players: int) -> int:
    table = DATA["end_survivors"]
    return table.get(str(num_players), table["default"])
