"""What each seat may see, encoded into its observation vector.

This is the single place that decides visibility.  Public: the board, the
chief, revealed votes and destinations, played cards, hand sizes, points.
Private to a seat: its own hand, the cards it drew from the truck, the card it
gave or received, the arrival dice (only when a rule lets it look) and its own
pending ballot and destination.  Seats are encoded relative to the observer
(0 = self), so one policy can play every seat.  ``state_vector`` adds every
secret, for centralised critics.
"""

from __future__ import annotations

import numpy as np

from ...core.layout import Layout
from .data import CARD_NAMES, CHARACTER_NAMES, COLOURS, DECK_SIZE, KINDS, NUM_CARDS

MAX_PLAYERS = len(COLOURS)
NUM_LOCATIONS = 6
DECISIONS = (
    "place_location", "place_character", "threat", "ballot", "victim", "keep", "give",
    "give_to", "camera", "destination", "zombie", "move", "cards", "hide",
)
DECISION_INDEX = {name: i for i, name in enumerate(DECISIONS)}
PURPOSES = ("truck", "chief", "attack")
_REL = ("self",) + tuple(f"+{i}" for i in range(1, MAX_PLAYERS))
_LOCS = tuple(str(i + 1) for i in range(NUM_LOCATIONS))
_CHARS = tuple(f"{r}:{k}" for r in _REL for k in CHARACTER_NAMES)
_BY_LOC = tuple(f"loc{L}:{c}" for L in _LOCS for c in _CHARS)


def _public(layout: Layout) -> None:
    add = layout.add
    add("my_colour", MAX_PLAYERS, "my colour (absolute seat)", COLOURS)
    add("in_game", MAX_PLAYERS, "seat is in this game (relative)", _REL)
    add("round", 1, "round number / 20")
    add("to_act", MAX_PLAYERS, "seat that decides now (relative)", _REL)
    add("decision", len(DECISIONS), "kind of the pending decision", DECISIONS)
    add("zombies", NUM_LOCATIONS, "zombies in front of each location / 10", _LOCS)
    add("closed", NUM_LOCATIONS, "location closed or overrun", _LOCS)
    add("characters", NUM_LOCATIONS * MAX_PLAYERS * KINDS,
        "character of (relative seat, kind) at location", _BY_LOC)
    add("eaten", MAX_PLAYERS * KINDS, "character has been eaten", _CHARS)
    add("hidden", MAX_PLAYERS * KINDS, "character hidden this round", _CHARS)
    add("hand", NUM_CARDS, "cards of each kind in my hand", CARD_NAMES)
    add("hand_sizes", MAX_PLAYERS, "cards in hand per seat / 5", _REL)
    add("deck", 1, "cards left in the truck / 21")
    add("discards", NUM_CARDS, "cards of each kind played so far / 3", CARD_NAMES)
    add("played_round", MAX_PLAYERS * NUM_CARDS, "cards played this round per seat",
        tuple(f"{r}:{c}" for r in _REL for c in CARD_NAMES))
    add("chief", MAX_PLAYERS, "Chief of Security (relative)", _REL)
    add("chief_elected", 1, "the chief was elected this round")
    add("dice_known", 1, "I may look at the arrival dice")
    add("dice", NUM_LOCATIONS, "arrival dice per location, if I may look", _LOCS)
    add("last_dice", NUM_LOCATIONS, "revealed arrival dice this round", _LOCS)
    add("place_dice", NUM_LOCATIONS, "initial-placement dice just rolled", _LOCS)
    add("destinations", MAX_PLAYERS * NUM_LOCATIONS, "announced or revealed destination",
        tuple(f"{r}:{L}" for r in _REL for L in _LOCS))
    add("my_destination", NUM_LOCATIONS, "my own (secret) destination", _LOCS)
    add("vote_purpose", len(PURPOSES), "vote in progress", PURPOSES)
    add("vote_location", NUM_LOCATIONS, "location of the vote in progress", _LOCS)
    add("vote_runoff", 1, "the vote in progress is a runoff")
    add("vote_candidates", MAX_PLAYERS, "colours that may be voted for", _REL)
    add("vote_weights", MAX_PLAYERS, "votes per seat in the vote in progress / 4", _REL)
    add("vote_threats", MAX_PLAYERS, "Threat cards played for the vote in progress", _REL)
    add("my_ballot", MAX_PLAYERS, "my own secret ballot", _REL)
    add("last_vote", len(PURPOSES) + NUM_LOCATIONS + 1, "purpose, location, runoff of last vote",
        PURPOSES + _LOCS + ("runoff",))
    add("last_ballots", MAX_PLAYERS * MAX_PLAYERS, "revealed ballots: voter -> colour",
        tuple(f"{v}->{c}" for v in _REL for c in _REL))
    add("last_weights", MAX_PLAYERS, "revealed vote weights / 4", _REL)
    add("truck", NUM_CARDS, "cards I drew from the truck, still to keep or give", CARD_NAMES)
    add("gift_from", MAX_PLAYERS, "who gave a truck card this round", _REL)
    add("gift_to", MAX_PLAYERS, "who received it", _REL)
    add("gift_card", NUM_CARDS, "the card given (giver and receiver only)", CARD_NAMES)
    add("attack_location", NUM_LOCATIONS, "location being attacked", _LOCS)
    add("hardware", NUM_LOCATIONS, "Hardware played at each location this round", _LOCS)
    add("extra_zombies", 2 * NUM_LOCATIONS, "extra zombie for most characters / Pin-Ups",
        tuple(f"{w}:{L}" for w in ("most", "pinups") for L in _LOCS))
    add("eliminated", MAX_PLAYERS, "seat has no characters left", _REL)
    add("points", MAX_PLAYERS, "points of living characters / 16 (a full set)", _REL)


OBS = Layout("Mall of Horror observation")
_public(OBS)

STATE = Layout("Mall of Horror state")
_public(STATE)
STATE.add("all_hands", MAX_PLAYERS * NUM_CARDS, "every hand (absolute seats)",
          tuple(f"{s}:{c}" for s in COLOURS for c in CARD_NAMES))
STATE.add("all_dice", NUM_LOCATIONS, "the hidden arrival dice", _LOCS)
STATE.add("all_ballots", MAX_PLAYERS * MAX_PLAYERS, "pending secret ballots (absolute)",
          tuple(f"{v}->{c}" for v in COLOURS for c in COLOURS))
STATE.add("all_destinations", MAX_PLAYERS * NUM_LOCATIONS, "secret destinations (absolute)",
          tuple(f"{s}:{L}" for s in COLOURS for L in _LOCS))
STATE.add("deck_cards", NUM_CARDS, "cards of each kind left in the truck / 3", CARD_NAMES)

_O = {b.name: b.start for b in STATE.blocks}  # OBS is a prefix of STATE


def _encode(g, seat: int, out: np.ndarray, god: bool) -> None:
    """Write seat's view (everything if ``god``) into a zeroed ``out``."""
    n = g.num_players
    rel = [(s - seat) % n for s in range(n)]
    o = _O
    out[o["my_colour"] + seat] = 1
    out[o["in_game"]:o["in_game"] + n] = 1
    out[o["round"]] = g.round / 20.0
    if g.decision is not None:
        out[o["to_act"] + rel[g.current_player]] = 1
        out[o["decision"] + DECISION_INDEX[g.decision]] = 1
    out[o["zombies"]:o["zombies"] + NUM_LOCATIONS] = g.zombies
    out[o["zombies"]:o["zombies"] + NUM_LOCATIONS] *= 0.1
    for L, c in enumerate(g.closed):
        if c:
            out[o["closed"] + L] = 1
    chars, eaten, hidden = o["characters"], o["eaten"], o["hidden"]
    stride = MAX_PLAYERS * KINDS
    for c, where in enumerate(g.loc):
        slot = rel[c // KINDS] * KINDS + c % KINDS
        if where >= 0:
            out[chars + where * stride + slot] = 1
            if g.hidden[c]:
                out[hidden + slot] = 1
        elif where == -2:
            out[eaten + slot] = 1
    hand = g.hands[seat]
    out[o["hand"]:o["hand"] + NUM_CARDS] = hand
    for s in range(n):
        r = rel[s]
        out[o["hand_sizes"] + r] = sum(g.hands[s]) / 5.0
        played = g.played[s]
        if any(played):
            base = o["played_round"] + r * NUM_CARDS
            out[base:base + NUM_CARDS] = played
        if g.dest[s] >= 0 and (g.dest_public[s] or god):
            out[o["destinations"] + r * NUM_LOCATIONS + g.dest[s]] = 1
        if g.eliminated[s] >= 0:
            out[o["eliminated"] + r] = 1
    out[o["deck"]] = len(g.deck) / DECK_SIZE
    out[o["discards"]:o["discards"] + NUM_CARDS] = g.discards
    out[o["discards"]:o["discards"] + NUM_CARDS] *= 1 / 3
    out[o["chief"] + rel[g.chief]] = 1
    out[o["chief_elected"]] = g.chief_elected
    if g.dice[0] >= 0 and (g.dice_seen[seat] or god):
        out[o["dice_known"]] = 1
        for L in g.dice:
            out[o["dice"] + L] += 1
    for L in g.last_dice:
        if L >= 0:
            out[o["last_dice"] + L] += 1
    for L in g.place_dice:
        if L >= 0:
            out[o["place_dice"] + L] += 1
    if g.dest[seat] >= 0:
        out[o["my_destination"] + g.dest[seat]] = 1
    if g.v_purpose >= 0:
        out[o["vote_purpose"] + g.v_purpose] = 1
        out[o["vote_location"] + g.v_loc] = 1
        out[o["vote_runoff"]] = g.v_runoff
        for s in g.v_candidates:
            out[o["vote_candidates"] + rel[s]] = 1
        for s in range(n):
            out[o["vote_weights"] + rel[s]] = g.v_weights[s] / 4.0
        if g.v_ballots[seat] >= 0:
            out[o["my_ballot"] + rel[g.v_ballots[seat]]] = 1
    for s in range(n):
        if g.v_threats[s]:
            out[o["vote_threats"] + rel[s]] = g.v_threats[s]
    if g.last_vote[0] >= 0:
        base = o["last_vote"]
        out[base + g.last_vote[0]] = 1
        out[base + len(PURPOSES) + g.last_vote[1]] = 1
        out[base + len(PURPOSES) + NUM_LOCATIONS] = g.last_vote[2]
        for s in range(n):
            if g.last_ballots[s] >= 0:
                out[o["last_ballots"] + rel[s] * MAX_PLAYERS + rel[g.last_ballots[s]]] = 1
            out[o["last_weights"] + rel[s]] = g.last_weights[s] / 4.0
    if g.truck and (g.truck_seat == seat or god):
        for card in g.truck:
            out[o["truck"] + card] += 1
    giver, receiver, card = g.gift
    if giver >= 0:
        out[o["gift_from"] + rel[giver]] = 1
        if receiver >= 0:
            out[o["gift_to"] + rel[receiver]] = 1
        if god or seat == giver or (seat == receiver):
            out[o["gift_card"] + card] = 1
    if g.a_loc >= 0:
        out[o["attack_location"] + g.a_loc] = 1
    out[o["hardware"]:o["hardware"] + NUM_LOCATIONS] = g.hardware
    for i, L in enumerate(g.extra):
        if L >= 0:
            out[o["extra_zombies"] + i * NUM_LOCATIONS + L] = 1
    for s, p in enumerate(g.scores()):
        out[o["points"] + rel[s]] = p / 16.0
    if god:
        for s in range(n):
            base = o["all_hands"] + s * NUM_CARDS
            out[base:base + NUM_CARDS] = g.hands[s]
            if g.v_ballots[s] >= 0:
                out[o["all_ballots"] + s * MAX_PLAYERS + g.v_ballots[s]] = 1
            if g.dest[s] >= 0:
                out[o["all_destinations"] + s * NUM_LOCATIONS + g.dest[s]] = 1
        for L in g.dice:
            if L >= 0:
                out[o["all_dice"] + L] += 1
        for card in g.deck:
            out[o["deck_cards"] + card] += 1 / 3


def observation(g, seat: int) -> np.ndarray:
    out = np.zeros(OBS.size, dtype=np.float32)
    _encode(g, seat, out, god=False)
    return out


def state_vector(g) -> np.ndarray:
    """Everything, secrets included, from seat 0's point of view."""
    out = np.zeros(STATE.size, dtype=np.float32)
    _encode(g, 0, out, god=True)
    return out

