"""Fuzz every env: random legal play with bad actions of every kind thrown in.

Through each env's AEC interface (what users call), every step either plays a
random legal action or first tries a bad one: an illegal action in range, one
out of range, a negative, a float, a bool, a string, ``None`` while the game
runs, a numpy integer, a 1-element array, an array of two.  Each must raise
``ValueError`` naming the legal actions, and leave the game's full state
(``to_dict``), its observations and masks byte-identical.  Every so often a
clone and a ``to_dict``/``from_dict`` copy are taken and played in lockstep
with the original for a while: all three must stay identical.  Prints the
steps, the refusals, the rate and any failure, and exits non-zero on one.

    python benchmarks/fuzz_envs.py [--steps 1000000] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import numpy as np

import zombie_envs
from zombie_envs.registry import engine_class

#: the bad actions tried, each a function of (rng, number of actions, legal actions)
BAD = {
    "illegal in range": lambda rng, n, legal: rng.choice(
        [a for a in range(n) if a not in legal] or [n]
    ),
    "out of range": lambda rng, n, legal: n + rng.randrange(1000),
    "negative": lambda rng, n, legal: -1 - rng.randrange(n),
    "float": lambda rng, n, legal: float(rng.choice(legal)) + 0.5,
    "whole float": lambda rng, n, legal: float(rng.choice(legal)),
    "bool": lambda rng, n, legal: rng.choice([True, False]),
    "string": lambda rng, n, legal: str(rng.choice(legal)),
    "None": lambda rng, n, legal: None,
    "numpy illegal": lambda rng, n, legal: np.int64(n + 1),
    "array of two": lambda rng, n, legal: np.array([legal[0], legal[0]]),
    "list": lambda rng, n, legal: [legal[0]],
}


def snapshot(env) -> tuple:
    """Everything a refusal must leave unchanged: the state, the current
    seat's observation and mask, and the seats still playing."""
    game = env.unwrapped.game
    obs = env.observe(env.agent_selection)
    return (
        json.dumps(game.to_dict(), sort_keys=True),
        obs["observation"].tobytes(),
        obs["action_mask"].tobytes(),
        tuple(env.agents),
        env.agent_selection,
    )


def fuzz(env_name: str, steps: int, rng: random.Random, bad_rate=0.3, twin_every=200) -> dict:
    env = zombie_envs.make(env_name)
    cls = engine_class(env_name)
    stats = {"steps": 0, "refused": 0, "games": 0, "twins": 0, "failures": []}
    twins: list = []
    env.reset(seed=rng.getrandbits(31))
    while stats["steps"] < steps:
        if not env.agents:
            stats["games"] += 1
            env.reset(seed=rng.getrandbits(31))
            twins = []
        _, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        game = env.unwrapped.game
        legal = list(game.legal)
        n = game.action_layout.size
        if rng.random() < bad_rate:
            kind = rng.choice(list(BAD))
            bad = BAD[kind](rng, n, legal)
            if not _is_legal(bad, legal):
                before = snapshot(env)
                try:
                    env.step(bad)
                except ValueError as e:
                    if "legal" not in str(e):
                        stats["failures"].append(f"{env_name}: {kind}: message {e}")
                else:
                    stats["failures"].append(f"{env_name}: {kind} {bad!r} was accepted")
                    break
                if snapshot(env) != before:
                    stats["failures"].append(f"{env_name}: {kind} {bad!r} changed the state")
                    break
                stats["refused"] += 1
        action = rng.choice(legal)
        env.step(action)
        stats["steps"] += 1
        for twin in twins:
            twin.apply(action)
        if twins:
            want = game.to_dict()
            if any(t.to_dict() != want for t in twins):
                stats["failures"].append(f"{env_name}: a clone or copy left the original")
                break
            if rng.random() < 0.05:
                twins = []
        elif stats["steps"] % twin_every == 0 and not game.terminal:
            twins = [game.clone(), cls.from_dict(json.loads(json.dumps(game.to_dict())))]
            stats["twins"] += 1
    return stats


def _is_legal(action, legal) -> bool:
    """Whether the env would take ``action`` (a whole float is not an action)."""
    return type(action) in (int, np.int64) and int(action) in legal


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1_000_000, help="legal steps in all")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    envs = sorted(zombie_envs.ENVS)
    total = {"steps": 0, "refused": 0, "games": 0, "twins": 0, "failures": []}
    start = time.perf_counter()
    print("| env | steps | bad actions refused | games | lockstep copies | steps/s |")
    print("|---|---:|---:|---:|---:|---:|")
    for env_name in envs:
        clock = time.perf_counter()
        stats = fuzz(env_name, args.steps // len(envs), rng)
        rate = stats["steps"] / (time.perf_counter() - clock)
        print(
            f"| {env_name} | {stats['steps']:,} | {stats['refused']:,} | {stats['games']:,} "
            f"| {stats['twins']:,} | {rate:,.0f} |",
            flush=True,
        )
        for key in total:
            total[key] += stats[key]
    seconds = time.perf_counter() - start
    print(
        f"\n{total['steps']:,} steps, {total['refused']:,} bad actions refused, "
        f"{total['games']:,} games, {total['twins']:,} lockstep copies in {seconds:.0f} s "
        f"({total['steps'] / seconds:,.0f} steps/s); failures: {len(total['failures'])}"
    )
    for failure in total["failures"]:
        print(f"  {failure}")
    return 1 if total["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
