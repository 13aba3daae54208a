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

from collections import Counter

from ...core.layout import Layout
from ...core.visibility import GOD, Visibility
from .data import BOARDS, CARD_NAMES, GOAL, HAND_KINDS, HERO_NAMES, NUM_ATTACK, NUM_KINDS, board
from .declaration import GAME, KIND

MAX_PLAYERS = max(GOAL)
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


class Visible(Visibility):
    """We Are Dead's secrets, and who may see each."""

    __slots__ = ()

    def hand(self, s: int) -> bool:
        """The cards in a hand: its holder (how many is public)."""
        return self.owns(s)

    def facedown(self, s: int) -> bool:
        """Which hero a seat placed face down: that seat (that it placed one is public)."""
        return self.g.facedown[s] >= 0 and self.owns(s)

    def token(self, v: int) -> bool:
        """The number on the shopper token at square ``v``: everyone once it is
        flipped (attacked, or reached by a horde), nobody before."""
        g = self.g
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
    add("my_square", SQUARES, "my position", _SQ)
    add("opponents", SQUARES, "opponents on each square", _SQ)
    add("tokens", SQUARES, "unflipped shopper token on the square", _SQ)
    add("flipped", SQUARES, "number on a flipped token being attacked or eaten", _SQ)
    add("hordes", SQUARES, "horde tokens on the square", _SQ)
    add("prey", SQUARES, "the shopper token two hordes are as near to (horde_pick)", _SQ)


OBS = Layout("We Are Dead observation")
_public(OBS)
STATE = Layout("We Are Dead state")
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
STATE.add("token_values", SQUARES, "number on every shopper token", _SQ)
STATE.add("deck_cards", NUM_KINDS, "cards of each kind left in the deck", CARD_NAMES)

_O = {b.name: b.start for b in STATE.blocks}
_NS = len(PER_SEAT)
# A deck of 94 cards, scores near the goal, 20 infection tokens: every count but
# the horde score and the turn fits in int8 as it is.
_KINDS = range(NUM_KINDS)
_ZEROS = (0,) * NUM_KINDS
_PRESENT = bytes([0] + [1] * 255)  # a token's number -> "a token is here"
_DECISION_ROW = GAME.one_hot()
_DECISION = slice(_O["decision"], _O["decision"] + len(KIND))


def encode(g, seat: int, out: bytearray, god: bool) -> None:
    """Write seat's view (everything if ``god``) into a zeroed ``out``."""
    o, n = _O, g.num_players
    see = Visible(g, GOD if god else seat)
    rel = [(s - seat) % n for s in range(n)]
    out[o["my_seat"] + seat] = 1
    out[o["in_game"] : o["in_game"] + n] = b"\x01" * n
    out[o["active"] + rel[g.active]] = 1
    if g.decision is not None:
        out[o["to_act"] + rel[g.current_player]] = 1
        out[_DECISION] = _DECISION_ROW[g.decision]
    counts = (
        len(g.deck), len(g.discard), g.reshuffles, min(g.horde_score, 127), len(g.hordes),
        g.budget, g.chef, g.clerk, g.guard, g.mother, g.panic, max(g.a_value, 0),
        g.toughness, g.fight_total, g.slain, g.slay_units, g.hero_defeated, g.skaters,
        g.h_reduction, g.h_passes, g.goal, min(g.turn, 127),
    )  # fmt: skip
    out[o["counts"] : o["counts"] + len(COUNTS)] = bytes(counts)
    out[o["hand"] : o["hand"] + HAND_KINDS] = bytes(g.hands[seat])
    for s in range(n):
        row = (
            g.score[s], g.damage[s], min(g.infection[s], 127), sum(g.hands[s]), g.fire[s],
            g.wounded[s], g.facedown[s] >= 0, s in g.revealers,
        )  # fmt: skip
        base = o["seats"] + rel[s] * _NS
        out[base : base + _NS] = bytes(row)
    if g.main_kind >= 0:
        out[o["main_hero"] + g.main_kind - NUM_ATTACK] = 1
        out[o["main_owner"] + rel[g.main_seat]] = 1
    if see.facedown(seat):
        out[o["my_facedown"] + g.facedown[seat] - NUM_ATTACK] = 1
    pile = Counter(g.discard)
    out[o["discard_pile"] : o["discard_pile"] + NUM_KINDS] = bytes(map(pile.get, _KINDS, _ZEROS))
    if g.last_lost >= 0:
        out[o["lost_card"] + g.last_lost] = 1
    size = g.board.size
    out[o["my_square"] + g.pos[seat]] = 1
    for s in range(n):
        if s != seat:
            out[o["opponents"] + g.pos[s]] += 1
    out[o["tokens"] : o["tokens"] + size] = bytes(g.token).translate(_PRESENT)
    for v in (g.a_node, *g.h_targets):
        if v >= 0 and see.token(v):
            out[o["flipped"] + v] = g.token[v]
    for v in g.hordes:
        out[o["hordes"] + v] += 1
    if g.h_prey >= 0:
        out[o["prey"] + g.h_prey] = 1
    if god:
        for s in range(n):
            base = o["all_hands"] + s * HAND_KINDS
            if see.hand(s):
                out[base : base + HAND_KINDS] = bytes(g.hands[s])
            if see.facedown(s):
                out[o["all_facedown"] + s * len(HERO_NAMES) + g.facedown[s] - NUM_ATTACK] = 1
        for v in range(size):
            if see.token(v):
                out[o["token_values"] + v] = g.token[v]
        if see.deck():
            deck = Counter(g.deck)
            out[o["deck_cards"] : o["deck_cards"] + NUM_KINDS] = bytes(
                map(deck.get, _KINDS, _ZEROS)
            )
