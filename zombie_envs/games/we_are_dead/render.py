"""Text and picture views of a We Are Dead game.

``ansi(game, seat)`` shows what ``seat`` may see (``seat=None``: a spectator,
who sees only public information): unflipped shopper tokens show as ``?``,
hands and face-down heroes only to their owner.
"""

from __future__ import annotations

from .data import CARD_NAMES, HERO_NAMES, NUM_ATTACK


def ansi(g, seat: int | None = None) -> str:
    n = g.num_players
    marks = {}
    for v, value in enumerate(g.token):
        if value:
            marks[v] = "?"
    if g.a_node >= 0:
        marks[g.a_node] = str(g.a_value)
    for v in g.h_targets:
        marks[v] = str(g.token[v])
    for v in g.hordes:
        marks[v] = "Z"
    for s in range(n):
        marks[g.pos[s]] = str(s) if s < 10 else "P"
    who = "spectator" if seat is None else f"player_{seat}"
    lines = [
        f"We Are Dead ({g.options['board']}) - turn {g.turn} - view of {who} - "
        f"goal {g.goal} - horde {g.horde_score} points, {len(g.hordes)} token(s)",
        g.board.ascii(marks),
    ]
    for s in range(n):
        held = sum(g.hands[s])
        hand = ""
        if seat == s:
            cards = [f"{CARD_NAMES[k]} x{c}" for k, c in enumerate(g.hands[s]) if c]
            hand = " | hand: " + (", ".join(cards) or "empty")
            if g.facedown[s] >= 0:
                hand += f" | face down: {HERO_NAMES[g.facedown[s] - NUM_ATTACK]}"
        elif g.facedown[s] >= 0:
            hand = " | a hero face down"
        turn = " (active)" if s == g.active else ""
        lines.append(
            f"  player_{s}{turn}: {g.score[s]} points, damage {g.damage[s]}, "
            f"infection {g.infection[s]}, {held} cards at {g.board.label(g.pos[s])}{hand}"
        )
    if g.main_kind >= 0:
        lines.append(
            f"  fighting {HERO_NAMES[g.main_kind - NUM_ATTACK]} of player_{g.main_seat}: "
            f"toughness {g.toughness}, attack so far {g.fight_total}"
        )
    if g.a_node >= 0:
        lines.append(f"  attacking a group of {g.a_value} shoppers, {g.slain} slain")
    if g.terminal:
        won = g.winners()
        who_won = ", ".join(f"player_{s}" for s in won) if won else "the horde"
        lines.append(f"  GAME OVER - scores {g.score} - winner(s): {who_won}")
    elif g.decision is not None:
        lines.append(f"  to act: player_{g.current_player} ({g.decision})")
    return "\n".join(lines)


def rgb(g):
    raise NotImplementedError
