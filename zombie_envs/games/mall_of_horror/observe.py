"""What each seat may see, encoded into its observation vector.

This is the single place that decides visibility.  Public: the board, the
chief, revealed votes and destinations, played cards, hand sizes, points.
Private to a seat: its own hand, the cards it drew from the truck, the card it
gave or received, the arrival dice (only when a rule lets it look) and its own
pending ballot and destination.  Entries are small non-negative integers
(counts and flags) in an int8 vector.  Seats are encoded relative to the observer
(0 = self), so one policy can play every seat.  ``state_vector`` adds every
secret, for centralised critics.
"""

from __future__ import annotations

import numpy as np

from ...core.layout import Layout
from .data import CARD_NAMES, CHARACTER_NAMES, COLOURS, KINDS, NUM_CARDS

MAX_PLAYERS = len(COLOURS)
NUM_LOCATIONS = 6
DECISIONS = (
    "place_location",
    "place_character",
    "threat",
    "ballot",
    "victim",
    "keep",
    "give",
    "give_to",
    "camera",
    "destination",
    "zombie",
    "move",
    "cards",
    "hide",
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
    add("round", 1, "round number")
    add("to_act", MAX_PLAYERS, "seat that decides now (relative)", _REL)
    add("decision", len(DECISIONS), "kind of the pending decision", DECISIONS)
    add("zombies", NUM_LOCATIONS, "zombies in front of each location", _LOCS)
    add("closed", NUM_LOCATIONS, "location closed or overrun", _LOCS)
    add(
        "characters",
        NUM_LOCATIONS * MAX_PLAYERS * KINDS,
        "character of (relative seat, kind) at location",
        _BY_LOC,
    )
    add("eaten", MAX_PLAYERS * KINDS, "character has been eaten", _CHARS)
    add("hidden", MAX_PLAYERS * KINDS, "character hidden this round", _CHARS)
    add("hand", NUM_CARDS, "cards of each kind in my hand", CARD_NAMES)
    add("hand_sizes", MAX_PLAYERS, "cards in hand per seat", _REL)
    add("deck", 1, "cards left in the truck")
    add("discards", NUM_CARDS, "cards of each kind played so far", CARD_NAMES)
    add(
        "played_round",
        MAX_PLAYERS * NUM_CARDS,
        "cards played this round per seat",
        tuple(f"{r}:{c}" for r in _REL for c in CARD_NAMES),
    )
    add("chief", MAX_PLAYERS, "Chief of Security (relative)", _REL)
    add("chief_elected", 1, "the chief was elected this round")
    add("dice_known", 1, "I may look at the arrival dice")
    add("dice", NUM_LOCATIONS, "arrival dice per location, if I may look", _LOCS)
    add("last_dice", NUM_LOCATIONS, "revealed arrival dice this round", _LOCS)
    add("place_dice", NUM_LOCATIONS, "initial-placement dice just rolled", _LOCS)
    add(
        "destinations",
        MAX_PLAYERS * NUM_LOCATIONS,
        "announced or revealed destination",
        tuple(f"{r}:{L}" for r in _REL for L in _LOCS),
    )
    add("my_destination", NUM_LOCATIONS, "my own (secret) destination", _LOCS)
    add("vote_purpose", len(PURPOSES), "vote in progress", PURPOSES)
    add("vote_location", NUM_LOCATIONS, "location of the vote in progress", _LOCS)
    add("vote_runoff", 1, "the vote in progress is a runoff")
    add("vote_candidates", MAX_PLAYERS, "colours that may be voted for", _REL)
    add("vote_weights", MAX_PLAYERS, "votes per seat in the vote in progress", _REL)
    add("vote_threats", MAX_PLAYERS, "Threat cards played for the vote in progress", _REL)
    add("my_ballot", MAX_PLAYERS, "my own secret ballot", _REL)
    add(
        "last_vote",
        len(PURPOSES) + NUM_LOCATIONS + 1,
        "purpose, location, runoff of last vote",
        PURPOSES + _LOCS + ("runoff",),
    )
    add(
        "last_ballots",
        MAX_PLAYERS * MAX_PLAYERS,
        "revealed ballots: voter -> colour",
        tuple(f"{v}->{c}" for v in _REL for c in _REL),
    )
    add("last_weights", MAX_PLAYERS, "revealed vote weights (threats included)", _REL)
    add("truck", NUM_CARDS, "cards I drew from the truck, still to keep or give", CARD_NAMES)
    add("gift_from", MAX_PLAYERS, "who gave a truck card this round", _REL)
    add("gift_to", MAX_PLAYERS, "who received it", _REL)
    add("gift_card", NUM_CARDS, "the card given (giver and receiver only)", CARD_NAMES)
    add("attack_location", NUM_LOCATIONS, "location being attacked", _LOCS)
    add("hardware", NUM_LOCATIONS, "Hardware played at each location this round", _LOCS)
    add(
        "extra_zombies",
        2 * NUM_LOCATIONS,
        "extra zombie for most characters / Pin-Ups",
        tuple(f"{w}:{L}" for w in ("most", "pinups") for L in _LOCS),
    )
    add("eliminated", MAX_PLAYERS, "seat has no characters left", _REL)
    add("points", MAX_PLAYERS, "points of living characters", _REL)


OBS = Layout("Mall of Horror observation")
_public(OBS)

STATE = Layout("Mall of Horror state")
_public(STATE)
STATE.add(
    "all_hands",
    MAX_PLAYERS * NUM_CARDS,
    "every hand (absolute seats)",
    tuple(f"{s}:{c}" for s in COLOURS for c in CARD_NAMES),
)
STATE.add("all_dice", NUM_LOCATIONS, "the hidden arrival dice", _LOCS)
STATE.add(
    "all_ballots",
    MAX_PLAYERS * MAX_PLAYERS,
    "pending secret ballots (absolute)",
    tuple(f"{v}->{c}" for v in COLOURS for c in COLOURS),
)
STATE.add(
    "all_destinations",
    MAX_PLAYERS * NUM_LOCATIONS,
    "secret destinations (absolute)",
    tuple(f"{s}:{L}" for s in COLOURS for L in _LOCS),
)
STATE.add("deck_cards", NUM_CARDS, "cards of each kind left in the truck", CARD_NAMES)

_O = {b.name: b.start for b in STATE.blocks}  # OBS is a prefix of STATE
# Per (players, observer): relative seat of every seat, and each character's slot.
_REL_SEATS = {
    (n, me): [(s - me) % n for s in range(n)] for n in range(1, MAX_PLAYERS + 1) for me in range(n)
}
_SLOTS = {
    key: [rel[c // KINDS] * KINDS + c % KINDS for c in range(len(rel) * KINDS)]
    for key, rel in _REL_SEATS.items()
}
_STRIDE = MAX_PLAYERS * KINDS
(
    _MY_COLOUR,
    _IN_GAME,
    _ROUND,
    _TO_ACT,
    _DECISION,
    _ZOMBIES,
    _CLOSED,
    _CHARS,
    _EATEN,
    _HIDDEN,
    _HAND,
    _HAND_SIZES,
    _DECK,
    _DISCARDS,
    _PLAYED,
    _CHIEF,
    _CHIEF_ELECTED,
    _DICE_KNOWN,
    _DICE,
    _LAST_DICE,
    _PLACE_DICE,
    _DESTS,
    _MY_DEST,
    _V_PURPOSE,
    _V_LOC,
    _V_RUNOFF,
    _V_CANDS,
    _V_WEIGHTS,
    _V_THREATS,
    _MY_BALLOT,
    _LAST_VOTE,
    _LAST_BALLOTS,
    _LAST_WEIGHTS,
    _TRUCK,
    _GIFT_FROM,
    _GIFT_TO,
    _GIFT_CARD,
    _ATTACK,
    _HARDWARE,
    _EXTRA,
    _ELIMINATED,
    _POINTS,
    _ALL_HANDS,
    _ALL_DICE,
    _ALL_BALLOTS,
    _ALL_DESTS,
    _DECK_CARDS,
) = (b.start for b in STATE.blocks)
_OBS_SIZE, _STATE_SIZE = OBS.size, STATE.size
_L = NUM_LOCATIONS
_NP = len(PURPOSES)


def _encode(g, seat: int, out: bytearray, god: bool) -> None:
    """Write seat's view (everything if ``god``) into a zeroed ``out``.

    Entries are small non-negative integers written into a bytearray, which is
    several times cheaper per entry than numpy item assignment."""
    n = g.num_players
    rel = _REL_SEATS[n, seat]
    slot = _SLOTS[n, seat]
    loc, hidden = g.loc, g.hidden
    out[_MY_COLOUR + seat] = 1
    out[_CHIEF + rel[g.chief]] = 1
    out[_IN_GAME : _IN_GAME + n] = b"\x01" * n
    out[_ROUND] = min(g.round, 127)
    if g.decision is not None:
        out[_TO_ACT + rel[g.current_player]] = 1
        out[_DECISION + DECISION_INDEX[g.decision]] = 1
    out[_ZOMBIES : _ZOMBIES + _L] = bytes(g.zombies)
    out[_HARDWARE : _HARDWARE + _L] = bytes(g.hardware)
    for L in range(_L):
        if g.closed[L]:
            out[_CLOSED + L] = 1
    for c, w in enumerate(loc):
        if w >= 0:
            out[_CHARS + w * _STRIDE + slot[c]] = 1
            if hidden[c]:
                out[_HIDDEN + slot[c]] = 1
        elif w == -2:
            out[_EATEN + slot[c]] = 1
    out[_HAND : _HAND + NUM_CARDS] = bytes(g.hands[seat])
    out[_DISCARDS : _DISCARDS + NUM_CARDS] = bytes(g.discards)
    points = g.scores()
    dest, dest_public = g.dest, g.dest_public
    for s in range(n):
        r = rel[s]
        out[_HAND_SIZES + r] = sum(g.hands[s])
        out[_POINTS + r] = points[s]
        out[_V_THREATS + r] = g.v_threats[s]
        if dest[s] >= 0 and (dest_public[s] or god):
            out[_DESTS + r * _L + dest[s]] = 1
        if g.eliminated[s] >= 0:
            out[_ELIMINATED + r] = 1
        base = _PLAYED + r * NUM_CARDS
        out[base : base + NUM_CARDS] = bytes(g.played[s])
    out[_DECK] = len(g.deck)
    out[_CHIEF_ELECTED] = g.chief_elected
    if g.dice[0] >= 0 and (god or g.dice_seen[seat]):
        out[_DICE_KNOWN] = 1
        for L in g.dice:
            out[_DICE + L] += 1
    if g.last_dice[0] >= 0:
        for L in g.last_dice:
            out[_LAST_DICE + L] += 1
    if g.place_dice[0] >= 0:
        for L in g.place_dice:
            out[_PLACE_DICE + L] += 1
    if dest[seat] >= 0:
        out[_MY_DEST + dest[seat]] = 1
    if g.v_purpose >= 0:
        out[_V_PURPOSE + g.v_purpose] = 1
        out[_V_LOC + g.v_loc] = 1
        out[_V_RUNOFF] = g.v_runoff
        for s in g.v_candidates:
            out[_V_CANDS + rel[s]] = 1
        for s in range(n):
            out[_V_WEIGHTS + rel[s]] = g.v_weights[s]
        if g.v_ballots[seat] >= 0:
            out[_MY_BALLOT + rel[g.v_ballots[seat]]] = 1
    if g.last_vote[0] >= 0:
        purpose, L, runoff = g.last_vote
        out[_LAST_VOTE + purpose] = 1
        out[_LAST_VOTE + _NP + L] = 1
        out[_LAST_VOTE + _NP + _L] = runoff
        for s in range(n):
            if g.last_ballots[s] >= 0:
                out[_LAST_BALLOTS + rel[s] * MAX_PLAYERS + rel[g.last_ballots[s]]] = 1
            out[_LAST_WEIGHTS + rel[s]] = g.last_weights[s]
    if g.truck and (god or g.truck_seat == seat):
        for card in g.truck:
            out[_TRUCK + card] += 1
    giver, receiver, card = g.gift
    if giver >= 0:
        out[_GIFT_FROM + rel[giver]] = 1
        if receiver >= 0:
            out[_GIFT_TO + rel[receiver]] = 1
        if god or seat in (giver, receiver):
            out[_GIFT_CARD + card] = 1
    if g.a_loc >= 0:
        out[_ATTACK + g.a_loc] = 1
    for i, L in enumerate(g.extra):
        if L >= 0:
            out[_EXTRA + i * _L + L] = 1
    if god:
        for s in range(n):
            base = _ALL_HANDS + s * NUM_CARDS
            out[base : base + NUM_CARDS] = bytes(g.hands[s])
            if g.v_ballots[s] >= 0:
                out[_ALL_BALLOTS + s * MAX_PLAYERS + g.v_ballots[s]] = 1
            if dest[s] >= 0:
                out[_ALL_DESTS + s * _L + dest[s]] = 1
        for L in g.dice:
            if L >= 0:
                out[_ALL_DICE + L] += 1
        for card in g.deck:
            out[_DECK_CARDS + card] += 1


def observation(g, seat: int) -> np.ndarray:
    out = bytearray(_OBS_SIZE)
    _encode(g, seat, out, god=False)
    return np.frombuffer(out, dtype=np.int8)


def state_vector(g) -> np.ndarray:
    """Everything, secrets included, from seat 0's point of view."""
    out = bytearray(_STATE_SIZE)
    _encode(g, 0, out, god=True)
    return np.frombuffer(out, dtype=np.int8)
