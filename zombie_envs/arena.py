"""One game between agents, played on the engine, and who won it.

The loop runs on the engine itself (no PettingZoo wrapper), so thousands of
games take seconds.  Engines come from the ``zombie_envs.ENVS`` registry, so
every game of the suite can be played without changing this module.  Matches
of many games (tournaments, evaluations, benchmarks) are ``zombie_envs.match``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .core.agent import Agent
from .registry import engine_class


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
    #: the seat that played each action
    movers: list[int] = field(repr=False, default_factory=list)

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
    actions, movers = [], []
    while not g.terminal:
        seat = g.current_player
        action = agents[seat].act(g, seat)
        g.apply(action)  # refuses anything but a legal integer action
        actions.append(int(action))
        movers.append(seat)
    won = g.final_winners()
    return GameResult(seed, list(g.scores()), won, len(actions), g, actions, g.truncated, movers)
