"""What each seat may see in We Are Dead, encoded into its observation vector.

``Visible`` is the single place that decides visibility; the encoder, the
text and picture views, the move log and replays ask it.  Public: positions, scores, damage,
infection tokens, hand sizes, revealed cards (discard pile, main hero, added
heroes), which opponents placed a face-down hero, flipped shopper tokens and
the horde.  Private to a seat: its own hand and the identity of its own
face-down hero.  Hidden from all: unflipped shopper-token numbers and the deck
order.  Entries are small non-negative integers (int8); seats are relative to
the observer (0 = self); squares are board node ids, padded to the largest
board.  ``state_vector`` adds every secret, for centralised critics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.deck import counts
from ...core.game import mypyc_attr
from ...core.layout import Grid, Layout
from ...core.visibility import GOD, Visibility
from .data import BOARDS, CARD_NAMES, HAND_KINDS, HERO_NAMES, NUM_ATTACK, NUM_KINDS, board
from .declaration import GAME, KIND

if TYPE_CHECKING:  # typed for the compiled build: the engine's fields read natively
    from .state import DeadState

MAX_PLAYERS = GAME.max_players
SQUARES = max(board(name).size for name in BOARDS)
_REL = ("self",) + tuple(f"+{i}" for i in range(1, MAX_PLAYERS))
_SQ = tuple(str(i) for i in range(SQUARES))
COUNTS = (
    "deck", "discard_size", "reshuffles", "horde_score", "hordes",
    "movement_left", "chef", "clerk", "security_guard", "mother", "panic", "token_value",
    "toughness", "fight_total", "slain", "slay_units", "hero_defeated", "skaters",
    "horde_reduction", "horde_passes", "goal", "turn",
)  # fmt: skip
PER_SEAT = (
    "score", "damage", "infection", "hand_size", "fire_penalty", "wounded", "hero_placed",
    "revealer",
)  # fmt: skip


@mypyc_attr(native_class=False)  # compiled, it subclasses the interpreted Visibility
class Visible(Visibility):
    """We Are Dead's secrets, and who may see each."""

    __slots__ = ()

    def hand(self, s: int) -> bool:
        """The cards in a hand: its holder (how many is public)."""
        return self.owns(s)

    def facedown(self, s: int) -> bool:
        """Which hero a seat placed face down: that seat (that it placed one is public)."""
        g: DeadState = self.g  # typed: compiled, its fields read natively
        return g.facedown[s] >= 0 and self.owns(s)

    def token(self, v: int) -> bool:
        """The number on the shopper token at square ``v``: everyone once it is
        flipped (attacked, or reached by a horde), nobody before."""
        g: DeadState = self.g  # typed: compiled, its fields read natively
        return g.token[v] > 0 and (self.god or v == g.a_node or v in g.h_targets)

    def deck(self) -> bool:
        """The deck's order and make-up, and the shopper tokens still to place: nobody."""
        return self.god


def _public(layout: Layout) -> None:
    add = layout.add
    add("my_seat", MAX_PLAYERS, "my seat (absolute)", tuple(str(i) for i in range(MAX_PLAYERS)))
    add("in_game", MAX_PLAYERS, "seat is in this game (relative)", _REL)
    add("active", MAX_PLAYERS, "whose turn it is (relative)", _REL)
    add("to_act", MAX_PLAYERS, "seat that decides now (relative)", _REL)
    add("decision", len(KIND), "kind of the pending decision", KIND)
    add("counts", len(COUNTS), "public counters (horde score and turn capped at 127)", COUNTS)
    add("hand", HAND_KINDS, "cards of each kind in my hand", CARD_NAMES[:HAND_KINDS])
    add(
        "seats",
        MAX_PLAYERS * len(PER_SEAT),
        "per relative seat: " + ", ".join(PER_SEAT),
        tuple(f"{r}:{f}" for r in _REL for f in PER_SEAT),
    )
    add("main_hero", len(HERO_NAMES), "the hero being fought", HERO_NAMES)
    add("main_owner", MAX_PLAYERS, "who played the hero being fought (relative)", _REL)
    add("my_facedown", len(HERO_NAMES), "my own face-down hero", HERO_NAMES)
    add("discard_pile", NUM_KINDS, "cards of each kind in the face-up discard pile", CARD_NAMES)
    add("lost_card", HAND_KINDS, "card the Police Officer took at random", CARD_NAMES[:HAND_KINDS])
    add("my_square", SQUARES, "my position", _SQ, per_square=True)
    add("opponents", SQUARES, "opponents on each square", _SQ, per_square=True)
    add("tokens", SQUARES, "unflipped shopper token on the square", _SQ, per_square=True)
    add(
        "flipped",
        SQUARES,
        "number on a flipped token being attacked or eaten",
        _SQ,
        per_square=True,
    )
    add("hordes", SQUARES, "horde tokens on the square", _SQ, per_square=True)
    add(
        "prey",
        SQUARES,
        "the shopper token two hordes are as near to (horde_pick)",
        _SQ,
        per_square=True,
    )


#: square ids number a board's squares (the map characters a piece can stand on) row
#: by row, left to right, as its map file draws them
GRID = Grid(
    (max(board(n).height for n in BOARDS), max(board(n).width for n in BOARDS)),
    "Square ids number the squares of the board the `board` option picks (every map "
    "character a piece can stand on, `data/<board>.txt`) row by row, left to right; ids "
    "past its last square stay 0. The rows and columns are the map's, as the text board "
    "numbers them (`r12c3`).",
    option="board",
    boards={name: board(name).rc for name in BOARDS},
)
OBS = Layout("We Are Dead observation", grid=GRID)
_public(OBS)
STATE = Layout("We Are Dead state", grid=GRID)
_public(STATE)
STATE.add(
    "all_hands",
    MAX_PLAYERS * HAND_KINDS,
    "every hand (absolute seats)",
    tuple(f"{s}:{c}" for s in range(MAX_PLAYERS) for c in CARD_NAMES[:HAND_KINDS]),
)
STATE.add(
    "all_facedown",
    MAX_PLAYERS * len(HERO_NAMES),
    "every face-down hero (absolute seats)",
    tuple(f"{s}:{h}" for s in range(MAX_PLAYERS) for h in HERO_NAMES),
)
STATE.add("token_values", SQUARES, "number on every shopper token", _SQ, per_square=True)
STATE.add("deck_cards", NUM_KINDS, "cards of each kind left in the deck", CARD_NAMES)

(
    _MY_SEAT, _IN_GAME, _ACTIVE, _TO_ACT, _DECISION, _COUNTS, _HAND, _SEATS, _MAIN_HERO,
    _MAIN_OWNER, _MY_FACEDOWN, _DISCARD_PILE, _LOST_CARD, _MY_SQUARE, _OPPONENTS, _TOKENS,
    _FLIPPED, _HORDES, _PREY, _ALL_HANDS, _ALL_FACEDOWN, _TOKEN_VALUES, _DECK_CARDS,
) = (b.start for b in STATE.blocks)  # fmt: skip
_NS = len(PER_SEAT)
_HEROES = len(HERO_NAMES)
# A deck of 94 cards, scores near the goal, 20 infection tokens: every count but
# the horde score and the turn fits in int8 as it is.
_PRESENT = bytes([0] + [1] * 255)  # a token's number -> "a token is here"
_DECISION_ROW = GAME.one_hot()
_DECISION_END = _DECISION + len(KIND)
_ONES = [b"\x01" * n for n in range(MAX_PLAYERS + 1)]
# The discard pile's counts by kind, memoised: the pile changes far less often
# than the decision does, and counting it was the encoder's biggest cost.
_PILE_CACHE: dict[bytes, bytes] = {}
_CACHE_MAX = 1 << 14


def _pile(cards: list[int]) -> bytes:
    key = bytes(cards)
    rows = _PILE_CACHE.get(key)
    if rows is None:
        if len(_PILE_CACHE) >= _CACHE_MAX:
            _PILE_CACHE.clear()
        rows = _PILE_CACHE[key] = bytes(counts(cards, NUM_KINDS))
    return rows


def encode(g: DeadState, seat: int, out: bytearray, god: bool) -> None:
    """Write seat's view (everything if ``god``) into a zeroed ``out``, one group
    of named blocks per function below, each asking ``see`` about secrets."""
    see = Visible(g, GOD if god else seat)
    rel = [(s - seat) % g.num_players for s in range(g.num_players)]
    _head(g, seat, out, rel)
    _seats(g, seat, out, rel, see)
    _board(g, seat, out, see)
    if god:
        _secrets(g, out, see)


def _head(g: DeadState, seat: int, out: bytearray, rel: list[int]) -> None:
    """my_seat to hand: who I am, who decides what, the public counts and my hand."""
    n = g.num_players
    out[_MY_SEAT + seat] = 1
    out[_IN_GAME : _IN_GAME + n] = _ONES[n]
    out[_ACTIVE + rel[g.active]] = 1
    if g.decision is not None:
        out[_TO_ACT + rel[g.current_player]] = 1
        out[_DECISION:_DECISION_END] = _DECISION_ROW[g.decision]
    public = (
        len(g.deck), len(g.discard), g.reshuffles, min(g.horde_score, 127), len(g.hordes),
        g.budget, g.chef, g.clerk, g.guard, g.mother, g.panic, max(g.a_value, 0),
        g.toughness, g.fight_total, g.slain, g.slay_units, g.hero_defeated, g.skaters,
        g.h_reduction, g.h_passes, g.goal, min(g.turn, 127),
    )  # fmt: skip
    out[_COUNTS : _COUNTS + len(COUNTS)] = bytes(public)
    out[_HAND : _HAND + HAND_KINDS] = bytes(g.hands[seat])


def _seats(g: DeadState, seat: int, out: bytearray, rel: list[int], see: Visible) -> None:
    """seats to lost_card: each seat's public row, the heroes and the cards played."""
    score, damage, infection, hands = g.score, g.damage, g.infection, g.hands
    fire, wounded, facedown, revealers = g.fire, g.wounded, g.facedown, g.revealers
    for s in range(g.num_players):
        row = (
            score[s], damage[s], min(infection[s], 127), sum(hands[s]), fire[s],
            wounded[s], facedown[s] >= 0, s in revealers,
        )  # fmt: skip
        base = _SEATS + rel[s] * _NS
        out[base : base + _NS] = bytes(row)
    if g.main_kind >= 0:
        out[_MAIN_HERO + g.main_kind - NUM_ATTACK] = 1
        out[_MAIN_OWNER + rel[g.main_seat]] = 1
    if see.facedown(seat):
        out[_MY_FACEDOWN + facedown[seat] - NUM_ATTACK] = 1
    if g.discard:
        out[_DISCARD_PILE : _DISCARD_PILE + NUM_KINDS] = _pile(g.discard)
    if g.last_lost >= 0:
        out[_LOST_CARD + g.last_lost] = 1


def _board(g: DeadState, seat: int, out: bytearray, see: Visible) -> None:
    """my_square to prey: the players, the shopper tokens and the hordes on the board."""
    pos = g.pos
    out[_MY_SQUARE + pos[seat]] = 1
    for s in range(g.num_players):
        if s != seat:
            out[_OPPONENTS + pos[s]] += 1
    out[_TOKENS : _TOKENS + g.board.size] = bytes(g.token).translate(_PRESENT)
    if g.a_node >= 0 and see.token(g.a_node):
        out[_FLIPPED + g.a_node] = g.token[g.a_node]
    for v in g.h_targets:
        if see.token(v):
            out[_FLIPPED + v] = g.token[v]
    for v in g.hordes:
        out[_HORDES + v] += 1
    if g.h_prey >= 0:
        out[_PREY + g.h_prey] = 1


def _secrets(g: DeadState, out: bytearray, see: Visible) -> None:
    """The state's extra blocks (absolute seats): all_hands to deck_cards."""
    for s in range(g.num_players):
        base = _ALL_HANDS + s * HAND_KINDS
        if see.hand(s):
            out[base : base + HAND_KINDS] = bytes(g.hands[s])
        if see.facedown(s):
            out[_ALL_FACEDOWN + s * _HEROES + g.facedown[s] - NUM_ATTACK] = 1
    for v in range(g.board.size):
        if see.token(v):
            out[_TOKEN_VALUES + v] = g.token[v]
    if see.deck():
        out[_DECK_CARDS : _DECK_CARDS + NUM_KINDS] = bytes(counts(g.deck, NUM_KINDS))
