"""The Maul's map: eight faces (four two-sided sections) and their assembly.

A plan places faces on a coarse grid of slots, one face a slot:
``((face, row, col, turns), ...)``, the first at slot (0, 0) unturned, turns
being quarter turns clockwise.  Each later face goes beside a placed one with
an arrow lining up with an arrow there (``placements``); ``build`` joins the
faces into one ``Maul``, a ``WallGrid`` whose square ``(r, c)`` of the face
at slot ``(row, col)`` sits at ``(8 row + r, 8 col + c)`` less ``origin``.
The faces are drawn in ``data/faces.txt``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path

from ...core.compass import SIDE_WORDS
from ...core.dice import pick
from ...core.maptext import Block, Entry, MapText
from ...core.tiles import SIDES, beside, frontier, opposite, rotate
from ...core.walls import ARROW, DOOR, Legend, WallGrid

FACE_SIZE = 8
#: faces in a complete Maul, one from each section
SECTIONS = 4
LEGEND = {".": "floor", "?": "search square", "F": "Food Court", "E": "Maul exit", "#": None}
#: squares 3 and 4 of a side carry its arrow
ARROW_SQUARES = (FACE_SIZE // 2 - 1, FACE_SIZE // 2)
# (found through its package: a compiled module knows no file of its own while it loads)
FACES_FILE = Path(str(files("zombie_envs.games.maul_of_america.data").joinpath("faces.txt")))


@dataclass(frozen=True)
class Face:
    """One side of a map section: ``arrows`` says which sides (N, E, S, W) have one;
    ``stores`` is ``(row, col, name)`` for one square of each named store."""

    name: str
    piece: WallGrid
    arrows: tuple[bool, bool, bool, bool]
    stores: tuple[tuple[int, int, str], ...]


def _side_squares(side: int) -> list[tuple[int, int]]:
    """The face's squares along ``side``, in order from its west or north end."""
    last = FACE_SIZE - 1
    return [((0, k), (k, last), (last, k), (k, 0))[side] for k in range(FACE_SIZE)]


def _face(source: MapText, block: Block, index: int) -> Face:
    """The ``index``-th face (from 0) of a faces file, checked."""
    head, *rest = block.entries
    face_id = f"{index // 2 + 1}{'AB'[index % 2]}"
    words = head.value.split()
    if words[:1] != [face_id] or len(words) < 2:
        got = source.lines[head.line - 1]
        raise source.error(head.line, f"expected 'face: {face_id} <name>', got {got!r}")
    stores = [_store(source, entry) for entry in rest]
    where = f"{source.file}:{head.line}: face {face_id}"
    piece = WallGrid.read(source, block, LEGEND, f"face {face_id}", FACE_SIZE)
    arrows = _arrows(piece, where)
    _check_openings(piece, where)
    _check_stores(source, piece, stores)
    return Face(head.value, piece, arrows, tuple((r, c, s) for r, c, s, _ in stores))


def _store(source: MapText, entry: Entry) -> tuple[int, int, str, int]:
    """``(row, col, name, line)`` of a ``store: r<row>c<col> <name>`` line."""
    square, _, store = entry.value.partition(" ")
    r, _, c = square.removeprefix("r").partition("c")
    if not (
        entry.key == "store"
        and square.startswith("r")
        and r.isdigit()
        and c.isdigit()
        and store.strip()
    ):
        got = source.lines[entry.line - 1]
        raise source.error(entry.line, f"expected 'store: r<row>c<col> <name>', got {got!r}")
    return int(r), int(c), store.strip(), entry.line


def _arrows(piece: WallGrid, where: str) -> tuple[bool, bool, bool, bool]:
    """Which sides (N, E, S, W) have an arrow, each spanning the middle squares."""
    arrows = []
    for side in range(4):
        found = [
            k
            for k, rc in enumerate(_side_squares(side))
            if rc in piece.ids and piece.side(piece.ids[rc], side) == ARROW
        ]
        if found not in ([], list(ARROW_SQUARES)):
            raise ValueError(
                f"{where}: the {SIDE_WORDS[side]} side has arrows at squares {found}; "
                f"an arrow spans squares {ARROW_SQUARES[0]} and {ARROW_SQUARES[1]} (0-based)"
            )
        arrows.append(bool(found))
    if not 2 <= sum(arrows) <= 4:
        raise ValueError(f"{where}: {sum(arrows)} sides have arrows; a face needs 2 to 4")
    north, east, south, west = arrows
    return north, east, south, west


def _check_openings(piece: WallGrid, where: str) -> None:
    """A face opens only through its arrows and one border door of each Maul exit."""
    exits = {i for i, ch in enumerate(piece.char) if ch == "E"}
    for i, side, kind in piece.openings:
        r, c = piece.rc[i]
        dr, dc = SIDES[side]
        on_border = not (0 <= r + dr < FACE_SIZE and 0 <= c + dc < FACE_SIZE)
        if on_border and kind == ARROW:
            continue
        if on_border and kind == DOOR and i in exits:
            exits.discard(i)
            continue
        raise ValueError(
            f"{where}: square {piece.label(i)} has a {kind} on its {SIDE_WORDS[side]} side "
            f"to {'the outside' if on_border else 'no square'}; a face opens only through "
            f"arrows and one door of each Maul exit (E), on its border"
        )
    if exits:
        labels = ", ".join(piece.label(i) for i in sorted(exits))
        raise ValueError(f"{where}: Maul exit {labels} has no door to the outside on the border")


def _check_stores(
    source: MapText, piece: WallGrid, stores: list[tuple[int, int, str, int]]
) -> None:
    """Each named store is a room of its own, off the corridors (the arrows' rooms)."""
    named: dict[int, str] = {}
    arrow_rooms = {piece.room[i] for i, _, kind in piece.openings if kind == ARROW}
    for r, c, store, line in stores:
        i = piece.ids.get((r, c))
        if i is None:
            why = "is no square"
        elif piece.room[i] in arrow_rooms:
            why = "is in a corridor"
        elif piece.room[i] in named:
            why = f"is in {named[piece.room[i]]!r} already"
        else:
            named[piece.room[i]] = store
            continue
        raise source.error(line, f"store {store!r}: r{r}c{c} {why}")


def load_faces(path: Path) -> tuple[Face, ...]:
    """The faces of a faces file (format in ``data/faces.txt``), checked."""
    source = MapText.read(path)
    faces: list[Face] = []
    for block in source.blocks("face", 2 * FACE_SIZE + 1):
        faces.append(_face(source, block, len(faces)))
    if len(faces) != 2 * SECTIONS:
        raise ValueError(f"{source.file}: {len(faces)} faces, expected {2 * SECTIONS}")
    return tuple(faces)


FACES = load_faces(FACES_FILE)
#: the section of each face, and the face on its other side
SECTION = tuple(f // 2 for f in range(len(FACES)))
OTHER_SIDE = tuple(f ^ 1 for f in range(len(FACES)))
#: every slot a plan of SECTIONS faces can reach from (0, 0), in a fixed order
SLOTS = tuple(
    (r, c)
    for r in range(1 - SECTIONS, SECTIONS)
    for c in range(1 - SECTIONS, SECTIONS)
    if abs(r) + abs(c) < SECTIONS
)
_SLOT_INDEX = {slot: k for k, slot in enumerate(SLOTS)}

Plan = tuple[tuple[int, int, int, int], ...]


def placement_index(row: int, col: int, turns: int) -> int:
    """The placement as one number, ``slot * 4 + turns``."""
    slot = _SLOT_INDEX.get((row, col))
    if slot is None or not 0 <= turns < 4:
        raise ValueError(f"no placement at slot ({row}, {col}) turned {turns}")
    return 4 * slot + turns


def placement_at(index: int) -> tuple[int, int, int]:
    """``(row, col, turns)`` of a placement index."""
    row, col = SLOTS[index // 4]
    return row, col, index % 4


def available(plan: Plan) -> tuple[int, ...]:
    """The faces whose section is not in the plan yet."""
    used = {SECTION[face] for face, *_ in plan}
    return tuple(f for f in range(len(FACES)) if SECTION[f] not in used)


def placements(plan: Plan, face: int) -> list[tuple[int, int, int]]:
    """Every ``(row, col, turns)`` putting ``face`` on a free slot beside the plan
    with at least one of its arrows facing an arrow of a placed face."""
    placed = {(row, col): rotate(FACES[f].arrows, turns) for f, row, col, turns in plan}
    out = []
    for pos in frontier(placed):
        for turns in range(4):
            arrows = rotate(FACES[face].arrows, turns)
            if any(
                arrows[side] and placed.get(beside(pos, side), (False,) * 4)[opposite(side)]
                for side in range(4)
            ):
                out.append((*pos, turns))
    return out


def random_plan(rng) -> Plan:
    """A complete plan drafted at random: a first face, then a face of each other
    section at a random legal placement (another face when one cannot go anywhere).
    Every choice is a ``rng.randrange`` draw."""
    plan: Plan = ((pick(rng, range(len(FACES))), 0, 0, 0),)
    while len(plan) < SECTIONS:
        faces = list(available(plan))
        options: list[tuple[int, int, int]] = []
        while not options:
            face = pick(rng, faces)
            faces.remove(face)
            options = placements(plan, face)
        plan += ((face, *pick(rng, options)),)
    return plan


@cache
def _turned(face: int, turns: int) -> WallGrid:
    return FACES[face].piece.rotated(turns)


class Maul(WallGrid):
    """An assembled Maul: a ``WallGrid`` plus what the game reads off the faces.

    ``plan``; ``faces`` (the placed faces' names, in plan order); ``face_of[i]``
    (the face id under square ``i``); ``store[i]`` (its store's name, or "");
    ``search``, ``food_court`` and ``exits`` (squares, ascending).  The exits are
    the Maul exits whose door still opens outside, and the squares of every
    arrow that leads off the board: where reinforcements come in.  ``ways_out``
    groups them as the ZC designates them, one tuple of squares an exit (a Maul
    exit's one square, an arrow's two: "any arrow leading off the board counts as
    an exit"), and ``way_out[i]`` is the exit square ``i`` belongs to.
    """

    def __init__(
        self,
        lines: Sequence[str],
        legend: Legend,
        *,
        plan: Plan,
        title: str = "map",
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        super().__init__(lines, legend, title=title, origin=origin)
        self.plan = plan
        self.faces = tuple(FACES[f].name for f, *_ in plan)
        top, left = self.origin
        face_of = [-1] * self.size
        store = [""] * self.size
        for f, row, col, turns in plan:
            y0, x0 = FACE_SIZE * row - top, FACE_SIZE * col - left
            for r, c in _turned(f, turns).rc:
                face_of[self.ids[y0 + r, x0 + c]] = f
            for r, c, name in FACES[f].stores:
                for _ in range(turns):
                    r, c = c, FACE_SIZE - 1 - r
                for i in self.rooms[self.room[self.ids[y0 + r, x0 + c]]]:
                    store[i] = name
        self.face_of: tuple[int, ...] = tuple(face_of)
        self.store: tuple[str, ...] = tuple(store)
        self.search = tuple(i for i, ch in enumerate(self.char) if ch == "?")
        self.food_court = tuple(i for i, ch in enumerate(self.char) if ch == "F")
        self.exits = tuple(sorted({i for i, _, kind in self.openings if kind in (DOOR, ARROW)}))
        ways: dict[tuple[int, int], set[int]] = {}
        for i, side, kind in self.openings:  # a face has at most one arrow a side
            if kind in (DOOR, ARROW):
                key = (face_of[i], side) if kind == ARROW else (-1, i)
                ways.setdefault(key, set()).add(i)
        self.ways_out = tuple(sorted(tuple(sorted(w)) for w in ways.values()))
        self.way_out: dict[int, tuple[int, ...]] = {i: w for w in self.ways_out for i in w}

    def exit_name(self, i: int) -> str:
        """``the arrow on r3c0 and r4c0`` or ``the Maul exit at r15c0 (Maceys Home)``:
        the exit square ``i`` belongs to, as the ZC designates it."""
        way = self.way_out[i]
        if len(way) == 1:
            return f"the Maul exit at {self.name(i)}"
        return "the arrow on " + " and ".join(self.label(j) for j in way)

    def name(self, i: int) -> str:
        """``r3c12 (Taco Hell)``: the square and its store, or what it is if not floor."""
        what = self.store[i] or (self.legend[self.char[i]] if self.char[i] in "FE" else "")
        return f"{self.label(i)} ({what})" if what else self.label(i)


@lru_cache(maxsize=64)
def build(plan: Plan) -> Maul:
    """The Maul a plan lays out; the same plan gives the same object (engines
    rebuild after every clone), while it is among the last 64 plans built."""
    pieces = [(_turned(f, t), FACE_SIZE * row, FACE_SIZE * col) for f, row, col, t in plan]
    title = "Maul " + " ".join(FACES[f].name.split()[0] for f, *_ in plan)
    return Maul.compose(pieces, title=title, plan=plan)
