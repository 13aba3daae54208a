"""Mall Walkers' actions: the action layout, each block's offset and the names of
actions, which the engine, the bots and the narrator share.  Seats are relative to
the deciding seat, so one policy can play every seat."""

from __future__ import annotations

from ...core.compass import SIDE_WORDS
from ...core.layout import Layout
from ...core.narration import count
from .cards import (
    HIT,
    KINDS,
    NAMES,
)
from .declaration import GAME
from .mall import (
    MAX_SQUARES,
    MAX_TILES,
    WINDOW,
    placement_at,
)
from .mall import (
    NAMES as TILE_NAMES,
)

MAX_PLAYERS = GAME.max_players
_SQUARE_LABELS = tuple(f"square {i} {d}" for i in range(MAX_SQUARES) for d in SIDE_WORDS)

ACTIONS = Layout("Zombies!!! 3: Mall Walkers actions")
A_PLACE = ACTIONS.add(
    "place",
    4 * len(WINDOW),
    "where the drawn tile goes: a tile position (row, col) around the Front Door at (0, 0) "
    f"(every one with abs(row) + abs(col) <= {WINDOW[-1][0]}, row by row) and quarter turns "
    "clockwise",
    tuple(f"({r},{c}):rotated {90 * t}" for r, c in WINDOW for t in range(4)),
    (len(WINDOW), 4),
).start
A_STEP = ACTIONS.add("step", 5, "move one square, or stop moving", (*SIDE_WORDS, "stop")).start
A_STOP = A_STEP + 4
A_ROLL = ACTIONS.add("roll", 1, "roll the die to move", ("roll to move",)).start
A_DUCT = ACTIONS.add(
    "duct",
    MAX_TILES,
    "crawl through the air duct to the store of the tile placed k-th",
    tuple(f"tile {k}" for k in range(MAX_TILES)),
).start
A_ZOMBIE = ACTIONS.add(
    "zombie",
    4 * MAX_SQUARES,
    "move the zombie on a square one square north, east, south or west",
    _SQUARE_LABELS,
    per_square=True,
).start
A_FIGHT = ACTIONS.add(
    "fight", 2, "after a missed roll", ("spend bullets", "lose a life and roll again")
).start
A_BULLETS, A_WOUND = A_FIGHT, A_FIGHT + 1
A_USE = ACTIONS.add("use", KINDS, "use a card in a fight (in play or in hand)", NAMES).start
A_CARD = ACTIONS.add("card", KINDS, "play an event card from the hand", NAMES).start
A_PASS = ACTIONS.add("pass", 1, "play no card", ("pass",)).start
_REL = tuple(f"seat +{i}" for i in range(1, MAX_PLAYERS))
A_TARGET = ACTIONS.add("target", MAX_PLAYERS - 1, "the player a card is played on", _REL).start
A_PICK = ACTIONS.add("pick", KINDS, "take a card kind from the discard pile", NAMES).start
A_DISCARD = ACTIONS.add("discard", KINDS, "discard an event card", NAMES).start
A_KEEP = ACTIONS.add("keep", 1, "discard nothing", ("keep",)).start
A_CHALLENGE = ACTIONS.add(
    "challenge", 2, "on the keeper's square", ("try to take the keys", "leave the keys")
).start
A_DUEL = ACTIONS.add(
    "duel",
    3,
    "losing a key duel",
    ("+1 with a bullet", "roll again for a life", "give up"),
).start
DUEL_BULLET, DUEL_LIFE, DUEL_GIVE_UP = range(3)
#: the window positions and turns of the place block, by action offset
PLACE_AT = tuple(placement_at(i) for i in range(4 * len(WINDOW)))


def _place(g, offset: int) -> str:
    r, c, t = PLACE_AT[offset]
    name = TILE_NAMES[g.drawn] if g.drawn >= 0 else "the tile"
    # the tile's position, and the squares it covers as the map numbers them
    squares = f"({3 * r},{3 * c})..({3 * r + 2},{3 * c + 2})"
    return f"place {name} at ({r},{c}) rotated {90 * t}, on squares {squares}"


def _zombie(g, offset: int) -> str:
    mall = g.mall
    sq, d = divmod(offset, 4)
    to = mall.nbr[sq][d] if mall and mall.char[sq] else -1
    if to < 0:
        return f"zombie on square {sq} {SIDE_WORDS[d]}"
    return f"zombie {mall.name(sq)} -> {mall.name(to)}"


def _step(g, offset: int) -> str:
    return "stop" if offset == 4 else f"move {SIDE_WORDS[offset]}"


def _duct(g, offset: int) -> str:
    if g.mall and offset < len(g.mall.tiles):
        return f"crawl through the duct to the {g.mall.tile_name(offset)} (tile {offset})"
    return f"crawl through the duct to tile {offset}"


def _fight(g, offset: int) -> str:
    if offset == 0 and g.combat[0] >= 0:
        need = HIT - g.combat[1] - g.combat[2]
        return f"spend {count(need, 'bullet')}"
    return ACTIONS["fight"].labels[offset]


def _target(g, offset: int) -> str:
    return f"play {NAMES[g.card] if g.card >= 0 else 'it'} on {g.relative_player(offset + 1)}"


#: blocks whose label reads the state, by block name
_LABELS = {
    "place": _place,
    "zombie": _zombie,
    "step": _step,
    "duct": _duct,
    "fight": _fight,
    "target": _target,
}
#: blocks of card kinds: the verb of each
_VERBS = {"use": "use", "card": "play", "pick": "take", "discard": "discard"}
#: blocks named by the layout's labels, save these
_PLAIN = {"pass": "play no card", "keep": "keep every card"}


def label(g, block: str, offset: int) -> str:
    """An action's name in words, with what the state says of it (the tile drawn,
    the squares a zombie moves between, the bullets a fight needs)."""
    if block in _LABELS:
        return _LABELS[block](g, offset)
    if block in _VERBS:
        tail = " from the discard pile" if block == "pick" else ""
        return f"{_VERBS[block]} {NAMES[offset]}{tail}"
    if block in ("roll", "pass", "keep", "challenge", "duel"):
        return _PLAIN.get(block, ACTIONS[block].labels[offset])
    return f"{block} {ACTIONS[block].labels[offset]}"
