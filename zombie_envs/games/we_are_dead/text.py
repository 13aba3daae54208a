"""The text view of a We Are Dead game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator,
who sees only public information): shopper tokens show as ``?`` (a flipped
one's number is in the lines under the map), hands and face-down heroes only
to their owner; ``legend(game)`` says what each mark means.
"""

from __future__ import annotations

from functools import cache
from itertools import compress

from ...core.grid import Board
from ...core.narration import count, seat_label
from .data import CARD_NAMES, HERO_NAMES, NUM_ATTACK
from .declaration import GAME


@cache
def display_chars(b: Board) -> dict[str, str]:
    """How the text board shows each map character: digits are kept for the
    players, so a digit of the map (an escalator) shows as the capital initial of
    its name (``1`` West escalator: ``W``)."""
    used = set("".join(b.lines)) | set(_MARKS)
    shown = {}
    for ch in dict.fromkeys("".join(b.lines)):
        if ch.isdigit():
            initial = b.legend[ch].name[:1].upper()
            if not initial or initial in used:
                raise ValueError(f"board {b.name!r}: no free letter to show {ch!r} with")
            used.add(initial)
            shown[ch] = initial
    return shown


#: the text board's own marks, besides the players' seat digits
_MARKS = "Z?+"
AREA_WORD = {"mall": "store", "carnival": "ride"}  # what the board calls an area


@cache
def _frame(b: Board) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The text board without pieces: the column numbers, then each map row as
    shown, with its number in front."""
    shown = display_chars(b)
    width = len(str(b.height - 1))
    pad = " " * (width + 1)
    tens = "".join(str(c // 10) if c % 10 == 0 else " " for c in range(b.width))
    units = "".join(str(c % 10) for c in range(b.width))
    rows = tuple(
        f"{r:>{width}} " + "".join(shown.get(ch, ch) for ch in line)
        for r, line in enumerate(b.lines)
    )
    return (pad + tens.rstrip(), pad + units), rows


def _map(g) -> list[str]:
    """The board with row and column numbers around it, as square names use them
    (``r12c3``), and the pieces on it."""
    b = g.board
    head, rows = _frame(b)
    marks = {b.rc[v]: "?" for v in compress(range(len(g.token)), g.token)}
    pieces: dict[int, list[str]] = {}
    for v in g.hordes:
        pieces.setdefault(v, []).append("Z")
    for s, v in enumerate(g.pos):
        pieces.setdefault(v, []).append(str(s))
    for v, on in pieces.items():
        marks[b.rc[v]] = on[0] if len(on) == 1 else "+"
    by_row: dict[int, list[tuple[int, str]]] = {}
    for (r, c), mark in marks.items():
        by_row.setdefault(r, []).append((c, mark))
    lines = list(rows)
    cut = len(rows[0]) - b.width
    for r, row_marks in by_row.items():
        row = list(lines[r])
        for c, mark in row_marks:
            row[cut + c] = mark
        lines[r] = "".join(row)
    return [*head, *lines]


def _at(g, v: int) -> str:
    """Who shares square ``v`` (for the ``+`` mark)."""
    who = [seat_label(s) for s, p in enumerate(g.pos) if p == v]
    who += ["a horde"] * g.hordes.count(v)
    return ", ".join(who)


def ansi(g, seat: int | None = None) -> str:
    see = g.visible(seat)
    who = "a spectator" if seat is None else seat_label(seat)
    lines = [
        f"{GAME.title} ({g.options['board']}) - turn {g.turn} - view of {who} - "
        f"goal {g.goal} points - horde {count(g.horde_score, 'point')}, "
        f"{count(len(g.hordes), 'horde token')}",
        *_map(g),
    ]
    lines += [_seat_line(g, see, s) for s in range(g.num_players)]
    shared = sorted({v for v in g.pos + g.hordes if g.pos.count(v) + g.hordes.count(v) > 1})
    for v in shared:
        lines.append(f"  + {g.board.label(v)}: {_at(g, v)}")
    if g.main_kind >= 0:
        lines.append(
            f"  fighting {HERO_NAMES[g.main_kind - NUM_ATTACK]} of {seat_label(g.main_seat)}: "
            f"toughness {g.toughness}, attack so far {g.fight_total}"
        )
    if g.a_node >= 0:
        lines.append(f"  attacking a group of {count(g.a_value, 'shopper')}, {g.slain} slain")
    if g.terminal:
        won = g.final_winners()
        nobody = "nobody (stopped at the turn cap)" if g.truncated else "the horde"
        who_won = ", ".join(seat_label(s) for s in won) if won else nobody
        points = ", ".join(f"{seat_label(s)} {p}" for s, p in enumerate(g.score))
        lines.append(f"  GAME OVER - points: {points} - won by {who_won}")
    elif g.decision is not None:
        doing = GAME.by_kind[g.decision].doing
        lines.append(f"  to act: {seat_label(g.current_player)} {doing}")
    return "\n".join(lines)


def _seat_line(g, see, s: int) -> str:
    """One seat's points, damage, tokens, cards and square; its hand and face-down
    hero only to a viewer who may see them."""
    hand = ""
    if see.hand(s):
        cards = [f"{CARD_NAMES[k]} x{c}" for k, c in enumerate(g.hands[s]) if c]
        hand = " | hand: " + (", ".join(cards) or "empty")
    if see.facedown(s):
        hand += f" | face down: {HERO_NAMES[g.facedown[s] - NUM_ATTACK]}"
    elif g.facedown[s] >= 0:
        hand = " | a hero face down"
    turn = " (its turn)" if s == g.active else ""
    return (
        f"  {seat_label(s)}{turn}: {count(g.score[s], 'point')}, damage {g.damage[s]}, "
        f"{count(g.infection[s], 'infection token')}, {count(sum(g.hands[s]), 'card')} "
        f"at {g.board.label(g.pos[s])}{hand}"
    )


def legend(g) -> list[str]:
    """What every mark and character of ``ansi``'s board means, on this board."""
    b = g.board
    shown = display_chars(b)
    lines = [
        "row and column numbers: square r12c3 is row 12, column 3; actions name squares "
        "so, or by a name and number (Shoe Store 2)",
        f"0-{g.num_players - 1}: a player's zombie, by seat (inside the map a digit is "
        "always a player)",
        "+: several pieces on one square (listed under the players)",
        "Z: a horde token",
        "?: a shopper token (its number stays hidden until it is flipped)",
    ]
    areas, chars = [], {}
    for ch in dict.fromkeys("".join(b.lines)):
        kind = b.legend[ch]
        if kind.area:
            areas.append(f"{ch} {kind.name}")
            continue
        what = kind.name
        nodes = [v for v in range(b.size) if b.kind[v] == ch]
        if b.start in nodes:
            what += ", the start"
        if b.horde_start in nodes:
            what += ", where horde tokens appear"
        if kind.role == "link":
            what += ": one move between its two ends"
        elif kind.role == "escalator":
            what += " end, not a square: one move rides to the other end"
        elif kind.role == "arrow":
            what += ": passed only the way the arrow points"
        chars.setdefault(what, []).append(shown.get(ch, ch))
    lines += [f"{' '.join(marks)}: {what}" for what, marks in chars.items()]
    lines.append(f"{AREA_WORD.get(g.options['board'], 'area')}s: " + ", ".join(areas))
    lines.append(
        "per player: points, damage (3: significantly wounded), infection tokens, "
        "cards in hand, square"
    )
    return lines
