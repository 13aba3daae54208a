"""Proof that an agent reads only what its seat may see, for every game.

At sampled decisions the agent acts on the real position and on copies where
``perturb`` changed other seats' secrets; with the same agent seed, a fair
agent acts the same.  ``coverage`` counts (decision, secret) pairs actually
changed, so a test can check the secrets that matter were exercised.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from zombie_envs.agents import RandomAgent


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
