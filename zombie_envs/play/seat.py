"""One person at one seat of a game, agents at the others: the game every
front end for people drives (the terminal seat, the browser seat, replays),
and with nobody seated the bot-only game the browser lets people watch.

A ``SeatedGame`` checks the set-up, builds the engine from the registry (no
PettingZoo) and the agents from their specs and the game's seed, plays the
agents' turns and the person's forced ones while keeping the story the
person may know, and at the end judges the game, records it and rates it.
Front ends only show it: the terminal as text, the browser as JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import count as count_up

from ..agents import check_kind, make_agent
from ..core.agent import Agent
from ..core.narration import Choice, count, letters, narrator_of, story
from ..records import seat_record
from ..registry import canonical_env, engine_class

#: why a game ended with no winner when its safety cap (``max_rounds``, ``max_turns``) ended it
CAPPED = "the game reached its safety cap"


def _agents(person: bool) -> str:
    """What a set-up's errors call its agents: a person's opponents, or agents."""
    return "opponent" if person else "agent"


def seat_specs(
    env_name: str, opponents: Sequence[str] | None, players: int | None, person: bool = True
):
    """``(num_players, specs)``: one agent spec per seat other than the person's
    (every seat when ``person`` is false).  One spec (or none: heuristic) stands
    for every such seat of the game's default number of seats; several give the
    number of seats.  An unknown kind is refused first, as the mistake to fix
    before any count."""
    cls = engine_class(env_name)
    specs = list(opponents) if opponents else ["heuristic"]
    for spec in specs:
        check_kind(spec)
    if players is None:
        players = len(specs) + person if len(specs) > 1 else cls.default_players
    if not cls.min_players <= players <= cls.max_players:
        raise ValueError(
            f"{env_name} takes {cls.min_players} to {cls.max_players} players, not {players}"
        )
    if len(specs) == 1:
        specs *= players - person
    if len(specs) != players - person:
        raise ValueError(
            f"{players} players need {players - person} {_agents(person)} specs (or one for all), "
            f"got {len(specs)}: {' '.join(specs)}"
        )
    return players, specs


def steady(choices: Sequence[Choice], before: dict[tuple[int, str], str]) -> list[Choice]:
    """``choices`` with their list letters (``narration.letters``) given again so
    that a key typed twice never picks something else: a choice (same action,
    same text) among the last ones asked (``before``: their keys) keeps its
    letter, and the new ones take the first letters that named none of those.
    Other keys (a location's number, a square, a compass word) stay."""
    listed = {letters(i) for i in range(len(choices))}
    taken = set(before.values())
    fresh = (key for key in map(letters, count_up()) if key not in taken)
    return [
        replace(c, key=before.get((c.action, c.text)) or next(fresh)) if c.key in listed else c
        for c in choices
    ]


class SetupError(ValueError):
    """A set-up value that cannot make a game, with the ``option`` it is
    given as (``seat``, ``name``), so each front end can name it its way."""

    def __init__(self, option: str, problem: str):
        super().__init__(f"{option} {problem}")
        self.option = option


@dataclass(frozen=True)
class Result:
    """How a finished game ended for the person: every seat's score, the
    winners, the verdict (``you won``, ``you lost``, ``you share the win``),
    whether the safety cap ended it (``CAPPED``) and the seed that deals it again."""

    scores: list[float]
    winners: list[int]
    verdict: str
    truncated: bool
    seed: int

    @property
    def nobody(self) -> str:
        """Who won when nobody did, and why."""
        return f"no player ({CAPPED})" if self.truncated else "no player"


@dataclass(frozen=True)
class Rating:
    """A seat's rating after a game was rated, and the book that holds it."""

    name: str
    env: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    path: str

    def line(self) -> str:
        """The rating as OpenSkill's ordinal, said in words: a bare -1.71 reads as
        a bad score, where it is a cautious estimate that rises as games pile up."""
        return (
            f"rating of {self.name} on {self.env}: {self.ordinal:.2f} = mu - 3 sigma, "
            f"a skill the games so far make almost sure (mu {self.mu:.2f}, sigma "
            f"{self.sigma:.2f}, {count(self.games, 'game')}; a new player starts at 0)"
        )


def check_ratings(path: str | None) -> None:
    """Check that the ratings book at ``path`` can be read and a game rated
    (openskill installed), so a bad book stops a game before it starts;
    ``ValueError`` saying why not."""
    from ..ratings import RatingsBook, model

    try:
        model()
        RatingsBook.load(path)
    except (ImportError, ValueError, OSError) as e:
        raise ValueError(f"ratings: {e}") from None


class SeatedGame:
    """One game with a person named ``names[seat]`` at ``seat`` and agents
    (named by their specs) at the others, dealt by ``seed``; ``seat=None``:
    nobody sits, agents play every seat."""

    def __init__(self, env_name: str, seat: int | None, names: Sequence[str], options, seed: int):
        self.env_name = env_name
        self.seat = seat
        self.names = list(names)
        self.seed = seed
        self.engine = engine_class(env_name)(len(self.names), seed=seed, **(options or {}))
        self.agents: dict[int, Agent] = {}
        self.actions: list[int] = []
        #: what happened since the person's last decision, as the seat may know it
        self.log: list[str] = []
        #: the keys of the choices the person was last asked to pick from
        self.shown: dict[tuple[int, str], str] = {}

    @classmethod
    def new(
        cls,
        env_name: str,
        seat: int | None = 0,
        opponents: Sequence[str] | None = None,
        players: int | None = None,
        name: str = "human",
        options: dict | None = None,
        seed: int | None = None,
    ) -> SeatedGame:
        """A game with its agents built, not yet advanced; ``ValueError`` saying
        what in the set-up cannot make a game (env, seats, names, options, an
        opponent that cannot be built).  ``env_name`` may be a game's name."""
        env_name = canonical_env(env_name)
        n, names = seat_specs(env_name, opponents, players, person=seat is not None)
        if seat is not None:
            if not 0 <= seat < n:
                raise SetupError("seat", f"must be from 0 to {n - 1} in a {n}-player game")
            if name in names:
                raise SetupError("name", f"{name!r} is an opponent's name: pick another")
            names.insert(seat, name)
        seed = random.randrange(2**31) if seed is None else seed
        game = cls(env_name, seat, names, options, seed)
        game.build_agents()
        return game

    @classmethod
    def replayed(cls, record: dict) -> SeatedGame:
        """The game of a seat record (``records.seat_record``) played again move
        by move, each checked to be legal before it is told, with the story its
        person was last told; no agents (``build_agents`` to go on)."""
        game = cls(
            record["env"], record["human_seat"], record["seats"], record["options"], record["seed"]
        )
        for i, action in enumerate(record["actions"]):
            if action not in game.engine.legal:  # before the story, which trusts it
                raise ValueError(f"move {i} ({action}) is not legal there")
            if game.asks_person():
                game.log = []
                game.choices()  # the keys the person was shown
            game.play(action)
        return game

    def build_agents(self) -> None:
        """The agents of every other seat, from their specs and the game's seed."""
        seeds = random.Random(self.seed)
        g = self.engine
        for s, spec in enumerate(self.names):
            if s == self.seat:
                continue
            try:
                self.agents[s] = make_agent(
                    spec, self.env_name, seeds.getrandbits(32), g.num_players, g.options
                )
            except (ValueError, OSError) as e:
                who = _agents(self.seat is not None)
                raise ValueError(f"{who} {spec!r} at seat {s}: {e}") from None

    # ----- playing ------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.names[self.seat]

    @property
    def finished(self) -> bool:
        return self.engine.terminal

    def asks_person(self) -> bool:
        """Whether the game waits for the person: their decision, not one that
        every seat can tell has a single option (taken for them)."""
        g = self.engine
        return (
            not g.terminal and g.current_player == self.seat and not narrator_of(g).public_forced(g)
        )

    def choices(self) -> list[Choice]:
        """The person's choices now, as the narrator names them, lettered so that
        a choice offered at their last decision keeps its letter (``steady``)."""
        choices = steady(narrator_of(self.engine).choices(self.engine), self.shown)
        if self.asks_person():
            self.shown = {(c.action, c.text): c.key for c in choices}
        return choices

    def play(self, action: int) -> None:
        """Play one action of whoever is to move, telling its story to the person
        (nobody seated is told nothing)."""
        if self.seat is not None:
            self.log += story(self.engine, action, self.seat)
        self.engine.apply(action)
        self.actions.append(action)

    def advance(self, forced: Callable[[Choice], None] | None = None) -> None:
        """Play the agents' turns and the person's forced ones until the person
        must decide or the game is over; ``forced`` is shown each forced choice."""
        g = self.engine
        while not g.terminal and not self.asks_person():
            seat = g.current_player
            if seat == self.seat:
                if forced is not None:
                    forced(self.choices()[0])
                self.play(g.legal[0])
            else:
                self.play(self.agents[seat].act(g, seat))

    def decide(self, action: int) -> None:
        """The person's decision: a new story starts with it; then the agents
        reply.  ``ValueError`` (the game unchanged) for an action that is not one
        of the person's choices now."""
        if not self.asks_person():
            raise ValueError("the game does not wait for a decision of yours now")
        if action not in self.engine.legal:
            shown = ", ".join(f"{c.action} ({c.text})" for c in self.choices())
            raise ValueError(f"action {action} is not one of your choices now: {shown}")
        self.log = []
        self.play(action)

    # ----- the end ------------------------------------------------------------
    def result(self) -> Result:
        """The verdict of a finished game for the person."""
        g = self.engine
        won = g.final_winners()
        if self.seat not in won:
            verdict = "you lost"
        elif len(won) == 1:
            verdict = "you won"
        else:
            verdict = "you share the win"
        return Result(list(g.scores()), won, verdict, g.truncated, self.seed)

    def record(self, **extra) -> dict:
        """The game's record: whole once it is over, else what replays it so far."""
        return seat_record(
            self.env_name, self.engine, self.seed, self.names, self.actions, self.seat,
            self.finished, **extra,
        )  # fmt: skip

    def rate(self, path: str | None) -> Rating:
        """Add the finished game to the ratings book at ``path`` (``None``: the
        shared one), read again under its lock so that games rated meanwhile are
        kept; ``ValueError`` when the book cannot be updated."""
        from ..ratings import RatingsBook

        g = self.engine
        try:
            with RatingsBook.locked(path) as book:
                book.rate_game(self.env_name, self.names, list(g.scores()), g.final_winners())
        except (ImportError, ValueError, OSError) as e:
            raise ValueError(f"ratings: {e}") from None
        r = book.get(self.env_name, self.name)
        return Rating(
            self.name, self.env_name, r["ordinal"], r["mu"], r["sigma"], r["games"], str(book.path)
        )
