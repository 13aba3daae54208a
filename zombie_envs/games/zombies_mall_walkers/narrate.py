"""Mall Walkers in words, for text seats: the round and whose turn it is, the tile
drawn and where it went, fights and their rolls, moves, zombie moves, cards drawn,
played and discarded, deaths, the keys and the end; squares named by their global
row and column, ``(-4,2)``, as actions and the text map name them.

Every line reads secrets through ``observe.Visible`` only: a hand's cards are named
only to its holder (its size, the discard pile and every card in play are public).
"""

from __future__ import annotations

from ...core.narration import Narrator, count
from .cards import HIT, NAMES, START_BULLETS, START_LIFE
from .declaration import KIND
from .engine import MallWalkers
from .mall import CELLS
from .mall import NAMES as TILE_NAMES
from .text import legend, result


def _cards(kinds) -> str:
    return ", ".join(NAMES[k] for k in kinds)


def _gained(before: list[int], after: list[int]) -> list[int]:
    """Kinds counted more often in ``after`` than in ``before`` (counts by kind), once a copy."""
    return [k for k, (b, a) in enumerate(zip(before, after, strict=True)) for _ in range(a - b)]


def _pile(cards: list[int]) -> list[int]:
    return [cards.count(k) for k in range(len(NAMES))]


class MallWalkersNarrator(Narrator, engine=MallWalkers):
    def opening(self, g, seat: int, viewer) -> str:
        """``Your`` or ``player_2's``, to open a line."""
        return "Your" if seat == viewer else f"{self.name(g, seat)}'s"

    def legend(self, g) -> list[str]:
        return legend(g)

    # ----- where the game is ----------------------------------------------------------
    def phase(self, g, viewer) -> str:
        rounds = f"Round {g.round} of {g.options['max_rounds']}"
        if g.terminal:
            return f"{rounds}: the game is over, {result(g)}"
        head = f"{rounds}, {self.whose(g, g.active, viewer)} turn"
        if g.decision == KIND.place_tile:
            return f"{head}: placing the {TILE_NAMES[g.drawn]}"
        if g.decision == KIND.fight:
            square, die, bonus, _ = g.combat
            plus = f" + {bonus}" if bonus else ""
            return f"{head}: fighting the zombie at {g.mall.name(square)}, rolled {die}{plus}"
        if g.decision == KIND.move:
            return f"{head}: {count(g.moves_left, 'move')} left"
        if g.decision == KIND.move_zombies:
            return f"{head}: {count(g.zombie_moves, 'zombie')} to move"
        if g.decision == KIND.duel:
            challenger, mine, theirs = g.duel
            return (
                f"{head}: a duel for the keys, {self.name(g, challenger)} {mine} against "
                f"{self.name(g, g.keeper)} {theirs}"
            )
        return head

    # ----- what happened --------------------------------------------------------------
    def changed(self, b, a, viewer, fate=None) -> list[str]:
        """``fate``: what a task tells of a seat instead of its changes, where it
        tells something (``killed``, ``came_back``)."""
        lines = []
        if a.round != b.round:
            lines.append(f"Round {a.round} of {a.options['max_rounds']} begins")
        lines += self.tiles(b, a, self.who(a, a.active, viewer))
        for s in range(a.num_players):
            lines += (fate and fate(b, a, s, viewer)) or self.seat(b, a, s, viewer)
        lines += self.zombies(b, a)
        lines += self.cards(b, a, viewer)
        if a.keeper != b.keeper and a.keeper >= 0:
            lines.append(f"{self.who(a, a.keeper, viewer)} took the keys")
        if a.keys_at >= 0 > b.keys_at:
            lines.append(f"The keys lie at {a.mall.name(a.keys_at)}")
        if a.terminal and not b.terminal:
            lines.append(f"The game is over: {result(a)}")
        return lines

    def told_turn(self, b, a, viewer, seat: int) -> list[str]:
        opening = f"{self.opening(a, a.active, viewer)} turn begins"
        return [opening, *self.changed(b, a, viewer, self.came_back)]

    def came_back(self, b, a, s: int, viewer) -> list[str]:
        """A seat without life at its turn's start: it comes back."""
        if b.life[s]:
            return []
        who = self.who(a, s, viewer)
        return [f"{who} came back with {a.life[s]} life and {count(a.bullets[s], 'bullet')}"]

    def told_on_fight(self, b, a, viewer, action: int) -> list[str]:
        return self.changed(b, a, viewer, self.killed)

    def killed(self, b, a, s: int, viewer) -> list[str]:
        """A seat that lost its last life fighting: back at the start, for its next turn."""
        if not b.life[s] or a.life[s]:
            return []
        return [
            f"{self.was(a, s, viewer)} killed: back at the Front Door with "
            f"{count(a.trophies[s], 'zombie')} killed, {START_LIFE} life and "
            f"{count(START_BULLETS, 'bullet')} at the next turn"
        ]

    def told_combat_roll(self, b, a, viewer) -> list[str]:
        who = self.who(a, a.active, viewer)
        square, die, bonus, _ = a.combat
        if square < 0:  # a hit kills at once, and the fight (its die with it) is over
            rolled = f"{who} rolled a hit against the zombie at {b.mall.name(b.combat[0])}"
        else:
            plus = f" + {bonus}" if bonus else ""
            rolled = (
                f"{who} rolled {die}{plus} against the zombie at {a.mall.name(square)}: "
                f"a miss ({HIT} or more kills)"
            )
        return [rolled, *self.changed(b, a, viewer)]

    def told_roll_move(self, b, a, viewer) -> list[str]:
        rolled = f"{self.who(a, a.active, viewer)} rolled to move: {count(a.moves_left, 'move')}"
        return [rolled, *self.changed(b, a, viewer)]

    def told_zombie_phase(self, b, a, viewer) -> list[str]:
        who, zombies = self.who(a, a.active, viewer), count(a.zombie_moves, "zombie")
        if a.sprinkler:
            rolled = f"The sprinklers stir: {who} moves {zombies} without a roll"
        else:
            rolled = f"{who} rolled: {zombies} to move"
        return [rolled, *self.changed(b, a, viewer)]

    def told_on_challenge(self, b, a, viewer, action: int) -> list[str]:
        lines = []
        challenger, mine, theirs = a.duel
        if challenger >= 0:
            lines.append(
                f"{self.who(a, challenger, viewer)} challenged {self.name(a, a.keeper)} for the "
                f"keys: {mine} against {theirs}"
            )
        return lines + self.changed(b, a, viewer)

    def told_on_duel(self, b, a, viewer, action: int) -> list[str]:
        challenger, mine, theirs = a.duel
        stands = [f"The duel stands at {mine} against {theirs}"] if challenger >= 0 else []
        return stands + self.changed(b, a, viewer)

    def told_on_start_move(self, b, a, viewer, action: int) -> list[str]:
        """Starting a move changes the pawn only, where it crawls through a duct."""
        s = a.active
        if a.pos[s] == b.pos[s]:
            return []
        return [f"{self.who(a, s, viewer)} crawled through the air duct to {a.mall.name(a.pos[s])}"]

    def told_on_move_zombies(self, b, a, viewer, action: int) -> list[str]:
        """The decision names the zombie moved, all that it changes."""
        return []

    def told_on_discard(self, b, a, viewer, action: int) -> list[str]:
        """The decision names the card discarded, all that it changes."""
        return []

    def told_on_pick(self, b, a, viewer, action: int) -> list[str]:
        """The decision names the card picked into the hand; the card played goes to
        the discard pile."""
        return self.thrown(b, a)

    def told_draw_cards(self, b, a, viewer, seat: int) -> list[str]:
        lines = self.changed(b, a, viewer)
        if len(a.discard) < len(b.discard):
            lines.append("The discard pile was shuffled into a new event deck")
        return lines

    def tiles(self, b, a, who: str) -> list[str]:
        lines = []
        if a.drawn >= 0 and a.drawn != b.drawn:
            lines.append(f"{who} drew the {TILE_NAMES[a.drawn]}")
        for k in range(len(b.tiles), len(a.tiles)):
            kind, row, col, turns, floor = a.tiles[k]
            if b.drawn < 0:
                lines.append(f"{who} drew the {TILE_NAMES[kind]}")
            turn = f" turned {90 * turns}" if turns else ""
            squares = range(CELLS * k, CELLS * k + CELLS)
            on = [
                count(sum(field[i] for i in squares), thing)
                for field, thing in (
                    (a.zombies, "zombie"),
                    (a.life_tokens, "life token"),
                    (a.bullet_tokens, "bullet token"),
                    (a.rescue_tokens, "rescue token"),
                )
                if any(field[i] for i in squares)
            ]
            lines.append(
                f"The {TILE_NAMES[kind]} was placed at ({row},{col}){turn}, floor {floor}"
                + (f", with {', '.join(on)}" if on else "")
            )
        for kind in a.lost_tiles[len(b.lost_tiles) :]:
            lines.append(f"The {TILE_NAMES[kind]} fits nowhere: discarded")
        return lines

    def seat(self, b, a, s: int, viewer) -> list[str]:
        """What changed for seat ``s``: its pawn, life, bullets, kills, cards in play."""
        lines = []
        who = self.who(a, s, viewer)
        if a.pos[s] != b.pos[s]:
            lines.append(f"{who} moved to {a.mall.name(a.pos[s])}")
        if a.trophies[s] > b.trophies[s]:
            lines.append(
                f"{who} killed the zombie at {a.mall.name(b.combat[0])}: "
                f"{count(a.trophies[s], 'zombie')} killed"
            )
        if a.life[s] > b.life[s]:
            lines.append(f"{who} gained {a.life[s] - b.life[s]} life: {a.life[s]} now")
        elif a.life[s] < b.life[s]:
            lines.append(f"{who} lost a life: {a.life[s]} left")
        if a.bullets[s] > b.bullets[s]:
            lines.append(
                f"{who} got {count(a.bullets[s] - b.bullets[s], 'bullet')}: {a.bullets[s]} now"
            )
        elif a.bullets[s] < b.bullets[s]:
            lines.append(
                f"{who} lost {count(b.bullets[s] - a.bullets[s], 'bullet')}: {a.bullets[s]} left"
            )
        if a.rescued[s] > b.rescued[s]:
            lines.append(f"{who} rescued {a.rescued[s] - b.rescued[s]}: {a.rescued[s]} in all")
        put = _gained(b.items[s], a.items[s])
        if put:
            lines.append(f"{who} put {_cards(put)} in play")
        gone = _gained(a.items[s], b.items[s])
        if gone:
            lines.append(f"{self.opening(a, s, viewer)} {_cards(gone)} left play")
        return lines

    def zombies(self, b, a) -> list[str]:
        """Zombies that moved, appeared or were cleared (a killed one is told by its fight)."""
        gone = [i for i in b.mall.squares if b.zombies[i] and not a.zombies[i]]
        came = [i for i in a.mall.squares if a.zombies[i] and not b.zombies[i]]
        if b.combat[0] in gone and a.combat[0] < 0:
            gone.remove(b.combat[0])
        came = [i for i in came if i // CELLS < len(b.tiles)]  # a new tile's are told with it
        if len(gone) == len(came) == 1:
            return [f"A zombie moved from {a.mall.name(gone[0])} to {a.mall.name(came[0])}"]
        lines = []
        if gone:
            lines.append(
                f"{count(len(gone), 'zombie')} cleared: " + ", ".join(map(a.mall.name, gone))
            )
        if came:
            lines.append(
                f"{count(len(came), 'zombie')} appeared: " + ", ".join(map(a.mall.name, came))
            )
        return lines

    def cards(self, b, a, viewer) -> list[str]:
        """Cards drawn (named to their holder only) and discarded."""
        drawn = (self.drew(b, a, viewer, s, NAMES) for s in range(a.num_players))
        return [line for line in drawn if line] + self.thrown(b, a)

    def thrown(self, b, a) -> list[str]:
        thrown = _gained(_pile(b.discard), _pile(a.discard))
        return [f"To the discard pile: {_cards(thrown)}"] if thrown else []


NARRATOR = MallWalkersNarrator()
