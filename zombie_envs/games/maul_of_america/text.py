"""The text view of a Maul of America game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator, who
sees only public information): the Maul with its walls, doorways (``d``) and
display windows (``w``), the pieces on it (``*`` for a square several share, who
is listed under the map), every seat's wounds and equipment, and a hand only to
its holder; ``legend(game)`` says what each mark means.
"""

from __future__ import annotations

from .cards import AMMO, HAND_NAMES, SEARCH_NAMES
from .declaration import GAME, KIND
from .maul import FACES
from .observe import Visible

ROLE = {0: "Zombie Controller"}
STATUS = ("in the Maul", "dead: a zombie now", "escaped")
#: what the map's own characters mean (``maul.Maul.lines``)
MAP_LEGEND = (
    ".: floor",
    "?: a search square",
    "F: a Food Court square",
    "E: a Maul exit",
    "#: not part of the Maul",
    "| - +: walls and their corners (a gap between two squares is open)",
    "d: a doorway",
    "w: a display window (2 actions to cross)",
    "A: an arrow off the Maul's edge: an exit",
)


def legend(g) -> list[str]:
    """What every mark and character of ``ansi``'s map means, in this game."""
    seats = " ".join(str(s) for s in g.shoppers())
    return [
        "row and column numbers: square r3c12 is row 3, column 12, as actions name squares",
        *MAP_LEGEND,
        "X: the designated exit, the one to escape by",
        "Z: a zombie",
        "z: a zombie that has acted this turn",
        f"{seats}: the Shoppers, by seat",
        "*: two or more pieces on one square (listed under the map)",
    ]


def pieces(g) -> dict[int, list[str]]:
    """The marks of the pieces on each occupied square: zombies, then Shoppers."""
    pieces: dict[int, list[str]] = {}
    for v, done in zip(g.zombies, g.zdone, strict=True):
        pieces.setdefault(v, []).append("z" if done and g.active == 0 and g.round else "Z")
    for s in g.shoppers():
        if g.pos[s] >= 0:
            pieces.setdefault(g.pos[s], []).append(str(s))
    return pieces


def _marks(g) -> dict[int, str]:
    """One character per marked square: the exit, a piece, or ``*`` for several."""
    marks = dict.fromkeys(g.maul.way_out[g.exit], "X") if g.exit >= 0 else {}
    for v, on in pieces(g).items():
        marks[v] = on[0] if len(on) == 1 else "*"
    return marks


def _shared(g) -> list[str]:
    """A line per square that several pieces share, saying which."""
    out = []
    for v, on in sorted(pieces(g).items()):
        if len(on) > 1:
            zombies = sum(1 for m in on if not m.isdigit())
            who = [f"player_{m}" for m in on if m.isdigit()]
            who += [f"{zombies} zombie{'s' * (zombies > 1)}"] if zombies else []
            out.append(f"{g.maul.label(v)}: " + " and ".join(who))
    return out


def map_lines(g) -> list[str]:
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
        out += map_lines(g) + _shared(g)
    if g.face >= 0:
        out.append(f"map section being placed: {FACES[g.face].name}")
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
        out.append(f"the exit to escape by: {g.maul.exit_name(g.exit)}")
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
