"""The env configurations the generic tests run on: every env of ``zombie_envs.ENVS``,
and a toy game built from the core alone (``tests/core/toy_game.py``) to show that a
new game needs nothing else.

A new env is covered by registering it: every env is tested at its fewest and
most players, and with each non-default value of each option that takes a
fixed set of values (a board, a placement rule) once.  The PettingZoo checks
run every player count on every board.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

import pytest

import zombie_envs
from tests.core import toy_game
from zombie_envs import registry
from zombie_envs.core.game_type import GameType

#: env name -> its entry module (``env``, ``raw_env``), for every env under test
MODULES = {**zombie_envs.ENVS, toy_game.TOY.env: toy_game}
#: the names of every env under test, the toy's among them
ENV_NAMES = sorted(MODULES)


def declared(env_name: str, monkeypatch) -> GameType:
    """The declaration of ``env_name``; the toy joins the registry for the running test
    (``register_game``, as a game declared outside the package does), then leaves it."""
    if env_name not in zombie_envs.ENVS:
        monkeypatch.setattr(registry, "_ENTRIES", dict(registry._ENTRIES))
        monkeypatch.setattr(registry, "_GAMES", {})
        registry.register_game(toy_game.TOY, toy_game.__name__)
    return registry.game_type(env_name)


def skip_unless_bundled(game: GameType, what: str) -> None:
    """Skip a test of what only the suite's own games ship (``what``), saying why."""
    if not game.bundled:
        pytest.skip(f"{game.name} declares bundled=False: it ships no {what}")


def skip_without_cards(game: GameType) -> None:
    """Skip a test of card texts for a game that declares no cards (``cards``)."""
    if not game.cards:
        pytest.skip(f"{game.name} declares no cards")


def twin_of(env_name: str):
    """The game's ``twin(g, seat, rng)``: a copy of ``g`` differing only in secrets
    ``seat`` may not see, and the names of the secrets changed.  A game of the suite
    keeps it in its tests' ``twins`` module, the toy beside its engine."""
    game = registry.game_type(env_name)
    if not game.bundled:
        return MODULES[env_name].twin
    return importlib.import_module(f"tests.games.{game.name}.twins").twin


@dataclass(frozen=True)
class Config:
    """One env with one set of options."""

    name: str
    num_players: int
    options: dict = field(default_factory=dict)

    @property
    def module(self):
        return MODULES[self.name]

    @property
    def engine_cls(self):
        return self.module.raw_env.engine_cls

    @property
    def id(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.options.items())
        return f"{self.name}-{self.num_players}p{extra}"

    def env(self, **kwargs):
        return self.module.env(num_players=self.num_players, **self.options, **kwargs)

    def engine(self, seed: int):
        return self.engine_cls(self.num_players, seed=seed, **self.options)


def _choices(engine_cls) -> dict:
    """Option name -> its non-default allowed values, for options with a fixed set."""
    return {
        o.name: [v for v in o.choices if v != o.default]
        for o in engine_cls.game_type.options
        if o.choices
    }


def _configs() -> list[Config]:
    out = []
    for name, module in MODULES.items():
        cls = module.raw_env.engine_cls
        out += [Config(name, n) for n in sorted({cls.min_players, cls.max_players})]
        for key, values in _choices(cls).items():
            out += [Config(name, cls.default_players, {key: v}) for v in values]
    return out


def _api_configs() -> list[Config]:
    out = []
    for name, module in MODULES.items():
        cls = module.raw_env.engine_cls
        boards = [{}]
        on_the_board = {o.name for o in cls.game_type.options if o.board}
        for key, values in _choices(cls).items():
            if key in on_the_board:
                boards += [{key: v} for v in values]
            else:
                out += [Config(name, cls.default_players, {key: v}) for v in values]
        players = range(cls.min_players, cls.max_players + 1)
        out += [Config(name, n, board) for board in boards for n in players]
    return out


#: Every env at its fewest and most players, plus each non-default option value once.
CONFIGS = _configs()
#: Every env at every player count on every board, plus each other option value once.
API_CONFIGS = _api_configs()
#: One default configuration per env.
DEFAULTS = [Config(name, m.raw_env.engine_cls.default_players) for name, m in MODULES.items()]


def ids(configs) -> list[str]:
    return [c.id for c in configs]
