"""Speed and memory of every env, against PettingZoo's texas_holdem_v4 in the same run.

Random masked play through the standard AEC loop (``agent_iter`` / ``last`` /
``step``), the two envs alternating in short slices so machine noise hits both
alike; then engine-only decisions/s (legal mask + apply, no observation) on one
core (best of the slices), and the memory of one env instance.  Prints
figures; asserts nothing.

    python benchmarks/bench_envs.py [--seconds 2] [--slices 5]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

import numpy as np
from pettingzoo.classic import texas_holdem_v4

import zombie_envs

PEER = "texas_holdem_v4"


def aec_turns(env, seconds: float, rng: random.Random) -> float:
    """Turns per second of random masked play through the AEC API."""
    turns, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=rng.randrange(2**31))
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            action = None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]))
            env.step(action)
            turns += 1
    return turns / (time.perf_counter() - start)


def engine_decisions(engine_cls, num_players: int, seconds: float, rng: random.Random) -> float:
    """Decisions per second of the bare engine: mask + apply, no observation."""
    decisions, start = 0, time.perf_counter()
    mask = np.zeros(engine_cls.action_layout.size, dtype=np.int8)
    while time.perf_counter() - start < seconds:
        game = engine_cls(num_players, seed=rng.randrange(2**31))
        while not game.terminal:
            game.legal_mask(mask)
            game.apply(rng.choice(game.legal))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def instance_bytes(factory) -> int:
    """Bytes allocated by one reset env (mean over 20 instances)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    envs = []
    for i in range(20):
        env = factory()
        env.reset(seed=i)
        envs.append(env)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) // len(envs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one slice")
    parser.add_argument("--slices", type=int, default=5, help="alternations per env")
    parser.add_argument("--env", nargs="*", default=sorted(zombie_envs.ENVS))
    args = parser.parse_args()
    rng = random.Random(0)
    peer = texas_holdem_v4.env()
    peer_mem = instance_bytes(texas_holdem_v4.env)
    print(f"peer {PEER}: {peer_mem / 1024:.0f} KiB per instance")
    print(
        "| env | players | AEC turns/s | peer turns/s | ratio | engine decisions/s "
        "| KiB/env | KiB/engine clone |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in args.env:
        module = zombie_envs.ENVS[name]
        engine_cls = module.raw_env.engine_cls
        n = engine_cls.default_players
        env = module.env(num_players=n)
        ours, theirs = [], []
        for _ in range(args.slices):
            ours.append(aec_turns(env, args.seconds, rng))
            theirs.append(aec_turns(peer, args.seconds, rng))
        ours_m, theirs_m = float(np.median(ours)), float(np.median(theirs))
        # each slice pair ran back to back, so its ratio cancels slow phases of the machine
        ratio = float(np.median([a / b for a, b in zip(ours, theirs, strict=True)]))
        # timeit's convention: the best slice, since machine noise only ever slows a run
        eng = max(engine_decisions(engine_cls, n, args.seconds, rng) for _ in range(args.slices))
        mem = instance_bytes(lambda m=module, k=n: m.env(num_players=k))
        game = env.unwrapped.game
        tracemalloc.start()
        clones = [game.clone() for _ in range(20)]
        clone_mem = tracemalloc.get_traced_memory()[0] / len(clones)
        tracemalloc.stop()
        print(
            f"| {name} | {n} | {ours_m:,.0f} | {theirs_m:,.0f} | {ratio:.1f}x "
            f"| {eng:,.0f} | {mem / 1024:.0f} | {clone_mem / 1024:.1f} |"
        )


if __name__ == "__main__":
    main()
