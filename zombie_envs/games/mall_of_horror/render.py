"""Text and picture views of a Mall of Horror game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator,
who sees only public information).  Both views read visibility from the same
rules as the observation: hands, dice and secret choices appear only for the
seat allowed to see them.
"""

from __future__ import annotations

from .data import CAPACITY, CARD_NAMES, CHARACTER_NAMES, COLOURS, KINDS, LOCATION_NAMES
from .engine import CLOSED, EATEN, OVERRUN, PURPOSES

_SHORT = {"Pin-Up": "P", "Tough Guy": "T", "Gunman": "G", "Little Girl": "g"}


def _char(c: int, hidden: bool) -> str:
    seat, kind = divmod(c, KINDS)
    tag = f"{COLOURS[seat][:2]}.{_SHORT[CHARACTER_NAMES[kind]]}"
    return f"({tag})" if hidden else tag


def ansi(g, seat: int | None = None) -> str:
    n = g.num_players
    who = "spectator" if seat is None else f"player_{seat} ({COLOURS[seat]})"
    lines = [f"Mall of Horror - round {g.round} - view of {who}"]
    lines.append(
        f"Chief of Security: {COLOURS[g.chief]}"
        + (" (elected this round)" if g.chief_elected else "")
        + f" | truck: {len(g.deck)} cards"
    )
    for L, name in enumerate(LOCATION_NAMES):
        cap = "inf" if CAPACITY[L] is None else CAPACITY[L]
        state = {CLOSED: " CLOSED", OVERRUN: " OVERRUN"}.get(g.closed[L], "")
        chars = " ".join(_char(c, g.hidden[c]) for c, w in enumerate(g.loc) if w == L)
        marker = ">" if g.a_loc == L else " "
        lines.append(
            f"{marker}{L + 1} {name:<12} [{g.loc.count(L)}/{cap}] zombies {g.zombies[L]:>2}"
            f"{state}  {chars}"
        )
    for s in range(n):
        alive = [CHARACTER_NAMES[c % KINDS] for c in range(s * KINDS, (s + 1) * KINDS)
                 if g.loc[c] >= 0]
        eaten = sum(1 for c in range(s * KINDS, (s + 1) * KINDS) if g.loc[c] == EATEN)
        cards = sum(g.hands[s])
        mine = ""
        if seat == s:
            held = [f"{CARD_NAMES[k]} x{v}" for k, v in enumerate(g.hands[s]) if v]
            mine = " | hand: " + (", ".join(held) or "empty")
        dest = ""
        if g.dest[s] >= 0 and (g.dest_public[s] or seat == s):
            dest = f" | destination {g.dest[s] + 1}"
        lines.append(
            f"  {COLOURS[s]:<6} points {g.scores()[s]:>2} cards {cards} eaten {eaten} "
            f"alive: {', '.join(alive) or '-'}{dest}{mine}"
        )
    if seat is not None and g.dice[0] >= 0 and g.dice_seen[seat]:
        lines.append("  arrival dice (secret): " + " ".join(str(d + 1) for d in sorted(g.dice)))
    if g.last_vote[0] >= 0:
        purpose, L, runoff = g.last_vote
        ballots = ", ".join(
            f"{COLOURS[s]}->{COLOURS[b]} ({g.last_weights[s]})"
            for s, b in enumerate(g.last_ballots) if b >= 0
        )
        lines.append(
            f"  last vote ({PURPOSES[purpose]} at {L + 1}{', runoff' if runoff else ''}): {ballots}"
        )
    if g.terminal:
        won = ", ".join(COLOURS[s] for s in g.winners())
        lines.append(f"  GAME OVER - scores {g.scores()} - winner(s): {won}")
    elif g.decision is not None:
        lines.append(f"  to act: {COLOURS[g.current_player]} ({g.decision})")
    return "\n".join(lines)


def rgb(g):
    from .picture import draw

    return draw(g)
