"""Mall Walkers' Keys scenario: who gets the keys at the start, and the duels for
them when a player and the keeper share a square."""

from __future__ import annotations

from typing import ClassVar

from ...core.dice import roll
from ...core.game import mypyc_attr
from .actions import A_CHALLENGE, A_DUEL, DUEL_BULLET, DUEL_GIVE_UP, DUEL_LIFE
from .declaration import KIND
from .state import MallState


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses the engine
class Keys(MallState):
    """The keys' first keeper and the duels for them; a base of ``MallWalkers``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def roll_for_keys(self) -> None:
        """Everyone rolls a die once more; the highest gets the keys and goes first
        (ties roll again among themselves, assumed)."""
        contenders = list(range(self.num_players))
        while len(contenders) > 1:
            rolls = [roll(self.rng, 6) for _ in contenders]
            best = max(rolls)
            contenders = [s for s, r in zip(contenders, rolls, strict=True) if r == best]
        self.keeper = self.first = contenders[0]
        self.keys_first = 1

    def challenge_here(self) -> None:
        """On the keeper's square, the active player may try to take the keys (once
        a turn, assumed): at the start of its turn or entering that square."""
        if not self.dueled:
            self.offer_keys(self.active)

    def meet_keeper(self) -> None:
        """Entering a square: "if a player is on the same square as the player with the
        keys, he may try to take them" (Z3-015), whoever moved: the active player on
        the keeper's square (``challenge_here``), or, the active player being the
        keeper, each other player on the square it enters, clockwise (every time it
        enters; assumed)."""
        s = self.active
        if self.keeper != s:
            self.challenge_here()
            return
        here = self.pos[s]
        self.push(*(("offer_keys", p) for p in self.clockwise(s)[1:] if self.pos[p] == here))

    def offer_keys(self, p: int) -> None:
        """Player ``p``, on the keeper's square, may try for the keys (the keys may have
        changed hands among the players there since the keeper entered)."""
        keeper = self.keeper
        if keeper >= 0 and keeper != p and self.pos[keeper] == self.pos[p]:
            self.ask(p, KIND.challenge, [A_CHALLENGE, A_CHALLENGE + 1], public=True)

    def on_challenge(self, action: int) -> None:
        if action != A_CHALLENGE:
            return
        challenger = self.current_player
        if challenger == self.active:
            self.dueled = 1
        self.duel = [challenger, roll(self.rng, 6) + 1, roll(self.rng, 6) + 1]
        self.push(("duel_step",))

    def duel_step(self) -> None:
        """Both roll a die, the higher takes the keys, a tie leaves them with the keeper.
        The side behind may spend a bullet (+1) or a life (roll again, never the last
        life: assumed), or give up."""
        challenger, mine, theirs = self.duel
        behind = self.keeper if mine > theirs else challenger
        legal = []
        if self.bullets[behind] and not self.jammed[behind]:
            legal.append(A_DUEL + DUEL_BULLET)
        if self.life[behind] > 1:
            legal.append(A_DUEL + DUEL_LIFE)
        legal.append(A_DUEL + DUEL_GIVE_UP)
        self.ask(behind, KIND.duel, legal, public=True)

    def on_duel(self, action: int) -> None:
        challenger, mine, theirs = self.duel
        behind = self.current_player
        slot = 2 if behind == self.keeper else 1
        what = action - A_DUEL
        if what == DUEL_GIVE_UP:
            if behind == self.keeper:
                self.keeper = challenger
            self.duel = [-1, 0, 0]
            return
        if what == DUEL_BULLET:
            self.bullets[behind] -= 1
            self.duel[slot] += 1
        else:
            self.life[behind] -= 1
            self.duel[slot] = roll(self.rng, 6) + 1
        self.push(("duel_step",))
