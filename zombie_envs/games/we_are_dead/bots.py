"""A rule-based We Are Dead player: the baseline that learned policies must beat.

Points come from one attack a turn and the hand refills every turn, so it
plays for tempo: reach a shopper token every turn (spending spare cards to
stretch the move), fight a hero only when the cards reach its toughness and
the point is worth the shoppers those cards would have slain, and otherwise
slay with the weakest cards.  Heroes are nearly free to play (a chosen or
revealed hero is replaced by a draw, one played on the horde by the refill),
so it spends them on the horde, which vetoes every seat's win, and on
opponents who threaten it.
"""

from __future__ import annotations

from ...core.agent import DecisionAgent
from ...core.game import mypyc_attr
from .actions import A_CARD, A_CHOOSE, A_INFECTION, A_PASS, A_SQUARE, A_YES
from .data import (
    ATTACK_VALUES,
    CHEF,
    CLERK,
    CLERK_COST,
    EXTRA_DAMAGE,
    FIRE,
    GUN_NUT,
    HAND_KINDS,
    HORDE_REDUCTION,
    MOTHER,
    MOVEMENT,
    NATIONAL,
    NUM_ATTACK,
    PANIC,
    POLICE,
    SECURITY,
    SKATERS,
    SWAT,
    TOUGHNESS,
    WOUND_DAMAGE,
    WOUND_PENALTY,
)
from .declaration import GAME, KIND

HEROES = range(NUM_ATTACK, HAND_KINDS)
ATTACKS = range(NUM_ATTACK)

# Future value, in points, of what a turn leaves behind.
INFECTION_VALUE = 0.6  # a later slay or move
DAMAGE_COST = 0.6  # one step nearer to a wound
FIRE_COST = 1.0  # a turn that may not reach a token
CHEF_COST = 0.3
PANIC_KEEP = 0.8  # the Panicked Human saves a later attack
KEEP_ATTACK = 2  # attack cards kept when stretching a move
# Chance a hero of this toughness beats the active player, for choosing which to place.
P_UNBEATEN = {4: 0.25, 6: 0.45, 7: 0.55, 8: 0.65}
# What a card is worth in hand; below 1 a hero is spare: better played or discarded.
# The Panicked Human saves a later attack of its own; S.W.A.T. takes 2 off the horde.
HERO_KEEP = {PANIC: 1.5, SWAT: 1.2, GUN_NUT: 0.8, NATIONAL: 0.7}


def keep_value(kind: int) -> float:
    if kind < NUM_ATTACK:
        return 1.0 + 0.1 * ATTACK_VALUES[kind]
    return HERO_KEEP.get(kind, 0.5)


@mypyc_attr(allow_interpreted_subclasses=True)  # tests' cheating bots subclass it
class HeuristicAgent(DecisionAgent):
    """Tempo-first We Are Dead bot.

    Information: it reads the public table (positions, scores, damage,
    infection tokens, hand sizes, the discard pile, flipped token numbers, which
    opponents placed a hero, the hero being fought and its toughness, hordes and
    the horde score) and its own secrets only: its hand and its own face-down
    hero.  Of an unflipped token it reads only that one is there, never its
    number; it never reads other hands, other face-down heroes, the deck order
    or the engine's RNG, so its action is a function of what its seat may see
    and of its own seed.
    """

    name = "heuristic"
    game_type = GAME

    # ----- set up and movement --------------------------------------------------
    def on_place_token(self, g, seat: int) -> int:
        """Shoppers near the start are shoppers it reaches first."""
        dist = g.board.dist[g.board.start]
        return min(g.legal, key=lambda a: (dist[a - A_SQUARE], a))

    def on_move(self, g, seat: int) -> int:
        b = g.board
        pos = g.pos[seat]
        tokens = _tokens(g)
        squares = [a for a in g.legal if A_SQUARE <= a < A_CARD]
        if not tokens:
            return A_SQUARE + pos
        dist = b.dist[pos]
        reach = [v for v in tokens if dist[v] <= g.budget]
        if reach:
            return A_SQUARE + max(reach, key=lambda v: (_density(g, v, tokens), -dist[v], -v))
        need = min(dist[v] for v in tokens) - g.budget
        fuel = self._fuel(g, seat)
        if need <= len(fuel):
            return fuel[0]

        def key(a):
            v = a - A_SQUARE
            row = b.dist[v]
            return (-min(row[t] for t in tokens), _density(g, v, tokens), -a)

        return max(squares, key=key)

    def _fuel(self, g, seat: int) -> list[int]:
        """What it would spend, in order, for one more space: spare heroes, attack
        cards beyond ``KEEP_ATTACK`` (the weakest first), then infection tokens.
        One card always stays in hand."""
        hand = g.hands[seat]
        held = sum(hand)
        out: list[int] = []
        for k in sorted(HEROES, key=lambda k: (keep_value(k), k)):
            if keep_value(k) < 1.0:
                out += [A_CARD + k] * hand[k]
        spare = sum(hand[k] for k in ATTACKS) - KEEP_ATTACK
        for k in ATTACKS:
            for _ in range(hand[k]):
                if spare > 0:
                    out.append(A_CARD + k)
                    spare -= 1
        out = out[: max(0, held - 1)]
        return out + [A_INFECTION] * g.infection[seat]

    # ----- the attack -----------------------------------------------------------------
    def on_attack(self, g, seat: int) -> int:
        return A_YES if _capacity(g, seat) > 0 else A_PASS

    def on_choose_hero(self, g, seat: int) -> int:
        """Every face-down hero looks alike; fight the leader's, so its hand loses a hero."""
        n = g.num_players

        def key(a):
            owner = (seat + 1 + a - A_CHOOSE) % n
            return (g.score[owner], -a)

        return max(g.legal, key=key)

    def on_panic(self, g, seat: int) -> int:
        if A_CARD + PANIC not in g.legal:
            return A_PASS
        hand = g.hands[seat]
        cards = [ATTACK_VALUES[k] for k in ATTACKS for _ in range(hand[k])]
        inf = g.infection[seat]
        left = g.a_value - g.slain
        stay = self._fight_value(g, seat, cards, inf, left, police=True)[0]
        panicked = _slay_value(left, len(cards), inf, clerk=False) - PANIC_KEEP
        if g.main_kind == MOTHER:
            stay -= 1.0
        return A_CARD + PANIC if panicked > stay else A_PASS

    def on_fight(self, g, seat: int) -> int:
        hand = g.hands[seat]
        cards = [ATTACK_VALUES[k] for k in ATTACKS for _ in range(hand[k])]
        left = g.a_value - g.slain
        _, plan = self._fight_value(g, seat, cards, g.infection[seat], left, police=False)
        if not plan:
            return A_PASS
        values, inf = plan
        if values:
            return A_CARD + ATTACK_VALUES.index(max(values))
        return A_INFECTION if inf else A_PASS

    def _fight_value(self, g, seat, cards, inf, left, police):
        """Best outcome of the fight as (value, plan): plan is the cards and
        infection tokens that reach the toughness at the least cost, or None to
        take the hero's damage.  ``police``: a Police Officer will first take a
        card at random (judged by removing the weakest)."""
        kind = g.main_kind
        if police and kind == POLICE and cards:
            cards = sorted(cards)[1:]
        need = g.toughness - g.fight_total
        best = (self._lose_value(g, seat, len(cards), inf, left), None)
        counts = [cards.count(v) for v in ATTACK_VALUES]
        for use in _subsets(counts):
            total = sum(ATTACK_VALUES[k] * c for k, c in enumerate(use))
            short = max(0, need - total)
            if short > inf:
                continue
            used = [ATTACK_VALUES[k] for k, c in enumerate(use) for _ in range(c)]
            rest = len(cards) - len(used)
            value = (
                1.0
                + _slay_value(left, rest, inf - short, clerk=False)
                - INFECTION_VALUE * short
                - 0.01 * total
                - 0.001 * len(used)
            )
            if value > best[0]:
                best = (value, (used, short))
        return best

    def _lose_value(self, g, seat: int, cards: int, inf: int, left: int) -> float:
        """Value of taking the hero's damage and effect and then slaying."""
        kind = g.main_kind
        hurt = 1 + EXTRA_DAMAGE[kind - NUM_ATTACK]
        if g.damage[seat] + hurt >= WOUND_DAMAGE:
            return -min(WOUND_PENALTY, g.score[seat]) - 1.0
        value = -DAMAGE_COST * hurt * (1 + g.damage[seat])
        if kind == SECURITY:
            return value
        if kind == FIRE:
            value -= FIRE_COST
        elif kind == CHEF:
            value -= CHEF_COST
        return value + _slay_value(left, cards, inf, clerk=kind == CLERK)

    def on_slay(self, g, seat: int) -> int:
        hand = g.hands[seat]
        cards = [k for k in ATTACKS if hand[k]]
        if g.clerk and g.slay_units == 0 and sum(hand[k] for k in ATTACKS) < CLERK_COST:
            cards = []
        if cards:
            return A_CARD + cards[0]
        if g.infection[seat]:
            return A_INFECTION
        return A_PASS

    # ----- heroes against other players ----------------------------------------------
    def on_place_hero(self, g, seat: int) -> int:
        options = [a - A_CARD for a in g.legal if a != A_PASS]
        options = [k for k in options if keep_value(k) < 1.0]
        if not options or not self._threat(g, seat, g.active):
            return A_PASS
        return A_CARD + max(options, key=lambda k: (self._harm(g, g.active, k), k))

    def on_reveal(self, g, seat: int) -> int:
        kind = g.facedown[seat]
        if keep_value(kind) >= 1.0 or not self._threat(g, seat, g.active):
            return A_PASS
        return A_YES

    def on_skaters(self, g, seat: int) -> int:
        if A_CARD + SKATERS in g.legal and self._threat(g, seat, g.active):
            return A_CARD + SKATERS
        return A_PASS

    def _threat(self, g, seat: int, other: int) -> bool:
        """Worth hurting: an opponent not far behind me."""
        return g.score[other] + 5 >= g.score[seat]

    def _harm(self, g, active: int, kind: int) -> float:
        """Points a hero is expected to cost the active player."""
        h = kind - NUM_ATTACK
        value = g.a_value if g.a_value > 0 else 2.5
        hurt = 1 + EXTRA_DAMAGE[h]
        if g.damage[active] + hurt >= WOUND_DAMAGE:
            loss = WOUND_PENALTY + value
        else:
            loss = DAMAGE_COST * hurt
            if kind == SECURITY:
                loss += value
            elif kind == CLERK:
                loss += value / 2
            elif kind == FIRE:
                loss += FIRE_COST
            elif kind == CHEF:
                loss += CHEF_COST
        harm = P_UNBEATEN.get(TOUGHNESS[h], 0.5) * loss
        if kind == MOTHER:
            harm += 1.0
        elif kind == POLICE:
            harm += 0.5
        return harm

    # ----- discard, draw and the horde --------------------------------------------------
    def on_discard(self, g, seat: int) -> int:
        hand = g.hands[seat]
        held = sum(hand)
        if A_PASS in g.legal:
            spare = [k for k in HEROES if hand[k] and keep_value(k) < 1.0]
            if spare and held > 1 and sum(hand[k] for k in HEROES) > 1:
                return A_CARD + min(spare, key=lambda k: (keep_value(k), k))
            return A_PASS
        return min(g.legal, key=lambda a: (keep_value(a - A_CARD), a))

    def on_horde_target(self, g, seat: int) -> int:
        """Tied shoppers: send the horde to those farthest from me."""
        dist = g.board.dist[g.pos[seat]]
        return max(g.legal, key=lambda a: (dist[a - A_SQUARE], -a))

    def on_horde_pick(self, g, seat: int) -> int:
        """Two hordes as near the shoppers: let them eat the fewest near me.  The
        hordes' paths follow from public squares alone, so a copy may play them out."""
        near = g.board.dist[g.pos[seat]]

        def eaten_near_me(a: int) -> float:
            sim = g.clone()
            sim.apply(a)
            while sim.decision in (KIND.horde_target, KIND.horde_pick):
                sim.apply(
                    self.on_horde_target(sim, seat)
                    if sim.decision == KIND.horde_target
                    else sim.legal[0]
                )
            return sum(1.0 / (1 + near[v]) for v in sim.h_targets)

        return min(g.legal, key=lambda a: (eaten_near_me(a), a))

    def on_revealer_draw(self, g, seat: int) -> int:
        return A_YES  # a card in hand is worth more than the small risk of a horde card

    def on_horde_hero(self, g, seat: int) -> int:
        eaten = sum(g.token[v] for v in g.h_targets) - g.h_reduction
        if eaten <= 0:
            return A_PASS
        hand = g.hands[seat]
        heroes = [k for k in HEROES if hand[k] and k != PANIC]
        if not heroes:
            return A_PASS
        if SWAT in heroes and eaten >= HORDE_REDUCTION[SWAT - NUM_ATTACK]:
            return A_CARD + SWAT
        plain = [k for k in heroes if k != SWAT]
        if plain:
            return A_CARD + min(plain, key=lambda k: (keep_value(k), k))
        return A_CARD + SWAT


def _tokens(g) -> list[int]:
    """Squares holding a shopper token; only that a token is there, never its number."""
    return [v for v, t in enumerate(g.token) if t]


def _density(g, v: int, tokens: list[int]) -> int:
    """Other tokens within one turn's move of ``v``: tomorrow's choices."""
    row = g.board.dist[v]
    return sum(1 for t in tokens if t != v and row[t] <= MOVEMENT)


def _capacity(g, seat: int) -> int:
    hand = g.hands[seat]
    return sum(hand[k] for k in ATTACKS) + g.infection[seat]


def _slay_value(left: int, cards: int, inf: int, clerk: bool) -> float:
    """Points from slaying ``left`` shoppers with ``cards`` and ``inf`` tokens,
    less the infection tokens it spends (cards come back at the draw)."""
    per_card = CLERK_COST if clerk else 1
    by_cards = min(left, cards // per_card)
    by_inf = min(left - by_cards, inf)
    return by_cards + by_inf * (1.0 - INFECTION_VALUE)


def _subsets(counts: list[int]):
    """Every sub-multiset of a hand of attack cards, as counts per value."""
    out: list[list[int]] = [[]]
    for c in counts:
        out = [prev + [k] for prev in out for k in range(c + 1)]
    return out
