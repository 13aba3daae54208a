"""Mall of Horror's actions: the action layout, each block's offset and the
names of actions, which the engine, the bots and the narrator share.  Seats are
relative to the deciding seat (0 = self), so one policy can play every seat."""

from __future__ import annotations

from ...core.layout import Layout
from .data import (
    CARD_NAMES,
    CHARACTER_NAMES,
    COLOURS,
    KINDS,
    LOCATION_NAMES,
    NUM_CARDS,
    NUM_LOCATIONS,
)
from .declaration import GAME

MAX_PLAYERS = GAME.max_players
_LOC_LABELS = tuple(f"{i + 1} {name}" for i, name in enumerate(LOCATION_NAMES))
_REL = ("self",) + tuple(f"seat +{i}" for i in range(1, MAX_PLAYERS))

ACTIONS = Layout("Mall of Horror actions")
A_LOCATION = ACTIONS.add(
    "location",
    NUM_LOCATIONS,
    "choose a location: initial placement, destination, zombie placement",
    _LOC_LABELS,
).start
A_CHARACTER = ACTIONS.add(
    "character",
    KINDS,
    "choose one of your characters (place, move, victim, hide)",
    CHARACTER_NAMES,
).start
A_VOTE = ACTIONS.add("vote", MAX_PLAYERS, "vote for a colour (seat relative to you)", _REL).start
A_PLAY = ACTIONS.add("play", NUM_CARDS, "play a card from your hand", CARD_NAMES).start
A_SPRINT = ACTIONS.add(
    "sprint", NUM_LOCATIONS, "play Sprint and change destination", _LOC_LABELS
).start
A_KEEP = ACTIONS.add("keep", NUM_CARDS, "keep a card found in the truck", CARD_NAMES).start
A_GIVE = ACTIONS.add("give", NUM_CARDS, "give away a card found in the truck", CARD_NAMES).start
A_GIVE_TO = ACTIONS.add(
    "give_to", MAX_PLAYERS - 1, "the player who receives the card (relative seat)", _REL[1:]
).start
A_PASS = ACTIONS.add("pass", 1, "play no (more) cards / place no zombie", ("pass",)).start


def label(g, block: str, offset: int) -> str:
    """The name of action ``offset`` of ``block`` for the seat about to act in ``g``
    (a vote or a gift names the colour it goes to)."""
    if block in ("vote", "give_to"):
        rel = offset if block == "vote" else offset + 1
        verb = "vote for" if block == "vote" else "give it to"
        if rel >= g.num_players:
            return f"{verb} {g.relative_player(rel)}"
        seat = (g.current_player + rel) % g.num_players
        return f"{verb} {COLOURS[seat]} (player_{seat})"
    names = {
        "location": lambda i: f"location {_LOC_LABELS[i]}",
        "character": lambda i: CHARACTER_NAMES[i],
        "play": lambda i: f"play {CARD_NAMES[i]}",
        "sprint": lambda i: f"play Sprint, go to {_LOC_LABELS[i]}",
        "keep": lambda i: f"keep {CARD_NAMES[i]}",
        "give": lambda i: f"give away {CARD_NAMES[i]}",
        "pass": lambda i: "pass",
    }
    return names[block](offset)
