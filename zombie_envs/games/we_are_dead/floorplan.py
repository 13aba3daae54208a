"""We Are Dead's floor plan as a picture: the colours, the geometry and the board
itself (walls, stores, escalators, gates and their names), drawn once a board since
none of it changes during a game; ``picture.py`` draws the pieces and the panel on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from ...core.grid import ARROWS, Board
from ...core.raster import Canvas, text_size
from .data import board

BG = (34, 38, 46)
WHITE, INK, GREY = (245, 245, 245), (30, 30, 34), (160, 160, 166)
WALL, VOID, STEEL = (64, 68, 80), (22, 25, 33), (96, 98, 108)
FLOOR = (228, 222, 206)
ASPHALT, ASPHALT_LINE = (128, 130, 138), (108, 110, 118)
LINK, LINK_DARK = (128, 96, 178), (70, 50, 104)
ESCALATOR, ESCALATOR_STEP = (150, 158, 172), (104, 110, 124)
START, HORDE_EDGE = (240, 196, 72), (200, 44, 36)
AREA_TINTS = (
    (236, 180, 156),
    (168, 198, 234),
    (238, 214, 142),
    (178, 220, 168),
    (214, 182, 228),
    (150, 214, 206),
    (240, 190, 202),
    (206, 198, 160),
    (186, 194, 240),
)
CAR_RGB = ((176, 60, 60), (60, 90, 160), (200, 200, 210), (60, 130, 90))

#: the side panel right of the board is 380 wide (``picture.py`` fills it)
CELL, MARGIN, TOP, GAP, SIDE_W, MIN_SIDE_H = 40, 12, 44, 12, 380, 720
#: room for the row numbers left of the board and the column numbers above it
ROW_LABELS, COL_LABELS = 26, 20
BOARD_X, BOARD_Y = MARGIN + ROW_LABELS, TOP + COL_LABELS


def darker(color, f: float = 0.72):
    return tuple(int(v * f) for v in color)


def _wall_style(name: str) -> str:
    """Walls are drawn by what their legend name says they are."""
    name = name.lower()
    for word, style in (("atrium", "void"), ("between", "gap"), ("machinery", "machine")):
        if word in name:
            return style
    return "car" if "car" in name.split() else "wall"


@dataclass(frozen=True)
class Frame:
    """The geometry of one board's picture and its static background."""

    board: Board
    width: int
    height: int
    side_x: int
    side_h: int
    centre: tuple[tuple[int, int], ...]
    background: np.ndarray


@cache
def frame(name: str) -> Frame:
    """The picture geometry for a board by name (``"mall"``, ``"carnival"``),
    drawn once: walls, stores and labels never change during a game."""
    b = board(name)
    board_w, board_h = b.width * CELL, b.height * CELL
    side_x = BOARD_X + board_w + GAP
    side_h = max(board_h, MIN_SIDE_H)
    width = side_x + SIDE_W + MARGIN
    height = BOARD_Y + side_h + MARGIN
    c = Canvas(width, height, BG)
    draw_board(c, b)
    centre = tuple(
        (BOARD_X + col * CELL + CELL // 2, BOARD_Y + row * CELL + CELL // 2) for row, col in b.rc
    )
    pixels = c.pixels
    pixels.flags.writeable = False
    return Frame(b, width, height, side_x, side_h, centre, pixels)


def cell_xy(row: int, col: int) -> tuple[int, int]:
    return BOARD_X + col * CELL, BOARD_Y + row * CELL


def _area_tints(b: Board) -> dict[str, tuple[int, int, int]]:
    return {name: AREA_TINTS[i % len(AREA_TINTS)] for i, name in enumerate(b.areas)}


def _floor_of_escalator_end(b: Board, row: int, col: int) -> str:
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        node = b.node_at(row + dr, col + dc)
        if node is not None and b.floor[node]:
            return b.floor[node]
    return ""


def draw_board(c: Canvas, b: Board) -> None:
    tints = _area_tints(b)
    ends = {}
    for esc_name, e1, e2 in b.escalators:
        ends[e1] = (e2, esc_name)
        ends[e2] = (e1, esc_name)
    cars = 0
    for r, line in enumerate(b.lines):
        for col, ch in enumerate(line):
            x, y = cell_xy(r, col)
            kind = b.legend[ch]
            if kind.role == "wall":
                style = _wall_style(kind.name)
                _wall(c, x, y, style, CAR_RGB[cars % len(CAR_RGB)])
                cars += style == "car"
            elif kind.role == "escalator":
                other, esc_name = ends[(r, col)]
                dest = _floor_of_escalator_end(b, *other) or esc_name
                _escalator(c, x, y, dest, up=other[0] < r)
            else:
                _space(c, b, b.cell_id(r, col), x, y, tints)
    _area_labels(c, b, tints)
    _floor_labels(c, b)
    _atrium_labels(c, b)
    _grid_labels(c, b)


def _grid_labels(c: Canvas, b: Board) -> None:
    """Row numbers left of the board and column numbers above it, as square names
    use them (``r12c3``: row 12, column 3)."""
    for col in range(b.width):
        c.text(
            BOARD_X + col * CELL + CELL // 2,
            BOARD_Y - COL_LABELS + 2,
            str(col),
            GREY,
            2,
            anchor="center",
        )
    for row in range(b.height):
        c.text(BOARD_X - 4, BOARD_Y + row * CELL + CELL // 2 - 7, str(row), GREY, 2, anchor="right")


def _wall(c: Canvas, x: int, y: int, style: str, car) -> None:
    if style == "gap":
        return
    if style == "void":
        c.fill_rect(x, y, CELL, CELL, VOID)
        for k in range(0, CELL, 8):
            c.line(x + k, y + CELL - 1, x + CELL - 1, y + k, (32, 36, 46))
    elif style == "machine":
        c.fill_rect(x, y, CELL, CELL, STEEL)
        for k in range(4, 2 * CELL, 10):
            a, b = max(0, k - CELL + 1), min(k, CELL - 1)
            c.line(x + a, y + b, x + b, y + a, (80, 82, 92))
    elif style == "car":
        c.fill_rect(x, y, CELL, CELL, ASPHALT)
        c.fill_rect(x + 5, y + 8, CELL - 10, CELL - 16, car)
        c.fill_rect(x + 12, y + 11, CELL - 24, CELL - 22, darker(car, 0.6))
    else:
        c.fill_rect(x, y, CELL, CELL, WALL)


def _escalator(c: Canvas, x: int, y: int, dest: str, up: bool) -> None:
    """Steps, an arrow up or down, and the floor the escalator leads to."""
    c.fill_rect(x, y, CELL, CELL, ESCALATOR)
    for k in range(y + 3, y + CELL, 5):
        c.fill_rect(x + 4, k, CELL - 8, 2, ESCALATOR_STEP)
    cx = x + CELL // 2
    tip, base = (y + 5, y + 14) if up else (y + 14, y + 5)
    c.polygon([(cx, tip), (cx - 7, base), (cx + 7, base)], INK)
    c.fill_rect(x + 1, y + 24, CELL - 2, 12, ESCALATOR)
    c.text(cx, y + 26, dest[:6], INK, anchor="center")
    c.rect(x, y, CELL, CELL, INK)


def _space(c: Canvas, b: Board, node: int, x: int, y: int, tints) -> None:
    """A space a zombie can stand on, coloured by what it is."""
    ch = b.kind[node]
    kind = b.legend[ch]
    fill = FLOOR
    if node == b.start:
        fill = START
    elif b.area[node]:
        fill = tints[b.area[node]]
    elif kind.role == "link":
        fill = LINK
    elif "parking" in kind.name.lower():
        fill = ASPHALT
    c.fill_rect(x, y, CELL, CELL, ASPHALT_LINE if fill == ASPHALT else darker(fill, 0.84))
    c.fill_rect(x + 1, y + 1, CELL - 1, CELL - 1, fill)
    if fill == ASPHALT:
        c.fill_rect(x + 2, y + CELL - 4, CELL - 4, 2, (220, 220, 220))
    if kind.role == "arrow":
        _gate(c, x, y, ARROWS[ch], darker(fill, 0.8))
    if kind.role == "link":
        c.disc(x + CELL // 2, y + CELL // 2 + 6, 12, LINK_DARK)
        c.fill_rect(x + CELL // 2 - 12, y + CELL // 2 + 6, 25, 12, LINK)
        c.fill_rect(x + 1, y + 1, 11, 11, LINK_DARK)
        c.text(x + 4, y + 3, ch, WHITE)
    if node == b.horde_start:
        c.rect(x + 1, y + 1, CELL - 1, CELL - 1, HORDE_EDGE, 3)


def _gate(c: Canvas, x: int, y: int, step: tuple[int, int], colour) -> None:
    """A chevron pointing the way a one-way gate may be passed (``u`` runs
    along the arrow, ``v`` across it)."""
    dr, dc = step
    cx, cy = x + CELL / 2, y + CELL / 2

    def at(u: float, v: float) -> tuple[float, float]:
        return cx + u * dc - v * dr, cy + u * dr + v * dc

    pts = [at(14, 0), at(-2, -15), at(-10, -15), at(6, 0), at(-10, 15), at(-2, 15)]
    c.polygon(pts, colour)


def _area_labels(c: Canvas, b: Board, tints) -> None:
    """Each store or ride's name on the top edge of its widest row."""
    for name, nodes in b.areas.items():
        rows: dict[int, list[int]] = {}
        for i in nodes:
            if b.kind[i] not in ARROWS:
                rows.setdefault(b.rc[i][0], []).append(b.rc[i][1])
        row = max(sorted(rows), key=lambda r: len(rows[r]))
        left, right = min(rows[row]), max(rows[row]) + 1
        x0, y = cell_xy(row, left)
        x1 = BOARD_X + right * CELL
        w = text_size(name)[0] + 6
        cx = (x0 + x1) // 2
        c.fill_rect(cx - w // 2, y + 1, w, 11, darker(tints[name], 0.55))
        c.text(cx, y + 3, name, WHITE, anchor="center")


def _floor_labels(c: Canvas, b: Board) -> None:
    """Each floor's name on the wall row above its first space."""
    for fname in b.floors:
        top = min(b.rc[i][0] for i, f in enumerate(b.floor) if f == fname) - 1
        label = f"{fname.upper()} FLOOR"
        x, y = cell_xy(max(top, 0), 1)
        w = text_size(label, 2)[0] + 12
        c.fill_rect(x, y + 10, w, 20, (40, 44, 54))
        c.text(x + 6, y + 13, label, GREY, 2)


def _atrium_labels(c: Canvas, b: Board) -> None:
    void = [ch for ch, k in b.legend.items() if k.role == "wall" and _wall_style(k.name) == "void"]
    seen = set()
    for r, line in enumerate(b.lines):
        for col, ch in enumerate(line):
            if ch in void and (r, col) not in seen:
                block = _flood(b, r, col, ch, seen)
                rs = [p[0] for p in block]
                cs = [p[1] for p in block]
                x0, y0 = cell_xy(min(rs), min(cs))
                x1, y1 = cell_xy(max(rs) + 1, max(cs) + 1)
                c.text(
                    (x0 + x1) // 2,
                    (y0 + y1) // 2 - 4,
                    b.legend[ch].name.split()[0],
                    (96, 104, 124),
                    anchor="center",
                )


def _flood(b: Board, r: int, col: int, ch: str, seen: set) -> list[tuple[int, int]]:
    out, stack = [], [(r, col)]
    seen.add((r, col))
    while stack:
        p = stack.pop()
        out.append(p)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            q = (p[0] + dr, p[1] + dc)
            if (
                0 <= q[0] < b.height
                and 0 <= q[1] < b.width
                and q not in seen
                and b.lines[q[0]][q[1]] == ch
            ):
                seen.add(q)
                stack.append(q)
    return out
