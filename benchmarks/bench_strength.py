"""How strong is the heuristic?  Its win rate against random bots, with a 95% interval.

The heuristic plays ``players - 1`` random bots over many games with seats
rotated (every agent plays every seat equally often); a win shared by k seats
counts 1/k.  Chance is 1/players.  Prints the figure, the table and the
command that reproduces it.

    python benchmarks/bench_strength.py [--games 2000] [--players 4] [--seed 0]
        [--env we_are_dead_v0] [--option board=carnival]
"""

from __future__ import annotations

import argparse
import shlex
import sys

from zombie_envs.arena import format_table, play_match
from zombie_envs.cliutil import parse_options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="mall_of_horror_v0")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an engine option, e.g. board=carnival (repeatable)",
    )
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    options = parse_options(args.option)
    n = args.players
    games = max(args.games, 1000)  # fewer gives too wide an interval to judge by
    games += -games % n  # a multiple of n: every seat equally often
    result = play_match(
        args.env,
        ["heuristic"] + ["random"] * (n - 1),
        games,
        n,
        seed=args.seed,
        progress=not args.no_progress,
        **options,
    )
    lo, hi = result.interval(0)
    command = shlex.join(
        [
            "python",
            "benchmarks/bench_strength.py",
            "--env",
            args.env,
            "--games",
            str(games),
            "--players",
            str(n),
            "--seed",
            str(args.seed),
        ]
        + [word for text in args.option for word in ("--option", text)]
    )
    print(format_table(result, markdown=True))
    print()
    where = "".join(f", {k}={v}" for k, v in options.items())
    print(
        f"heuristic vs {n - 1} random bots, {n} players{where}, {games} games: "
        f"win rate {100 * result.win_rate(0):.1f}% (95% Wilson CI {100 * lo:.1f}%-"
        f"{100 * hi:.1f}%), chance {100 / n:.1f}%; {result.games_per_second:.0f} games/s"
    )
    print(f"command: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
