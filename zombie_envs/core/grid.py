"""Boards drawn as text maps, with every movement question answered by table lookup.

A board is a rectangle of characters; a legend says what each character is.
Cells that can be stood on become nodes ``0..N-1`` in row-major order, and a
move of one space is one edge:

- orthogonal neighbours are joined (a game on squares that steps diagonally
  uses ``core.walls.WallGrid``);
- a ``link`` character appears exactly twice, and its two cells are joined as
  if they were neighbours (maintenance tunnels, sky buckets);
- an ``escalator`` character appears exactly twice and is not a node: riding
  it is one move from any open neighbour of one end to any open neighbour of
  the other, so a player never stops on the escalator itself;
- an ``arrow`` cell (``^ v < >``) is a one-way gate: it is entered only from
  the side opposite the arrow and left only in the arrow's direction.

Everything an engine asks in its hot path (neighbours, all-pairs distances,
the next step toward a target) is precomputed at load into plain tuples, so a
board of a few hundred nodes costs some milliseconds once and nothing after.

Map file format (``core.maptext``'s board format, which says when to use a
``Board`` and when a ``core.walls.WallGrid``): header lines ``key: value``,
then a line ``map:`` and the map rows verbatim; lines starting with ``#`` are
comments, and errors name the file and line.
``start`` and ``horde_start`` (which defaults to ``start``) are a character
that occurs once on the map or a position ``r3c7``; ``floor`` names a span of
map rows (inclusive)::

    name: Test mall
    start: H
    horde_start: H
    floor: 1-7 | Upper floor
    cell: #  wall          | wall
    cell: .  open token    | corridor
    cell: a  open token area | Shoe Store
    cell: L  link          | left maintenance tunnel
    cell: 1  escalator     | west escalator
    cell: >  arrow token   | ride gate
    map:
    #########
    ...

A cell spec is a role (``wall``, ``open``, ``link``, ``escalator``,
``arrow``), optional flags (``token``: shopper tokens may be placed there;
``area``: all cells of the character form one named area such as a store),
then ``|`` and a name.  Spaces are not map characters because editors strip
trailing ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .maptext import UNREACHABLE, Entry, MapText, around, distances, draw

ROLES = ("wall", "open", "link", "escalator", "arrow")
FLAGS = ("token", "area")
#: Arrow characters and the (row, col) step each one points along.
ARROWS = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
_RC = re.compile(r"r(\d+)c(\d+)")


@dataclass(frozen=True)
class CellKind:
    """What one map character means."""

    role: str
    name: str = ""
    token: bool = False
    area: bool = False

    @property
    def standable(self) -> bool:
        return self.role in ("open", "link", "arrow")


def parse_kind(char: str, spec: str | CellKind) -> CellKind:
    """A ``CellKind`` from a spec such as ``"open token area | Shoe Store"``."""
    if isinstance(spec, CellKind):
        kind = spec
    else:
        words, _, name = spec.partition("|")
        parts = words.split()
        if not parts or parts[0] not in ROLES:
            raise ValueError(
                f"cell {char!r}: spec {spec!r} must start with a role, one of {', '.join(ROLES)}"
            )
        unknown = [p for p in parts[1:] if p not in FLAGS]
        if unknown:
            raise ValueError(
                f"cell {char!r}: unknown flag(s) {', '.join(unknown)} in {spec!r}; "
                f"flags are {', '.join(FLAGS)}"
            )
        kind = CellKind(parts[0], name.strip(), "token" in parts[1:], "area" in parts[1:])
    if kind.role not in ROLES:
        raise ValueError(f"cell {char!r}: unknown role {kind.role!r}")
    if len(char) != 1:
        raise ValueError(f"legend key {char!r} must be a single character")
    if (kind.role == "arrow") != (char in ARROWS):
        raise ValueError(
            f"cell {char!r}: only the characters {' '.join(ARROWS)} are arrows, "
            f"and they must have the role 'arrow'"
        )
    if not kind.standable and (kind.token or kind.area):
        raise ValueError(f"cell {char!r}: a {kind.role} cannot carry tokens or form an area")
    if kind.area and not kind.name:
        raise ValueError(f"cell {char!r}: an area needs a name")
    return kind


def _where(row: int, col: int) -> str:
    return f"r{row}c{col} (row {row}, column {col})"


class Board:
    """A text-map board with precomputed movement tables.

    Attributes engines rely on: ``name``, ``lines``, ``width``, ``height``,
    ``size`` (N nodes), ``rc[i]``, ``kind[i]`` (the map character),
    ``neighbours[i]`` (directed one-step moves), ``dist[a][b]``,
    ``by_distance[a]`` (reachable nodes, nearest first, ties by id), ``start``,
    ``horde_start``, ``token_cells``, ``area[i]``/``areas`` and
    ``floor[i]``/``floors`` (labels for rendering), ``links`` (node pairs),
    ``escalators`` (cell pairs), ``adjacent[i]`` (steps to touching cells
    only, without links and escalators).
    """

    def __init__(
        self,
        lines: Sequence[str],
        legend: Mapping[str, str | CellKind],
        *,
        name: str = "board",
        start: str | tuple[int, int] | None = None,
        horde_start: str | tuple[int, int] | None = None,
        floors: Iterable[tuple[str, int, int]] = (),
    ) -> None:
        self.name = name
        self.legend = {char: parse_kind(char, spec) for char, spec in legend.items()}
        self.lines = tuple(lines)
        self._check_shape()
        self.height = len(self.lines)
        self.width = len(self.lines[0])
        self.rc: tuple[tuple[int, int], ...] = self._cells()
        self.size = len(self.rc)
        self._ids = {rc: i for i, rc in enumerate(self.rc)}
        self.kind: tuple[str, ...] = tuple(self.lines[r][c] for r, c in self.rc)

        self.floors, self.floor = self._floors(list(floors))
        self.links, self.escalators = self._pairs()
        self.adjacent = tuple(tuple(self._adjacent_moves(i)) for i in range(self.size))
        self.neighbours: tuple[tuple[int, ...], ...] = self._moves()

        self.start = self._resolve(start, "start", default=None)
        self.horde_start = self._resolve(horde_start, "horde_start", default=self.start)
        specials = {self.start, self.horde_start}
        self.token_cells: tuple[int, ...] = tuple(
            i for i in range(self.size) if self.legend[self.kind[i]].token and i not in specials
        )
        self.area, self.areas = self._areas()
        self._area_index = {i: k for nodes in self.areas.values() for k, i in enumerate(nodes)}
        self._single = {ch for ch in set(self.kind) if self.kind.count(ch) == 1}

        self.dist, self.by_distance = self._distances()
        self._within: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self._stops: dict[tuple[int, int, int], tuple[int, ...]] = {}

    # ------------------------------------------------------------------ build
    def _check_shape(self) -> None:
        if not self.lines or not self.lines[0]:
            raise ValueError(f"board {self.name!r}: the map is empty")
        width = len(self.lines[0])
        for r, line in enumerate(self.lines):
            if len(line) != width:
                raise ValueError(
                    f"board {self.name!r}: ragged map: row {r} has {len(line)} characters, "
                    f"row 0 has {width}"
                )

    def _cells(self) -> tuple[tuple[int, int], ...]:
        """The standable cells in row-major order; every character is in the legend."""
        cells = []
        for r, line in enumerate(self.lines):
            for c, ch in enumerate(line):
                if ch not in self.legend:
                    known = "".join(sorted(self.legend))
                    raise ValueError(
                        f"board {self.name!r}: unknown cell character {ch!r} at {_where(r, c)}; "
                        f"the legend knows {known!r}"
                    )
                if self.legend[ch].standable:
                    cells.append((r, c))
        if not cells:
            raise ValueError(f"board {self.name!r}: no cell can be stood on")
        return tuple(cells)

    def _moves(self) -> tuple[tuple[int, ...], ...]:
        """One-step moves: touching cells, links both ways, escalator rides."""
        moves = [set(m) for m in self.adjacent]
        for a, b, _ in self.links:
            moves[a].add(b)
            moves[b].add(a)
        for _, end_a, end_b in self.escalators:
            for src, dst in ((end_a, end_b), (end_b, end_a)):
                for a in self._boarding(src):
                    moves[a].update(n for n in self._alighting(dst) if n != a)
        return tuple(tuple(sorted(m)) for m in moves)

    def _floors(self, floors: list[tuple[str, int, int]]):
        names = tuple(f for f, _, _ in floors)
        by_row = [""] * len(self.lines)
        for fname, first, last in floors:
            if not 0 <= first <= last < len(self.lines):
                raise ValueError(
                    f"board {self.name!r}: floor {fname!r} rows {first}-{last} are outside "
                    f"the map rows 0-{len(self.lines) - 1}"
                )
            for r in range(first, last + 1):
                if by_row[r]:
                    raise ValueError(
                        f"board {self.name!r}: row {r} is in floors {by_row[r]!r} and {fname!r}"
                    )
                by_row[r] = fname
        return names, tuple(by_row[r] for r, _ in self.rc)

    def _pairs(self):
        """Link node pairs and escalator cell pairs, each character used exactly twice."""
        found: dict[str, list[tuple[int, int]]] = {}
        for r, line in enumerate(self.lines):
            for c, ch in enumerate(line):
                if self.legend[ch].role in ("link", "escalator"):
                    found.setdefault(ch, []).append((r, c))
        links, escalators = [], []
        for ch, where in sorted(found.items(), key=lambda item: item[1][0]):
            kind = self.legend[ch]
            if len(where) != 2:
                at = ", ".join(_where(r, c) for r, c in where)
                raise ValueError(
                    f"board {self.name!r}: {kind.role} {ch!r} ({kind.name or 'unnamed'}) must "
                    f"appear exactly twice to pair its ends, found {len(where)} at {at}"
                )
            if kind.role == "link":
                links.append((self._ids[where[0]], self._ids[where[1]], kind.name))
            else:
                for r, c in where:
                    if not around(self._ids, r, c):
                        raise ValueError(
                            f"board {self.name!r}: escalator {ch!r} at {_where(r, c)} has no "
                            f"open orthogonal neighbour to step on or off"
                        )
                escalators.append((kind.name, where[0], where[1]))
        return tuple(links), tuple(escalators)

    def _passes(self, node: int, step: tuple[int, int]) -> bool:
        """Whether a move along ``step`` may enter or leave ``node`` (arrows are one-way)."""
        arrow = ARROWS.get(self.kind[node])
        return arrow is None or arrow == step

    def _adjacent_moves(self, i: int) -> list[int]:
        r, c = self.rc[i]
        moves = [
            j
            for j, step in around(self._ids, r, c)
            if self._passes(i, step) and self._passes(j, step)
        ]
        return sorted(moves)

    def _boarding(self, cell: tuple[int, int]) -> list[int]:
        """Nodes that may step onto the escalator end at ``cell``."""
        return [j for j, step in around(self._ids, *cell) if self._passes(j, (-step[0], -step[1]))]

    def _alighting(self, cell: tuple[int, int]) -> list[int]:
        """Nodes a rider may step off to from the escalator end at ``cell``."""
        return [j for j, step in around(self._ids, *cell) if self._passes(j, step)]

    def _resolve(self, where, what: str, default):
        if where is None:
            return default
        if isinstance(where, str) and len(where) == 1:
            nodes = [i for i, ch in enumerate(self.kind) if ch == where]
            if len(nodes) != 1:
                raise ValueError(
                    f"board {self.name!r}: {what} {where!r} must be a standable character that "
                    f"occurs exactly once, found {len(nodes)}"
                )
            return nodes[0]
        if isinstance(where, str):
            match = _RC.fullmatch(where)
            if not match:
                raise ValueError(f"board {self.name!r}: {what} {where!r} is not a char or rNcM")
            where = (int(match[1]), int(match[2]))
        return self.cell_id(*where)

    def _areas(self):
        """Areas by character; a gate belongs to the single area it opens into or out of."""
        area = [self.legend[ch].name if self.legend[ch].area else "" for ch in self.kind]
        for i, ch in enumerate(self.kind):
            if ch in ARROWS:
                dr, dc = ARROWS[ch]
                r, c = self.rc[i]
                touching = {
                    area[j]
                    for j in (self._ids.get((r + dr, c + dc)), self._ids.get((r - dr, c - dc)))
                    if j is not None and area[j] and self.kind[j] not in ARROWS
                }
                if len(touching) == 1:
                    area[i] = touching.pop()
        areas: dict[str, list[int]] = {}
        for i, name in enumerate(area):
            if name:
                areas.setdefault(name, []).append(i)
        return tuple(area), {name: tuple(nodes) for name, nodes in areas.items()}

    def _distances(self):
        dist = []
        order = []
        for src in range(self.size):
            row = distances(self.neighbours, src)
            dist.append(row)
            reach = [b for b in range(self.size) if row[b] < UNREACHABLE]
            reach.sort(key=row.__getitem__)
            order.append(tuple(reach))
        return tuple(dist), tuple(order)

    # -------------------------------------------------------------- queries
    def cell_id(self, row: int, col: int) -> int:
        """The node at a map position; KeyError if nothing can stand there."""
        node = self._ids.get((row, col))
        if node is None:
            if 0 <= row < self.height and 0 <= col < self.width:
                what = f"a {self.legend[self.lines[row][col]].role} ({self.lines[row][col]!r})"
            else:
                what = "outside the map"
            raise KeyError(f"board {self.name!r}: {_where(row, col)} is {what}, not a node")
        return node

    def node_at(self, row: int, col: int) -> int | None:
        """The node at a map position, or None for walls, escalators and off-map cells."""
        return self._ids.get((row, col))

    def label(self, i: int) -> str:
        """A name a player would use: ``"Shoe Store 2"``, ``"Hotdog cart"``, ``"Upper r3c7"``."""
        if not 0 <= i < self.size:
            raise ValueError(
                f"board {self.name!r}: no square {i!r}; its squares are 0-{self.size - 1}"
            )
        kind = self.legend[self.kind[i]]
        if self.area[i]:
            return f"{self.area[i]} {self._area_index[i] + 1}"
        if kind.name and self.kind[i] in self._single:
            return kind.name
        r, c = self.rc[i]
        where = f"{self.floor[i]} r{r}c{c}" if self.floor[i] else f"r{r}c{c}"
        if kind.role != "open" and kind.name:
            return f"{kind.name} ({where})"
        return where

    def within(self, a: int, k: int) -> list[tuple[int, int]]:
        """(node, distance) for every node at most ``k`` moves from ``a``, by node id."""
        key = (a, k)
        found = self._within.get(key)
        if found is None:
            row = self.dist[a]
            found = tuple((b, row[b]) for b in sorted(self._prefix(a, k)))
            self._within[key] = found
        return list(found)

    def _prefix(self, a: int, k: int) -> list[int]:
        row = self.dist[a]
        out = []
        for b in self.by_distance[a]:
            if row[b] > k:
                break
            out.append(b)
        return out

    def step_toward(self, a: int, b: int, k: int) -> int:
        """Where ``k`` moves along a shortest path from ``a`` to ``b`` end.

        Returns ``b`` when it is at most ``k`` away, and ``a`` when ``b`` cannot
        be reached.  At each move the lowest-id neighbour one step closer is
        taken, so the same question always gets the same answer.
        """
        d = self.dist[a][b]
        if d <= k:
            return b
        if d >= UNREACHABLE:
            return a
        node = a
        for _ in range(k):
            want = self.dist[node][b] - 1
            for n in self.neighbours[node]:
                if self.dist[n][b] == want:
                    node = n
                    break
        return node

    def stops_toward(self, a: int, b: int, k: int) -> list[int]:
        """Every node where ``k`` moves along some shortest path from ``a`` to ``b`` can
        end, by id: ``[b]`` when it is at most ``k`` away, ``[a]`` when it cannot be
        reached.  ``step_toward`` picks one of them; a rule that lets a player choose
        the way offers them all."""
        d = self.dist[a][b]
        if d <= k:
            return [b]
        if d >= UNREACHABLE:
            return [a]
        key = (a, b, k)
        found = self._stops.get(key)
        if found is None:
            dist, here = self.dist, self.dist[a]
            found = self._stops[key] = tuple(
                sorted(v for v in self._prefix(a, k) if here[v] == k and dist[v][b] == d - k)
            )
        return list(found)

    def ascii(self, marks: Mapping[int, str] | None = None) -> str:
        """The map with some nodes drawn as other characters (pieces, tokens)."""
        return "\n".join(draw(self.lines, ((self.rc[i], m) for i, m in (marks or {}).items())))

    def __repr__(self) -> str:
        tokens = len(getattr(self, "token_cells", ()))
        return f"Board({self.name!r}, {getattr(self, 'size', 0)} nodes, {tokens} token cells)"


def parse_board(
    text: str, legend: Mapping[str, str | CellKind] | None = None, name: str = "board"
) -> Board:
    """A board from the file format in the module docstring; ``legend`` adds or overrides."""
    return _read_board(MapText(text, name), legend, name)


def load_board(path: str | Path, legend: Mapping[str, str | CellKind] | None = None) -> Board:
    """Read a map file; see the module docstring for its format."""
    return _read_board(MapText.read(path), legend, Path(path).stem)


def _floor(source: MapText, entry: Entry) -> tuple[str, int, int]:
    span, _, fname = entry.value.partition("|")
    first, dash, last = span.strip().partition("-")
    if not (dash and first.isdigit() and last.isdigit() and fname.strip()):
        raise source.error(entry.line, f"floor {entry.value!r} is not 'FIRST-LAST | name'")
    return fname.strip(), int(first), int(last)


def _read_board(source: MapText, legend: Mapping[str, str | CellKind] | None, name: str) -> Board:
    block = source.board()
    header: dict[str, str] = {}
    cells: dict[str, str | CellKind] = {}
    floors: list[tuple[str, int, int]] = []
    for entry in block.entries:
        if entry.key == "cell":
            char, _, spec = entry.value.partition(" ")
            if char in cells:
                raise source.error(entry.line, f"cell {char!r} declared twice")
            cells[char] = spec.strip()
        elif entry.key == "floor":
            floors.append(_floor(source, entry))
        elif entry.key in ("name", "start", "horde_start"):
            header[entry.key] = entry.value
        else:
            raise source.error(entry.line, f"unknown key {entry.key!r}")
    cells.update(legend or {})
    return Board(
        block.rows,
        cells,
        name=header.get("name", name),
        start=header.get("start"),
        horde_start=header.get("horde_start"),
        floors=floors,
    )
