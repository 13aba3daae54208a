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


def _training():
    """The ``training`` package, or a clear message saying how to get it."""
    try:
        import training.train as train
    except ImportError as e:
        raise SystemExit(
            f"training needs the train extra ({e.name} is missing): "
            "pip install 'zombie-envs[train]'"
        ) from None
    return train


def _train(args) -> int:
    train = _training()
    from training.config import ConfigError, load_config

    try:
        if args.resume:
            trainer = train.Trainer.resume(args.resume, not args.no_progress, args.total_steps)
        else:
            if not args.config:
                raise SystemExit("train needs --config PATH (or --resume RUN_DIR)")
            cfg = load_config(args.config, total_steps=args.total_steps, seed=args.seed)
            run_dir = Path(args.out or f"runs/{Path(args.config).stem}-seed{cfg.seed}")
            if (run_dir / train.CHECKPOINT).exists():
                raise SystemExit(
                    f"{run_dir} already holds a run; continue it with --resume {run_dir} "
                    "or pick another --out"
                )
            trainer = train.Trainer(cfg, run_dir, not args.no_progress)
    except (ConfigError, FileNotFoundError) as e:
        raise SystemExit(str(e)) from None
    try:
        final = trainer.train()
    except KeyboardInterrupt:
        trainer.save()
        print(
            f"\ninterrupted: saved at {trainer.steps} steps; "
            f"continue with --resume {trainer.run_dir}"
        )
        return 130
    finally:
        trainer.close()
    print(train.format_eval(final, trainer.cfg))
    print(f"run folder: {trainer.run_dir} (checkpoint.zip, policy.zip, learning_curve.png, tb/)")
    return 0


def _evaluate(args) -> int:
    from .agents.policy import CheckpointError

    n = args.players
    rows = []
    for path in args.checkpoint:
        for kind in args.against:
            specs = [f"ckpt:{path}"] + [kind] * (n - 1)
            try:
                result = play_match(
                    args.env, specs, args.games, n, seed=args.seed, progress=not args.no_progress
                )
            except (CheckpointError, FileNotFoundError) as e:
                raise SystemExit(str(e)) from None
            rows.append((path, kind, result))
    print(format_head_to_head(rows, n, markdown=args.markdown))
    return 0


def format_head_to_head(rows, n: int, markdown: bool = False) -> str:
    """One line per (checkpoint, baseline): win rate with its 95% interval."""
    head = ["checkpoint", "against", "games", "win rate", "95% CI", "chance"]
    body = []
    for path, kind, result in rows:
        lo, hi = result.interval(0)
        body.append(
            [
                str(path),
                f"{n - 1} x {kind}",
                str(result.games(0)),
                f"{100 * result.win_rate(0):.1f}%",
                f"[{100 * lo:.1f}%, {100 * hi:.1f}%]",
                f"{100 / n:.1f}%",
            ]
        )
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * 4]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in body])
    widths = [max(len(r[c]) for r in [head] + body) for c in range(len(head))]
    return "\n".join("  ".join(r[c].ljust(widths[c]) for c in range(len(r))) for r in [head] + body)


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

    train = sub.add_parser("train", help="self-play PPO from a YAML config (needs the train extra)")
    train.add_argument("--config", help="YAML config, e.g. configs/mall_of_horror.yaml")
    train.add_argument("--total-steps", type=int, help="override the config's total_steps")
    train.add_argument("--seed", type=int, help="override the config's seed")
    train.add_argument("--out", help="run folder (default runs/<config>-seed<seed>)")
    train.add_argument("--resume", metavar="RUN_DIR", help="continue a run from its checkpoint")
    train.add_argument("--no-progress", action="store_true", help="no progress bar")
    train.set_defaults(func=_train)

    ev = sub.add_parser("evaluate", help="checkpoints vs n-1 copies of each baseline bot")
    ev.add_argument("checkpoint", nargs="+", help="policy.zip, checkpoint.zip or a run folder")
    ev.add_argument("--env", default="mall_of_horror_v0", choices=sorted(ENVS))
    ev.add_argument("--players", type=int, default=4)
    ev.add_argument("--against", nargs="+", default=["random", "heuristic"])
    ev.add_argument("--games", type=int, default=1000)
    ev.add_argument("--seed", type=int, default=0)
    ev.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ev.add_argument("--no-progress", action="store_true", help="no progress bar")
    ev.set_defaults(func=_evaluate)
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
