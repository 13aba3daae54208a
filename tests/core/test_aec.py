"""The shared AEC adapter, exercised through Mall of Horror: registry, options,
illegal actions, rewards, seeding, records."""

from __future__ import annotations

import logging
import random

import numpy as np
import pytest

import zombie_envs
from zombie_envs import mall_of_horror_v0
from zombie_envs.core.aec import ZombieAECEnv, replay


def legal_of(env):
    return np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()


def advance(env, rng, steps):
    """Play ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if env.terminations[env.agent_selection]:
            return
        env.step(rng.choice(legal_of(env)))


def play_out(env, rng):
    """Play to the end with random legal actions; return each agent's total reward."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return total


def snapshot(env):
    u = env.unwrapped
    return {
        "obs": {a: {k: v.tolist() for k, v in env.observe(a).items()} for a in env.agents},
        "state": env.state().tolist(),
        "agent": env.agent_selection,
        "engine": u.game.to_dict(),
        "rewards": dict(u.rewards),
        "cumulative": dict(u._cumulative_rewards),
        "terminations": dict(u.terminations),
        "agents": list(u.agents),
        "actions": list(u.actions_played),
    }


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


def midgame_env(seed=3, steps=25, **kwargs):
    env = mall_of_horror_v0.env(num_players=4, **kwargs)
    env.reset(seed=seed)
    advance(env, random.Random(seed), steps)
    return env


@pytest.mark.parametrize("steps", [0, 10, 25, 40])
def test_masked_out_action_raises_and_changes_nothing(steps):
    env = midgame_env(steps=steps)
    legal = legal_of(env)
    illegal = next(a for a in range(env.action_space(env.agent_selection).n) if a not in legal)
    before = snapshot(env)
    with pytest.raises(ValueError) as err:
        env.step(illegal)
    message = str(err.value)
    assert f"illegal action {illegal}" in message
    assert "legal actions: " in message
    for a in legal:
        assert f"{a} (" in message.split("legal actions: ")[1]
    assert snapshot(env) == before
    env.step(legal[0])
    assert env.unwrapped.actions_played[-1] == legal[0]


@pytest.mark.parametrize("action", [None, 1.5, "a", -1, 10_000])
def test_non_actions_raise_value_error(action):
    env = midgame_env(steps=7)
    before = snapshot(env)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(action)
    assert snapshot(env) == before
    env.step(legal_of(env)[0])


def test_every_masked_out_action_is_refused():
    env = midgame_env(steps=12)
    legal = set(legal_of(env))
    before = snapshot(env)
    for a in range(env.action_space(env.agent_selection).n):
        if a not in legal:
            with pytest.raises(ValueError):
                env.step(a)
    assert snapshot(env) == before


def test_illegal_action_terminate_mode(caplog):
    env = midgame_env(steps=15, illegal_action="terminate")
    mover = env.agent_selection
    illegal = next(a for a in range(env.action_space(mover).n) if a not in legal_of(env))
    with caplog.at_level(logging.WARNING):
        env.step(illegal)
    assert "Illegal move" in caplog.text
    rewards = {}
    for agent in env.agent_iter():
        _, reward, term, trunc, _ = env.last()
        assert term or trunc
        rewards[agent] = reward
        env.step(None)
    assert rewards == {a: (-1.0 if a == mover else 0.0) for a in env.possible_agents}
    assert env.agents == []


def test_terminate_mode_plays_legal_games_normally():
    env = mall_of_horror_v0.env(num_players=3, illegal_action="terminate")
    env.reset(seed=4)
    total = play_out(env, random.Random(4))
    assert env.unwrapped.game.terminal
    assert sum(total.values()) == pytest.approx(0.0)


# ----- rewards ---------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_zero_sum_rewards(n, seed):
    env = mall_of_horror_v0.env(num_players=n)
    env.reset(seed=seed)
    total = play_out(env, random.Random(seed))
    game = env.unwrapped.game
    assert game.terminal
    won = game.winners()
    assert sum(total.values()) == pytest.approx(0.0)
    for i, agent in enumerate(env.possible_agents):
        if len(won) == n:
            expected = 0.0
        elif i in won:
            expected = 1.0 / len(won)
        else:
            expected = -1.0 / (n - len(won))
        assert total[agent] == pytest.approx(expected)
    assert sum(v > 0 for v in total.values()) == (0 if len(won) == n else len(won))


@pytest.mark.parametrize("n", [3, 6])
@pytest.mark.parametrize("seed", [0, 5])
def test_score_rewards_equal_final_points(n, seed):
    env = mall_of_horror_v0.env(num_players=n, reward="score")
    env.reset(seed=seed)
    total = play_out(env, random.Random(seed))
    scores = env.unwrapped.game.scores()
    assert [total[a] for a in env.possible_agents] == [float(s) for s in scores]


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


def test_record_replays_to_the_same_state():
    env = mall_of_horror_v0.env(num_players=5, zombie_return="once", max_rounds=7)
    env.reset(seed=5)
    env.reset()
    advance(env, random.Random(5), 50)
    record = env.unwrapped.record()
    assert record["env"] == "mall_of_horror_v0" and record["num_players"] == 5
    assert record["options"] == {"zombie_return": "once", "max_rounds": 7}
    again = replay(record, mall_of_horror_v0.env)
    assert again.game.to_dict() == env.unwrapped.game.to_dict()
    assert again.agent_selection == env.agent_selection
    assert np.array_equal(again.state(), env.state())


def test_record_of_a_finished_game_replays():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=21)
    play_out(env, random.Random(21))
    again = replay(env.unwrapped.record(), mall_of_horror_v0.env)
    assert again.game.terminal
    assert again.game.to_dict() == env.unwrapped.game.to_dict()


def test_record_from_other_env_or_version_refused():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=0)
    advance(env, random.Random(0), 5)
    record = env.unwrapped.record()
    with pytest.raises(ValueError, match="record is for env 'other_v0', not 'mall_of_horror_v0'"):
        replay({**record, "env": "other_v0"}, mall_of_horror_v0.env)
    with pytest.raises(ValueError, match="engine version 99, this is version 1"):
        replay({**record, "version": 99}, mall_of_horror_v0.env)


def test_record_with_an_illegal_action_is_refused():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=0)
    advance(env, random.Random(0), 5)
    record = env.unwrapped.record()
    with pytest.raises(ValueError, match="illegal action"):
        replay({**record, "actions": record["actions"] + [10_000]}, mall_of_horror_v0.env)


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
