"""How strong is an agent?  Its win rate against baseline bots, with a 95% interval.

The candidate (the heuristic unless ``--candidate`` names another agent spec,
e.g. a search: ``ismcts:200``) plays ``players - 1`` copies of a baseline
(random bots unless ``--against`` says otherwise) in the match ``zombie-envs
evaluate`` plays (``zombie_envs.match.head_to_head``): each game seed is played
with the candidate at every seat (so ``--games`` is rounded up to a multiple of
the player count), and a win shared by k seats counts 1/k.  Chance is 1/players.
The seconds per candidate decision are printed for slow candidates (searches).
Prints the table, the figure and the command that reproduces it; fewer than
about 1000 games give an interval too wide to judge by, and it says so.

    python benchmarks/bench_strength.py [--games 2000] [--players 4] [--seed 0]
        [--env we_are_dead_v0] [--candidate ismcts:200] [--against heuristic]
        [--option board=carnival] [--workers 2]
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from zombie_envs.agents import Agent, make_agent
from zombie_envs.helpers.arguments import add_option_argument
from zombie_envs.match import head_to_head


class Timed:
    """Builds the candidate and adds up the time it spends deciding (one
    process: with ``--workers`` above 1 the copies time themselves elsewhere)."""

    def __init__(self, spec: str, env: str, players: int, options: dict):
        self.spec, self.env, self.players, self.options = spec, env, players, options
        self.seconds, self.decisions = 0.0, 0

    def __call__(self, seed):
        return TimedAgent(make_agent(self.spec, self.env, seed, self.players, self.options), self)


class TimedAgent(Agent):
    """The candidate, its decisions timed (a wrapper: a compiled agent's ``act``
    cannot be replaced on the instance)."""

    def __init__(self, agent: Agent, clock: Timed):
        self.agent, self.clock = agent, clock
        self.name = agent.name

    def reset(self, seed: int | None = None) -> None:
        self.agent.reset(seed)

    def act(self, game, seat: int) -> int:
        start = time.perf_counter()
        try:
            return self.agent.act(game, seat)
        finally:
            self.clock.seconds += time.perf_counter() - start
            self.clock.decisions += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="mall_of_horror_v0")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--candidate", default="heuristic", help="the agent spec measured")
    parser.add_argument("--against", default="random", help="the baseline bot kind")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes to play on")
    add_option_argument(parser)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    options = dict(args.option)
    n = args.players
    candidate = Timed(args.candidate, args.env, n, options)
    h = head_to_head(
        args.env,
        n,
        args.candidate if args.workers > 1 else candidate,
        args.against,
        args.games,
        seed=args.seed,
        progress=not args.no_progress,
        options=options,
        workers=args.workers,
    )
    command = ["python", "benchmarks/bench_strength.py", "--env", args.env]
    command += ["--candidate", args.candidate]
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
        f"{args.candidate} vs {n - 1} {args.against} bots, {n} players{where}, {h.games} games: "
        f"win rate {100 * h.win_rate:.1f}% (95% Wilson CI {100 * lo:.1f}%-{100 * hi:.1f}%), "
        f"chance {100 * h.chance:.1f}%, truncated {100 * h.truncated:.1f}%; "
        f"{h.result.games_per_second:.0f} games/s"
    )
    if candidate.decisions:
        per = candidate.seconds / candidate.decisions
        count = candidate.decisions
        print(f"{args.candidate}: {1000 * per:.2f} ms per decision ({count} decisions)")
    if hi - lo > 0.06:
        wide = f"{100 * (hi - lo):.0f} points wide"
        print(f"note: the interval is {wide}; play more games to narrow it")
    print(f"command: {shlex.join(command)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
