"""Maul of America's actions: the action layout, each block's offset and the names
of actions, which the engine, the bots and the narrator share.  Seats are relative
to the deciding seat, so one policy can play every seat."""

from __future__ import annotations

from ...core.layout import Layout
from . import observe
from .cards import (
    EQUIPMENT,
    HAND_NAMES,
    SEARCH_NAMES,
    WEAPONS,
)
from .declaration import GAME, KIND
from .maul import FACES, SLOTS
from .steps import DIRECTION_NAMES

MAX_PLAYERS = GAME.max_players
MAX_SQUARES = observe.MAX_SQUARES
ACT_NAMES = ("search", "use a Medkit", "rest at the Food Court", "escape", "end the turn")
SEARCH, USE_MEDKIT, REST, ESCAPE, END_TURN = range(len(ACT_NAMES))
BARE_HANDS = "bare hands"

ACTIONS = Layout("Maul of America actions")
A_FACE = ACTIONS.add(
    "face", len(FACES), "a map section, side up", tuple(f.name for f in FACES)
).start
A_PLACEMENT = ACTIONS.add(
    "placement",
    len(SLOTS) * 4,
    "where the section goes: a slot (row, col) of sections, the first section at 0,0, and "
    "quarter turns clockwise",
    tuple(f"slot {r},{c}:turned {90 * t}" for r, c in SLOTS for t in range(4)),
    (len(SLOTS), 4),
).start
_SQUARES = tuple(f"square {i}" for i in range(MAX_SQUARES))
A_SQUARE = ACTIONS.add(
    "square",
    MAX_SQUARES,
    "a square of the Maul (start, placement, target, exit, move)",
    _SQUARES,
    per_square=True,
).start
A_STEP = ACTIONS.add("step", len(DIRECTION_NAMES), "move one square", DIRECTION_NAMES).start
A_ACT = ACTIONS.add(
    "act", len(ACT_NAMES), "a Shopper's action, or the end of a turn", ACT_NAMES
).start
A_ATTACK = ACTIONS.add(
    "attack_with",
    1 + len(WEAPONS),
    "attack with bare hands or a weapon in play",
    (BARE_HANDS,) + tuple(SEARCH_NAMES[k] for k in WEAPONS),
).start
A_CARD = ACTIONS.add("card", len(HAND_NAMES), "play a card from the hand", HAND_NAMES).start
_REL = tuple(f"seat +{i}" for i in range(1, MAX_PLAYERS))
A_TRADE = ACTIONS.add("trade_with", MAX_PLAYERS - 1, "trade with a Shopper (relative)", _REL).start
_EQUIPMENT = tuple(SEARCH_NAMES[k] for k in EQUIPMENT)
A_GIVE = ACTIONS.add("give", len(EQUIPMENT), "offer a piece of equipment", _EQUIPMENT).start
A_TAKE = ACTIONS.add("take", len(EQUIPMENT), "ask for a piece of equipment", _EQUIPMENT).start
_TRADE_END = ACTIONS.add(
    "trade_end", 2, "propose the trade or call it off", ("propose", "call off")
)
A_PROPOSE, A_CALL_OFF = _TRADE_END.start, _TRADE_END.start + 1
_ANSWER = ACTIONS.add("answer", 2, "yes or no", ("yes", "no"))
A_YES, A_NO = _ANSWER.start, _ANSWER.start + 1
_RELOAD = ACTIONS.add(
    "reload", 2, "an empty weapon: discard it, or an Ammo card", ("the weapon", "Ammo")
)
A_DROP_WEAPON, A_DROP_AMMO = _RELOAD.start, _RELOAD.start + 1
A_ACTIVATE = ACTIONS.add(
    "activate", MAX_SQUARES, "activate the zombie on a square", _SQUARES, per_square=True
).start
A_ENTER = ACTIONS.add(
    "enter", MAX_SQUARES, "bring a reinforcement in at an exit", _SQUARES, per_square=True
).start
A_BITE = ACTIONS.add("bite", MAX_PLAYERS - 1, "attack a Shopper (relative seat)", _REL).start
A_PASS = ACTIONS.add("pass", 1, "no attack", ("pass",)).start


def _square_name(g, offset: int) -> str:
    maul = g.maul
    return maul.name(offset) if maul and offset < maul.size else f"square {offset}"


def _is_exit(g, offset: int) -> bool:
    """Whether ``offset`` is the first square of an exit (the one that names it)."""
    return bool(g.maul) and g.maul.way_out.get(offset, (-1,))[0] == offset


#: what choosing a square does, by the decision it answers
_SQUARE_WORDS = {
    KIND.start: "start on {}",
    KIND.place_zombie: "a zombie on {}",
    KIND.target: "attack {}",
    KIND.destination: "move the zombie to {}",
    KIND.spawn: "a zombie on {}",
}


def _square(g, offset: int) -> str:
    if g.decision == KIND.designate and _is_exit(g, offset):
        return f"the exit is {g.maul.exit_name(offset)}"
    return _SQUARE_WORDS.get(g.decision, "{}").format(_square_name(g, offset))


def _placement(g, offset: int) -> str:
    (r, c), turns = SLOTS[offset // 4], offset % 4
    return f"place {FACES[g.face].name} at slot {r},{c} turned {90 * turns} degrees"


def _blocks(table: dict) -> dict:
    """``table``, each key checked to be a block of ``ACTIONS`` (a typo fails at import)."""
    return {ACTIONS[name].name: value for name, value in table.items()}


#: the blocks whose actions are named from the state, or in words of their own
_NAMERS = _blocks(
    {
        "square": _square,
        "activate": lambda g, i: f"activate the zombie on {_square_name(g, i)}",
        "enter": lambda g, i: f"a reinforcement enters at {_square_name(g, i)}",
        "trade_with": lambda g, i: f"trade with {g.relative_player(i + 1)}",
        "bite": lambda g, i: f"attack {g.relative_player(i + 1)}",
        "placement": _placement,
        "act": lambda g, i: ACT_NAMES[i],
        "pass": lambda g, i: "no attack",
    }
)
#: the blocks whose actions are a verb and their label; any other: its name and label
_VERBS = _blocks(
    {"face": "map section", "step": "move", "attack_with": "attack with", "card": "play"}
)


def label(g, block: str, offset: int) -> str:
    """An action's name in words, with what the state says of it (a square's name,
    the map section placed, the seat traded with)."""
    if block in _NAMERS:
        return _NAMERS[block](g, offset)
    return f"{_VERBS.get(block, block)} {ACTIONS[block].labels[offset]}"
