"""We Are Dead's horde: released by a horde card, every horde hunts the nearest
shopper tokens, then the players may stop it with heroes before it feeds."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import compress
from typing import ClassVar

from ...core.game import mypyc_attr
from .actions import A_CARD, A_PASS, A_SQUARE
from .data import HORDE_REACH, HORDE_REDUCTION, NUM_ATTACK
from .declaration import KIND
from .state import DeadState


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class Horde(DeadState):
    """The horde's hunt, the heroes that stop it and its feast; a base of ``WeAreDead``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def release_the_horde(self) -> None:
        """A horde card was drawn: every horde hunts, then the players may stop it."""
        if self.h_triggered:
            self.push(*[("horde_move",)] * len(self.hordes), ("stop_the_horde",))

    def hunt(self) -> tuple:
        """This horde attack so far: where the hordes are, which have moved, the tokens
        they went for and those they reached."""
        return tuple(self.hordes), set(self.h_moved), set(self.h_claimed), frozenset(self.h_targets)

    def prey(
        self, hordes: Sequence[int], moved: Collection[int], claimed: Collection[int]
    ) -> dict[int, list[int]]:
        """The hunt's next step: the shopper tokens no horde went for that are at the
        shortest distance from a horde still to move, each with the hordes (one per
        square) that are that near, as {token: [horde, ...]}; empty when no horde or
        no token is left."""
        waiting = [i for i in range(len(hordes)) if i not in moved]
        if not waiting:
            return {}
        # compress: the few squares with a token, found in C
        free = [v for v in compress(range(len(self.token)), self.token) if v not in claimed]
        if not free:
            return {}
        dist = self.board.dist
        # one horde per square: {square: (horde, its distances, the least)}
        near: dict[int, tuple[int, Sequence[int], int]] = {}
        for i in waiting:
            if hordes[i] not in near:
                row = dist[hordes[i]]
                near[hordes[i]] = (i, row, min([row[v] for v in free]))
        best = min(d for _, _, d in near.values())
        out: dict[int, list[int]] = {}
        for i, row, d in near.values():
            if d == best:
                for v in [v for v in free if row[v] == best]:
                    out.setdefault(v, []).append(i)
        return dict(sorted(out.items()))

    def sent(self, hunt: tuple, i: int, target: int, where: int) -> tuple:
        """The hunt (hordes, moved, claimed, reached) after horde ``i`` went for ``target``
        and stopped on ``where``; the other horde will not go for it."""
        hordes, moved, claimed, reached = hunt
        hordes = hordes[:i] + (where,) + hordes[i + 1 :]
        reached = reached | {target} if where == target else reached
        return hordes, moved | {i}, claimed | {target}, reached

    def ways(self, hunt: tuple, i: int, target: int) -> dict[int, frozenset]:
        """Each square horde ``i`` may stop on going for ``target`` (the token itself
        within 10 spaces, else 10 spaces along any shortest way), with the endings it
        leaves open."""
        stops = self.board.stops_toward(hunt[0][i], target, HORDE_REACH)
        return {w: self.endings(self.sent(hunt, i, target, w)) for w in stops}

    def going(self, hunt: tuple, i: int, target: int) -> frozenset:
        """The endings left open once horde ``i`` goes for ``target``, by any way."""
        return frozenset().union(*self.ways(hunt, i, target).values())

    def endings(self, hunt: tuple) -> frozenset:
        """Every way the hunt can end from ``hunt``, whatever the active player answers
        from here on: the squares the hordes end on (the tokens look alike, so sorted)
        and the shopper tokens they reach."""
        hordes, moved, claimed, reached = hunt
        prey = self.prey(hordes, moved, claimed)
        if not prey:
            return frozenset([(tuple(sorted(hordes)), reached)])
        return frozenset().union(
            *(self.going(hunt, i, v) for v, hunters in prey.items() for i in hunters)
        )

    @staticmethod
    def telling(options: dict) -> list:
        """The options ({option: its endings}) worth asking about: only the first one
        that keeps every ending open when there is one (the answer can wait for a later
        question, or changes nothing); else the first option of each set of endings."""
        every = frozenset().union(*options.values())
        for option, endings in options.items():
            if endings == every:
                return [option]
        firsts: dict = {}
        for option, endings in options.items():
            firsts.setdefault(endings, option)
        return list(firsts.values())

    def horde_move(self) -> None:
        """The closest horde and shopper token pair goes first, so the nearer horde
        has a token both want.  A tie is the active player's when the answer changes
        where the hordes end or what they eat; a tie that changes nothing is not asked."""
        hunt = self.hunt()
        prey = self.prey(*hunt[:3])
        if not prey:
            return  # a horde with no token left to go for stays where it is
        targets = list(prey)
        if len(targets) > 1:  # a tie: does the answer change anything?
            options = {
                v: frozenset().union(*(self.going(hunt, i, v) for i in hunters))
                for v, hunters in prey.items()
            }
            targets = self.telling(options)
        self.ask(self.active, KIND.horde_target, [A_SQUARE + v for v in targets], public=True)

    def on_horde_target(self, action: int) -> None:
        """The token the hordes go for; or, while a horde goes for ``h_prey``, the
        square it stops on (the way it takes)."""
        if self.h_prey >= 0:
            self.hordes[self.h_moved[-1]] = action - A_SQUARE
            self.h_prey = -1
            return
        target = action - A_SQUARE
        hunt = self.hunt()
        picks = self.prey(*hunt[:3])[target]
        if len(picks) > 1:  # both hordes as near: does it matter which goes?
            picks = self.telling({i: self.going(hunt, i, target) for i in picks})
        if len(picks) == 1:
            self.send_horde(picks[0], target)
            return
        self.h_prey = target
        self.ask(self.active, KIND.horde_pick, [A_SQUARE + self.hordes[i] for i in picks])

    def on_horde_pick(self, action: int) -> None:
        """Both hordes are as near, and which one goes matters: the active player says."""
        square = action - A_SQUARE
        hunters = self.prey(self.hordes, self.h_moved, self.h_claimed)[self.h_prey]
        i = next(i for i in hunters if self.hordes[i] == square)
        target, self.h_prey = self.h_prey, -1
        self.send_horde(i, target)

    def send_horde(self, i: int, target: int) -> None:
        """Up to 10 spaces toward the token; the other horde will not go for it.  Out
        of reach, a tie in direction is the active player's when the way changes where
        the hordes end or what they eat: ``h_prey`` names the token while it is asked."""
        stops = self.board.stops_toward(self.hordes[i], target, HORDE_REACH)
        if len(stops) > 1:  # a tie in direction: does the way change anything?
            stops = self.telling(self.ways(self.hunt(), i, target))
        self.h_moved.append(i)
        self.h_claimed.append(target)
        if len(stops) > 1:
            self.h_prey = target
            self.ask(self.active, KIND.horde_target, [A_SQUARE + w for w in stops], public=True)
            return
        self.hordes[i] = stops[0]
        if stops[0] == target:
            self.h_targets.append(target)

    def stop_the_horde(self) -> None:
        self.h_moved, self.h_claimed = [], []
        if self.h_targets:
            self.h_passes = 0
            self.push(("horde_offer", self.active))
        else:
            self.push(("refill",))

    def horde_offer(self, seat: int) -> None:
        self.ask(seat, KIND.horde_hero, self.heroes_or_pass(seat))

    def on_horde_hero(self, action: int) -> None:
        seat = self.current_player
        if action == A_PASS:
            self.h_passes += 1
        else:
            self.spend(seat, action - A_CARD)
            self.h_reduction += HORDE_REDUCTION[action - A_CARD - NUM_ATTACK]
            self.h_passes = 0
        if self.h_passes < self.num_players:  # until everyone has passed in a row
            self.push(("horde_offer", (seat + 1) % self.num_players))
        else:
            self.push(("horde_feeds",), ("refill",))

    def horde_feeds(self) -> None:
        eaten = sum(self.token[v] for v in self.h_targets)
        self.horde_score += max(0, eaten - self.h_reduction)
        for v in self.h_targets:
            self.token[v] = 0
        self.h_targets = []
        self.h_reduction = 0
