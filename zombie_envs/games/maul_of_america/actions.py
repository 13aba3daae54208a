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
A_ACT = ACTIONS.add("act", len(ACT_NAMES), "a Shopper's action, or the end of a turn", ACT_NAMES)
A_ACT = A_ACT.start
A_ATTACK = ACTIONS.add(
    "attack_with",
    1 + len(WEAPONS),
    "attack with bare hands or a weapon in play",
    (BARE_HANDS,) + tuple(SEARCH_NAMES[k] for k in WEAPONS),
).start
A_CARD = ACTIONS.add("card", len(HAND_NAMES), "play a card from the hand", HAND_NAMES).start
_REL = tuple(f"seat +{i}" for i in range(1, MAX_PLAYERS))
A_TRADE = ACTIONS.add("trade_with", MAX_PLAYERS - 1, "trade with a Shopper (relative)", _REL)
A_TRADE = A_TRADE.start
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
)
A_ACTIVATE = A_ACTIVATE.start
A_ENTER = ACTIONS.add(
    "enter", MAX_SQUARES, "bring a reinforcement in at an exit", _SQUARES, per_square=True
).start
A_BITE = ACTIONS.add("bite", MAX_PLAYERS - 1, "attack a Shopper (relative seat)", _REL).start
A_PASS = ACTIONS.add("pass", 1, "no attack", ("pass",)).start


def label(g, block: str, offset: int) -> str:
    maul = g.maul
    if block == "square":
        name = maul.name(offset) if maul and offset < maul.size else f"square {offset}"
        return {
            KIND.start: f"start on {name}",
            KIND.place_zombie: f"a zombie on {name}",
            KIND.target: f"attack {name}",
            KIND.designate: f"the exit is {maul.exit_name(offset)}"
            if maul and maul.way_out.get(offset, (-1,))[0] == offset  # an exit's first square
            else name,
            KIND.destination: f"move the zombie to {name}",
            KIND.spawn: f"a zombie on {name}",
        }.get(g.decision, name)
    if block in ("activate", "enter"):
        name = maul.name(offset) if maul and offset < maul.size else f"square {offset}"
        return (
            f"activate the zombie on {name}"
            if block == "activate"
            else f"a reinforcement enters at {name}"
        )
    if block in ("trade_with", "bite"):
        verb = "trade with" if block == "trade_with" else "attack"
        return f"{verb} {g.relative_player(offset + 1)}"
    if block == "placement":
        (r, c), turns = SLOTS[offset // 4], offset % 4
        return f"place {FACES[g.face].name} at slot {r},{c} turned {90 * turns} degrees"
    if block == "face":
        return f"map section {FACES[offset].name}"
    if block == "step":
        return f"move {DIRECTION_NAMES[offset]}"
    if block == "attack_with":
        return "attack with " + (BARE_HANDS if offset == 0 else SEARCH_NAMES[WEAPONS[offset - 1]])
    if block == "card":
        return f"play {HAND_NAMES[offset]}"
    if block in ("give", "take"):
        return f"{block} {SEARCH_NAMES[EQUIPMENT[offset]]}"
    if block == "act":
        return ACT_NAMES[offset]
    if block == "pass":
        return "no attack"
    return f"{block} {ACTIONS[block].labels[offset]}"
