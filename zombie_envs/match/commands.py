"""The ``evaluate``, ``tournament`` and ``ratings`` commands.

Arguments in, tables and files out.  The library raises; these commands turn
its errors (a bad agent, checkpoint, option or ratings file) into one-line
exits, and nothing below them exits.
"""

from __future__ import annotations

from pathlib import Path

from ..agents.policy_file import read_metadata
from ..core.narration import count
from ..helpers.arguments import GAMES_HELP, add_option_argument
from ..ratings import RatingsBook, format_ratings, ratings_path, require
from ..registry import env_argument
from .report import format_head_to_head
from .runner import head_to_head, run_tournament


def head_to_heads(env: str, players: int, checkpoints, baselines, args, options: dict):
    """Every checkpoint against ``players - 1`` copies of every baseline with
    the engine ``options``, on the games, seed, progress, workers and role the
    command line asked for; a bad checkpoint, option or role exits with its message."""
    try:
        return [
            head_to_head(
                env,
                players,
                f"ckpt:{path}",
                kind,
                args.games,
                seed=args.seed,
                progress=not args.no_progress,
                workers=args.workers,
                options=options,
                role=getattr(args, "role", None),
            )
            for path in checkpoints
            for kind in baselines
        ]
    except (ValueError, FileNotFoundError) as e:  # CheckpointError is a ValueError
        raise SystemExit(str(e)) from None


def _evaluate(args) -> int:
    """Each checkpoint in the env, player count and engine options its metadata
    names, unless ``--env``, ``--players`` or ``--option`` say otherwise."""
    _require_ratings(shared_file=False)
    rows = []
    for path in _checkpoint_paths(args):
        try:
            meta = read_metadata(path)
        except (ValueError, FileNotFoundError) as e:  # CheckpointError is a ValueError
            raise SystemExit(str(e)) from None
        env = meta["env"] if args.env is None else args.env
        players = meta["num_players"] if args.players is None else args.players
        trained = meta.get("env_options", {}) if env == meta["env"] else {}
        options = {**trained, **dict(args.option)}
        shown = ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "default options"
        print(f"{path}: {env}, {players} players, {shown}")
        rows += head_to_heads(env, players, [path], args.against, args, options)
    print(format_head_to_head(rows, markdown=args.markdown))
    return 0


def _checkpoint_paths(args) -> list:
    """The files ``evaluate`` was given, ``pretrained`` standing for the policy
    shipped for ``--env`` (and ``--players``), or for every shipped one."""
    from ..agents.pretrained import pretrained_agents, pretrained_for

    paths = []
    for path in args.checkpoint:
        if path != "pretrained":
            paths.append(path)
        elif args.env is None:
            paths += [agent.path for agent in pretrained_agents()]
        else:
            try:
                paths.append(pretrained_for(args.env, args.players).path)
            except ValueError as e:
                raise SystemExit(str(e)) from None
    return paths


def _require_ratings(shared_file: bool) -> None:
    """Stop before the games, not after them, when rating them is impossible."""
    try:
        require(shared_file)
    except ImportError as e:
        raise SystemExit(str(e)) from None


def _tournament(args) -> int:
    _require_ratings(shared_file=not args.no_ratings)
    try:
        if not args.no_ratings:
            RatingsBook.load(args.ratings)  # a bad ratings file stops us before the games
        out = Path(args.out)
        result = run_tournament(
            args.game,
            args.players,
            args.agents,
            args.games,
            seed=args.seed,
            workers=args.workers,
            options=dict(args.option),
            progress=not args.no_progress,
            record_path=out / "games.jsonl" if args.record else None,
        )
    except (ValueError, FileNotFoundError) as e:  # CheckpointError is a ValueError
        raise SystemExit(str(e)) from None
    for note in result.notes:
        print(f"note: {note}")
    print(
        f"{result.env}, {result.num_players} players, {count(result.games, 'game')} "
        f"({result.games_per_second:.0f} games/s), seed {result.seed}:"
    )
    print()
    print(result.table(markdown=True))
    print()
    paths = result.write(out)
    print(f"results: {paths['csv']}, {paths['json']}")
    if paths["png"] is None:
        print("note: matplotlib is missing (pip install 'zombie-envs[play]'); no chart written")
    else:
        print(f"chart: {paths['png']}")
    if result.record_path is not None:
        print(f"game records: {result.record_path} (zombie-envs replay {result.record_path})")
    if not args.no_ratings:
        try:
            with RatingsBook.locked(args.ratings) as book:
                result.rate(book)  # on the file as it is now: games rated meanwhile stay
        except (ValueError, OSError) as e:
            raise SystemExit(f"ratings not updated: {e}") from None
        print(f"shared ratings updated: {book.path}")
    return 0


def _ratings(args) -> int:
    _require_ratings(shared_file=False)  # the ordinals are openskill's
    try:
        book = RatingsBook.load(args.ratings)
        rows = book.table(args.game)
    except ValueError as e:
        raise SystemExit(str(e)) from None
    print(format_ratings(rows, markdown=args.markdown))
    print(f"({book.path})")
    return 0


def add_commands(subparsers) -> None:
    """Register ``evaluate``, ``tournament`` and ``ratings``."""
    from .. import ENVS

    ev = subparsers.add_parser("evaluate", help="checkpoints vs n-1 copies of each baseline bot")
    ev.add_argument(
        "checkpoint",
        nargs="+",
        help="policy.zip, checkpoint.zip, a run folder, or pretrained (the shipped policies)",
    )
    ev.add_argument("--env", type=env_argument, help="default: the checkpoint's")
    ev.add_argument("--players", type=int, help="default: the checkpoint's")
    ev.add_argument("--against", nargs="+", default=["random", "heuristic"], help="agent kinds")
    ev.add_argument("--games", type=int, default=1000, help=GAMES_HELP)
    ev.add_argument(
        "--role",
        help="asymmetric games: play the checkpoint only in this role's seats "
        "(maul_of_america_v0: zombie_controller or shopper)",
    )
    add_option_argument(ev)
    ev.add_argument("--seed", type=int, default=0)
    ev.add_argument("--workers", type=int, default=1, help="processes to play on")
    ev.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ev.add_argument("--no-progress", action="store_true", help="no progress bar")
    ev.set_defaults(func=_evaluate)

    t = subparsers.add_parser(
        "tournament", help="bots play each other in rotated seats; OpenSkill ratings"
    )
    t.add_argument(
        "--game",
        default="mall_of_horror_v0",
        type=env_argument,
        help=f"env name: {', '.join(sorted(ENVS))}",
    )
    t.add_argument("--players", type=int, default=4)
    t.add_argument(
        "--agents",
        nargs="+",
        required=True,
        help="agent kinds: random heuristic pretrained ckpt:PATH ...",
    )
    t.add_argument("--games", type=int, default=200, help="rounded up to whole blocks")
    t.add_argument("--workers", type=int, default=1, help="processes playing games")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--out", default="out/tournament", help="folder for results and records")
    t.add_argument("--record", action="store_true", help="save every game to OUT/games.jsonl")
    add_option_argument(t)
    group = t.add_mutually_exclusive_group()
    group.add_argument(
        "--ratings", metavar="PATH", help=f"shared ratings file (default {ratings_path()})"
    )
    group.add_argument(
        "--no-ratings", action="store_true", help="leave the shared ratings file alone"
    )
    t.add_argument("--no-progress", action="store_true", help="no progress bar")
    t.set_defaults(func=_tournament)

    r = subparsers.add_parser("ratings", help="the shared ratings table: bots and humans")
    r.add_argument("--game", type=env_argument, help="only this env")
    r.add_argument("--ratings", metavar="PATH", help=f"ratings file (default {ratings_path()})")
    r.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    r.set_defaults(func=_ratings)
