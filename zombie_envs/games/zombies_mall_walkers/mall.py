"""The mall: sixteen 3 x 3 tiles (``data/tiles.txt``) laid edge to edge.

A tile is a ``core.walls.WallGrid`` of 3 x 3 squares; a hall leaves it through
the middle of a side (an arrow ``A`` in its map), so two tiles side by side join
where both have a hall on the side they share.  A placed tile is ``(kind, row,
col, turns, floor)``: its kind (an index into ``TILES``), its position on the
tile grid (the Front Door at (0, 0), rows growing southward), its quarter turns
clockwise and its floor (1, or 2 for the Escalator's top side and everything
beyond it).  Square ids follow the placement order: the square in row ``r``,
column ``c`` of the ``k``-th tile placed (as turned) is ``9 k + 3 r + c``, at
the global coordinates ``(3 row + r, 3 col + c)``; at most 16 tiles, so 144
ids, of which those without a square (the corners of a hall) stay empty.

``Mall`` is everything the rules read off a list of placed tiles (the step
table, doors, stores, ducts, the Helipad's centre), built once per list and
memoised (``build``); ``placements`` lists where a drawn tile may go.

Placement (Z3-042 to Z3-066, assumed where the rulebook is silent): the tile
touches the mall; every side it shares with a placed tile matches (hall to
hall, wall to wall); at least one hall joins a placed hall (the Helipad may
instead only touch a second-floor tile: "attached to the outside of a store");
every hall it joins is on one floor, which becomes its floor (the Escalator's
foot side is the first floor, its other sides the second, and the Escalator
itself must stand on a first-floor hall by its foot and join nothing else);
a store never shares a side with a store of the other floor; the Helipad only
on the second floor, where it counts as a store; no tile outside the window of
``WINDOW_RADIUS`` (which no legal mall can leave: see ``WINDOW``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import ClassVar

from ...core.maptext import Block, Entry, MapText, draw, where
from ...core.tiles import SIDES, beside, opposite
from ...core.walls import ARROW, DOOR, OPEN, WallGrid

TILE_SIZE = 3
CELLS = TILE_SIZE * TILE_SIZE
LEGEND = {
    ".": "hall",
    "S": "start",
    "o": "store",
    "@": "air duct",
    "*": "helipad centre",
    "#": None,
}
HALL_CHARS = ".S"
ROOM_CHARS = "o@*"
KINDS = ("front_door", "hall", "escalator", "helipad", "store")
SIDE_NAMES = ("N", "E", "S", "W")
# (found through its package: a compiled module knows no file of its own while it loads)
TILES_FILE = Path(str(files("zombie_envs.games.zombies_mall_walkers.data").joinpath("tiles.txt")))


@dataclass(frozen=True)
class Turned:
    """A tile turned ``turns`` quarter turns clockwise: what its squares are.

    ``chars[cell]`` (``""`` where no square), ``inner[cell][side]`` (the cell
    across that side inside the tile, -1 if none), ``door[cell][side]`` (that
    step crosses a doorway), ``halls`` (N, E, S, W: a hall leaves there),
    ``hall_cell[side]`` (the cell a hall leaves from, -1), ``room[cell]``
    (store cells: 1, others 0), ``order`` (cells in the order zombies and
    tokens go on: the Helipad's centre, store spaces, hall squares, the tile's
    own centre square last, the start square never), ``duct``, ``centre`` and
    ``start`` (cells, -1 if none), ``foot`` (the Escalator's first-floor side,
    -1) and ``lines`` (the map, turned)."""

    chars: tuple[str, ...]
    inner: tuple[tuple[int, ...], ...]
    door: tuple[tuple[bool, ...], ...]
    halls: tuple[bool, bool, bool, bool]
    hall_cell: tuple[int, int, int, int]
    room: tuple[int, ...]
    order: tuple[int, ...]
    duct: int
    centre: int
    start: int
    foot: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Tile:
    """A tile of ``data/tiles.txt``: name, kind, zombies, life and bullet tokens,
    copies in the game, the Escalator's foot side (-1) and its map."""

    name: str
    kind: str
    zombies: int
    life: int
    bullets: int
    copies: int
    foot: int
    piece: WallGrid

    @property
    def store_spaces(self) -> int:
        return sum(1 for ch in self.piece.char if ch in "o@") if self.kind == "store" else 0


def _cell_tables(grid: WallGrid):
    """Per cell of a turned tile: its character, the cells a step inside the tile
    reaches and which of those steps cross a doorway; per side: a hall leaves
    there, and from which cell."""
    chars = [""] * CELLS
    inner: list[tuple[int, ...]] = [(-1, -1, -1, -1)] * CELLS
    door: list[tuple[bool, ...]] = [(False,) * 4] * CELLS
    halls = [False] * 4
    hall_cell = [-1] * 4
    for i, (r, c) in enumerate(grid.rc):
        cell = TILE_SIZE * r + c
        chars[cell] = grid.char[i]
        row, doors = [], []
        for side, (dr, dc) in enumerate(SIDES):
            kind = grid.side(i, side)
            j = grid.ids.get((r + dr, c + dc))
            row.append(
                TILE_SIZE * (r + dr) + c + dc if j is not None and kind in (OPEN, DOOR) else -1
            )
            doors.append(j is not None and kind == DOOR)
            if kind == ARROW:
                halls[side] = True
                hall_cell[side] = cell
        inner[cell] = tuple(row)
        door[cell] = tuple(doors)
    return chars, inner, door, halls, hall_cell


def _order(chars: list[str], present: list[int], rooms: set[int]) -> tuple[int, ...]:
    """The Helipad's centre, store spaces, hall squares, the tile's centre square last."""
    middle = CELLS // 2
    order = [c for c in present if chars[c] == "*"]
    order += [c for c in present if c in rooms]
    order += [c for c in present if chars[c] == "." and c != middle]
    order += [c for c in present if chars[c] == "." and c == middle]
    return tuple(order)


def _turn(tile: Tile, turns: int) -> Turned:
    grid = tile.piece.rotated(turns)
    chars, inner, door, halls, hall_cell = _cell_tables(grid)
    present = [cell for cell in range(CELLS) if chars[cell]]
    rooms = {cell for cell in present if chars[cell] in "o@"}
    roofed = tile.kind == "helipad"
    found = {ch: next((c for c in present if chars[c] == ch), -1) for ch in "@*S"}
    return Turned(
        chars=tuple(chars),
        inner=tuple(inner),
        door=tuple(door),
        halls=tuple(halls),
        hall_cell=tuple(hall_cell),
        room=tuple(int(c in rooms or (roofed and bool(chars[c]))) for c in range(CELLS)),
        order=_order(chars, present, rooms),
        duct=found["@"],
        centre=found["*"],
        start=found["S"],
        foot=(tile.foot + turns) % 4 if tile.foot >= 0 else -1,
        lines=grid.lines,
    )


def _fields(source: MapText, head: Entry) -> tuple[str, str, dict[str, str], int]:
    """Name, kind, counts and foot side (-1) of a ``tile: <name> | <kind> | ...`` line."""
    name, kind, *rest = (f.strip() for f in head.value.split("|"))
    values = {"copies": "1", "foot": ""}
    for field in rest:
        key, _, value = field.partition(" ")
        if key not in ("zombies", "life", "bullets", "copies", "foot") or not value:
            raise source.error(head.line, f"unknown field {field!r}")
        values[key] = value.strip()
    if kind not in KINDS:
        raise source.error(head.line, f"kind {kind!r} is none of {KINDS}")
    missing = [k for k in ("zombies", "life", "bullets") if k not in values]
    if missing:
        raise source.error(head.line, f"tile {name!r} lacks {missing}")
    foot = SIDE_NAMES.index(values["foot"]) if values["foot"] else -1
    if (kind == "escalator") != (foot >= 0):
        raise source.error(head.line, "the Escalator, and only it, names its foot side")
    return name, kind, values, foot


def _check_halls(piece: WallGrid, where: str, name: str) -> None:
    """A tile opens only by arrows in the middle of its sides."""
    for i, side, kind in piece.openings:
        r, c = piece.rc[i]
        middle = (r, c) == ((0, 1), (1, 2), (2, 1), (1, 0))[side]
        if kind != ARROW or not middle:
            raise ValueError(
                f"{where}: tile {name!r} opens ({kind}) on the {SIDE_NAMES[side]} "
                f"side of r{r}c{c}; a hall leaves a tile only by an arrow in the middle of a side"
            )


def _check_store(piece: WallGrid, where: str, name: str) -> None:
    """A store is one walled room with a door to a hall square."""
    duct = piece.char.index("@")
    store = [i for i, ch in enumerate(piece.char) if ch in "o@"]
    if set(piece.rooms[piece.room[duct]]) != set(store):
        raise ValueError(f"{where}: store {name!r} is not one walled room")
    if not any(
        piece.side(i, s) == DOOR and piece.char[j] in HALL_CHARS
        for i in store
        for s in range(4)
        if (j := piece._beyond(i, s)) is not None
    ):
        raise ValueError(f"{where}: store {name!r} has no door to its hall")


def _tile(source: MapText, block: Block) -> Tile:
    """A tile of a tiles file, checked."""
    head, *rest = block.entries
    if rest:
        raise source.error(
            rest[0].line, f"a tile's map follows its 'tile:' line, not {rest[0].key!r}"
        )
    name, kind, values, foot = _fields(source, head)
    at = where(source.file, head.line)
    piece = WallGrid.read(source, block, LEGEND, f"tile {name!r}", TILE_SIZE)
    _check_halls(piece, at, name)
    ducts = piece.char.count("@")
    if ducts != (kind in ("store", "helipad")):
        raise ValueError(f"{at}: a store or the Helipad has one air duct, got {ducts}")
    if kind == "store":
        _check_store(piece, at, name)
    if (kind == "helipad") != ("*" in piece.char) or (kind == "front_door") != ("S" in piece.char):
        raise ValueError(f"{at}: the centre * and start S belong to Helipad and Front Door")
    zombies, life, bullets, copies = (
        int(values[key]) for key in ("zombies", "life", "bullets", "copies")
    )
    return Tile(name, kind, zombies, life, bullets, copies, foot, piece)


def load_tiles(path: Path) -> tuple[Tile, ...]:
    """The tiles of a tiles file (format in ``data/tiles.txt``), checked."""
    source = MapText.read(path)
    tiles = [_tile(source, block) for block in source.blocks("tile", 2 * TILE_SIZE + 1)]
    kinds = [t.kind for t in tiles]
    for kind in ("front_door", "escalator", "helipad"):
        if kinds.count(kind) != 1 or next(t for t in tiles if t.kind == kind).copies != 1:
            raise ValueError(f"{source.file}: one {kind} tile, with one copy")
    if not any(t.kind == "hall" and all(_turn(t, 0).halls) for t in tiles):
        raise ValueError(f"{source.file}: no four-way hall to set aside as the crossroads")
    return tuple(tiles)


TILES = load_tiles(TILES_FILE)
NAMES = tuple(t.name for t in TILES)
FRONT_DOOR = next(k for k, t in enumerate(TILES) if t.kind == "front_door")
ESCALATOR = next(k for k, t in enumerate(TILES) if t.kind == "escalator")
HELIPAD = next(k for k, t in enumerate(TILES) if t.kind == "helipad")
CROSSROADS = next(k for k, t in enumerate(TILES) if t.kind == "hall" and all(_turn(t, 0).halls))
STORES = tuple(k for k, t in enumerate(TILES) if t.kind == "store")
#: every tile of the game, one entry per copy (the Front Door and crossroads included)
ALL_TILES = tuple(k for k, t in enumerate(TILES) for _ in range(t.copies))
MAX_TILES = len(ALL_TILES)
MAX_SQUARES = CELLS * MAX_TILES
#: every tile is placed touching a placed one, so the k-th tile (from 0, the Front Door
#: at (0, 0)) lies at most k steps from it: every legal mall fits in this diamond
WINDOW_RADIUS = MAX_TILES - 1
WINDOW = tuple(
    (r, c)
    for r in range(-WINDOW_RADIUS, WINDOW_RADIUS + 1)
    for c in range(-WINDOW_RADIUS, WINDOW_RADIUS + 1)
    if abs(r) + abs(c) <= WINDOW_RADIUS
)
WINDOW_INDEX = {pos: k for k, pos in enumerate(WINDOW)}


@cache
def turned(kind: int, turns: int) -> Turned:
    """Tile ``kind`` turned ``turns`` quarter turns clockwise (memoised)."""
    return _turn(TILES[kind], turns % 4)


@cache
def rotations(kind: int) -> tuple[int, ...]:
    """The quarter turns that give ``kind`` distinct layouts (a four-way hall: one)."""
    seen, out = set(), []
    for turns in range(4):
        t = turned(kind, turns)
        key = (t.lines, t.foot)
        if key not in seen:
            seen.add(key)
            out.append(turns)
    return tuple(out)


def placement_index(row: int, col: int, turns: int) -> int:
    """A placement as one number: ``4 * window position + turns``."""
    return 4 * WINDOW_INDEX[row, col] + turns


def placement_at(index: int) -> tuple[int, int, int]:
    row, col = WINDOW[index // 4]
    return row, col, index % 4


Placed = tuple[tuple[int, int, int, int, int], ...]


class Mall:
    """What the rules read off the placed tiles (``tiles``: ``(kind, row, col,
    turns, floor)`` in placement order).  Per square id (``MAX_SQUARES`` of them):
    ``char`` (``""``: no square), ``rc`` (global (row, col), None), ``nbr`` (the
    square one step N, E, S, W, -1: walls, tile edges without a hall on both sides),
    ``door`` (that step crosses a store's doorway), ``store`` (the tile whose store
    or Helipad room holds it, -1: a hall).  Per tile: ``duct`` (its duct square,
    -1), ``links`` (the tiles whose duct an air duct reaches from its own: stores
    and the Helipad touching it, diagonally too, on its floor), ``at`` (position
    -> tile index).  ``start`` (the Front Door's start square), ``centre`` (the
    Helipad's centre, -1) and ``escalator`` (its tile index, -1).  ``exits[i]``:
    ``(4 i + side, to, door)`` for each step out of square ``i``, so that the
    zombie phase, asked for every zombie many times a turn, reads only the steps
    there are; ``entries[i]``: ``(4 j + side, j, door)`` for each step into it."""

    #: the per-square lists a mall one tile larger copies from this one
    PER_SQUARE: ClassVar[tuple[str, ...]] = (
        "char",
        "rc",
        "store",
        "nbr",
        "door",
        "exits",
        "entries",
    )

    def __init__(self, tiles: Placed, before: Mall | None = None):
        """The mall of ``tiles``, laid tile by tile; with ``before`` (the mall of
        the first of them), that mall's lists copied and only the rest laid."""
        if before is None:
            self.tiles: Placed = ()
            self.char = [""] * MAX_SQUARES
            self.rc: list[tuple[int, int] | None] = [None] * MAX_SQUARES
            self.store = [-1] * MAX_SQUARES
            self.nbr: list[tuple[int, ...]] = [(-1, -1, -1, -1)] * MAX_SQUARES
            self.door: list[tuple[bool, ...]] = [(False,) * 4] * MAX_SQUARES
            self.exits: list[tuple[tuple[int, int, bool], ...]] = [()] * MAX_SQUARES
            self.entries: list[tuple[tuple[int, int, bool], ...]] = [()] * MAX_SQUARES
            self.ids: dict[tuple[int, int], int] = {}
            self.at: dict[tuple[int, int], int] = {}
            self.duct: list[int] = []
            self.start = self.centre = self.escalator = -1
        else:
            self.tiles = before.tiles
            for name in self.PER_SQUARE:
                setattr(self, name, getattr(before, name)[:])
            self.ids, self.at, self.duct = dict(before.ids), dict(before.at), before.duct[:]
            self.start, self.centre, self.escalator = before.start, before.centre, before.escalator
        for tile in tiles[len(self.tiles) :]:
            self._lay(tile)
        self._derive()

    def grown(self, tile: tuple[int, int, int, int, int]) -> Mall:
        """This mall with one more tile: its lists copied, the tile laid and the
        halls it meets joined (what the game does every turn a tile is drawn)."""
        return Mall((*self.tiles, tile), self)

    def _lay(self, tile: tuple[int, int, int, int, int]) -> None:
        """Place one tile: its squares at their ids and global positions, its
        special squares, its steps inside, and the halls it meets joined both ways."""
        k = len(self.tiles)
        self.tiles += (tile,)
        kind, row, col, turns, _ = tile
        t = turned(kind, turns)
        self.at[row, col] = k
        touched = self._place_squares(k, t) + self._meet_halls(k, t)
        self._note_specials(k, t)
        self._index_steps(touched)

    def _place_squares(self, k: int, t: Turned) -> list[int]:
        """Tile ``k``'s squares, with their steps inside the tile; their ids."""
        _, row, col, _, _ = self.tiles[k]
        base = CELLS * k
        placed = []
        for cell in (cell for cell, ch in enumerate(t.chars) if ch):
            i = base + cell
            self.char[i] = t.chars[cell]
            self.rc[i] = at = (
                TILE_SIZE * row + cell // TILE_SIZE,
                TILE_SIZE * col + cell % TILE_SIZE,
            )
            self.ids[at] = i
            self.store[i] = k if t.room[cell] else -1
            self.nbr[i] = tuple(base + j if j >= 0 else -1 for j in t.inner[cell])
            self.door[i] = t.door[cell]
            placed.append(i)
        return placed

    def _note_specials(self, k: int, t: Turned) -> None:
        """Tile ``k``'s duct, and the start, the Helipad's centre or the escalator it holds."""
        base = CELLS * k
        self.duct.append(base + t.duct if t.duct >= 0 else -1)
        self.start = base + t.start if t.start >= 0 else self.start
        self.centre = base + t.centre if t.centre >= 0 else self.centre
        self.escalator = k if self.tiles[k][0] == ESCALATOR else self.escalator

    def _meet_halls(self, k: int, t: Turned) -> list[int]:
        """Join tile ``k``'s halls to the halls of the tiles beside it, a step each
        way; the squares of theirs it joined."""
        _, row, col, _, _ = self.tiles[k]
        joined = []
        for side in range(4):
            other = self.at.get(beside((row, col), side))
            if not t.halls[side] or other is None:
                continue
            ot, back = self._turned(other), opposite(side)
            if ot.halls[back]:
                mine, theirs = CELLS * k + t.hall_cell[side], CELLS * other + ot.hall_cell[back]
                self._join(mine, side, theirs)
                self._join(theirs, back, mine)
                joined.append(theirs)
        return joined

    def _index_steps(self, touched: list[int]) -> None:
        """The steps out of and into each square ``touched``, as the zombie phase reads them."""
        for i in touched:
            self.exits[i] = tuple(
                (4 * i + d, to, self.door[i][d]) for d, to in enumerate(self.nbr[i]) if to >= 0
            )
        for i in touched:  # steps are symmetric: what steps into i is what i steps to
            into = {(4 * j + d, j, self.door[j][d]) for j in self.nbr[i] if j >= 0
                    for d in range(4) if self.nbr[j][d] == i}  # fmt: skip
            self.entries[i] = tuple(sorted(into))

    def _join(self, i: int, side: int, to: int) -> None:
        steps = list(self.nbr[i])
        steps[side] = to
        self.nbr[i] = tuple(steps)

    def _derive(self) -> None:
        """What follows from the tiles laid: the duct links, the squares, and empty
        memos of the placement questions (asked again and again of one mall)."""
        self.links = tuple(self._ducts_near(k) for k in range(len(self.tiles)))
        self.squares = tuple(i for i in range(MAX_SQUARES) if self.char[i])
        self._placements: dict[int, tuple[tuple[int, int, int, int], ...]] = {}
        self._near: dict[tuple[int, int], list[tuple[int, int, bool]]] = {}

    def _turned(self, k: int) -> Turned:
        """Placed tile ``k`` as turned."""
        kind, _, _, turns, _ = self.tiles[k]
        return turned(kind, turns)

    def _ducts_near(self, k: int) -> tuple[int, ...]:
        """The tiles with a duct touching tile ``k`` (diagonally too) on its floor."""
        if self.duct[k] < 0:
            return ()
        _, row, col, _, floor = self.tiles[k]
        near = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                j = self.at.get((row + dr, col + dc))
                if j is not None and j != k and self.duct[j] >= 0 and self.tiles[j][4] == floor:
                    near.append(j)
        return tuple(sorted(near))

    def name(self, i: int) -> str:
        """``(3,4)``: a square by its global row and column."""
        rc = self.rc[i]
        assert rc is not None, f"square {i} is on no tile"
        return f"({rc[0]},{rc[1]})"

    def where(self, i: int) -> str:
        """``"hall"`` or ``"store"`` (a store's room) or ``"helipad"`` (its roof)."""
        k = self.store[i]
        if k < 0:
            return "hall"
        return "helipad" if self.tiles[k][0] == HELIPAD else "store"

    def tile_name(self, k: int) -> str:
        return NAMES[self.tiles[k][0]]

    def floor_across(self, k: int, side: int) -> int:
        """The floor a hall joining tile ``k`` on its ``side`` leads to."""
        kind, _, _, turns, floor = self.tiles[k]
        if kind == ESCALATOR:
            return 1 if side == turned(kind, turns).foot else 2
        return floor

    def fit(self, kind: int, pos: tuple[int, int], turns: int) -> int:
        """The floor tile ``kind`` turned ``turns`` takes at the free ``pos``, or 0
        where it may not go (the placement rules of this module's docstring)."""
        if pos in self.at or pos not in WINDOW_INDEX:
            return 0
        t = turned(kind, turns)
        joins = self._joins(pos, t)
        if not joins:
            return 0
        floor = self._floor_at(kind, t, joins)
        if (
            floor
            and _is_room(kind)
            and any(_is_room(self.tiles[k][0]) and self.tiles[k][4] != floor for _, k, _ in joins)
        ):
            return 0
        return floor

    def _joins(self, pos: tuple[int, int], t: Turned) -> list[tuple[int, int, bool]]:
        """(side, tile, halls joined) for each placed tile beside ``pos``; none at all
        where one shared side does not match (hall to hall, wall to wall)."""
        joins = self._near.get(pos)
        if joins is None:  # the same for every tile and turn tried there
            near = [(side, self.at.get(beside(pos, side))) for side in range(4)]
            joins = [(s, k, self._turned(k).halls[opposite(s)]) for s, k in near if k is not None]
            self._near[pos] = joins
        return joins if all(theirs == t.halls[s] for s, _, theirs in joins) else []

    def _floor_at(self, kind: int, t: Turned, joins: list[tuple[int, int, bool]]) -> int:
        """The one floor the joined halls lead to, as the tile's kind takes it, or 0."""
        joined = [(side, self.floor_across(k, opposite(side))) for side, k, j in joins if j]
        floors = {across for _, across in joined}
        if len(floors) > 1:
            return 0
        if kind == ESCALATOR:
            return 1 if joined == [(t.foot, 1)] else 0
        if kind == HELIPAD:
            on_second = any(
                self.tiles[k][4] == 2 and self.tiles[k][0] != ESCALATOR for _, k, _ in joins
            )
            return 0 if floors == {1} or not (floors or on_second) else 2
        return floors.pop() if floors else 0

    def placements(self, kind: int) -> tuple[tuple[int, int, int, int], ...]:
        """Every ``(row, col, turns, floor)`` where a drawn tile ``kind`` may go, in
        window order (distinct layouts only); kept, since the rules, the views and
        the bots all ask it of one mall."""
        found = self._placements.get(kind)
        if found is None:
            found = self._placements[kind] = tuple(self._find_placements(kind))
        return found

    def _find_placements(self, kind: int) -> list[tuple[int, int, int, int]]:
        free = sorted(
            {beside(pos, side) for pos in self.at for side in range(4)} - self.at.keys(),
            key=lambda p: WINDOW_INDEX.get(p, -1),
        )
        out = []
        for pos in free:
            for turns in rotations(kind):
                floor = self.fit(kind, pos, turns)
                if floor:
                    out.append((*pos, turns, floor))
        return out

    def ascii(self, marks: dict[int, str] | None = None) -> str:
        """The mall as text: each tile's map at its place, squares marked as asked."""
        if not self.tiles:
            return ""
        top = min(r for _, r, _, _, _ in self.tiles)
        left = min(c for _, _, c, _, _ in self.tiles)
        height = max(r for _, r, _, _, _ in self.tiles) - top + 1
        width = max(c for _, _, c, _, _ in self.tiles) - left + 1
        canvas = [[" "] * (6 * width + 1) for _ in range(6 * height + 1)]
        for kind, row, col, turns, _ in self.tiles:
            y0, x0 = 6 * (row - top), 6 * (col - left)
            for i, line in enumerate(turned(kind, turns).lines):
                canvas[y0 + i][x0 : x0 + len(line)] = line
        rows = ["".join(line) for line in canvas]
        drawn = [
            ((2 * (at[0] - TILE_SIZE * top) + 1, 2 * (at[1] - TILE_SIZE * left) + 1), mark)
            for i, mark in (marks or {}).items()
            if mark and (at := self.rc[i]) is not None
        ]
        return "\n".join(line.rstrip() for line in draw(rows, drawn))


def _is_room(kind: int) -> bool:
    """Stores and the Helipad: the tiles that may not touch one of the other floor."""
    return TILES[kind].kind == "store" or kind == HELIPAD


@lru_cache(maxsize=512)
def build(tiles: Placed) -> Mall:
    """The mall of these placed tiles; the same tuple gives the same object while it
    is among the last 512 built (engines rebuild after every copy).  A mall is the
    one before its last tile, grown: built once, each mall of a game is a copy."""
    if len(tiles) <= 1:
        return Mall(tiles)
    return build(tiles[:-1]).grown(tiles[-1])
