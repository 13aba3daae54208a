"""Bot-only games watched live in the browser, one move per request.

A ``Watched`` game is a ``SeatedGame`` with nobody seated: an agent at every
seat, built from its spec and the game's seed as the browser seat builds its
bots.  Each request plays one move and answers the frame (``replays.frame``)
from the view it names, so the page can switch between the seats' views and
the spectator's at any move.  A ``Stage`` holds them behind unguessable ids,
within the server's ``Limits`` (a search's budget, unfinished games per
address, the bots' thinking time an hour), and puts a finished one on the
shelf, where it plays back like any record.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict

from ..core.narration import story
from ..play.seat import SeatedGame
from ..records import stamped_record
from .replays import Shelf, frame, viewer_of
from .session import GameStore, RequestError

#: watched games kept in memory; beyond it the one untouched longest is dropped
MAX_WATCHED = 256
#: where a watched game's record says it comes from
SOURCE = "watched games"


class Watched(SeatedGame):
    """A game of agents only (``names``: their specs): the state, the agents,
    the moves so far and the state before the last one (its story is told from it)."""

    def __init__(self, env_name: str, seat: None, names: list[str], options, seed: int):
        super().__init__(env_name, seat, names, options, seed)
        self.before = None
        self.id = secrets.token_urlsafe(24)
        self.client: str | None = None
        #: its id on the shelf once it is over
        self.replay: str | None = None
        self.lock = threading.Lock()

    def step(self) -> None:
        """The agent to move plays one move."""
        g = self.engine
        self.before = g.clone()
        self.play(self.agents[g.current_player].act(g, g.current_player))

    def frame(self, seat: str | None) -> dict:
        """The game now from the view ``seat`` names, with the story of the last move."""
        viewer = viewer_of(seat, len(self.names))
        told = story(self.before, self.actions[-1], viewer) if self.actions else []
        out = frame(self.engine, viewer, self.names, told, len(self.actions), self.seed)
        out.update(id=self.id, env=self.env_name, replay=self.replay)
        return out

    def record(self) -> dict:
        g = self.engine
        return stamped_record(
            self.env_name, g.num_players, dict(g.options), self.seed, self.names, self.actions,
            list(g.scores()), g.final_winners(), finished=True,
        )  # fmt: skip


class Stage:
    """The watched games of a server, counted against each address's limits
    with its browser games' bots (the store's ``limits`` and bot time)."""

    def __init__(self, store: GameStore, shelf: Shelf):
        self.store = store
        self.shelf = shelf
        self.lock = threading.Lock()
        self.games: OrderedDict[str, Watched] = OrderedDict()

    def create(self, client: str | None, env, players, agents, options) -> Watched:
        """A new watched game for ``client`` (``None``: unlimited, for tools)."""
        limits = self.store.limits
        if client is not None:
            limits.check_opponents(agents)
            with self.lock:
                games = list(self.games.values())
            mine = sum(w.client == client and not w.engine.terminal for w in games)
            if mine >= limits.max_games_per_client:
                raise RequestError(
                    429,
                    f"you are watching {mine} unfinished games on this server, the most it "
                    f"allows (serve --max-games-per-client {limits.max_games_per_client})",
                )
            self.store.check_bot_time(client)
        try:
            with self.store.thinking(client):  # policies load, searches set up
                game = Watched.new(env, None, agents, players, options=options)
        except ValueError as e:
            raise RequestError(422, str(e)) from None
        game.client = client
        with self.lock:
            self.games[game.id] = game
            while len(self.games) > MAX_WATCHED:
                self.games.popitem(last=False)
        return game

    def get(self, game_id: str) -> Watched:
        with self.lock:
            game = self.games.get(game_id)
            if game is None:
                raise RequestError(404, "no watched game with this id")
            self.games.move_to_end(game_id)
        return game

    def view(self, game_id: str, seat: str | None) -> dict:
        game = self.get(game_id)
        with game.lock:
            return game.frame(seat)

    def step(self, game_id: str, move, seat: str | None, client: str | None = None) -> dict:
        """One move of watched game ``game_id``, sent when it was at ``move``;
        a finished game goes on the shelf."""
        game = self.get(game_id)
        if type(move) is not int:
            raise RequestError(400, f"'move' must be an integer, got {move!r}")
        if client is not None:
            self.store.check_bot_time(client)
        with game.lock:
            viewer_of(seat, len(game.names))  # a bad view is refused before any move
            if game.engine.terminal:
                raise RequestError(409, "the game is over: replay it or watch a new one")
            if move != len(game.actions):
                raise RequestError(
                    409, f"stale request: sent at move {move}, the game is at {len(game.actions)}"
                )
            with self.store.thinking(client):
                game.step()
            if game.engine.terminal:
                game.replay = self.shelf.add(game.record(), SOURCE).id
            return game.frame(seat)
