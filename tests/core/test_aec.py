"""The shared AEC adapter, exercised through Mall of Horror: registry, options,
illegal actions, rewards, seeding, records."""

from __future__ import annotations

import random

import numpy as np
import pytest

import zombie_envs
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


# ----- registry ---------------------------------------------------------------


def test_registry_lists_mall_of_horror():
    assert "mall_of_horror_v0" in zombie_envs.ENVS
    for name, module in zombie_envs.ENVS.items():
        assert callable(module.env) and issubclass(module.raw_env, ZombieAECEnv)
        assert module.raw_env.metadata["name"] == name


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


# ----- illegal actions ---------------------------------------------------------


# ----- rewards ---------------------------------------------------------------


def test_no_reward_before_the_end():
    env = mall_of_horror_v0.env(num_players=4)
    env.reset(seed=8)
    rng = random.Random(8)
    while not env.unwrapped.game.terminal:
        for a in env.agents:
            assert env.rewards[a] == 0.0 and env._cumulative_rewards[a] == 0.0
        env.step(rng.choice(legal_of(env)))


def test_dead_step_needs_none():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=1)
    rng = random.Random(1)
    while not env.unwrapped.game.terminal:
        env.step(rng.choice(legal_of(env)))
    assert all(env.terminations.values())
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


def test_same_seed_same_game():
    e1, e2 = mall_of_horror_v0.env(num_players=5), mall_of_horror_v0.env(num_players=5)
    e1.reset(seed=123)
    e2.reset(seed=123)
    assert actions_trace(e1, random.Random(0)) == actions_trace(e2, random.Random(0))


def test_different_seeds_differ():
    states = set()
    for seed in range(6):
        env = mall_of_horror_v0.env(num_players=5)
        env.reset(seed=seed)
        states.add(env.unwrapped.game.seed)
    assert len(states) == 6


def test_unseeded_resets_continue_the_seeded_sequence():
    e1, e2 = mall_of_horror_v0.env(num_players=4), mall_of_horror_v0.env(num_players=4)
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


def test_record_of_a_finished_game_replays():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=21)
    play_out(env, random.Random(21))
    again = replay(env.unwrapped.record(), mall_of_horror_v0.env)
    assert again.game.terminal
    assert again.game.to_dict() == env.unwrapped.game.to_dict()


def test_record_with_an_illegal_action_is_refused():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=0)
    advance(env, random.Random(0), 5)
    record = env.unwrapped.record()
    edited = {**record, "actions": record["actions"] + [10_000]}
    with pytest.raises(ValueError, match="illegal action"):
        replay({**edited, "check": record_check(edited)}, mall_of_horror_v0.env)


def midgame_env(seed=3, steps=25, **kwargs):
    env = mall_of_horror_v0.env(num_players=4, **kwargs)
    env.reset(seed=seed)
    advance(env, random.Random(seed), steps)
    return env


def test_action_to_str_names_legal_actions():
    env = midgame_env(steps=5)
    for a in legal_of(env):
        name = env.unwrapped.action_to_str(a)
        assert isinstance(name, str) and name


def test_call_order_is_enforced_without_the_wrapper():
    """The env checks call order itself, with PettingZoo's own messages."""
    env = mall_of_horror_v0.env(num_players=4, render_mode="ansi")
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


def test_step_after_the_game_is_over_warns_and_changes_nothing():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []
    before = env.unwrapped.game.to_dict()
    env.step(None)
    assert env.unwrapped.game.to_dict() == before
