"""Rule-based Maul of America players for both roles: the baseline learned policies
must beat.

A Shopper searches its way to the four equipment types (or seven pieces), heals
when hurt, shoots what it can hit and otherwise walks to the nearest search square
it may search, then to the designated exit (stepping onto it past any zombie).
The Zombie Controller (ZC) brings every reinforcement in at the exit nearest a
Shopper, moves each zombie next to the nearest Shopper (or onto the designated
exit once a Shopper can escape) and bites the most wounded Shopper in reach, with
its cards played before the zombie that can use them.  Both read only what their
seat may see: the table and their hand.
"""

from __future__ import annotations

from ...core.agent import DecisionAgent
from ...core.game import mypyc_attr
from .actions import (
    A_ACT,
    A_ACTIVATE,
    A_ATTACK,
    A_BITE,
    A_CALL_OFF,
    A_CARD,
    A_DROP_AMMO,
    A_DROP_WEAPON,
    A_ENTER,
    A_NO,
    A_PASS,
    A_SQUARE,
    A_STEP,
    A_YES,
    END_TURN,
    ESCAPE,
    REST,
    SEARCH,
    USE_MEDKIT,
)
from .cards import (
    ACTIONS_BONUS,
    AIM,
    AMMO_CARD,
    HIT,
    MELEE_HIT,
    NEXT_ACTIONS,
    NEXT_HIT,
    RANGE,
    ROLL_ACTIONS,
    ROLL_NEXT_ACTIONS,
    SEARCH_TYPE,
    TYPES,
    WEAPONS,
    can_escape,
)
from .declaration import GAME
from .engine import MaulOfAmerica
from .seats import PLAYING, ZC

FAR = 10**6


def _squares(legal: list[int], base: int) -> list[int]:
    return [a - base for a in legal]


@mypyc_attr(allow_interpreted_subclasses=True)  # tests' cheating bots subclass it
class HeuristicAgent(DecisionAgent):
    """Both roles of Maul of America, by simple rules (see the module docstring)."""

    name = "heuristic"
    game_type = GAME

    # ----- set up ------------------------------------------------------------
    def on_face(self, g, seat: int) -> int:
        return g.legal[self.rng.randrange(len(g.legal))]

    def on_placement(self, g, seat: int) -> int:
        return g.legal[self.rng.randrange(len(g.legal))]

    def on_start(self, g, seat: int) -> int:
        """The free Food Court square nearest a search square."""
        dist = g.maul.dist
        return min(g.legal, key=lambda a: min(dist[a - A_SQUARE][q] for q in g.maul.search))

    def on_place_zombie(self, g, seat: int) -> int:
        """As near the Shoppers as the 5-square rule allows."""
        return min(g.legal, key=lambda a: self.nearest_shopper(g, a - A_SQUARE)[0])

    # ----- a Shopper's turn -----------------------------------------------------
    def on_act(self, g, seat: int) -> int:
        """The first that applies: get out, heal, play a card that brings actions,
        attack, search, step toward the goal, else end the turn."""
        legal = set(g.legal)
        for choice in (self.get_out, self.heal, self.more_actions, self.attack):
            a = choice(g, seat, legal)
            if a is not None:
                return a
        if A_ACT + SEARCH in legal:
            return A_ACT + SEARCH
        step = self.best_step(g, seat, legal)
        if step is not None:
            return step
        return A_ACT + END_TURN if A_ACT + END_TURN in legal else min(legal)

    @staticmethod
    def get_out(g, seat: int, legal: set[int]) -> int | None:
        """Escape; or step onto the exit, even past a zombie's free attack: out next
        action."""
        if A_ACT + ESCAPE in legal:
            return A_ACT + ESCAPE
        out = g.way_out(seat)
        for a in legal:
            if A_STEP <= a < A_STEP + 8 and g.moves[g.pos[seat]][a - A_STEP][0] in out:
                return a
        return None

    def heal(self, g, seat: int, legal: set[int]) -> int | None:
        """With two wounds: rest at the Food Court, else a Medkit it can spare."""
        if g.wounds[seat] < 2:
            return None
        if A_ACT + REST in legal:
            return A_ACT + REST
        if A_ACT + USE_MEDKIT in legal and not self.needs(g.items[seat], "medkit"):
            return A_ACT + USE_MEDKIT
        return None

    @staticmethod
    def more_actions(g, seat: int, legal: set[int]) -> int | None:
        """A card that brings actions or a roll for them, played at once."""
        for a in sorted(legal):
            if a >= A_CARD and a - A_CARD < len(ACTIONS_BONUS):
                card = a - A_CARD
                if ACTIONS_BONUS[card] or ROLL_ACTIONS[card]:
                    return a
        return None

    def attack(self, g, seat: int, legal: set[int]) -> int | None:
        """Aim first if a card allows, then the attack most likely to hit."""
        attacks = [a for a in legal if A_ATTACK <= a < A_ATTACK + 1 + len(WEAPONS)]
        if not attacks:
            return None
        aims = [a for a in legal if a >= A_CARD and a - A_CARD < len(AIM) and AIM[a - A_CARD]]
        if aims and g.aim == 0:
            return aims[0]
        return min(attacks, key=lambda a: self.hit_value(a - A_ATTACK))

    @staticmethod
    def hit_value(offset: int) -> int:
        return (
            MELEE_HIT
            if offset == 0
            else HIT[WEAPONS[offset - 1]] - (RANGE[WEAPONS[offset - 1]] > 0)
        )

    @staticmethod
    def needs(items: list[list[int]], kind: str) -> bool:
        """The item type is one the Shopper holds only once: using it loses a type."""
        return sum(1 for k, _ in items if SEARCH_TYPE[k] == kind) <= 1 and len(items) < 7

    def goal(self, g, seat: int) -> list[int]:
        """The designated exit once the Shopper can escape; else the search squares it
        may search (every exit if none is left: it waits there)."""
        if can_escape(g.items[seat]):
            return list(g.way_out(seat) or g.maul.exits)
        squares = [q for q in g.maul.search if q != g.searched[seat]]
        return squares or list(g.maul.exits)

    def best_step(self, g, seat: int, legal: set[int]) -> int | None:
        """The step that brings the Shopper nearest its goal, away from zombies;
        ``None`` to stay (already there, or no step helps)."""
        v = g.pos[seat]
        # steps are symmetric: the rows from the few goals serve every square
        rows = [g.maul.dist[t] for t in self.goal(g, seat)]
        here = min(row[v] for row in rows)
        best, best_key = None, (here, 0)
        zombies = set(g.zombies)
        for a in legal:
            if not A_STEP <= a < A_STEP + 8:
                continue
            w, cost = g.moves[v][a - A_STEP]
            danger = (w in zombies) + sum(1 for z in g.maul.touches[w] if z in zombies)
            key = (min(row[w] for row in rows), danger + cost)
            if key < best_key:
                best, best_key = a, key
        return best

    def on_target(self, g, seat: int) -> int:
        """The square with most zombies, nearest first."""
        v = g.pos[seat]
        return max(
            g.legal, key=lambda a: (g.zombies.count(a - A_SQUARE), -g.maul.dist[v][a - A_SQUARE])
        )

    def on_out_of_ammo(self, g, seat: int) -> int:
        """Reload unless the Ammo card is the Shopper's only one and it has another weapon."""
        items = g.items[seat]
        ammo = sum(1 for k, _ in items if k == AMMO_CARD)
        weapons = sum(1 for k, _ in items if k in WEAPONS)
        return A_DROP_WEAPON if ammo <= 1 and weapons > 1 else A_DROP_AMMO

    def on_trade(self, g, seat: int) -> int:
        return A_CALL_OFF

    def on_accept(self, g, seat: int) -> int:
        """Yes when the trade leaves more equipment types, or as many and more pieces."""
        _, give, take = g.trade  # give: what the proposer offers to this seat
        mine = [k for k, _ in g.items[seat]]
        after = list(mine)
        for k in take:
            after.remove(k)
        after += give

        def worth(kinds):
            return (len({SEARCH_TYPE[k] for k in kinds} & set(TYPES)), len(kinds))

        return A_YES if worth(after) >= worth(mine) and after != mine else A_NO

    def on_dodge(self, g, seat: int) -> int:
        return A_YES if A_YES in g.legal else A_NO

    # ----- the Zombie Controller ----------------------------------------------------
    def nearest_shopper(self, g: MaulOfAmerica, v: int) -> tuple[int, int]:
        """(steps, seat) of the nearest Shopper still playing, the first seat of a
        tie; (FAR, -1) if none (steps are symmetric: the rows from the Shoppers'
        squares serve every square asked about).  Asked for every option of the
        Zombie Controller's: the engine typed, a loop the compiled build runs
        natively."""
        maul = g.maul
        assert maul is not None  # drafted: typed, its calls are native
        dist, pos, status = maul.dist, g.pos, g.status
        best, nearest = FAR, -1
        for s in range(1, g.num_players):
            if status[s] == PLAYING:
                steps = dist[pos[s]][v]
                if nearest < 0 or steps < best:
                    best, nearest = steps, s
        return best, nearest

    def on_designate(self, g, seat: int) -> int:
        """The exit farthest from the Shopper who announced."""
        dist, ways = g.maul.dist[g.pos[g.active]], g.maul.way_out
        return max(g.legal, key=lambda a: min(dist[w] for w in ways[a - A_SQUARE]))

    def on_command(self, g, seat: int) -> int:
        legal = g.legal
        activate = [a for a in legal if A_ACTIVATE <= a < A_ACTIVATE + g.maul.size]
        enter = [a for a in legal if A_ENTER <= a < A_ENTER + g.maul.size]
        cards = [a - A_CARD for a in legal if A_CARD <= a < A_CARD + len(NEXT_ACTIONS)]
        if activate or enter:
            for card in cards:  # before the zombie that will use it
                if NEXT_ACTIONS[card] or ROLL_NEXT_ACTIONS[card] or NEXT_HIT[card]:
                    if not (g.z_next_actions or g.z_next_hit):
                        return A_CARD + card
                elif not g.z_all:
                    return A_CARD + card
        if enter:
            return min(enter, key=lambda a: self.nearest_shopper(g, a - A_ENTER)[0])
        if activate:
            return min(activate, key=lambda a: self.nearest_shopper(g, a - A_ACTIVATE)[0])
        return A_ACT + END_TURN

    def on_destination(self, g, seat: int) -> int:
        """Next to a Shopper with an action left to bite; else as near as it gets (or
        onto the designated exit when a Shopper can escape)."""
        maul, v = g.maul, g.z_square
        reach = g.zombie_stops(v, g.z_budget)  # staying put costs nothing: .get(w, 0)
        others = list(g.zombies)
        others.remove(v)
        # one zombie a square of the exit a Shopper may leave by: a free attack on the way out
        blocking = {w for s in g.shoppers() if g.status[s] == PLAYING for w in g.way_out(s)} - set(
            others
        )

        def key(a: int):
            w = a - A_SQUARE
            if w in blocking:
                return (-1, 0)
            steps, _ = self.nearest_shopper(g, w)
            can_bite = (
                steps <= 2
                and reach.get(w, 0) < g.z_budget
                and any(g.pos[s] in maul.touches[w] for s in g.shoppers() if g.status[s] == PLAYING)
            )
            return (0 if can_bite else 1, steps, reach.get(w, 0))

        return min(g.legal, key=key)

    def on_bite(self, g, seat: int) -> int:
        """The most wounded Shopper in reach."""
        bites = [a for a in g.legal if a != A_PASS]
        return max(bites, key=lambda a: g.wounds[(ZC + 1 + a - A_BITE) % g.num_players])

    def on_spawn(self, g, seat: int) -> int:
        return g.legal[self.rng.randrange(len(g.legal))]
