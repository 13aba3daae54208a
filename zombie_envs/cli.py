"""Command line tools: ``python -m zombie_envs.cli <command>`` (or ``zombie-envs``).

``demo`` shows the suite working end to end in one command: the heuristic
plays the random bots, the win rates come with 95% Wilson intervals, and the
final board of the last game is printed and saved as a PNG.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import ENVS
from .arena import format_table, play_match


def _demo(args) -> int:
    n = args.players
    specs = ["heuristic"] + ["random"] * (n - 1)
    print(
        f"{args.env}: heuristic vs {n - 1} random bots, {args.games} games, "
        f"{n} players, seats rotated, seed {args.seed}"
    )
    result = play_match(
        args.env, specs, args.games, n, seed=args.seed, progress=not args.no_progress
    )
    print(format_table(result, markdown=args.markdown))
    lo, hi = result.interval(0)
    print(
        f"heuristic win rate {100 * result.win_rate(0):.1f}% "
        f"(95% CI {100 * lo:.1f}%-{100 * hi:.1f}%); chance = {100 / n:.1f}%; "
        f"{result.games_per_second:.0f} games/s"
    )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from .core.raster import write_png

    renderer = ENVS[args.env].raw_env.renderer
    path = out / "final_board.png"
    write_png(path, renderer.rgb(result.last_game))
    print()
    print(renderer.ansi(result.last_game, None))
    print(f"final board of the last game: {path}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zombie-envs", description="zombie-envs tools")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="heuristic vs random bots: win rates and a board picture")
    demo.add_argument("--env", default="mall_of_horror_v0", choices=sorted(ENVS))
    demo.add_argument("--games", type=int, default=500)
    demo.add_argument("--players", type=int, default=4)
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--out", default="out/demo", help="folder for final_board.png")
    demo.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    demo.add_argument("--no-progress", action="store_true", help="no progress bar")
    demo.set_defaults(func=_demo)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    if getattr(args, "games", 1) < 1:
        raise SystemExit("--games must be at least 1")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
