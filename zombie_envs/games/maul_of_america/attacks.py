"""Maul of America's attacks: a Shopper's attack with bare hands or a weapon, its
targets and the area a spread or a stream hits, and running out of ammo."""

from __future__ import annotations

from typing import ClassVar

from ...core.dice import roll
from ...core.game import mypyc_attr
from .actions import A_DROP_AMMO, A_DROP_WEAPON, A_SQUARE
from .cards import AMMO, AMMO_CARD, AREA, HIT, MELEE_HIT, RANGE, WEAPONS
from .declaration import KIND
from .state import MaulState, count, holds


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class Attacks(MaulState):
    """A Shopper's attack action and what follows from it; a base of ``MaulOfAmerica``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def attack_kinds(self, s: int) -> list[int]:
        """Offsets in the attack_with block that have a target: bare hands, then
        each weapon kind in play (a ranged one only with shots left)."""
        out = [0] if self.targets(s, -1) else []
        have = {kind for kind, shots in self.items[s] if RANGE[kind] == 0 or shots > 0}
        out += [i + 1 for i, k in enumerate(WEAPONS) if k in have and self.targets(s, k)]
        return out

    def targets(self, s: int, weapon: int) -> list[int]:
        """Squares an attack may aim at: a zombie next to the Shopper for bare hands
        and melee weapons; in range and sight for a ranged weapon; for an area weapon
        an aim whose area holds a zombie and no Shopper (MOA-076, MOA-077)."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        v, zombies = self.pos[s], self.zombies
        if weapon < 0 or RANGE[weapon] == 0:
            return [w for w in maul.touches[v] if holds(zombies, w)]
        out = []
        for w in maul.in_sight(v, RANGE[weapon]):
            if AREA[weapon]:
                area = self.area(v, w, weapon)
                if any(holds(zombies, a) for a in area) and not any(
                    holds(area, p) for p in self.playing_squares()
                ):
                    out.append(w)
            elif holds(zombies, w):
                out.append(w)
        return out

    def area(self, v: int, w: int, weapon: int) -> list[int]:
        """Every square an area weapon touches: a spread is the aim and the squares
        around it that the shooter sees; a stream every square on the line of fire."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        if AREA[weapon] == "stream":
            return [a for a in maul.line(v, w) if a != v]
        return [w] + [a for a in maul.touches[w] if a != v and maul.sees(v, a)]

    def on_target(self, action: int) -> None:
        s, w, weapon = self.active, action - A_SQUARE, self.shot
        self.spend(1)
        hit = MELEE_HIT if weapon < 0 else HIT[weapon]
        squares = [w] if weapon < 0 or not AREA[weapon] else self.area(self.pos[s], w, weapon)
        for a in squares:
            for _ in range(count(self.zombies, a)):
                if roll(self.rng, 6) + 1 + self.aim >= hit:
                    self.kill_zombie(a)
                if weapon < 0 or not AREA[weapon]:
                    break  # one zombie per aimed attack
        self.push(("shopper_act",))
        if weapon >= 0 and RANGE[weapon]:
            item = next(it for it in self.items[s] if it[0] == weapon and it[1] > 0)
            item[1] -= 1
            if item[1] == 0:
                self.out_of_ammo(s)

    def out_of_ammo(self, s: int) -> None:
        """An empty weapon is discarded, unless its owner discards an Ammo card instead."""
        if any(kind == AMMO_CARD for kind, _ in self.items[s]):
            self.ask(s, KIND.out_of_ammo, [A_DROP_WEAPON, A_DROP_AMMO], public=True)
        else:
            self.discard_item(s, self.shot, empty=True)

    def on_out_of_ammo(self, action: int) -> None:
        s = self.active
        if action == A_DROP_AMMO:
            self.discard_item(s, AMMO_CARD)
            item = next(it for it in self.items[s] if it[0] == self.shot and it[1] == 0)
            item[1] = AMMO[self.shot]
        else:
            self.discard_item(s, self.shot, empty=True)

    def kill_zombie(self, square: int) -> None:
        i = self.zombies.index(square)
        del self.zombies[i]
        del self.zdone[i]
