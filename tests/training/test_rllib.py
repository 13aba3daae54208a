"""The RLlib backend: the multi-agent env passes RLlib's checks, masked logits
never pick an illegal move, each seat goes to its role's module or pool member,
and short runs train, checkpoint and export policies the suite's tools play."""

from __future__ import annotations

import csv
import os
import random
import signal
import subprocess
import sys
import time
from types import SimpleNamespace

import numpy as np
import pytest
import yaml

ray = pytest.importorskip("ray", reason="the rllib extra (Ray RLlib) is not installed")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.core.distribution.torch.torch_distribution import TorchCategorical  # noqa: E402
from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

from tests.envs_under_test import ENV_NAMES, declared  # noqa: E402
from zombie_envs.agents import make_agent  # noqa: E402
from zombie_envs.agents.network import CheckpointError  # noqa: E402
from zombie_envs.agents.policy_file import load_critic, load_policy  # noqa: E402
from zombie_envs.arena import play_game  # noqa: E402
from zombie_envs.cli.main import main  # noqa: E402
from zombie_envs.training.config import ConfigError, from_dict  # noqa: E402
from zombie_envs.training.rllib.env import ZombieMultiAgentEnv  # noqa: E402
from zombie_envs.training.rllib.modules import (  # noqa: E402
    HeuristicModule,
    MaskedMLPModule,
    RandomModule,
    to_policy,
)
from zombie_envs.training.rllib.seats import SeatMapping  # noqa: E402
from zombie_envs.training.rllib.trainer import RLLIB_CHECKPOINT, RLlibTrainer  # noqa: E402

pytestmark = pytest.mark.rllib

#: a short run: three players, every opponent kind in the mix, snapshots early
SHORT = {
    "env": "mall_of_horror_v0",
    "num_players": 3,
    "total_steps": 1500,
    "n_envs": 2,
    "hint": "heuristic",
    "policy": {"hidden": [32, 32]},
    "ppo": {"n_steps": 128, "batch_size": 128, "n_epochs": 2, "learning_rate_final": 0.0},
    "imitation": {"games": 0},
    "opponents": {"random": 0.3, "heuristic": 0.3, "current": 0.1, "snapshot": 0.3},
    "snapshot_every": 300,
    "max_snapshots": 2,
    "eval_every": 1000,
    "eval_games": 6,
    "save_every": 100_000,
    "rllib": {"num_env_runners": 1},
}


@pytest.fixture(scope="module")
def local_ray():
    """One small Ray for the whole module: starting it takes seconds."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _states(env_name, num_players, games, hint=None, seed=0):
    """``(env, observation dict)`` at every decision of a few random games."""
    env = ZombieMultiAgentEnv({"env": env_name, "num_players": num_players, "hint": hint})
    rng = random.Random(seed)
    for episode in range(games):
        obs, _ = env.reset(seed=seed + episode)
        while obs:
            (agent,) = obs
            yield env, obs[agent]
            legal = np.flatnonzero(obs[agent]["action_mask"])
            obs, _, done, truncated, _ = env.step({agent: int(rng.choice(legal))})
            if done["__all__"] or truncated["__all__"]:
                break


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_env_passes_rllibs_checks(env_name, monkeypatch):
    declared(env_name, monkeypatch)
    env = ZombieMultiAgentEnv({"env": env_name, "hint": "heuristic", "seed": 1})
    check_multiagent_environments(env)
    space = env.observation_spaces["player_0"]
    obs, _ = env.reset(seed=3)
    assert all(space.contains(o) for o in obs.values())


def test_env_asks_the_deciding_seat_and_pays_every_seat_that_played_at_the_end():
    env = ZombieMultiAgentEnv({"env": "mall_of_horror_v0", "num_players": 4})
    obs, _ = env.reset(seed=5)
    played, rng = set(), random.Random(5)
    while True:
        (agent,) = obs  # turn-based: only the deciding seat observes
        seat = int(agent[-1])
        assert seat == env.game.current_player
        mask = obs[agent]["action_mask"]
        assert np.array_equal(mask, env.game.legal_mask().astype(np.int8))
        suggested = int(np.argmax(obs[agent]["heuristic"]))
        assert obs[agent]["heuristic"].sum() == 1 and mask[suggested]
        assert np.array_equal(obs[agent]["observations"], env.game.observation(seat))
        with pytest.raises(ValueError):
            env.step({agent: int(np.flatnonzero(mask == 0)[0])})
        with pytest.raises(ValueError, match="is to move"):
            env.step({f"player_{(seat + 1) % 4}": suggested})
        played.add(agent)
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, rewards, done, truncated, _ = env.step({agent: action})
        if done["__all__"] or truncated["__all__"]:
            break
        assert rewards == {agent: 0.0}
    assert set(obs) == set(rewards) == played
    assert all(not o["action_mask"].any() for o in obs.values())
    returns = env.game.returns("zero_sum")
    assert rewards == {a: returns[int(a[-1])] for a in played}
    assert done["__all__"] != truncated["__all__"] == env.game.truncated


def _module(env, hint_scale=None, activation="tanh", hint_input=True):
    space = env.observation_spaces["player_0"]
    model = {
        "hidden": [16, 8],
        "activation": activation,
        "hint_scale": hint_scale,
        "hint_input": hint_input,
    }
    return MaskedMLPModule(
        observation_space=space, action_space=env.action_spaces["player_0"], model_config=model
    )


def _batch(observations):
    keys = observations[0]
    return {Columns.OBS: {k: torch.as_tensor(np.stack([o[k] for o in observations])) for k in keys}}


@pytest.mark.parametrize("hint", [None, "heuristic"])
def test_masked_logits_never_choose_illegal_actions(hint):
    states = list(_states("we_are_dead_v0", 3, 2, hint))
    env = states[0][0]
    module = _module(env, 3.0 if hint else None)
    with torch.no_grad():
        # weights that favour illegal moves: the mask must still win
        module.pi[-1].bias.copy_(torch.as_tensor(100.0 * (1 - states[0][1]["action_mask"])))
    batch = _batch([o for _, o in states])
    masks = batch[Columns.OBS]["action_mask"].bool()
    torch.manual_seed(0)
    for forward in (module.forward_exploration, module.forward_inference):
        dist = TorchCategorical(logits=forward(batch)[Columns.ACTION_DIST_INPUTS])
        for actions in [dist.sample() for _ in range(20)] + [dist.to_deterministic().sample()]:
            assert masks.gather(1, actions[:, None]).all()
    for fixed in (RandomModule, HeuristicModule):
        actions = fixed(observation_space=env.observation_spaces["player_0"]).forward_exploration(
            batch
        )[Columns.ACTIONS]
        assert masks.numpy()[np.arange(len(actions)), actions].all()
    heuristic = HeuristicModule(observation_space=env.observation_spaces["player_0"])
    assert np.array_equal(
        heuristic.forward_inference(batch)[Columns.ACTIONS],
        [np.argmax(o["heuristic"]) for _, o in states],
    )


@pytest.mark.parametrize(
    "hint,activation,hint_input",
    [(None, "relu", True), ("heuristic", "tanh", True), ("heuristic", "tanh", False)],
)
def test_a_module_exports_to_the_same_numpy_actor_and_critic(hint, activation, hint_input):
    states = list(_states("mall_of_horror_v0", 3, 1, hint))
    module = _module(states[0][0], 2.5 if hint else None, activation, hint_input)
    actor, critic = to_policy(module.get_state(), activation, module.skipped)
    assert actor.sizes[1:-1] == [16, 8] and actor.hint_scale == (2.5 if hint else 0.0)
    skipped = 0 if hint_input else actor.num_actions  # the MLPs skip the hint
    assert module.skipped == actor.hint_size == critic.hint_size == skipped
    batch = _batch([o for _, o in states])
    with torch.no_grad():
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS].numpy()
        values = module.compute_values(batch).numpy()
    x = np.stack([o["observations"] for _, o in states])
    legal = np.stack([o["action_mask"] for _, o in states]).astype(bool)
    np.testing.assert_allclose(actor.logits(x)[legal], logits[legal], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(critic.logits(x)[:, 0], values, rtol=1e-5, atol=1e-5)


def test_the_mapping_sends_each_seat_to_its_roles_learner_or_pool():
    """Maul of America: seat 0 is the Zombie Controller, the others Shoppers."""
    opponents = {
        "zombie_controller": {"heuristic": 1.0, "snapshot": 1.0},
        "shopper": {"random": 1.0, "current": 1.0},
    }
    mapping = SeatMapping("maul_of_america_v0", 3, opponents, per_role=True)
    seen = {0: set(), 1: set(), 2: set()}
    learners_per_episode = []
    for i in range(400):
        episode = SimpleNamespace(id_=f"episode-{i}")
        modules = [mapping(f"player_{s}", episode) for s in range(3)]
        assert modules == [mapping(f"player_{s}", episode) for s in range(3)]  # stable
        for s, m in enumerate(modules):
            seen[s].add(m)
        learners_per_episode.append(sum(m.startswith("learner") for m in modules))
    # no snapshot filled yet: a snapshot draw plays the learner, as OpponentPool does
    assert seen[0] == {"learner_zombie_controller", "heuristic"}
    assert seen[1] == seen[2] == {"learner_shopper", "random"}
    assert min(learners_per_episode) == 1  # one learning seat; "current" seats add more
    # the learning seat, plus each other seat's half chance of current (or, for the
    # Zombie Controller, an unfilled snapshot): 1 + 3 * 2/3 * 1/2 = 2 on average
    assert 1.8 < np.mean(learners_per_episode) < 2.2

    filled = SeatMapping("maul_of_america_v0", 3, opponents, True, {"learner_zombie_controller": 2})
    zc = {filled("player_0", SimpleNamespace(id_=i)) for i in range(300)}
    assert zc == {"learner_zombie_controller", "heuristic"} | {
        f"snapshot_zombie_controller_{k}" for k in range(2)
    }
    shared = SeatMapping("maul_of_america_v0", 3, {"random": 1.0}, per_role=False)
    assert {shared(f"player_{s}", SimpleNamespace(id_=1)) for s in range(3)} == {
        "learner",
        "random",
    }


def test_unsupported_settings_are_refused_before_ray_starts(tmp_path):
    cfg = from_dict({**SHORT, "greedy_opponents": True})
    with pytest.raises(ConfigError, match="greedy_opponents is not supported by the rllib"):
        RLlibTrainer(cfg, tmp_path, progress=False)
    assert not ray.is_initialized()
    with pytest.raises(SystemExit, match="need --backend rllib"):
        main(["train", "--config", "mall_of_horror", "--address", "auto"])
    with pytest.raises(SystemExit, match="no rllib run checkpoint at .*rllib_run.zip"):
        main(["train", "--backend", "rllib", "--resume", str(tmp_path)])
    assert not ray.is_initialized()  # a missing run is found before Ray starts


def test_short_run_trains_checkpoints_and_exports_a_playable_policy(local_ray, tmp_path):
    cfg = from_dict(SHORT)
    trainer = RLlibTrainer(cfg, tmp_path, progress=False)
    try:
        before = trainer.policies()["learner"][0]
        final = trainer.train()
        after, after_critic = trainer.policies()["learner"]
        filled = trainer.algo.env_runner_group.foreach_env_runner(
            lambda runner: runner.config.policy_mapping_fn.snapshots
        )
    finally:
        trainer.close()
    assert before != after  # PPO moved the weights
    assert trainer.steps >= 1500 and final["steps"] == trainer.steps
    assert trainer.env_steps > trainer.steps  # opponents' moves are env steps too
    # every kind of pool member played: learner, random, heuristic and a snapshot
    # (which snapshot a draw picks is chance, so no one snapshot is required)
    played = {m for m, n in trainer.module_steps.items() if n > 0}
    assert {"learner", "random", "heuristic"} <= played
    assert played & {"snapshot_0", "snapshot_1"}
    assert filled == [{"learner": 2}] * 2  # the local runner and the remote one
    for name in ("policy.zip", "best_policy.zip", "eval.csv", "metrics.csv", "learning_curve.png"):
        assert (tmp_path / name).stat().st_size > 0, name
    assert any((tmp_path / "tb").iterdir())
    policy, meta = load_policy(tmp_path / "policy.zip")
    assert policy == after and load_critic(tmp_path / "policy.zip") == after_critic
    assert meta["steps"] == trainer.steps and meta["hint"] == "heuristic"
    assert (meta["obs_size"], meta["num_actions"]) == (510 + 49, 49)
    assert meta["backend"].startswith("rllib 2.")
    with open(tmp_path / "metrics.csv") as f:
        metrics = list(csv.DictReader(f))
    rates = [float(r["value"]) for r in metrics if r["key"].endswith("learning_rate")]
    assert rates == sorted(rates, reverse=True) and rates[0] > rates[-1]  # the decay schedule
    rows = (tmp_path / "eval.csv").read_text().splitlines()[1:]
    assert [int(row.split(",")[0]) for row in rows] == [
        e["steps"] for e in trainer.evals for _ in cfg.eval_opponents
    ]
    assert [e["steps"] for e in trainer.evals] == [0, trainer.evals[1]["steps"], trainer.steps]

    # RLlib's checkpoint holds the learner module the policy file was taken from
    from ray.rllib.core.rl_module.rl_module import RLModule

    saved = tmp_path / RLLIB_CHECKPOINT / "learner_group" / "learner" / "rl_module" / "learner"
    restored = RLModule.from_checkpoint(saved)
    assert to_policy(restored.get_state(), "tanh")[0] == after

    agent = make_agent(f"ckpt:{tmp_path / 'policy.zip'}", cfg.env, 1, num_players=3)
    bots = [make_agent("heuristic", cfg.env, s) for s in (2, 3)]
    result = play_game(cfg.env, [agent, *bots], seed=4)
    assert result.moves > 0 and result.game.terminal


def test_per_role_run_from_the_command_line(local_ray, tmp_path, capsys):
    """Maul of America: a module per role, a warm start, no env runner process."""
    config = {
        **SHORT,
        "env": "maul_of_america_v0",
        "hint": None,
        "total_steps": 200,
        "imitation": {"games": 10, "epochs": 1},
        "opponents": {"heuristic": 1.0},
        "eval_every": 100_000,
        "eval_games": 3,
        "rllib": {"train_batch_size": 300},
    }
    path = tmp_path / "maul.yaml"
    path.write_text(yaml.safe_dump(config))
    run = tmp_path / "run"
    argv = ["train", "--backend", "rllib", "--config", str(path), "--out", str(run)]
    assert main([*argv, "--num-env-runners", "0", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "maul_of_america_v0, 3 players, after" in out
    assert "policy_zombie_controller.zip, policy_shopper.zip, rllib_checkpoint" in out
    assert not (run / "policy.zip").exists()
    for role, seats in (("zombie_controller", [0]), ("shopper", [1, 2])):
        policy, meta = load_policy(run / f"policy_{role}.zip")
        assert meta["role"] == role and meta["imitation"][f"learner_{role}"]["samples"] > 0
        agent = make_agent(f"ckpt:{run / f'policy_{role}.zip'}", config["env"], 0, num_players=3)
        seat = seats[0]
        agents = [make_agent("heuristic", config["env"], s) for s in range(3)]
        agents[seat] = agent
        assert play_game(config["env"], agents, seed=1).game.terminal
    with pytest.raises(
        SystemExit, match="already holds a run; continue it with --backend rllib --resume"
    ):
        main(argv)


def test_ctrl_c_saves_the_policy_and_exits_cleanly(tmp_path):
    """Ctrl-C from a terminal reaches the driver's process group; Ray's actors
    run in groups of their own, and stop with the driver."""
    config = {**SHORT, "hint": None, "total_steps": 10**6, "save_every": 300, "eval_games": 2}
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump(config))
    run = tmp_path / "run"
    # as from a terminal: SIGINT at its default (a background child inherits it ignored)
    terminal = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "os.execv(sys.executable, sys.argv[1:])"
    )
    argv = [sys.executable, "-c", terminal, sys.executable, "-m", "zombie_envs.cli", "train"]
    argv += ["--backend", "rllib", "--config", str(path), "--out", str(run), "--no-progress"]
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.time() + 120
        while not (run / RLLIB_CHECKPOINT).exists():  # saved after 300 steps: PPO is running
            assert proc.poll() is None and time.time() < deadline, proc.stderr.read()
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0
    steps = load_policy(run / "policy.zip")[1]["steps"]
    assert steps >= 300
    assert err.splitlines()[-1] == (
        f"interrupted: saved at {steps:,} steps; "
        f"continue with zombie-envs train --backend rllib --resume {run}"
    )


def test_a_run_resumes_from_its_data_files_where_it_stopped(local_ray, tmp_path, monkeypatch):
    """``--resume`` reads ``rllib_run.zip`` (data only; RLlib's own checkpoint,
    which unpickles, is never opened): the learners' weights and optimisers,
    the snapshots, RLlib's step counters and the run's schedule come back."""
    cfg = from_dict({**SHORT, "total_steps": 700})
    first = RLlibTrainer(cfg, tmp_path, progress=False)
    try:
        first.train()
        saved_actor = first.policies()["learner"][0]
        saved_snaps, saved_steps = first.snapshots["learner"], first.steps
        saved_evals = list(first.evals)
    finally:
        first.close()

    import ray.rllib.algorithms.algorithm as algorithm

    def refuse(*args, **kwargs):
        raise AssertionError("RLlib's own (pickled) checkpoint was opened")

    monkeypatch.setattr(algorithm.Algorithm, "from_checkpoint", refuse)
    resumed = RLlibTrainer.resume(tmp_path, progress=False, total_steps=saved_steps + 300)
    try:
        assert resumed.policies()["learner"][0] == saved_actor
        assert resumed.snapshots["learner"] == saved_snaps
        assert (resumed.steps, resumed.evals) == (saved_steps, saved_evals)
        resumed.train()
        assert resumed.steps >= saved_steps + 300  # RLlib's counters went on from the save
        assert resumed.evals[: len(saved_evals)] == saved_evals
    finally:
        resumed.close()
    with pytest.raises(CheckpointError, match="a run of the rllib backend: add --backend rllib"):
        from zombie_envs.training.train import Trainer

        Trainer.resume(tmp_path)
