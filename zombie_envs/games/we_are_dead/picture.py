"""The picture of a We Are Dead game.

``draw(game, seat, canvas_type)`` draws the pieces and the side panel on the
floor plan (``floorplan.py``) for a spectator, on any canvas, and ``rgb(game)``
as pixels: face-down shopper tokens are plain discs, hands are counts and a
face-down hero is only a card back.
"""

from __future__ import annotations

import textwrap
from functools import cache

import numpy as np

from ...core.grid import ARROWS, Board
from ...core.narration import count, seat_label
from ...core.raster import Canvas, text_size
from . import places
from .data import CARD_NAMES, HERO_NAMES, NUM_ATTACK, WOUND_DAMAGE
from .declaration import GAME, KIND
from .floorplan import (
    AREA_TINTS,
    BG,
    BOARD_Y,
    CELL,
    ESCALATOR,
    ESCALATOR_STEP,
    FLOOR,
    GREY,
    HORDE_EDGE,
    INK,
    LINK,
    LINK_DARK,
    MARGIN,
    SIDE_W,
    START,
    WHITE,
    Frame,
    cell_xy,
    darker,
    draw_board,
    frame,
)
from .text import AREA_WORD

SEAT_RGB = (
    (215, 50, 50),
    (50, 105, 220),
    (240, 200, 40),
    (150, 80, 200),
    (40, 185, 200),
)
_DARK_INK = {2, 4}  # seat colours light enough to need dark digits
SIDE, CARD, MUTED = (44, 48, 58), (58, 63, 75), (120, 120, 128)
ALERT, GOLD, BLOOD = (225, 40, 30), (236, 184, 44), (196, 36, 36)
ZOMBIE, ZOMBIE_DARK = (118, 176, 84), (58, 108, 48)
TOKEN, TOKEN_EDGE = (246, 238, 220), (132, 100, 60)

#: the panel's text is in the board's large type (12 pixels a character) but the
#: legend's, so it stays legible where the page scales the picture
CARD_H, CARD_STEP, LEGEND_STEP, LINE_STEP = 54, 58, 14, 20
CHIP_H, CHIP_STEP = 24, 28  # a card of the seat's hand
BIG = 2  # the panel's type
PANEL_CHARS = (SIDE_W - 30) // 12


# ----- pieces -------------------------------------------------------------------
def _seat_rgb(seat: int):
    return SEAT_RGB[seat % len(SEAT_RGB)]


def _seat_ink(seat: int):
    return INK if seat in _DARK_INK else WHITE


def _player(c: Canvas, cx: int, cy: int, r: int, seat: int) -> None:
    """A player's zombie token: a disc in the seat colour with the seat number."""
    c.disc(cx, cy, r + 1, INK)
    c.disc(cx, cy, r, _seat_rgb(seat))
    scale = 2 if r >= 11 else 1
    c.text(cx + 1, cy - 7 * scale // 2, str(seat), _seat_ink(seat), scale, anchor="center")


def _horde(c: Canvas, cx: int, cy: int, r: int) -> None:
    """A horde token: a dark green square with a shambling figure."""
    c.fill_rect(cx - r - 1, cy - r - 1, 2 * r + 3, 2 * r + 3, INK)
    c.fill_rect(cx - r, cy - r, 2 * r + 1, 2 * r + 1, ZOMBIE_DARK)
    u = max(1, r // 6)
    c.disc(cx, cy - 3 * u, 2 * u, ZOMBIE)
    c.fill_rect(cx - 2 * u, cy - u, 4 * u + 1, 3 * u, ZOMBIE)
    c.fill_rect(cx + u, cy - u, 4 * u, u, ZOMBIE)
    c.fill_rect(cx - 2 * u, cy + 2 * u, u + 1, 2 * u, ZOMBIE)
    c.fill_rect(cx + u, cy + 2 * u, u + 1, 2 * u, ZOMBIE)


@cache
def _face_down() -> tuple[np.ndarray, np.ndarray]:
    """A face-down token as a (pixels, mask) stamp: a board shows dozens of them."""
    r = 9
    key = (255, 0, 255)
    c = Canvas(2 * r + 1, 2 * r + 1, key)
    _shopper(c, r, r)
    mask = (c.pixels != key).any(axis=2)
    return c.pixels, mask


def _shopper(c: Canvas, cx: int, cy: int, value: int = 0, edge=TOKEN_EDGE) -> None:
    """A shopper token: a plain disc face down (``value`` 0), its number when flipped."""
    if value:
        c.disc(cx, cy, 14, edge)
        c.disc(cx, cy, 11, TOKEN)
        c.text(cx + 1, cy - 7, str(value), edge, 2, anchor="center")
    else:
        c.disc(cx, cy, 9, edge)
        c.disc(cx, cy, 7, TOKEN)


_SLOTS = {
    1: ((0, 0),),
    2: ((-9, 0), (9, 0)),
    3: ((-9, -8), (9, -8), (0, 8)),
    4: ((-9, -9), (9, -9), (-9, 9), (9, 9)),
}
_GRID = tuple((dx, dy) for dy in (-12, 0, 12) for dx in (-12, 0, 12))
_CORNERS = ((-10, -10), (10, -10), (-10, 10), (10, 10))
_AROUND = ((-12, -12), (12, -12), (-12, 12), (12, 12), (0, -12), (0, 12), (-12, 0), (12, 0))


def _pieces(c: Canvas, cx: int, cy: int, pieces: list[int], shopper: bool) -> None:
    """Players (seat >= 0) and horde tokens (-1) sharing one space, around a token if any."""
    k = len(pieces)
    if shopper:
        slots, r = (_CORNERS, 8) if k <= 4 else (_AROUND, 6)
    elif k == 1:
        slots, r = _SLOTS[1], 12
    elif k <= 4:
        slots, r = _SLOTS[k], 8
    else:
        slots, r = _GRID, 6
    for piece, (dx, dy) in zip(pieces, slots, strict=False):
        if piece < 0:
            _horde(c, cx + dx, cy + dy, r)
        else:
            _player(c, cx + dx, cy + dy, r, piece)


def _board_state(c: Canvas, g, f: Frame) -> None:
    face_down = _face_down()
    see = g.visible(None)
    flipped = {v: (g.token[v], ZOMBIE_DARK) for v in g.h_targets}
    if g.a_node >= 0:
        flipped[g.a_node] = (g.a_value, ALERT)
    for v, value in enumerate(g.token):
        if value and not see.token(v):
            c.stamp(*f.centre[v], face_down, _shopper)
    for v, (value, edge) in flipped.items():
        _shopper(c, *f.centre[v], value, edge)
    on: dict[int, list[int]] = {}
    for s, v in enumerate(g.pos):
        on.setdefault(v, []).append(s)
    for v in g.hordes:
        on.setdefault(v, []).append(-1)
    for v, pieces in on.items():
        _pieces(c, *f.centre[v], pieces, bool(g.token[v]) or v in flipped)


# ----- the side panel -----------------------------------------------------------
def _tag(c: Canvas, right: int, y: int, label: str, fill, ink) -> int:
    """A label box ending at ``right``; returns its left edge."""
    w = text_size(label, BIG)[0] + 8
    c.fill_rect(right - w, y, w, 22, fill)
    c.text(right - w + 4, y + 3, label, ink, BIG)
    return right - w


def _players(c: Canvas, g, f: Frame) -> int:
    """One card per seat; returns the y below the last."""
    x, y = f.side_x, BOARD_Y
    c.text(x + 10, y + 9, "Players", WHITE, BIG)
    c.text(x + SIDE_W - 10, y + 9, f"goal: {g.goal} points", GOLD, BIG, anchor="right")
    winners = g.final_winners() if g.terminal else []
    acting = g.current_player if g.decision is not None and not g.terminal else -1
    for s in range(g.num_players):
        ry = y + 32 + s * CARD_STEP
        c.fill_rect(x + 6, ry, SIDE_W - 12, CARD_H, CARD)
        c.place(places.seat(s), x + 6, ry, SIDE_W - 12, CARD_H, seat_label(s))
        if s in winners:
            c.rect(x + 6, ry, SIDE_W - 12, CARD_H, GOLD, 3)
        elif s == acting:
            c.rect(x + 6, ry, SIDE_W - 12, CARD_H, WHITE, 2)
        _player(c, x + 24, ry + 16, 11, s)
        left = x + 42 + c.text(x + 42, ry + 9, seat_label(s), WHITE, 2)[0] + 8
        tags = []
        if s in winners:
            tags.append(("WINNER", GOLD, INK))
        elif s == g.active and not g.terminal:
            tags.append(("TURN", WHITE, INK))
        if g.facedown[s] >= 0:
            tags.append(("HERO?", (226, 226, 232), INK))
        for label, fill, ink in tags:
            left = _tag(c, left + text_size(label, BIG)[0] + 8, ry + 5, label, fill, ink)
            left += text_size(label, BIG)[0] + 12
        c.text(x + SIDE_W - 16, ry + 9, count(g.score[s], "pt"), WHITE, 2, anchor="right")
        _stats(c, g, s, x + 16, ry + 33, x + SIDE_W - 14)
    return y + 32 + g.num_players * CARD_STEP


def _stats(c: Canvas, g, s: int, x: int, y: int, right: int) -> None:
    """Damage pips, infection tokens, hand size and the public flags of one seat."""
    x += c.text(x, y, "dmg", GREY, BIG)[0] + 6
    for k in range(WOUND_DAMAGE):
        px = x + k * 16
        if k < g.damage[s]:
            c.fill_rect(px, y - 1, 13, 15, ALERT)
        else:
            c.rect(px, y - 1, 13, 15, MUTED)
    x += WOUND_DAMAGE * 16 + 10
    c.disc(x + 6, y + 6, 6, ZOMBIE)
    x += 16 + c.text(x + 16, y, f"x{g.infection[s]}", GREY, BIG)[0] + 16
    held = sum(g.hands[s])
    c.text(x, y, count(held, "card"), GREY, BIG)
    tags = []
    if g.wounded[s]:
        tags.append(("WOUNDED", ALERT, WHITE))
    if g.fire[s]:
        tags.append(("FIRE", (235, 130, 30), INK))
    for label, fill, ink in reversed(tags):
        right = _tag(c, right, y - 3, label, fill, ink) - 4


def _hand(c: Canvas, g, f: Frame, seat: int | None, y: int) -> int:
    """The cards of ``seat``'s own hand, its infection tokens and its face-down hero,
    each a place its choices name (nothing for a spectator); returns the y below."""
    if seat is None or not g.visible(seat).hand(seat):
        return y
    x = f.side_x + 6
    c.text(x + 4, y + 6, f"Your hand ({seat_label(seat)})", WHITE, BIG)
    chips = [
        (places.card(k), f"{CARD_NAMES[k]} x{n}", k < NUM_ATTACK)
        for k, n in enumerate(g.hands[seat])
        if n
    ]
    chips.append((places.INFECTION, f"infection x{g.infection[seat]}", None))
    if g.visible(seat).facedown(seat):
        chips.append((places.FACE_DOWN, f"face down: {_hero(g.facedown[seat])}", False))
    y += 26
    cx, right = x, f.side_x + SIDE_W - 6
    for key, text, attack in chips:  # left to right, wrapping at the panel's edge
        shown = _clip(text, PANEL_CHARS)
        w = text_size(shown, BIG)[0] + 10
        if cx + w > right and cx > x:
            cx, y = x, y + CHIP_STEP
        fill = CARD if attack else (74, 64, 92) if attack is False else (48, 70, 52)
        c.fill_rect(cx, y, w, CHIP_H, fill)
        c.text(cx + 5, y + 5, shown, WHITE, BIG)
        c.place(key, cx, y, w, CHIP_H, text)
        cx += w + 6
    return y + CHIP_STEP


def _square_places(c: Canvas, g) -> None:
    """Every square a pawn can stand on, by its row and column."""
    b = g.board
    for v, (row, col) in enumerate(b.rc):
        x, y = cell_xy(row, col)
        c.place(places.square(b, v), x, y, CELL, CELL, b.label(v))


def _hero(kind: int) -> str:
    return HERO_NAMES[kind - NUM_ATTACK]


def _clip(text: str, chars: int = 44) -> str:
    return text if len(text) <= chars else text[: chars - 3] + "..."


def _shoppers(k: int) -> str:
    return count(k, "shopper")


def _attack_lines(g) -> list[tuple[str, tuple]]:
    """The attack or horde feeding under way, as (text, colour) lines."""
    lines: list[tuple[str, tuple]] = []
    if g.a_node >= 0:
        lines.append((f"{seat_label(g.active)} attacks {_shoppers(g.a_value)}", WHITE))
        lines.append((f"  at {g.board.label(g.a_node)}: {g.slain} slain", GREY))
    if g.main_kind >= 0:
        lines.append((f"Hero: {_hero(g.main_kind)} ({seat_label(g.main_seat)})", WHITE))
        if len(g.in_attack) > 1:
            lines.append(("  + " + ", ".join(_hero(k) for k in g.in_attack[1:]), GREY))
        lines.append((f"  attack {g.fight_total} / toughness {g.toughness}", GREY))
    effects = (
        (g.panic, "heroes fled (Panicked Human)"),
        (g.guard, "shoppers got away (Security Guard)"),
        (g.clerk, "2 cards a shopper (Clerk)"),
        (g.chef, "hand limit 4 this turn (Chef)"),
        (g.mother, "1 point less (Protective Mother)"),
    )
    lines += [(f"  {text}", GREY) for on, text in effects if on]
    if g.h_targets:
        eaten = sum(g.token[v] for v in g.h_targets)
        cut = f", heroes save {g.h_reduction}" if g.h_reduction else ""
        lines.append((f"The horde feeds on {_shoppers(eaten)}{cut}", ZOMBIE))
    return lines


def _status(c: Canvas, g, f: Frame, y: int, bottom: int) -> None:
    """Horde, deck and the attack under way, between ``y`` and ``bottom``."""
    x = f.side_x + 10
    y += 4
    _horde(c, x + 8, y + 9, 8)
    hordes = len(g.hordes)
    points = f"Horde: {count(g.horde_score, 'point')}"
    c.text(x + 24, y + 2, points, WHITE, BIG)
    out = f"{count(hordes, 'token')} out" if hordes else "not out yet"
    c.text(f.side_x + SIDE_W - 12, y + 2, out, GREY, BIG, anchor="right")
    y += 24
    c.text(x, y, f"deck {len(g.deck)}, discard {len(g.discard)}", GREY, BIG)
    c.text(x, y + 24, f"deck reshuffled {g.reshuffles}x", GREY, BIG)
    y += 48
    wrapped = [
        (part, colour)
        for text, colour in _attack_lines(g)
        for part in textwrap.wrap(text, PANEL_CHARS, subsequent_indent="    ")
    ]
    lines = wrapped[: max(0, (bottom - y - 10) // LINE_STEP)]
    if not lines:
        return
    h = len(lines) * LINE_STEP + 8
    c.fill_rect(f.side_x + 6, y, SIDE_W - 12, h, CARD)
    c.fill_rect(f.side_x + 6, y, 3, h, ALERT if g.a_node >= 0 else ZOMBIE)
    for i, (text, colour) in enumerate(lines):
        c.text(x + 4, y + 5 + i * LINE_STEP, text, colour, BIG)
        if text.startswith("  attack ") and g.toughness:
            bx, by = f.side_x + SIDE_W - 66, y + 4 + i * LINE_STEP
            c.rect(bx, by, 50, 15, MUTED)
            done = min(50, 50 * g.fight_total // g.toughness)
            c.fill_rect(bx, by, done, 15, GOLD if g.fight_total >= g.toughness else ALERT)


def _legend_entries(g, b: Board) -> list[tuple[str, str]]:
    """What the colours and pieces mean, from the board's own names."""
    start = b.legend[b.kind[b.start]].name
    horde = b.legend[b.kind[b.horde_start]].name
    entries = [
        ("start", f"start ({start})"),
        ("horde_start", f"horde start ({horde})"),
        ("area", f"{AREA_WORD.get(g.options['board'], 'area')}, named on its tag"),
    ]
    if b.escalators:
        entries.append(("escalator", "escalator to the floor named"))
    for name in dict.fromkeys(name for _, _, name in b.links):
        chars = sorted({b.kind[a] for a, _, n in b.links if n == name})
        entries.append(("link", _clip(f"{'/'.join(chars)} {name}", 40)))
    if any(ch in ARROWS for ch in b.kind):
        entries.append(("gate", "one-way gate"))
    entries += [
        ("token", "shopper token, face down"),
        ("flipped", "flipped: attacked / eaten"),
        ("horde", "horde token"),
    ]
    return entries


def _legend_top(g, f: Frame) -> int:
    return BOARD_Y + f.side_h - 8 - len(_legend_entries(g, f.board)) * LEGEND_STEP


def _legend(c: Canvas, g, f: Frame, y: int) -> None:
    entries = _legend_entries(g, f.board)
    b, x = f.board, f.side_x + 12
    same = b.start == b.horde_start
    c.fill_rect(f.side_x + 6, y - 8, SIDE_W - 12, len(entries) * LEGEND_STEP + 10, (50, 54, 66))
    for i, (what, text) in enumerate(entries):
        ey = y + i * LEGEND_STEP
        sx, sy = x, ey - 3
        if what == "start":
            c.fill_rect(sx, sy, 13, 13, START)
        elif what == "horde_start":
            c.fill_rect(sx, sy, 13, 13, START if same else FLOOR)
            c.rect(sx, sy, 13, 13, HORDE_EDGE, 2)
        elif what == "area":
            c.fill_rect(sx, sy, 13, 13, AREA_TINTS[0])
            c.fill_rect(sx, sy, 13, 4, darker(AREA_TINTS[0], 0.55))
        elif what == "escalator":
            c.fill_rect(sx, sy, 13, 13, ESCALATOR)
            for k in range(sy + 2, sy + 13, 4):
                c.fill_rect(sx + 2, k, 9, 2, ESCALATOR_STEP)
        elif what == "link":
            c.fill_rect(sx, sy, 13, 13, LINK)
            c.disc(sx + 6, sy + 9, 4, LINK_DARK)
        elif what == "gate":
            c.fill_rect(sx, sy, 13, 13, AREA_TINTS[1])
            colour = darker(AREA_TINTS[1], 0.8)
            c.polygon([(sx + 6.5, sy + 2), (sx + 1, sy + 11), (sx + 12, sy + 11)], colour)
        elif what == "token":
            c.disc(sx + 6, sy + 6, 6, TOKEN_EDGE)
            c.disc(sx + 6, sy + 6, 4, TOKEN)
        elif what == "flipped":
            c.disc(sx + 6, sy + 6, 7, ALERT)
            c.disc(sx + 6, sy + 6, 5, TOKEN)
            c.text(sx + 7, sy + 3, "3", ALERT, anchor="center")
        else:
            _horde(c, sx + 6, sy + 6, 6)
        c.text(x + 22, ey, text, GREY)


def _title(c: Canvas, g, f: Frame) -> None:
    w = c.text(MARGIN, 11, "WE ARE DEAD", BLOOD, 3)[0]
    where = g.options["board"].capitalize()
    c.text(MARGIN + w + 20, 16, f"{where} - turn {g.turn}", WHITE, 2)
    right = f.width - MARGIN
    if g.terminal:  # in the title strip, so no square is covered
        c.text(right, 16, f"Game over - {_result(g)}", GOLD, 2, anchor="right")
    elif g.decision is not None:
        seat = g.current_player
        label = f"{seat_label(seat)} {GAME.by_kind[g.decision].doing}"
        if g.decision == KIND.move:
            label += f" ({g.budget} left)"
        w = c.text(right, 16, label, WHITE, 2, anchor="right")[0]
        _player(c, right - w - 16, 22, 9, seat)


def _result(g) -> str:
    won = g.final_winners()
    if won:
        names = ", ".join(seat_label(s) for s in won)
        return f"{names} win{'' if len(won) > 1 else 's'}, {count(g.score[won[0]], 'point')}"
    if g.truncated:
        return f"stopped at the turn cap ({g.turn}): no winner"
    return f"the horde wins, {count(g.horde_score, 'point')}"


def draw(g, seat: int | None = None, canvas_type: type[Canvas] = Canvas) -> Canvas:
    """The whole board as a spectator sees it (no hands, no face-down numbers or
    heroes), with ``seat``'s own hand beside it, drawn on a new ``canvas_type``
    whose size depends on the board (``frame(name).height``, ``.width``); every
    square, seat and card of that hand is a place a choice can name."""
    f = frame(g.options["board"])
    c = canvas_type(f.width, f.height, BG)
    c.layer(0, 0, f.background, lambda c: draw_board(c, f.board))
    _title(c, g, f)
    _board_state(c, g, f)
    _square_places(c, g)
    c.fill_rect(f.side_x, BOARD_Y, SIDE_W, f.side_h, SIDE)
    legend_y = _legend_top(g, f)
    _status(c, g, f, _hand(c, g, f, seat, _players(c, g, f)), legend_y - 14)
    _legend(c, g, f, legend_y)
    return c


def rgb(g) -> np.ndarray:
    """The spectator's picture (``draw``) as an ``H`` x ``W`` x 3 uint8 array."""
    return draw(g).pixels
