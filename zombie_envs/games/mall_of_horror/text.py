"""The text view of a Mall of Horror game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator,
who sees only public information); ``legend(game)`` says what each of its
abbreviations and marks means.  It asks the game's visibility model
(``observe.Visible``), as the observation does: hands, dice and secret choices
appear only for the seat allowed to see them.
"""

from __future__ import annotations

from ...core.narration import count
from .data import (
    CAPACITY,
    CARD_NAMES,
    CHARACTER_NAMES,
    COLOURS,
    KINDS,
    LOCATION_NAMES,
    POINTS,
)
from .declaration import GAME
from .engine import CLOSED, EATEN, OUT, OVERRUN, MallOfHorror
from .voting import PURPOSES

SHORT = {"Pin-Up": "P", "Tough Guy": "T", "Gunman": "G", "Little Girl": "g"}
_ABBREV = {"black": "bk"}  # "bl" is blue's


def _colour_tag(seat: int) -> str:
    colour = COLOURS[seat]
    return _ABBREV.get(colour, colour[:2])


def _char(c: int, hidden: bool) -> str:
    seat, kind = divmod(c, KINDS)
    tag = f"{_colour_tag(seat)}.{SHORT[CHARACTER_NAMES[kind]]}"
    return f"({tag})" if hidden else tag


def _chief(g) -> str:
    """The chief, and when it was elected: an election still ahead this round
    means the one that counts was last round's."""
    if not g.chief_elected:
        return COLOURS[g.chief]
    ahead = any(task[0] == MallOfHorror.elect_chief.__name__ for task in g.tasks)
    return f"{COLOURS[g.chief]} (elected {'last' if ahead else 'this'} round)"


def legend(g) -> list[str]:
    """What every abbreviation and mark of ``ansi`` means, in this game."""
    n = g.num_players
    kinds = [k for k in range(KINDS) if any(g.loc[s * KINDS + k] != OUT for s in range(n))]
    colours = ", ".join(f"{_colour_tag(s)} {COLOURS[s]}" for s in range(n))
    pieces = ", ".join(
        f"{SHORT[CHARACTER_NAMES[k]]} {CHARACTER_NAMES[k]} ({count(POINTS[k], 'point')})"
        for k in kinds
    )
    return [
        "1 Restroom ... 6 Supermarket: each location's number and name",
        "[2/3]: characters inside / room for (inf: no limit)",
        "zombies N: zombies in front of the location",
        "CLOSED: not used in this game; OVERRUN: overrun by zombies, closed for good",
        ">: the location the zombies attack now",
        f"ye.P: a character, its colour then its kind; colours: {colours}",
        f"kinds: {pieces}",
        "(ye.P): a character hidden this round (Hidden card)",
        "per colour: points, cards in hand, characters eaten, characters alive",
        "destination N: a destination you may see (yours, or one announced or revealed)",
        "arrival dice (secret): the arrival dice, when you may look at them",
        "last vote: voter->colour voted for (votes cast)",
        "elected this round / last round: the chief won an election (last round's counts "
        "while this round's is still ahead)",
    ]


def ansi(g, seat: int | None = None) -> str:
    see = g.visible(seat)
    who = "spectator" if seat is None else COLOURS[seat]
    lines = [
        f"{GAME.title} - round {g.round} - view of {who}",
        f"Chief of Security: {_chief(g)} | truck: {len(g.deck)} cards",
        *(_location(g, L) for L in range(len(LOCATION_NAMES))),
        *(_colour(g, s, see) for s in range(g.num_players)),
    ]
    if see.arrival_dice():
        lines.append("  arrival dice (secret): " + " ".join(str(d + 1) for d in sorted(g.dice)))
    if g.last_vote[0] >= 0:
        lines.append(_last_vote(g))
    return "\n".join(lines + _closing(g))


def _location(g, L: int) -> str:
    """Location ``L``'s line: its room, zombies, state and characters."""
    cap = "inf" if CAPACITY[L] is None else CAPACITY[L]
    state = {CLOSED: " CLOSED", OVERRUN: " OVERRUN"}.get(g.closed[L], "")
    chars = " ".join(_char(c, g.hidden[c]) for c, w in enumerate(g.loc) if w == L)
    marker = ">" if g.a_loc == L else " "
    return (
        f"{marker}{L + 1} {LOCATION_NAMES[L]:<12} [{g.loc.count(L)}/{cap}] "
        f"zombies {g.zombies[L]:>2}{state}  {chars}"
    )


def _colour(g, s: int, see) -> str:
    """Colour ``s``'s line: points, cards, characters eaten and alive, and what
    ``see`` lets the viewer know of its destination and hand."""
    mine = range(s * KINDS, (s + 1) * KINDS)
    alive = [CHARACTER_NAMES[c % KINDS] for c in mine if g.loc[c] >= 0]
    eaten = sum(1 for c in mine if g.loc[c] == EATEN)
    dest = f" | destination {g.dest[s] + 1}" if see.destination(s) else ""
    return (
        f"  {COLOURS[s]:<6} points {g.scores()[s]:>2} cards {sum(g.hands[s])} eaten {eaten} "
        f"alive: {', '.join(alive) or '-'}{dest}{_hand(g, s) if see.hand(s) else ''}"
    )


def _hand(g, s: int) -> str:
    held = [f"{CARD_NAMES[k]} x{v}" for k, v in enumerate(g.hands[s]) if v]
    return " | hand: " + (", ".join(held) or "empty")


def _last_vote(g) -> str:
    """The last vote: what for, where, and each ballot with its weight."""
    purpose, L, runoff = g.last_vote
    ballots = ", ".join(
        f"{COLOURS[s]}->{COLOURS[b]} ({g.last_weights[s]})"
        for s, b in enumerate(g.last_ballots)
        if b >= 0
    )
    return f"  last vote ({PURPOSES[purpose]} at {L + 1}{', runoff' if runoff else ''}): {ballots}"


def _closing(g) -> list[str]:
    """The game's end, else who acts now."""
    if g.terminal:
        won = (
            ", ".join(COLOURS[s] for s in g.final_winners()) or "nobody (stopped at the round cap)"
        )
        points = ", ".join(f"{COLOURS[s]} {p}" for s, p in enumerate(g.scores()))
        return [f"  GAME OVER - points: {points} - winner(s): {won}"]
    if g.decision is not None:
        return [f"  to act: {COLOURS[g.current_player]} {GAME.by_kind[g.decision].doing}"]
    return []
