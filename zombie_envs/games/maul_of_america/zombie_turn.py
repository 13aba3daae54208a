"""Maul of America's Zombie Controller's turn: reinforcements, Zombie cards, and
each zombie's move and attack."""

from __future__ import annotations

from typing import ClassVar

from ...core.dice import roll
from ...core.game import mypyc_attr
from .actions import A_ACT, A_ACTIVATE, A_BITE, A_CARD, A_ENTER, A_PASS, A_SQUARE, ACTIONS, END_TURN
from .attacks import Attacks
from .cards import (
    ALL_ACTIONS,
    NEXT_ACTIONS,
    NEXT_HIT,
    ROLL_NEXT_ACTIONS,
    ZOMBIE_ACTIONS,
    ZOMBIE_CAP,
    ZOMBIE_CARDS,
    ZOMBIE_HIT,
)
from .declaration import KIND
from .seats import PLAYING, ZC
from .state import count, holds


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class ZombieTurn(Attacks):
    """The Zombie Controller's turn; a base of ``MaulOfAmerica``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def zombie_turn(self) -> None:
        """One reinforcement per living Shopper (lost beyond the cap), then every
        zombie may act once."""
        self.active = ZC
        living = sum(1 for s in range(1, self.num_players) if self.status[s] == PLAYING)
        self.waiting = max(0, min(living, self.cap() - len(self.zombies)))
        self.zdone = [0] * len(self.zombies)
        self.z_all = self.z_next_actions = self.z_next_hit = 0
        self.push(("command",))

    def cap(self) -> int:
        """25 zombies, one more per Shopper turned (MOA-126, MOA-160)."""
        return ZOMBIE_CAP + self.dead

    def room_for_zombies(self) -> bool:
        return len(self.zombies) < self.cap()

    def command(self) -> None:
        self.ask(ZC, KIND.command, self.command_options())

    def command_options(self) -> list[int]:
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        zombies, zdone = self.zombies, self.zdone
        ready = sorted([zombies[i] for i in range(len(zombies)) if not zdone[i]])
        legal = [A_ACTIVATE + v for k, v in enumerate(ready) if k == 0 or ready[k - 1] != v]
        if self.waiting:
            budget = ZOMBIE_ACTIONS + self.z_all + self.z_next_actions - 1
            for e in maul.exits:
                if not self.shopper_on(e) and (
                    not holds(zombies, e) or self.zombie_moves(e, budget)[0]
                ):
                    legal.append(A_ENTER + e)
        hand = self.hands[ZC]
        legal += [A_CARD + k for k in ZOMBIE_CARDS if hand[k]]
        legal.append(A_ACT + END_TURN)
        return legal

    def on_command(self, action: int) -> None:
        block = ACTIONS.block_of[action]
        if block == "card":
            self.play_zombie_card(action - A_CARD)
            self.push(("command",))
        elif block == "act":
            self.waiting = 0  # reinforcements not brought in are lost
            self.zc_bonus = 0
            self.push(("next_turn", ZC))
        else:
            entering = block == "enter"
            square = action - (A_ENTER if entering else A_ACTIVATE)
            if entering:
                self.waiting -= 1
                self.add_zombie(square, done=1)
            else:
                zombies, zdone = self.zombies, self.zdone
                i = next(i for i in range(len(zombies)) if zombies[i] == square and not zdone[i])
                self.zdone[i] = 1
            self.z_square = square
            self.z_budget = ZOMBIE_ACTIONS + self.z_all + self.z_next_actions - entering
            self.z_hit = self.z_next_hit or ZOMBIE_HIT
            self.z_next_actions = self.z_next_hit = 0
            self.push(("move_zombie",), ("command",))

    def play_zombie_card(self, card: int) -> None:
        self.hands[ZC][card] -= 1
        self.zdiscard.append(card)
        self.z_all += ALL_ACTIONS[card]
        self.z_next_actions += NEXT_ACTIONS[card]
        if ROLL_NEXT_ACTIONS[card]:
            self.z_next_actions += roll(self.rng, 6) + 1
        if NEXT_HIT[card]:
            self.z_next_hit = min(self.z_next_hit or ZOMBIE_HIT, NEXT_HIT[card])

    def zombie_stops(self, v: int, budget: int) -> dict[int, int]:
        """Where a zombie on ``v`` may end its move, at what cost: never into a
        Shopper's square, through other zombies but not stopping on them."""
        squares, costs = self.zombie_moves(v, budget)
        return dict(zip(squares, costs, strict=True))

    def zombie_moves(self, v: int, budget: int) -> tuple[list[int], list[int]]:
        """``zombie_stops`` as the squares and their costs in two lists (``WallGrid.
        moves``), as the rules read it.  The last answer is kept with what it depends
        on (the move is asked for its choices, then for the cost of the one taken),
        so callers read it, never change it."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        key = self._stops[0]  # compared in place: no key built but on a change
        if not (
            len(key) == 5
            and key[0] == v
            and key[1] == budget
            and key[2] == self.pos
            and key[3] == self.status
            and key[4] == self.zombies
        ):
            shoppers = self.playing_squares()
            moves = maul.moves(v, budget, shoppers, shoppers + self.zombies)
            key = (v, budget, self.pos[:], self.status[:], self.zombies[:])
            self._stops = (key, moves)
        return self._stops[1]

    def move_zombie(self) -> None:
        """The zombie's whole move as one decision: any square within its actions
        (or staying put, unless it shares the square)."""
        v = self.z_square
        legal = [A_SQUARE + w for w in self.zombie_moves(v, self.z_budget)[0]]
        if count(self.zombies, v) == 1:
            legal.append(A_SQUARE + v)
        if legal:
            self.ask(ZC, KIND.destination, sorted(legal), public=True)

    def on_destination(self, action: int) -> None:
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        v, w = self.z_square, action - A_SQUARE
        if w != v:
            squares, costs = self.zombie_moves(v, self.z_budget)
            cost = costs[squares.index(w)]
            # the moving zombie is marked done: a zombie sharing its square may not be
            moving = next(i for i, u in enumerate(self.zombies) if u == v and self.zdone[i])
            self.zombies[moving] = w
            self.z_budget -= cost
            self.z_square = w
        if self.z_budget >= 1:  # an attack is the zombie's last action
            near = maul.touches[w]
            prey = [
                s
                for s in range(1, self.num_players)
                if self.status[s] == PLAYING and self.pos[s] in near
            ]
            if prey:
                legal = [A_BITE + (s - ZC) - 1 for s in prey] + [A_PASS]
                self.ask(ZC, KIND.bite, legal, public=True)

    def on_bite(self, action: int) -> None:
        if action == A_PASS:
            return
        s = action - A_BITE + 1
        if roll(self.rng, 6) + 1 >= self.z_hit:
            self.push(("bitten", s))
