"""OpenSkill (Plackett-Luce) ratings of agents and humans, kept per env.

One JSON file holds everyone who has played: bots rated by tournaments and
humans rated by the games they play, so they share one scale.  The file
lives at ``~/.zombie-envs/ratings.json`` unless ``ZOMBIE_ENVS_RATINGS`` or
an explicit path says otherwise, and is rewritten atomically so a crash never
leaves half a file.  Writers update it through ``RatingsBook.locked``: under
a file lock they read it again, add their games and write it, so a human
game or a second tournament finished meanwhile is never lost.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from .core.files import INT, NUMBER, check_fields, parse_json, write_atomic
from .helpers.tables import render_table
from .registry import canonical_env

ENV_VAR = "ZOMBIE_ENVS_RATINGS"
DEFAULT_PATH = "~/.zombie-envs/ratings.json"
FORMAT = "zombie-envs-ratings"
FORMAT_VERSION = 1
#: Seconds a writer waits for another to finish before giving up.
LOCK_TIMEOUT = 60.0


def ratings_path(path: str | Path | None = None) -> Path:
    """``path`` if given, else ``$ZOMBIE_ENVS_RATINGS``, else the default."""
    if path is None:
        path = os.environ.get(ENV_VAR) or DEFAULT_PATH
    return Path(path).expanduser()


def _missing(e: ImportError) -> ImportError:
    name = (e.name or "a library").split(".")[0]  # the package, not the submodule
    return ImportError(f"ratings need {name}: pip install 'zombie-envs[play]' (or [train])")


@lru_cache(maxsize=1)
def model():
    """The shared Plackett-Luce model (openskill's defaults: mu 25, sigma 25/3)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as e:
        raise _missing(e) from None
    return PlackettLuce()


def game_ranks(scores, winners) -> list[int]:
    """Finishing places (1 = best, ties share a place): the winners first,
    then the other seats by score.  No winner (a horde won) puts every seat
    below the missing first place."""
    won = set(winners)
    rest = [v for s, v in enumerate(scores) if s not in won]
    return [1 if s in won else 2 + sum(v > scores[s] for v in rest) for s in range(len(scores))]


def require(shared_file: bool = True) -> None:
    """``ImportError`` saying which extra to install unless games can be rated
    (openskill) and, with ``shared_file``, the shared file locked (filelock):
    for commands to check before their games rather than after them."""
    model()
    if shared_file:
        try:
            import filelock  # noqa: F401
        except ImportError as e:
            raise _missing(e) from None


class RatingsBook:
    """Ratings per env and name: ``{env: {name: {mu, sigma, games}}}``.

    ``RatingsBook()`` is an in-memory book (tournaments rate their own games
    in one); ``RatingsBook.locked()`` reads the shared file and writes it
    back with this writer's games added (``load()`` and ``save()`` are its
    halves, without the lock).
    """

    def __init__(self, path: str | Path | None = None, envs: dict | None = None):
        self.path = None if path is None else Path(path)
        self.envs: dict[str, dict[str, dict]] = envs if envs is not None else {}

    @classmethod
    def load(cls, path: str | Path | None = None) -> RatingsBook:
        """The book stored at ``path`` (see ``ratings_path``); empty if the file
        does not exist yet; ``ValueError`` naming the file if it is not one."""
        path = ratings_path(path)
        if not path.exists():
            return cls(path)
        try:
            data = parse_json(path.read_bytes(), "unreadable ratings file")
        except OSError as e:
            raise ValueError(f"{path}: unreadable ratings file ({e})") from None
        except ValueError as e:
            raise ValueError(f"{path}: {e}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"{path} is not a zombie-envs ratings file")
        if data.get("format_version") != FORMAT_VERSION:
            raise ValueError(
                f"{path} has ratings format version {data.get('format_version')!r}; "
                f"this zombie-envs reads version {FORMAT_VERSION}"
            )
        envs = data.get("envs")
        if not isinstance(envs, dict) or not all(isinstance(t, dict) for t in envs.values()):
            raise ValueError(f"{path}: corrupt ratings (envs must map env names to tables)")
        for env, table in envs.items():
            for name, entry in table.items():
                where = f"{path}: corrupt ratings of {name!r} on {env}"
                check_fields(entry, where, {"mu": NUMBER, "sigma": NUMBER, "games": INT})
                if entry["sigma"] <= 0:
                    raise ValueError(f"{where}: sigma must be positive")
        return cls(path, envs)

    @classmethod
    @contextmanager
    def locked(
        cls, path: str | Path | None = None, timeout: float = LOCK_TIMEOUT
    ) -> Iterator[RatingsBook]:
        """The book at ``path`` for a read-modify-write: read under a file lock
        (``PATH.lock``, via ``filelock``, which works on every platform and is
        freed when its process dies), then saved atomically when the block ends
        without an error; other writers wait meanwhile."""
        try:
            from filelock import FileLock, Timeout
        except ImportError as e:
            raise _missing(e) from None
        path = ratings_path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(f"{path}.lock")
        try:
            lock.acquire(timeout=timeout)
        except Timeout:
            raise ValueError(
                f"{path} stayed locked by another writer for {timeout:g} s ({lock.lock_file})"
            ) from None
        try:
            book = cls.load(path)
            yield book
            book.save()
        finally:
            lock.release()

    def save(self) -> Path:
        """Write the book atomically (a temporary file, then ``os.replace``)."""
        if self.path is None:
            raise ValueError("this ratings book has no file; give RatingsBook a path")
        data = {"format": FORMAT, "format_version": FORMAT_VERSION, "model": "PlackettLuce"}
        data["envs"] = self.envs
        write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True).encode("utf-8"))
        return self.path

    def rate_game(self, env_name: str, names: list[str], scores, winners) -> dict[str, dict]:
        """Update the ratings from one finished game, ``names[s]`` playing seat
        ``s``.  A name at several seats gets the mean of its per-seat updates;
        a game with a single name teaches nothing and changes nothing.
        Returns the new ratings of the names that played."""
        if len(names) != len(scores):
            raise ValueError(f"need one name per seat: {len(scores)} scores, {len(names)} names")
        env = canonical_env(env_name)
        distinct = list(dict.fromkeys(names))
        if len(distinct) < 2:
            return {}
        m = model()
        table = self.envs.setdefault(env, {})
        before = {name: table.get(name) or _default() for name in distinct}
        teams = [[m.rating(mu=before[n]["mu"], sigma=before[n]["sigma"])] for n in names]
        rated = m.rate(teams, ranks=game_ranks(scores, winners))
        for name in distinct:
            seats = [s for s, n in enumerate(names) if n == name]
            table[name] = {
                "mu": sum(rated[s][0].mu for s in seats) / len(seats),
                "sigma": sum(rated[s][0].sigma for s in seats) / len(seats),
                "games": before[name]["games"] + 1,
            }
        return {name: self.get(env, name) for name in distinct}

    def get(self, env_name: str, name: str) -> dict:
        """``{mu, sigma, ordinal, games}``; a newcomer gets the model's prior."""
        entry = self.envs.get(canonical_env(env_name), {}).get(name) or _default()
        return _public(entry)

    def table(self, env_name: str | None = None) -> list[dict]:
        """Rows ``{env, name, mu, sigma, ordinal, games}``, best ordinal first
        within each env (envs in name order)."""
        envs = [canonical_env(env_name)] if env_name else sorted(self.envs)
        rows = [
            {"env": env, "name": name, **_public(entry)}
            for env in envs
            for name, entry in self.envs.get(env, {}).items()
        ]
        return sorted(rows, key=lambda r: (r["env"], -r["ordinal"], r["name"]))


def _default() -> dict:
    m = model()
    return {"mu": m.mu, "sigma": m.sigma, "games": 0}


def _public(entry: dict) -> dict:
    """An entry with its ordinal, the conservative ``mu - 3 sigma`` that ranks."""
    ordinal = model().rating(mu=entry["mu"], sigma=entry["sigma"]).ordinal()
    return {"mu": entry["mu"], "sigma": entry["sigma"], "ordinal": ordinal, "games": entry["games"]}


def format_ratings(rows: list[dict], markdown: bool = False) -> str:
    """The rows of ``RatingsBook.table`` as a text or Markdown table, ranked
    within each env by ordinal (``mu - 3 sigma``)."""
    if not rows:
        return "no rated games yet"
    head = ["env", "rank", "name", "ordinal", "mu", "sigma", "games"]
    body, place = [], {}
    for r in rows:
        place[r["env"]] = place.get(r["env"], 0) + 1
        body.append(
            [
                r["env"],
                str(place[r["env"]]),
                r["name"],
                f"{r['ordinal']:.2f}",
                f"{r['mu']:.2f}",
                f"{r['sigma']:.2f}",
                str(r["games"]),
            ]
        )
    return render_table(head, body, [False, True, False, True, True, True, True], markdown)
