"""Play agents against each other on the engines and measure who is stronger.

The loop runs on the engine itself (no PettingZoo wrapper), so thousands of
games take seconds.  Engines come from the ``zombie_envs.ENVS`` registry, so
every game of the suite can be played without changing this module.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .agents import make_agent
from .core.agent import Agent
from .registry import engine_class
from .tables import render_table


def _factory(game) -> Callable:
    """Turn a name, an engine class or a factory into ``f(num_players, seed)``."""
    if isinstance(game, str):
        return engine_class(game)
    if callable(game):
        return game
    raise TypeError(f"expected a game name, an engine class or a factory, got {game!r}")


@dataclass
class GameResult:
    seed: int
    scores: list[float]
    winners: list[int]
    moves: int
    game: object = field(repr=False, default=None)
    #: every action in order: with the seed, enough to replay the game exactly
    actions: list[int] = field(repr=False, default_factory=list)
    #: a safety cap, not a rule, ended the game: nobody won it
    truncated: bool = False

    def win_shares(self) -> list[float]:
        return win_shares(self.winners, len(self.scores))


def win_shares(winners: list[int], num_players: int) -> list[float]:
    """Each winner gets 1/k of a win when k seats share the victory; a win
    by no seat (We Are Dead's horde) is a loss for all."""
    if not winners:
        return [0.0] * num_players
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(num_players)]


def play_game(game, agents: Sequence[Agent], seed: int | None = None, **options) -> GameResult:
    """Play one game; ``agents[s]`` plays seat ``s``.  ``game`` is a name, an
    engine class or a factory ``f(num_players, seed, **options)``."""
    g = _factory(game)(len(agents), seed=seed, **options)
    actions = []
    while not g.terminal:
        seat = g.current_player
        action = agents[seat].act(g, seat)
        g.apply(action)  # refuses anything but a legal integer action
        actions.append(int(action))
    won = g.final_winners()
    return GameResult(seed, list(g.scores()), won, len(actions), g, actions, g.truncated)


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (fractional successes
    allowed, for shared wins); sound even near 0 or 1 and for small ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if p <= 0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1 else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class MatchResult:
    env: str
    names: list[str]
    num_games: int
    num_players: int
    wins: list[float]
    score_sum: list[float]
    seat_games: list[list[int]]
    seat_wins: list[list[float]]
    moves: int
    elapsed: float
    last_game: object = field(repr=False, default=None)

    def games(self, agent: int) -> int:
        return sum(self.seat_games[agent])

    def win_rate(self, agent: int) -> float:
        n = self.games(agent)
        return self.wins[agent] / n if n else 0.0

    def interval(self, agent: int, z: float = 1.96) -> tuple[float, float]:
        return wilson_interval(self.wins[agent], self.games(agent), z)

    def mean_score(self, agent: int) -> float:
        n = self.games(agent)
        return self.score_sum[agent] / n if n else 0.0

    @property
    def games_per_second(self) -> float:
        return self.num_games / self.elapsed if self.elapsed > 0 else float("inf")


def _agent_names(specs, agents) -> list[str]:
    base = [
        s if isinstance(s, str) else getattr(a, "name", type(a).__name__)
        for s, a in zip(specs, agents, strict=True)
    ]
    names = []
    for i, b in enumerate(base):
        names.append(f"{b}#{base[:i].count(b) + 1}" if base.count(b) > 1 else b)
    return names


def _build(spec, env_name: str, seed: int, num_players: int) -> Agent:
    if isinstance(spec, str):
        return make_agent(spec, env_name, seed, num_players)
    if isinstance(spec, Agent):
        return spec
    if callable(spec):
        return spec(seed)
    raise TypeError(f"agent spec must be a kind, an Agent or a factory, got {spec!r}")


def _progress(total: int, enabled: bool, desc: str):
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=desc, unit="game", leave=False)


def play_match(
    env_name,
    agent_specs: Sequence,
    num_games: int,
    num_players: int | None = None,
    seed: int | None = 0,
    rotate_seats: bool = True,
    progress: bool = True,
    **options,
) -> MatchResult:
    """Play ``num_games`` games of ``env_name`` (a registered name, or an engine
    class or factory) between ``agent_specs`` (one per seat: a kind such as
    ``"heuristic"``, an ``Agent``, or a factory ``f(seed) -> Agent``).

    With ``rotate_seats`` agent ``j`` sits at seat ``(j + i) % n`` in game
    ``i``, so every agent plays every seat equally often whenever
    ``num_games`` is a multiple of ``n`` (seats differ in turn order).  Ties
    are shared: a win counts 1/k when k seats share it.
    """
    n = len(agent_specs) if num_players is None else num_players
    if len(agent_specs) != n:
        raise ValueError(f"need one agent spec per seat: {n} players, {len(agent_specs)} specs")
    factory = _factory(env_name)
    label = env_name if isinstance(env_name, str) else getattr(factory, "name", "game")
    seeder = random.Random(seed)
    agents = [_build(spec, label, seeder.getrandbits(63), n) for spec in agent_specs]
    names = _agent_names(agent_specs, agents)
    wins = [0.0] * n
    score_sum = [0.0] * n
    seat_games = [[0] * n for _ in range(n)]
    seat_wins = [[0.0] * n for _ in range(n)]
    moves = 0
    last = None
    bar = _progress(num_games, progress, f"{label} {n}p")
    start = time.perf_counter()
    try:
        for i in range(num_games):
            shift = i % n if rotate_seats else 0
            seat_of = [(j + shift) % n for j in range(n)]
            by_seat = [None] * n
            for j, s in enumerate(seat_of):
                by_seat[s] = agents[j]
                agents[j].reset(seeder.getrandbits(63))
            result = play_game(factory, by_seat, seeder.getrandbits(63), **options)
            shares = result.win_shares()
            for j, s in enumerate(seat_of):
                wins[j] += shares[s]
                score_sum[j] += result.scores[s]
                seat_games[j][s] += 1
                seat_wins[j][s] += shares[s]
            moves += result.moves
            last = result
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start
    return MatchResult(
        label,
        names,
        num_games,
        n,
        wins,
        score_sum,
        seat_games,
        seat_wins,
        moves,
        elapsed,
        last.game if last else None,
    )


def format_table(result: MatchResult, markdown: bool = False, z: float = 1.96) -> str:
    """One row per agent: games, wins (shared ties fractional), win rate with
    its Wilson interval, mean score."""
    head = ["agent", "games", "wins", "win rate", f"{_conf(z)} CI", "mean score"]
    rows = []
    for j, name in enumerate(result.names):
        lo, hi = result.interval(j, z)
        rows.append(
            [
                name,
                str(result.games(j)),
                f"{round(result.wins[j], 2):g}",
                f"{100 * result.win_rate(j):.1f}%",
                f"[{100 * lo:.1f}%, {100 * hi:.1f}%]",
                f"{result.mean_score(j):.2f}",
            ]
        )
    return render_table(head, rows, markdown=markdown)


def _conf(z: float) -> str:
    """Confidence level of a two-sided normal quantile, e.g. 1.96 -> 95%."""
    return f"{100 * math.erf(z / math.sqrt(2)):.0f}%"
