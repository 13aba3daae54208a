"""Speed and memory of every env, against PettingZoo's ``texas_holdem_v4`` and
OpenSpiel's C++ ``leduc_poker`` in the same run.

Three figures a game, each alternating with its peer in short slices so machine
noise hits both alike, a ratio being the median of the per-slice ratios (ours
over the peer's): AEC turns of random masked play through the standard loop
(``agent_iter`` / ``last`` / ``step``) against ``texas_holdem_v4``; engine
decisions of random play from fresh games (the board built and the cards dealt
each game; no observation) and clones of mid-game states, against
``leduc_poker`` driven the same way (``benchmarks/subjects.py``).  Then the
memory of one reset env and of one engine clone.  Without pyspiel (the
``openspiel`` extra) the ``leduc_poker`` columns are left out, and the script
says so.  Prints figures; asserts nothing.

    python benchmarks/bench_envs.py [--seconds 2] [--slices 5] [--env ...]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
import tracemalloc

import numpy as np
from pettingzoo.classic import texas_holdem_v4
from subjects import PEER, Ours, leduc_or_none, ratio, table_head, timed

import zombie_envs

AEC_PEER = "texas_holdem_v4"


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


def allocated(make, count: int = 20) -> float:
    """Bytes allocated per object by ``count`` calls of ``make()`` (all kept alive)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [make() for _ in range(count)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return (after - before) / count


SEEDS = itertools.count()


def reset_env(module, players: int):
    """An env reset on a seed of its own (its own board, where boards vary)."""
    env = module.env(num_players=players)
    env.reset(seed=next(SEEDS))
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one slice")
    parser.add_argument("--slices", type=int, default=5, help="alternations per figure")
    parser.add_argument("--env", nargs="*", default=sorted(zombie_envs.ENVS))
    args = parser.parse_args()
    rng = random.Random(0)
    texas = texas_holdem_v4.env()
    leduc = leduc_or_none(f"peers: PettingZoo's {AEC_PEER}; OpenSpiel's {PEER} (C++, pyspiel)")
    vs = [f"vs {PEER}"] if leduc else []
    columns = ["env", "players", "AEC turns/s", f"vs {AEC_PEER}", "engine decisions/s", *vs]
    table_head([*columns, "clones/s", *vs, "KiB/env", "KiB/clone"])
    peers = {"turns": [], "decisions": [], "clones": []}
    for name in args.env:
        module, ours = zombie_envs.ENVS[name], Ours(name)
        env = module.env(num_players=ours.players)
        figures = {key: ([], []) for key in peers}
        for _ in range(args.slices):
            figures["turns"][0].append(aec_turns(env, args.seconds, rng))
            figures["turns"][1].append(aec_turns(texas, args.seconds, rng))
            for key, work in (("decisions", "fresh_game"), ("clones", "clone")):
                for side, into in ((ours, figures[key][0]), (leduc, figures[key][1])):
                    if side is not None:
                        calls, units = timed(getattr(side, work), args.seconds)
                        into.append(units if key == "decisions" else calls)
        cells = [name, str(ours.players)]
        for key, (mine, theirs) in figures.items():
            cells.append(f"{statistics.median(mine):,.0f}")
            if theirs:
                peers[key] += theirs
                pairs = zip(mine, theirs, strict=True)
                cells.append(ratio(statistics.median(a / b for a, b in pairs)))
        cells.append(f"{allocated(lambda m=module, n=ours.players: reset_env(m, n)) / 1024:.0f}")
        game = ours.states[0]
        cells.append(f"{allocated(game.clone) / 1024:.1f}")
        print("| " + " | ".join(cells) + " |", flush=True)
    alone = [f"{statistics.median(peers['turns']):,.0f} {AEC_PEER} turns/s"]
    if leduc:
        alone += [f"{statistics.median(peers[k]):,.0f} {PEER} {k}/s" for k in peers if k != "turns"]
    print("peers alone (median over the slices): " + ", ".join(alone))


if __name__ == "__main__":
    main()
