"""Game record files: JSON lines, one record (``zombie_envs.core.record``) per line,
so games can be appended as they finish.

Records are data from anyone: every field is type-checked on reading and the
record's ``check`` must match, so an edited or corrupted record is refused
instead of replaying as another game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from . import __version__
from .core import record as schema
from .core.chance import ChanceLog
from .core.files import parse_json
from .core.narration import public_action_text as public_action_text  # named here for tools
from .core.record import check_record
from .registry import ENVS, canonical_env, engine_class


def stamped_record(
    env_name: str,
    num_players: int,
    options: dict | None,
    seed: int,
    seats: list[str],
    actions: Iterable[int],
    scores: Iterable[float],
    winners: Iterable[int],
    **extra,
) -> dict:
    """``core.record.make_record`` for a registered env (an env or a game name,
    stored as the env name), stamped with this package's version."""
    env = canonical_env(env_name)
    return schema.make_record(
        engine_class(env), env, num_players, options, seed, seats, actions, scores, winners,
        package_version=__version__, **extra,
    )  # fmt: skip


def seat_record(
    env_name: str, game, seed: int, seats, actions, human_seat: int, finished: bool, **extra
) -> dict:
    """The record of a game a person played at ``human_seat`` (in the terminal
    or the browser) from its engine; an unfinished game names no winner."""
    return stamped_record(
        env_name, game.num_players, dict(game.options), seed, list(seats), list(actions),
        list(game.scores()), game.final_winners() if finished else [],
        finished=finished, human_seat=human_seat, **extra,
    )  # fmt: skip


def write_records(path: str | Path, records: Iterable[dict], append: bool = True) -> Path:
    """Write records as JSON lines (appending by default), creating the folder."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a" if append else "w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, separators=(",", ":")) + "\n")
    return path


def read_records(path: str | Path) -> list[dict]:
    """Every record of a JSON-lines file (blank lines skipped); a line that is
    not a record raises ``ValueError`` naming the file and the line."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no game record file at {path}")
    records = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            record = parse_json(line, where)
            check_record(record, where)
            records.append(record)
    return records


def replay_record(record: dict, upto: int | None = None):
    """The engine of a registered env after the record's first ``upto`` actions
    (all by default), with every check of ``core.record.replay_engine``."""
    check_record(record)
    env = record["env"]
    if env not in ENVS:
        raise ValueError(f"record is for unknown env {env!r}; available: {sorted(ENVS)}")
    return schema.replay_engine(record, engine_class(env), upto)


def chance_events(record: dict) -> list[dict]:
    """Every random draw of a recorded game, in order: ``move`` is how many
    actions were played before it (0: the set-up), ``draw`` is ``"die"`` (a
    roll or a random pick among ``range`` items, giving ``outcome``) or
    ``"shuffle"`` (of ``range`` cards or tokens, giving their order).  For
    analysis tools: like the central state it shows every secret draw."""
    replay_record(record)  # every check of a replay first
    engine_cls = engine_class(record["env"])
    log = ChanceLog(record["seed"])
    game = engine_cls(record["num_players"], seed=record["seed"], rng=log, **record["options"])
    events = []

    def take(move: int) -> None:
        events.extend({"move": move, "draw": d, "range": r, "outcome": o} for d, r, o in log.events)
        log.events.clear()

    take(0)
    for move, action in enumerate(record["actions"], 1):
        game.apply(action)
        take(move)
    return events
