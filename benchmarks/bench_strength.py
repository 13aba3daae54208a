"""How strong is the heuristic?  Its win rate against baseline bots, with a 95% interval.

The heuristic plays ``players - 1`` copies of a baseline (random bots unless
``--against`` says otherwise) in the match ``zombie-envs evaluate`` plays
(``zombie_envs.match.head_to_head``): each game seed is played with the
heuristic at every seat (so ``--games`` is rounded up to a multiple of the
player count), and a win shared by k seats counts 1/k.  Chance is 1/players.
Prints the table, the figure and the command that reproduces it; fewer than
about 1000 games give an interval too wide to judge by, and it says so.

    python benchmarks/bench_strength.py [--games 2000] [--players 4] [--seed 0]
        [--env we_are_dead_v0] [--against heuristic] [--option board=carnival]
        [--workers 2]
"""

from __future__ import annotations

import argparse
import shlex
import sys

from zombie_envs.cliutil import add_option_argument
from zombie_envs.match import head_to_head


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="mall_of_horror_v0")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--against", default="random", help="the baseline bot kind")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes to play on")
    add_option_argument(parser)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    options = dict(args.option)
    n = args.players
    h = head_to_head(
        args.env,
        n,
        "heuristic",
        args.against,
        args.games,
        seed=args.seed,
        progress=not args.no_progress,
        options=options,
        workers=args.workers,
    )
    command = ["python", "benchmarks/bench_strength.py", "--env", args.env]
    command += ["--games", str(h.games), "--players", str(n), "--against", args.against]
    command += ["--seed", str(args.seed)]
    command += [word for key, value in args.option for word in ("--option", f"{key}={value}")]
    for note in h.result.notes:
        print(f"note: {note}")
    print(h.result.table(markdown=True))
    print()
    where = "".join(f", {k}={v}" for k, v in options.items())
    lo, hi = h.ci
    print(
        f"heuristic vs {n - 1} {args.against} bots, {n} players{where}, {h.games} games: "
        f"win rate {100 * h.win_rate:.1f}% (95% Wilson CI {100 * lo:.1f}%-{100 * hi:.1f}%), "
        f"chance {100 * h.chance:.1f}%, truncated {100 * h.truncated:.1f}%; "
        f"{h.result.games_per_second:.0f} games/s"
    )
    if hi - lo > 0.06:
        wide = f"{100 * (hi - lo):.0f} points wide"
        print(f"note: the interval is {wide}; play more games to narrow it")
    print(f"command: {shlex.join(command)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
