"""Maul of America in words, for text seats: the round and whose turn it is, what
each rule step did, and the choices, squares keyed by their row and column
(``r12c3``).

Every line reads secrets through ``observe.Visible`` only: a hand's cards are
named only to its holder (its size, and every card played, are public).
"""

from __future__ import annotations

from ...core.narration import Choice, Narrator, count, letters
from .actions import A_ACTIVATE, A_CARD, A_ENTER, A_SQUARE
from .cards import HAND_NAMES, SEARCH_NAMES
from .declaration import KIND
from .engine import MaulOfAmerica
from .seats import ESCAPED, ZC
from .text import legend

#: the blocks whose actions name a square, and where each block starts
_SQUARE_BLOCKS = ((A_SQUARE, KIND.start), (A_ACTIVATE, None), (A_ENTER, None))


def _found(before: list, after: list) -> list[int]:
    """The kinds of the items in ``after`` but not in ``before``, once a copy."""
    gained = [k for k, _ in after]
    for k, _ in before:
        if k in gained:
            gained.remove(k)
    return gained


class MaulNarrator(Narrator, engine=MaulOfAmerica):
    def name(self, g, seat: int) -> str:
        return "the Zombie Controller" if seat == ZC else f"Shopper {seat}"

    def legend(self, g) -> list[str]:
        return legend(g)

    # ----- where the game is -------------------------------------------------------
    def phase(self, g, viewer) -> str:
        if g.terminal:
            return f"Round {g.round}: the game is over"
        if g.maul is None or len(g.plan) < 4:
            return f"Setup: building the Maul, {len(g.plan)} of 4 sections placed"
        if g.round == 0:
            return "Setup: Shoppers' starting squares and the first zombies"
        whose = "your" if g.active == viewer else f"{self.name(g, g.active)}'s"
        rounds = f"Round {g.round} of {g.options['max_rounds']}, {whose} turn"
        if g.active == ZC:
            return f"{rounds}: {count(len(g.zombies), 'zombie')}, {g.waiting} to bring in"
        return f"{rounds}: {count(g.actions, 'action')} left of a roll of {g.roll}"

    # ----- choices ---------------------------------------------------------------------
    def choices(self, g) -> list[Choice]:
        """Squares keyed by their row and column where a decision has one square per
        action; everything else (and the ZC's command, which mixes zombies, exits
        and cards) by letters."""
        out, lettered = [], 0
        by_square = g.decision in (
            KIND.start, KIND.place_zombie, KIND.target, KIND.designate, KIND.destination,
            KIND.spawn,
        )  # fmt: skip
        for a in g.legal:
            name = g.action_name(a)
            if by_square:
                r, c = g.maul.rc[a - A_SQUARE]
                out.append(Choice(a, f"r{r}c{c}", name, (g.maul.label(a - A_SQUARE),)))
                continue
            out.append(Choice(a, letters(lettered), name))
            lettered += 1
        return out

    # ----- what happened ----------------------------------------------------------------
    def decision(self, g, action: int, viewer) -> list[str]:
        who = self.who(g, g.current_player, viewer)
        if A_CARD <= action < A_CARD + len(HAND_NAMES):
            return [f"{who} played {HAND_NAMES[action - A_CARD]}"]
        return []  # the rest is told by what it changed

    def changed(self, b, a, viewer) -> list[str]:
        lines = self.turn(b, a, viewer)
        for s in a.shoppers():
            old, new = b.pos[s], a.pos[s]
            if new >= 0 and old != new:
                where = f"from {a.maul.label(old)} " if old >= 0 else ""
                lines.append(f"{self.who(a, s, viewer)} moved {where}to {a.maul.label(new)}")
        lines += self.zombies(b, a)
        for s in a.shoppers():
            lines += self.shopper(b, a, s, viewer)
        lines += self.cards(b, a, viewer)
        if a.exit >= 0 > b.exit:
            lines.append(f"The Zombie Controller designated the exit: {a.maul.exit_name(a.exit)}")
        if a.terminal and not b.terminal:
            won = a.winners()
            lines.append(f"The game is over: {self.named(a, won[0], viewer)} wins")
        return lines

    def turn(self, b, a, viewer) -> list[str]:
        """A new round, a map section placed, a Shopper's roll."""
        lines = []
        if a.round != b.round and a.round:
            lines.append(f"Round {a.round} of {a.options['max_rounds']} begins")
        if b.maul is None and a.maul is not None or len(a.plan) > len(b.plan):
            lines.append(f"A map section was placed: {len(a.plan)} of 4")
        if a.roll and (a.active != b.active or a.roll != b.roll) and a.active != ZC:
            lines.append(
                f"{self.who(a, a.active, viewer)} rolled {a.roll}: {count(a.actions, 'action')}"
            )
        return lines

    def shopper(self, b, a, s: int, viewer) -> list[str]:
        """Shopper ``s``'s wounds, fate and search finds."""
        lines = []
        who = self.who(a, s, viewer)
        if a.wounds[s] > b.wounds[s] and a.status[s] == b.status[s]:
            lines.append(f"{self.was(a, s, viewer)} wounded: {a.wounds[s]} of 3")
        elif a.wounds[s] < b.wounds[s]:
            lines.append(f"{who} healed to {count(a.wounds[s], 'wound')}")
        if a.status[s] != b.status[s]:
            fate = "escaped from the Maul" if a.status[s] == ESCAPED else "killed: now a zombie"
            lines.append(f"{who} {fate}")
        gained = _found(b.items[s], a.items[s])
        if gained and a.status[s] == b.status[s]:
            lines.append(f"{who} got " + ", ".join(SEARCH_NAMES[k] for k in gained))
        return lines

    def zombies(self, b, a) -> list[str]:
        """Zombies that moved, arrived or fell, from the change in the squares they hold."""
        before, after = list(b.zombies), list(a.zombies)
        for v in list(after):
            if v in before:
                before.remove(v)
                after.remove(v)
        lines = []
        if len(before) == len(after) == 1:
            return [f"A zombie moved from {a.maul.label(before[0])} to {a.maul.label(after[0])}"]
        lines += [f"A zombie fell at {a.maul.label(v)}" for v in before]
        lines += [f"A zombie appeared at {a.maul.label(v)}" for v in after]
        return lines

    def cards(self, b, a, viewer) -> list[str]:
        """Cards drawn, named to their holder only (a dead Shopper's discarded hand
        is told by its death)."""
        drawn = (
            self.drew(b, a, viewer, s, HAND_NAMES)
            for s in range(a.num_players)
            if a.status[s] == b.status[s]
        )
        return [line for line in drawn if line]


NARRATOR = MaulNarrator()
