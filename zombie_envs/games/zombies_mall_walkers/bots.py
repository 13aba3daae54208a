"""A rule-based Mall Walkers player: the baseline learned policies must beat.

It races for the Helipad's centre.  Tiles go where they help it: the Escalator and
the Helipad near its pawn and far from the others, stores with tokens near it and
zombie-heavy tiles away.  It walks down a distance field over the mall (air ducts
included, a crawl costing about a turn's roll) whose sources are its goal: the
Helipad's centre once placed (with small detours for life and bullets it needs),
else the open hall ends where the mall grows (the second floor's once the
Escalator stands), tokens and, when no fight can kill it, zombies for trophies.
Entering a zombie costs in that field as much as the fight risks its life.  In
Search and Rescue it collects the rescue tokens until it holds the most (a tie
will do) and then runs for the centre, in Kill the Guy
With the Keys it chases the keys (always challenging, dueling while the odds and
its bullets allow) and runs for the centre once it holds them.  When no Helipad
can come (or no rescue token is left to take the lead) only 25 zombies can still
win, and it hunts zombies.  It moves as many zombies as the roll says, each the
move that helps it most or hurts it least: off its own path and toward the most
threatening opponent.  It spends bullets rather
than a life when a life is scarce, plays the event card worth most now and throws
away the least useful one.  It reads only what its seat may see: the table
(tiles, pawns, zombies, tokens, cards in play, the discard pile, the sizes of the
stack, the deck and the hands) and its own hand.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from ...core.game import mypyc_attr
from ...core.game_type import GameType
from . import routes
from .actions import (
    A_BULLETS,
    A_CHALLENGE,
    A_DUCT,
    A_DUEL,
    A_PLACE,
    A_ROLL,
    A_STEP,
    A_STOP,
    A_USE,
    A_WOUND,
    A_ZOMBIE,
    DUEL_BULLET,
    DUEL_GIVE_UP,
    DUEL_LIFE,
)
from .card_play import CROSSBOW, CUTE, LUCKY_SHOT, SURVIVE, CardPlay
from .cards import HIT, LIFE_CAP
from .declaration import GAME
from .mall import (
    CELLS,
    ESCALATOR,
    HELIPAD,
    STORES,
    TILE_SIZE,
    TILES,
    build,
    placement_at,
)
from .routes import DUCT_COST, FAR

#: the expected squares of a movement roll
ROLL = 3.5


@cache
def death_chance(life: int, bullets: int, bonus: int) -> float:
    """The chance a fight kills a player with ``life`` and ``bullets`` who spends
    bullets whenever they reach a kill and a life otherwise."""
    if life <= 0:
        return 1.0
    p = 0.0
    for die in range(1, 7):
        need = HIT - die - bonus
        if need <= 0 or bullets >= need:
            continue
        p += 1.0 if life == 1 else death_chance(life - 1, bullets, bonus)
    return p / 6


@mypyc_attr(allow_interpreted_subclasses=True)  # tests' cheating bots subclass it
class HeuristicAgent(CardPlay):
    """Mall Walkers by simple rules (see the module docstring)."""

    name: ClassVar[str] = "heuristic"
    game_type: ClassVar[GameType] = GAME

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        #: the last field worked out and what it was worked out from (the mall, the
        #: goals, the entry costs): the steps of one move ask for the same field again
        self._last_plan: tuple = (None, None, None, ())

    # ----- what the seat knows of itself ---------------------------------------
    @staticmethod
    def danger(g, seat: int) -> float:
        """The chance the next fight kills this seat."""
        bullets = 0 if g.jammed[seat] else g.bullets[seat]
        life = g.life[seat] + g.items[seat][SURVIVE]
        return death_chance(life, bullets, 1 if g.items[seat][CROSSBOW] else 0)

    @staticmethod
    def strong(g, seat: int) -> bool:
        return HeuristicAgent.danger(g, seat) == 0.0 and g.life[seat] >= 3

    def enter_costs(self, g, seat: int) -> list[float]:
        """What entering each square costs beyond the step: a fight's risk."""
        pd = self.danger(g, seat)
        fight = 0.4 + 25.0 * pd + (0.6 if g.life[seat] <= 2 else 0.0)
        return [fight if z else 0.0 for z in g.zombies]  # a count per square of the diamond

    # ----- goals -------------------------------------------------------------------
    def goals(self, g, seat: int) -> dict[int, float]:
        """The squares this seat walks toward, each with an offset (lower: better)."""
        if self.no_helipad(g):
            return self.hunt(g, seat)
        scenario = g.options["scenario"]
        if scenario == "keys":
            return self.chase_keys(g, seat)
        if scenario == "search_and_rescue":
            return self.rescue(g, seat)
        return self.advance(g, seat)

    def advance(self, g, seat: int) -> dict[int, float]:
        """The Helipad's centre once it stands, else where the mall grows."""
        return self.race(g, seat) if g.mall.centre >= 0 else self.explore(g, seat)

    def chase_keys(self, g, seat: int) -> dict[int, float]:
        """Kill the Guy With the Keys: the keys where they lie or whoever holds them,
        and the centre once this seat holds them (or nobody does yet)."""
        if g.keeper == seat:
            return self.advance(g, seat)
        if g.keys_at >= 0:
            return {g.keys_at: 0.0}
        if g.keeper >= 0:
            return {g.pos[g.keeper]: 0.0}
        return self.advance(g, seat)

    def rescue(self, g, seat: int) -> dict[int, float]:
        """Search and Rescue: the centre once this seat holds the most tokens (a tie
        will do), else the tokens on the table, else the stores still to come."""
        mine = g.rescued[seat]
        others = max(g.rescued[p] for p in range(g.num_players) if p != seat)
        tokens = [v for v in g.mall.squares if g.rescue_tokens[v]]
        if g.mall.centre >= 0 and mine and mine >= others:
            return self.race(g, seat)
        if tokens:
            return {v: 0.0 for v in tokens}
        if self.tokens_to_come(g):
            return self.advance(g, seat)
        # no token left to take: only a rival's death (its tokens lost) can bring
        # the lead back; 25 zombies still win
        return self.hunt(g, seat)

    @staticmethod
    def no_helipad(g) -> bool:
        """No Helipad is on the table and none can come: only 25 zombies can win."""
        return g.mall.centre < 0 and (HELIPAD in g.lost_tiles or not g.stack)

    @staticmethod
    def tokens_to_come(g) -> bool:
        """A three-space store is still in the stack (its count is public)."""
        placed = [t[0] for t in g.tiles] + list(g.lost_tiles)
        return any(TILES[k].store_spaces == 3 and placed.count(k) < TILES[k].copies for k in STORES)

    def race(self, g, seat: int) -> dict[int, float]:
        """The Helipad's centre, with detours for the life and bullets the seat needs."""
        centre = g.mall.centre
        goals = {centre: 0.0}
        to_centre = routes.walk(g.mall, centre)
        life, bullets = g.life[seat], g.bullets[seat]
        for v in g.mall.squares:
            bonus = 0.0
            if g.life_tokens[v] and life < LIFE_CAP:
                bonus += 3.0 if life <= 2 else 1.5
            if g.bullet_tokens[v]:
                bonus += min(g.bullet_tokens[v], 3) * (1.0 if bullets <= 2 else 0.5)
            if bonus and to_centre[v] < FAR:
                goals[v] = max(0.0, to_centre[v] - bonus)
        return goals

    def explore(self, g, seat: int) -> dict[int, float]:
        """Before the Helipad: the hall ends where the mall grows (the second floor's once
        the Escalator stands), tokens, and zombies when a fight cannot kill."""
        mall = g.mall
        goals: dict[int, float] = {}
        ends = routes.frontier(mall)
        if mall.escalator >= 0 and any(floor == 2 for _, floor in ends):
            ends = tuple(e for e in ends if e[1] == 2)
        for v, _ in ends:
            goals[v] = 2.0
        life, bullets = g.life[seat], g.bullets[seat]
        strong = self.strong(g, seat)
        for v in mall.squares:
            if g.life_tokens[v] and life < LIFE_CAP:
                goals[v] = min(goals.get(v, FAR), 0.0 if life <= 3 else 2.0)
            if g.bullet_tokens[v]:
                goals[v] = min(goals.get(v, FAR), 0.5 if bullets <= 3 else 2.0)
            if strong and g.zombies[v]:
                goals[v] = min(goals.get(v, FAR), 2.5)
        if not goals:
            goals = {v: 0.0 for v in mall.squares if g.zombies[v]} or {g.pos[seat]: 0.0}
        return goals

    def hunt(self, g, seat: int) -> dict[int, float]:
        """No Helipad will come: only 25 zombies can win, so the zombies (the tokens
        first while a fight could kill)."""
        goals = {}
        weak = self.danger(g, seat) > 0.1
        for v in g.mall.squares:
            if g.zombies[v]:
                goals[v] = 2.0 if weak else 0.0
            if weak and (g.life_tokens[v] and g.life[seat] < LIFE_CAP or g.bullet_tokens[v]):
                goals[v] = 0.0
        return goals or {g.pos[seat]: 0.0}

    def __getstate__(self) -> dict:
        """Pickled (for a tournament's workers) without the kept plan, which holds a mall;
        the generator named, since a compiled ``Agent`` keeps it out of ``__dict__``."""
        state = {**getattr(self, "__dict__", {}), "rng": self.rng}
        state.pop("_last_plan", None)
        return state

    def __setstate__(self, state: dict) -> None:
        self._last_plan = (None, None, None, ())
        for name, value in state.items():
            setattr(self, name, value)

    def plan(self, g, seat: int) -> tuple[list[float], dict[int, float], list[float]]:
        goals = self.goals(g, seat)
        enter = self.enter_costs(g, seat)
        mall, last_goals, last_enter, field = self._last_plan
        if mall is not g.mall or goals != last_goals or enter != last_enter:
            field = routes.field(g.mall, goals, enter)
            self._last_plan = (g.mall, goals, enter, field)
        return field, goals, enter

    def path(self, g, seat: int, length: int = 8) -> list[int]:
        """The squares of the seat's next steps down its field (no ducts)."""
        field, goals, enter = self.plan(g, seat)
        v, out = g.pos[seat], []
        for _ in range(length):
            best, best_cost = -1, goals.get(v, FAR)
            for u in g.mall.nbr[v]:
                if u >= 0 and field[u] + 1 + enter[u] < best_cost - 1e-9:
                    best, best_cost = u, field[u] + 1 + enter[u]
            if best < 0:
                break
            out.append(best)
            v = best
        return out

    # ----- tiles ---------------------------------------------------------------------------
    def on_place_tile(self, g, seat: int) -> int:
        kind_ = g.drawn
        mall = g.mall
        here = mall.rc[g.pos[seat]]
        me = (here[0] // TILE_SIZE, here[1] // TILE_SIZE)
        opponents = [p for p in range(g.num_players) if p != seat]
        scenario = g.options["scenario"]
        if scenario == "keys" and g.keeper >= 0 and g.keeper != seat:
            rivals = [g.keeper]
        else:
            rivals = opponents

        def tile_of(p):
            r, c = mall.rc[g.pos[p]]
            return r // TILE_SIZE, c // TILE_SIZE

        if kind_ in (HELIPAD, ESCALATOR):
            tiles = mall.tiles

            def race_key(a):
                r, c, t = placement_at(a - A_PLACE)
                floor = mall.fit(kind_, (r, c), t)
                new = build(tiles + ((kind_, r, c, t, floor),))
                if kind_ == HELIPAD:
                    target = new.centre
                else:
                    base = CELLS * len(tiles)
                    target = next(v for v in range(base, base + CELLS) if new.char[v])
                dist = routes.walk(new, target)
                mine = dist[g.pos[seat]]
                theirs = min(dist[g.pos[p]] for p in rivals)
                score = mine - 0.6 * min(theirs, 30)
                if kind_ == ESCALATOR and not new.placements(HELIPAD):
                    score += 50  # a top the Helipad cannot join
                return (score, a)

            return min(g.legal, key=race_key)
        tile = TILES[kind_]
        value = tile.life + tile.bullets - 0.5 * tile.zombies
        if scenario == "search_and_rescue" and tile.store_spaces == 3:
            value += 3
        threat_tile = tile_of(self.top_threat(g, seat, rivals))
        second = mall.escalator >= 0 and mall.centre < 0 and HELIPAD not in g.lost_tiles
        # few places left for the Helipad: keep one (a Helipad that fits nowhere at the
        # end is lost, and only 25 zombies can win)
        spots = set()
        if second:
            spots = {(r, c) for r, c, _, _ in mall.placements(HELIPAD)}
            if len(spots) > 3:
                spots = set()

        def key(a):
            r, c, t = placement_at(a - A_PLACE)
            near = abs(r - me[0]) + abs(c - me[1])
            to_threat = abs(r - threat_tile[0]) + abs(c - threat_tile[1])
            score = near if value >= 0 else to_threat - near
            floor = mall.fit(kind_, (r, c), t)
            if second and floor == 2:
                score -= 1.5
            if any(abs(r - sr) + abs(c - sc) <= 1 for sr, sc in spots):
                new = build(mall.tiles + ((kind_, r, c, t, floor),))
                if not new.placements(HELIPAD):
                    score += 50
            return (score, a)

        return min(g.legal, key=key)

    # ----- fights ----------------------------------------------------------------------------
    def on_fight(self, g, seat: int) -> int:
        """A card when it settles the fight, else bullets or a life."""
        legal = set(g.legal)
        square, die, bonus, _ = g.combat
        need = HIT - die - bonus
        life, bullets = g.life[seat], 0 if g.jammed[seat] else g.bullets[seat]
        at_centre = square == g.mall.centre
        kills = [a for a in (A_USE + CUTE, A_USE + LUCKY_SHOT) if a in legal]
        critical = (life == 1 and not g.items[seat][SURVIVE]) or (at_centre and life <= 2)
        card = self.fight_card(legal, need, bullets, critical, kills)
        return card if card >= 0 else self.pay(legal, need, life, bullets, at_centre, kills)

    @staticmethod
    def fight_card(legal: set, need: int, bullets: int, critical: bool, kills: list) -> int:
        """The Crossbow when its +1 wins the fight; a card that kills outright when a
        life lost now is too dear and the bullets fall short; else the Crossbow for
        its +1 (-1: no card)."""
        crossbow = A_USE + CROSSBOW in legal
        if crossbow and need - 1 <= 0:
            return A_USE + CROSSBOW
        if critical and kills and bullets < need - crossbow:
            return kills[0]
        return A_USE + CROSSBOW if crossbow else -1

    @staticmethod
    def pay(legal: set, need: int, life: int, bullets: int, at_centre: bool, kills: list) -> int:
        """Bullets while life is short, bullets are plenty or the centre is at stake;
        a killing card when two lives or fewer are left; bullets for the last life;
        else a wound."""
        shoot = A_BULLETS in legal
        if shoot and (life <= 3 or bullets - need >= 2 or at_centre):
            return A_BULLETS
        if life <= 2 and kills:
            return kills[0]
        if shoot and life == 1:
            return A_BULLETS
        return A_WOUND

    # ----- moves ---------------------------------------------------------------------------------
    def on_start_move(self, g, seat: int) -> int:
        """Crawl when the duct saves more than a roll would bring."""
        field, goals, _ = self.plan(g, seat)
        here = g.pos[seat]
        best, best_cost = A_ROLL, field[here]
        for a in g.legal:
            if a == A_ROLL:
                continue
            square = g.mall.duct[a - A_DUCT]
            cost = field[square] + DUCT_COST - ROLL + 0.5
            if cost < best_cost - 1e-9 and field[square] < field[here] - ROLL:
                best, best_cost = a, cost
        return best

    def on_move(self, g, seat: int) -> int:
        field, goals, enter = self.plan(g, seat)
        mall = g.mall
        here = g.pos[seat]
        stay = goals.get(here, FAR)
        if here in (g.keys_at, mall.centre):
            stay = float(FAR)  # keys and the centre count on landing: step off to land again
        nbr = mall.nbr[here]
        best, best_cost = A_STOP, stay
        for a in g.legal:
            if a == A_STOP:
                continue
            u = nbr[a - A_STEP]
            cost = field[u] + 1 + enter[u]
            if cost < best_cost - 1e-9:
                best, best_cost = a, cost
        if best == A_STOP:
            return A_STOP
        # the best way on is through this square's air duct: stop on it to crawl
        k = mall.store[here]
        if k >= 0 and mall.duct[k] == here:
            for j in mall.links[k]:
                if field[mall.duct[j]] + DUCT_COST + enter[mall.duct[j]] < best_cost - 1e-9:
                    return A_STOP
        u = nbr[best - A_STEP]
        if g.zombies[u] and u not in goals and self.danger(g, seat) >= 0.3:
            return A_STOP
        return best

    # ----- zombies -------------------------------------------------------------------------------
    def on_move_zombies(self, g, seat: int) -> int:
        """The roll's zombies must move: each time the move that scores best (the least
        harm when every move hurts)."""
        mall = g.mall
        me = g.pos[seat]
        mine = routes.near(mall, me)
        pd = self.danger(g, seat)
        w_me = 1.0 + 6.0 * pd
        if self.no_helipad(g) and pd <= 0.1:
            w_me = -1.0  # only trophies can win: bring the zombies to its pawn
        my_path = set(self.path(g, seat))
        rivals = []
        for p in range(g.num_players):
            if p == seat:
                continue
            w = self.threat(g, seat, p)
            theirs = routes.near(mall, g.pos[p])
            rivals.append((w, g.pos[p], theirs))
        top = self.top_threat(g, seat)
        their_path = set()
        if mall.centre >= 0:
            to_centre = routes.halls(mall, mall.centre)
            v = g.pos[top]
            for _ in range(6):
                nxt = [u for u in mall.nbr[v] if u >= 0 and to_centre[u] < to_centre[v]]
                if not nxt:
                    break
                v = nxt[0]
                their_path.add(v)
        w_top = self.threat(g, seat, top)
        best, best_score = g.legal[0], -float(FAR)
        nbr = mall.nbr
        for a in g.legal:
            sq, d = divmod(a - A_ZOMBIE, 4)
            to = nbr[sq][d]
            score = w_me * (mine[sq] - mine[to])
            score += w_me * 1.5 * ((sq in my_path) - (to in my_path))
            if to == me:
                score -= 4 * w_me
            for w, pos, theirs in rivals:
                score += w * (theirs[to] - theirs[sq]) * 0.5
                if to == pos:
                    score += 2.0 * w
            score += w_top * 1.5 * ((to in their_path) - (sq in their_path))
            if score > best_score:
                best, best_score = a, score
        return best

    # ----- the keys ----------------------------------------------------------------------------
    def on_challenge(self, g, seat: int) -> int:
        """Always try: a losing challenger gives up for nothing."""
        return A_CHALLENGE

    def on_duel(self, g, seat: int) -> int:
        legal = set(g.legal)
        challenger, mine, theirs = g.duel
        bullets, life = g.bullets[seat], g.life[seat]
        if seat == g.keeper:
            need, their_roll = mine - theirs, mine
            if A_DUEL + DUEL_BULLET in legal and need <= bullets:
                return A_DUEL + DUEL_BULLET
            if A_DUEL + DUEL_LIFE in legal and (life >= 3 or their_roll <= 4):
                return A_DUEL + DUEL_LIFE
            return A_DUEL + DUEL_GIVE_UP
        need = theirs - mine + 1
        if A_DUEL + DUEL_BULLET in legal and need <= min(3, bullets - 1):
            return A_DUEL + DUEL_BULLET
        if A_DUEL + DUEL_LIFE in legal and life >= 4:
            return A_DUEL + DUEL_LIFE
        return A_DUEL + DUEL_GIVE_UP
