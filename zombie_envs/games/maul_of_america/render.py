"""Text and picture views of a Maul of America game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator, who
sees only public information): the Maul with its walls, doorways (``d``) and
display windows (``w``), the pieces on it, every seat's wounds and equipment, and
a hand only to its holder; ``legend(game)`` says what each mark means.  ``rgb(game)``
draws the whole Maul for a spectator.
"""

from __future__ import annotations

import numpy as np

from ...core.raster import Canvas
from .cards import AMMO, HAND_NAMES, SEARCH_NAMES
from .declaration import GAME, KIND
from .observe import Visible

ROLE = {0: "Zombie Controller"}
STATUS = ("in the Maul", "dead: a zombie now", "escaped")
LEGEND = (
    "Map: . floor, ? search square, F Food Court, E Maul exit, A arrow (an exit at the "
    "Maul's edge), X the designated exit; walls | and -, d a doorway, w a display window "
    "(2 actions to cross). Pieces: Z a zombie (z: one that has acted this turn), 1-4 the "
    "Shoppers by seat. Squares are named r<row>c<column>, as the labels around the map."
)


def legend(game=None) -> str:
    return LEGEND


def _marks(g) -> dict[int, str]:
    marks = {}
    if g.exit >= 0:
        marks[g.exit] = "X"
    for v, done in zip(g.zombies, g.zdone, strict=True):
        marks[v] = "z" if done and g.active == 0 and g.round else "Z"
    for s in g.shoppers():
        if g.pos[s] >= 0:
            marks[g.pos[s]] = str(s)
    return marks


def _map(g) -> list[str]:
    """The Maul with its pieces, column numbers above and row numbers beside it."""
    lines = g.maul.ascii(_marks(g)).splitlines()
    width = len(lines[0])
    tens = "".join(str(x // 2 // 10) if x % 2 and x // 2 >= 10 else " " for x in range(width))
    units = "".join(str(x // 2 % 10) if x % 2 else " " for x in range(width))
    head = ([f"    {tens}"] if tens.strip() else []) + [f"    {units}"]
    return head + [(f"{y // 2:3d} " if y % 2 else "    ") + line for y, line in enumerate(lines)]


def _items(g, s: int) -> str:
    shown = [SEARCH_NAMES[k] + (f" ({shots} shots)" if AMMO[k] else "") for k, shots in g.items[s]]
    return ", ".join(shown) or "no equipment"


def ansi(g, seat: int | None = None) -> str:
    see = Visible(g, seat)
    who = "a spectator" if seat is None else f"player_{seat}"
    out = [f"{GAME.title}, round {g.round} of {g.options['max_rounds']}, view of {who}"]
    if g.maul is None:
        out.append("the Maul is not built yet")
    else:
        out += _map(g)
    for s in range(g.num_players):
        role = ROLE.get(s, f"Shopper {s}")
        hand = g.hands[s]
        cards = f"{sum(hand)} cards"
        if see.hand(s):
            held = ", ".join(f"{HAND_NAMES[k]} x{c}" for k, c in enumerate(hand) if c)
            cards = f"hand: {held or 'empty'}"
        if s == 0:
            out.append(
                f"player_0 ({role}): {len(g.zombies)} zombies in the Maul (at most "
                f"{g.cap()}), {g.waiting} reinforcements waiting; {cards}"
            )
            continue
        where = g.maul.label(g.pos[s]) if g.pos[s] >= 0 else "-"
        out.append(
            f"player_{s} ({role}, {STATUS[g.status[s]]}): at {where}, {g.wounds[s]} wounds, "
            f"{_items(g, s)}; {cards}"
        )
    if g.exit >= 0:
        out.append(f"the exit to escape by: {g.maul.label(g.exit)}")
    if g.terminal:
        won = g.winners()
        out.append(
            "game over: " + ", ".join(f"player_{s} ({ROLE.get(s, 'Shopper')}) wins" for s in won)
        )
    elif g.decision is not None:
        doing = GAME.by_kind[g.decision].doing
        left = f" ({g.actions} actions left)" if g.decision == KIND.act else ""
        out.append(f"player_{g.current_player} {doing}{left}")
    return "\n".join(out)


# ----- the picture ------------------------------------------------------------
CELL = 18
MARGIN = 24
PANEL = 300
FLOOR = {".": (214, 208, 196), "?": (236, 205, 110), "F": (150, 200, 140), "E": (220, 120, 110)}
EDGE_COLOUR = {"|": (40, 40, 48), "-": (40, 40, 48), "d": (150, 95, 50), "w": (120, 190, 230),
               "A": (220, 120, 110)}  # fmt: skip
SEAT_COLOURS = ((90, 160, 90), (60, 110, 220), (230, 150, 40), (190, 60, 170), (40, 170, 190))


def rgb(g) -> np.ndarray:
    """The whole Maul for a spectator, with a panel of the seats' public state."""
    lines = g.maul.lines if g.maul is not None else ("+",)
    rows, cols = (len(lines) - 1) // 2, (len(lines[0]) - 1) // 2
    width, height = 2 * MARGIN + cols * CELL + PANEL, max(2 * MARGIN + rows * CELL, 260)
    canvas = Canvas(width, height, (30, 32, 38))
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            px, py = MARGIN + (x // 2) * CELL, MARGIN + (y // 2) * CELL
            if y % 2 and x % 2 and ch in FLOOR:
                canvas.fill_rect(px, py, CELL, CELL, FLOOR[ch])
                if ch != ".":
                    canvas.text(px + 5, py + 5, ch, (60, 50, 40))
            elif (x + y) % 2 and ch in EDGE_COLOUR:
                colour = EDGE_COLOUR[ch]
                if y % 2:  # a vertical edge west of square (y // 2, x // 2)
                    canvas.line(px, py, px, py + CELL, colour, width=3)
                else:
                    canvas.line(px, py, px + CELL, py, colour, width=3)
    for v, mark in _marks(g).items():
        r, c = g.maul.rc[v]
        cx, cy = MARGIN + c * CELL + CELL // 2, MARGIN + r * CELL + CELL // 2
        if mark.isdigit():
            canvas.disc(cx, cy, CELL // 2 - 1, SEAT_COLOURS[int(mark)])
            canvas.text(cx - 3, cy - 4, mark, (255, 255, 255))
        elif mark in "Zz":
            canvas.disc(cx, cy, CELL // 2 - 2, (60, 120, 50) if mark == "Z" else (40, 80, 35))
            canvas.text(cx - 3, cy - 4, "Z", (230, 240, 220))
        else:
            canvas.ring(cx, cy, CELL // 2 - 1, (250, 250, 250), width=2)
    x0 = 2 * MARGIN + cols * CELL
    canvas.text(x0, MARGIN, f"{GAME.title}", (235, 90, 70), scale=2)
    canvas.text(x0, MARGIN + 24, f"round {g.round} of {g.options['max_rounds']}", (230, 230, 230))
    y = MARGIN + 44
    for line in ansi(g).splitlines()[1 + len(_map(g)) if g.maul is not None else 2 :]:
        for k in range(0, len(line), 40):
            canvas.text(x0, y, line[k : k + 40], (220, 220, 220))
            y += 11
    return canvas.pixels
