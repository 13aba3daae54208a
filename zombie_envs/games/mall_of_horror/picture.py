"""The picture of a Mall of Horror game.

``draw(game, seat, canvas_type)`` draws the whole board on any canvas and
``rgb(game)`` a spectator's as pixels.  Everything but the hand strip at the
bottom is public; that strip shows ``seat``'s own hand (and the cards it found
in the truck) only as ``g.visible(seat)`` allows.  Every place a decision can
be about is marked (``Canvas.place``, keys from ``places``): the locations, the
character tokens, the colours' rows and the cards of the hand strip.
"""

from __future__ import annotations

import textwrap

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

#: all type is at twice the bitmap font's size (12 pixels a character), so that a
#: laptop's browser shows the whole board with its type at 12 pixels or more
BIG = 2
MARGIN, TOP, PANEL_W, PANEL_H, GAP, SIDE_W = 12, 44, 250, 276, 12, 320
BOARD_Y = TOP + 8
BOARD_W = 3 * PANEL_W + 2 * GAP
SIDE_X = MARGIN + BOARD_W + GAP
SIDE_H = 2 * PANEL_H + GAP
WIDTH = SIDE_X + SIDE_W + MARGIN
#: the hand strip holds two lines of cards; a line of the side panel holds NOTE_CHARS
CARD_H, CARD_STEP = 30, 36
HAND_Y, HAND_H = BOARD_Y + SIDE_H + GAP, 2 * CARD_STEP + 6
HEIGHT = HAND_Y + HAND_H + MARGIN
NOTE_CHARS, NOTE_STEP = (SIDE_W - 20) // 12, 20
#: a location's characters: a row of TOKENS_A_ROW discs TOKEN_R in radius
TOKENS_A_ROW, TOKEN_R, TOKEN_STEP = 6, 16, 38
LEGEND = ("P Pin-Up  T Tough Guy", "G Gunman  g Little Girl", "? hidden  hw hardware")


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
    """A label box ending at ``right``; returns its left edge."""
    w = text_size(label, BIG)[0] + 8
    c.fill_rect(right - w, y, w, 22, fill)
    c.text(right - w + 4, y + 4, label, ink, BIG)
    return right - w


def _character(slot: int) -> str:
    seat, kind = divmod(slot, KINDS)
    return f"{COLOURS[seat]} {CHARACTER_NAMES[kind]}"


def _token(c: Canvas, cx: int, cy: int, r: int, c_slot: int, hidden: bool, edge=INK) -> None:
    """A character: a disc in its seat colour with the letter of its kind."""
    seat, kind = divmod(c_slot, KINDS)
    colour = _seat_rgb(seat)
    letter = SHORT[CHARACTER_NAMES[kind]]
    if hidden:
        c.disc(cx, cy, r, colour, alpha=0.35)
        c.ring(cx, cy, r, MUTED, 1)
        c.text(cx, cy - 7, letter, MUTED, BIG, anchor="center")
        c.disc(cx + r - 2, cy - r + 2, 9, INK)
        c.text(cx + r - 1, cy - r - 5, "?", WHITE, BIG, anchor="center")
        return
    c.disc(cx, cy, r, colour)
    c.ring(cx, cy, r, edge, 2 if r > 11 else 1)
    c.text(cx, cy - 7, letter, _seat_ink(seat), BIG, anchor="center")


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
    w, middle = text_size(label, 3)[0], y + PANEL_H // 2
    c.fill_rect(x + (PANEL_W - w) // 2 - 10, middle - 19, w + 20, 38, INK)
    c.text(x + PANEL_W // 2, middle - 11, label, ZOMBIE if overrun else WHITE, 3, anchor="center")


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
        _tag(c, x + PANEL_W - 4, y + 4, "ATTACK", ALERT, WHITE)
    elif g.v_purpose >= 0 and g.v_loc == L:
        _tag(c, x + PANEL_W - 4, y + 4, "VOTE", GOLD, INK)


def _location(c: Canvas, g, L: int, x: int, y: int) -> None:
    _header(c, g, L, x, y)
    if g.closed[L] in (CLOSED, OVERRUN):
        _closed(c, x, y, g.closed[L] == OVERRUN)
        return

    inside = [s for s, where in enumerate(g.loc) if where == L]
    cap = CAPACITY[L]
    room = f"{len(inside)} inside, no limit" if cap is None else f"{len(inside)}/{cap} inside"
    c.text(x + 8, y + 38, room, INK, BIG)
    coming = [s for s in _announced(g) if g.dest[s] == L]
    if coming:
        right = x + 8 + c.text(x + 8, y + 58, "coming:", MUTED, BIG)[0] + 6
        for i, s in enumerate(coming):
            c.disc(right + 7 + i * 18, y + 64, 7, _seat_rgb(s))
            c.ring(right + 7 + i * 18, y + 64, 7, INK, 1)

    c.fill_rect(x + 6, y + 78, PANEL_W - 12, 60, ZONE)
    z = g.zombies[L]
    if z:
        for i in range(min(z, 16)):
            _zombie(c, x + 12 + (i % 8) * 17, y + 82 + (i // 8) * 28)
        c.text(x + PANEL_W - 14, y + 98, f"x{z}", ZOMBIE_DARK, 3, anchor="right")
    else:
        c.text(x + PANEL_W // 2, y + 101, "no zombies", MUTED, BIG, anchor="center")
    if inside and L != PARKING:
        hw = f" (+{g.hardware[L]} hw)" if g.hardware[L] else ""
        c.text(x + PANEL_W - 8, y + 144, f"defence {g.defence(L)}{hw}", INK, BIG, anchor="right")

    if inside:
        for i, slot in enumerate(inside):
            row, col = divmod(i, TOKENS_A_ROW)
            cx, cy = x + 10 + TOKEN_R + col * TOKEN_STEP, y + 182 + row * TOKEN_STEP
            _token(c, cx, cy, TOKEN_R, slot, g.hidden[slot])
            r, side = TOKEN_R, 2 * TOKEN_R + 1
            c.place(places.character(slot), cx - r, cy - r, side, side, _character(slot))
    else:
        c.text(x + PANEL_W // 2, y + 212, "empty", MUTED, BIG, anchor="center")


def _players(c: Canvas, g, seat: int | None) -> None:
    x, y, n = SIDE_X, BOARD_Y, g.num_players
    c.fill_rect(x, y, SIDE_W, SIDE_H, SIDE)
    c.text(x + 10, y + 9, "Players", WHITE, 2)
    c.text(x + SIDE_W - 10, y + 9, f"truck: {len(g.deck)} cards", GREY, BIG, anchor="right")
    winners = g.final_winners() if g.terminal else []
    for s in range(n):
        _seat_row(c, g, s, y + 32 + s * 58, winners)
    ly = y + 32 + n * 58 + 6
    legend_y = y + SIDE_H - len(LEGEND) * NOTE_STEP - 4
    for line in _notes(g, seat)[: (legend_y - 6 - ly) // NOTE_STEP]:
        c.text(x + 10, ly, line, WHITE, BIG)
        ly += NOTE_STEP
    for i, line in enumerate(LEGEND):
        c.text(x + 10, legend_y + i * NOTE_STEP, line, GREY, BIG)


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
        _tag(c, x + 42 + w + 8 + text_size("CHIEF", BIG)[0] + 8, ry + 6, "CHIEF", GOLD, INK)
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
    if out:
        _tag(c, x + SIDE_W - 10, ry + 30, "ELIMINATED", ALERT, WHITE)
        return
    info = count(sum(g.hands[s]), "card")
    if s in _announced(g):
        info += f", to {g.dest[s] + 1}"
    c.text(x + 20 + KINDS * 24, ry + 34, info, GREY, BIG)
    if s in winners:
        _tag(c, x + SIDE_W - 10, ry + 30, "WINNER", GOLD, INK)


def _seat_characters(c: Canvas, g, s: int, cy: int) -> None:
    """A colour's characters in its row, eaten ones crossed out; those still to
    place are picked here, the others in their location."""
    for k in range(KINDS):
        slot = s * KINDS + k
        where = g.loc[slot]
        if where == OUT:
            continue
        cx = SIDE_X + 22 + k * 24
        if where == EATEN:
            c.disc(cx, cy, 10, (80, 80, 86))
            c.line(cx - 6, cy - 6, cx + 6, cy + 6, ALERT, 2)
            c.line(cx - 6, cy + 6, cx + 6, cy - 6, ALERT, 2)
        else:
            _token(c, cx, cy, 10, slot, False, edge=GREY)
        if where == UNPLACED:
            c.place(places.character(slot), cx - 12, cy - 12, 24, 24, _character(slot))


def _notes(g, seat: int | None) -> list[str]:
    """The dice and the last vote, under the rows; the arrival dice only for a
    seat allowed to look at them."""
    lines = []
    if g.place_dice[0] >= 0:
        lines.append("placement dice: " + " ".join(str(d + 1) for d in g.place_dice))
    if seat is not None and g.visible(seat).arrival_dice():
        lines.append("arrival dice (you see): " + " ".join(str(d + 1) for d in sorted(g.dice)))
    if g.last_dice[0] >= 0:
        lines.append("zombies arrived: " + " ".join(str(d + 1) for d in sorted(g.last_dice)))
    if g.last_vote[0] >= 0:
        purpose, L, runoff = g.last_vote
        lines.append(f"last vote: {PURPOSES[purpose]} at {L + 1}" + (" (runoff)" if runoff else ""))
        ballots = [
            f"{COLOURS[s]}>{COLOURS[b]}({g.last_weights[s]})"
            for s, b in enumerate(g.last_ballots)
            if b >= 0
        ]
        lines.append("  " + " ".join(ballots))
    return [
        part for line in lines for part in textwrap.wrap(line, NOTE_CHARS, subsequent_indent="  ")
    ]


def _hand(c: Canvas, g, seat: int | None) -> None:
    """The strip of ``seat``'s own cards, each kind a box to click, then the
    cards it found in the truck while it keeps and gives them, in lines as long
    as the strip."""
    c.fill_rect(MARGIN, HAND_Y, WIDTH - 2 * MARGIN, HAND_H, SIDE)
    see = g.visible(seat)
    left, right = MARGIN + 10, WIDTH - MARGIN - 10
    if seat is None or not see.hand(seat):
        text = "Hands are secret: a player sees their own cards here"
        c.text(left, HAND_Y + HAND_H // 2 - 7, text, GREY, BIG)
        return
    rows = [("Your hand:", places.card, g.hands[seat])]
    if see.truck():
        found = [g.truck.count(k) for k in range(len(CARD_NAMES))]
        rows.append(("found in the truck:", places.truck_card, found))
    x, y = left, HAND_Y + 6
    for title, key, counts in rows:
        held = [(k, n) for k, n in enumerate(counts) if n]
        words = [title] if held else [title, "no cards"]
        for word in words:
            x, y = _flow(x, y, text_size(word, BIG)[0], left, right)
            x += c.text(x, y + CARD_H // 2 - 7, word, WHITE if word == title else GREY, BIG)[0] + 10
        for k, n in held:
            name = CARD_NAMES[k] + (f" x{n}" if n > 1 else "")
            w = text_size(name, BIG)[0] + 12
            x, y = _flow(x, y, w, left, right)
            c.fill_rect(x, y, w, CARD_H, PANEL)
            c.rect(x, y, w, CARD_H, GOLD, 2)
            c.text(x + 6, y + CARD_H // 2 - 7, name, INK, BIG)
            c.place(key(k), x, y, w, CARD_H, name)
            x += w + 6
        x += 10


def _flow(x: int, y: int, w: int, left: int, right: int) -> tuple[int, int]:
    """Where a thing ``w`` wide goes in the hand strip: here, or at the next line's start."""
    return (left, y + CARD_STEP) if x + w > right and x > left else (x, y)


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
