"""Named slices of a flat vector.

Every game describes its Discrete action space and its observation vector as a
``Layout``: an ordered list of named blocks.  Engines index through the block
offsets (so no magic numbers), and the docs tables are generated from the same
objects, so documentation cannot drift from code.  ``views`` gives the named
slices of one vector as numpy views, shaped as declared (OpenSpiel's observer
dict), for code that reads or writes an observation by name; ``planes`` adds
the board: every per-square block laid out as rows and columns (``Grid``), for
convolutional networks.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import product
from math import prod

import numpy as np


@dataclass(frozen=True)
class Block:
    name: str
    start: int
    size: int
    doc: str
    labels: tuple[str, ...]
    #: how ``Layout.views`` shapes it (a table of seats by locations ...); flat if empty
    shape: tuple[int, ...] = ()
    #: one entry per board square, in square-id order (a plane of the board, or a
    #: choice of a square; an action block may hold k choices per square, square-major):
    #: board networks read and score these with weights shared by squares
    per_square: bool = False

    @property
    def stop(self) -> int:
        return self.start + self.size

    @property
    def slice(self) -> slice:
        return slice(self.start, self.stop)


@dataclass(frozen=True)
class Grid:
    """Where the per-square entries lie on the board, for ``Layout.planes``.

    ``shape`` (rows, cols) holds every board of the game, so one network reads them
    all.  A board drawn once and for all gives each square id's (row, col) in
    ``boards``, by the value of the option ``option`` that picks it; a board built
    as the game goes is read off the observation: ``from_blocks`` names the
    per-square blocks marking the real squares and holding their rows and columns.
    """

    shape: tuple[int, int]
    #: how square ids map to rows and columns, in words, for the docs
    doc: str
    option: str = ""
    boards: Mapping[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    from_blocks: tuple[str, str, str] = ("square", "row", "col")

    def where(self, views: dict[str, np.ndarray], options: Mapping, squares: int) -> np.ndarray:
        """The (row, col) of each of ``squares`` ids, (-1, -1) for ids with no square."""
        rc = np.full((squares, 2), -1, dtype=np.int64)
        if self.boards:
            value = options.get(self.option)
            if value not in self.boards:
                legal = ", ".join(map(repr, self.boards))
                raise ValueError(
                    f"where the squares lie depends on the option {self.option!r}: "
                    f"got {value!r}, expected one of {legal}"
                )
            places = self.boards[value]
            rc[: len(places)] = places
            return rc
        mark, row, col = self.from_blocks
        real = views[mark] > 0
        rc[real] = np.stack([views[row][real], views[col][real]], axis=1)
        if (rc[real] >= self.shape).any() or (rc[real] < 0).any():
            raise ValueError(f"a square's row or column lies outside the board {self.shape}")
        return rc


@dataclass
class Layout:
    """An append-only list of blocks; ``layout["name"]`` returns the block."""

    title: str
    blocks: list[Block] = field(default_factory=list)
    _by_name: dict[str, Block] = field(default_factory=dict, repr=False)
    _starts: list[int] = field(default_factory=list, repr=False)  # for ``locate``
    #: the block name of each flat index: an engine branching on the block of every
    #: action reads it, where ``locate`` would search
    block_of: list[str] = field(default_factory=list, repr=False)
    size: int = 0  # total length; kept as a plain attribute because hot paths read it
    #: where the per-square blocks lie on the board (``planes``); None: no board
    grid: Grid | None = None

    def add(
        self, name: str, size: int, doc: str, labels=None, shape: tuple = (), per_square=False
    ) -> Block:
        if name in self._by_name:
            raise ValueError(f"duplicate block {name!r} in layout {self.title!r}")
        labels = tuple(labels) if labels is not None else tuple(str(i) for i in range(size))
        if len(labels) != size:
            raise ValueError(f"block {name!r}: {len(labels)} labels for size {size}")
        if shape and prod(shape) != size:
            raise ValueError(f"block {name!r}: shape {shape} does not hold {size} entries")
        block = Block(name, self.size, size, doc, labels, tuple(shape), per_square)
        self.blocks.append(block)
        self._by_name[name] = block
        self._starts.append(block.start)
        self.block_of += [name] * size
        self.size = block.stop
        return block

    def __getitem__(self, name: str) -> Block:
        return self._by_name[name]

    @property
    def per_square(self) -> list[Block]:
        """The blocks with one entry per board square (``Block.per_square``)."""
        return [b for b in self.blocks if b.per_square]

    def views(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Each block of ``vector`` by name, as a view (writes go through), shaped
        as declared."""
        return {b.name: vector[b.start : b.stop].reshape(b.shape or (b.size,)) for b in self.blocks}

    def planes(self, vector: np.ndarray, options: Mapping | None = None) -> dict[str, np.ndarray]:
        """``views``, with each per-square block laid on the board as a (rows, cols)
        plane (0 off the board), all of them stacked as ``planes`` (channels, rows,
        cols) in layout order, and ``square_mask`` (rows, cols) True on real squares:
        the input of a convolutional network.  ``options``: the game's, where the
        board depends on one (``Engine.planes`` passes them)."""
        vector = np.asarray(vector)
        if vector.shape != (self.size,):
            raise ValueError(
                f"{self.title}: a vector of shape {vector.shape}, expected ({self.size},)"
            )
        views = self.views(vector)
        if self.grid is None:
            return views
        names = [b.name for b in self.per_square]
        rc = self.grid.where(views, options or {}, self.per_square[0].size)
        real = np.flatnonzero(rc[:, 0] >= 0)
        rows, cols = rc[real, 0], rc[real, 1]
        stack = np.zeros((len(names), *self.grid.shape), dtype=vector.dtype)
        stack[:, rows, cols] = np.stack([views[n] for n in names])[:, real]
        mask = np.zeros(self.grid.shape, dtype=bool)
        mask[rows, cols] = True
        laid = dict(zip(names, stack, strict=True))
        out = {name: laid.get(name, view) for name, view in views.items()}
        out.update(planes=stack, square_mask=mask)
        return out

    def locate(self, index: int) -> tuple[Block, int]:
        """The block holding a flat index and the offset inside it (a binary search
        of the starts: engines ask it for every action)."""
        if 0 <= index < self.size:  # the last block starting at or before it (empty ones skipped)
            block = self.blocks[bisect_right(self._starts, index) - 1]
            return block, index - block.start
        raise IndexError(f"index {index} outside layout {self.title!r} of size {self.size}")

    def markdown(self, names=None) -> str:
        """A Markdown table of the blocks (those in ``names``, if given), used by the
        generated docs, then every entry of the longer ones, in order."""
        rows = ["| indices | block | meaning | entries |", "|---|---|---|---|"]
        listed = []
        for b in self.blocks:
            if names is not None and b.name not in names:
                continue
            if b.per_square:
                labels = f"one per square id: {b.labels[0]} … {b.labels[-1]} ({SQUARES_LINK})"
            elif b.size <= INLINE:
                labels = ", ".join(b.labels)
            else:
                labels = f"{b.size} entries, listed below"
                listed.append(f"- `{b.name}` ({b.start}-{b.stop - 1}): {entries(b)}")
            rows.append(f"| {_span(b)} | `{b.name}` | {b.doc} | {labels} |")
        if names is None:
            rows.append(f"| | | **total size** | {self.size} |")
        if listed:
            rows += ["", "The entries of the longer blocks, in order:", "", *listed]
        return "\n".join(rows)


#: blocks of at most this many entries are listed in their table row
INLINE = 12
#: where the docs say how square ids lie on the board
SQUARES_LINK = "[where each square lies](#squares)"
#: what joins the parts of a table's labels (``self:score``, ``self:Blonde@1``, ``self->+1``)
_JOINS = re.compile(r":|@|->")


def _span(b: Block) -> str:
    return f"{b.start}" if b.size == 1 else f"{b.start}-{b.stop - 1}"


def entries(b: Block) -> str:
    """A block's entries in words: a table's as the values of each axis
    (``(self, +1) × (score, damage)``, row by row), else each label."""
    axes = _axes(b.labels)
    if axes is None:
        return ", ".join(b.labels)
    dims = " × ".join(str(len(a)) for a in axes)
    return f"{dims}, row by row: " + " × ".join(f"({', '.join(a)})" for a in axes)


def _axes(labels: tuple[str, ...]) -> list[list[str]] | None:
    """Each axis's values, when the labels are every combination of one value per
    axis (``self:score``, ``self:damage``, ``+1:score`` ...), in row-major order."""
    parts = [tuple(_JOINS.split(label)) for label in labels]
    if len(parts[0]) < 2 or len(set(map(len, parts))) > 1:
        return None
    axes = [list(dict.fromkeys(column)) for column in zip(*parts, strict=True)]
    return axes if list(product(*axes)) == parts else None


def capped(values: tuple[int, ...]) -> bytes:
    """Counts as observation bytes, each held to 0..127 (int8's non-negative
    range); when all are in range, as they nearly always are, with no loop in
    Python (encoders write a row of counts for every observation)."""
    if values and (min(values) < 0 or max(values) > 127):
        return bytes(127 if v > 127 else v if v > 0 else 0 for v in values)
    return bytes(values)
