"""What the suite holds, by name: its envs and each game's heuristic agent.

Both tables name modules as strings and import one only when it is looked up,
so importing this registry, the package root or one engine loads no game and
no PettingZoo.  A game name (``mall_of_horror``) is its env name without the
version suffix (``mall_of_horror_v0``) and the engine class's ``name``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from types import ModuleType

from .core.agent import Agent

#: env name -> its entry module (``env()``, ``raw_env``, ``parallel_env`` if offered)
_ENTRIES = {
    "mall_of_horror_v0": "zombie_envs.mall_of_horror_v0",
    "we_are_dead_v0": "zombie_envs.we_are_dead_v0",
}

#: game name -> its heuristic agent, as a class or a ``"module:Class"`` path
HEURISTICS: dict[str, object] = {
    "mall_of_horror": "zombie_envs.games.mall_of_horror.bots:HeuristicAgent",
    "we_are_dead": "zombie_envs.games.we_are_dead.bots:HeuristicAgent",
}


class _Envs(Mapping):
    """A read-only ``{env name: entry module}`` that imports a module when it is read."""

    def __getitem__(self, name: str) -> ModuleType:
        return importlib.import_module(_ENTRIES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(_ENTRIES)

    def __len__(self) -> int:
        return len(_ENTRIES)

    def __repr__(self) -> str:
        return f"ENVS({sorted(_ENTRIES)})"


ENVS: Mapping[str, ModuleType] = _Envs()


def make(name: str, **kwargs):
    """Build the wrapped AEC env registered under ``name``."""
    if name not in ENVS:
        raise ValueError(f"unknown env {name!r}; available: {sorted(ENVS)}")
    return ENVS[name].env(**kwargs)


def game_key(name: str) -> str:
    """``mall_of_horror_v0`` and ``mall_of_horror`` name the same game."""
    return re.sub(r"_v\d+$", "", name)


def canonical_env(name: str) -> str:
    """The registered env name for an env name or a game name
    (``mall_of_horror`` -> ``mall_of_horror_v0``)."""
    if name in ENVS:
        return name
    for env in ENVS:
        if game_key(env) == game_key(name):
            return env
    raise ValueError(f"unknown game {name!r}; available: {sorted(ENVS)}")


def engine_class(name: str):
    """The engine class behind an env name (``mall_of_horror_v0``) or a game
    name (``mall_of_horror``)."""
    return ENVS[canonical_env(name)].raw_env.engine_cls


def register_heuristic(game_name: str, target) -> None:
    """Register a game's heuristic agent: a class or a ``"module:Class"`` path."""
    HEURISTICS[game_key(game_name)] = target


def heuristic_class(game_name: str) -> type[Agent]:
    """The heuristic agent class of a game, imported on first use."""
    key = game_key(game_name)
    if key not in HEURISTICS:
        raise ValueError(f"no heuristic agent for game {game_name!r}; known: {sorted(HEURISTICS)}")
    target = HEURISTICS[key]
    if isinstance(target, str):
        module, _, cls = target.partition(":")
        target = getattr(importlib.import_module(module), cls)
        HEURISTICS[key] = target
    return target
