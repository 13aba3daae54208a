"""The env configurations the generic tests run on, built from ``zombie_envs.ENVS``, and
seeded random play.

A new env is covered by registering it: every env is tested at its fewest and
most players, and with each non-default value of each option that takes a
fixed set of values (a board, a placement rule) once.  The PettingZoo checks
run every player count on every board.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

import zombie_envs

#: Options that change the whole game and so are tried at every player count.
BOARD_OPTIONS = ("board",)
#: More decisions than any game of the suite takes with random play.
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class Config:
    """One env with one set of options."""

    name: str
    num_players: int
    options: dict = field(default_factory=dict)

    @property
    def module(self):
        return zombie_envs.ENVS[self.name]

    @property
    def engine_cls(self):
        return self.module.raw_env.engine_cls

    @property
    def id(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.options.items())
        return f"{self.name}-{self.num_players}p{extra}"

    def env(self, **kwargs):
        return zombie_envs.make(self.name, num_players=self.num_players, **self.options, **kwargs)

    def engine(self, seed: int):
        return self.engine_cls(self.num_players, seed=seed, **self.options)


def _choices(engine_cls) -> dict:
    """Option name -> its non-default allowed values, for options with a fixed set."""
    return {
        key: [v for v in allowed if v != default]
        for key, (default, allowed) in engine_cls.OPTIONS.items()
        if allowed is not None
    }


def _configs() -> list[Config]:
    out = []
    for name, module in zombie_envs.ENVS.items():
        cls = module.raw_env.engine_cls
        out += [Config(name, n) for n in sorted({cls.min_players, cls.max_players})]
        for key, values in _choices(cls).items():
            out += [Config(name, cls.default_players, {key: v}) for v in values]
    return out


def _api_configs() -> list[Config]:
    out = []
    for name, module in zombie_envs.ENVS.items():
        cls = module.raw_env.engine_cls
        boards = [{}]
        for key, values in _choices(cls).items():
            if key in BOARD_OPTIONS:
                boards += [{key: v} for v in values]
            else:
                out += [Config(name, cls.default_players, {key: v}) for v in values]
        players = range(cls.min_players, cls.max_players + 1)
        out += [Config(name, n, board) for board in boards for n in players]
    return out


#: Every env at its fewest and most players, plus each non-default option value once.
CONFIGS = _configs()
#: Every env at every player count on every board, plus each other option value once.
API_CONFIGS = _api_configs()
#: One default configuration per env.
DEFAULTS = [
    Config(name, m.raw_env.engine_cls.default_players) for name, m in zombie_envs.ENVS.items()
]


def ids(configs) -> list[str]:
    return [c.id for c in configs]


# ----- random play ---------------------------------------------------------------


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
    return np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()


def live_env(config: Config, seed: int, steps: int, **kwargs):
    """An env reset with ``seed`` after up to ``steps`` random actions, never at the end."""
    env = config.env(**kwargs)
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
    """Play to the end through ``agent_iter``; return each agent's total reward."""
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
    """Everything an env shows or holds, for before/after comparisons."""
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
    """Zero-sum rewards from the winners: they share +1, losers share -1;
    everyone 0 if everyone won; everyone -1/n if no seat won."""
    n, won = game.num_players, game.winners()
    if not won:
        return [-1.0 / n] * n
    if len(won) == n:
        return [0.0] * n
    return [1.0 / len(won) if s in won else -1.0 / (n - len(won)) for s in range(n)]


def game_states(engine_cls, n: int, seed: int, max_decisions: int, **options):
    """Every state of one seeded random game, from the first decision to the end
    (the same engine object, mutated); fails if the game runs past ``max_decisions``."""
    g = engine_cls(n, seed=seed, **options)
    rng = random.Random(seed)
    decisions = 0
    yield g
    while not g.terminal:
        assert decisions < max_decisions, "the game does not end"
        g.apply(rng.choice(g.legal))
        decisions += 1
        yield g


def state_clones(engine_cls, n: int, seed: int, every: int = 1, **options):
    """Clones of the states met in one seeded random game (every ``every``-th
    decision), ending with the final state."""
    g = engine_cls(n, seed=seed, **options)
    rng = random.Random(seed)
    step = 0
    while not g.terminal:
        if step % every == 0:
            yield g.clone()
        g.apply(rng.choice(g.legal))
        step += 1
    yield g
