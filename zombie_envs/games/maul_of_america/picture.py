"""The picture of a Maul of America game.

``draw(game, seat, canvas_type)`` draws the whole Maul for a spectator on any
canvas, beside the spectator's text lines, and ``rgb(game)`` as pixels.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

import numpy as np

from ...core.raster import Canvas
from .declaration import GAME
from .maul import FACE_SIZE, SECTIONS
from .text import ansi, map_lines, pieces

CELL = 18
MARGIN = 24
PANEL = 300
PANEL_CHARS = 44  # characters a panel line holds (6 pixels each)
PANEL_TOP = 44  # the panel's text starts this far below the title
LINE = 11
BACKGROUND = (30, 32, 38)
FLOOR = {".": (214, 208, 196), "?": (236, 205, 110), "F": (150, 200, 140), "E": (220, 120, 110)}
EDGE_COLOUR = {"|": (40, 40, 48), "-": (40, 40, 48), "d": (150, 95, 50), "w": (120, 190, 230),
               "A": (220, 120, 110)}  # fmt: skip
ZOMBIE_COLOURS = {"Z": (60, 120, 50), "z": (40, 80, 35)}
SEAT_COLOURS = ((90, 160, 90), (60, 110, 220), (230, 150, 40), (190, 60, 170), (40, 170, 190))


def _panel(g) -> list[str]:
    """The spectator's text under the map, wrapped to the panel's width."""
    lines = ansi(g).splitlines()[1 + len(map_lines(g)) if g.maul is not None else 2 :]
    return [part for line in lines for part in textwrap.wrap(line, PANEL_CHARS)]


def _piece(canvas: Canvas, cx: int, cy: int, mark: str, r: int) -> None:
    """A Shopper as a disc of its seat's colour, a zombie as a green one (darker
    once it has acted); labelled when there is room."""
    if mark.isdigit():
        colour, text, ink = SEAT_COLOURS[int(mark)], mark, (255, 255, 255)
    else:
        colour, text, ink = ZOMBIE_COLOURS[mark], "Z", (230, 240, 220)
    canvas.disc(cx, cy, r, colour)
    if r >= 6:
        canvas.text(cx - 2, cy - 3, text, ink)


@lru_cache(maxsize=16)
def _floor_plan(maul) -> np.ndarray:
    """The Maul without pieces, drawn once per Maul (``maul.build`` memoises it)."""
    lines = maul.lines
    rows, cols = (len(lines) - 1) // 2, (len(lines[0]) - 1) // 2
    canvas = Canvas(2 * MARGIN + cols * CELL, 2 * MARGIN + rows * CELL, BACKGROUND)
    _draw_plan(canvas, maul)
    canvas.pixels.flags.writeable = False
    return canvas.pixels


def _draw_plan(canvas: Canvas, maul) -> None:
    """The floor, then the edges over its borders."""
    lines = maul.lines
    cells = [(x, y, ch) for y, line in enumerate(lines) for x, ch in enumerate(line)]
    for x, y, ch in cells:  # the floor first, then the edges over its borders
        if y % 2 and x % 2 and ch in FLOOR:
            px, py = MARGIN + (x // 2) * CELL, MARGIN + (y // 2) * CELL
            canvas.fill_rect(px, py, CELL, CELL, FLOOR[ch])
            if ch != ".":
                canvas.text(px + 5, py + 5, ch, (60, 50, 40))
    for x, y, ch in cells:
        if (x + y) % 2 and ch in EDGE_COLOUR:
            px, py = MARGIN + (x // 2) * CELL, MARGIN + (y // 2) * CELL
            colour = EDGE_COLOUR[ch]
            if y % 2:  # a vertical edge west of square (y // 2, x // 2)
                canvas.fill_rect(px - 1, py - 1, 3, CELL + 3, colour)
            else:
                canvas.fill_rect(px - 1, py - 1, CELL + 3, 3, colour)


def draw(g, seat: int | None = None, canvas_type: type[Canvas] = Canvas) -> Canvas:
    """The whole Maul for a spectator, with a panel of the seats' public state (so
    the same for every ``seat``), drawn on a new ``canvas_type``.  The picture keeps one
    size through every game of a player count (recorders need that): room for the
    largest Maul four sections make, and four panel lines a seat."""
    map_side = 2 * MARGIN + SECTIONS * FACE_SIZE * CELL
    text_height = PANEL_TOP + LINE * 4 * (g.num_players + 1)
    canvas = canvas_type(map_side + PANEL, max(map_side, MARGIN + text_height), BACKGROUND)
    if g.maul is not None:
        canvas.layer(0, 0, _floor_plan(g.maul), lambda c: _draw_plan(c, g.maul))
    map_width = map_side

    def centre(v: int) -> tuple[int, int]:
        r, c = g.maul.rc[v]
        return MARGIN + c * CELL + CELL // 2, MARGIN + r * CELL + CELL // 2

    for v in g.maul.way_out[g.exit] if g.exit >= 0 else ():
        canvas.ring(*centre(v), CELL // 2 - 1, (250, 250, 250), width=2)
    quarter = CELL // 4
    for v, on in pieces(g).items():
        cx, cy = centre(v)
        if len(on) == 1:
            _piece(canvas, cx, cy, on[0], CELL // 2 - 1)
            continue
        for k, mark in enumerate(on[:4]):  # several: small discs, a quarter each
            _piece(canvas, cx + (k % 2 * 2 - 1) * quarter, cy + (k // 2 * 2 - 1) * quarter,
                   mark, quarter)  # fmt: skip
    x0 = map_width
    canvas.text(x0, MARGIN, f"{GAME.title}", (235, 90, 70), scale=2)
    canvas.text(x0, MARGIN + 24, f"round {g.round} of {g.options['max_rounds']}", (230, 230, 230))
    for k, line in enumerate(_panel(g)):
        canvas.text(x0, MARGIN + PANEL_TOP + k * LINE, line, (220, 220, 220))
    return canvas


def rgb(g) -> np.ndarray:
    """The spectator's picture (``draw``) as an ``H`` x ``W`` x 3 uint8 array."""
    return draw(g).pixels
