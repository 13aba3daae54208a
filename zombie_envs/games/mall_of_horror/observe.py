"""What each seat may see, encoded into its observation vector.

``Visible`` is the single place that decides visibility; the encoder, the
text and picture views, the move log and replays ask it.  Public: the board,
the chief, revealed votes and destinations, played cards, hand sizes, points.
Private to a seat: its own hand, the cards it drew from the truck, the card it
gave or received, the arrival dice (only when a rule lets it look) and its own
pending ballot and destination.  Entries are small non-negative integers
(counts and flags) in an int8 vector.  Seats are encoded relative to the observer
(0 = self), so one policy can play every seat.  ``state_vector`` adds every
secret, for centralised critics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.layout import Layout
from ...core.visibility import GOD
from .data import CARD_NAMES, CHARACTER_NAMES, COLOURS, KINDS, NUM_CARDS
from .declaration import GAME, KIND
from .visible import Visible

if TYPE_CHECKING:  # typed for the compiled build: the engine's fields read natively
    from .state import MallState

#: a ``Visible``, as the helpers below take it: its answers are truthy values, ints
#: as often as bools, which compiled code would refuse where a bool is declared
Seen = Any

MAX_PLAYERS = GAME.max_players
NUM_LOCATIONS = 6
PURPOSES = ("truck", "chief", "attack")
_REL = ("self",) + tuple(f"+{i}" for i in range(1, MAX_PLAYERS))
_LOCS = tuple(str(i + 1) for i in range(NUM_LOCATIONS))
_CHAR_LABELS = tuple(f"{r}:{k}" for r in _REL for k in CHARACTER_NAMES)
_AT_LABELS = tuple(f"{c}@{L}" for c in _CHAR_LABELS for L in _LOCS)
_BY_KIND = (MAX_PLAYERS, KINDS)  # per (relative seat, character kind)


def _public(layout: Layout) -> None:
    add = layout.add
    add("my_colour", MAX_PLAYERS, "my colour (absolute seat)", COLOURS)
    add("in_game", MAX_PLAYERS, "seat is in this game (relative)", _REL)
    add("chief", MAX_PLAYERS, "Chief of Security (relative)", _REL)
    add("to_act", MAX_PLAYERS, "seat that decides now (relative)", _REL)
    add("decision", len(KIND), "kind of the pending decision", KIND)
    # everything up to chief_elected is written in one go: keep these blocks in this order
    add("zombies", NUM_LOCATIONS, "zombies in front of each location", _LOCS)
    add("closed", NUM_LOCATIONS, "0 open, 1 closed, 2 overrun", _LOCS)
    add("hardware", NUM_LOCATIONS, "Hardware played at each location this round", _LOCS)
    add("hand", NUM_CARDS, "cards of each kind in my hand", CARD_NAMES)
    add("discards", NUM_CARDS, "cards of each kind played so far", CARD_NAMES)
    add("deck", 1, "cards left in the truck")
    add("round", 1, "round number (at most 127)")
    add("chief_elected", 1, "the chief was elected this round")
    add(
        "characters",
        MAX_PLAYERS * KINDS * NUM_LOCATIONS,
        "(relative seat, kind) is at location",
        _AT_LABELS,
        (MAX_PLAYERS, KINDS, NUM_LOCATIONS),
    )
    add("eaten", MAX_PLAYERS * KINDS, "character has been eaten", _CHAR_LABELS, _BY_KIND)
    add("hidden", MAX_PLAYERS * KINDS, "character hidden this round", _CHAR_LABELS, _BY_KIND)
    add("hand_sizes", MAX_PLAYERS, "cards in hand per seat", _REL)
    add("eliminated", MAX_PLAYERS, "seat has no characters left", _REL)
    add(
        "played_round",
        MAX_PLAYERS * NUM_CARDS,
        "cards played this round per seat",
        tuple(f"{r}:{c}" for r in _REL for c in CARD_NAMES),
        (MAX_PLAYERS, NUM_CARDS),
    )
    add("dice_known", 1, "I may look at the arrival dice")
    add("dice", NUM_LOCATIONS, "arrival dice per location, if I may look", _LOCS)
    add("last_dice", NUM_LOCATIONS, "revealed arrival dice this round", _LOCS)
    add("place_dice", NUM_LOCATIONS, "initial-placement dice just rolled", _LOCS)
    add(
        "destinations",
        MAX_PLAYERS * NUM_LOCATIONS,
        "announced or revealed destination",
        tuple(f"{r}:{L}" for r in _REL for L in _LOCS),
        (MAX_PLAYERS, NUM_LOCATIONS),
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
        (MAX_PLAYERS, MAX_PLAYERS),
    )
    add("last_weights", MAX_PLAYERS, "revealed vote weights (threats included)", _REL)
    add("truck", NUM_CARDS, "cards I drew from the truck, still to keep or give", CARD_NAMES)
    add("gift_from", MAX_PLAYERS, "who gave a truck card this round", _REL)
    add("gift_to", MAX_PLAYERS, "who received it", _REL)
    add("gift_card", NUM_CARDS, "the card given (giver and receiver only)", CARD_NAMES)
    add("attack_location", NUM_LOCATIONS, "location being attacked", _LOCS)
    add(
        "extra_zombies",
        2 * NUM_LOCATIONS,
        "extra zombie for most characters / Pin-Ups",
        tuple(f"{w}:{L}" for w in ("most", "pinups") for L in _LOCS),
        (2, NUM_LOCATIONS),
    )


def views(vector):
    """The named blocks of an observation or state vector, shaped (a seat's
    characters are ``views(obs)["characters"][0]``, by kind and location)."""
    return (STATE if len(vector) == STATE.size else OBS).views(vector)


OBS = Layout("Mall of Horror observation")
_public(OBS)

STATE = Layout("Mall of Horror state")
_public(STATE)
STATE.add(
    "all_hands",
    MAX_PLAYERS * NUM_CARDS,
    "every hand (absolute seats)",
    tuple(f"{s}:{c}" for s in COLOURS for c in CARD_NAMES),
    (MAX_PLAYERS, NUM_CARDS),
)
STATE.add("all_dice", NUM_LOCATIONS, "the hidden arrival dice", _LOCS)
STATE.add(
    "all_ballots",
    MAX_PLAYERS * MAX_PLAYERS,
    "pending secret ballots (absolute)",
    tuple(f"{v}->{c}" for v in COLOURS for c in COLOURS),
    (MAX_PLAYERS, MAX_PLAYERS),
)
STATE.add(
    "all_destinations",
    MAX_PLAYERS * NUM_LOCATIONS,
    "secret destinations (absolute)",
    tuple(f"{s}:{L}" for s in COLOURS for L in _LOCS),
    (MAX_PLAYERS, NUM_LOCATIONS),
)
STATE.add("deck_cards", NUM_CARDS, "cards of each kind left in the truck", CARD_NAMES)

# Where a character is, as a one-hot row over the locations (nothing when off the board).
_AT_ROW = {w: bytes(1 if w == L else 0 for L in range(NUM_LOCATIONS)) for w in range(-3, 6)}
_AT_ROW_OF = _AT_ROW.__getitem__
_IS_EATEN = (-2).__eq__
_IS_OUT = (-1).__lt__  # eliminated in some round
_L = NUM_LOCATIONS
_LOCATIONS = range(NUM_LOCATIONS)
_NP = len(PURPOSES)
(
    _MY_COLOUR,
    _IN_GAME,
    _CHIEF,
    _TO_ACT,
    _DECISION,
    _ZOMBIES,
    _CLOSED,
    _HARDWARE,
    _HAND,
    _DISCARDS,
    _DECK,
    _ROUND,
    _CHIEF_ELECTED,
    _CHARACTERS,
    _EATEN,
    _HIDDEN,
    _HAND_SIZES,
    _ELIMINATED,
    _PLAYED_ROUND,
    _DICE_KNOWN,
    _DICE,
    _LAST_DICE,
    _PLACE_DICE,
    _DESTINATIONS,
    _MY_DESTINATION,
    _VOTE_PURPOSE,
    _VOTE_LOCATION,
    _VOTE_RUNOFF,
    _VOTE_CANDIDATES,
    _VOTE_WEIGHTS,
    _VOTE_THREATS,
    _MY_BALLOT,
    _LAST_VOTE,
    _LAST_BALLOTS,
    _LAST_WEIGHTS,
    _TRUCK,
    _GIFT_FROM,
    _GIFT_TO,
    _GIFT_CARD,
    _ATTACK_LOCATION,
    _EXTRA_ZOMBIES,
    _ALL_HANDS,
    _ALL_DICE,
    _ALL_BALLOTS,
    _ALL_DESTINATIONS,
    _DECK_CARDS,
) = (b.start for b in STATE.blocks)  # OBS is a prefix of STATE
_HEAD_END = _CHIEF_ELECTED + 1
_BOARD_END = _HIDDEN
_ONE = [bytes(1 if i == k else 0 for i in range(MAX_PLAYERS)) for k in range(MAX_PLAYERS)]
_IDLE = bytes(MAX_PLAYERS + len(KIND))  # to_act + decision when nobody decides
_DECISION_ROW = GAME.one_hot()
# my_colour + in_game, per (players, observer)
_SEAT_ROWS = {
    (n, seat): _ONE[seat] + bytes([1] * n + [0] * (MAX_PLAYERS - n))
    for n in range(1, MAX_PLAYERS + 1)
    for seat in range(n)
}
# Rotated character rows and eaten flags, memoised: the board changes far less
# often than the decision does.
_BOARD_CACHE: dict = {}
_VOTE_CACHE: dict = {}  # likewise the last revealed vote, observed many times
_DICE_CACHE: dict[tuple, bytes] = {}  # a throw's counts by location
_CACHE_MAX = 1 << 16
_LAST_VOTE_END = _LAST_WEIGHTS + MAX_PLAYERS


def _board_rows(loc: list[int], seat: int) -> bytes:
    """The characters and eaten blocks, the observer's own characters first."""
    at = b"".join(map(_AT_ROW_OF, loc))
    eaten = bytes(map(_IS_EATEN, loc))
    cut = seat * KINDS
    at = at[cut * _L :] + at[: cut * _L]
    eaten = eaten[cut:] + eaten[:cut]
    return at.ljust(_EATEN - _CHARACTERS, b"\0") + eaten.ljust(_BOARD_END - _EATEN, b"\0")


def _last_vote(g: MallState, seat: int) -> bytes:
    """The last_vote, last_ballots and last_weights blocks as seen by ``seat``."""
    n = g.num_players
    purpose, L, runoff = g.last_vote
    rows = bytearray(_LAST_VOTE_END - _LAST_VOTE)
    rows[purpose] = 1
    rows[_NP + L] = 1
    rows[_NP + _L] = runoff
    base = _LAST_BALLOTS - _LAST_VOTE
    for s, target in enumerate(g.last_ballots):
        if target >= 0:
            rows[base + (s - seat) % n * MAX_PLAYERS + (target - seat) % n] = 1
    base = _LAST_WEIGHTS - _LAST_VOTE
    rows[base : base + n] = _rotated(bytes(g.last_weights), seat)
    return bytes(rows)


def _rotated(block: bytes, cut: int) -> bytes:
    return block[cut:] + block[:cut]


def encode(g: MallState, seat: int, out: bytearray, god: bool) -> None:
    """Write seat's view (everything if ``god``) into a zeroed ``out``, one group
    of named blocks per function below, each asking ``see`` about secrets.

    Blocks are written as whole byte strings (one-byte counts and flags):
    per-seat blocks are built in absolute seat order by C-level ``bytes`` and
    ``map`` calls and rotated so the observer comes first; rarely non-zero
    blocks are skipped by one cheap test.  Each Python statement here costs
    about as much as a whole block, so the statements are few."""
    see = Visible(g, GOD if god else seat)
    _head(g, seat, out)
    _board(g, seat, out)
    _seats(g, seat, out)
    _dice_and_destinations(g, seat, out, see)
    _votes(g, seat, out, see)
    _truck_and_attack(g, seat, out, see)
    if god:
        _secrets(g, out, see)


def _head(g: MallState, seat: int, out: bytearray) -> None:
    """my_colour to chief_elected: who I am, who decides what, the locations, my hand
    and the public counts, in one write."""
    n = g.num_players
    decision = g.decision
    out[:_HEAD_END] = (
        _SEAT_ROWS[n, seat]
        + _ONE[(g.chief - seat) % n]
        + (
            _IDLE
            if decision is None
            else _ONE[(g.current_player - seat) % n] + _DECISION_ROW[decision]
        )
        + bytes(
            g.zombies
            + g.closed
            + g.hardware
            + g.hands[seat]
            + g.discards
            + [len(g.deck), min(g.round, 127), g.chief_elected]
        )
    )


def _board(g: MallState, seat: int, out: bytearray) -> None:
    """characters and eaten (memoised per board), hidden."""
    key = (seat, *g.loc)
    board = _BOARD_CACHE.get(key)
    if board is None:
        if len(_BOARD_CACHE) >= _CACHE_MAX:
            _BOARD_CACHE.clear()
        board = _BOARD_CACHE[key] = _board_rows(g.loc, seat)
    out[_CHARACTERS:_BOARD_END] = board
    if any(g.hidden):
        out[_HIDDEN : _HIDDEN + g.num_players * KINDS] = _rotated(bytes(g.hidden), seat * KINDS)


def _seats(g: MallState, seat: int, out: bytearray) -> None:
    """hand_sizes, eliminated, played_round: public per-seat counts."""
    n = g.num_players
    out[_HAND_SIZES : _HAND_SIZES + n] = _rotated(bytes(map(sum, g.hands)), seat)
    if max(g.eliminated) >= 0:
        out[_ELIMINATED : _ELIMINATED + n] = _rotated(bytes(map(_IS_OUT, g.eliminated)), seat)
    if any(map(any, g.played)):
        played = b"".join(map(bytes, g.played))
        out[_PLAYED_ROUND : _PLAYED_ROUND + len(played)] = _rotated(played, seat * NUM_CARDS)


def _dice_and_destinations(g: MallState, seat: int, out: bytearray, see: Seen) -> None:
    """dice_known, dice, last_dice, place_dice, destinations, my_destination."""
    n = g.num_players
    dest, dest_public = g.dest, g.dest_public
    if dest[seat] >= 0 and see.destination(seat):
        out[_MY_DESTINATION + dest[seat]] = 1
    if see.god or 1 in dest_public:  # the destinations block: the seat's own only once public
        for s in range(n):
            if dest[s] >= 0 and (see.god or s != seat or dest_public[s]) and see.destination(s):
                out[_DESTINATIONS + (s - seat) % n * _L + dest[s]] = 1
    if g.dice[0] >= 0 and see.arrival_dice():
        out[_DICE_KNOWN] = 1
        out[_DICE : _DICE + _L] = _dice_counts(g.dice)
    if g.last_dice[0] >= 0:
        out[_LAST_DICE : _LAST_DICE + _L] = _dice_counts(g.last_dice)
    if g.place_dice[0] >= 0:
        out[_PLACE_DICE : _PLACE_DICE + _L] = _dice_counts(g.place_dice)


def _dice_counts(dice: list[int]) -> bytes:
    """How many dice show each location (memoised: a few hundred throws exist)."""
    key = tuple(dice)
    rows = _DICE_CACHE.get(key)
    if rows is None:
        rows = _DICE_CACHE[key] = bytes(map(dice.count, _LOCATIONS))
    return rows


def _votes(g: MallState, seat: int, out: bytearray, see: Seen) -> None:
    """The vote in progress (vote_purpose to my_ballot) and the last one revealed
    (last_vote, last_ballots, last_weights; memoised)."""
    n = g.num_players
    if g.v_purpose >= 0:
        out[_VOTE_PURPOSE + g.v_purpose] = 1
        out[_VOTE_LOCATION + g.v_loc] = 1
        out[_VOTE_RUNOFF] = g.v_runoff
        for s in g.v_candidates:
            out[_VOTE_CANDIDATES + (s - seat) % n] = 1
        out[_VOTE_WEIGHTS : _VOTE_WEIGHTS + n] = _rotated(bytes(g.v_weights), seat)
        if g.v_ballots[seat] >= 0 and see.ballot(seat):
            out[_MY_BALLOT + (g.v_ballots[seat] - seat) % n] = 1
    if any(g.v_threats):
        out[_VOTE_THREATS : _VOTE_THREATS + n] = _rotated(bytes(g.v_threats), seat)
    if g.last_vote[0] >= 0:
        key = (seat, *g.last_vote, *g.last_ballots, *g.last_weights)
        rows = _VOTE_CACHE.get(key)
        if rows is None:
            if len(_VOTE_CACHE) >= _CACHE_MAX:
                _VOTE_CACHE.clear()
            rows = _VOTE_CACHE[key] = _last_vote(g, seat)
        out[_LAST_VOTE:_LAST_VOTE_END] = rows


def _truck_and_attack(g: MallState, seat: int, out: bytearray, see: Seen) -> None:
    """truck, gift_from, gift_to, gift_card, attack_location, extra_zombies."""
    n = g.num_players
    if g.truck and see.truck():
        for card in g.truck:
            out[_TRUCK + card] += 1
    giver, receiver, card = g.gift
    if giver >= 0:
        out[_GIFT_FROM + (giver - seat) % n] = 1
        if receiver >= 0:
            out[_GIFT_TO + (receiver - seat) % n] = 1
        if see.gift_card():
            out[_GIFT_CARD + card] = 1
    if g.a_loc >= 0:
        out[_ATTACK_LOCATION + g.a_loc] = 1
    extra_most, extra_pinups = g.extra
    if extra_most >= 0:
        out[_EXTRA_ZOMBIES + extra_most] = 1
    if extra_pinups >= 0:
        out[_EXTRA_ZOMBIES + _L + extra_pinups] = 1


def _secrets(g: MallState, out: bytearray, see: Seen) -> None:
    """The state's extra blocks (absolute seats): all_hands to deck_cards."""
    n = g.num_players
    out[_ALL_HANDS : _ALL_HANDS + n * NUM_CARDS] = b"".join(
        bytes(g.hands[s]) if see.hand(s) else bytes(NUM_CARDS) for s in range(n)
    )
    for s in range(n):
        if see.ballot(s):
            out[_ALL_BALLOTS + s * MAX_PLAYERS + g.v_ballots[s]] = 1
        if see.destination(s):
            out[_ALL_DESTINATIONS + s * _L + g.dest[s]] = 1
    if see.arrival_dice():
        for L in g.dice:
            out[_ALL_DICE + L] += 1
    if see.deck():
        for card in g.deck:
            out[_DECK_CARDS + card] += 1
