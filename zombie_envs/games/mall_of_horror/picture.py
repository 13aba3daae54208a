"""The picture of a Mall of Horror game.

``draw(game, seat, canvas_type)`` draws the whole board on any canvas and
``rgb(game)`` a spectator's as pixels.  Everything but the hand strip at the
bottom is public; that strip shows ``seat``'s own hand (and the cards it found
in the truck) only as ``g.visible(seat)`` allows.  Every place a decision can
be about is marked (``Canvas.place``, keys from ``places``): the locations, the
character tokens, the colours' rows and the cards of the hand strip.
"""

from __future__ import annotations

import numpy as np

from ...core.narration import count
from ...core.raster import Canvas, text_size
from . import places
from .data import (
    CAPACITY,
    CARD_NAMES,
    CHARACTER_NAMES,
    COLOURS,
    KINDS,
    LOCATION_NAMES,
    PARKING,
)
from .declaration import GAME
from .engine import CLOSED, EATEN, OUT, OVERRUN, UNPLACED, MallOfHorror
from .text import SHORT
from .voting import PURPOSES

_SEAT_RGB = {
    "yellow": (240, 200, 40),
    "red": (205, 45, 45),
    "blue": (45, 95, 215),
    "green": (40, 150, 65),
    "brown": (135, 85, 45),
    "black": (25, 25, 25),
}
_DARK_INK = {"yellow"}  # seat colours light enough to need dark letters
BG, SIDE, CARD = (34, 38, 46), (44, 48, 58), (58, 63, 75)
PANEL, HEADER, ZONE = (232, 226, 212), (70, 74, 88), (216, 222, 198)
WHITE, INK, MUTED, GREY = (245, 245, 245), (30, 30, 34), (120, 120, 128), (160, 160, 166)
ZOMBIE, ZOMBIE_DARK = (118, 176, 84), (58, 108, 48)
ALERT, GOLD, BLOOD = (225, 40, 30), (236, 184, 44), (196, 36, 36)

MARGIN, TOP, PANEL_W, PANEL_H, GAP, SIDE_W = 12, 44, 240, 236, 12, 260
BOARD_Y = TOP + 8
BOARD_W = 3 * PANEL_W + 2 * GAP
SIDE_X = MARGIN + BOARD_W + GAP
SIDE_H = 2 * PANEL_H + GAP
WIDTH = SIDE_X + SIDE_W + MARGIN
HAND_Y, HAND_H = BOARD_Y + SIDE_H + GAP, 44
HEIGHT = HAND_Y + HAND_H + MARGIN


def _seat_rgb(seat: int):
    return _SEAT_RGB.get(COLOURS[seat], GREY)


def _seat_ink(seat: int):
    return INK if COLOURS[seat] in _DARK_INK else WHITE


def _name(seat: int) -> str:
    return COLOURS[seat].capitalize()


def _announced(g) -> list[int]:
    """Seats whose destination is public and still ahead of them (before the attack)."""
    if not any(task[0] == MallOfHorror.zombie_attack.__name__ for task in g.tasks):
        return []
    see = g.visible(None)
    return [s for s in range(g.num_players) if see.destination(s) and g.eliminated[s] < 0]


def _tag(c: Canvas, right: int, y: int, label: str, fill, ink) -> int:
    """A small label box ending at ``right``; returns its left edge."""
    w = text_size(label)[0] + 8
    c.fill_rect(right - w, y, w, 14, fill)
    c.text(right - w + 4, y + 3, label, ink)
    return right - w


def _character(slot: int) -> str:
    seat, kind = divmod(slot, KINDS)
    return f"{COLOURS[seat]} {CHARACTER_NAMES[kind]}"


def _token(
    c: Canvas, cx: int, cy: int, r: int, c_slot: int, hidden: bool, scale: int, edge=INK
) -> None:
    """A character: a disc in its seat colour with the letter of its kind."""
    seat, kind = divmod(c_slot, KINDS)
    colour = _seat_rgb(seat)
    letter = SHORT[CHARACTER_NAMES[kind]]
    if hidden:
        c.disc(cx, cy, r, colour, alpha=0.35)
        c.ring(cx, cy, r, MUTED, 1)
        c.text(cx, cy - 7 * scale // 2, letter, MUTED, scale, anchor="center")
        c.disc(cx + r - 3, cy - r + 3, 6, INK)
        c.text(cx + r - 2, cy - r, "?", WHITE, 1, anchor="center")
        return
    c.disc(cx, cy, r, colour)
    c.ring(cx, cy, r, edge, 2 if r > 9 else 1)
    c.text(cx, cy - 7 * scale // 2, letter, _seat_ink(seat), scale, anchor="center")


def _zombie(c: Canvas, x: int, y: int) -> None:
    """A 14x24 shambling figure, arms out."""
    c.fill_rect(x + 7, y + 11, 7, 3, ZOMBIE_DARK)
    c.fill_rect(x + 3, y + 18, 3, 6, ZOMBIE_DARK)
    c.fill_rect(x + 7, y + 18, 3, 6, ZOMBIE_DARK)
    c.fill_rect(x + 2, y + 9, 8, 10, ZOMBIE)
    c.disc(x + 6, y + 5, 4, ZOMBIE)
    c.fill_rect(x + 7, y + 4, 2, 1, INK)


def _closed(c: Canvas, x: int, y: int, overrun: bool) -> None:
    """A location out of the game, crossed out."""
    c.fill_rect(x + 1, y + 30, PANEL_W - 2, PANEL_H - 31, ZOMBIE_DARK if overrun else (88, 88, 94))
    c.line(x + 8, y + 38, x + PANEL_W - 9, y + PANEL_H - 9, GREY, 3)
    c.line(x + 8, y + PANEL_H - 9, x + PANEL_W - 9, y + 38, GREY, 3)
    label = "OVERRUN" if overrun else "CLOSED"
    w = text_size(label, 3)[0]
    c.fill_rect(x + (PANEL_W - w) // 2 - 10, y + 116, w + 20, 38, INK)
    c.text(x + PANEL_W // 2, y + 124, label, ZOMBIE if overrun else WHITE, 3, anchor="center")


def _header(c: Canvas, g, L: int, x: int, y: int) -> None:
    """A location's panel, the place to click to choose it, and its title bar."""
    attacked = g.a_loc == L and not g.terminal
    c.place(places.location(L), x, y, PANEL_W, PANEL_H, f"{L + 1} {LOCATION_NAMES[L]}")
    if attacked:
        c.rect(x - 4, y - 4, PANEL_W + 8, PANEL_H + 8, ALERT, 4)
    c.fill_rect(x, y, PANEL_W, PANEL_H, PANEL)
    c.rect(x, y, PANEL_W, PANEL_H, INK)
    c.fill_rect(x, y, PANEL_W, 30, HEADER)
    c.disc(x + 16, y + 15, 11, WHITE)
    c.text(x + 16, y + 8, str(L + 1), INK, 2, anchor="center")
    c.text(x + 34, y + 8, LOCATION_NAMES[L], WHITE, 2)
    if attacked:
        _tag(c, x + PANEL_W - 6, y + 8, "ATTACK", ALERT, WHITE)
    elif g.v_purpose >= 0 and g.v_loc == L:
        _tag(c, x + PANEL_W - 6, y + 8, "VOTE", GOLD, INK)


def _location(c: Canvas, g, L: int, x: int, y: int) -> None:
    _header(c, g, L, x, y)
    if g.closed[L] in (CLOSED, OVERRUN):
        _closed(c, x, y, g.closed[L] == OVERRUN)
        return

    inside = [s for s, where in enumerate(g.loc) if where == L]
    cap = CAPACITY[L]
    room = f"{len(inside)} inside, no limit" if cap is None else f"{len(inside)}/{cap} inside"
    c.text(x + 8, y + 37, room, INK)
    coming = [s for s in _announced(g) if g.dest[s] == L]
    right = x + PANEL_W - 10
    for s in reversed(coming):
        c.disc(right - 5, y + 40, 5, _seat_rgb(s))
        c.ring(right - 5, y + 40, 5, INK, 1)
        right -= 13
    if coming:
        c.text(right - 2, y + 37, "coming:", MUTED, anchor="right")

    c.fill_rect(x + 6, y + 52, PANEL_W - 12, 60, ZONE)
    z = g.zombies[L]
    if z:
        for i in range(min(z, 16)):
            _zombie(c, x + 12 + (i % 8) * 17, y + 56 + (i // 8) * 28)
        c.text(x + PANEL_W - 14, y + 62, f"x{z}", ZOMBIE_DARK, 3, anchor="right")
    else:
        c.text(x + PANEL_W // 2, y + 78, "no zombies", MUTED, anchor="center")
    if inside and L != PARKING:
        hw = f" (+{g.hardware[L]} hw)" if g.hardware[L] else ""
        c.text(x + PANEL_W - 14, y + 96, f"defence {g.defence(L)}{hw}", INK, anchor="right")

    if inside:
        for i, slot in enumerate(inside):
            row, col = divmod(i, 7)
            cx, cy = x + 22 + col * 32, y + 136 + row * 32
            _token(c, cx, cy, 13, slot, g.hidden[slot], 2)
            c.place(places.character(slot), cx - 14, cy - 14, 29, 29, _character(slot))
    else:
        c.text(x + PANEL_W // 2, y + 166, "empty", MUTED, anchor="center")


def _players(c: Canvas, g, seat: int | None) -> None:
    x, y, n = SIDE_X, BOARD_Y, g.num_players
    c.fill_rect(x, y, SIDE_W, SIDE_H, SIDE)
    c.text(x + 10, y + 9, "Players", WHITE, 2)
    c.text(x + SIDE_W - 10, y + 13, f"truck: {len(g.deck)} cards", GREY, anchor="right")
    winners = g.final_winners() if g.terminal else []
    for s in range(n):
        _seat_row(c, g, s, y + 32 + s * 58, winners)
    ly = y + 32 + n * 58 + 6
    legend_y = y + SIDE_H - 30
    for line in _notes(g, seat):
        if ly + 8 > legend_y - 4:
            break
        c.text(x + 10, ly, line, WHITE)
        ly += 13
    c.text(x + 10, legend_y, "P Pin-Up  T Tough Guy  G Gunman", GREY)
    c.text(x + 10, legend_y + 13, "g Little Girl  ? hidden  hw hardware", GREY)


def _seat_row(c: Canvas, g, s: int, ry: int, winners: list[int]) -> None:
    """Colour ``s``'s row, a place to click when voting or giving a card."""
    x, out = SIDE_X, g.eliminated[s] >= 0
    c.fill_rect(x + 6, ry, SIDE_W - 12, 54, CARD)
    c.place(places.seat(s), x + 6, ry, SIDE_W - 12, 54, _name(s))
    if s in winners:
        c.rect(x + 6, ry, SIDE_W - 12, 54, GOLD, 3)
    elif s == g.current_player and g.decision is not None and not g.terminal:
        c.rect(x + 6, ry, SIDE_W - 12, 54, WHITE, 2)
    c.disc(x + 24, ry + 17, 11, _seat_rgb(s))
    c.ring(x + 24, ry + 17, 11, GREY, 1)
    w = c.text(x + 42, ry + 10, _name(s), GREY if out else WHITE, 2)[0]
    if out:
        c.line(x + 40, ry + 16, x + 44 + w, ry + 16, ALERT, 2)
    if s == g.chief:
        _tag(c, x + 42 + w + 8 + text_size("CHIEF")[0] + 8, ry + 9, "CHIEF", GOLD, INK)
    points = g.scores()[s]
    c.text(
        x + SIDE_W - 16,
        ry + 10,
        count(points, "pt"),
        WHITE,
        2,
        anchor="right",
    )
    _seat_characters(c, g, s, ry + 40)
    cards = sum(g.hands[s])
    info = count(cards, "card")
    if s in _announced(g):
        info += f"  going to {g.dest[s] + 1}"
    c.text(x + 20 + KINDS * 18, ry + 37, info, GREY)
    if out:
        _tag(c, x + SIDE_W - 14, ry + 33, "ELIMINATED", ALERT, WHITE)
    elif s in winners:
        _tag(c, x + SIDE_W - 14, ry + 33, "WINNER", GOLD, INK)


def _seat_characters(c: Canvas, g, s: int, cy: int) -> None:
    """A colour's characters in its row, eaten ones crossed out; those still to
    place are picked here, the others in their location."""
    for k in range(KINDS):
        slot = s * KINDS + k
        where = g.loc[slot]
        if where == OUT:
            continue
        cx = SIDE_X + 20 + k * 18
        if where == EATEN:
            c.disc(cx, cy, 7, (80, 80, 86))
            c.line(cx - 4, cy - 4, cx + 4, cy + 4, ALERT, 2)
            c.line(cx - 4, cy + 4, cx + 4, cy - 4, ALERT, 2)
        else:
            _token(c, cx, cy, 7, slot, False, 1, edge=GREY)
        if where == UNPLACED:
            c.place(places.character(slot), cx - 8, cy - 8, 17, 17, _character(slot))


def _notes(g, seat: int | None) -> list[str]:
    """The dice and the last vote, under the rows; the arrival dice only for a
    seat allowed to look at them."""
    lines = []
    if g.place_dice[0] >= 0:
        lines.append("placement dice: " + " ".join(str(d + 1) for d in g.place_dice))
    if seat is not None and g.visible(seat).arrival_dice():
        lines.append("arrival dice (you see): " + " ".join(str(d + 1) for d in sorted(g.dice)))
    if g.last_dice[0] >= 0:
        lines.append("zombies arrived at: " + " ".join(str(d + 1) for d in sorted(g.last_dice)))
    if g.last_vote[0] >= 0:
        purpose, L, runoff = g.last_vote
        lines.append(f"last vote: {PURPOSES[purpose]} at {L + 1}" + (" (runoff)" if runoff else ""))
        ballots = [
            f"{COLOURS[s]}>{COLOURS[b]}({g.last_weights[s]})"
            for s, b in enumerate(g.last_ballots)
            if b >= 0
        ]
        lines += _wrap(ballots, 38, "  ")
    return lines


def _hand(c: Canvas, g, seat: int | None) -> None:
    """The strip of ``seat``'s own cards, each kind a box to click, then the
    cards it found in the truck while it keeps and gives them."""
    x, y = MARGIN, HAND_Y
    c.fill_rect(x, y, WIDTH - 2 * MARGIN, HAND_H, SIDE)
    see = g.visible(seat)
    if seat is None or not see.hand(seat):
        c.text(x + 10, y + 18, "Hands are secret: a player sees their own cards here", GREY)
        return
    rows = [("Your hand:", places.card, g.hands[seat])]
    if see.truck():
        found = [g.truck.count(k) for k in range(len(CARD_NAMES))]
        rows.append(("found in the truck:", places.truck_card, found))
    scale = 2 if _cards_width(rows, 2) <= WIDTH - 2 * MARGIN - 20 else 1
    x += 10
    for title, key, counts in rows:
        x += c.text(x, y + 22 - 7 * scale // 2, title, WHITE, scale)[0] + 8
        if not any(counts):
            x += c.text(x, y + 22 - 7 * scale // 2, "no cards", GREY, scale)[0] + 16
        for k, n in enumerate(counts):
            if n:
                x = _card(c, x, y + 6, k, n, scale, key(k)) + 6
        x += 10


def _cards_width(rows, scale: int) -> int:
    """How wide ``_hand`` draws its rows at ``scale``."""
    width = 0
    for title, _, counts in rows:
        width += text_size(title, scale)[0] + 18 + (0 if any(counts) else 80 * scale)
        width += sum(_card_width(k, n, scale) + 6 for k, n in enumerate(counts) if n)
    return width


def _card_width(k: int, n: int, scale: int) -> int:
    return text_size(CARD_NAMES[k] + (f" x{n}" if n > 1 else ""), scale)[0] + 12


def _card(c: Canvas, x: int, y: int, k: int, n: int, scale: int, key: str) -> int:
    """A card of kind ``k`` held ``n`` times, marked as place ``key``; its right edge."""
    w, h = _card_width(k, n, scale), HAND_H - 12
    c.fill_rect(x, y, w, h, PANEL)
    c.rect(x, y, w, h, GOLD, 2)
    name = CARD_NAMES[k] + (f" x{n}" if n > 1 else "")
    c.text(x + 6, y + h // 2 - 7 * scale // 2, name, INK, scale)
    c.place(key, x, y, w, h, name)
    return x + w


def _wrap(words: list[str], width: int, indent: str) -> list[str]:
    lines, line = [], indent
    for word in words:
        if len(line) + len(word) > width and line.strip():
            lines.append(line)
            line = indent
        line += word + " "
    if line.strip():
        lines.append(line)
    return lines


def _title(c: Canvas, g) -> None:
    w = c.text(MARGIN, 11, "MALL OF HORROR", BLOOD, 3)[0]
    c.text(MARGIN + w + 24, 16, f"Round {g.round}" if g.round else "Setup", WHITE, 2)
    right = WIDTH - MARGIN
    if g.terminal:  # in the title strip, so no location is covered
        c.text(right, 16, f"Game over - {_result(g)}", GOLD, 2, anchor="right")
    elif g.decision is not None:
        seat = g.current_player
        label = f"{_name(seat)} {GAME.by_kind[g.decision].doing}"
        w = c.text(right, 16, label, WHITE, 2, anchor="right")[0]
        c.disc(right - w - 16, 22, 9, _seat_rgb(seat))
        c.ring(right - w - 16, 22, 9, GREY, 1)


def _result(g) -> str:
    won = g.final_winners()
    if not won:
        return f"stopped at the round cap ({g.round}): no winner"
    names = ", ".join(_name(s) for s in won)
    return f"{names} win{'' if len(won) > 1 else 's'}, {count(g.scores()[won[0]], 'point')}"


def draw(g, seat: int | None = None, canvas_type: type[Canvas] = Canvas) -> Canvas:
    """The whole board as a spectator sees it (no hands, no secret dice or
    destinations), so the same for every ``seat``, drawn on a new ``canvas_type``."""
    c = canvas_type(WIDTH, HEIGHT, BG)
    _title(c, g)
    for L in range(len(LOCATION_NAMES)):
        row, col = divmod(L, 3)
        _location(c, g, L, MARGIN + col * (PANEL_W + GAP), BOARD_Y + row * (PANEL_H + GAP))
    _players(c, g, seat)
    _hand(c, g, seat)
    return c


def rgb(g) -> np.ndarray:
    """The spectator's picture (``draw``): a ``HEIGHT`` x ``WIDTH`` x 3 uint8 array."""
    return draw(g).pixels
