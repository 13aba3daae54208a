"""The picture of a Mall Walkers game.

``draw(game, seat, canvas_type)`` draws the same view as the text (``seat``'s) on
any canvas and ``rgb(game, seat)`` as pixels, of one size for every game: the
mall scaled to fit its square, the seats' lines beside it.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

import numpy as np

from ...core.raster import Canvas
from .declaration import GAME
from .mall import CELLS, HELIPAD, TILE_SIZE
from .observe import EDGE_CODES, Visible, edge_code
from .text import contents, now_line, seat_line, table_lines

MAP = 720  # the mall's square, in pixels
MAX_CELL = 44
MARGIN = 16
TITLE = 44
PANEL = 372
PANEL_CHARS = 60  # characters a panel line holds (6 pixels each)
LINE = 11
WIDTH = MARGIN + MAP + MARGIN + PANEL + MARGIN
HEIGHT = TITLE + MAP + MARGIN
BACKGROUND = (30, 32, 38)
TILE_BACK = (52, 54, 62)
FLOOR = {
    "hall": (214, 208, 196),
    "hall2": (196, 206, 214),
    "store": (226, 196, 140),
    "store2": (200, 180, 200),
    "roof": (150, 170, 200),
}
WALL = (24, 24, 30)
DOOR = (150, 95, 50)
HALL_END = (220, 120, 110)
ZOMBIE = (60, 130, 50)
TOKENS = {"h": (220, 50, 60), "b": (240, 200, 60), "r": (70, 150, 240), "k": (250, 250, 250)}
SEAT_COLOURS = (
    (60, 110, 220), (230, 150, 40), (190, 60, 170), (40, 170, 190), (230, 230, 230),
    (120, 80, 40),
)  # fmt: skip
TEXT = (220, 220, 220)
TITLE_COLOUR = (235, 90, 70)
GOLD = (240, 200, 80)


@lru_cache(maxsize=64)  # three ints a mall
def _frame(mall) -> tuple[int, int, int]:
    """Where the mall's squares go: the pixel size of a square and the picture's
    position of global square (0, 0), the mall centred in its square."""
    rows = [r for _, r, _, _, _ in mall.tiles]
    cols = [c for _, _, c, _, _ in mall.tiles]
    height = TILE_SIZE * (max(rows) - min(rows) + 1)
    width = TILE_SIZE * (max(cols) - min(cols) + 1)
    cell = min(MAX_CELL, MAP // height, MAP // width)
    x0 = MARGIN + (MAP - cell * width) // 2 - cell * TILE_SIZE * min(cols)
    y0 = TITLE + (MAP - cell * height) // 2 - cell * TILE_SIZE * min(rows)
    return cell, x0, y0


def cell_box(g, i: int) -> tuple[int, int, int, int]:
    """The pixel box (x0, y0, x1, y1) of square ``i``."""
    cell, x0, y0 = _frame(g.mall)
    r, c = g.mall.rc[i]
    x, y = x0 + c * cell, y0 + r * cell
    return x, y, x + cell, y + cell


#: the part of the picture the mall's floor plan covers: its square and the walls' overhang
_PLAN_Y, _PLAN_X = slice(TITLE - 4, TITLE + MAP + 4), slice(MARGIN - 4, MARGIN + MAP + 4)


@lru_cache(maxsize=8)  # a mall changes at most once a turn: a few suffice
def _floor_plan(mall) -> np.ndarray:
    """The mall without pieces (the ``_PLAN_Y`` x ``_PLAN_X`` part of the picture),
    drawn once per mall (``mall.build`` memoises it)."""
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    _draw_plan(canvas, mall)
    plan = canvas.pixels[_PLAN_Y, _PLAN_X].copy()
    plan.flags.writeable = False
    return plan


def _draw_plan(canvas: Canvas, mall) -> None:
    """The tiles, the squares' floors and marks, then the edges over them."""
    cell, x0, y0 = _frame(mall)
    side = cell * TILE_SIZE
    for _, row, col, _, _ in mall.tiles:
        canvas.fill_rect(x0 + col * side, y0 + row * side, side, side, TILE_BACK)
    for i in mall.squares:
        r, c = mall.rc[i]
        x, y = x0 + c * cell, y0 + r * cell
        store = mall.store[i]
        second = mall.tiles[i // CELLS][4] == 2
        if store >= 0 and mall.tiles[store][0] == HELIPAD:
            colour = FLOOR["roof"]
        elif store >= 0:
            colour = FLOOR["store2" if second else "store"]
        else:
            colour = FLOOR["hall2" if second else "hall"]
        canvas.fill_rect(x, y, cell, cell, colour)
        mark = {"@": "@", "*": "H", "S": "S"}.get(mall.char[i])
        if mark:
            canvas.text(x + 2, y + 2, mark, (90, 80, 70))
    w = max(2, cell // 8)
    for i in mall.squares:
        r, c = mall.rc[i]
        x, y = x0 + c * cell, y0 + r * cell
        for side in range(4):
            code = edge_code(mall, i, side)
            if code == EDGE_CODES["open"]:
                continue
            colour = {
                EDGE_CODES["wall"]: WALL,
                EDGE_CODES["door"]: DOOR,
                EDGE_CODES["hall_end"]: HALL_END,
            }[code]
            if side == 0:
                canvas.fill_rect(x - w // 2, y - w // 2, cell + w, w, colour)
            elif side == 1:
                canvas.fill_rect(x + cell - w // 2, y - w // 2, w, cell + w, colour)
            elif side == 2:
                canvas.fill_rect(x - w // 2, y + cell - w // 2, cell + w, w, colour)
            else:
                canvas.fill_rect(x - w // 2, y - w // 2, w, cell + w, colour)


def _pieces(canvas: Canvas, g, i: int, things: list[tuple[str, str, int]]) -> None:
    """Zombie and pawns as discs (up to four, a quarter of the square each), tokens
    as small squares along the square's foot."""
    x, y, x1, _ = cell_box(g, i)
    cell = x1 - x
    discs = [m for m, _, _ in things if m == "Z" or m.isdigit()]
    tokens = [m for m, _, n in things if m in TOKENS for _ in range(min(n, 3))]
    if len(discs) == 1:
        spots = [(x + cell // 2, y + cell // 2, cell // 2 - 2)]
    else:
        q = cell // 4
        spots = [(x + q + (k % 2) * 2 * q, y + q + (k // 2) * 2 * q, q - 1) for k in range(4)]
    for mark, (cx, cy, r) in zip(discs, spots, strict=False):
        if mark == "Z":
            canvas.disc(cx, cy, r, ZOMBIE)
            ink, text = (230, 240, 220), "Z"
        else:
            canvas.disc(cx, cy, r, SEAT_COLOURS[int(mark)])
            canvas.ring(cx, cy, r, (20, 20, 20))
            ink, text = (0, 0, 0) if mark == "4" else (255, 255, 255), mark
        if r >= 6:
            canvas.text(cx - 2, cy - 3, text, ink)
    dot = max(3, cell // 6)
    for k, mark in enumerate(tokens):
        canvas.fill_rect(x + 2 + k * (dot + 1), y + cell - dot - 2, dot, dot, TOKENS[mark])


def _panel(g, seat) -> list[str]:
    """The text beside the map: the seats' lines and the table's counts, wrapped."""
    see = Visible(g, seat)
    lines = [seat_line(g, s, see) for s in range(g.num_players)] + table_lines(g)
    lines.append("Z zombie; discs: pawns by seat; tokens: red life, yellow bullets, "
                 "blue rescue, white keys")  # fmt: skip
    out = []
    for line in lines:
        out += textwrap.wrap(line, PANEL_CHARS, subsequent_indent="  ") + [""]
    return out


def draw(g, seat: int | None = None, canvas_type: type[Canvas] = Canvas) -> Canvas:
    """The mall and the seats' state as ``seat`` may see them (``None``: a spectator,
    no hand shown), drawn on a new ``canvas_type`` of ``WIDTH`` x ``HEIGHT``, one size
    for every game (video recorders need that), the mall scaled to fit its square."""
    canvas = canvas_type(WIDTH, HEIGHT, BACKGROUND)
    canvas.layer(_PLAN_X.start, _PLAN_Y.start, _floor_plan(g.mall), lambda c: _draw_plan(c, g.mall))
    for i, things in contents(g).items():
        _pieces(canvas, g, i, things)
    square = g.combat[0]
    if square >= 0:
        x, y, x1, y1 = cell_box(g, square)
        canvas.rect(x, y, x1 - x, y1 - y, (250, 60, 60), width=2)
    w = canvas.text(MARGIN, 10, GAME.title.upper(), TITLE_COLOUR, 2)[0]
    canvas.text(MARGIN + w + 16, 14, f"round {g.round} of {g.options['max_rounds']}", TEXT)
    now = now_line(g)
    if now:
        colour = GOLD if g.terminal else TEXT
        canvas.text(WIDTH - MARGIN, 14, now, colour, anchor="right")
    x0 = MARGIN + MAP + MARGIN
    for k, line in enumerate(_panel(g, seat)[: MAP // LINE]):
        canvas.text(x0, TITLE + k * LINE, line, TEXT)
    return canvas


def rgb(g, seat: int | None = None) -> np.ndarray:
    """``seat``'s picture (``draw``) as a ``HEIGHT`` x ``WIDTH`` x 3 uint8 array."""
    return draw(g, seat).pixels
