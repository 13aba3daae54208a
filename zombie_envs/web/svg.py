"""A canvas that keeps shapes: the board as SVG, from the raster picture's own drawing calls.

Each game's ``picture.draw(g, seat, canvas_type)`` draws on whatever canvas it is
given, so the browser's board and the ``rgb_array`` picture are made by the same
calls from the same view: a secret the picture leaves out cannot reach the
SVG either.  Geometry follows the raster's pixel rules (a disc covers the pixel
centres within ``r + 0.5``, a line has a square pen), and text is set in a
monospace font stretched to the width of the bitmap font, so layouts that
measure text with ``text_size`` still fit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape

import numpy as np

from ..core.raster import ADVANCE, LINE_HEIGHT, Canvas, Color, text_size

#: the bitmap font's cap height in font pixels: where a line's baseline sits under its top
_CAP = 7


def _num(v) -> str:
    return f"{float(v):.6g}"


def _fill(color: Color, alpha: float = 1.0) -> str:
    r, g, b = (int(v) for v in color[:3])
    opacity = f' fill-opacity="{_num(alpha)}"' if alpha < 1.0 else ""
    return f'fill="#{r:02x}{g:02x}{b:02x}"{opacity}'


def _stroke(color: Color, width) -> str:
    r, g, b = (int(v) for v in color[:3])
    return f'fill="none" stroke="#{r:02x}{g:02x}{b:02x}" stroke-width="{_num(width)}"'


def _clean(text: str) -> str:
    """``text`` safe inside an SVG element: markup escaped, control characters dropped."""
    return escape("".join(ch for ch in text if ch >= " "), quote=False)


def card_title(label: str, cards: Mapping[str, str]) -> str:
    """A place's title: a card's label (its name, then maybe how many ``x2`` or its
    shots ``(1 shot)``) followed by what the card does; any other label as it is."""
    for name in sorted(cards, key=len, reverse=True):  # "Horde (infection)" before "Horde"
        if label == name or label.startswith((name + " x", name + " (")):
            return f"{label}: {cards[name]}"
    return label


def board(g, viewer) -> str:
    """``viewer``'s board as SVG, a card's place titled with what the card does."""
    return g.game_type.picture_module.draw(g, viewer, SvgCanvas).svg(g.game_type.card_texts)


class SvgCanvas(Canvas):
    """A ``Canvas`` whose drawing calls become SVG elements (``svg()``), in order."""

    def __init__(self, width: int, height: int, background: Color = (0, 0, 0)):
        self._size = (int(width), int(height))
        self.parts: list[str] = []
        self.places: dict[str, tuple[int, int, int, int, str]] = {}
        self.fill_rect(0, 0, width, height, background)

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    def svg(self, cards: Mapping[str, str] | None = None) -> str:
        """The drawing; a place that shows a card (``cards``: what each does, by
        name) says in its title what the card does, for a pointer resting on it."""
        w, h = self._size
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
            f'width="{w}" height="{h}" font-family="DejaVu Sans Mono, Menlo, Consolas, '
            f'monospace" xml:space="preserve">'
            + "".join(self.parts)
            + self._places(cards or {})
            + "</svg>"
        )

    def _places(self, cards: Mapping[str, str]) -> str:
        """The marked places as transparent boxes over the drawing, which the page
        lights up and makes clickable where a choice names them."""
        boxes = [
            f'<rect class="place" data-place="{escape(key)}" x="{x}" y="{y}" width="{w}" '
            f'height="{h}" fill="none" pointer-events="all">'
            + (f"<title>{_clean(card_title(label, cards))}</title>" if label else "")
            + "</rect>"
            for key, (x, y, w, h, label) in self.places.items()
        ]
        return f'<g class="places">{"".join(boxes)}</g>' if boxes else ""

    # ----- shapes -----------------------------------------------------------
    def fill_rect(self, x, y, w, h, color: Color, alpha: float = 1.0) -> None:
        if w > 0 and h > 0 and alpha > 0:
            self.parts.append(
                f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
                f"{_fill(color, alpha)}/>"
            )

    def rect(self, x, y, w, h, color: Color, width: int = 1) -> None:
        t = max(1, min(int(width), (w + 1) // 2, (h + 1) // 2))
        if w <= 2 * t or h <= 2 * t:
            self.fill_rect(x, y, w, h, color)
        elif w > 0 and h > 0:
            self.parts.append(
                f'<rect x="{_num(x + t / 2)}" y="{_num(y + t / 2)}" width="{_num(w - t)}" '
                f'height="{_num(h - t)}" {_stroke(color, t)}/>'
            )

    def ring(self, cx, cy, r, color: Color, width: int | None = 1, alpha: float = 1.0) -> None:
        if alpha <= 0:
            return
        centre = f'cx="{_num(int(cx) + 0.5)}" cy="{_num(int(cy) + 0.5)}"'
        if width is None or width >= r:
            self.parts.append(f'<circle {centre} r="{_num(r + 0.5)}" {_fill(color, alpha)}/>')
            return
        opacity = f' stroke-opacity="{_num(alpha)}"' if alpha < 1.0 else ""
        self.parts.append(
            f'<circle {centre} r="{_num(r + 0.5 - width / 2)}" {_stroke(color, width)}{opacity}/>'
        )

    def line(self, x0, y0, x1, y1, color: Color, width: int = 1) -> None:
        shift = width / 2 - (width - 1) // 2  # the middle of the raster's square pen
        self.parts.append(
            f'<line x1="{_num(x0 + shift)}" y1="{_num(y0 + shift)}" x2="{_num(x1 + shift)}" '
            f'y2="{_num(y1 + shift)}" {_stroke(color, width)} stroke-linecap="square"/>'
        )

    def polygon(
        self, points: Sequence[tuple[float, float]], color: Color, alpha: float = 1.0
    ) -> None:
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if len(pts) >= 3 and alpha > 0:
            joined = " ".join(f"{_num(x + 0.5)},{_num(y + 0.5)}" for x, y in pts)
            self.parts.append(
                f'<polygon points="{joined}" fill-rule="evenodd" {_fill(color, alpha)}/>'
            )

    def text(
        self, x, y, text: str, color: Color, scale: int = 1, anchor: str = "left"
    ) -> tuple[int, int]:
        scale = max(1, int(scale))
        for i, line in enumerate(text.split("\n")):
            if not line:
                continue
            w = (len(line) * ADVANCE - 1) * scale
            lx = int(x) - (w // 2 if anchor == "center" else w if anchor == "right" else 0)
            baseline = int(y) + (i * LINE_HEIGHT + _CAP) * scale
            self.parts.append(
                f'<text x="{lx}" y="{baseline}" font-size="{10 * scale}" textLength="{w}" '
                f'lengthAdjust="spacingAndGlyphs" {_fill(color)}>{_clean(line)}</text>'
            )
        return text_size(text, scale)

    # ----- cached parts: drawn, since shapes cost nothing to keep ----------------------
    def layer(self, x, y, pixels: np.ndarray, draw: Callable[[Canvas], None]) -> None:
        draw(self)

    def stamp(self, cx, cy, sprite: tuple[np.ndarray, np.ndarray], draw: Callable) -> None:
        h, w = sprite[1].shape
        x0, y0 = cx - w // 2, cy - h // 2
        if 0 <= x0 <= self.width - w and 0 <= y0 <= self.height - h:
            draw(self, cx, cy)
