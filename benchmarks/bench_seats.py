"""Balance between the seats of a game and how long each seat's part of a game is.

Every seat is played by the same agent kind (heuristic unless ``--agent`` says
otherwise), so a seat's win rate is what its position is worth: for Maul of
America seat 0 is the Zombie Controller, so this is the role balance.  Prints,
per player count, each seat's win rate with a 95% Wilson interval and the
decisions per game of each seat (mean and 95th percentile); then the length of
a game (decisions, and rounds where the engine counts them), how often it ran
to the round limit (``max_rounds``, where a rule decides the winner) and how
often a safety cap cut it short with no winner; and the command.

    python benchmarks/bench_seats.py [--env maul_of_america_v0] [--games 1000]
        [--players 2 3 4 5] [--agent heuristic] [--seed 0] [--option max_rounds=14]
"""

from __future__ import annotations

import argparse
import shlex
import sys

import numpy as np

from zombie_envs.agents import make_agent
from zombie_envs.arena import play_game
from zombie_envs.helpers.arguments import add_option_argument
from zombie_envs.match.report import wilson_interval
from zombie_envs.registry import engine_class


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="maul_of_america_v0")
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-progress", action="store_true")
    add_option_argument(parser)
    args = parser.parse_args(argv)
    options = dict(args.option)
    cls = engine_class(args.env)
    counts = args.players or list(range(cls.min_players, cls.max_players + 1))
    try:
        from tqdm import tqdm
    except ImportError:  # progress bars are optional
        tqdm = None
    print("| players | seat | win rate | 95% CI | decisions/game | p95 |")
    print("|---|---|---|---|---|---|")
    lengths = []
    for n in counts:
        agents = [make_agent(args.agent, args.env, num_players=n, seed=s) for s in range(n)]
        wins = np.zeros(n)
        decisions = np.zeros((args.games, n))
        rounds, capped, limited = [], 0, 0
        seeds = range(args.seed, args.seed + args.games)
        if tqdm is not None and not args.no_progress:
            seeds = tqdm(seeds, desc=f"{n} players", leave=False, file=sys.stderr)
        for i, seed in enumerate(seeds):
            for s, agent in enumerate(agents):
                agent.reset(seed * 10 + s)
            result = play_game(args.env, agents, seed=seed, **options)
            wins += result.win_shares()
            decisions[i] = np.bincount(result.movers, minlength=n)
            capped += result.truncated
            if hasattr(result.game, "round"):
                rounds.append(result.game.round)
                limit = result.game.options.get("max_rounds")
                limited += limit is not None and result.game.round >= limit
        for s in range(n):
            lo, hi = wilson_interval(wins[s], args.games)
            mean, p95 = decisions[:, s].mean(), np.percentile(decisions[:, s], 95)
            print(
                f"| {n} | {s} | {100 * wins[s] / args.games:.1f}% | "
                f"[{100 * lo:.1f}, {100 * hi:.1f}] | {mean:.0f} | {p95:.0f} |"
            )
        total = decisions.sum(axis=1)
        length = [f"{n} players", f"{total.mean():.0f}", f"{np.percentile(total, 95):.0f}"]
        if rounds:
            length += [f"{np.mean(rounds):.1f}", f"{np.percentile(rounds, 95):.0f}"]
        else:
            length += ["-", "-"]
        lengths.append(
            [*length, f"{100 * limited / args.games:.1f}%", f"{100 * capped / args.games:.1f}%"]
        )
    print()
    print(
        "| game | decisions/game | p95 | rounds/game | p95 | reached the round limit "
        "| cut by the safety cap |"
    )
    print("|---|---|---|---|---|---|---|")
    for row in lengths:
        print("| " + " | ".join(map(str, row)) + " |")
    command = ["python", "benchmarks/bench_seats.py", "--env", args.env]
    command += ["--games", str(args.games), "--players", *map(str, counts)]
    command += ["--agent", args.agent, "--seed", str(args.seed)]
    command += [w for k, v in args.option for w in ("--option", f"{k}={v}")]
    print(f"command: {shlex.join(command)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
