"""Command line tools: ``python -m zombie_envs.cli <command>`` (or ``zombie-envs``).

``demo`` shows the suite end to end in one command: it trains Mall of Horror
by self-play for a few minutes, evaluates the new policy and the shipped
checkpoint against random and heuristic bots (win rates with 95% Wilson
intervals), writes the learning curve and prints and saves a final board.
``train`` and ``evaluate`` are the tools behind it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import ENVS


def _demo(args) -> int:
    """Train Mall of Horror from scratch for a few minutes, then evaluate the new
    policy and the shipped checkpoint against the bots and show a final board."""
    import shutil

    from .match.commands import head_to_heads
    from .match.report import format_head_to_head

    train = _training()
    from .training.config import ConfigError, load_config

    try:
        cfg = load_config(args.config, total_steps=args.total_steps)
    except ConfigError as e:
        raise SystemExit(str(e)) from None
    out = Path(args.out)
    run_dir = out / "run"
    shutil.rmtree(run_dir, ignore_errors=True)
    n = cfg.players
    print(
        f"training {cfg.env} ({n} players) from scratch for {cfg.total_steps:,} steps -> {run_dir}"
    )
    trainer = train.Trainer(cfg, run_dir, progress=not args.no_progress)
    try:
        trainer.train()
    finally:
        trainer.close()
    candidates = [run_dir / train.POLICY]
    shipped = Path(args.shipped)
    if shipped.exists():
        candidates.append(shipped)
    else:
        print(f"(no shipped checkpoint at {shipped}; evaluating the new policy only)")
    rows = head_to_heads(cfg.env, n, candidates, ("random", "heuristic"), args, cfg.env_options)
    print()
    print(f"greedy policies vs {n - 1} bots, {args.games} games each, seats rotated:")
    print(format_head_to_head(rows, markdown=args.markdown))
    print(
        f"training time {trainer.wall_time:.0f} s; learning curve: {run_dir / 'learning_curve.png'}"
    )

    from .core.raster import write_png

    final = rows[-1].result.last_game
    renderer = ENVS[cfg.env].raw_env.renderer
    board = out / "final_board.png"
    write_png(board, renderer.rgb(final))
    print()
    print(renderer.ansi(final, None))
    print(f"final board of the last evaluation game: {board}")
    return 0


def _training():
    """The ``training`` package, or a clear message saying how to get it."""
    try:
        from .training import train
    except ImportError as e:
        raise SystemExit(
            f"training needs the train extra ({e.name} is missing): "
            "pip install 'zombie-envs[train]'"
        ) from None
    return train


def _train(args) -> int:
    train = _training()
    from .agents.policy import CheckpointError
    from .training.config import ConfigError, load_config

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
    except (ConfigError, CheckpointError, FileNotFoundError) as e:
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zombie-envs", description="zombie-envs tools")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser(
        "demo", help="train Mall of Horror briefly, evaluate it and the shipped checkpoint"
    )
    demo.add_argument("--config", default="configs/mall_of_horror_demo.yaml")
    demo.add_argument("--total-steps", type=int, help="override the config's total_steps")
    demo.add_argument("--shipped", default="checkpoints/mall_of_horror/policy.zip")
    demo.add_argument("--games", type=int, default=400, help="evaluation games per pairing")
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--workers", type=int, default=1, help="processes to evaluate on")
    demo.add_argument("--out", default="out/demo", help="folder for the run and the pictures")
    demo.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    demo.add_argument("--no-progress", action="store_true", help="no progress bars")
    demo.set_defaults(func=_demo)

    train = sub.add_parser("train", help="self-play PPO from a YAML config (needs the train extra)")
    train.add_argument("--config", help="YAML config, e.g. configs/mall_of_horror.yaml")
    train.add_argument("--total-steps", type=int, help="override the config's total_steps")
    train.add_argument("--seed", type=int, help="override the config's seed")
    train.add_argument("--out", help="run folder (default runs/<config>-seed<seed>)")
    train.add_argument("--resume", metavar="RUN_DIR", help="continue a run from its checkpoint")
    train.add_argument("--no-progress", action="store_true", help="no progress bar")
    train.set_defaults(func=_train)

    from . import replay_cli
    from .match import commands
    from .play import terminal

    commands.add_commands(sub)
    replay_cli.add_commands(sub)
    terminal.add_commands(sub)
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
