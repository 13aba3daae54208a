"""The shared AEC adapter: registry, rewards, seeding, records and call order over
every env under test (the toy registered for each test), options through Mall of
Horror."""

from __future__ import annotations

import random

import numpy as np
import pytest

import zombie_envs
from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs import mall_of_horror_v0
from zombie_envs.core.aec import ZombieAECEnv, replay
from zombie_envs.core.record import record_check
from zombie_envs.testing import legal_of, play_out


def advance(env, rng, steps):
    """Play ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if env.terminations[env.agent_selection]:
            return
        env.step(rng.choice(legal_of(env)))


every_env = pytest.mark.parametrize("env_name", ENV_NAMES)


def maker(env_name, monkeypatch):
    """``env_name``'s env factory, the toy registered for the running test."""
    declared(env_name, monkeypatch)
    return zombie_envs.ENVS[env_name].env


# ----- registry ---------------------------------------------------------------


@every_env
def test_every_entry_module_makes_its_env(env_name, monkeypatch):
    declared(env_name, monkeypatch)
    module = zombie_envs.ENVS[env_name]
    assert callable(module.env) and issubclass(module.raw_env, ZombieAECEnv)
    assert module.raw_env.metadata["name"] == env_name
    assert isinstance(zombie_envs.make(env_name).unwrapped, module.raw_env)


def test_make_builds_the_wrapped_env():
    env = zombie_envs.make("mall_of_horror_v0", num_players=5)
    assert isinstance(env.unwrapped, mall_of_horror_v0.raw_env)
    env.reset(seed=0)
    assert env.possible_agents == [f"player_{i}" for i in range(5)]
    assert env.agent_selection in env.agents


def test_make_unknown_name_lists_available():
    with pytest.raises(ValueError, match=r"unknown env 'chess_v9'.*mall_of_horror_v0"):
        zombie_envs.make("chess_v9")


def test_default_num_players_is_four():
    env = mall_of_horror_v0.env()
    env.reset(seed=1)
    assert env.num_agents == 4


# ----- options -----------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 2}, "num_players must be an int from 3 to 6, got 2"),
        ({"num_players": 7}, "num_players must be an int from 3 to 6, got 7"),
        ({"num_players": "4"}, "num_players must be an int"),
        ({"reward": "x"}, r"reward must be one of \('zero_sum', 'score'\), got 'x'"),
        ({"render_mode": "x"}, "render_mode must be one of .*'ansi'.*got 'x'"),
        ({"colour": "red"}, r"unknown option\(s\) \['colour'\]"),
        ({"zombie_return": "x"}, r"zombie_return must be one of \['every', 'once', 'never'\]"),
        ({"max_rounds": 0}, "max_rounds must be an int >= 1"),
        ({"illegal_action": "ignore"}, "illegal_action must be one of"),
    ],
)
def test_bad_options_raise_clear_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mall_of_horror_v0.env(**kwargs)
    with pytest.raises(ValueError, match=message):
        zombie_envs.make("mall_of_horror_v0", **kwargs)


@pytest.mark.parametrize("mode", ["every", "once", "never"])
def test_zombie_return_options_accepted(mode):
    env = mall_of_horror_v0.env(num_players=3, zombie_return=mode)
    env.reset(seed=2)
    assert env.unwrapped.game.options["zombie_return"] == mode
    play_out(env, random.Random(0))


# ----- rewards ---------------------------------------------------------------


@every_env
def test_no_reward_before_the_end(env_name, monkeypatch):
    env = maker(env_name, monkeypatch)()
    env.reset(seed=8)
    rng = random.Random(8)
    while not env.unwrapped.game.terminal:
        for a in env.agents:
            assert env.rewards[a] == 0.0 and env._cumulative_rewards[a] == 0.0
        env.step(rng.choice(legal_of(env)))


@every_env
def test_dead_step_needs_none(env_name, monkeypatch):
    env = maker(env_name, monkeypatch)()
    env.reset(seed=1)
    rng = random.Random(1)
    while not env.unwrapped.game.terminal:
        env.step(rng.choice(legal_of(env)))
    assert all(env.terminations[a] or env.truncations[a] for a in env.agents)
    with pytest.raises(ValueError):
        env.step(0)


# ----- seeding and records ------------------------------------------------------


def actions_trace(env, rng, steps=60):
    trace = []
    for _ in range(steps):
        if env.unwrapped.game.terminal:
            break
        a = rng.choice(legal_of(env))
        trace.append((env.agent_selection, a, env.state().tobytes()))
        env.step(a)
    return trace


@every_env
def test_same_seed_same_game(env_name, monkeypatch):
    make = maker(env_name, monkeypatch)
    e1, e2 = make(), make()
    e1.reset(seed=123)
    e2.reset(seed=123)
    assert actions_trace(e1, random.Random(0)) == actions_trace(e2, random.Random(0))


@every_env
def test_different_seeds_differ(env_name, monkeypatch):
    make, states = maker(env_name, monkeypatch), set()
    for seed in range(6):
        env = make()
        env.reset(seed=seed)
        states.add(env.unwrapped.game.seed)
    assert len(states) == 6


@every_env
def test_unseeded_resets_continue_the_seeded_sequence(env_name, monkeypatch):
    make = maker(env_name, monkeypatch)
    e1, e2 = make(), make()
    e1.reset(seed=9)
    e2.reset(seed=9)
    seeds1 = [e1.unwrapped.seed_used]
    seeds2 = [e2.unwrapped.seed_used]
    for _ in range(3):
        e1.reset()
        e2.reset()
        seeds1.append(e1.unwrapped.seed_used)
        seeds2.append(e2.unwrapped.seed_used)
    assert seeds1 == seeds2
    assert len(set(seeds1)) == 4


@every_env
def test_record_of_a_finished_game_replays(env_name, monkeypatch):
    make = maker(env_name, monkeypatch)
    env = make()
    env.reset(seed=21)
    play_out(env, random.Random(21))
    again = replay(env.unwrapped.record(), make)
    assert again.game.terminal
    assert again.game.to_dict() == env.unwrapped.game.to_dict()


@every_env
def test_record_with_an_illegal_action_is_refused(env_name, monkeypatch):
    make = maker(env_name, monkeypatch)
    env = make()
    env.reset(seed=0)
    advance(env, random.Random(0), 5)
    record = env.unwrapped.record()
    edited = {**record, "actions": record["actions"] + [10_000]}
    with pytest.raises(ValueError, match="illegal action"):
        replay({**edited, "check": record_check(edited)}, make)


@every_env
def test_action_to_str_names_legal_actions(env_name, monkeypatch):
    env = maker(env_name, monkeypatch)()
    env.reset(seed=3)
    advance(env, random.Random(3), 5)
    for a in legal_of(env):
        name = env.unwrapped.action_to_str(a)
        assert isinstance(name, str) and name


@every_env
def test_call_order_is_enforced_without_the_wrapper(env_name, monkeypatch):
    """The env checks call order itself, with PettingZoo's own messages."""
    env = maker(env_name, monkeypatch)(render_mode="ansi")
    for call in (
        lambda: env.step(0),
        lambda: env.observe("player_0"),
        env.state,
        env.render,
        env.agent_iter,
    ):
        with pytest.raises(AssertionError, match="reset"):
            call()
    with pytest.raises(AttributeError):
        _ = env.rewards
    env.reset(seed=1)
    assert env.observe("player_0")["action_mask"].dtype == np.int8


@every_env
def test_step_after_the_game_is_over_warns_and_changes_nothing(env_name, monkeypatch):
    env = maker(env_name, monkeypatch)()
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []
    before = env.unwrapped.game.to_dict()
    env.step(None)
    assert env.unwrapped.game.to_dict() == before
