"""Game records: one finished (or abandoned) game as a small JSON dict.

A record holds what is needed to replay a game exactly (env, engine version,
player count, options, seed and every action) plus who sat where and the
result, so tournaments, human games and replays share one format.  Files are
JSON lines, one record per line, so games can be appended as they finish.

Records are data from anyone: every field is type-checked on reading, and a
record carries a ``check`` (a SHA-256 of everything else in it), so an edited
or corrupted record is refused instead of replaying as another game.  The
check catches edits and damage, not forgery: anyone can recompute it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from . import __version__
from .files import BOOL, INT, NUMBER, OBJECT, TEXT, check_fields, list_of
from .registry import ENVS, canonical_env, engine_class

FORMAT = "zombie-envs-record"
#: 2 added the ``check``; version 1 records (no check) are still read.
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
FIELDS = {
    "env": TEXT,
    "engine_version": INT,
    "num_players": INT,
    "options": OBJECT,
    "seed": INT,
    "seats": list_of(TEXT, "a list of strings"),
    "actions": list_of(INT, "a list of integers"),
    "result": OBJECT,
}
EXTRAS = {
    "package_version": TEXT,
    "finished": BOOL,
    "game_index": INT,
    "human_seat": INT,
    "tournament": OBJECT,
    "check": TEXT,
}
RESULT = {
    "scores": list_of(NUMBER, "a list of numbers"),
    "winners": list_of(INT, "a list of integers"),
}


def make_record(
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
    """A JSON-ready record of one game, sealed with its ``check``; ``extra``
    keys (``finished``, ``tournament``, ``game_index``, ...) are stored alongside."""
    env = canonical_env(env_name)
    seats = [str(s) for s in seats]
    if len(seats) != num_players:
        raise ValueError(f"need one name per seat: {num_players} players, {len(seats)} names")
    record = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "env": env,
        "engine_version": engine_class(env).version,
        "package_version": __version__,
        "num_players": num_players,
        "options": dict(options or {}),
        "seed": seed,
        "seats": seats,
        "actions": [int(a) for a in actions],
        "result": {"scores": list(scores), "winners": [int(w) for w in winners]},
        **extra,
    }
    record["check"] = record_check(record)
    return record


def record_check(record: dict) -> str:
    """SHA-256 of the record's canonical JSON without its ``check``: one changed
    action, seat name or byte gives another value."""
    body = {k: v for k, v in record.items() if k != "check"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


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
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise ValueError(f"{where}: not valid JSON ({e.msg})") from None
            check_record(record, where)
            records.append(record)
    return records


def check_record(record, where: str = "record") -> None:
    """Refuse anything that is not a game record this package can read, naming
    the field that is missing or of the wrong type."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"{where}: not a zombie-envs game record")
    version = record.get("format_version")
    if version not in READABLE_VERSIONS or not INT.test(version):
        raise ValueError(
            f"{where}: record format version {version!r}; "
            f"this zombie-envs reads versions {', '.join(map(str, READABLE_VERSIONS))}"
        )
    required = {**FIELDS, "check": TEXT} if version >= 2 else FIELDS
    check_fields(record, where, required, EXTRAS)
    n = record["num_players"]
    result = check_fields(record["result"], f"{where}: field result", RESULT)
    for name, values in (("seats", record["seats"]), ("result.scores", result["scores"])):
        if len(values) != n:
            raise ValueError(f"{where}: field {name} has {len(values)} entries for {n} players")
    if not all(0 <= w < n for w in result["winners"]):
        raise ValueError(f"{where}: field result.winners names a seat outside 0 to {n - 1}")


def replay_record(record: dict, upto: int | None = None):
    """The engine after the record's first ``upto`` actions (all by default).

    Refuses a record of an unknown env or of another engine version (the same
    actions would mean another game), an action the engine finds illegal,
    for a whole finished game a final result that differs from the stored one,
    and a record whose ``check`` does not match its content.
    """
    check_record(record)
    env = record["env"]
    if env not in ENVS:
        raise ValueError(f"record is for unknown env {env!r}; available: {sorted(ENVS)}")
    cls = ENVS[env].raw_env.engine_cls
    if record["engine_version"] != cls.version:
        raise ValueError(
            f"record made with {env} engine version {record['engine_version']}, "
            f"this is version {cls.version}"
        )
    actions = record["actions"]
    if upto is not None and not 0 <= upto <= len(actions):
        raise ValueError(f"upto must be between 0 and {len(actions)}, got {upto}")
    game = cls(record["num_players"], seed=record["seed"], **record["options"])
    for i, action in enumerate(actions[:upto]):
        try:
            game.apply(action)
        except ValueError as e:
            raise ValueError(f"record action {i} does not replay: {e}") from None
    result = record.get("result")
    if upto is None and result and record.get("finished") is not False:
        got = {"scores": [float(v) for v in game.scores()], "winners": game.final_winners()}
        want = {"scores": [float(v) for v in result["scores"]], "winners": result["winners"]}
        if not game.terminal or got != want:
            raise ValueError(
                f"record does not replay to its result: stored {want}, replayed {got}"
                + ("" if game.terminal else " (game not over)")
            )
    if "check" in record and record["check"] != record_check(record):
        raise ValueError("record changed after it was written (its check does not match)")
    return game


def public_action_text(engine_before, seat_viewer: int | None, action: int) -> str | None:
    """The name of ``action``, about to be played in ``engine_before``, as
    ``seat_viewer`` may learn it (``None``: a spectator): the mover always
    sees its own move; others see it only when its decision kind is not one
    of the engine's ``secret_decisions``.  ``None`` when it must stay hidden."""
    mover = engine_before.current_player
    if seat_viewer == mover or engine_before.decision not in engine_before.secret_decisions:
        return engine_before.action_name(action)
    return None
