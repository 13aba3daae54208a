"""What each seat may see in Mall Walkers, encoded into its observation vector.

``Visible`` is the single place that decides visibility; the encoder, the text and
picture views, the narration and replays ask it.  Private to a seat: its hand of
event cards (how many cards a hand holds is public).  Hidden from all: the order of
the tile stack and of the event deck (which tiles are still in the stack is public:
every tile not yet on the table; a Helipad the ``helipad="bottom"`` option put at the
bottom is known to lie there).  Public: everything on the table.

The mall grows during the game, yet the vector has one size: it is laid out for the
largest mall, as actions are.

- **Tiles**, one slot per tile in placement order (``mall.MAX_TILES`` slots: the game
  has 16 tiles, so no mall has more): whether the slot holds a tile, its position on
  the tile grid (row and column relative to the Front Door, plus ``TILE_OFFSET`` so
  they are never negative), quarter turns, floor, and its kind one-hot.  A tile is
  placed touching a placed tile, so the k-th tile lies at most k steps from the Front
  Door: every legal mall fits in the placement window of radius
  ``mall.WINDOW_RADIUS`` = 15, and rows and columns stay in 0..30.
- **Squares**, one entry per square id as actions index them (tile k's squares are
  ids ``9 k .. 9 k + 8``, ``mall.MAX_SQUARES`` = 144 in all; ids without a square
  stay 0): what the square is, its global row and column (plus ``SQUARE_OFFSET``:
  0..92), its floor, the edge on each side (``EDGE_CODES``), then what lies on it.
- **Placements**: where the tile being placed may go, as the position beside placed
  tile k on its side s, turned t (every free position lies beside a placed tile),
  valued by the floor the tile would take; the mask gives the same to the deciding
  seat as ``place`` actions.

Seats are relative to the observer (0 = self) except ``my_seat``.  Every entry is a
small non-negative integer (counts capped at 127).
"""

from __future__ import annotations

from functools import lru_cache

from ...core.game import mypyc_attr
from ...core.layout import Grid, Layout, capped
from ...core.tiles import beside, opposite
from ...core.visibility import GOD, Visibility
from .cards import KINDS, NAMES
from .declaration import GAME, KIND
from .mall import (
    CELLS,
    HELIPAD,
    MAX_SQUARES,
    MAX_TILES,
    TILE_SIZE,
    TILES,
    WINDOW_RADIUS,
    turned,
)
from .mall import NAMES as TILE_NAMES
from .state import MallState

MAX_PLAYERS = GAME.max_players
TILE_KINDS = len(TILES)
#: added to a tile's row and column (relative to the Front Door) in the ``tiles`` block
TILE_OFFSET = WINDOW_RADIUS
#: added to a square's global row and column in the ``row`` and ``col`` planes
SQUARE_OFFSET = TILE_SIZE * WINDOW_RADIUS
_REL = ("self",) + tuple(f"+{i}" for i in range(1, MAX_PLAYERS))
_SQ = tuple(str(i) for i in range(MAX_SQUARES))
_SIDES = ("north", "east", "south", "west")
_OPTIONS = {o.name: o for o in GAME.options}
SCENARIOS = _OPTIONS["scenario"].choices
HELIPAD_PLACES = _OPTIONS["helipad"].choices
COUNTS = (
    "round", "max_rounds", "moves_left", "zombie_moves", "zombies_moved", "tiles_placed",
    "stack", "helipad_at_bottom", "deck", "discard", "lost_tiles", "zombies",
    "fighting", "fight_die", "fight_bonus", "sprinkler", "keys_in_play", "keys_first",
    "dueled", "duel_challenger_roll", "duel_keeper_roll", "game_over",
)  # fmt: skip
PER_SEAT = (
    "life", "bullets", "trophies", "hand_size", "rescued", "keeper", "duct", "jammed",
    "unlucky", "played", "barricade", "tile", "cell", "row", "col", "winner",
)  # fmt: skip
TILE_FIELDS = ("placed", "row", "col", "turns", "floor", "barricaded")
#: what each side of a square is, in the ``edge_*`` planes: an open step, a step through a
#: store's doorway, a wall (or a tile edge with no hall), a hall leaving the mall where no
#: tile is placed yet (where the mall may grow)
EDGE_CODES = {"open": 0, "door": 1, "wall": 2, "hall_end": 3}
#: the mall's planes, fixed once a tile is placed: what each square is, where, and its edges
STATIC = (
    "square", "hall", "store", "roof", "duct", "centre", "start", "floor", "row", "col",
    *(f"edge_{side}" for side in _SIDES),
)  # fmt: skip
#: what lies on each square
DYNAMIC = (
    "zombies", "zombie_moved", "life_tokens", "bullet_tokens", "rescue_tokens", "keys",
    "fight", "me", "others",
)  # fmt: skip


@mypyc_attr(native_class=False)  # a subclass of core.visibility's Python class
class Visible(Visibility):
    """Mall Walkers' secrets, and who may see each."""

    __slots__ = ()

    def hand(self, s: int) -> bool:
        """The cards in a hand: its holder (how many is public)."""
        return self.owns(s)

    def stack(self) -> bool:
        """The order of the tile stack: nobody (which tiles it holds is public)."""
        return self.god

    def deck(self) -> bool:
        """The order and make-up of the event deck: nobody (its size is public)."""
        return self.god


def _public(layout: Layout) -> None:
    add = layout.add
    seats = tuple(str(i) for i in range(MAX_PLAYERS))
    add("my_seat", MAX_PLAYERS, "my seat (absolute)", seats)
    add("in_game", MAX_PLAYERS, "seat is in this game (relative)", _REL)
    add("active", MAX_PLAYERS, "whose turn it is (relative)", _REL)
    add("to_act", MAX_PLAYERS, "seat that decides now (relative)", _REL)
    add("first", MAX_PLAYERS, "the seat that opens each round (relative)", _REL)
    add("decision", len(KIND), "kind of the pending decision", KIND)
    add("scenario", len(SCENARIOS), "the scenario (option)", SCENARIOS)
    add("helipad_option", len(HELIPAD_PLACES), "where the Helipad is shuffled in", HELIPAD_PLACES)
    add("counts", len(COUNTS), "public counters (capped at 127): " + ", ".join(COUNTS), COUNTS)
    add("hand", KINDS, "event cards of each kind in my hand", NAMES)
    add(
        "seats",
        MAX_PLAYERS * len(PER_SEAT),
        "per relative seat: " + ", ".join(PER_SEAT) + " (its pawn's tile slot and cell, "
        f"global row and column + {SQUARE_OFFSET})",
        tuple(f"{r}:{f}" for r in _REL for f in PER_SEAT),
        (MAX_PLAYERS, len(PER_SEAT)),
    )
    add(
        "items",
        MAX_PLAYERS * KINDS,
        "event cards in play per relative seat, by kind",
        tuple(f"{r}:{c}" for r in _REL for c in NAMES),
        (MAX_PLAYERS, KINDS),
    )
    add("duel_challenger", MAX_PLAYERS, "who challenges the keeper (relative)", _REL)
    add("fight_weapon", KINDS, "the weapon used in the fight under way", NAMES)
    add("card_pending", KINDS, "the card played, waiting for a player or a pick", NAMES)
    add("discard_pile", KINDS, "event cards in the discard pile, by kind", NAMES)
    add("drawn", TILE_KINDS, "the tile being placed", TILE_NAMES)
    add("stack_tiles", TILE_KINDS, "tiles still in the stack, by kind", TILE_NAMES)
    add("lost", TILE_KINDS, "tiles discarded (they fit nowhere), by kind", TILE_NAMES)
    add(
        "tiles",
        MAX_TILES * len(TILE_FIELDS),
        "per tile slot in placement order: " + ", ".join(TILE_FIELDS) + f" (row and col: on "
        f"the tile grid relative to the Front Door, + {TILE_OFFSET}; turns: quarter turns "
        "clockwise; barricaded: its store's doorways are closed to zombies)",
        tuple(f"{k}:{f}" for k in range(MAX_TILES) for f in TILE_FIELDS),
        (MAX_TILES, len(TILE_FIELDS)),
    )
    add(
        "tile_kind",
        MAX_TILES * TILE_KINDS,
        "per tile slot: its kind",
        tuple(f"{k}:{name}" for k in range(MAX_TILES) for name in TILE_NAMES),
        (MAX_TILES, TILE_KINDS),
    )
    add(
        "placements",
        MAX_TILES * 4 * 4,
        "where the tile being placed may go: beside tile slot k on its side s (N, E, S, W), "
        "turned t quarter turns; the floor it would take (1 or 2), 0: not there",
        tuple(f"{k}:{s}:{t}" for k in range(MAX_TILES) for s in "NESW" for t in range(4)),
        (MAX_TILES, 4, 4),
    )
    for name in STATIC + DYNAMIC:
        add(name, MAX_SQUARES, f"per square id: {_PLANE_DOCS[name]}", _SQ, per_square=True)


_PLANE_DOCS = {
    "square": "a square is there",
    "hall": "a hall square",
    "store": "a store space (its tile is in the tile slot id // 9)",
    "roof": "a square of the Helipad",
    "duct": "a store's air duct square",
    "centre": "the Helipad's centre",
    "start": "the Front Door's start square",
    "floor": "its floor (1 or 2)",
    "row": f"global row + {SQUARE_OFFSET}",
    "col": f"global column + {SQUARE_OFFSET}",
    **{
        f"edge_{side}": f"its {side} side: 0 open, 1 doorway, 2 wall, 3 a hall leaving the mall"
        for side in _SIDES
    },
    "zombies": "a zombie",
    "zombie_moved": "a zombie moved this zombie phase",
    "life_tokens": "life tokens",
    "bullet_tokens": "bullet tokens",
    "rescue_tokens": "rescue tokens (Search and Rescue)",
    "keys": "the helicopter keys, dropped (Kill the Guy With the Keys)",
    "fight": "the square of the fight under way",
    "me": "my pawn",
    "others": "other players' pawns",
}

#: the mall grows as tiles are laid, so where each square id lies is read off its
#: ``row`` and ``col`` planes, on a board that holds the whole placement window
GRID = Grid(
    (TILE_SIZE * (2 * WINDOW_RADIUS + 1), TILE_SIZE * (2 * WINDOW_RADIUS + 1)),
    f"Square ids follow the tiles in the order they were laid: tile slot k's squares are "
    f"ids {CELLS} k to {CELLS} k + {CELLS - 1}, row by row across the tile as turned. "
    "Where a square lies depends on where its tile was laid: the `row` and `col` planes "
    f"give its global row and column + {SQUARE_OFFSET} where `square` is 1, and "
    f"`planes` puts it there, on a board of {TILE_SIZE * (2 * WINDOW_RADIUS + 1)} rows "
    "and columns that holds every mall (the Front Door's centre square is at row and "
    f"column {SQUARE_OFFSET + 1}).",
)
OBS = Layout("Zombies!!! 3: Mall Walkers observation", grid=GRID)
_public(OBS)
STATE = Layout("Zombies!!! 3: Mall Walkers state", grid=GRID)
_public(STATE)
STATE.add(
    "all_hands",
    MAX_PLAYERS * KINDS,
    "every hand (absolute seats)",
    tuple(f"{s}:{c}" for s in range(MAX_PLAYERS) for c in NAMES),
    (MAX_PLAYERS, KINDS),
)
STATE.add("deck_cards", KINDS, "the event deck, by kind", NAMES)
STATE.add("deck_top", KINDS, "the next event card", NAMES)
STATE.add(
    "stack_order",
    MAX_TILES * TILE_KINDS,
    "the tile stack in drawing order (first: the next tile), by kind",
    tuple(f"{i}:{name}" for i in range(MAX_TILES) for name in TILE_NAMES),
    (MAX_TILES, TILE_KINDS),
)

_O = {b.name: b.start for b in STATE.blocks}
_NS, _NF = len(PER_SEAT), len(TILE_FIELDS)
#: the tile table's column set while playing; the ones before it are fixed with the mall
_BARRICADED = TILE_FIELDS.index("barricaded")
#: a tile slot's row of the ``placements`` block: a floor per side and quarter turn
_PLACES = 4 * 4
_DECISION_ROW = GAME.one_hot()
_SCENARIO = {s: i for i, s in enumerate(SCENARIOS)}
_HELIPAD_PLACE = {s: i for i, s in enumerate(HELIPAD_PLACES)}


def edge_code(mall, i: int, side: int) -> int:
    """The ``EDGE_CODES`` value of square ``i``'s ``side``."""
    if mall.nbr[i][side] >= 0:
        return EDGE_CODES["door" if mall.door[i][side] else "open"]
    k, cell = divmod(i, CELLS)
    kind, _, _, turns, _ = mall.tiles[k]
    if turned(kind, turns).hall_cell[side] == cell:
        return EDGE_CODES["hall_end"]  # a hall to a free position (a placed tile would join)
    return EDGE_CODES["wall"]


@lru_cache(maxsize=512)  # as many as mall.build keeps
def _static(mall) -> tuple[bytes, bytes, bytes]:
    """The mall's fixed blocks: the tile table, the tile kinds and the square planes
    (``STATIC``), each padded to its full size."""
    table, kinds = bytearray(MAX_TILES * _NF), bytearray(MAX_TILES * TILE_KINDS)
    for k, (kind, row, col, turns, floor) in enumerate(mall.tiles):
        table[k * _NF : k * _NF + _BARRICADED] = bytes(
            (1, row + TILE_OFFSET, col + TILE_OFFSET, turns, floor)
        )
        kinds[k * TILE_KINDS + kind] = 1
    planes = [bytearray(MAX_SQUARES) for _ in STATIC]
    (square, hall, store, roof, duct, centre, start, floor, row, col, *edges) = planes
    for i in mall.squares:
        k = i // CELLS
        square[i] = 1
        if mall.store[i] < 0:
            hall[i] = 1
        elif mall.tiles[mall.store[i]][0] == HELIPAD:
            roof[i] = 1
        else:
            store[i] = 1
        floor[i] = mall.tiles[k][4]
        r, c = mall.rc[i]
        row[i], col[i] = r + SQUARE_OFFSET, c + SQUARE_OFFSET
        for side in range(4):
            edges[side][i] = edge_code(mall, i, side)
    for i in mall.duct:
        if i >= 0:
            duct[i] = 1
    if mall.centre >= 0:
        centre[mall.centre] = 1
    start[mall.start] = 1
    return bytes(table), bytes(kinds), b"".join(planes)


@lru_cache(maxsize=512)
def _placements(mall, kind: int) -> bytes:
    """The ``placements`` block of tile ``kind`` drawn in ``mall``."""
    out = bytearray(MAX_TILES * _PLACES)
    for row, col, turns, floor in mall.placements(kind):
        for side in range(4):
            k = mall.at.get(beside((row, col), side))
            if k is not None:  # the position lies beside tile k, on k's opposite side
                out[_PLACES * k + 4 * opposite(side) + turns] = floor
    return bytes(out)


def encode(g: MallState, seat: int, out: bytearray, god: bool) -> None:
    """Write seat's view (everything if ``god``) into a zeroed ``out``, one group
    of named blocks per function below, each asking ``see`` about secrets."""
    see = Visible(g, GOD if god else seat)
    rel = [(s - seat) % g.num_players for s in range(g.num_players)]
    _head(g, seat, out, rel, see)
    _seats(g, out, rel)
    _table(g, out, rel)
    _mall(g, out)
    _pieces(g, seat, out)
    if god:
        _secrets(g, out, see)


def _head(g: MallState, seat: int, out: bytearray, rel: list[int], see: Visible) -> None:
    """my_seat to hand: who I am, who decides what, the options, the counts and my hand."""
    o, n = _O, g.num_players
    out[o["my_seat"] + seat] = 1
    out[o["in_game"] : o["in_game"] + n] = b"\x01" * n
    out[o["active"] + rel[g.active]] = 1
    out[o["first"] + rel[g.first]] = 1
    if g.decision is not None:
        out[o["to_act"] + rel[g.current_player]] = 1
        out[o["decision"] : o["decision"] + len(KIND)] = _DECISION_ROW[g.decision]
    out[o["scenario"] + _SCENARIO[g.options["scenario"]]] = 1
    out[o["helipad_option"] + _HELIPAD_PLACE[g.options["helipad"]]] = 1
    fighting, die, bonus, _ = g.combat
    _, duel_mine, duel_theirs = g.duel
    counts = (
        g.round, g.options["max_rounds"], g.moves_left, g.zombie_moves, len(g.zmoved),
        len(g.tiles), len(g.stack),
        int(g.options["helipad"] == "bottom" and g.stack[:1] == [HELIPAD]),
        len(g.deck), len(g.discard), len(g.lost_tiles), sum(g.zombies),
        int(fighting >= 0), die, bonus, g.sprinkler,
        int(g.keeper >= 0 or g.keys_at >= 0), g.keys_first, g.dueled, duel_mine, duel_theirs,
        int(g.terminal),
    )  # fmt: skip
    out[o["counts"] : o["counts"] + len(COUNTS)] = capped(counts)
    if see.hand(seat):
        out[o["hand"] : o["hand"] + KINDS] = bytes(g.hands[seat])


def _seats(g: MallState, out: bytearray, rel: list[int]) -> None:
    """seats and items: each seat's public row and what it carries."""
    o, mall = _O, g.mall
    assert mall is not None  # placed: typed, its tables read natively
    barricading = set({tile: s for tile, s in g.barricades}.values())  # a tile's last seat
    for s in range(g.num_players):
        p = g.pos[s]
        rc = mall.rc[p]
        assert rc is not None  # a pawn stands on a square
        r, c = rc
        row = (
            g.life[s], g.bullets[s], g.trophies[s], sum(g.hands[s]), g.rescued[s],
            int(g.keeper == s), g.duct[s], g.jammed[s], g.unlucky[s], g.played[s],
            int(s in barricading), p // CELLS, p % CELLS, r + SQUARE_OFFSET, c + SQUARE_OFFSET,
            int(g.winner == s),
        )  # fmt: skip
        base = o["seats"] + rel[s] * _NS
        out[base : base + _NS] = capped(row)
        base = o["items"] + rel[s] * KINDS
        out[base : base + KINDS] = bytes(g.items[s])


def _table(g: MallState, out: bytearray, rel: list[int]) -> None:
    """duel_challenger to lost: the duel, the fight, the cards and the tiles off the mall."""
    o = _O
    challenger, weapon = g.duel[0], g.combat[3]
    if challenger >= 0:
        out[o["duel_challenger"] + rel[challenger]] = 1
    if weapon >= 0:
        out[o["fight_weapon"] + weapon] = 1
    if g.card >= 0:
        out[o["card_pending"] + g.card] = 1
    for k in g.discard:
        out[o["discard_pile"] + k] += 1
    if g.drawn >= 0:
        out[o["drawn"] + g.drawn] = 1
        out[o["placements"] : o["placements"] + MAX_TILES * _PLACES] = _placements(g.mall, g.drawn)
    for k in g.stack:
        out[o["stack_tiles"] + k] += 1
    for k in g.lost_tiles:
        out[o["lost"] + k] += 1


def _mall(g: MallState, out: bytearray) -> None:
    """tiles, tile_kind and the fixed square planes, with the barricaded tiles marked."""
    o = _O
    table, kinds, planes = _static(g.mall)
    out[o["tiles"] : o["tiles"] + len(table)] = table
    for tile, _ in g.barricades:
        out[o["tiles"] + tile * _NF + _BARRICADED] = 1
    out[o["tile_kind"] : o["tile_kind"] + len(kinds)] = kinds
    out[o["square"] : o["square"] + len(planes)] = planes


def _pieces(g: MallState, seat: int, out: bytearray) -> None:
    """zombies to others: what lies on each square, and who stands where."""
    o, m = _O, MAX_SQUARES
    out[o["zombies"] : o["zombies"] + m] = bytes(g.zombies)
    for i in g.zmoved:
        out[o["zombie_moved"] + i] = 1
    out[o["life_tokens"] : o["life_tokens"] + m] = bytes(g.life_tokens)
    out[o["bullet_tokens"] : o["bullet_tokens"] + m] = bytes(g.bullet_tokens)
    out[o["rescue_tokens"] : o["rescue_tokens"] + m] = bytes(g.rescue_tokens)
    if g.keys_at >= 0:
        out[o["keys"] + g.keys_at] = 1
    if g.combat[0] >= 0:
        out[o["fight"] + g.combat[0]] = 1
    for s in range(g.num_players):
        if s == seat:
            out[o["me"] + g.pos[s]] = 1
        else:
            out[o["others"] + g.pos[s]] += 1


def _secrets(g: MallState, out: bytearray, see: Visible) -> None:
    """all_hands, deck_cards, deck_top and stack_order: the central state's hidden blocks."""
    o = _O
    for s in range(g.num_players):
        if see.hand(s):
            base = o["all_hands"] + s * KINDS
            out[base : base + KINDS] = bytes(g.hands[s])
    if see.deck():
        for k in g.deck:
            out[o["deck_cards"] + k] += 1
        if g.deck:
            out[o["deck_top"] + g.deck[-1]] = 1
    if see.stack():
        for i, k in enumerate(reversed(g.stack)):
            out[o["stack_order"] + i * TILE_KINDS + k] = 1
