"""Every env of the registry pickles and continues identically, and misuse gets
the documented errors: ``ValueError`` for bad input, PettingZoo's order error
before ``reset``."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import zombie_envs
from tests.envs_under_test import DEFAULTS, MODULES, ids
from zombie_envs.testing import legal_of, play_env

every_env = pytest.mark.parametrize("cfg", DEFAULTS, ids=ids(DEFAULTS))
both_modes = pytest.mark.parametrize("mode", ["raise", "terminate"])


def _trace(env, rng: random.Random, steps: int) -> list:
    """Observations, rewards and flags of ``steps`` random legal moves (fewer at the end)."""
    out = []
    for _ in range(steps):
        obs, reward, term, trunc, _ = env.last()
        out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term))
        if term or trunc:
            env.step(None)
            if not env.agents:
                break
        else:
            env.step(rng.choice(legal_of(env)))
    return out


def test_every_registered_env_is_covered():
    assert {c.name for c in DEFAULTS} == set(MODULES) >= set(zombie_envs.ENVS)


@every_env
@both_modes
def test_env_pickles_and_continues_identically(cfg, mode):
    env = pickle.loads(pickle.dumps(cfg.env(illegal_action=mode)))  # before reset, too
    env.reset(seed=3)
    play_env(env, random.Random(0), 25)
    copy = pickle.loads(pickle.dumps(env))
    assert type(copy.unwrapped) is type(env.unwrapped)
    assert _trace(copy, random.Random(1), 10_000) == _trace(env, random.Random(1), 10_000)
    env.reset()  # the seed sequence continues identically too
    copy.reset()
    assert np.array_equal(copy.state(), env.state())


@every_env
@both_modes
def test_observe_of_a_non_agent_names_the_agents(cfg, mode):
    env = cfg.env(illegal_action=mode)
    env.reset(seed=0)
    for who in ("player_99", 0, None):
        with pytest.raises(ValueError, match=r"unknown agent .*player_0, player_1"):
            env.observe(who)
        with pytest.raises(ValueError, match=r"unknown agent"):
            env.action_space(who)
        with pytest.raises(ValueError, match=r"unknown agent"):
            env.observation_space(who)


@every_env
@both_modes
def test_last_before_reset_is_an_order_error(cfg, mode):
    env = cfg.env(illegal_action=mode)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before last"):
        env.last()
    env.reset(seed=0)
    assert env.last()[0]["action_mask"].any()


@every_env
@both_modes
@pytest.mark.parametrize(
    "action", [1.5, float("nan"), "0", {"a": 1}, [0], None, True, -1, 10_000, 2.0]
)
def test_non_actions_raise_value_error_in_both_modes(cfg, mode, action):
    env = cfg.env(illegal_action=mode)
    env.reset(seed=4)
    play_env(env, random.Random(4), 5)
    before = (env.unwrapped.game.to_dict(), env.agent_selection, dict(env.terminations))
    with pytest.raises(ValueError, match="illegal action"):
        env.step(action)
    assert (env.unwrapped.game.to_dict(), env.agent_selection, dict(env.terminations)) == before
    env.step(legal_of(env)[0])  # the game goes on


@every_env
def test_an_integer_in_range_but_illegal_ends_the_game_in_terminate_mode(cfg):
    env = cfg.env(illegal_action="terminate")
    env.reset(seed=4)
    play_env(env, random.Random(4), 5)
    n = env.action_space(env.agent_selection).n
    illegal = next(a for a in range(n) if a not in legal_of(env))
    env.step(np.int64(illegal))
    assert all(env.terminations.values())
