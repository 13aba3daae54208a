"""The one game record: what replays a game exactly, plus who sat where and the result.

A record holds the env, engine version, player count, options, seed and every
action, the seat names and the result, and a ``check`` (a SHA-256 of everything
else in it), so an edited or corrupted record is refused instead of replaying as
another game.  The check catches edits and damage, not forgery: anyone can
recompute it.  Envs (``env.unwrapped.record()``), tournaments and the terminal
seat all write this format; ``zombie_envs.records`` reads and writes files of it.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from collections.abc import Iterable

from .files import BOOL, INT, NUMBER, OBJECT, TEXT, check_fields, list_of
from .game import Engine

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


class UnverifiedRecordWarning(UserWarning):
    """A record of format version 1, written before records had a ``check``:
    it replays, but an edited action in it would replay as another game."""


UNVERIFIED = (
    "this record has format version 1, from before records carried a check: it "
    "cannot be verified, and an edited action in it replays as another game"
)


def make_record(
    engine_cls: type[Engine],
    env_name: str,
    num_players: int,
    options: dict | None,
    seed: int,
    seats: Iterable[str],
    actions: Iterable[int],
    scores: Iterable[float],
    winners: Iterable[int],
    **extra,
) -> dict:
    """A JSON-ready record of one game, sealed with its ``check``; ``extra``
    keys (``finished``, ``tournament``, ``game_index``, ...) are stored alongside."""
    seats = [str(s) for s in seats]
    if len(seats) != num_players:
        raise ValueError(f"need one name per seat: {num_players} players, {len(seats)} names")
    record = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "env": env_name,
        "engine_version": engine_cls.version,
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


def replay_engine(record: dict, engine_cls: type[Engine], upto: int | None = None) -> Engine:
    """The engine after the record's first ``upto`` actions (all by default).

    Refuses a record that is not one, whose ``check`` does not match its
    content, of another game or engine version (the same actions would mean
    another game), with an action the engine finds illegal, or, for a whole
    finished game, whose replay ends in another result than the stored one.
    """
    check_record(record)
    if "check" in record and record["check"] != record_check(record):
        raise ValueError("record changed after it was written (its check does not match)")
    if "check" not in record:  # version 1 (check_record requires one from version 2)
        warnings.warn(UNVERIFIED, UnverifiedRecordWarning, stacklevel=2)
    env = record["env"]
    if record["engine_version"] != engine_cls.version:
        raise ValueError(
            f"record made with {env} engine version {record['engine_version']}, "
            f"this is version {engine_cls.version}"
        )
    actions = record["actions"]
    if upto is not None and not 0 <= upto <= len(actions):
        raise ValueError(f"upto must be between 0 and {len(actions)}, got {upto}")
    game = engine_cls(record["num_players"], seed=record["seed"], **record["options"])
    for i, action in enumerate(actions[:upto]):
        try:
            game.apply(action)
        except ValueError as e:
            raise ValueError(f"record action {i} does not replay: {e}") from None
    result = record["result"]
    if upto is None and record.get("finished") is not False:
        got = {"scores": [float(v) for v in game.scores()], "winners": game.final_winners()}
        want = {"scores": [float(v) for v in result["scores"]], "winners": result["winners"]}
        if not game.terminal or got != want:
            raise ValueError(
                f"record does not replay to its result: stored {want}, replayed {got}"
                + ("" if game.terminal else " (game not over)")
            )
    return game
