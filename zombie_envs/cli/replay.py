"""``zombie-envs replay FILE``: watch a recorded game in the terminal.

A game is shown from one seat's view (the board as that seat saw it, and
other seats' moves named only when their decision is public) or as a
spectator, who sees public information only.  Each move is told as the
terminal seat tells it (``core.narration``): what it did, in the game's
words, and where the game is after it.  The record is checked before
anything is shown: another engine version, or actions that do not lead to the
stored result, are refused rather than shown as a different game.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Iterator

from ..core.narration import count, narrator_of, number, public_action_text, story
from ..core.record import UNVERIFIED, UnverifiedRecordWarning
from ..records import read_records, replay_record


def _who(g, record: dict, seat: int, viewer: int | None) -> str:
    """A seat as the game calls it, with who played it and whether it is the viewer."""
    seats = record.get("seats") or []
    tags = ([seats[seat]] if seat < len(seats) else []) + (["you"] if seat == viewer else [])
    return narrator_of(g).name(g, seat) + (f" ({', '.join(tags)})" if tags else "")


def replay_frames(record: dict, seat: int | None = None, final: bool = False) -> Iterator[str]:
    """The text of the replay, one frame at a time: a header with the opening
    board, then each move with the board after it (only the final board with
    ``final``), as ``seat`` may see it (``None``: a spectator)."""
    end = replay_record(record)  # refuses a foreign version or a record that does not replay
    narrator = narrator_of(end)
    n, actions = record["num_players"], record["actions"]
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat must be 0 to {n - 1} in this {n}-player game, got {seat}")
    view = "as a spectator" if seat is None else f"from the view of {narrator.name(end, seat)}"
    header = [
        f"{record['env']}, {n} players, seed {record['seed']}, {len(actions)} moves, {view}",
        "seats: " + ", ".join(_who(end, record, s, None) for s in range(n)),
        "Legend of the board:",
        *(f"  {line}" for line in narrator.legend(end)),
        "",
    ]
    if final:
        yield "\n".join(header + [narrator.board(end, seat), _outcome(record, end)])
        return
    game = replay_record(record, upto=0)
    yield "\n".join(header + [narrator.board(game, seat), narrator.phase(game, seat)])
    for i, action in enumerate(actions):
        text = public_action_text(game, seat, action)
        if text is None:
            text = f"[secret: {game.game_type.by_kind[game.decision].doing}]"
        told = story(game, action, seat)
        mover = game.current_player
        game.apply(action)
        head = f"move {i + 1}/{len(actions)}: {_who(end, record, mover, seat)}: {text}"
        lines = [head, *(f"  {line}" for line in told), narrator.board(game, seat)]
        yield "\n".join(lines + [narrator.phase(game, seat)])
    yield _outcome(record, game)


def _outcome(record: dict, game) -> str:
    if not game.terminal:
        return f"game not finished after {len(record['actions'])} moves"
    winners = game.final_winners()
    nobody = "no player (stopped at the safety cap)" if game.truncated else "no player (the horde)"
    names = ", ".join(_who(game, record, s, None) for s in winners) or nobody
    name = narrator_of(game).name
    scores = ", ".join(f"{name(game, s)} {number(v)}" for s, v in enumerate(game.scores()))
    return f"final scores: {scores}; winner(s): {names}"


def _replay(args) -> int:
    try:
        records = read_records(args.file)
    except (ValueError, FileNotFoundError) as e:
        raise SystemExit(str(e)) from None
    if not 0 <= args.game < len(records):
        raise SystemExit(
            f"{args.file} holds {count(len(records), 'game')}, numbered 0 to {len(records) - 1}; "
            f"there is no game {args.game}"
        )
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UnverifiedRecordWarning)
            frames = list(replay_frames(records[args.game], args.seat, args.final))
    except ValueError as e:
        raise SystemExit(f"{args.file}, game {args.game}: {e}") from None
    for w in caught:
        if not issubclass(w.category, UnverifiedRecordWarning):
            warnings.showwarning(w.message, w.category, w.filename, w.lineno)
    if any(issubclass(w.category, UnverifiedRecordWarning) for w in caught):
        print(f"warning: {args.file}, game {args.game}: {UNVERIFIED}", file=sys.stderr)
    for i, frame in enumerate(frames):
        print(frame, flush=True)
        if args.step and i < len(frames) - 1:
            try:
                answer = input("-- Enter: next move, q: quit -- ")
            except EOFError:
                return 0
            if answer.strip().lower() == "q":
                return 0
        else:
            print()
    return 0


def add_commands(subparsers) -> None:
    """Register the ``replay`` subcommand."""
    p = subparsers.add_parser("replay", help="step through a recorded game (JSON lines file)")
    p.add_argument("file", help="game records, one JSON object per line")
    p.add_argument("--game", type=int, default=0, help="which game of the file (from 0)")
    p.add_argument(
        "--seat", type=int, help="show what this seat saw (default: a spectator, public only)"
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--step", action="store_true", help="wait for Enter between moves")
    mode.add_argument("--final", action="store_true", help="show only the final board")
    p.set_defaults(func=_replay)
