"""The text view of a Maul of America game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator, who
sees only public information): the Maul with its walls, doorways (``d``) and
display windows (``w``), the pieces on it (``*`` for a square several share, who
is listed under the map), every seat's wounds and equipment, and a hand only to
its holder; ``legend(game)`` says what each mark means.
"""

from __future__ import annotations

from ...core.narration import count
from .cards import AMMO, HAND_NAMES, SEARCH_NAMES
from .declaration import GAME, KIND
from .maul import FACES
from .observe import Visible
from .seats import PLAYING, ZC

STATUS = ("in the Maul", "dead, a zombie now", "escaped")
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
    """The marks of the pieces on each occupied square: zombies, then Shoppers still
    in play (an escaped one has left the Maul by its exit, a dead one is a zombie)."""
    pieces: dict[int, list[str]] = {}
    for v, done in zip(g.zombies, g.zdone, strict=True):
        pieces.setdefault(v, []).append("z" if done and g.active == 0 and g.round else "Z")
    for s in g.shoppers():
        if g.pos[s] >= 0 and g.status[s] == PLAYING:
            pieces.setdefault(g.pos[s], []).append(str(s))
    return pieces


def _marks(g) -> dict[int, str]:
    """One character per marked square: the exit, a piece, or ``*`` for several."""
    marks = dict.fromkeys(g.maul.way_out[g.exit], "X") if g.exit >= 0 else {}
    for v, on in pieces(g).items():
        marks[v] = on[0] if len(on) == 1 else "*"
    return marks


def seat_name(seat: int) -> str:
    """A seat as the table calls it: the Zombie Controller or Shopper 1, 2, ..."""
    return "Zombie Controller" if seat == ZC else f"Shopper {seat}"


def _shared(g) -> list[str]:
    """A line per square that several pieces share, saying which."""
    out = []
    for v, on in sorted(pieces(g).items()):
        if len(on) > 1:
            zombies = sum(1 for m in on if not m.isdigit())
            who = [seat_name(int(m)) for m in on if m.isdigit()]
            who += [count(zombies, "zombie")] if zombies else []
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


def items(g, s: int) -> str:
    """Shopper ``s``'s equipment, a weapon's shots left with it."""
    shown = [SEARCH_NAMES[k] + (f" ({count(n, 'shot')})" if AMMO[k] else "") for k, n in g.items[s]]
    return ", ".join(shown) or "no equipment"


def seat_line(g, s: int, equipment: bool = True) -> str:
    """What the table sees of seat ``s``: its pieces or standing, its equipment
    (unless the picture shows it apart) and how many cards it holds (which ones is
    ``ansi``'s to say, to their holder)."""
    cards = count(sum(g.hands[s]), "card")
    if s == ZC:
        return (
            f"Zombie Controller: {count(len(g.zombies), 'zombie')} in the Maul (at most "
            f"{g.cap()}), {g.waiting} reinforcements waiting; {cards}"
        )
    if g.status[s] != PLAYING:
        return f"Shopper {s}: {STATUS[g.status[s]]}"
    where = f"at {g.maul.label(g.pos[s])}" if g.pos[s] >= 0 else "not in the Maul yet"
    gear = f", {items(g, s)}" if equipment else ""
    return f"Shopper {s} {where}, {count(g.wounds[s], 'wound')}{gear}; {cards}"


def status_line(g) -> str:
    """Who won, or who decides what now."""
    if g.terminal:
        return "Game over: " + ", ".join(f"{seat_name(s)} wins" for s in g.winners())
    doing = GAME.by_kind[g.decision].doing
    left = f" ({count(g.actions, 'action')} left)" if g.decision == KIND.act else ""
    return f"{seat_name(g.current_player)} {doing}{left}"


def ansi(g, seat: int | None = None) -> str:
    see = Visible(g, seat)
    who = "a spectator" if seat is None else seat_name(seat)
    out = [f"{GAME.title}, round {g.round} of {g.options['max_rounds']}, view of {who}"]
    if g.maul is None:
        out.append("the Maul is not built yet")
    else:
        out += map_lines(g) + _shared(g)
    if g.face >= 0:
        out.append(f"map section being placed: {FACES[g.face].name}")
    for s in range(g.num_players):
        line = seat_line(g, s)
        if see.hand(s):
            held = ", ".join(f"{HAND_NAMES[k]} x{c}" for k, c in enumerate(g.hands[s]) if c)
            line = line.rsplit("; ", 1)[0] + f"; hand: {held or 'empty'}"
        out.append(line)
    if g.exit >= 0:
        out.append(f"the exit to escape by: {g.maul.exit_name(g.exit)}")
    if g.terminal or g.decision is not None:
        out.append(status_line(g))
    return "\n".join(out)
