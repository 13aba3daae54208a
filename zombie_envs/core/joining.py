"""How ``WallGrid.compose`` joins placed maps into one: their legends agreed into
one, their lines painted on one doubled canvas (shared edges opened where both
pieces have an arrow), and the canvas cut to its squares."""

from __future__ import annotations

from typing import Any

#: pieces placed with their top-left square at (row, col): ``(WallGrid, row, col)``
Placed = list[tuple[Any, int, int]]


def joint_legend(placed: Placed, fill: str, title: str) -> dict[str, str | None]:
    """The pieces' legends as one, ``fill`` meaning no square; they must agree."""
    legend: dict[str, str | None] = {}
    for grid, _, _ in placed:
        for ch, value in grid.legend.items():
            if legend.setdefault(ch, value) != value:
                raise ValueError(
                    f"{title}: piece {grid.title!r} reads {ch!r} as {value!r}, "
                    f"another piece as {legend[ch]!r}"
                )
    if legend.setdefault(fill, None) is not None:
        raise ValueError(f"{title}: fill {fill!r} is a square ({legend[fill]!r}) in the legend")
    return legend


def paint(placed: Placed, top: int, left: int, title: str):
    """The pieces' lines on one doubled canvas (None where no piece is), and the
    piece owning each square position; shared edges open where both have an arrow."""
    height = max(row + g.height for g, row, _ in placed) - top
    width = max(col + g.width for g, _, col in placed) - left
    canvas: list[list[str | None]] = [[None] * (2 * width + 1) for _ in range(2 * height + 1)]
    owner: dict[tuple[int, int], str] = {}
    for grid, row, col in placed:
        y0, x0 = 2 * (row - top), 2 * (col - left)
        for i, text in enumerate(grid.lines):
            for j, ch in enumerate(text):
                y, x = y0 + i, x0 + j
                before = canvas[y][x]
                if i % 2 and j % 2:
                    if (y, x) in owner:
                        raise ValueError(
                            f"{title}: pieces {owner[y, x]!r} and {grid.title!r} overlap at "
                            f"r{y // 2 + top}c{x // 2 + left}"
                        )
                    owner[y, x] = grid.title
                elif (i + j) % 2 and before is not None:
                    ch = " " if before == ch == "A" else "|"
                canvas[y][x] = ch
    return canvas, owner


def cut(canvas, owner, legend, fill: str, title: str) -> tuple[list[str], int, int]:
    """The canvas cut to its squares' bounding box, gaps filled, and the box's
    top-left doubled position."""
    squares = [(y, x) for y, x in owner if legend[canvas[y][x]] is not None]
    if not squares:
        raise ValueError(f"{title}: the pieces have no square")
    y_min, y_max = min(y for y, _ in squares) - 1, max(y for y, _ in squares) + 1
    x_min, x_max = min(x for _, x in squares) - 1, max(x for _, x in squares) + 1
    lines = []
    for y in range(y_min, y_max + 1):
        row = canvas[y][x_min : x_max + 1]
        lines.append(
            "".join(
                ch if ch is not None else fill if y % 2 and (x_min + k) % 2 else " "
                for k, ch in enumerate(row)
            )
        )
    return lines, y_min, x_min
