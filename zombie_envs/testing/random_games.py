"""Seeded random games on an engine or an env, and what to compare along them.

Random legal play reaches states no hand-written scenario thinks of; seeding
it makes a failure replay exactly.  Every loop stops at ``MAX_DECISIONS`` so a
game that never ends fails instead of hanging.
"""

from __future__ import annotations

import random

import numpy as np

#: More decisions than any game of the suite takes with random play.
MAX_DECISIONS = 20_000


def random_play(game, rng: random.Random, steps: int | None = None) -> list[int]:
    """Play random legal actions on an engine; return them."""
    actions = []
    while not game.terminal and (steps is None or len(actions) < steps):
        assert len(actions) < MAX_DECISIONS, "the game does not end"
        a = rng.choice(game.legal)
        game.apply(a)
        actions.append(a)
    return actions


def legal_of(env) -> list[int]:
    """The legal actions of the acting agent, read from its mask as an agent would."""
    return np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()


def live_env(env, seed: int, steps: int):
    """``env`` reset with ``seed`` after up to ``steps`` random actions, never at the end,
    so a test always has a decision to probe."""
    env.reset(seed=seed)
    probe = env.unwrapped.game.clone()
    actions = random_play(probe, random.Random(seed), steps + 1)
    for a in actions[:-1] if probe.terminal else actions[:steps]:
        env.step(a)
    assert not env.unwrapped.game.terminal
    return env


def play_env(env, rng: random.Random, steps: int | None = None) -> int:
    """Play random legal actions through ``env.step``; return how many."""
    count = 0
    while not env.unwrapped.game.terminal and (steps is None or count < steps):
        assert count < MAX_DECISIONS, "the game does not end"
        env.step(rng.choice(legal_of(env)))
        count += 1
    return count


def play_out(env, rng: random.Random) -> dict:
    """Play to the end through ``agent_iter``, as a PettingZoo user would; return each
    agent's total reward."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    for count, agent in enumerate(env.agent_iter()):
        assert count < MAX_DECISIONS, "the game does not end"
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return total


def snapshot(env) -> dict:
    """Everything an env shows or holds, to check that a refused step changed nothing."""
    u = env.unwrapped
    return {
        "obs": {a: {k: v.tolist() for k, v in env.observe(a).items()} for a in env.agents},
        "state": env.state().tolist(),
        "agent": env.agent_selection,
        "engine": u.game.to_dict(),
        "rewards": dict(u.rewards),
        "cumulative": dict(u._cumulative_rewards),
        "terminations": dict(u.terminations),
        "truncations": dict(u.truncations),
        "agents": list(u.agents),
        "actions": list(u.actions_played),
    }


def expected_returns(game) -> list[float]:
    """Zero-sum rewards worked out from the winners alone, to check the env's own:
    they share +1, losers share -1; everyone 0 if everyone won; everyone -1/n if no
    seat won; everyone 0 if a safety cap truncated the game (it has no result)."""
    n, won = game.num_players, game.winners()
    if game.truncated:
        return [0.0] * n
    if not won:
        return [-1.0 / n] * n
    if len(won) == n:
        return [0.0] * n
    return [1.0 / len(won) if s in won else -1.0 / (n - len(won)) for s in range(n)]


def game_states(engine_cls, n: int, seed: int, max_decisions: int, **options):
    """Every state of one seeded random game, from the first decision to the end
    (the same engine object, mutated, so checking each state costs no copy); fails
    if the game runs past ``max_decisions``."""
    g = engine_cls(n, seed=seed, **options)
    rng = random.Random(seed)
    decisions = 0
    yield g
    while not g.terminal:
        assert decisions < max_decisions, "the game does not end"
        g.apply(rng.choice(g.legal))
        decisions += 1
        yield g


def live_states(engine_cls, seeds, setup_of, spread: tuple[int, int] | None = None):
    """``(seed, state)`` for every live state of seeded random games, each game
    set up by ``setup_of(seed) -> (players, options)`` (the same engine object,
    mutated).  With ``spread=(stride, span)`` a game yields from decision
    ``seed * stride % span`` on, so the first states found differ in depth."""
    for seed in seeds:
        n, options = setup_of(seed)
        g = engine_cls(n, seed=seed, **options)
        rng = random.Random(seed)
        skip = seed * spread[0] % spread[1] if spread else 0
        step = 0
        while not g.terminal:
            if step >= skip:
                yield seed, g
            g.apply(rng.choice(g.legal))
            step += 1


def state_clones(engine_cls, n: int, seed: int, every: int = 1, **options):
    """Clones of the states met in one seeded random game (every ``every``-th
    decision), ending with the final state: states a test may keep or change."""
    g = engine_cls(n, seed=seed, **options)
    rng = random.Random(seed)
    step = 0
    while not g.terminal:
        if step % every == 0:
            yield g.clone()
        g.apply(rng.choice(g.legal))
        step += 1
    yield g
