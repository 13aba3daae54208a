"""Games played in the browser: one person's seat against bots, and the games a server holds.

A ``Session`` is one game.  The server plays the bots' turns itself, so a
session always waits for its person (or is over), and what it sends is built
by ``view`` from the person's seat only: the board drawn from that seat's view
(``svg.SvgCanvas`` driven by the game's ``picture.draw``), the text board, the
story since the seat's last decision and its choices, all from the narrator
the terminal seat reads.  The seed, which fixes every hidden card and die,
stays on the server until the game is over.

A ``GameStore`` holds the sessions behind unguessable ids, saves each
finished game as a record (the one record format) and rates it in the shared
ratings file, and reads its records back when it starts, so a restart loses
no finished game.  Nothing here imports a web framework: ``app`` serves it.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import threading
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from pathlib import Path

from ..agents import pretrained_agents
from ..agents.pretrained import verdict
from ..agents.search import parse_spec
from ..core.files import parse_json, write_atomic
from ..core.narration import narrator_of, number, told_lines
from ..core.record import check_record, record_check
from ..play.seat import CAPPED, SeatedGame
from ..records import read_records, write_records
from ..registry import ENVS, engine_class
from .svg import board

#: the record file a store appends finished games to, in its data folder
RECORDS = "web-games.jsonl"
#: the folder of the data folder where each unfinished game is saved after every move
LIVE = "web-live"
#: games kept in memory; beyond it the one untouched longest is dropped (and read
#: back from its record or its saved file when asked for again)
MAX_LIVE = 256
#: unfinished games kept on disk; beyond it the one untouched longest is deleted
MAX_SAVED = 4096
#: what a game's id looks like (``secrets.token_urlsafe(24)``): nothing else names a file
GAME_ID = re.compile(r"[A-Za-z0-9_-]{32}")
#: longest name a person may play under
MAX_NAME = 40
#: search agents offered on the set-up page (any ``ismcts:`` spec is accepted)
SEARCH_SPECS = ("ismcts:200", "ismcts:200:heuristic")


@dataclass(frozen=True)
class Limits:
    """What the requests of one client may ask of the server's cores (the
    ``serve`` options of the same names): a search's budget per decision,
    unfinished games at once, and the bots' thinking time in the last hour."""

    max_simulations: int = 2000
    max_search_seconds: float = 2.0
    max_games_per_client: int = 8
    max_bot_seconds_per_hour: float = 1800.0

    def check_opponents(self, specs) -> None:
        """``RequestError`` 422 naming the limit an opponent spec goes past."""
        for spec in specs or ():
            if not isinstance(spec, str) or not spec.startswith("ismcts"):
                continue
            try:
                simulations, seconds, _ = parse_spec(spec)
            except ValueError:
                continue  # Session.new says what is wrong with it
            if simulations is not None and simulations > self.max_simulations:
                raise RequestError(
                    422,
                    f"opponent {spec!r} asks for {simulations} simulations a decision; this "
                    f"server allows at most {self.max_simulations} (serve --max-simulations)",
                )
            if seconds is not None and seconds > self.max_search_seconds:
                raise RequestError(
                    422,
                    f"opponent {spec!r} asks for {seconds:g} s a decision; this server allows "
                    f"at most {self.max_search_seconds:g} s (serve --max-search-seconds)",
                )


class RequestError(Exception):
    """A request the game cannot take, with the HTTP status that says why; the
    game is left as it was."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Session:
    """One browser game behind its id: a ``SeatedGame`` (``game``), the client
    that made it and the line about its rating once it is over."""

    def __init__(self, game: SeatedGame, game_id: str):
        self.game = game
        self.id = game_id
        #: the line about the ratings once the finished game is rated (or why not)
        self.rating = ""
        #: the address of the client that made it (``None``: a tool, or read back)
        self.client: str | None = None
        self.lock = threading.Lock()

    @property
    def engine(self):
        return self.game.engine

    # ----- making one ---------------------------------------------------------
    @classmethod
    def new(cls, env_name, seat, opponents, players, name, options, seed=None) -> Session:
        """A game ready for its person's first decision; ``ValueError`` saying what
        in the set-up cannot make a game."""
        name = name.strip()
        if not name or len(name) > MAX_NAME:
            raise ValueError(f"your name must have 1 to {MAX_NAME} characters")
        game = SeatedGame.new(env_name, seat, opponents, players, name, options, seed)
        game.advance()
        return cls(game, secrets.token_urlsafe(24))

    @classmethod
    def from_record(cls, record: dict) -> Session:
        """A finished game read back from its record, with the story its person
        was last told rebuilt by playing the record again."""
        session = cls._replayed(record)
        if not session.engine.terminal:
            raise ValueError(f"the record of game {session.id} does not end the game")
        return session

    @classmethod
    def restore(cls, record: dict) -> Session:
        """An unfinished game read back from the record saved after its last
        move, its bots built again from their specs and the game's seed."""
        session = cls._replayed(record)
        if session.engine.terminal:
            raise ValueError(f"the saved game {session.id} is over")
        session.game.build_agents()
        session.game.advance()  # a save between the person's move and the bots' replies
        return session

    @classmethod
    def _replayed(cls, record: dict) -> Session:
        try:
            return cls(SeatedGame.replayed(record), record["web_id"])
        except ValueError as e:
            raise ValueError(f"game {record['web_id']}: {e}") from None

    # ----- playing ------------------------------------------------------------
    @property
    def move(self) -> int:
        """How many actions were played: the counter a request must echo."""
        return len(self.game.actions)

    def act(self, move, action) -> None:
        """The person's ``action``, sent when the game was at ``move``; then the
        bots reply.  ``RequestError`` (the game unchanged) for a request that is
        stale, sent twice, malformed or not legal now."""
        for label, value in (("move", move), ("action", action)):
            if type(value) is not int:
                raise RequestError(400, f"{label!r} must be an integer, got {value!r}")
        if self.engine.terminal:
            raise RequestError(409, "the game is over: start a new one or a rematch")
        if move != self.move:
            raise RequestError(
                409,
                f"stale request: it was sent at move {move}, the game is at move {self.move} "
                "(sent twice, or from an old page?)",
            )
        try:
            self.game.decide(action)
        except ValueError as e:
            raise RequestError(422, str(e)) from None
        self.game.advance()

    # ----- what the person is sent --------------------------------------------
    def view(self) -> dict:
        """The page's state, from the person's seat only."""
        game = self.game
        g, seat = game.engine, game.seat
        narrator = narrator_of(g)
        return {
            "id": self.id,
            "env": game.env_name,
            "title": g.game_type.title,
            "seat": seat,
            "move": self.move,
            "players": players_of(g, game.names, seat),
            "phase": narrator.phase(g, seat),
            "board": board(g, seat),
            "view": narrator.board(g, seat),
            "legend": narrator.legend(g),
            "log": [line.strip() for line in told_lines(game.log)],
            "decision": self.decision() if game.asks_person() else None,
            "result": self.result() if g.terminal else None,
        }

    def decision(self) -> dict:
        """The pending decision's choices, grouped by the action block each lies in;
        each names the board place a click picks it by and the places it lights up
        (keys of the places the seat's picture marks), or none."""
        g = self.engine
        groups: dict[str, dict] = {}
        for choice in self.game.choices():
            block, _ = g.action_layout.locate(choice.action)
            group = groups.setdefault(
                block.name,
                {"name": block.name.replace("_", " "), "doc": block.doc, "choices": []},
            )
            group["choices"].append(
                {
                    "action": choice.action,
                    "key": choice.key,
                    "text": choice.text,
                    "detail": choice.detail,
                    "place": choice.place,
                    "preview": list(choice.preview),
                }
            )
        return {"doing": g.game_type.by_kind[g.decision].doing, "groups": list(groups.values())}

    def result(self) -> dict:
        """Scores, winners and the verdict; the seed, secret until now, to replay it."""
        result = self.game.result()
        verdict = f"{result.verdict.capitalize()}."
        if not result.winners:
            verdict += f" No player won ({CAPPED})." if result.truncated else " No player won."
        return {
            "scores": [number(v) for v in result.scores],
            "winners": result.winners,
            "verdict": verdict,
            "seed": result.seed,
            "rating": self.rating,
        }

    def record(self) -> dict:
        """The game's record: whole once it is over, else what restores it."""
        return self.game.record(web_id=self.id)


#: Markdown marks in the options' docs: ``[text](link)``, ``**strong**``, ``*em*``, ``\`code\```
_MARKDOWN = re.compile(r"\[([^\]]*)\]\([^)]*\)|\*\*(.+?)\*\*|\*(.+?)\*|`([^`]*)`")


def plain_words(markdown: str) -> str:
    """A doc written for the Markdown pages as the plain words a form shows."""
    return _MARKDOWN.sub(lambda m: next(g for g in m.groups() if g is not None), markdown)


def players_of(g, names, you: int | None = None) -> list[dict]:
    """The seats as a page lists them: each seat's number, what the game calls it
    (``label``: a colour, a role, ``Player 2``), who plays it and whether it is
    the viewer's."""
    narrator = narrator_of(g)
    return [
        {"seat": s, "label": narrator.name(g, s), "name": name, "you": s == you}
        for s, name in enumerate(names)
    ]


def env_choices() -> list[dict]:
    """What the set-up page offers for each env: player counts, engine options,
    and opponent specs (a shipped policy only where one fits)."""
    shipped = [p.metadata for p in pretrained_agents()]
    # what each shipped policy is worth, beside its name in the opponents' list
    said = {(m["env"], m["num_players"]): f"pretrained: {verdict(m)}" for m in shipped}
    out = []
    for env_name in sorted(ENVS):
        cls = engine_class(env_name)
        game = cls.game_type
        out.append(
            {
                "env": env_name,
                "title": game.title,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "options": [
                    {
                        "name": o.name,
                        "label": o.name.replace("_", " "),
                        "default": o.default,
                        "choices": list(o.choices),
                        "doc": plain_words(o.doc),
                    }
                    for o in game.options
                ],
                "specs": ["heuristic", "random", *SEARCH_SPECS],
                "pretrained": sorted(m["num_players"] for m in shipped if m["env"] == env_name),
                "pretrained_label": {n: said[e, n] for e, n in said if e == env_name},
            }
        )
    return out


class GameStore:
    """The games a server holds, by id; finished games saved to ``data/RECORDS``
    and rated in the ratings file at ``ratings`` (``None``: the shared one;
    ``False``: no rating)."""

    def __init__(
        self,
        data: str | Path,
        ratings: str | Path | None | bool = None,
        limits: Limits | None = None,
    ):
        self.data = Path(data).expanduser()
        self.records = self.data / RECORDS
        self.ratings = ratings
        self.limits = limits or Limits()
        #: per client (its address): the bots' thinking for it, (when, seconds)
        self.bot_time: dict[str, deque] = {}
        self.lock = threading.Lock()
        self.live: OrderedDict[str, Session] = OrderedDict()
        #: finished games by id, as records: read back into a session on demand
        self.finished: dict[str, dict] = {}
        if self.records.is_file():
            for record in read_records(self.records):
                if record.get("web_id"):
                    self.finished[record["web_id"]] = record
        #: where each unfinished game is saved, read back when asked for (its
        #: file's name is its id: a folder only the server's user may list)
        self.saved = self.data / LIVE
        self.saves = 0

    def create(self, client: str | None = None, **setup) -> Session:
        """A new game for ``client`` (its address; ``None``: unlimited, for
        tools), within the store's ``limits``."""
        if client is not None:
            self.limits.check_opponents(setup.get("opponents"))
            with self.lock:
                mine = sum(s.client == client and not s.engine.terminal for s in self.live.values())
            most = self.limits.max_games_per_client
            if mine >= most:
                raise RequestError(
                    429,
                    f"you have {mine} unfinished games on this server, the most it allows "
                    f"(serve --max-games-per-client {most}): finish one first",
                )
            self.check_bot_time(client)
        with self.thinking(client):
            session = Session.new(**setup)
        session.client = client
        self.keep(session)
        if session.engine.terminal:  # bots alone can end a game before the person decides
            self.finish(session)
        return session

    def check_bot_time(self, client: str) -> None:
        """``RequestError`` 429 once the bots have thought for ``client`` as long
        as an hour allows."""
        now = time.monotonic()
        with self.lock:
            spent = self.bot_time.setdefault(client, deque())
            while spent and spent[0][0] < now - 3600:
                spent.popleft()
            used = sum(seconds for _, seconds in spent)
        most = self.limits.max_bot_seconds_per_hour
        if used >= most:
            raise RequestError(
                429,
                f"the bots have thought {used:.0f} s for you in the last hour, the most this "
                f"server allows (serve --max-bot-seconds-per-hour {most:g}): try again later",
            )

    @contextlib.contextmanager
    def thinking(self, client: str | None):
        """Count the time of the block (the bots' moves) against ``client``."""
        start = time.monotonic()
        try:
            yield
        finally:
            if client is not None:
                with self.lock:
                    spent = self.bot_time.setdefault(client, deque())
                    spent.append((start, time.monotonic() - start))

    def keep(self, session: Session) -> None:
        with self.lock:
            self.live[session.id] = session
            self.live.move_to_end(session.id)
            while len(self.live) > MAX_LIVE:
                self.live.popitem(last=False)
        self.save(session)

    def save(self, session: Session) -> None:
        """Write an unfinished game's record over its saved file (atomically),
        so a restart of the server loses no move; a finished one is in the
        records instead."""
        path = self._saved_path(session.id)
        if session.engine.terminal:
            path.unlink(missing_ok=True)
            return
        self.saved.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomic(path, json.dumps(session.record(), separators=(",", ":")).encode())
        self.saves += 1
        if self.saves % 64 == 0:  # now and then: a listing per move would cost more
            saved = sorted(self.saved.glob("*.json"), key=lambda p: p.stat().st_mtime)
            for old in saved[:-MAX_SAVED]:
                old.unlink(missing_ok=True)

    def _saved_path(self, game_id: str) -> Path:
        return self.saved / f"{game_id}.json"

    def _restore(self, path: Path) -> Session:
        record = parse_json(path.read_bytes(), str(path))
        check_record(record, str(path))
        if record.get("check") != record_check(record):
            raise ValueError(f"{path} changed after it was written")
        if record.get("web_id") != path.stem or record["env"] not in ENVS:
            raise ValueError(f"{path} is not the saved game {path.stem}")
        session = Session.restore(record)
        self.keep(session)
        return session

    def get(self, game_id: str) -> Session:
        with self.lock:
            session = self.live.get(game_id)
            if session is not None:
                self.live.move_to_end(game_id)
                return session
            record = self.finished.get(game_id)
        if record is None:
            path = self._saved_path(game_id)
            if GAME_ID.fullmatch(game_id) and path.is_file():
                try:
                    return self._restore(path)
                except ValueError as e:
                    raise RequestError(410, f"this game cannot be shown again: {e}") from None
            raise RequestError(404, "no game with this id")
        try:
            session = Session.from_record(record)
        except ValueError as e:
            raise RequestError(410, f"this finished game cannot be shown again: {e}") from None
        self.keep(session)
        return session

    def view(self, game_id: str) -> dict:
        """The person's view of game ``game_id``, taken while no move is played in it."""
        session = self.get(game_id)
        with session.lock:
            return session.view()

    def act(self, game_id: str, move, action, client: str | None = None) -> dict:
        """The person's move in game ``game_id`` and the bots' replies, then the
        view they lead to; a finished game is saved and rated."""
        session = self.get(game_id)
        if client is not None:
            self.check_bot_time(client)
        with session.lock, self.thinking(client):
            session.act(move, action)
            if session.engine.terminal:
                self.finish(session)
            else:
                self.save(session)
            return session.view()

    def rematch(self, game_id: str, client: str | None = None) -> Session:
        """A new game with the same set-up and a new seed, once this one is over."""
        old = self.get(game_id).game
        if not old.finished:
            raise RequestError(409, "the game is not over yet")
        return self.create(
            client,
            env_name=old.env_name,
            seat=old.seat,
            opponents=[name for s, name in enumerate(old.names) if s != old.seat],
            players=len(old.names),
            name=old.name,
            options=dict(old.engine.options),
        )

    def finish(self, session: Session) -> None:
        """Save the finished game's record, then rate it."""
        record = session.record()
        with self.lock:
            write_records(self.records, [record])
            self.finished[session.id] = record
        self.save(session)  # deletes its saved unfinished file
        if self.ratings is not False:
            session.rating = self.rate(session)

    def rate(self, session: Session) -> str:
        """Add the game to the ratings book; the line telling the person's new
        rating, or why the game could not be rated."""
        try:
            return session.game.rate(self.ratings or None).line()
        except ValueError as e:
            return f"not rated: {e}"
