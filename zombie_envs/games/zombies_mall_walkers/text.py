"""The text view of a Mall Walkers game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator, who
sees only public information): the mall tile by tile with its walls, doorways
(``d``) and the halls leaving it (``A``), numbered by the global rows and columns
that name squares (``r-4c2``: row -4, column 2), one mark per square for what
lies there (``&`` where
several things share a square, each listed under the map), the tiles in placement
order, a status line per seat (a hand only to its holder) and the table's counts;
``legend(game)`` says what each mark means.  It asks the game's visibility model
(``observe.Visible``), as the observation does.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from ...core.compass import SIDE_WORDS, STEPS
from ...core.narration import count, seat_label
from .cards import HIT, KINDS, NAMES, START_BULLETS, START_LIFE
from .declaration import GAME, KIND
from .mall import CELLS, HELIPAD, TILE_SIZE, TILES, turned
from .mall import NAMES as TILE_NAMES
from .observe import Visible
from .places import named, square

#: what the map's own characters mean (``mall.Mall.ascii``)
MAP_LEGEND = (
    ".: a hall square",
    "S: the Front Door's start square",
    "o: a store space (the Helipad's roof)",
    "@: a store's air duct",
    "*: the Helipad's centre",
    "#: no square (a hall tile's corner)",
    "| - +: walls and their corners (a gap between two squares is open)",
    "d: a store's doorway",
    "A: a hall leaving the tile (where it meets no tile yet, the mall may grow)",
)
#: the marks of what lies on a square, in the order they are listed
PIECE_LEGEND = (
    "Z: a zombie",
    "h: life tokens",
    "b: bullet tokens",
    "r: rescue tokens (Search and Rescue)",
    "k: the helicopter keys, dropped (Kill the Guy With the Keys)",
    "&: several of these on one square (listed under the map)",
)


#: what the scenario options are called in the rulebook
SCENARIOS = {
    "standard": "the standard game",
    "search_and_rescue": "Search and Rescue",
    "keys": "Kill the Guy With the Keys",
}


def slot(r: int, c: int) -> str:
    """A tile position by the square in its middle: ``r-5c1`` for tile position (-2, 0)."""
    return named(TILE_SIZE * r + 1, TILE_SIZE * c + 1)


def _compass(dr: float, dc: float) -> str:
    """The direction of an offset, in compass words (``north-west``)."""
    ns = "north" if dr < -0.2 else "south" if dr > 0.2 else ""
    ew = "west" if dc < -0.2 else "east" if dc > 0.2 else ""
    return "-".join(w for w in (ns, ew) if w) or "in the middle"


def _doorway(r: int, c: int, side: int) -> str:
    """A doorway by the two squares it joins (``between r0c1 and r1c1``): a square
    has doorways on several sides, so one square alone would not say which."""
    dr, dc = STEPS[2 * side]
    return f"between {named(r, c)} and {named(r + dr, c + dc)}"


@dataclass(frozen=True)
class Fitting:
    """A tile as it would lie at a tile position, turned: its squares, the store's
    doorways and the halls leaving it (``(row, col, side)``) as the boards name them,
    and in words."""

    squares: tuple[tuple[int, int], ...]
    doors: tuple[tuple[int, int, int], ...]
    halls: tuple[tuple[int, int, int], ...]
    words: str


def fitting(kind: int, row: int, col: int, turns: int) -> Fitting:
    t = turned(kind, turns)
    top, left = TILE_SIZE * row, TILE_SIZE * col

    def at(cell: int) -> tuple[int, int]:
        return top + cell // TILE_SIZE, left + cell % TILE_SIZE

    cells = [cell for cell in range(CELLS) if t.chars[cell]]
    # a doorway is told once, from the square west or north of it
    doors = tuple((*at(c), side) for c in cells for side in (1, 2) if t.door[c][side])
    halls = tuple((*at(t.hall_cell[side]), side) for side in range(4) if t.halls[side])
    sides = [SIDE_WORDS[side] for side in range(4) if t.halls[side]]
    words = "hall" + ("s " if len(sides) > 1 else " ") + " and ".join(sides)
    rooms = [divmod(c, TILE_SIZE) for c in cells if t.room[c]]
    if TILES[kind].kind == "store":
        dr = sum(r for r, _ in rooms) / len(rooms) - 1
        dc = sum(c for _, c in rooms) / len(rooms) - 1
        door = " and ".join(_doorway(*at) for at in doors)
        side = _compass(dr, dc)
        words += (f", the store {side}" if side != "in the middle" else "") + f", doorway {door}"
    return Fitting(tuple(map(at, cells)), doors, halls, words)


def legend(g) -> list[str]:
    """What every mark and character of ``ansi``'s map means, in this game."""
    seats = " ".join(str(s) for s in range(g.num_players))
    return [
        "row and column numbers: the square in row -4, column 2 is r-4c2; a tile by its "
        "middle square: the tile around r-5c1",
        *MAP_LEGEND,
        f"{seats}: the players' pawns, by seat",
        *PIECE_LEGEND,
    ]


# ----- what lies on each square -------------------------------------------------------------
def contents(g) -> dict[int, list[tuple[str, str, int]]]:
    """Per occupied square, its things as (mark, words, how many): the zombie, pawns,
    tokens and the keys."""
    on: dict[int, list[tuple[str, str, int]]] = {}
    for i in g.mall.squares:
        if g.zombies[i]:
            on.setdefault(i, []).append(("Z", "a zombie", 1))
    for s in range(g.num_players):
        on.setdefault(g.pos[s], []).append((str(s), seat_label(s), 1))
    for field, mark, thing in (
        (g.life_tokens, "h", "life token"),
        (g.bullet_tokens, "b", "bullet token"),
        (g.rescue_tokens, "r", "rescue token"),
    ):
        for i in g.mall.squares:
            if field[i]:
                on.setdefault(i, []).append((mark, count(field[i], thing), field[i]))
    if g.keys_at >= 0:
        on.setdefault(g.keys_at, []).append(("k", "the keys", 1))
    return on


def _marks(g) -> dict[int, str]:
    return {i: things[0][0] if len(things) == 1 else "&" for i, things in contents(g).items()}


def _shared(g) -> list[str]:
    """A line per square whose mark does not tell all: several things, or several tokens."""
    out = []
    for i, things in sorted(contents(g).items(), key=lambda x: g.mall.rc[x[0]]):
        if len(things) > 1 or things[0][2] > 1:
            out.append(f"{square(g.mall, i)}: " + ", ".join(words for _, words, _ in things))
    return out


#: which character wins where two tiles' maps share a border: walls and halls over
#: the blank of a hall tile's corner
_RANK = {" ": 0, "#": 1}


def _text_map(mall, marks: dict[int, str]) -> tuple[list[str], int, int]:
    """The tiles' maps laid out on one canvas (as ``mall.Mall.ascii``, but where two
    tiles share a border a wall or a hall shows over a blank corner), squares marked;
    with the global row and column of the top left square."""
    rows = [r for _, r, _, _, _ in mall.tiles]
    cols = [c for _, _, c, _, _ in mall.tiles]
    top, left = min(rows), min(cols)
    step = 2 * TILE_SIZE
    canvas = [
        [" "] * (step * (max(cols) - left + 1) + 1) for _ in range(step * (max(rows) - top + 1) + 1)
    ]
    for k, (kind, row, col, turns, _) in enumerate(mall.tiles):
        t = turned(kind, turns)
        y0, x0 = step * (row - top), step * (col - left)
        for i, line in enumerate(t.lines):
            for j, ch in enumerate(line):
                if i % 2 and j % 2:
                    cell = TILE_SIZE * (i // 2) + j // 2
                    ch = marks.get(CELLS * k + cell, ch) if t.chars[cell] else ch
                old = canvas[y0 + i][x0 + j]
                if _RANK.get(ch, 2) >= _RANK.get(old, 2):
                    canvas[y0 + i][x0 + j] = ch
    return ["".join(line).rstrip() for line in canvas], TILE_SIZE * top, TILE_SIZE * left


def _map(g) -> list[str]:
    """The mall with its pieces, column numbers above and row numbers beside it."""
    lines, top, left = _text_map(g.mall, _marks(g))
    width = max(map(len, lines))
    cols = {x: left + x // 2 for x in range(1, width, 2)}
    head = [
        "".join("-" if x in cols and cols[x] < 0 else " " for x in range(width)),
        "".join(
            str(abs(cols[x]) // 10) if x in cols and abs(cols[x]) >= 10 else " "
            for x in range(width)
        ),  # fmt: skip
        "".join(str(abs(cols[x]) % 10) if x in cols else " " for x in range(width)),
    ]
    head = [f"     {line}".rstrip() for line in head if line.strip()]
    body = [(f"{top + y // 2:4d} " if y % 2 else "     ") + line for y, line in enumerate(lines)]
    return head + body


def _tiles(g) -> list[str]:
    """The tiles in placement order, each by its middle square."""
    parts = [
        f"{TILE_NAMES[kind]} around {slot(row, col)}" + (" (floor 2)" if floor == 2 else "")
        for kind, row, col, _, floor in g.mall.tiles
    ]
    return textwrap.wrap("tiles, as placed: " + "; ".join(parts), 100, subsequent_indent="  ")


def _cards(counts: list[int], always: bool = False) -> str:
    """Cards by kind: ``Crossbow, Jammed x2`` (``x1`` too when ``always``)."""
    return ", ".join(
        NAMES[k] + (f" x{c}" if c > 1 or always else "") for k, c in enumerate(counts) if c
    )


def seat_line(g, s: int, see: Visible, cards: bool = True) -> str:
    """A seat's pawn, life, bullets, kills, cards in play and hand (its cards only
    to its holder; ``cards=False``: without the cards, which the picture lists
    one by one)."""
    bits = [
        f"at {square(g.mall, g.pos[s])}",
        f"{g.life[s]} life",
        count(g.bullets[s], "bullet"),
        f"{count(g.trophies[s], 'zombie')} killed",
    ]
    if g.options["scenario"] == "search_and_rescue":
        bits.append(f"{g.rescued[s]} rescued")
    if g.keeper == s:
        bits.append("holds the keys")
    if not g.life[s]:
        bits.append(f"killed: {START_LIFE} life and {count(START_BULLETS, 'bullet')} next turn")
    for flag, words in (
        (g.jammed, "jammed: no bullets"),
        (g.unlucky, "unlucky: next move 1"),
        (g.duct, "may crawl through the duct"),
        (g.played, "has played its card this round"),
    ):
        if flag[s]:
            bits.append(words)
    you = " (you)" if s == see.seat else ""
    line = f"{seat_label(s)}{you}: " + ", ".join(bits)
    if not cards:
        return line
    items = _cards(g.items[s])
    hand = g.hands[s]
    if see.hand(s):
        held = f"hand: {_cards(hand, always=True) or 'empty'}"
    else:
        held = count(sum(hand), "card")
    return line + f"; in play: {items or 'nothing'}; {held}"


#: what precedes the discard pile's cards in the table's lines
PILE = "discard pile: "


def pile(g) -> list[tuple[int, int]]:
    """The discard pile's cards: (kind, how many) by kind."""
    return [(k, g.discard.count(k)) for k in range(KINDS) if k in g.discard]


def table_lines(g) -> list[str]:
    """The table's public counts: the tile being placed, the stack, the deck and
    discards, a fight or a duel under way."""
    out = []
    if g.drawn >= 0:
        out.append(f"tile being placed: {TILE_NAMES[g.drawn]}")
    bottom = g.options["helipad"] == "bottom" and g.stack[:1] == [HELIPAD]
    stack = count(len(g.stack), "tile") + (" (the Helipad at the bottom)" if bottom else "")
    lost = f"; discarded: {', '.join(TILE_NAMES[k] for k in g.lost_tiles)}" if g.lost_tiles else ""
    out.append(f"tile stack: {stack}{lost}")
    cards = ", ".join(NAMES[k] + (f" x{n}" if n > 1 else "") for k, n in pile(g)) or "empty"
    out.append(f"event deck: {count(len(g.deck), 'card')}; {PILE}{cards}")
    at, die, bonus, weapon = g.combat
    if at >= 0 and die:
        used = f" with {NAMES[weapon]}" if weapon >= 0 else ""
        plus = f" + {bonus}" if bonus else ""
        out.append(f"fight at {square(g.mall, at)}: rolled {die}{plus}{used}, {HIT} or more kills")
    challenger, mine, theirs = g.duel
    if challenger >= 0:
        out.append(
            f"duel for the keys: {seat_label(challenger)} rolled {mine}, "
            f"{seat_label(g.keeper)} (the keeper) {theirs}"
        )
    if g.keys_at >= 0:
        out.append(f"the keys lie at {square(g.mall, g.keys_at)}")
    return out


def result(g) -> str:
    """The end: the winner, or none when the round cap truncated the game."""
    return (
        f"{seat_label(g.winner)} wins" if g.winner >= 0 else "no winner: stopped at the round cap"
    )


def now_line(g) -> str | None:
    """Who decides what now, or the result."""
    if g.terminal:
        return f"game over: {result(g)}"
    if g.decision is None:
        return None
    doing = GAME.by_kind[g.decision].doing
    left = ""
    if g.decision == KIND.move:
        left = f" ({count(g.moves_left, 'move')} left)"
    elif g.decision == KIND.move_zombies:
        left = f" ({g.zombie_moves} to move)"
    return f"{seat_label(g.current_player)} {doing}{left}"


def ansi(g, seat: int | None = None) -> str:
    see = Visible(g, seat)
    who = "a spectator" if seat is None else seat_label(seat)
    out = [
        f"{GAME.title}, round {g.round} of {g.options['max_rounds']}, view of {who}",
        f"scenario: {SCENARIOS[g.options['scenario']]}",
    ]
    out += _map(g) + _shared(g) + _tiles(g)
    out += [seat_line(g, s, see) for s in range(g.num_players)]
    out += table_lines(g)
    now = now_line(g)
    if now:
        out.append(now)
    return "\n".join(out)
