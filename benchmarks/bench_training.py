"""Training throughput and where a learner step goes, against a zero-cost env of the same shape.

For each game, MaskablePPO runs ``--steps`` learner steps with the game's
config (network, PPO settings, worker processes, opponent mix with the
current policy installed as an opponent), once on ``SelfPlayEnv`` and once
on ``NullEnv``: same spaces, same episode length, no game at all.  The ratio
of the two speeds is what the env costs.  A step's wall time splits into the
wait on the workers (env; of it, the share the workers spent playing the
other seats: opponents), the rest of the rollout (the learner's forward
pass and buffer) and PPO's update.  Runs alternate, so machine drift hits
both alike.

With ``--profile`` it also runs one in-process (``DummyVecEnv``) training
under cProfile and prints where the env's time goes.

With ``--networks mlp,board,board-shared`` each grid game is measured with
each network (the config's MLP; a board network with a 128-wide trunk; the
same with one encoder for the actor and the critic), alternated in the same run.

    python benchmarks/bench_training.py [--steps 30000] [--rounds 2] [--profile]
                                        [--networks mlp,board,board-shared]
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import pstats
import statistics
import time
from pathlib import Path

import gymnasium
import numpy as np
import torch as th
from gymnasium import spaces
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

from zombie_envs.registry import engine_class
from zombie_envs.training.config import load_config
from zombie_envs.training.sb3.plumbing import TimedVecEnv, make_env
from zombie_envs.training.sb3.policy import new_model, policy_from_model

ROOT = Path(__file__).resolve().parents[1]
SHARES = ("env", "opponents", "rollout", "update")
GAMES = ("mall_of_horror", "we_are_dead", "maul_of_america", "zombies_mall_walkers")


class NullEnv(gymnasium.Env):
    """The spaces of a suite env, a fixed episode length, no game: PPO's own cost."""

    def __init__(self, obs_size: int, num_actions: int, length: int):
        self.observation_space = spaces.Box(0, 127, (obs_size,), np.int8)
        self.action_space = spaces.Discrete(num_actions)
        self.length = length
        self.t = 0
        self._obs = np.zeros(obs_size, dtype=np.int8)
        self._mask = np.ones(num_actions, dtype=bool)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.t = 0
        return self._obs, {}

    def step(self, action):
        self.t += 1
        return self._obs, 0.0, self.t >= self.length, False, {}

    def action_masks(self):
        return self._mask

    def set_policies(self, current, snapshots=None):
        """Accepts the pool updates ``SelfPlayEnv`` gets, and ignores them."""


class TimedWorker:
    """Builds one ``SelfPlayEnv`` worker that counts its seconds in ``step``
    and, within them, in the other seats' moves (``timings``)."""

    def __init__(self, cfg, seed: int):
        self.make = make_env(cfg, seed)

    def __call__(self):
        env = self.make()
        env.timings = {"step": 0.0, "opponents": 0.0}
        for name, key in (("step", "step"), ("_play_opponents", "opponents")):
            setattr(env, name, _timed(getattr(env, name), env.timings, key))
        return env


def _timed(fn, timings: dict, key: str):
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            timings[key] += time.perf_counter() - start

    return timed


def run(cfg, fns, steps: int) -> tuple[float, dict]:
    """Steps per second for ``steps`` learner steps, and the shares of wall
    time: ``env`` (waiting on the workers), ``opponents`` (the part of that
    the workers spent on the other seats), ``rollout`` (the rest of the
    rollout: the learner's forward pass, the buffer) and ``update`` (PPO)."""
    vec = (
        SubprocVecEnv(fns, start_method="forkserver")
        if cfg.vec_env == "subproc"
        else DummyVecEnv(fns)
    )
    vec = TimedVecEnv(vec)
    model = new_model(cfg, vec, cfg.seed)  # the network training builds, hint and all
    vec.env_method("set_policies", policy_from_model(model), [policy_from_model(model)])
    update = {"update": 0.0}
    model.train = _timed(model.train, update, "update")
    start = time.perf_counter()
    model.learn(steps)
    wall = time.perf_counter() - start
    workers = vec.get_attr("timings") if isinstance(fns[0], TimedWorker) else []
    vec.close()
    env = vec.env_seconds / wall
    stepped = sum(t["step"] for t in workers)
    opponents = env * sum(t["opponents"] for t in workers) / stepped if stepped else 0.0
    shares = {
        "env": env,
        "opponents": opponents,
        "rollout": 1 - env - update["update"] / wall,
        "update": update["update"] / wall,
    }
    return model.num_timesteps / wall, shares


def episode_length(cfg) -> int:
    env = make_env(cfg, 0)()
    lengths = []
    for episode in range(20):
        env.reset(seed=episode)
        t, done = 0, False
        while not done:
            _, _, done, _, _ = env.step(env.action_space.sample())
            t += 1
        lengths.append(t)
    return round(statistics.mean(lengths))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--profile", action="store_true", help="cProfile one in-process run")
    parser.add_argument(
        "--networks",
        default="mlp",
        help="mlp, board, board-shared (comma-separated): board in grid games only",
    )
    args = parser.parse_args(argv)
    th.set_num_threads(1)
    print(
        "| game | players | network | env | steps/s | env | of it opponents | rollout forward "
        "| update | null env steps/s | speed vs null |"
    )
    print("|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for game in args.games:
        base_cfg = load_config(ROOT / "configs" / f"{game}.yaml")
        engine = engine_class(base_cfg.env)
        length = episode_length(base_cfg)
        width = make_env(base_cfg, 0)().observation_space.shape[0]  # with the hint, if any
        networks = [
            n for n in args.networks.split(",") if n == "mlp" or engine.obs_layout.per_square
        ]
        cfgs = {n: with_network(base_cfg, n) for n in networks}
        ours, null, shares = ({n: [] for n in networks} for _ in range(3))
        for _ in range(args.rounds):
            for name, cfg in cfgs.items():  # alternated: drift hits every network alike
                workers = [TimedWorker(cfg, cfg.seed + i) for i in range(cfg.n_envs)]
                rate, share = run(cfg, workers, args.steps)
                ours[name].append(rate)
                shares[name].append(share)
                shape = (width, engine.action_layout.size, length)
                nulls = [lambda s=shape: NullEnv(*s)] * cfg.n_envs
                null[name].append(run(cfg, nulls, args.steps)[0])
        for name, cfg in cfgs.items():
            rate, base = statistics.median(ours[name]), statistics.median(null[name])
            share = {k: statistics.median(s[k] for s in shares[name]) for k in SHARES}
            parts = " | ".join(f"{100 * share[k]:.1f}%" for k in SHARES)
            print(
                f"| {cfg.env} | {cfg.players} | {name} | SelfPlayEnv x{cfg.n_envs} {cfg.vec_env} "
                f"| {rate:,.0f} | {parts} | {base:,.0f} | {rate / base:.2f} |"
            )
    if args.profile:
        for game in args.games:
            profile(load_config(ROOT / "configs" / f"{game}.yaml"), args.steps)
    return 0


def profile(cfg, steps: int) -> None:
    """One in-process run under cProfile: the env's share of CPU time and its parts."""
    cfg = dataclasses.replace(cfg, vec_env="dummy")
    fns = [make_env(cfg, cfg.seed + i) for i in range(cfg.n_envs)]
    prof = cProfile.Profile()
    prof.enable()
    run(cfg, fns, steps)
    prof.disable()
    stats = pstats.Stats(prof)
    total = stats.total_tt
    rows = {}
    for (path, _, name), (_, _, _, cum, _) in stats.stats.items():
        if name in ("step", "reset") and path.endswith("selfplay.py"):
            rows["SelfPlayEnv.step/reset"] = rows.get("SelfPlayEnv.step/reset", 0) + cum
        elif name == "_play_opponents":
            rows["  opponents' moves"] = cum
        elif name == "act" and path.endswith("bots.py"):
            rows["    heuristic bots"] = cum
        elif name == "act" and path.endswith("policy.py"):
            rows["    policy opponents (numpy)"] = cum
        elif name == "observation" and path.endswith("game.py"):
            rows["  observation encoding"] = rows.get("  observation encoding", 0) + cum
    print(f"\n{cfg.env}: in-process run, {steps:,} steps, {total:.1f} s of profiled CPU time")
    for key, cum in rows.items():
        print(f"{key:32s} {100 * cum / total:5.1f}%")


def with_network(cfg, network: str):
    """The config with ``network``: its own for ``mlp``; for ``board``, a board
    network with a 128-wide trunk; ``board-shared``, the same with one encoder
    for the actor and the critic."""
    if network == "mlp":
        return cfg
    policy = dataclasses.replace(
        cfg.policy, network="board", hidden=[128], activation="relu",
        share_encoder=network == "board-shared",
    )  # fmt: skip
    return dataclasses.replace(cfg, policy=policy)


if __name__ == "__main__":
    raise SystemExit(main())
