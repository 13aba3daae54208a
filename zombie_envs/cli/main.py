"""Command line tools: ``python -m zombie_envs.cli <command>`` (or ``zombie-envs``).

``demo`` shows the suite end to end in one command: it trains Mall of Horror
by self-play for a few minutes, evaluates the new policy and the shipped
checkpoint against random and heuristic bots (win rates with 95% Wilson
intervals), writes the learning curve and prints and saves a final board.
``train`` and ``evaluate`` are the tools behind it; ``agents`` lists the
policies shipped with the package.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.narration import count
from ..helpers.arguments import GAMES_HELP
from ..registry import engine_class, shipped_folder
from .streams import pipe_safe_output


def _train_until_done_or_stopped(trainer):
    """The final evaluation, or ``None`` after Ctrl-C: ``train()`` saved the run, and
    one line on stderr (stdout may be a closed pipe) says how to go on."""
    try:
        return trainer.train()
    except KeyboardInterrupt:
        flag = " --backend rllib" if getattr(trainer, "backend", "sb3") == "rllib" else ""
        how = f"continue with zombie-envs train{flag} --resume {trainer.run_dir}"
        warm = getattr(trainer, "warm_start_pending", False)
        where = " (before the warm start ended: a resume starts it again)" if warm else ""
        print(f"interrupted: saved at {trainer.steps:,} steps{where}; {how}", file=sys.stderr)
        return None
    finally:
        trainer.close()


def _demo(args) -> int:
    """Train Mall of Horror from scratch for a few minutes, then evaluate the new
    policy and the shipped checkpoint against the bots and show a final board."""
    import shutil

    from ..match.commands import head_to_heads
    from ..match.report import format_head_to_head

    train = _training()
    from ..training.config import ConfigError, load_config

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
    if _train_until_done_or_stopped(trainer) is None:
        return 0
    candidates = [run_dir / train.POLICY]
    try:
        candidates.append(_shipped(args.shipped, cfg.env, n))
    except (ValueError, FileNotFoundError) as e:
        print(f"({e}; evaluating the new policy only)")
    rows = head_to_heads(cfg.env, n, candidates, ("random", "heuristic"), args, cfg.env_options)
    print()
    print(f"greedy policies vs {n - 1} bots, {count(args.games, 'game')} each, seats rotated:")
    print(format_head_to_head(rows, markdown=args.markdown))
    print(
        f"training time {trainer.wall_time:.0f} s; learning curve: {run_dir / 'learning_curve.png'}"
    )

    from ..core.raster import write_png

    final = rows[-1].result.last_game
    board = out / "final_board.png"
    write_png(board, final.game_type.picture_module.rgb(final))
    print()
    print(final.game_type.text_module.ansi(final, None))
    print(f"final board of the last evaluation game: {board}")
    return 0


def _shipped(path: str | None, env: str, players: int) -> Path:
    """The checkpoint the demo compares with: ``path``, else the one shipped for
    the env and player count."""
    if path is None:
        from ..agents import pretrained_for

        return pretrained_for(env, players).path
    if not Path(path).exists():
        raise FileNotFoundError(f"no shipped checkpoint at {path}")
    return Path(path)


def _agents(args) -> int:
    """The shipped policies: what each plays and the figures its metadata holds."""
    from ..agents import pretrained_agents
    from ..agents.pretrained import standing
    from ..helpers.tables import render_table

    head = ["name", "env", "players", "engine", "steps", "vs random", "vs heuristic"]
    body = []
    for agent in pretrained_agents():
        meta = agent.metadata
        figures = meta.get("reevaluated") or meta.get("eval") or {}
        steps = meta.get("steps")
        body.append(
            [
                agent.name,
                meta["env"],
                str(meta["num_players"]),
                _engine(meta),
                f"{steps:,}" if isinstance(steps, int) else "",
                *(_win_rate(figures, kind) for kind in ("random", "heuristic")),
            ]
        )
    print(render_table(head, body, [False, False, *[True] * 5], markdown=args.markdown))
    print()
    for agent in pretrained_agents():  # against the heuristic playing in its seats
        print(f"{agent.name}: {standing(agent.metadata)}")
    print()
    print("use one as 'pretrained': zombie-envs play ENV --opponents pretrained,")
    print("tournament --agents pretrained ..., make_agent('pretrained', ENV, num_players=N)")
    print(f"files: {shipped_folder('checkpoints')}")
    return 0


def _engine(meta: dict) -> str:
    """The engine version a policy was trained for, and the env's when they differ
    (``make_agent`` refuses such a policy)."""
    trained, current = meta["engine_version"], engine_class(meta["env"]).version
    return f"v{trained}" + ("" if trained == current else f" (env is v{current})")


def _win_rate(figures, kind: str) -> str:
    """``56.2% [54.0, 58.4] (2000 games)`` from a metadata evaluation entry, or
    nothing when the metadata holds none."""
    try:
        entry = figures[kind]
        rate, low, high = (100 * entry[k] for k in ("win_rate", "ci_low", "ci_high"))
        return f"{rate:.1f}% [{low:.1f}, {high:.1f}] ({count(entry['games'], 'game')})"
    except (KeyError, TypeError):
        return ""


def _training():
    """The ``training`` package, or a clear message saying how to get it."""
    try:
        from ..training import train
    except ImportError as e:
        raise SystemExit(str(e)) from None
    return train


def _rllib():
    """The RLlib backend's module, or a clear message saying how to get it."""
    try:
        from ..training.rllib import trainer
    except ImportError as e:
        raise SystemExit(str(e)) from None
    return trainer


def _train(args) -> int:
    _check_train_flags(args)
    backend = _rllib() if args.backend == "rllib" else _training()
    from ..agents.network import CheckpointError
    from ..training.config import ConfigError

    try:
        trainer = _resumed(args, backend) if args.resume else _new_run(args, backend)
    except (ConfigError, CheckpointError, FileNotFoundError) as e:
        raise SystemExit(str(e)) from None
    final = _train_until_done_or_stopped(trainer)
    if final is not None:
        _report_run(args, backend, trainer, final)
    return 0


def _check_train_flags(args) -> None:
    """Refuse flags the chosen backend, or a resumed run, would ignore."""
    if args.backend != "rllib" and (args.address or args.num_env_runners is not None):
        raise SystemExit("--address and --num-env-runners need --backend rllib")
    if args.resume and (args.imitation_games is not None or args.eval_games is not None):
        raise SystemExit(
            "--imitation-games and --eval-games set up a new run; a resumed run keeps its config"
        )


def _resumed(args, backend):
    """The run in ``--resume``'s folder, continued by the backend that saved it."""
    progress = not args.no_progress
    if args.backend == "rllib":
        return backend.RLlibTrainer.resume(
            args.resume, progress, args.total_steps, args.address, args.num_env_runners
        )
    return backend.Trainer.resume(args.resume, progress, args.total_steps)


def _new_run(args, backend):
    """A run of ``--config`` in ``--out``, refused where a run is already saved."""
    from ..training.config import load_config

    if not args.config:
        raise SystemExit("train needs --config PATH (or --resume RUN_DIR)")
    cfg = load_config(
        args.config,
        total_steps=args.total_steps,
        seed=args.seed,
        eval_games=args.eval_games,
        imitation={"games": args.imitation_games},
    )
    run_dir = Path(args.out or f"runs/{Path(args.config).stem}-seed{cfg.seed}")
    rllib = args.backend == "rllib"
    if (run_dir / (backend.RLLIB_CHECKPOINT if rllib else backend.CHECKPOINT)).exists():
        flag = " --backend rllib" if rllib else ""
        raise SystemExit(
            f"{run_dir} already holds a run; continue it with{flag} --resume {run_dir} "
            "or pick another --out"
        )
    progress = not args.no_progress
    if rllib:
        return backend.RLlibTrainer(cfg, run_dir, progress, args.address, args.num_env_runners)
    return backend.Trainer(cfg, run_dir, progress)


def _report_run(args, backend, trainer, final: dict) -> None:
    """The warm start's and the final evaluation's figures, and the files written."""
    from ..training.runs import format_eval, format_overshoot, format_warm_start

    warm = format_warm_start(trainer.imitation)
    if warm:
        print(warm)
    print(format_eval(final, trainer.cfg))
    overshoot = format_overshoot(trainer.steps, trainer.cfg, args.backend)
    if overshoot:
        print(overshoot)
    if args.backend == "rllib":
        files = ", ".join([p.name for p in trainer.policy_files()] + [backend.RLLIB_CHECKPOINT])
    else:
        files = "checkpoint.zip, policy.zip"
    print(f"run folder: {trainer.run_dir} ({files}, learning_curve.png, tb/)")


#: how ``--total-steps`` rounds, said where it is asked for
TOTAL_STEPS_HELP = (
    "override the config's total_steps (rounded up to whole rollouts; the run says so)"
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zombie-envs", description="zombie-envs tools")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser(
        "demo", help="train Mall of Horror briefly, evaluate it and the shipped checkpoint"
    )
    demo.add_argument(
        "--config", default="mall_of_horror_demo", help="YAML config, or a shipped one's name"
    )
    demo.add_argument("--total-steps", type=int, help=TOTAL_STEPS_HELP)
    demo.add_argument(
        "--shipped", help="checkpoint to compare with (default: the one shipped for the env)"
    )
    demo.add_argument("--games", type=int, default=400, help=GAMES_HELP)
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--workers", type=int, default=1, help="processes to evaluate on")
    demo.add_argument("--out", default="out/demo", help="folder for the run and the pictures")
    demo.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    demo.add_argument("--no-progress", action="store_true", help="no progress bars")
    demo.set_defaults(func=_demo)

    train = sub.add_parser("train", help="self-play PPO from a YAML config (needs the train extra)")
    train.add_argument(
        "--config",
        help="YAML config, or a shipped one's name: mall_of_horror, we_are_dead, ...",
    )
    train.add_argument("--total-steps", type=int, help=TOTAL_STEPS_HELP)
    train.add_argument("--seed", type=int, help="override the config's seed")
    train.add_argument("--out", help="run folder (default runs/<config>-seed<seed>)")
    train.add_argument(
        "--imitation-games",
        type=int,
        metavar="N",
        help="heuristic games of the warm start (override imitation.games; 0: none)",
    )
    train.add_argument(
        "--eval-games", type=int, metavar="N", help="games per evaluation (override eval_games)"
    )
    train.add_argument("--resume", metavar="RUN_DIR", help="continue a run from its checkpoint")
    train.add_argument("--no-progress", action="store_true", help="no progress bar")
    train.add_argument(
        "--backend",
        choices=("sb3", "rllib"),
        default="sb3",
        help="sb3: MaskablePPO (the train extra); rllib: Ray RLlib's PPO (the rllib extra)",
    )
    train.add_argument(
        "--address", help="rllib: the Ray cluster to join (auto, HOST:PORT; default: a local Ray)"
    )
    train.add_argument(
        "--num-env-runners",
        type=int,
        help="rllib: sampling processes (override the config's rllib.num_env_runners)",
    )
    train.set_defaults(func=_train)

    agents = sub.add_parser("agents", help="the shipped pretrained agents and their results")
    agents.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    agents.set_defaults(func=_agents)

    from ..match import commands
    from ..play import terminal
    from ..web import serve
    from . import replay

    commands.add_commands(sub)
    replay.add_commands(sub)
    terminal.add_commands(sub)
    serve.add_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    with pipe_safe_output():
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    if getattr(args, "games", 1) < 1:
        raise SystemExit("--games must be at least 1")
    return args.func(args)
