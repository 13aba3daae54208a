"""The picture of a Mall Walkers game.

``draw(game, seat, canvas_type)`` draws the same view as the text (``seat``'s) on
any canvas and ``rgb(game, seat)`` as pixels, of one size for every game: the
tiles laid so far and the free places a tile may take next, scaled to fill the
map's room, rows and columns numbered as the text board numbers them, the seats'
lines beside it.  All its type is twice the bitmap font's size, so that the page
showing the whole picture on a laptop's screen sets it at 12 pixels or more.

It marks the places a decision can be about (``Canvas.place``), under the keys
the narrator's choices name: every square (``r-4c2``), where the drawn tile may
go (``tile-2,0``) with the squares, doorways and hall ends (``r-5c1w``) it would
have there, each seat's lines (``seat2``) and the viewer's own cards: in hand
(``hand3``), in play (``play3``) and the discard pile's (``pile3``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from ...core.raster import ADVANCE, Canvas
from ...core.tiles import beside
from . import places
from .cards import NAMES
from .declaration import GAME, KIND
from .mall import CELLS, HELIPAD, TILE_SIZE, TILES
from .observe import EDGE_CODES, Visible, edge_code
from .places import edge, named, square
from .text import PILE, contents, fitting, now_line, pile, seat_line, slot, table_lines

TYPE = 2  # the type's scale: 12 pixels a character, 14 a capital's height
CHAR = ADVANCE * TYPE
# The picture is sized so that a laptop's page (a 1366 x 768 screen, about 880 x 620
# pixels for the board) shows it whole at 0.6 or more: its type at 12 pixels.
MAP_W, MAP_H = 920, 926  # the room for the mall
MAX_CELL = 80
MARGIN = 16
TITLE = 44
LABELS = 24  # the strip of column numbers above the mall
ROW_LABELS = 44  # the strip of row numbers left of it ("-12": 34 pixels)
MAP_X, MAP_Y = MARGIN + ROW_LABELS, TITLE + LABELS
PANEL = 444
PANEL_CHARS = PANEL // CHAR  # characters a panel line holds
LINE = 20
WIDTH = MAP_X + MAP_W + 2 * MARGIN + PANEL + MARGIN
HEIGHT = MAP_Y + MAP_H + MARGIN
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


def framed(mall, room: bool) -> set[tuple[int, int]]:
    """The tile positions the picture shows: the tiles laid so far and, while a
    tile is still to come (``room``), every free position some tile may take, so
    that wherever the next tile goes is on it."""
    if not room:
        return set(mall.at)
    free = {beside(pos, side) for pos in mall.at for side in range(4)} - mall.at.keys()
    kinds = range(len(TILES))
    return set(mall.at) | {
        p for p in free if any(mall.fit(k, p, t) for k in kinds for t in range(4))
    }


def _room(g) -> bool:
    """Whether a tile is still to be placed: drawn, or in the stack."""
    return g.drawn >= 0 or bool(g.stack)


@lru_cache(maxsize=64)  # seven ints a mall
def _frame(mall, room: bool) -> tuple[int, int, int, int, int, int, int]:
    """Where the mall's squares go: the pixel size of a square, the picture's
    position of global square (0, 0), and the rows and columns shown (first, last).
    The frame holds the ``framed`` positions, as large as the map's room allows, so
    that the scale changes only with the mall."""
    spots = framed(mall, room)
    top, bottom = min(r for r, _ in spots), max(r for r, _ in spots)
    left, right = min(c for _, c in spots), max(c for _, c in spots)
    height, width = TILE_SIZE * (bottom - top + 1), TILE_SIZE * (right - left + 1)
    cell = min(MAX_CELL, MAP_H // height, MAP_W // width)
    x0 = MAP_X + (MAP_W - cell * width) // 2 - cell * TILE_SIZE * left
    y0 = MAP_Y + (MAP_H - cell * height) // 2 - cell * TILE_SIZE * top
    rows = (TILE_SIZE * top, TILE_SIZE * bottom + TILE_SIZE - 1)
    return cell, x0, y0, *rows, TILE_SIZE * left, TILE_SIZE * right + TILE_SIZE - 1


def box_at(g, r: int, c: int) -> tuple[int, int, int, int]:
    """The pixel box (x0, y0, x1, y1) of the square in row ``r``, column ``c``
    (placed or not)."""
    cell, x0, y0 = _frame(g.mall, _room(g))[:3]
    x, y = x0 + c * cell, y0 + r * cell
    return x, y, x + cell, y + cell


def cell_box(g, i: int) -> tuple[int, int, int, int]:
    """The pixel box (x0, y0, x1, y1) of square ``i``."""
    return box_at(g, *g.mall.rc[i])


#: the part of the picture the mall's floor plan covers: its square and the walls' overhang
_PLAN_Y, _PLAN_X = slice(MAP_Y - 6, MAP_Y + MAP_H + 6), slice(MAP_X - 6, MAP_X + MAP_W + 6)


@lru_cache(maxsize=8)  # a mall changes at most once a turn: a few suffice
def _floor_plan(mall, room: bool) -> np.ndarray:
    """The mall without pieces (the ``_PLAN_Y`` x ``_PLAN_X`` part of the picture),
    drawn once per mall (``mall.build`` memoises it)."""
    canvas = Canvas(WIDTH, HEIGHT, BACKGROUND)
    _draw_plan(canvas, mall, room)
    plan = canvas.pixels[_PLAN_Y, _PLAN_X].copy()
    plan.flags.writeable = False
    return plan


def _draw_plan(canvas: Canvas, mall, room: bool) -> None:
    """The tiles, the squares' floors and marks, then the edges over them."""
    cell, x0, y0 = _frame(mall, room)[:3]
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
        if mark and cell >= 24:
            canvas.text(x + 3, y + 3, mark, (90, 80, 70), TYPE)
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
    """Zombie and pawns as discs (alone: most of the square; else up to four, a
    quarter of it each), lettered where the type fits; tokens as squares a quarter
    of the square wide, edged in black, four a row up from its foot."""
    x, y, x1, _ = cell_box(g, i)
    cell = x1 - x
    discs = [m for m, _, _ in things if m == "Z" or m.isdigit()]
    tokens = [m for m, _, n in things if m in TOKENS for _ in range(min(n, 3))]
    if len(discs) == 1:
        spots = [(x + cell // 2, y + cell // 2, cell // 2 - 3)]
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
        if r >= 8:
            canvas.text(cx + 1, cy - 7, text, ink, TYPE, anchor="center")
    side = max(4, cell // 4 - 1)
    for k, mark in enumerate(tokens):
        tx, ty = x + 2 + (k % 4) * (side + 1), y + cell - 2 - (k // 4 + 1) * (side + 1)
        canvas.fill_rect(tx, ty, side, side, (20, 20, 20))
        canvas.fill_rect(tx + 1, ty + 1, side - 2, side - 2, TOKENS[mark])


#: a piece of panel text and the key of its place ("": none)
Chunk = tuple[str, str]


def _flow(chunks: list[Chunk]) -> list[list[tuple[int, str, str]]]:
    """Chunks laid out in lines of ``PANEL_CHARS``: (column, text, key) pieces.  Plain
    text breaks between words, a keyed chunk (a card) stays whole; lines after the
    first are indented."""
    lines: list[list[tuple[int, str, str]]] = [[]]
    col = 0
    for text, key in chunks:
        for word in [text] if key else re.findall(r"\S+ *| +", text):
            if col + len(word.rstrip()) > PANEL_CHARS and col > 2:
                lines.append([])
                col = 2
                word = word if key else word.lstrip()
            last = lines[-1][-1] if lines[-1] else (0, "", "key")
            if key or last[2]:
                lines[-1].append((col, word, key))
            else:  # plain text runs on in one piece
                lines[-1][-1] = (last[0], last[1] + word, "")
            col += len(word)
    return lines


def _cards(label: str, counts, key: Callable[[int], str]) -> list[Chunk]:
    """``label`` then each kind of ``counts`` ((kind, how many)) as a chunk keyed
    ``key(kind)``."""
    out: list[Chunk] = [(label, "")]
    for j, (k, n) in enumerate(counts):
        out += [(", ", "")] if j else []
        out.append((NAMES[k] + (f" x{n}" if n > 1 else ""), key(k)))
    return out + ([] if counts else [("nothing", "")])


def _paragraphs(g, seat) -> list[tuple[list[Chunk], str]]:
    """The panel's paragraphs and the key of each one's place: the seats' lines (the
    viewer's cards one by one), the table's counts (the discard pile's cards one by
    one) and what the marks mean."""
    see = Visible(g, seat)
    out = []
    for s in range(g.num_players):
        line = seat_line(g, s, see, cards=s != seat)
        chunks: list[Chunk] = [(line, "")]
        if s == seat:
            items = [(k, n) for k, n in enumerate(g.items[s]) if n]
            hand = [(k, n) for k, n in enumerate(g.hands[s]) if n]
            chunks += _cards("; in play: ", items, places.in_play)
            chunks += _cards("; hand: ", hand, places.hand)
        out.append((chunks, places.seat(s)))
    for line in table_lines(g):
        head, mark, _ = line.partition(PILE)
        chunks = _cards(head + PILE, pile(g), places.pile) if mark and g.discard else [(line, "")]
        out.append((chunks, ""))
    legend = ("Z zombie; discs: pawns by seat; squares: red life, yellow bullets, "
              "blue rescue, white keys")  # fmt: skip
    out.append(([(legend, "")], ""))
    return out


def _draw_panel(canvas: Canvas, g, seat) -> None:
    """Who decides what now (the result in gold), then the panel's paragraphs, half a
    line apart, cards in gold, their places marked (a seat's lines first, so its
    cards lie over it)."""
    x0, y = MAP_X + MAP_W + 2 * MARGIN, MAP_Y
    bottom = MAP_Y + MAP_H
    now = now_line(g)
    plain = GOLD if g.terminal else TEXT
    for n, (chunks, key) in enumerate(([([(now, "")], "")] if now else []) + _paragraphs(g, seat)):
        lines = _flow(chunks)[: max(0, (bottom - y) // LINE)]
        if key and lines:
            label = chunks[0][0].split(":")[0]
            canvas.place(key, x0 - 4, y - 4, PANEL + 4, LINE * len(lines) + 2, label)
        for line in lines:
            for col, text, piece in line:
                colour = GOLD if places.own(piece) else plain if now and n == 0 else TEXT
                canvas.text(x0 + CHAR * col, y, text, colour, TYPE)
                if piece:
                    canvas.place(piece, x0 + CHAR * col - 2, y - 4, CHAR * len(text) + 3, LINE,
                                 text)  # fmt: skip
            y += LINE
        y += LINE // 2


def _labels(canvas: Canvas, g) -> None:
    """Row numbers left of the mall, column numbers above it, as the squares are named."""
    cell, x0, y0, top, bottom, left, right = _frame(g.mall, _room(g))
    every = -(-(3 * CHAR + 2) // cell)  # a label "-12" is 34 pixels wide
    for c in range(left, right + 1):
        if c % every == 0:
            canvas.text(x0 + c * cell + cell // 2, y0 + top * cell - 20, str(c), TEXT, TYPE,
                        anchor="center")  # fmt: skip
    for r in range(top, bottom + 1):
        if r % every == 0:
            canvas.text(x0 + left * cell - 6, y0 + r * cell + cell // 2 - 7, str(r), TEXT, TYPE,
                        anchor="right")  # fmt: skip


def _edge_box(g, r: int, c: int, side: int) -> tuple[int, int, int, int]:
    """A thin box along one side of a square: where a doorway or a hall end is."""
    x, y, x1, y1 = box_at(g, r, c)
    cell = x1 - x
    w = max(4, cell // 4)
    return (
        (x, y - w // 2, cell, w),
        (x1 - w // 2, y, w, cell),
        (x, y1 - w // 2, cell, w),
        (x - w // 2, y, w, cell),
    )[side]


def _slots(canvas: Canvas, g) -> None:
    """Where the drawn tile may go: each slot outlined and marked, and the squares,
    doorways and hall ends it would have there, marked for the choices' previews."""
    mall = g.mall
    for r, c, turns, _ in mall.placements(g.drawn):
        x, y, _, _ = box_at(g, TILE_SIZE * r, TILE_SIZE * c)
        side = _frame(mall, True)[0] * TILE_SIZE
        key = places.tile(r, c)
        if key not in canvas.places:
            canvas.rect(x + 2, y + 2, side - 4, side - 4, GOLD, width=2)
            canvas.place(key, x, y, side, side, f"the tile around {slot(r, c)}")
        fit = fitting(g.drawn, r, c, turns)
        for at in fit.squares:
            x, y, x1, y1 = box_at(g, *at)
            canvas.place(named(*at), x, y, x1 - x, y1 - y, named(*at))
        for at in fit.doors + fit.halls:
            canvas.place(edge(*at), *_edge_box(g, *at), f"{named(*at[:2])} {'nesw'[at[2]]}")


def draw(g, seat: int | None = None, canvas_type: type[Canvas] = Canvas) -> Canvas:
    """The mall and the seats' state as ``seat`` may see them (``None``: a spectator,
    no hand shown), drawn on a new ``canvas_type`` of ``WIDTH`` x ``HEIGHT``, one size
    for every game (video recorders need that), the mall scaled to fill its room."""
    canvas = canvas_type(WIDTH, HEIGHT, BACKGROUND)
    room = _room(g)
    plan = _floor_plan(g.mall, room)
    canvas.layer(_PLAN_X.start, _PLAN_Y.start, plan, lambda c: _draw_plan(c, g.mall, room))
    on = contents(g)
    for i, things in on.items():
        _pieces(canvas, g, i, things)
    fought = g.combat[0]
    if fought >= 0:
        x, y, x1, y1 = cell_box(g, fought)
        canvas.rect(x, y, x1 - x, y1 - y, (250, 60, 60), width=2)
    _labels(canvas, g)
    for i in g.mall.squares:
        x, y, x1, y1 = cell_box(g, i)
        what = ", ".join(words for _, words, _ in on.get(i, []))
        canvas.place(square(g.mall, i), x, y, x1 - x, y1 - y,
                     square(g.mall, i) + (f": {what}" if what else ""))  # fmt: skip
    if g.decision == KIND.place_tile and g.drawn >= 0:
        _slots(canvas, g)
    w = canvas.text(MARGIN, 10, GAME.title.upper(), TITLE_COLOUR, 3)[0]
    canvas.text(MARGIN + w + 24, 16, f"round {g.round} of {g.options['max_rounds']}", TEXT, TYPE)
    _draw_panel(canvas, g, seat)
    return canvas


def rgb(g, seat: int | None = None) -> np.ndarray:
    """``seat``'s picture (``draw``) as a ``HEIGHT`` x ``WIDTH`` x 3 uint8 array."""
    return draw(g, seat).pixels
