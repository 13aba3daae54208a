"""What every map model shares: reading map text, neighbours, distances, drawing.

Two models answer a game's questions about its map, and a game picks by what
stands between two places:

- ``core.grid.Board``: one character a cell, a cell either stood on or not;
  movement joins touching cells (plus links, escalators and one-way gates).
  For boards where nothing lies between two cells (We Are Dead).
- ``core.walls.WallGrid``: a doubled map, squares with edges between them
  (walls, doorways, windows, arrows) that cost or block steps, melee and
  sight, and that can be turned and composed from pieces (Maul of America,
  Mall Walkers).

Both are read from text through ``MapText``, so a mistake in any map file is
reported as ``file:line: what is wrong`` (``file:line:column`` inside a map);
both number their places ``0..N-1`` in row-major order, find their one-step
neighbours with ``around``, measure with ``distances`` and
draw with ``draw``.  A game layer (``maul.Maul``, ``mall.Mall``) adds what its
rules read off a model and does not re-derive the model's tables.

Map text is a file of blocks.  A block is ``key: value`` lines, then its map:
the board format (``MapText.board``) ends its one header with a line ``map:``
and runs to the end of the file; the tile format (``MapText.blocks``) opens each
block with a given key and reads a fixed number of map lines after its header.
Blank lines and lines starting with ``#`` are comments outside maps.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .tiles import SIDES

#: Distance reported between places with no path.
UNREACHABLE: Final = 10**6
_ENTRY = re.compile(r"\s*([A-Za-z_]+)\s*:(.*)")

Pos = tuple[int, int]


def where(file: str, line: int, column: int = 0) -> str:
    """``file:line`` or ``file:line:column`` (both from 1), as editors jump to."""
    return f"{file}:{line}:{column}" if column else f"{file}:{line}"


@dataclass(frozen=True)
class Entry:
    """One ``key: value`` line (value stripped) and its line number."""

    key: str
    value: str
    line: int


@dataclass(frozen=True)
class Block:
    """A block's ``key: value`` lines and its map lines, which start at line ``first``."""

    entries: tuple[Entry, ...]
    rows: tuple[str, ...]
    first: int


class MapText:
    """The lines of one map file, and errors that point into it."""

    def __init__(self, text: str, file: str) -> None:
        self.file = file
        self.lines = tuple(text.splitlines())

    @classmethod
    def read(cls, path: str | Path) -> MapText:
        path = Path(path)
        return cls(path.read_text(encoding="utf-8"), path.name)

    def error(self, line: int, message: str, column: int = 0) -> ValueError:
        return ValueError(f"{where(self.file, line, column)}: {message}")

    def entry(self, line: int) -> Entry | None:
        """Line ``line`` (from 1) as an entry, None if it is no ``key: value`` line."""
        match = _ENTRY.fullmatch(self.lines[line - 1])
        return Entry(match[1], match[2].strip(), line) if match else None

    def _comment(self, line: int) -> bool:
        text = self.lines[line - 1].strip()
        return not text or text.startswith("#")

    def board(self) -> Block:
        """The one header of ``key: value`` lines ended by ``map:``, and the map
        to the end of the file (trailing blank lines dropped)."""
        entries: list[Entry] = []
        for line in range(1, len(self.lines) + 1):
            if self.lines[line - 1].strip() == "map:":
                rows = list(self.lines[line:])
                while rows and not rows[-1]:
                    rows.pop()
                return Block(tuple(entries), tuple(rows), line + 1)
            if self._comment(line):
                continue
            entry = self.entry(line)
            if entry is None:
                raise self.error(line, f"{self.lines[line - 1]!r} is not 'key: value'")
            entries.append(entry)
        raise ValueError(f"{self.file}: no 'map:' line ends the header")

    def blocks(self, opener: str, height: int) -> Iterator[Block]:
        """Each block: an ``opener: ...`` line, the ``key: value`` lines right
        after it, then ``height`` map lines."""
        line = 1
        while line <= len(self.lines):
            if self._comment(line):
                line += 1
                continue
            head = self.entry(line)
            if head is None or head.key != opener:
                raise self.error(line, f"expected '{opener}: ...', got {self.lines[line - 1]!r}")
            entries = [head]
            while line < len(self.lines) and (more := self.entry(line + 1)) is not None:
                entries.append(more)
                line += 1
            rows = self.lines[line : line + height]
            if len(rows) < height:
                raise self.error(
                    line + 1,
                    f"{opener} {head.value!r} needs {height} map lines, "
                    f"the file ends after {len(rows)}",
                )
            yield Block(tuple(entries), rows, line + 1)
            line += 1 + height


def around(ids: Mapping[Pos, int], r: int, c: int) -> list[tuple[int, Pos]]:
    """(place, step) for the places orthogonally beside ``(r, c)``, sides in
    ``core.tiles`` order (N, E, S, W)."""
    out = []
    for dr, dc in SIDES:
        j = ids.get((r + dr, c + dc))
        if j is not None:
            out.append((j, (dr, dc)))
    return out


def distances(nbrs: Sequence[Sequence[int]], src: int) -> tuple[int, ...]:
    """Fewest steps from ``src`` to every place (``UNREACHABLE`` where none),
    by breadth-first search over the one-step ``nbrs``."""
    dist = [UNREACHABLE] * len(nbrs)
    dist[src] = 0
    ring, d = [src], 0
    while ring:
        d += 1
        ahead = []
        for a in ring:
            for b in nbrs[a]:
                if dist[b] == UNREACHABLE:
                    dist[b] = d
                    ahead.append(b)
        ring = ahead
    return tuple(dist)


class DistanceRows(Sequence):
    """``distances`` from each source, each row worked out when first asked: a
    game on a freshly built map asks about a few places only."""

    def __init__(self, nbrs: Sequence[Sequence[int]]):
        self._nbrs = nbrs
        self._rows: list[tuple[int, ...] | None] = [None] * len(nbrs)

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, src):
        if isinstance(src, slice):
            return [self[i] for i in range(len(self))[src]]
        row = self._rows[src]
        if row is None:
            row = self._rows[src] = distances(self._nbrs, src)
        return row


def draw(rows: Iterable[str], marks: Iterable[tuple[Pos, str]] = ()) -> list[str]:
    """The map's rows with the character at each ``(row, col)`` of ``marks``
    replaced by its one-character mark (pieces, tokens)."""
    canvas = [list(row) for row in rows]
    for (r, c), mark in marks:
        if len(mark) != 1:
            raise ValueError(f"a mark must be one character, got {mark!r}")
        canvas[r][c] = mark
    return ["".join(row) for row in canvas]
