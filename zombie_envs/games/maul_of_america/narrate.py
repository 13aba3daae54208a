"""Maul of America in words, for text seats: the round and whose turn it is, what
each rule step did, and the choices, squares keyed by their row and column
(``r12c3``).

Every line reads secrets through ``observe.Visible`` only: a hand's cards are
named only to its holder (its size, and every card played, are public).
"""

from __future__ import annotations

from collections import Counter
from itertools import count as count_up

from ...core.narration import Choice, Narrator, count, faces, letters
from .actions import A_ACT, A_BITE, A_CARD, A_PASS, A_PROPOSE, A_SQUARE, A_YES, ACTIONS, SEARCH
from .cards import AMMO, HAND_NAMES, SEARCH_NAMES
from .choices import CHOICES
from .declaration import GAME, KIND
from .engine import MaulOfAmerica
from .seats import ESCAPED, ZC
from .text import legend


def _found(before: list, after: list) -> list[int]:
    """The kinds of the items in ``after`` but not in ``before``, once a copy."""
    gained = [k for k, _ in after]
    for k, _ in before:
        if k in gained:
            gained.remove(k)
    return gained


def _discarded(b, a, s: int) -> list[str]:
    """The equipment Shopper ``s`` put on the discard pile between ``b`` and ``a``
    (a weapon only once it is empty, a Medkit or an Ammo card once used)."""
    pile = Counter(a.search_discard) - Counter(b.search_discard)
    lost = Counter(k for k, _ in b.items[s]) - Counter(k for k, _ in a.items[s])
    return [
        ("the empty " if AMMO[k] else "the ") + SEARCH_NAMES[k]
        for k in sorted((lost & pile).elements())
    ]


class MaulNarrator(Narrator, engine=MaulOfAmerica, by_block=CHOICES):
    def name(self, g, seat: int) -> str:
        return "the Zombie Controller" if seat == ZC else f"Shopper {seat}"

    def legend(self, g) -> list[str]:
        return legend(g)

    # ----- where the game is -------------------------------------------------------
    def phase(self, g, viewer) -> str:
        if g.terminal:
            return f"Round {g.round}: the game is over"
        deciding = f"{self.named(g, g.current_player, viewer)} {GAME.by_kind[g.decision].doing}"
        if g.maul is None or len(g.plan) < 4:
            return f"Setup: building the Maul, {len(g.plan)} of 4 sections placed; {deciding}"
        if g.round == 0:
            return f"Setup: {deciding}"
        whose = "your" if g.active == viewer else f"{self.name(g, g.active)}'s"
        rounds = f"Round {g.round} of {g.options['max_rounds']}, {whose} turn"
        if g.active == ZC:
            rounds += f": {count(len(g.zombies), 'zombie')}, {g.waiting} to bring in"
        else:
            rounds += f": {count(g.actions, 'action')} left of a roll of {g.roll}"
        plain = g.current_player == g.active and g.decision in (KIND.act, KIND.command)
        return rounds if plain else f"{rounds}; {deciding}"

    # ----- choices ---------------------------------------------------------------------
    def choices(self, g) -> list[Choice]:
        """Each legal action named as the table says it, on the place of the board
        that picks it (``picture``'s keys): a square by its name (``r12c3``), a
        step by its compass word (``n``, ``ne``), the rest by letters."""
        lettered = map(letters, count_up())
        out = []
        for a in g.legal:
            block, offset = ACTIONS.locate(a)
            key, text, names, detail, place, preview = self.by_block[block.name](g, offset)
            out.append(Choice(a, key or next(lettered), text, names, detail, place, preview))
        return out

    # ----- what happened ----------------------------------------------------------------
    def decision(self, g, action: int, viewer) -> list[str]:
        """The choices whose effect the board does not show: a card played, an
        attack aimed, a search, a trade offered and answered, a zombie's attack."""
        who, kind = self.who(g, g.current_player, viewer), g.decision
        if A_CARD <= action < A_CARD + len(HAND_NAMES):
            return [f"{who} played {HAND_NAMES[action - A_CARD]}"]
        if kind == KIND.target:
            weapon = "bare hands" if g.shot < 0 else f"the {SEARCH_NAMES[g.shot]}"
            return [f"{who} attacked {g.maul.name(action - A_SQUARE)} with {weapon}"]
        if action == A_ACT + SEARCH and kind == KIND.act:
            return [f"{who} searched {g.maul.name(g.pos[g.active])}"]
        if kind == KIND.dodge:
            return [f"{who} played Dodge" if action == A_YES else f"{who} took the wound"]
        if kind == KIND.accept:
            return [f"{who} {'accepted' if action == A_YES else 'refused'} the trade"]
        if action == A_PROPOSE:
            partner, give, take = g.trade
            gives = ", ".join(SEARCH_NAMES[k] for k in give) or "nothing"
            takes = ", ".join(SEARCH_NAMES[k] for k in take) or "nothing"
            named = self.who(g, partner, viewer)
            return [f"{who} offered {named} a trade: {gives} for {takes}"]
        if kind == KIND.bite and action != A_PASS:
            prey = self.who(g, action - A_BITE + 1, viewer)
            return [f"The zombie on {g.maul.label(g.z_square)} attacked {prey}"]
        return []  # the rest is told by what it changed

    def told_on_bite(self, b, a, viewer, action: int) -> list[str]:
        """A zombie's attack hits (the Shopper may still dodge) or misses."""
        if action == A_PASS:
            return self.changed(b, a, viewer)
        hit = bool(a.tasks) and a.tasks[-1][0] == MaulOfAmerica.bitten.__name__
        return ["It hit" if hit else "It missed", *self.changed(b, a, viewer)]

    def told_on_target(self, b, a, viewer, action: int) -> list[str]:
        """An attack that killed no zombie missed."""
        missed = [] if len(a.zombies) < len(b.zombies) else ["It missed"]
        return missed + self.changed(b, a, viewer)

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
            wounds = a.wounds[a.active]
            less = f", less {count(wounds, 'wound')}" if wounds else ""
            lines.append(
                f"{self.who(a, a.active, viewer)} rolled {faces(a.rolled)}: {a.roll}{less}, "
                f"{count(a.actions, 'action')}"
            )
        return lines

    def shopper(self, b, a, s: int, viewer) -> list[str]:
        """Shopper ``s``'s wounds, fate, search finds and equipment discarded."""
        lines = []
        who = self.who(a, s, viewer)
        if a.wounds[s] > b.wounds[s] and a.status[s] == b.status[s]:
            lines.append(f"{self.was(a, s, viewer)} wounded: {a.wounds[s]} of 3")
        elif a.wounds[s] < b.wounds[s]:
            lines.append(f"{who} healed to {count(a.wounds[s], 'wound')}")
        if a.status[s] != b.status[s]:
            fate = "escaped from the Maul" if a.status[s] == ESCAPED else "killed: now a zombie"
            return [*lines, f"{who} {fate}"]  # what it held goes with it, untold
        gained = _found(b.items[s], a.items[s])
        if gained:
            lines.append(f"{who} got " + ", ".join(SEARCH_NAMES[k] for k in gained))
        thrown = _discarded(b, a, s)
        if thrown:
            lines.append(f"{who} discarded " + ", ".join(thrown))
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
