"""A tiny raster toolkit for ``rgb_array`` rendering, shared by every game.

The core library may only depend on numpy, gymnasium and pettingzoo, so board
pictures are drawn here on a plain ``uint8`` array: rectangles, discs, rings,
lines, filled polygons and text in a built-in 5x7 bitmap font (with one row
for descenders), and saved with a PNG encoder that needs only zlib and struct.
Every primitive clips at the canvas edges and works on numpy slices, so a
whole board costs a few milliseconds.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np

Color = Sequence[int]

#: Glyph cell: 5 columns, 7 rows above the baseline and 1 row for descenders.
GLYPH_W, GLYPH_H = 5, 8
#: Horizontal advance and line height (in font pixels) between glyphs and lines.
ADVANCE, LINE_HEIGHT = 6, 10

# One string per glyph, rows top to bottom separated by spaces ('#' = ink).
_GLYPHS = {
    " ": "",
    "!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    '"': ".#.#. .#.#. .#.#.",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    "%": "##... ##..# ...#. ..#.. .#... #..## ...##",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    "'": "..#.. ..#.. .#...",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    "*": "..... ..#.. #.#.# .###. #.#.# ..#.. .....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    ",": "..... ..... ..... ..... ..... .##.. ..#.. .#...",
    "-": "..... ..... ..... ##### ..... ..... .....",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    "/": "..... ....# ...#. ..#.. .#... #.... .....",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    ";": "..... .##.. .##.. ..... .##.. ..#.. .#...",
    "<": "...#. ..#.. .#... #.... .#... ..#.. ...#.",
    "=": "..... ..... ##### ..... ##### ..... .....",
    ">": ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "@": ".###. #...# ....# .##.# #.#.# #.#.# .###.",
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. #...# #...# #...# #...# #...# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "[": ".###. .#... .#... .#... .#... .#... .###.",
    "\\": "..... #.... .#... ..#.. ...#. ....# .....",
    "]": ".###. ...#. ...#. ...#. ...#. ...#. .###.",
    "^": "..#.. .#.#. #...#",
    "_": "..... ..... ..... ..... ..... ..... ..... #####",
    "`": ".#... ..#..",
    "a": "..... ..... .###. ....# .#### #...# .####",
    "b": "#.... #.... #.##. ##..# #...# #...# ####.",
    "c": "..... ..... .###. #.... #.... #...# .###.",
    "d": "....# ....# .##.# #..## #...# #...# .####",
    "e": "..... ..... .###. #...# ##### #.... .###.",
    "f": "..##. .#..# .#... ###.. .#... .#... .#...",
    "g": "..... ..... .#### #...# #...# .#### ....# .###.",
    "h": "#.... #.... #.##. ##..# #...# #...# #...#",
    "i": "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
    "j": "...#. ..... ..##. ...#. ...#. ...#. #..#. .##..",
    "k": "#.... #.... #..#. #.#.. ##... #.#.. #..#.",
    "l": ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "m": "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",
    "n": "..... ..... #.##. ##..# #...# #...# #...#",
    "o": "..... ..... .###. #...# #...# #...# .###.",
    "p": "..... ..... ####. #...# #...# ####. #.... #....",
    "q": "..... ..... .#### #...# #...# .#### ....# ....#",
    "r": "..... ..... #.##. ##..# #.... #.... #....",
    "s": "..... ..... .###. #.... .###. ....# ####.",
    "t": ".#... .#... ###.. .#... .#... .#..# ..##.",
    "u": "..... ..... #...# #...# #...# #..## .##.#",
    "v": "..... ..... #...# #...# #...# .#.#. ..#..",
    "w": "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    "x": "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    "y": "..... ..... #...# #...# #...# .#### ....# .###.",
    "z": "..... ..... ##### ...#. ..#.. .#... #####",
    "{": "...#. ..#.. ..#.. .#... ..#.. ..#.. ...#.",
    "|": "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "}": ".#... ..#.. ..#.. ...#. ..#.. ..#.. .#...",
    "~": "..... ..... .#... #.#.# ...#. ..... .....",
}
_MISSING = "##### #...# #...# #...# #...# #...# #####"


def _build_font() -> np.ndarray:
    """Glyph cells (code point -> GLYPH_H x ADVANCE bool, spacing column included);
    code 127 is the box drawn for characters the font lacks."""
    font = np.zeros((128, GLYPH_H, ADVANCE), dtype=bool)
    for code in range(128):
        rows = _GLYPHS.get(chr(code), "" if code <= 32 else _MISSING).split()
        for r, row in enumerate(rows):
            font[code, r, :GLYPH_W] = [ch == "#" for ch in row]
    return font


FONT = _build_font()


def _codes(line: str) -> np.ndarray:
    codes = np.frombuffer(line.encode("utf-32-le"), dtype=np.uint32)
    return np.where(codes < 127, codes, 127).astype(np.intp)


def text_size(text: str, scale: int = 1) -> tuple[int, int]:
    """Width and height in pixels of ``text`` as ``Canvas.text`` draws it."""
    lines = text.split("\n")
    width = max(len(line) for line in lines) * ADVANCE - 1 if any(lines) else 0
    height = (len(lines) - 1) * LINE_HEIGHT + GLYPH_H
    return max(width, 0) * scale, height * scale


@lru_cache(maxsize=2048)
def text_mask(text: str, scale: int = 1) -> np.ndarray:
    """Boolean ink mask of one line of ``text`` (no trailing spacing column).
    Cached, since boards redraw the same labels every frame; the result is read-only."""
    if not text:
        mask = np.zeros((GLYPH_H * scale, 0), dtype=bool)
    else:
        glyphs = FONT[_codes(text)]  # (n, H, ADVANCE)
        mask = glyphs.transpose(1, 0, 2).reshape(GLYPH_H, -1)[:, :-1]
        if scale > 1:
            mask = mask.repeat(scale, axis=0).repeat(scale, axis=1)
    mask.flags.writeable = False
    return mask


class Canvas:
    """An RGB picture (``pixels``: height x width x 3 uint8) with clipped drawing.

    Coordinates are integer pixels, x to the right and y down; shapes that
    fall partly or wholly outside the canvas are cut, never an error.
    Colours are (r, g, b) tuples; ``alpha`` (0-1) blends where offered.
    """

    def __init__(self, width: int, height: int, background: Color = (0, 0, 0)):
        self.pixels = np.empty((int(height), int(width), 3), dtype=np.uint8)
        self._paint(self.pixels, None, background, 1.0)
        #: the places marked on the picture: key -> (x, y, w, h, label)
        self.places: dict[str, tuple[int, int, int, int, str]] = {}

    def place(self, key: str, x, y, w, h, label: str = "") -> None:
        """Mark a place of the board (a square, a location, a tile's slot, a token)
        under the key a ``narration.Choice`` names as its ``place``, so a front end
        can find what a click or a pointer is on; it paints nothing."""
        self.places[key] = (int(x), int(y), int(w), int(h), label)

    @property
    def width(self) -> int:
        return self.pixels.shape[1]

    @property
    def height(self) -> int:
        return self.pixels.shape[0]

    def _box(self, x0, y0, x1, y1):
        """Clip the half-open box [x0, x1) x [y0, y1); None when empty."""
        x0, y0 = max(int(x0), 0), max(int(y0), 0)
        x1, y1 = min(int(x1), self.width), min(int(y1), self.height)
        if x0 >= x1 or y0 >= y1:
            return None
        return x0, y0, x1, y1

    def _paint(self, region: np.ndarray, mask, color: Color, alpha: float) -> None:
        if alpha >= 1.0:
            if mask is None:
                # A whole row of the colour copies far faster than a broadcast 3-vector.
                region[:] = np.tile(np.asarray(color, dtype=np.uint8), (region.shape[1], 1))
            else:
                region[mask] = color
            return
        if alpha <= 0.0:
            return
        c = np.asarray(color, dtype=np.float32)
        if mask is None:
            region[:] = (region * (1.0 - alpha) + c * alpha + 0.5).astype(np.uint8)
        else:
            sel = region[mask]
            region[mask] = (sel * (1.0 - alpha) + c * alpha + 0.5).astype(np.uint8)

    # ----- shapes -----------------------------------------------------------
    def fill_rect(self, x, y, w, h, color: Color, alpha: float = 1.0) -> None:
        """Fill the ``w`` x ``h`` rectangle whose top-left corner is (x, y)."""
        box = self._box(x, y, x + w, y + h)
        if box:
            x0, y0, x1, y1 = box
            self._paint(self.pixels[y0:y1, x0:x1], None, color, alpha)

    def rect(self, x, y, w, h, color: Color, width: int = 1) -> None:
        """Outline of a rectangle, ``width`` pixels thick, drawn inside its bounds."""
        t = max(1, min(int(width), (w + 1) // 2, (h + 1) // 2))
        self.fill_rect(x, y, w, t, color)
        self.fill_rect(x, y + h - t, w, t, color)
        self.fill_rect(x, y + t, t, h - 2 * t, color)
        self.fill_rect(x + w - t, y + t, t, h - 2 * t, color)

    def disc(self, cx, cy, r, color: Color, alpha: float = 1.0) -> None:
        """A filled circle of radius ``r`` centred on pixel (cx, cy)."""
        self.ring(cx, cy, r, color, width=None, alpha=alpha)

    def ring(self, cx, cy, r, color: Color, width: int | None = 1, alpha: float = 1.0) -> None:
        """A circle outline ``width`` pixels thick inside radius ``r`` (None: filled)."""
        cx, cy = int(cx), int(cy)
        box = self._box(cx - r, cy - r, cx + r + 1, cy + r + 1)
        if not box:
            return
        x0, y0, x1, y1 = box
        yy = np.arange(y0 - cy, y1 - cy)[:, None]
        xx = np.arange(x0 - cx, x1 - cx)[None, :]
        d2 = xx * xx + yy * yy
        outer = (r + 0.5) ** 2
        mask = d2 <= outer
        if width is not None and width < r:
            mask &= d2 > (r - width + 0.5) ** 2
        self._paint(self.pixels[y0:y1, x0:x1], mask, color, alpha)

    def line(self, x0, y0, x1, y1, color: Color, width: int = 1) -> None:
        """A straight line from (x0, y0) to (x1, y1), ends included, drawn with a
        square pen ``width`` pixels wide centred on the line."""
        n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        xs = np.rint(np.linspace(x0, x1, n)).astype(np.intp)
        ys = np.rint(np.linspace(y0, y1, n)).astype(np.intp)
        if width > 1:
            off = np.arange(width) - (width - 1) // 2
            xs = (xs[:, None, None] + off[None, None, :]).repeat(width, axis=1).ravel()
            ys = (ys[:, None, None] + off[None, :, None]).repeat(width, axis=2).ravel()
        keep = (xs >= 0) & (xs < self.width) & (ys >= 0) & (ys < self.height)
        self.pixels[ys[keep], xs[keep]] = color

    def polygon(
        self, points: Sequence[tuple[float, float]], color: Color, alpha: float = 1.0
    ) -> None:
        """A filled polygon (even-odd rule, pixel centres inside are painted)."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if len(pts) < 3:
            return
        box = self._box(
            np.floor(pts[:, 0].min()),
            np.floor(pts[:, 1].min()),
            np.ceil(pts[:, 0].max()) + 1,
            np.ceil(pts[:, 1].max()) + 1,
        )
        if not box:
            return
        x0, y0, x1, y1 = box
        px = np.arange(x0, x1, dtype=np.float64)[None, :]
        py = np.arange(y0, y1, dtype=np.float64)[:, None]
        inside = np.zeros((y1 - y0, x1 - x0), dtype=bool)
        for (ax, ay), (bx, by) in zip(pts, np.roll(pts, -1, axis=0), strict=True):
            if ay == by:
                continue
            crosses = (ay > py) != (by > py)
            xcross = ax + (py - ay) * (bx - ax) / (by - ay)
            inside ^= crosses & (px < xcross)
        self._paint(self.pixels[y0:y1, x0:x1], inside, color, alpha)

    # ----- text -------------------------------------------------------------
    def text(
        self, x, y, text: str, color: Color, scale: int = 1, anchor: str = "left"
    ) -> tuple[int, int]:
        """Draw ``text`` with its top at ``y``; ``anchor`` says whether ``x`` is the
        left edge, the ``"center"`` or the ``"right"`` edge of each line.  Returns
        the size of the text block.  Characters beyond ASCII show as a box."""
        scale = max(1, int(scale))
        for i, line in enumerate(text.split("\n")):
            mask = text_mask(line, scale)
            w = mask.shape[1]
            lx = int(x) - (w // 2 if anchor == "center" else w if anchor == "right" else 0)
            ly = int(y) + i * LINE_HEIGHT * scale
            box = self._box(lx, ly, lx + w, ly + mask.shape[0])
            if box:
                bx0, by0, bx1, by1 = box
                sub = mask[by0 - ly : by1 - ly, bx0 - lx : bx1 - lx]
                self.pixels[by0:by1, bx0:bx1][sub] = color
        return text_size(text, scale)

    # ----- cached parts ----------------------------------------------------
    def layer(self, x, y, pixels: np.ndarray, draw: Callable[[Canvas], None]) -> None:
        """Copy ``pixels`` with its top-left corner at (x, y): a cached part of the
        picture (a board's floor and walls) that ``draw(canvas)`` draws in this
        canvas's coordinates.  A canvas that keeps shapes rather than pixels (the
        web's SVG) calls ``draw`` instead, so both come from the same drawing calls."""
        h, w = pixels.shape[:2]
        box = self._box(x, y, x + w, y + h)
        if box:
            x0, y0, x1, y1 = box
            self.pixels[y0:y1, x0:x1] = pixels[y0 - y : y1 - y, x0 - x : x1 - x]

    def stamp(self, cx, cy, sprite: tuple[np.ndarray, np.ndarray], draw: Callable) -> None:
        """Copy a cached piece centred on (cx, cy): ``sprite`` is its (pixels, mask),
        as ``draw(canvas, cx, cy)`` draws it; a piece partly outside is left out.
        For a piece drawn dozens of times; a shape canvas calls ``draw``."""
        pixels, mask = sprite
        h, w = mask.shape
        x0, y0 = cx - w // 2, cy - h // 2
        if 0 <= x0 <= self.width - w and 0 <= y0 <= self.height - h:
            self.pixels[y0 : y0 + h, x0 : x0 + w][mask] = pixels[mask]

    def save(self, path) -> None:
        write_png(path, self.pixels)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def encode_png(array: np.ndarray, level: int = 6) -> bytes:
    """PNG bytes of an 8-bit image: HxW (grey), HxWx3 (RGB) or HxWx4 (RGBA)."""
    a = np.asarray(array)
    if a.dtype != np.uint8:
        raise ValueError(f"encode_png needs a uint8 array, got {a.dtype}")
    if a.ndim == 2:
        a = a[:, :, None]
    if a.ndim != 3 or a.shape[2] not in (1, 3, 4) or 0 in a.shape[:2]:
        raise ValueError(f"encode_png needs an HxW, HxWx3 or HxWx4 image, got {a.shape}")
    h, w, c = a.shape
    colour_type = {1: 0, 3: 2, 4: 6}[c]
    rows = np.zeros((h, 1 + w * c), dtype=np.uint8)  # filter byte 0 (none) per row
    rows[:, 1:] = a.reshape(h, w * c)
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows.tobytes(), level)),
            _chunk(b"IEND", b""),
        )
    )


def write_png(path, array: np.ndarray) -> None:
    """Save an image array (see ``encode_png``) as a PNG file."""
    with open(path, "wb") as f:
        f.write(encode_png(array))
