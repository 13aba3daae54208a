"""Named slices of a flat vector.

Every game describes its Discrete action space and its observation vector as a
``Layout``: an ordered list of named blocks.  Engines index through the block
offsets (so no magic numbers), and the docs tables are generated from the same
objects, so documentation cannot drift from code.  ``views`` gives the named
slices of one vector as numpy views, shaped as declared (OpenSpiel's observer
dict), for code that reads or writes an observation by name.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
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


@dataclass
class Layout:
    """An append-only list of blocks; ``layout["name"]`` returns the block."""

    title: str
    blocks: list[Block] = field(default_factory=list)
    _by_name: dict[str, Block] = field(default_factory=dict, repr=False)
    _starts: list[int] = field(default_factory=list, repr=False)  # for ``locate``
    size: int = 0  # total length; kept as a plain attribute because hot paths read it

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

    def locate(self, index: int) -> tuple[Block, int]:
        """The block holding a flat index and the offset inside it (a binary search
        of the starts: engines ask it for every action)."""
        if 0 <= index < self.size:  # the last block starting at or before it (empty ones skipped)
            block = self.blocks[bisect_right(self._starts, index) - 1]
            return block, index - block.start
        raise IndexError(f"index {index} outside layout {self.title!r} of size {self.size}")

    def markdown(self) -> str:
        """A Markdown table of the blocks, used by the generated docs."""
        rows = ["| indices | block | meaning | entries |", "|---|---|---|---|"]
        for b in self.blocks:
            span = f"{b.start}" if b.size == 1 else f"{b.start}-{b.stop - 1}"
            labels = ", ".join(b.labels) if b.size <= 12 else f"{b.size} entries"
            rows.append(f"| {span} | `{b.name}` | {b.doc} | {labels} |")
        rows.append(f"| | | **total size** | {self.size} |")
        return "\n".join(rows)


def capped(values: tuple[int, ...]) -> bytes:
    """Counts as observation bytes, each held to 0..127 (int8's non-negative
    range); when all are in range, as they nearly always are, with no loop in
    Python (encoders write a row of counts for every observation)."""
    if values and (min(values) < 0 or max(values) > 127):
        return bytes(127 if v > 127 else v if v > 0 else 0 for v in values)
    return bytes(values)
