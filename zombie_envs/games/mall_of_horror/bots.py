"""A rule-based Mall of Horror player: the baseline that learned policies must beat.

It plays for safety: it estimates, for every location, how likely the zombies
are to break in and how likely its own character is to be the one voted to
the zombies, then moves, votes and plays cards to keep that expected loss of
points small (the Pin-Up first), while voting the leader's characters to the
zombies and feeding the weakest opponent its worst truck card.
"""

from __future__ import annotations

from ...core.agent import DecisionAgent
from ...core.game import mypyc_attr
from .actions import (
    A_CHARACTER,
    A_GIVE,
    A_GIVE_TO,
    A_KEEP,
    A_LOCATION,
    A_PASS,
    A_PLAY,
    A_SPRINT,
    A_VOTE,
)
from .data import (
    CAMERA,
    CAPACITY,
    EXTRA_VOTES,
    HARDWARE,
    HIDDEN,
    KINDS,
    NUM_LOCATIONS,
    OVERRUN_ZOMBIES,
    PARKING,
    PIN_UP,
    POINTS,
    SECURITY,
    SPRINT,
    STRENGTH,
    SUPERMARKET,
    SUPERMARKET_BREAK_IN,
    THREAT,
    WEAPON1,
    WEAPON2,
)
from .declaration import GAME
from .engine import OPEN
from .voting import ATTACK, CHIEF, TRUCK
from .zombie_attack import unique_max

# P(X >= k) for the zombies one location gets from the 4 arrival dice, X ~ Bin(4, 1/6).
_PMF = (625 / 1296, 500 / 1296, 150 / 1296, 20 / 1296, 1 / 1296)
_TAIL = tuple(sum(_PMF[k:]) for k in range(len(_PMF))) + (0.0,)
_DIST = tuple((p, x) for x, p in enumerate(_PMF))

# What a card in hand is worth, in points, when deciding to spend or keep it.
CARD_VALUE = {
    THREAT: 1.0,
    CAMERA: 0.6,
    SPRINT: 1.0,
    HARDWARE: 1.4,
    WEAPON1: 1.5,
    WEAPON2: 2.2,
    HIDDEN: 2.4,
}
# Who gets a character placed first: the best location gets the most valuable.
_PLACE_QUALITY = {SECURITY: 3.0, SUPERMARKET: 1.0, PARKING: -3.0}
SECURITY_BONUS = 0.8
SPRINT_COST = 1.0


def _tail(k: int) -> float:
    if k <= 0:
        return 1.0
    return _TAIL[k] if k < len(_TAIL) else 0.0


@mypyc_attr(allow_interpreted_subclasses=True)  # tests' cheating bots subclass it
class HeuristicAgent(DecisionAgent):
    """Safety-first Mall of Horror bot.

    Information: it reads the public board (characters, zombies, closed and
    overrun locations, hidden characters, hardware, the chief, revealed votes,
    public destinations, hand sizes, scores) and its own secrets only: its
    hand, the arrival dice when ``dice_seen[seat]``, the truck cards when it is
    ``truck_seat``.  It never reads other hands, pending ballots, secret
    destinations, unseen dice, the deck order or the engine's RNG, so its
    action is a function of what its seat may see and of its own seed.
    """

    name = "heuristic"
    game_type = GAME

    # ----- evaluation ---------------------------------------------------------
    def expected_loss(
        self,
        g,
        seat: int,
        loc: list[int],
        arrive: list[int] | None,
        phantom: list[int] | None = None,
    ) -> float:
        """Points ``seat`` expects to lose in the coming attack if the characters
        stand at ``loc``.  ``arrive`` gives the zombies still to arrive per
        location (``None``: unknown dice), ``phantom`` other seats' characters
        expected to arrive whose kind is unknown."""
        n = g.num_players
        count = [0] * NUM_LOCATIONS
        pins = [0] * NUM_LOCATIONS
        strength = list(g.hardware)
        weights = [[0] * (n + 1) for _ in range(NUM_LOCATIONS)]
        mine: list[list[int]] = [[] for _ in range(NUM_LOCATIONS)]
        for c, where in enumerate(loc):
            if where < 0:
                continue
            s, k = divmod(c, KINDS)
            count[where] += 1
            strength[where] += STRENGTH[k]
            if k == PIN_UP:
                pins[where] += 1
            if not g.hidden[c]:
                weights[where][s] += 1 + EXTRA_VOTES[k]
                if s == seat:
                    mine[where].append(POINTS[k])
        if phantom:
            for L, p in enumerate(phantom):
                count[L] += p
                strength[L] += p
                weights[L][n] += p
        extra = [0] * NUM_LOCATIONS
        for L in (unique_max(count), unique_max(pins)):
            if L >= 0 and g.closed[L] == OPEN:
                extra[L] += 1
        total = 0.0
        for L in range(NUM_LOCATIONS):
            values = mine[L]
            if not values:
                continue
            values.sort()
            z0 = g.zombies[L] + extra[L]
            p_me = _vote_share(weights[L], seat)
            if L == PARKING:
                total += self._parking_loss(z0, arrive, L, count[L], values, p_me)
                continue
            need = strength[L]
            if L == SUPERMARKET:
                need = min(need, SUPERMARKET_BREAK_IN)
            need -= z0
            p_break = _tail(need) if arrive is None else float(arrive[L] >= need)
            total += p_break * p_me * values[0]
        return total

    @staticmethod
    def _parking_loss(z0: int, arrive, L: int, total: int, values: list[int], p_me: float) -> float:
        """Every zombie at the Parking Lot eats someone; I give up my cheapest."""
        dist = ((1.0, arrive[L]),) if arrive is not None else _DIST
        out = 0.0
        for p, x in dist:
            victims = min(z0 + x, total)
            if victims <= 0:
                continue
            m = len(values) if victims >= total else min(len(values), victims * p_me)
            whole = int(m)
            lost: float = sum(values[:whole])
            if whole < len(values):
                lost += (m - whole) * values[whole]
            out += p * lost
        return out

    def _arrivals(self, g, seat: int) -> list[int] | None:
        if g.dice[0] >= 0 and g.dice_seen[seat]:
            out = [0] * NUM_LOCATIONS
            for L in g.dice:
                if g.closed[L] == OPEN:
                    out[L] += 1
            return out
        return None

    def _position_bonus(self, g, seat: int, loc: list[int]) -> float:
        """Characters at Security HQ win the chief's badge (and a look at the dice)."""
        w = [0] * g.num_players
        for c, where in enumerate(loc):
            if where == SECURITY:
                w[c // KINDS] += 1 + EXTRA_VOTES[c % KINDS]
        total = sum(w)
        return SECURITY_BONUS * w[seat] / total if total else 0.0

    def _end_value(self, g, seat: int, loc: list[int]) -> float | None:
        """If these positions end the game now (all survivors at one location other
        than the Parking Lot), a large reward for winning, a penalty for losing."""
        alive = [w for w in loc if w >= 0]
        if not alive or alive[0] == PARKING or alive.count(alive[0]) != len(alive):
            return None
        scores = _scores(g, loc)
        key = [(p, _hand_size(g, s)) for s, p in enumerate(scores)]
        best = max(key)
        won = [s for s, k in enumerate(key) if k == best]
        return 100.0 / len(won) if seat in won else -100.0

    # ----- initial placement ---------------------------------------------------
    def _place_quality(self, g, L: int) -> float:
        q = _PLACE_QUALITY.get(L, 2.0)
        return q + 0.3 * min(g.loc.count(L), 2)

    def on_place_location(self, g, seat: int) -> int:
        options = [a - A_LOCATION for a in g.legal]
        best = max(options, key=lambda L: (self._place_quality(g, L), -L))
        return A_LOCATION + best

    def on_place_character(self, g, seat: int) -> int:
        kinds = sorted((a - A_CHARACTER for a in g.legal), key=lambda k: POINTS[k])
        L = g.pending_place
        if L == PARKING or (L == SUPERMARKET and len(kinds) > 1):
            return A_CHARACTER + kinds[0]
        return A_CHARACTER + kinds[-1]

    # ----- votes ------------------------------------------------------------------
    def on_threat(self, g, seat: int) -> int:
        if seat not in g.v_candidates or len(g.v_candidates) < 2:
            return A_PASS
        if g.v_purpose == ATTACK:
            return _play(g, THREAT)
        if g.v_purpose == CHIEF:
            mine = g.v_weights[seat] + g.v_threats[seat]
            others = max(g.v_weights[s] + g.v_threats[s] for s in g.v_candidates if s != seat)
            if mine <= others and g.hands[seat][THREAT] >= 2:
                return _play(g, THREAT)
        return A_PASS

    def on_ballot(self, g, seat: int) -> int:
        n = g.num_players
        cands = g.v_candidates
        if g.v_purpose in (TRUCK, CHIEF):
            if seat in cands:
                target = seat
            else:
                scores = g.scores()
                target = min(cands, key=lambda s: (scores[s], s))
        else:
            target = self._attack_target(g, seat, g.v_loc, cands)
        return A_VOTE + (target - seat) % n

    def _attack_target(self, g, seat: int, L: int, cands: list[int]) -> int:
        """The opponent whose loss here helps me most: the leader, or the biggest loss."""
        others = [s for s in cands if s != seat] or list(cands)
        scores = g.scores()
        best, best_key = others[0], None
        for s in others:
            vis = g.chars_at(s, L, visible_only=True)
            damage = min(POINTS[k] for k in vis) if vis else 0
            after = list(scores)
            after[s] -= damage
            margin = after[seat] - max(v for i, v in enumerate(after) if i != seat)
            key = (margin + 0.25 * damage + 0.1 * scores[s], -s)
            if best_key is None or key > best_key:
                best, best_key = s, key
        return best

    def on_victim(self, g, seat: int) -> int:
        return min(g.legal, key=lambda a: (POINTS[a - A_CHARACTER], a))

    # ----- the truck --------------------------------------------------------------
    def on_keep(self, g, seat: int) -> int:
        return max(g.legal, key=lambda a: (CARD_VALUE[a - A_KEEP], a))

    def on_give(self, g, seat: int) -> int:
        return min(g.legal, key=lambda a: (CARD_VALUE[a - A_GIVE], a))

    def on_give_to(self, g, seat: int) -> int:
        n = g.num_players
        scores = g.scores()
        others = [(seat + 1 + r) % n for r in range(n - 1)]
        to = min(others, key=lambda s: (g.eliminated[s] < 0, scores[s], _hand_size(g, s), s))
        return A_GIVE_TO + (to - seat - 1) % n

    # ----- zombies and destinations -------------------------------------------------
    def on_camera(self, g, seat: int) -> int:
        return _play(g, CAMERA)

    def on_zombie(self, g, seat: int) -> int:
        """An eliminated player sends its zombie at the leader's weakest spot."""
        scores = g.scores()
        best, best_key = A_PASS, None
        for a in g.legal:
            if a == A_PASS:
                continue
            L = a - A_LOCATION
            hit = 0.0
            for s in range(g.num_players):
                if s == seat or not g.chars_at(s, L):
                    continue
                gap = g.defence(L) - g.zombies[L]
                hit = max(hit, scores[s] / (1 + max(gap - 1, 0)))
            key = (hit, -L)
            if hit > 0 and (best_key is None or key > best_key):
                best, best_key = a, key
        return best

    def on_destination(self, g, seat: int) -> int:
        arrive = self._arrivals(g, seat)
        phantom = [0] * NUM_LOCATIONS
        for s in range(g.num_players):
            if s != seat and g.dest[s] >= 0 and g.dest_public[s]:
                phantom[g.dest[s]] += 1
        best, best_key = g.legal[0], None  # the first key always wins
        for a in g.legal:
            D = a - A_LOCATION
            value = max(
                self._move_value(g, seat, c, D, arrive, phantom, True, False)
                for c in self._movable(g, seat, D)
            )
            key = (value, self.rng.random())
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _movable(self, g, seat: int, D: int, sprint: bool = False) -> list[int]:
        """Characters that may go to ``D``; after a Sprint even one already there
        (it simply stays)."""
        base = seat * KINDS
        return [
            base + k
            for k in range(KINDS)
            if g.loc[base + k] >= 0 and (sprint or g.loc[base + k] != D)
        ]

    def _move_value(
        self, g, seat: int, c: int, D: int, arrive, phantom, planning: bool, end_check: bool
    ) -> float:
        """Value of moving character ``c`` to ``D``: minus the expected loss, plus
        the Security HQ bonus; a destination that fills or is overrun sends the
        character to the Parking Lot.  ``planning``: destinations are still
        secret (the chief's may fill ``D`` first, the dice may overrun it);
        ``end_check``: nobody moves after this, so the move may end the game."""
        loc = list(g.loc)
        cap = CAPACITY[D]
        full = g.closed[D] != OPEN or (
            g.loc[c] != D
            and cap is not None
            and g.loc.count(D) + (phantom[D] if planning else 0) >= cap
        )
        p_over = 0.0
        if planning and not full and D != PARKING and g.loc.count(D) == 0:
            need = OVERRUN_ZOMBIES - g.zombies[D]
            p_over = _tail(need) if arrive is None else float(arrive[D] >= need)
        value = 0.0
        for where, p in ((PARKING, p_over), (D, 1.0 - p_over)) if not full else ((PARKING, 1.0),):
            if p <= 0:
                continue
            loc[c] = where
            end = self._end_value(g, seat, loc) if end_check else None
            if end is not None:
                value += p * end
                continue
            value += p * (
                self._position_bonus(g, seat, loc)
                - self.expected_loss(g, seat, loc, arrive, phantom)
            )
        return value

    def on_move(self, g, seat: int) -> int:
        order = g.order()
        later = order[order.index(seat) + 1 :]
        phantom = [0] * NUM_LOCATIONS
        for s in later:
            if g.alive(s) and g.dest[s] >= 0:
                phantom[g.dest[s]] += 1
        last = not any(g.alive(s) for s in later)
        zero = [0] * NUM_LOCATIONS
        D = g.dest[seat]
        best, best_key = g.legal[0], None  # the first key always wins
        for a in g.legal:
            if a >= A_SPRINT and a < A_SPRINT + NUM_LOCATIONS:
                target = a - A_SPRINT
                value = (
                    max(
                        self._move_value(g, seat, c, target, zero, phantom, False, last)
                        for c in self._movable(g, seat, target, sprint=True)
                    )
                    - SPRINT_COST
                )
            else:
                value = self._move_value(
                    g, seat, seat * KINDS + a - A_CHARACTER, D, zero, phantom, False, last
                )
            key = (value, -a)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    # ----- the zombie attack ---------------------------------------------------------
    def on_cards(self, g, seat: int) -> int:
        L = g.a_loc
        hand = g.hands[seat]
        mine = g.chars_at(seat, L, visible_only=True)
        runoff = g.v_purpose == ATTACK  # cards before a runoff: only the tied are at stake
        if not mine or not g.threatened(L) or (runoff and seat not in g.v_candidates):
            return A_PASS
        values = sorted(POINTS[k] for k in mine)
        weights = [0] * g.num_players
        for s in g.v_candidates if runoff else g.seats_at(L, visible_only=True):
            for k in g.chars_at(s, L, visible_only=True):
                weights[s] += 1 + EXTRA_VOTES[k]
        weights = [w + t for w, t in zip(weights, g.v_threats, strict=True)]
        p_me = _vote_share(weights, seat)
        if L == PARKING:
            return self._parking_cards(g, seat, values, p_me)
        stake = p_me * values[0]
        plan = self._stop_plan(g, L, hand)
        if plan is not None:
            cost = sum(CARD_VALUE[c] for c in plan)
            if stake >= cost * 0.8:
                return _play(g, plan[0])
        if hand[HIDDEN] and len(mine) == 1 and stake >= CARD_VALUE[HIDDEN] * 0.6:
            return _play(g, HIDDEN)
        if hand[THREAT] and p_me < 1.0 and stake >= CARD_VALUE[THREAT] * 0.5:
            return _play(g, THREAT)
        return A_PASS

    @staticmethod
    def _stop_plan(g, L: int, hand: list[int]) -> list[int] | None:
        """The cheapest set of Weapon/Hardware cards that turns the attack away."""
        z = g.zombies[L]
        defence = g.defence(L)
        best, best_cost = None, None
        for n2 in range(hand[WEAPON2] + 1):
            for n1 in range(hand[WEAPON1] + 1):
                for nh in range(hand[HARDWARE] + 1):
                    left = max(0, z - 2 * n2 - n1)
                    safe = left < defence + nh and not (
                        L == SUPERMARKET and left >= SUPERMARKET_BREAK_IN
                    )
                    if not safe:
                        continue
                    plan = [HARDWARE] * nh + [WEAPON1] * n1 + [WEAPON2] * n2
                    cost = sum(CARD_VALUE[c] for c in plan)
                    if best_cost is None or cost < best_cost:
                        best, best_cost = plan, cost
        return best or None

    def _parking_cards(self, g, seat: int, values: list[int], p_me: float) -> int:
        total = sum(1 for c, w in enumerate(g.loc) if w == PARKING and not g.hidden[c])
        z = g.zombies[PARKING]
        hand = g.hands[seat]
        base = self._parking_loss(z, [0] * NUM_LOCATIONS, PARKING, total, values, p_me)
        options = []
        for card, kills in ((WEAPON1, 1), (WEAPON2, 2)):
            if hand[card]:
                after = self._parking_loss(
                    max(0, z - kills), [0] * NUM_LOCATIONS, PARKING, total, values, p_me
                )
                options.append((base - after - CARD_VALUE[card] * 0.8, card))
        if hand[HIDDEN]:
            rest = values[:-1]
            after = (
                self._parking_loss(
                    z, [0] * NUM_LOCATIONS, PARKING, total - 1, rest, p_me if rest else 0.0
                )
                if rest
                else 0.0
            )
            options.append((base - after - CARD_VALUE[HIDDEN] * 0.6, HIDDEN))
        if hand[THREAT] and p_me < 1.0:
            options.append((base * 0.25 - CARD_VALUE[THREAT] * 0.5, THREAT))
        if options:
            gain, card = max(options)
            if gain > 0:
                return _play(g, card)
        return A_PASS

    def on_hide(self, g, seat: int) -> int:
        return max(g.legal, key=lambda a: (POINTS[a - A_CHARACTER], a))


def _vote_share(weights: list[int], seat: int) -> float:
    """Chance ``seat`` is voted to the zombies if every voter picks someone else,
    spreading its votes evenly over the other candidates."""
    mine = weights[seat]
    if mine <= 0:
        return 0.0
    k = sum(1 for w in weights if w > 0)
    if k <= 1:
        return 1.0
    total = sum(weights)
    return (total - mine) / ((k - 1) * total)


def _scores(g, loc: list[int]) -> list[int]:
    out = [0] * g.num_players
    for c, where in enumerate(loc):
        if where >= 0:
            out[c // KINDS] += POINTS[c % KINDS]
    return out


def _hand_size(g, seat: int) -> int:
    """Public: how many cards a seat holds (never which)."""
    return sum(g.hands[seat])


def _play(g, card: int) -> int:
    """Play ``card`` if the rules allow it now, else pass."""
    return A_PLAY + card if A_PLAY + card in g.legal else A_PASS
