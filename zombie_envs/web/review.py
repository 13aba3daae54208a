"""A finished browser game reviewed by its person: each of their decisions
again, and what an agent would have played there.

The decisions are the moves where the game waited for the person
(``SeatedGame.asks_person``), found by playing the game's record again.  At
each, the review shows what the person saw then (the board from their seat,
the text board, the phase, what they had been told since their last
decision, their choices as the narrator names them, their move) and asks an
agent: its move, and where it has them, its policy's most likely moves and
its critic's value of the position for the person's seat.

The agent is asked about a resample of the state for the person's seat
(``Engine.resample``), drawn by a generator seeded with the decision's
number: a state made only of what that seat knew then, so an agent that
reads hidden items (a heuristic may) reads invented ones, and its answer is
the same in every state the seat cannot tell from the true one.  Nothing
here imports a web framework.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from ..agents import PolicyAgent, make_agent
from ..agents.inputs import policy_input
from ..core.narration import narrator_of, told_lines
from ..play.seat import SeatedGame
from .session import GameStore, Limits, RequestError, Session, players_of
from .svg import board

#: agents a review offers (any spec within the server's limits is taken)
OFFERED = ("pretrained", "ismcts:200", "heuristic")
#: how many of the policy's most likely moves are shown
TOP = 5
#: reviews kept in memory; beyond it the one untouched longest is dropped
MAX_REVIEWS = 32


@dataclass(frozen=True)
class Decision:
    """One decision of the person: the move's number in the game, the state
    before it, what they had been told since their last one, and what they played."""

    move: int
    engine: object
    told: list[str]
    action: int


def decisions(game: SeatedGame) -> list[Decision]:
    """The person's decisions in ``game``, found by playing its moves again from its seed."""
    again = SeatedGame(game.env_name, game.seat, game.names, dict(game.engine.options), game.seed)
    out = []
    for move, action in enumerate(game.actions):
        if again.asks_person():
            out.append(Decision(move, again.engine.clone(), told_lines(again.log), action))
            again.log = []
        again.play(action)
    return out


def offered(game: SeatedGame) -> list[str]:
    """The offered agents that can play this game (a pretrained policy only
    where one was trained for its player count and options)."""
    g = game.engine
    specs = []
    for spec in OFFERED:
        if spec == "pretrained":
            try:
                make_agent(spec, game.env_name, 0, g.num_players, g.options)
            except (ValueError, OSError):
                continue
        specs.append(spec)
    return specs


def advice(game: SeatedGame, decision: Decision, number: int, spec: str) -> dict:
    """What agent ``spec`` plays at ``decision`` (the ``number``-th), and its
    policy's most likely moves and its critic's value where it has them."""
    g, seat = decision.engine, game.seat
    try:
        agent = make_agent(spec, game.env_name, number, g.num_players, g.options)
    except (ValueError, OSError) as e:
        raise RequestError(422, f"agent {spec!r}: {e}") from None
    state = g.resample(seat, random.Random(number))
    names = {c.action: c.text for c in narrator_of(g).choices(g)}
    action = agent.act(state, seat)
    out = {"spec": spec, "action": action, "text": names[action]}
    out["probabilities"] = out["value"] = None
    if isinstance(agent, PolicyAgent):
        x = policy_input(state, seat, agent.hinter)
        p = agent.policy.probabilities(x, state.legal_mask())
        top = sorted(state.legal, key=lambda a: (-p[a], a))[:TOP]
        out["probabilities"] = [{"action": a, "text": names[a], "p": float(p[a])} for a in top]
        if agent.critic is not None:  # the person's seat's value only: others' read their views
            out["value"] = float(agent.critic.logits(x[np.newaxis])[0, 0])
    return out


class Review:
    """The review of one finished browser game, for its person's seat only."""

    def __init__(self, session: Session):
        game = session.game
        if not game.finished:
            raise RequestError(409, "the game is not over yet: a review opens once it ends")
        self.session = session
        self.game = game
        self.decisions = decisions(game)
        self.agents = offered(game)

    def check_seat(self, seat: str | None) -> None:
        """A review is of the person's own decisions: another seat is refused."""
        if seat not in (None, "", str(self.game.seat)):
            raise RequestError(
                403, f"this review is of seat {self.game.seat}'s decisions only, not seat {seat}"
            )

    def index(self) -> dict:
        """The person's decisions, each by its phase line and the move played."""
        game = self.game
        rows = []
        for n, d in enumerate(self.decisions):
            names = {c.action: c.text for c in narrator_of(d.engine).choices(d.engine)}
            rows.append(
                {
                    "index": n,
                    "move": d.move,
                    "phase": narrator_of(d.engine).phase(d.engine, game.seat),
                    "played": names[d.action],
                }
            )
        return {
            "id": self.session.id,
            "env": game.env_name,
            "title": game.engine.game_type.title,
            "seat": game.seat,
            "players": players_of(game.engine, game.names, game.seat),
            "decisions": rows,
            "agents": self.agents,
        }

    def decision(self, number, spec: str, limits: Limits | None = None) -> dict:
        """Decision ``number`` as the person saw it, and agent ``spec``'s advice."""
        if type(number) is not int or not 0 <= number < len(self.decisions):
            raise RequestError(
                404, f"decision must be from 0 to {len(self.decisions) - 1}, not {number!r}"
            )
        if limits is not None:
            limits.check_opponents([spec])
        d, seat = self.decisions[number], self.game.seat
        g = d.engine
        narrator = narrator_of(g)
        choices = narrator.choices(g)
        played = next(c for c in choices if c.action == d.action)
        return {
            "index": number,
            "move": d.move,
            "phase": narrator.phase(g, seat),
            "board": board(g, seat),
            "view": narrator.board(g, seat),
            "legend": narrator.legend(g),
            "log": [line.strip() for line in d.told],
            "choices": [
                {"action": c.action, "key": c.key, "text": c.text, "detail": c.detail}
                for c in choices
            ],
            "played": {"action": played.action, "text": played.text},
            "agent": advice(self.game, d, number, spec),
        }


class Reviews:
    """The reviews of a store's finished games, by game id (the person's key),
    the agents' thinking counted against the asking address like the bots'."""

    def __init__(self, store: GameStore):
        self.store = store
        self.lock = threading.Lock()
        self.kept: OrderedDict[str, Review] = OrderedDict()

    def get(self, game_id: str, seat: str | None = None) -> Review:
        session = self.store.get(game_id)
        with self.lock:
            review = self.kept.get(game_id)
        if review is None:
            with session.lock:
                review = Review(session)
            with self.lock:
                self.kept[game_id] = review
                while len(self.kept) > MAX_REVIEWS:
                    self.kept.popitem(last=False)
        review.check_seat(seat)
        return review

    def decision(self, game_id: str, number, spec: str, seat=None, client=None) -> dict:
        """Decision ``number`` of game ``game_id`` with agent ``spec``'s advice,
        within the store's limits for ``client`` (``None``: unlimited)."""
        review = self.get(game_id, seat)
        if client is not None:
            self.store.check_bot_time(client)
        with self.store.thinking(client):
            return review.decision(number, spec, None if client is None else self.store.limits)
