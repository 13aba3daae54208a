"""The picture of a Maul of America game.

``draw(game, seat, canvas_type)`` draws the Maul with row and column labels, and
right of it a panel of every seat (its hand to its holder only), on any canvas;
``rgb(game)`` is a spectator's, as pixels.  Every place a decision is about is
marked (``Canvas.place``) under the keys the narrator's choices name: a square
``r12c3``, a slot a map section may go to ``slot-1,0`` (its arrows' squares
``slot-1,0n`` .. ``w``), a section ``face3``, a card ``card2`` and a Shopper's
piece of equipment ``item1-4`` (seat 1, kind 4).
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

import numpy as np

from ...core.narration import count
from ...core.raster import Canvas, text_size
from ...core.tiles import frontier
from . import places
from .cards import AMMO, HAND_NAMES, SEARCH_NAMES
from .declaration import GAME, KIND
from .maul import ARROW_SQUARES, FACE_SIZE, FACES, available
from .observe import Visible
from .seats import PLAYING, ZC
from .text import pieces, seat_line, status_line

HEADER = 40  # the title's strip
LABELS = 30  # the row and column labels' strip, left of and above the map
MAP_X, MAP_Y = LABELS, HEADER + LABELS
#: room for the map, as tall as wide: a Maul 32 squares long at 24 pixels a square
#: (room for two-digit labels), 24 long at 32, a square one at 48
MAP_W = MAP_H = 768
MAX_CELL = 48
#: the seats' panel, right of the map (next to it where the Maul is narrower than
#: its room), so the picture is as wide as a screen and the map as large as the
#: window's height allows
PANEL_X, PANEL_W = MAP_X + MAP_W + 16, 408
WIDTH = PANEL_X + PANEL_W + 10
SCALE = 2  # the panel's text, 12 pixels a character
LINE = 24
BACKGROUND = (30, 32, 38)
INK, MUTED = (230, 230, 230), (170, 170, 176)
FLOOR = {".": (214, 208, 196), "?": (236, 205, 110), "F": (150, 200, 140), "E": (220, 120, 110)}
EDGE_COLOUR = {"|": (40, 40, 48), "-": (40, 40, 48), "d": (150, 95, 50), "w": (120, 190, 230),
               "A": (220, 120, 110)}  # fmt: skip
ZOMBIE_COLOURS = {"Z": (60, 120, 50), "z": (40, 80, 35)}
SEAT_COLOURS = ((90, 160, 90), (60, 110, 220), (230, 150, 40), (190, 60, 170), (40, 170, 190))
CHIP, CARD_CHIP, FACE_CHIP = (70, 74, 86), (120, 60, 60), (70, 90, 120)
HEIGHT = MAP_Y + MAP_H + 10


class View:
    """Where the map goes: the squares in sight (the Maul, and while it is drafted
    the slots next to it) fitted to the map's room, ``cell`` pixels a square."""

    def __init__(self, g) -> None:
        maul = g.maul
        top, left = maul.origin
        self.origin = maul.origin
        rows, cols = (top, top + maul.height), (left, left + maul.width)
        self.slots = frontier({(r, c): 0 for _, r, c, _ in g.plan}) if len(g.plan) < 4 else []
        for r, c in self.slots:
            rows = (min(rows[0], FACE_SIZE * r), max(rows[1], FACE_SIZE * (r + 1)))
            cols = (min(cols[0], FACE_SIZE * c), max(cols[1], FACE_SIZE * (c + 1)))
        self.cell = min(MAP_W // (cols[1] - cols[0]), MAP_H // (rows[1] - rows[0]), MAX_CELL)
        self.top, self.left = rows[0], cols[0]
        self.right = MAP_X + (cols[1] - cols[0]) * self.cell

    def at(self, row: int, col: int) -> tuple[int, int]:
        """The top-left pixel of the square at (``row``, ``col``) in the sections'
        coordinates (eight squares a slot)."""
        return MAP_X + (col - self.left) * self.cell, MAP_Y + (row - self.top) * self.cell

    def square(self, maul, v: int) -> tuple[int, int]:
        r, c = maul.rc[v]
        return self.at(self.origin[0] + r, self.origin[1] + c)


def _piece(canvas: Canvas, cx: int, cy: int, mark: str, r: int) -> None:
    """A Shopper as a disc of its seat's colour, a zombie as a green one (darker
    once it has acted); labelled when there is room."""
    if mark.isdigit():
        colour, text, ink = SEAT_COLOURS[int(mark)], mark, (255, 255, 255)
    else:
        colour, text, ink = ZOMBIE_COLOURS[mark], "Z", (230, 240, 220)
    canvas.disc(cx, cy, r, colour)
    if r >= 6:
        scale = 2 if r >= 9 else 1
        canvas.text(cx, cy - 7 * scale // 2, text, ink, scale=scale, anchor="center")


@lru_cache(maxsize=16)
def _floor_plan(maul, cell: int) -> np.ndarray:
    """The Maul without pieces at ``cell`` pixels a square, two pixels of border
    round it, drawn once per Maul and size (``maul.build`` memoises Mauls)."""
    canvas = Canvas(maul.width * cell + 5, maul.height * cell + 5, BACKGROUND)
    _draw_plan(canvas, maul, 2, 2, cell)
    canvas.pixels.flags.writeable = False
    return canvas.pixels


def _draw_plan(canvas: Canvas, maul, x0: int, y0: int, cell: int) -> None:
    """The floor, then the edges over its borders, the top-left square at (x0, y0)."""
    cells = [(x, y, ch) for y, line in enumerate(maul.lines) for x, ch in enumerate(line)]
    scale = 2 if cell >= 20 else 1
    for x, y, ch in cells:
        if y % 2 and x % 2 and ch in FLOOR:
            px, py = x0 + (x // 2) * cell, y0 + (y // 2) * cell
            canvas.fill_rect(px, py, cell, cell, FLOOR[ch])
            if ch != ".":
                canvas.text(px + cell // 2, py + (cell - 7 * scale) // 2, ch, (60, 50, 40),
                            scale=scale, anchor="center")  # fmt: skip
    for x, y, ch in cells:
        if (x + y) % 2 and ch in EDGE_COLOUR:
            px, py = x0 + (x // 2) * cell, y0 + (y // 2) * cell
            if y % 2:  # a vertical edge west of square (y // 2, x // 2)
                canvas.fill_rect(px - 1, py - 1, 3, cell + 3, EDGE_COLOUR[ch])
            else:
                canvas.fill_rect(px - 1, py - 1, cell + 3, 3, EDGE_COLOUR[ch])


def _labels(canvas: Canvas, maul, view: View) -> None:
    """Column numbers above the map and row numbers left of it, as squares are named."""
    cell = view.cell
    scale = 2 if cell >= 24 else 1
    x0, y0 = view.at(*view.origin)
    for c in range(maul.width):
        canvas.text(x0 + c * cell + cell // 2, y0 - 4 - 7 * scale, str(c), MUTED, scale, "center")
    for r in range(maul.height):
        canvas.text(x0 - 4, y0 + r * cell + (cell - 7 * scale) // 2, str(r), MUTED, scale, "right")


def _draw_map(canvas: Canvas, g) -> None:
    """The Maul, its labels, the free slots while it is drafted, the exit and the
    pieces; every square and slot marked as a place."""
    maul, view = g.maul, View(g)
    cell = view.cell
    x0, y0 = view.at(*view.origin)
    canvas.layer(
        x0 - 2, y0 - 2, _floor_plan(maul, cell), lambda c: _draw_plan(c, maul, x0, y0, cell)
    )
    for row, col in view.slots:
        _slot(canvas, view, row, col)
    _labels(canvas, maul, view)
    for v in range(maul.size):
        canvas.place(places.square(maul, v), *view.square(maul, v), cell, cell, maul.name(v))
    for v in maul.way_out[g.exit] if g.exit >= 0 else ():
        x, y = view.square(maul, v)
        canvas.ring(x + cell // 2, y + cell // 2, cell // 2 - 1, (250, 250, 250), width=2)
    quarter = cell // 4
    for v, on in pieces(g).items():
        x, y = view.square(maul, v)
        cx, cy = x + cell // 2, y + cell // 2
        if len(on) == 1:
            _piece(canvas, cx, cy, on[0], cell // 2 - 2)
            continue
        for k, mark in enumerate(on[:4]):  # several: small discs, a quarter each
            _piece(canvas, cx + (k % 2 * 2 - 1) * quarter, cy + (k // 2 * 2 - 1) * quarter,
                   mark, quarter)  # fmt: skip


def _slot(canvas: Canvas, view: View, row: int, col: int) -> None:
    """A free slot next to the Maul: its outline and label, marked as a place, and
    the squares of each side's arrow (where a section's arrows would lie)."""
    cell, side = view.cell, FACE_SIZE * view.cell
    x, y = view.at(FACE_SIZE * row, FACE_SIZE * col)
    canvas.rect(x + 2, y + 2, side - 4, side - 4, MUTED, width=1)
    canvas.text(x + side // 2, y + side // 2 - 7, "free slot", MUTED, scale=2, anchor="center")
    canvas.place(places.slot(row, col), x, y, side, side, "a free slot next to the Maul")
    a, b = ARROW_SQUARES[0] * cell, 2 * cell
    ends = ((x + a, y, b, cell), (x + side - cell, y + a, cell, b),
            (x + a, y + side - cell, b, cell), (x, y + a, cell, b))  # fmt: skip
    for k, box in enumerate(ends):
        canvas.place(
            places.slot(row, col, k),
            *box,
            f"the slot's {['north', 'east', 'south', 'west'][k]} arrow",
        )


class Panel:
    """The seats' text under the map, written line by line, with chips: boxed
    words (a card, a piece of equipment, a map section) marked as places."""

    def __init__(self, canvas: Canvas, x: int, y: int) -> None:
        self.canvas, self.x, self.y = canvas, x, y
        self.chars = (WIDTH - 10 - x) // 12

    def line(self, text: str, colour=INK, gap: int = 0) -> None:
        """``text`` wrapped to the panel's width, ``gap`` pixels below the last line."""
        self.y += gap
        for part in textwrap.wrap(text, self.chars) or [""]:
            self.canvas.text(self.x, self.y, part, colour, scale=SCALE)
            self.y += LINE

    def chips(self, chips: list[tuple[str, str, tuple]]) -> None:
        """``(key, text, colour)`` boxes, left to right, wrapping at the edge."""
        left = x = self.x + 14
        for key, text, colour in chips:
            w = text_size(text, SCALE)[0] + 10
            if x + w > WIDTH - 10 and x > left:
                x, self.y = left, self.y + LINE
            self.canvas.fill_rect(x, self.y - 3, w, LINE - 4, colour)
            self.canvas.text(x + 5, self.y, text, INK, scale=SCALE)
            self.canvas.place(key, x, self.y - 3, w, LINE - 4, text)
            x += w + 6
        if chips:
            self.y += LINE


def _hand_chips(g, s: int, see: Visible) -> list[tuple[str, str, tuple]]:
    """The cards of ``s``'s hand, for its holder only."""
    if not see.hand(s):
        return []
    hand = g.hands[s]
    return [(places.card(k), HAND_NAMES[k] + (f" x{n}" if n > 1 else ""), CARD_CHIP)
            for k, n in enumerate(hand) if n]  # fmt: skip


def _item_chips(g, s: int) -> list[tuple[str, str, tuple]]:
    """Shopper ``s``'s equipment, one chip a kind: how many, a weapon's shots."""
    out, kinds = [], sorted({kind for kind, _ in g.items[s]})
    for kind in kinds:
        held = [shots for k, shots in g.items[s] if k == kind]
        text = SEARCH_NAMES[kind] + (f" x{len(held)}" if len(held) > 1 else "")
        if AMMO[kind]:
            shots = "/".join(map(str, held)) + " shots" if len(held) > 1 else count(*held, "shot")
            text += f" ({shots})"
        out.append((places.item(s, kind), text, CHIP))
    return out


def _draw_panel(canvas: Canvas, g, seat: int | None) -> None:
    x = MAP_X if g.maul is None else min(View(g).right + 24, PANEL_X)
    panel, see = Panel(canvas, x, MAP_Y), Visible(g, seat)
    if g.decision == KIND.face:
        panel.line("Map sections to choose from:", MUTED)
        faces = available(tuple(map(tuple, g.plan)))
        panel.chips([(places.face(f), FACES[f].name, FACE_CHIP) for f in faces])
    if g.face >= 0:
        panel.line(f"Map section being placed: {FACES[g.face].name}")
    for s in range(g.num_players):
        colour = INK if s == ZC or g.status[s] == PLAYING else MUTED
        panel.line(seat_line(g, s, equipment=False), colour, gap=6 if s else 0)
        panel.chips(([] if s == ZC else _item_chips(g, s)) + _hand_chips(g, s, see))
    if g.exit >= 0:
        panel.line(f"The exit to escape by: {g.maul.exit_name(g.exit)}")
    if g.terminal or g.decision is not None:
        panel.line(status_line(g), (236, 184, 44))


def draw(g, seat: int | None = None, canvas_type: type[Canvas] = Canvas) -> Canvas:
    """The Maul and the panel of the seats, ``seat``'s hand shown to it alone, on a
    new ``canvas_type``.  The picture keeps one size through every game (recorders
    need that): the map is scaled to fit its room."""
    canvas = canvas_type(WIDTH, HEIGHT, BACKGROUND)
    canvas.text(10, 10, GAME.title, (235, 90, 70), scale=3)
    rounds = f"round {g.round} of {g.options['max_rounds']}"
    canvas.text(WIDTH - 10, 14, rounds, INK, scale=SCALE, anchor="right")
    if g.maul is not None:
        _draw_map(canvas, g)
    _draw_panel(canvas, g, seat)
    return canvas


def rgb(g) -> np.ndarray:
    """The spectator's picture (``draw``) as an ``H`` x ``W`` x 3 uint8 array."""
    return draw(g).pixels
