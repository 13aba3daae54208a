"""Training throughput of the RLlib backend with 1, 2, ... env runners, beside the SB3 trainer.

Both run the same config (network, PPO settings, opponent mix; no warm start,
no evaluation) for ``--steps`` learner steps (moves of the learned policy).
Two rates per run: learner steps/s, what ``total_steps`` counts in both
backends, and env steps/s, every seat's moves (in RLlib each opponent's move
is an env step through its module; in SB3 the opponents play inside the
learner's step, counted here from the games' move lists).  RLlib's first
iteration (actors starting, first weights sync) is left out of its rates; its
sampling share is the part of an iteration spent collecting moves (the rest is
mostly the learner's update), what more env runners can shorten.

    python benchmarks/bench_rllib.py [--config mall_of_horror] [--steps 30000] [--runners 1 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time

import ray
import torch as th
from bench_training import run as run_sb3
from ray.rllib.utils.metrics import ENV_RUNNER_SAMPLING_TIMER, LEARNER_UPDATE_TIMER, TIMERS

from zombie_envs.training.config import load_config
from zombie_envs.training.rllib.trainer import RLlibTrainer
from zombie_envs.training.sb3.plumbing import make_env


def rllib_rates(cfg, runners: int, steps: int) -> tuple[float, float, int, float]:
    """Learner and env steps per second after the first iteration, the env
    steps per iteration, and the share of an iteration spent sampling (the
    rest is mostly the learner's update)."""
    with tempfile.TemporaryDirectory() as run_dir:
        trainer = RLlibTrainer(cfg, run_dir, progress=False, num_env_runners=runners)
        try:
            trainer.count_steps(trainer.algo.train())  # warm-up: actors, connectors, first sync
            first, first_env = trainer.steps, trainer.env_steps
            sampling = updating = 0.0
            start = time.perf_counter()
            while trainer.steps - first < steps:
                result = trainer.algo.train()
                trainer.count_steps(result)
                sampling += result[TIMERS][ENV_RUNNER_SAMPLING_TIMER]
                updating += result[TIMERS][LEARNER_UPDATE_TIMER]
            wall = time.perf_counter() - start
        finally:
            trainer.close()
    share = sampling / (sampling + updating)
    return (trainer.steps - first) / wall, (trainer.env_steps - first_env) / wall, first_env, share


def moves_per_learner_step(cfg, episodes: int = 20) -> float:
    """All seats' moves per learner move in SB3's ``SelfPlayEnv`` (random play)."""
    env = make_env(cfg, cfg.seed)()
    moves = learner = 0
    for episode in range(episodes):
        env.reset(seed=episode)
        done = False
        while not done:
            _, _, done, truncated, _ = env.step(env.action_space.sample())
            done = done or truncated
            learner += 1
        moves += len(env.aec.actions_played)
    return moves / learner


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="mall_of_horror", help="a shipped config or a file")
    parser.add_argument("--steps", type=int, default=30_000, help="learner steps per run")
    parser.add_argument("--runners", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument(
        "--batch", type=int, help="RLlib env steps per update (rllib.train_batch_size)"
    )
    parser.add_argument("--no-sb3", action="store_true", help="RLlib only")
    args = parser.parse_args(argv)
    cfg = load_config(args.config)
    cfg = dataclasses.replace(
        cfg,
        rllib=dataclasses.replace(
            cfg.rllib, train_batch_size=args.batch or cfg.rllib.train_batch_size
        ),
        imitation=dataclasses.replace(cfg.imitation, games=0),
        eval_every=10**12,
        snapshot_every=10**12,
        save_every=10**12,
    )
    th.set_num_threads(cfg.torch_threads)
    ray.init(address="local", include_dashboard=False, log_to_driver=False, configure_logging=False)
    rows = []
    try:
        for runners in args.runners:
            runs = [rllib_rates(cfg, runners, args.steps) for _ in range(args.rounds)]
            learner, env, _, share = (statistics.median(r[i] for r in runs) for i in range(4))
            name = f"RLlib, {runners} env runner(s), {runs[0][2]:,} env steps/iteration"
            rows.append((name, learner, env, f"{100 * share:.0f}%"))
    finally:
        ray.shutdown()
    if not args.no_sb3:
        ratio = moves_per_learner_step(cfg)
        fns = [make_env(cfg, cfg.seed + i) for i in range(cfg.n_envs)]
        learner = statistics.median(run_sb3(cfg, fns, args.steps)[0] for _ in range(args.rounds))
        name = f"SB3 MaskablePPO, {cfg.n_envs} {cfg.vec_env} envs"
        rows.append((name, learner, learner * ratio, ""))
    print(f"{cfg.env}, {cfg.players} players, config {args.config}, {args.steps:,} learner steps")
    print("| trainer | learner steps/s | env steps/s | sampling share |")
    print("|---|---:|---:|---:|")
    for name, learner, env, share in rows:
        print(f"| {name} | {learner:,.0f} | {env:,.0f} | {share} |")
    command = f"python benchmarks/bench_rllib.py --config {args.config} --steps {args.steps}"
    command += f" --runners {' '.join(map(str, args.runners))}"
    print(f"\n{command}" + (f" --batch {args.batch}" if args.batch else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
