"""The one-seat self-play wrapper: opponents play inside ``step()``, the learner
gets only its own observations and reward, and the env passes both checkers."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

import zombie_envs
from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs.agents.network import MLPPolicy
from zombie_envs.registry import engine_class
from zombie_envs.training.selfplay import OpponentPool, SelfPlayEnv

ENVS = [("mall_of_horror_v0", 4), ("we_are_dead_v0", 3)]


def _random_policy(env: SelfPlayEnv, seed: int = 0) -> MLPPolicy:
    rng = np.random.default_rng(seed)
    n_obs, n_act = env.observation_space.shape[0], env.action_space.n
    return MLPPolicy(
        [
            (rng.normal(0, 0.1, (8, n_obs)), np.zeros(8)),
            (rng.normal(0, 1, (n_act, 8)), np.zeros(n_act)),
        ]
    )


def _play(env: SelfPlayEnv, seed: int):
    """Play one episode with random legal actions; returns the per-step records."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    steps = []
    while True:
        game = env.aec.game
        assert game.current_player == env.seat  # opponents already moved
        assert np.array_equal(obs, game.observation(env.seat))
        mask = env.action_masks()
        agent = env.aec.possible_agents[env.seat]
        assert np.array_equal(mask, env.aec.observe(agent)["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps.append((reward, terminated, info))
        assert not truncated
        if terminated:
            return steps


@pytest.mark.parametrize("name,n", ENVS)
def test_checkers_pass(name, n):
    env = SelfPlayEnv(name, n, {"random": 1, "heuristic": 1}, illegal_action="terminate", seed=0)
    gym_check_env(env, skip_render_check=True)
    sb3_check_env(SelfPlayEnv(name, n, {"heuristic": 1}, seed=1), warn=False)


@pytest.mark.parametrize("name", ENV_NAMES)
def test_ansi_render_is_the_learners_text_view(name, monkeypatch):
    declared(name, monkeypatch)
    env = SelfPlayEnv(name, engine_class(name).default_players, {"random": 1}, seed=2,
                      render_mode="ansi")  # fmt: skip
    env.reset(seed=2)
    game = env.aec.game
    assert env.render() == game.game_type.text_module.ansi(game, env.seat)
    assert SelfPlayEnv(name, engine_class(name).default_players, {"random": 1}).render() is None


def test_action_space_samples_legal_actions_and_pickles_plain():
    import pickle

    env = SelfPlayEnv("mall_of_horror_v0", 4, {"random": 1.0}, seed=0)
    env.reset(seed=0)
    for _ in range(30):
        assert env.action_masks()[env.action_space.sample()]
    plain = pickle.loads(pickle.dumps(env.action_space))
    assert type(plain).__name__ == "Discrete" and plain == env.action_space


def test_terminate_mode_ends_the_episode_on_an_illegal_action():
    env = SelfPlayEnv("mall_of_horror_v0", 4, {"random": 1.0}, illegal_action="terminate", seed=0)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    env.reset()
    assert env.action_masks().any()


@pytest.mark.parametrize("name,n", ENVS)
def test_learner_gets_only_its_own_reward_at_the_end(name, n):
    env = SelfPlayEnv(name, n, {"heuristic": 1.0}, seed=3)
    for episode in range(3):
        steps = _play(env, seed=episode)
        game = env.aec.game
        assert all(r == 0.0 for r, _, _ in steps[:-1])
        assert steps[-1][0] == pytest.approx(game.returns("zero_sum")[env.seat])
        winners = game.winners()
        share = 1 / len(winners) if env.seat in winners else 0.0
        assert steps[-1][2]["win_share"] == share


def test_learner_seat_rotates_over_episodes():
    env = SelfPlayEnv("mall_of_horror_v0", 4, {"random": 1.0}, seed=5)
    seats = []
    for episode in range(8):
        _, info = env.reset(seed=None if episode else 0)
        seats.append(info["seat"])
        assert info["opponents"][info["seat"]] == "learner"
    assert sorted(seats) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_same_seed_same_episode():
    a = SelfPlayEnv("we_are_dead_v0", 3, {"random": 1, "heuristic": 1}, seed=0)
    b = SelfPlayEnv("we_are_dead_v0", 3, {"random": 1, "heuristic": 1}, seed=99)
    oa, ia = a.reset(seed=11)
    ob, ib = b.reset(seed=11)
    assert np.array_equal(oa, ob) and ia == ib


def test_illegal_action_raises_and_env_stays_usable():
    env = SelfPlayEnv("mall_of_horror_v0", 4, {"random": 1.0}, seed=0)
    obs, _ = env.reset(seed=2)
    mask = env.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    before = env.aec.game.to_dict()
    with pytest.raises(ValueError, match=str(illegal)):
        env.step(illegal)
    assert env.aec.game.to_dict() == before
    env.step(int(np.flatnonzero(mask)[0]))


def test_opponents_come_from_the_pool_weights():
    env = SelfPlayEnv("mall_of_horror_v0", 4, {"current": 1.0}, seed=0)
    _, info = env.reset(seed=0)
    # no policy installed yet: policy kinds fall back to the heuristic
    assert sorted(info["opponents"]) == ["heuristic"] * 3 + ["learner"]
    env.set_policies(_random_policy(env))
    _, info = env.reset()
    assert sorted(info["opponents"]) == ["current"] * 3 + ["learner"]
    mixed = SelfPlayEnv("mall_of_horror_v0", 4, {"random": 1, "snapshot": 1}, seed=0)
    mixed.set_policies(_random_policy(mixed), [_random_policy(mixed, 1)])
    kinds = set()
    for episode in range(20):
        kinds |= set(mixed.reset(seed=None if episode else 0)[1]["opponents"])
    assert kinds == {"random", "snapshot", "learner"}


def test_opponents_per_role_of_an_asymmetric_game():
    """Maul of America's Zombie Controller seat draws from its role's mix, the
    Shopper seats from theirs, whichever seat the learner holds."""
    weights = {"zombie_controller": {"random": 1.0}, "shopper": {"heuristic": 1.0}}
    env = SelfPlayEnv("maul_of_america_v0", 3, weights, seed=0)
    learner_seats = set()
    for _ in range(6):
        _, info = env.reset()
        learner_seats.add(info["seat"])
        for seat, kind in enumerate(info["opponents"]):
            want = "learner" if seat == info["seat"] else "random" if seat == 0 else "heuristic"
            assert kind == want
    assert learner_seats == {0, 1, 2}
    with pytest.raises(ValueError, match="for each role of maul_of_america"):
        SelfPlayEnv("maul_of_america_v0", 3, {"shopper": {"heuristic": 1.0}}, seed=0)


def test_pool_rejects_bad_weights():
    with pytest.raises(ValueError, match="unknown opponent kinds"):
        OpponentPool({"randon": 1.0})
    with pytest.raises(ValueError, match="not all 0"):
        OpponentPool({"random": 0.0})


def test_policy_opponents_are_copies():
    """The pool's policies are numpy copies: changing the source changes nothing."""
    env = SelfPlayEnv("mall_of_horror_v0", 4, {"current": 1.0}, seed=0)
    weights = np.ones((env.action_space.n, env.observation_space.shape[0]))
    policy = MLPPolicy([(weights, np.zeros(env.action_space.n))])
    weights[:] = 5.0
    assert np.all(policy.layers[0][0] == 1.0)


def test_learner_observes_its_own_seat_in_the_suite_env_space():
    env = SelfPlayEnv("we_are_dead_v0", 3, {"random": 1.0}, seed=0)
    obs, _ = env.reset(seed=4)
    game = env.aec.game
    other = (env.seat + 1) % 3
    assert np.array_equal(obs, game.observation(env.seat))
    assert not np.array_equal(obs, game.observation(other))
    suite = zombie_envs.make("we_are_dead_v0").observation_space("player_0")["observation"]
    assert env.observation_space == suite
