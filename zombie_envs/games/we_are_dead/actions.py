"""We Are Dead's actions: the action layout, each block's offset and the names of
actions, which the engine, the bots and the narrator share.  Seats are relative to
the deciding seat, so one policy can play every seat."""

from __future__ import annotations

from ...core.layout import Layout
from .data import (
    BOARDS,
    CARD_NAMES,
    HAND_KINDS,
    board,
)
from .declaration import GAME, KIND

MAX_PLAYERS = GAME.max_players
MAX_SQUARES = max(board(name).size for name in BOARDS)

ACTIONS = Layout("We Are Dead actions")
A_SQUARE = ACTIONS.add(
    "square",
    MAX_SQUARES,
    "a board square: where to move, where to place a shopper token, a horde's target",
    tuple(f"square {i}" for i in range(MAX_SQUARES)),
    per_square=True,
).start
A_CARD = ACTIONS.add(
    "card",
    HAND_KINDS,
    "a card from the hand: discard to move, fight, slay, discard, play a hero",
    CARD_NAMES[:HAND_KINDS],
).start
A_INFECTION = ACTIONS.add(
    "infection", 1, "spend an infection token (+1 move, +1 attack, or slay)", ("infection",)
).start
A_CHOOSE = ACTIONS.add(
    "choose",
    MAX_PLAYERS - 1,
    "fight the face-down hero of this opponent (relative seat)",
    tuple(f"seat +{i}" for i in range(1, MAX_PLAYERS)),
).start
A_YES = ACTIONS.add("yes", 1, "flip and attack the shopper token / reveal my hero", ("yes",)).start
A_PASS = ACTIONS.add("pass", 1, "pass, stop, or end the step", ("pass",)).start
# What a card or "yes" does, by the decision it answers.
_CARD_VERBS = {
    KIND.move: "discard to move 1 more:",
    KIND.fight: "fight with",
    KIND.slay: "slay a shopper with",
    KIND.discard: "discard",
    KIND.place_hero: "place face down:",
    KIND.horde_hero: "play against the horde:",
}
_YES_WORDS = {KIND.reveal: "reveal my hero", KIND.revealer_draw: "draw 1 card"}


def label(g, block: str, offset: int) -> str:
    if block == "square":
        if offset >= g.board.size:
            return f"square {offset} (not on the {g.options['board']} board)"
        if g.decision == KIND.horde_pick:
            prey = g.board.label(g.h_prey)
            return f"the horde on {g.board.label(offset)} takes {prey}"
        return f"square {g.board.label(offset)}"
    if block == "card":
        verb = _CARD_VERBS.get(g.decision, "play")
        return f"{verb} {CARD_NAMES[offset]}"
    if block == "choose":
        return f"fight the hero of {g.relative_player(offset + 1)}"
    if block == "yes":
        return _YES_WORDS.get(g.decision, "flip the token and attack")
    if block == "infection":
        return "spend an infection token"
    return "pass"
