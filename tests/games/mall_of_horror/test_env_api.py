"""Mall of Horror through the PettingZoo API, and exact copies of its engine."""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from zombie_envs import mall_of_horror_v0
from zombie_envs.core.aec import replay
from zombie_envs.games.mall_of_horror import render
from zombie_envs.games.mall_of_horror.engine import MallOfHorror

PLAYERS = [3, 4, 5, 6]


def legal_of(env):
    return np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()


def random_play(game, rng, steps=None):
    actions = []
    while not game.terminal and (steps is None or len(actions) < steps):
        a = rng.choice(game.legal)
        game.apply(a)
        actions.append(a)
    return actions


# ----- PettingZoo's own checks ------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_api_test(n):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation")
        api_test(mall_of_horror_v0.env(num_players=n), num_cycles=1000)


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_seed_test(n):
    seed_test(lambda: mall_of_horror_v0.env(num_players=n), num_cycles=500)


@pytest.mark.parametrize("n", PLAYERS)
def test_api_test_on_the_raw_env(n):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation")
        api_test(mall_of_horror_v0.raw_env(num_players=n), num_cycles=300)


# ----- construction, spaces, rendering ---------------------------------------------


def test_env_with_ansi_render():
    env = mall_of_horror_v0.env(num_players=4, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text.startswith("Mall of Horror - round")
    assert "view of spectator" in text
    rng = random.Random(0)
    while not env.unwrapped.game.terminal:
        env.step(rng.choice(legal_of(env)))
        assert isinstance(env.render(), str)
    assert "GAME OVER" in env.render()


def test_ansi_render_of_a_seat_shows_its_hand():
    env = mall_of_horror_v0.env(num_players=3, render_mode="ansi", render_seat=1)
    env.reset(seed=3)
    text = env.render()
    assert "view of player_1" in text and "hand:" in text


def test_human_render_prints(capsys):
    env = mall_of_horror_v0.env(num_players=3, render_mode="human")
    env.reset(seed=0)
    env.step(legal_of(env)[0])
    assert "Mall of Horror" in capsys.readouterr().out


def test_render_without_mode_returns_none():
    env = mall_of_horror_v0.env(num_players=3)
    env.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert env.render() is None


@pytest.mark.parametrize("n", PLAYERS)
def test_spaces_are_cached(n):
    env = mall_of_horror_v0.env(num_players=n)
    env.reset(seed=0)
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
    env.reset(seed=1)
    a = env.possible_agents[0]
    space = env.observation_space(a)
    assert env.observation_space(a) is space
    game = env.unwrapped.game
    assert space["observation"].shape == (game.obs_layout.size,)
    assert space["action_mask"].shape == (game.action_layout.size,)
    assert env.action_space(a).n == game.action_layout.size
    assert env.unwrapped.state_space.shape == (game.state_layout.size,)


@pytest.mark.parametrize("n", PLAYERS)
def test_observations_masks_and_state_every_step(n):
    env = mall_of_horror_v0.env(num_players=n)
    env.reset(seed=n)
    rng = random.Random(n)
    state_space = env.unwrapped.state_space
    while not env.unwrapped.game.terminal:
        game = env.unwrapped.game
        for agent in env.agents:
            obs = env.observe(agent)
            assert env.observation_space(agent).contains(obs)
            if agent == env.agent_selection:
                assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(game.legal)
            else:
                assert not obs["action_mask"].any()
        state = env.state()
        assert state.dtype == state_space.dtype and state_space.contains(state)
        env.step(rng.choice(legal_of(env)))
    state = env.state()
    assert state_space.contains(state)
    for agent in env.agents:
        assert not env.observe(agent)["action_mask"].any()


def test_mask_is_a_fresh_array():
    env = mall_of_horror_v0.env(num_players=4)
    env.reset(seed=0)
    a, b = env.possible_agents[:2]
    other = b if env.agent_selection == a else a
    env.observe(other)["action_mask"][0] = 1
    assert not env.observe(other)["action_mask"].any()


def test_max_rounds_caps_the_game():
    for seed in range(10):
        g = MallOfHorror(5, seed=seed, max_rounds=1)
        random_play(g, random.Random(seed))
        assert g.terminal and g.round == 1


# ----- clone, to_dict / from_dict and records --------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
@pytest.mark.parametrize("start", [0, 20, 60])
def test_clone_has_the_same_future(n, start):
    g = MallOfHorror(n, seed=100 + n)
    random_play(g, random.Random(start), start)
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    rng = random.Random(n * 1000 + start)
    while not g.terminal:
        a = rng.choice(g.legal)
        g.apply(a)
        c.apply(a)
        assert c.to_dict() == g.to_dict()
        assert np.array_equal(c.state_vector(), g.state_vector())
    assert c.terminal and c.scores() == g.scores()


@pytest.mark.parametrize("n", PLAYERS)
def test_clone_is_independent(n):
    g = MallOfHorror(n, seed=7)
    random_play(g, random.Random(1), 30)
    c = g.clone()
    snapshot = c.to_dict()
    random_play(g, random.Random(2))
    assert c.to_dict() == snapshot
    c2 = c.clone()
    c.hands[0][0] += 3
    c.loc[0] = 5
    c.zombies[1] += 2
    c.deck.append(0)
    c.played[1][2] += 1
    c.v_ballots[0] = 1
    c.rng.random()
    random_play(c, random.Random(3), 10)
    assert c2.to_dict() == snapshot


@pytest.mark.parametrize("n", PLAYERS)
@pytest.mark.parametrize("start", [0, 33, 77])
def test_to_dict_json_round_trip_continues_identically(n, start):
    g = MallOfHorror(n, seed=200 + n, zombie_return="once", max_rounds=40)
    random_play(g, random.Random(start), start)
    d = g.to_dict()
    text = json.dumps(d)
    loaded = MallOfHorror.from_dict(json.loads(text))
    assert loaded.to_dict() == d
    assert json.dumps(loaded.to_dict()) == text
    rng = random.Random(start + n)
    while not g.terminal:
        a = rng.choice(g.legal)
        g.apply(a)
        loaded.apply(a)
        assert loaded.to_dict() == g.to_dict()


def test_round_trip_of_a_finished_game():
    g = MallOfHorror(4, seed=1)
    random_play(g, random.Random(1))
    loaded = MallOfHorror.from_dict(json.loads(json.dumps(g.to_dict())))
    assert loaded.terminal and loaded.scores() == g.scores()
    assert loaded.winners() == g.winners()


def test_from_dict_refuses_wrong_game_or_version():
    d = MallOfHorror(3, seed=0).to_dict()
    with pytest.raises(ValueError, match="state is for game 'zombicide', not 'mall_of_horror'"):
        MallOfHorror.from_dict({**d, "game": "zombicide"})
    with pytest.raises(ValueError, match="state version 0 differs from engine version 1"):
        MallOfHorror.from_dict({**d, "version": 0})


@pytest.mark.parametrize("n", PLAYERS)
@pytest.mark.parametrize("steps", [0, 45, None])
def test_record_replays_identically(n, steps):
    env = mall_of_horror_v0.env(num_players=n)
    env.reset(seed=n * 7)
    rng = random.Random(steps)
    count = 0
    while not env.unwrapped.game.terminal and (steps is None or count < steps):
        env.step(rng.choice(legal_of(env)))
        count += 1
    record = json.loads(json.dumps(env.unwrapped.record()))
    again = replay(record, mall_of_horror_v0.env)
    assert again.game.to_dict() == env.unwrapped.game.to_dict()
    assert again.record() == env.unwrapped.record()
    for agent in again.agents:
        ours, theirs = env.observe(agent), again.observe(agent)
        assert np.array_equal(ours["observation"], theirs["observation"])
        assert np.array_equal(ours["action_mask"], theirs["action_mask"])


def test_record_refuses_wrong_env_or_version():
    env = mall_of_horror_v0.env(num_players=4)
    env.reset(seed=0)
    env.step(legal_of(env)[0])
    record = env.unwrapped.record()
    with pytest.raises(ValueError, match="record is for env 'tic_tac_toe_v3'"):
        replay({**record, "env": "tic_tac_toe_v3"}, mall_of_horror_v0.env)
    with pytest.raises(ValueError, match="engine version 2, this is version 1"):
        replay({**record, "version": 2}, mall_of_horror_v0.env)


def test_ansi_views_cover_every_seat():
    g = MallOfHorror(6, seed=2)
    random_play(g, random.Random(2), 40)
    for seat in [None, *range(6)]:
        text = render.ansi(g, seat)
        assert text.count("\n") >= 6 + 6
