"""Mall Walkers' fights: a zombie on the square is fought with a die, bullets,
weapons and combat cards, and a player with no life left is killed."""

from __future__ import annotations

from typing import ClassVar

from ...core.dice import roll
from ...core.game import mypyc_attr
from .actions import A_BULLETS, A_USE, A_WOUND
from .cards import BONUS, EFFECT, FIGHTING, HIT, IN_PLAY, KILL, KINDS, TROPHIES_TO_WIN, WEAPON
from .declaration import KIND
from .keys import Keys

SURVIVE = EFFECT.index("survive")


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses the engine
class Fights(Keys):
    """A fight with a zombie and its outcomes; a base of ``MallWalkers``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def fight_zombie(self, square: int) -> None:
        self.combat = [square, 0, 0, -1]
        self.push(("combat_roll",))

    def combat_roll(self) -> None:
        """The die, then its outcome as a step of its own (so the die is seen before a
        hit clears the fight)."""
        self.combat[1] = roll(self.rng, 6) + 1
        self.push(("combat_check",))

    def combat_check(self) -> None:
        """4 to 6 kills; below, the player spends bullets, uses a card, or loses a
        life and rolls again."""
        square, die, bonus, _ = self.combat
        if die + bonus >= HIT:
            self.kill_zombie()
            return
        self.ask_fight()

    def ask_fight(self) -> None:
        s = self.active
        _, die, bonus, weapon = self.combat
        need = HIT - die - bonus
        legal = []
        if self.bullets[s] >= need and not self.jammed[s]:
            legal.append(A_BULLETS)
        legal.append(A_WOUND)
        secret = False
        for k in FIGHTING:
            if IN_PLAY[k]:
                if self.items[s][k] and weapon < 0:
                    legal.append(A_USE + k)
            elif not self.played[s]:
                secret = True  # the hand decides: always posed
                if self.hands[s][k]:
                    legal.append(A_USE + k)
        self.ask(s, KIND.fight, sorted(legal), public=not secret)

    def on_fight(self, action: int) -> None:
        s = self.active
        _, die, bonus, _ = self.combat
        if action == A_BULLETS:
            self.bullets[s] -= HIT - die - bonus
            self.kill_zombie()
        elif action == A_WOUND:
            self.life[s] -= 1
            if self.life[s] <= 0:
                if self.items[s][SURVIVE]:
                    self.items[s][SURVIVE] -= 1
                    self.discard.append(SURVIVE)
                    self.life[s] = 1
                else:
                    self.killed(s)
                    return
            self.push(("combat_roll",))
        else:
            k = action - A_USE
            if IN_PLAY[k]:
                self.combat[3] = k
                if KILL[k]:
                    self.items[s][k] -= 1
                    self.discard.append(k)
                    self.kill_zombie()
                else:
                    self.combat[2] += BONUS[k]
                    self.combat_check()
            else:
                self.hands[s][k] -= 1
                self.played[s] = 1
                self.discard.append(k)
                self.kill_zombie()

    def kill_zombie(self) -> None:
        """The zombie becomes a trophy; 25 of them win at once."""
        s = self.active
        self.zombies[self.combat[0]] = 0
        self.combat = [-1, 0, 0, -1]
        self.trophies[s] += 1
        if self.trophies[s] >= TROPHIES_TO_WIN:
            self.win(s)

    def killed(self, s: int) -> None:
        """No life left: back to the Front Door with half the trophies (the loss
        rounded up) and no weapons in play (its items stay); it has no life until its
        next turn brings 3 life and 3 bullets (``turn``); dropped keys stay where the
        keeper fell; rescued tokens are lost.  The turn ends (assumed)."""
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        here = self.pos[s]
        if self.keeper == s:
            self.keeper, self.keys_at = -1, here
        self.rescued[s] = 0
        self.trophies[s] //= 2
        items = self.items[s]
        for k in range(KINDS):
            if WEAPON[k]:
                self.discard += [k] * items[k]
                items[k] = 0
        self.pos[s] = mall.start
        self.duct[s] = 0
        self.combat = [-1, 0, 0, -1]
        self.duel = [-1, 0, 0]
        self.moves_left = 0
        for i in range(len(self.tasks) - 1, -1, -1):  # the rest of the turn is lost
            if self.tasks[i][0] == self.end_turn.__name__:
                del self.tasks[i + 1 :]
                break
