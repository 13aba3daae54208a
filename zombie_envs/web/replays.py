"""Saved games played back in the browser: the records a server may show, one step at a time.

A ``Shelf`` lists the records of a server: the finished browser games of its
store and the record files (``*.jsonl``) of a folder given to ``serve
--records`` (tournament records), each record checked as it is read (its
fields, its ``check``, its engine version; its moves and result when it is
first played back).  A file is only data: nothing in it is run, and a file
that is not a record file is listed as refused with the reason.

A ``frame`` is one step of a game as one viewer (a seat, ``None``: a
spectator) may know it, built only through the game's visibility model: the
board drawn from that viewer's view, the text board, the phase line and the
story of the move that led there.  The seed, which fixes every hidden card
and die, is shown only once the game is over.  Nothing here imports a web
framework.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from ..core.narration import narrator_of, number, story
from ..core.record import UNVERIFIED, record_check
from ..records import read_records, replay_record
from ..registry import ENVS, engine_class
from .session import GameStore, RequestError, players_of
from .svg import board

#: record files of a ``--records`` folder listed at most (by path order)
MAX_FILES = 1000
#: the length of a listed record's id: the start of its check, so a record
#: keeps its id across restarts and files
ID_LENGTH = 20
#: what a request calls the spectator's view
SPECTATOR = "spectator"


def viewer_of(text: str | None, players: int) -> int | None:
    """The viewer a request names: a seat's number, or ``spectator`` (or
    nothing) for ``None``; ``RequestError`` 400 for anything else."""
    if text in (None, "", SPECTATOR):
        return None
    if not text.isdigit() or not 0 <= int(text) < players:
        raise RequestError(
            400, f"seat must be {SPECTATOR!r} or a seat from 0 to {players - 1}, not {text!r}"
        )
    return int(text)


def outcome(g, seed: int) -> dict:
    """How a finished game ended, and the seed that deals it again (no longer secret)."""
    return {
        "scores": [number(v) for v in g.scores()],
        "winners": g.final_winners(),
        "truncated": bool(g.truncated),
        "seed": seed,
    }


def frame(g, viewer: int | None, seats, told: list[str], move: int, seed: int) -> dict:
    """The game ``g`` after ``move`` actions as ``viewer`` may know it, with
    ``told`` (the story of the last move as that viewer was told it)."""
    narrator = narrator_of(g)
    return {
        "move": move,
        "viewer": viewer,
        "title": g.game_type.title,
        "players": players_of(g, seats),
        "phase": narrator.phase(g, viewer),
        "board": board(g, viewer),
        "view": narrator.board(g, viewer),
        "legend": narrator.legend(g),
        "story": told,
        "result": outcome(g, seed) if g.terminal else None,
    }


def record_frame(record: dict, step, viewer: int | None) -> dict:
    """Step ``step`` (0: the opening) of a checked record as ``viewer`` may know it."""
    actions = record["actions"]
    if type(step) is not int or not 0 <= step <= len(actions):
        raise RequestError(400, f"step must be from 0 to {len(actions)}, not {step!r}")
    if step == 0:
        g, told = replay_record(record, upto=0), []
    else:
        g = replay_record(record, upto=step - 1)
        told = story(g, actions[step - 1], viewer)
        g.apply(actions[step - 1])
    out = frame(g, viewer, record["seats"], told, step, record["seed"])
    out["moves"] = len(actions)
    return out


def problem(record: dict) -> str | None:
    """Why a record read from a file cannot be played back here, checked
    without playing it: ``None`` when nothing is wrong so far."""
    env = record["env"]
    if env not in ENVS:
        return f"a game of unknown env {env!r}"
    if "check" not in record:
        return UNVERIFIED
    if record["check"] != record_check(record):
        return "the record changed after it was written (its check does not match)"
    version = engine_class(env).version
    if record["engine_version"] != version:
        return f"made with {env} engine version {record['engine_version']}, this is {version}"
    return None


@dataclass(frozen=True)
class Listed:
    """A record the shelf shows: its id, where it comes from and which game of it."""

    id: str
    source: str
    game: int
    record: dict

    def summary(self) -> dict:
        """What the list shows: no scores or winners, which would tell the end first."""
        r = self.record
        return {
            "id": self.id,
            "source": self.source,
            "game": self.game,
            "env": r["env"],
            "title": engine_class(r["env"]).game_type.title,
            "players": r["num_players"],
            "seats": r["seats"],
            "moves": len(r["actions"]),
            "finished": r.get("finished") is not False,
        }


class Shelf:
    """The records a server shows: its store's finished browser games, the
    record files under ``folder`` (read again when one changes) and the bot
    games watched to their end (``add``)."""

    def __init__(self, store: GameStore, folder: str | Path | None = None):
        self.store = store
        self.folder = None if folder is None else Path(folder).expanduser()
        if self.folder is not None and not self.folder.is_dir():
            raise ValueError(f"serve --records: no folder at {self.folder}")
        self.lock = threading.Lock()
        #: per file: (its mtime and size when read, its records, its refusals)
        self.files: dict[Path, tuple[tuple, list[Listed], list[dict]]] = {}
        self.watched: list[Listed] = []
        #: ids of records played back to their end once, so checked whole
        self.verified: set[str] = set()

    def add(self, record: dict, source: str) -> Listed:
        """A record made here (a watched game): listed from now on."""
        listed = Listed(record["check"][:ID_LENGTH], source, 0, record)
        with self.lock:
            self.watched.append(listed)
        return listed

    def _read(self, path: Path) -> tuple[list[Listed], list[dict]]:
        """A record file's records that can be played back, and why the others cannot."""
        source = str(path.relative_to(self.folder))
        try:
            records = read_records(path)
        except (ValueError, OSError) as e:  # named by its place in the folder
            return [], [{"source": source, "error": str(e).replace(str(path), source)}]
        kept, refused = [], []
        for i, record in enumerate(records):
            why = problem(record)
            if why is None:
                kept.append(Listed(record["check"][:ID_LENGTH], source, i, record))
            else:
                refused.append({"source": source, "game": i, "error": f"game {i}: {why}"})
        return kept, refused

    def _scan(self) -> tuple[list[Listed], list[dict]]:
        """Every record file of the folder, each read again only when it changed."""
        if self.folder is None:
            return [], []
        kept, refused = [], []
        for path in sorted(self.folder.rglob("*.jsonl"))[:MAX_FILES]:
            try:
                stat = path.stat()
            except OSError:
                continue
            key = (stat.st_mtime_ns, stat.st_size)
            with self.lock:
                cached = self.files.get(path)
            if cached is None or cached[0] != key:
                cached = (key, *self._read(path))
                with self.lock:
                    self.files[path] = cached
            kept += cached[1]
            refused += cached[2]
        return kept, refused

    def _browser_games(self) -> list[Listed]:
        with self.store.lock:
            records = list(self.store.finished.values())
        return [
            Listed(r["check"][:ID_LENGTH], "browser games", i, r)
            for i, r in enumerate(records)
            if problem(r) is None
        ]

    def entries(self) -> tuple[list[Listed], list[dict]]:
        """Every record shown, one per id, and the refusals."""
        kept, refused = self._scan()
        with self.lock:
            watched = list(self.watched)
        seen: dict[str, Listed] = {}
        for listed in [*self._browser_games(), *watched, *kept]:
            seen.setdefault(listed.id, listed)
        return list(seen.values()), refused

    def listing(self) -> dict:
        records, refused = self.entries()
        return {"records": [r.summary() for r in records], "refused": refused}

    def get(self, record_id: str) -> Listed:
        """The record ``record_id``, checked whole the first time it is asked for
        (its moves replay and lead to its result); ``RequestError`` otherwise."""
        listed = next((r for r in self.entries()[0] if r.id == record_id), None)
        if listed is None:
            raise RequestError(404, "no record with this id")
        if record_id not in self.verified:
            try:
                replay_record(listed.record)
            except ValueError as e:
                raise RequestError(
                    422, f"{listed.source}, game {listed.game} cannot be played back: {e}"
                ) from None
            with self.lock:
                self.verified.add(record_id)
        return listed

    def frame(self, record_id: str, step, seat: str | None) -> dict:
        """Step ``step`` of record ``record_id`` from the view ``seat`` names."""
        listed = self.get(record_id)
        viewer = viewer_of(seat, listed.record["num_players"])
        out = record_frame(listed.record, step, viewer)
        out.update(id=listed.id, env=listed.record["env"], source=listed.source)
        return out
