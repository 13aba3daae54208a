"""Proof that an agent reads only what its seat may see, for any engine.

At sampled decisions the agent acts on the real position and on copies where
``perturb`` changed other seats' secrets; with the same agent seed, a fair
agent acts the same.  ``coverage`` counts (decision, secret) pairs actually
changed, so a test can check the secrets that matter were exercised.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from ..core.agent import RandomAgent


def blindness_violations(
    agent_cls,
    games: Iterable,
    perturb: Callable,
    draws: int = 2,
    sample: Callable = lambda step, g: True,
    seed: int = 0,
):
    """Play ``games`` (fresh engines; even seats are the agent, odd seats random)."""
    rng = random.Random(seed)
    violations, coverage = [], Counter()
    for g in games:
        n = g.num_players
        players = [agent_cls(s) if s % 2 == 0 else RandomAgent(s) for s in range(n)]
        step = 0
        while not g.terminal:
            seat = g.current_player
            step += 1
            if sample(step, g):
                expected = agent_cls(77).act(g, seat)
                for _ in range(draws):
                    h, changed = perturb(g, seat, rng)
                    coverage.update((g.decision, what) for what in changed)
                    got = agent_cls(77).act(h, seat)
                    if got != expected:
                        violations.append((g.decision, sorted(changed), expected, got))
            g.apply(players[seat].act(g, seat))
    return violations, coverage


def reshuffle_hands(h, seat: int, kinds: int, rng: random.Random) -> bool:
    """Deal every other seat a random hand of the same size; True if one changed."""
    changed = False
    for s in range(h.num_players):
        if s == seat:
            continue
        hand = [0] * kinds
        for _ in range(sum(h.hands[s])):
            hand[rng.randrange(kinds)] += 1
        if hand != h.hands[s]:
            h.hands[s] = hand
            changed = True
    return changed


def reshuffle_deck(h, rng: random.Random) -> bool:
    """Put the deck in another order; True if that was possible."""
    if len(set(h.deck)) <= 1:
        return False
    before = list(h.deck)
    while h.deck == before:
        rng.shuffle(h.deck)
    return True
