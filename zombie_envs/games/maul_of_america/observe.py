"""What each seat may see in Maul of America, encoded into its observation vector.

``Visible`` is the single place that decides visibility; the encoder, the text and
picture views and replays ask it.  Private to a seat: its hand (Shopper cards, or
the Zombie Controller's Zombie cards).  Hidden from all: the order of the three
decks.  Public: the assembled Maul, every piece, wounds, equipment in play (with
shots left), hand sizes, the designated exit, discards and everything played.

Seats are relative to the observer (0 = self) except ``my_seat``; the ``role``
block says whether the observer is the Zombie Controller (seat 0) or a Shopper,
so one policy may play both.  The Maul is given square by square, indexed by the
square ids that actions use (``square``, ``activate``, ``enter``): what each square
is, its row and column (so a policy can tell where squares are) and the edge on each
of its sides (``EDGE_CODES``); then the pieces on it.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.layout import Grid, Layout, capped
from ...core.visibility import GOD, Visibility
from .cards import EQUIPMENT, HAND_NAMES, SEARCH_NAMES, SEARCH_TYPE, TYPES, WEAPONS, can_escape
from .declaration import GAME, KIND
from .maul import FACE_SIZE, FACES, SECTIONS

MAX_PLAYERS = GAME.max_players
MAX_SQUARES = 4 * FACE_SIZE * FACE_SIZE
_REL = ("self",) + tuple(f"+{i}" for i in range(1, MAX_PLAYERS))
_SQ = tuple(str(i) for i in range(MAX_SQUARES))
COUNTS = (
    "round", "max_rounds", "actions", "spent", "aim", "roll", "on_food_court", "zc_card_taken",
    "zombies", "zombie_cap", "reinforcements", "search_deck", "shopper_deck", "zombie_deck",
    "zombie_actions_left", "zombie_hits_on", "all_zombies_bonus", "next_zombie_bonus",
    "next_zombie_hits_on", "exit_designated", "sections_placed",
)  # fmt: skip
PER_SEAT = (
    "playing", "dead", "escaped", "wounds", "hand_size", "pieces", "can_escape", *TYPES,
    "row", "col",
)  # fmt: skip
#: what each side of a square is, in the ``edge_*`` planes
EDGE_CODES = {"open": 0, "door": 1, "window": 2, "arrow": 3, "wall": 4}
#: the Maul's fixed planes, in order: square kinds, position, and the edge on each side
STATIC = ("square", "search", "food_court", "exit", "row", "col") + tuple(
    f"edge_{side}" for side in ("north", "east", "south", "west")
)
DYNAMIC = (
    "the_exit", "zombies", "zombies_done", "my_last_search", "moving_zombie", "me", "shoppers",
)  # fmt: skip


class Visible(Visibility):
    """Maul of America's secrets, and who may see each."""

    __slots__ = ()

    def hand(self, s: int) -> bool:
        """The cards in a hand: its holder (how many is public)."""
        return self.god or s == self.seat

    def deck(self) -> bool:
        """The order and make-up of the three decks: nobody (their sizes are public)."""
        return self.god


def _public(layout: Layout) -> None:
    add = layout.add
    seats = tuple(str(s) for s in range(MAX_PLAYERS))
    add("my_seat", MAX_PLAYERS, "my seat (absolute; 0 is the Zombie Controller)", seats)
    add("role", 2, "my role", ("zombie controller", "shopper"))
    add("in_game", MAX_PLAYERS, "seat is in this game (relative)", _REL)
    add("active", MAX_PLAYERS, "whose turn it is (relative)", _REL)
    add("to_act", MAX_PLAYERS, "seat that decides now (relative)", _REL)
    add("decision", len(KIND), "kind of the pending decision", KIND)
    add("counts", len(COUNTS), "public counters (capped at 127)", COUNTS)
    add("hand", len(HAND_NAMES), "cards of each kind in my hand", HAND_NAMES)
    add(
        "seats",
        MAX_PLAYERS * len(PER_SEAT),
        "per relative seat: " + ", ".join(PER_SEAT),
        tuple(f"{r}:{f}" for r in _REL for f in PER_SEAT),
        (MAX_PLAYERS, len(PER_SEAT)),
    )
    names = tuple(SEARCH_NAMES[k] for k in EQUIPMENT)
    add(
        "equipment",
        MAX_PLAYERS * len(EQUIPMENT),
        "equipment in play per relative seat, by kind",
        tuple(f"{r}:{e}" for r in _REL for e in names),
        (MAX_PLAYERS, len(EQUIPMENT)),
    )
    add(
        "my_shots",
        len(WEAPONS),
        "shots left in my best weapon of each kind",
        tuple(SEARCH_NAMES[k] for k in WEAPONS),
    )
    add("trade_partner", MAX_PLAYERS, "the Shopper asked to trade (relative)", _REL)
    add("trade_give", len(EQUIPMENT), "equipment offered in the trade", names)
    add("trade_take", len(EQUIPMENT), "equipment asked for in the trade", names)
    add("search_discard", len(SEARCH_NAMES), "Search cards discarded, by kind", SEARCH_NAMES)
    add("card_discards", len(HAND_NAMES), "Shopper and Zombie cards played", HAND_NAMES)
    add("placed", len(FACES), "map sections in the Maul", tuple(f.name for f in FACES))
    add("placing", len(FACES), "the map section being placed", tuple(f.name for f in FACES))
    for name in STATIC + DYNAMIC:
        add(name, MAX_SQUARES, f"per square: {_PLANE_DOCS[name]}", _SQ, per_square=True)


_EDGES = ", ".join(f"{code} {name}" for name, code in EDGE_CODES.items())
_PLANE_DOCS = {
    "square": "a square is there (1 on every square once the Maul is whole)",
    "search": "a search square",
    "food_court": "a Food Court square",
    "exit": "a way out: a Maul exit or an arrow leading off the board",
    "row": "its row on the Maul, 0 at the top (as the text board numbers them)",
    "col": "its column on the Maul, 0 at the left",
    **{f"edge_{side}": f"its {side} side: {_EDGES}" for side in ("north", "east", "south", "west")},
    "the_exit": "a square of the exit the Zombie Controller designated",
    "zombies": "zombies",
    "zombies_done": "zombies that have acted this Zombie turn",
    "my_last_search": "where I searched last",
    "moving_zombie": "the zombie being moved",
    "me": "my pawn (a Shopper's)",
    "shoppers": "other Shoppers",
}
#: square ids number the assembled Maul's squares row by row, so where each lies depends
#: on how its sections were laid: the ``row`` and ``col`` planes say
GRID = Grid(
    (FACE_SIZE * SECTIONS, FACE_SIZE * SECTIONS),
    "Square ids number the assembled Maul's squares row by row, left to right, from its "
    "top-left corner, so which id lies where depends on how the sections were laid: the "
    "`row` and `col` planes give each square's row and column where `square` is 1. Until "
    "the last section is laid every per-square entry is 0. The Maul is at most four "
    f"sections ({FACE_SIZE} squares each way) long, so rows and columns are 0-"
    f"{FACE_SIZE * SECTIONS - 1}.",
)


OBS = Layout("Maul of America observation", grid=GRID)
_public(OBS)
STATE = Layout("Maul of America state", grid=GRID)
_public(STATE)
STATE.add(
    "all_hands",
    MAX_PLAYERS * len(HAND_NAMES),
    "every hand (absolute seats)",
    tuple(f"{s}:{c}" for s in range(MAX_PLAYERS) for c in HAND_NAMES),
    (MAX_PLAYERS, len(HAND_NAMES)),
)
STATE.add("search_cards", len(SEARCH_NAMES), "the Search deck, by kind", SEARCH_NAMES)
STATE.add("deck_cards", len(HAND_NAMES), "the Shopper and Zombie decks, by kind", HAND_NAMES)

_O = {b.name: b.start for b in STATE.blocks}
_NS = len(PER_SEAT)
_NE = len(EQUIPMENT)
_EQ = {k: i for i, k in enumerate(EQUIPMENT)}
_DECISION_ROW = GAME.one_hot()


@lru_cache(maxsize=64)  # as many as maul.build keeps: no Maul outlives its build
def _static(maul) -> bytes:
    """The Maul's fixed planes (``STATIC``), padded to ``MAX_SQUARES`` each."""
    n = maul.size
    search, food, exits = set(maul.search), set(maul.food_court), set(maul.exits)
    planes = [
        [1] * n,
        [int(i in search) for i in range(n)],
        [int(i in food) for i in range(n)],
        [int(i in exits) for i in range(n)],
        [maul.rc[i][0] for i in range(n)],
        [maul.rc[i][1] for i in range(n)],
    ]
    planes += [[EDGE_CODES[maul.side(i, side)] for i in range(n)] for side in range(4)]
    return b"".join(bytes(p).ljust(MAX_SQUARES, b"\0") for p in planes)


def encode(g, seat: int, out: bytearray, god: bool) -> None:
    """Write seat's view (everything if ``god``) into a zeroed ``out``, one group
    of named blocks per function below, each asking ``see`` about secrets."""
    see = Visible(g, GOD if god else seat)
    rel = [(s - seat) % g.num_players for s in range(g.num_players)]
    _head(g, seat, out, rel, see)
    _seats(g, seat, out, rel)
    _trade_and_table(g, out, rel)
    if g.maul is not None:
        _squares(g, seat, out)
    if god:
        _secrets(g, out, see)


def _head(g, seat: int, out: bytearray, rel: list[int], see: Visible) -> None:
    """my_seat to hand: who I am, who decides what, the public counts and my hand."""
    o, n = _O, g.num_players
    out[o["my_seat"] + seat] = 1
    out[o["role"] + (0 if seat == 0 else 1)] = 1
    out[o["in_game"] : o["in_game"] + n] = b"\x01" * n
    out[o["active"] + rel[g.active]] = 1
    if g.decision is not None:
        out[o["to_act"] + rel[g.current_player]] = 1
        out[o["decision"] : o["decision"] + len(KIND)] = _DECISION_ROW[g.decision]
    counts = (
        g.round, g.options["max_rounds"], g.actions, g.spent, g.aim, g.roll, g.on_food,
        g.zc_bonus, len(g.zombies), g.cap(), g.waiting, len(g.search), len(g.sdeck),
        len(g.zdeck), g.z_budget, g.z_hit, g.z_all, g.z_next_actions, g.z_next_hit,
        int(g.exit >= 0), len(g.plan),
    )  # fmt: skip
    out[o["counts"] : o["counts"] + len(COUNTS)] = capped(counts)
    if see.hand(seat):
        out[o["hand"] : o["hand"] + len(HAND_NAMES)] = bytes(g.hands[seat])


def _seats(g, seat: int, out: bytearray, rel: list[int]) -> None:
    """seats, equipment and my_shots: each seat's public row and what it carries."""
    o = _O
    for s in range(g.num_players):
        items = g.items[s]
        have = {SEARCH_TYPE[kind] for kind, _ in items}
        r, c = g.maul.rc[g.pos[s]] if g.pos[s] >= 0 else (0, 0)
        row = (
            g.status[s] == 0, g.status[s] == 1, g.status[s] == 2, g.wounds[s],
            sum(g.hands[s]), len(items), can_escape(items), *(t in have for t in TYPES), r, c,
        )  # fmt: skip
        base = o["seats"] + rel[s] * _NS
        out[base : base + _NS] = bytes(row)
        base = o["equipment"] + rel[s] * _NE
        for kind, _ in items:
            out[base + _EQ[kind]] += 1
    for kind, shots in g.items[seat]:
        if kind in WEAPONS:
            i = o["my_shots"] + WEAPONS.index(kind)
            out[i] = max(out[i], shots)


def _trade_and_table(g, out: bytearray, rel: list[int]) -> None:
    """trade_partner to placing: the pending trade, the discards and the map sections."""
    o = _O
    partner, give, take = g.trade
    if partner >= 0:
        out[o["trade_partner"] + rel[partner]] = 1
        for kind in give:
            out[o["trade_give"] + _EQ[kind]] += 1
        for kind in take:
            out[o["trade_take"] + _EQ[kind]] += 1
    for kind in g.search_discard:
        out[o["search_discard"] + kind] += 1
    for kind in g.sdiscard + g.zdiscard:
        out[o["card_discards"] + kind] += 1
    for face, *_ in g.plan:
        out[o["placed"] + face] = 1
    if g.face >= 0:
        out[o["placing"] + g.face] = 1


def _squares(g, seat: int, out: bytearray) -> None:
    """The per-square planes: the Maul's fixed ones once it is whole, then the pieces."""
    o = _O
    if len(g.plan) == SECTIONS:
        static = _static(g.maul)
        out[o["square"] : o["square"] + len(static)] = static
    for v in g.maul.way_out[g.exit] if g.exit >= 0 else ():
        out[o["the_exit"] + v] = 1
    for v, done in zip(g.zombies, g.zdone, strict=True):
        out[o["zombies"] + v] += 1
        out[o["zombies_done"] + v] += done
    if g.searched[seat] >= 0:
        out[o["my_last_search"] + g.searched[seat]] = 1
    if g.z_square >= 0:
        out[o["moving_zombie"] + g.z_square] = 1
    for s in range(1, g.num_players):
        if g.pos[s] >= 0:
            out[o["me" if s == seat else "shoppers"] + g.pos[s]] += 1


def _secrets(g, out: bytearray, see: Visible) -> None:
    """all_hands, search_cards and deck_cards: the central state's hidden blocks."""
    o = _O
    for s in range(g.num_players):
        if see.hand(s):
            base = o["all_hands"] + s * len(HAND_NAMES)
            out[base : base + len(HAND_NAMES)] = bytes(g.hands[s])
    if see.deck():
        for kind in g.search:
            out[o["search_cards"] + kind] += 1
        for kind in g.sdeck + g.zdeck:
            out[o["deck_cards"] + kind] += 1
