"""What the suite holds, by name: each game's declaration and its env.

A game is declared once, as ``GAME`` (a ``core.game_type.GameType``) in its
package ``zombie_envs.games.<name>``, and made an env by its entry module
``zombie_envs/<name>_v<N>.py`` (``raw_env, env = make_entry(GAME, __name__)``,
PettingZoo's naming).  The registry finds the entry modules by their file
names and imports one only when it is looked up, so importing this registry,
the package root or one engine loads no game and no PettingZoo.  A game
declared elsewhere (a plugin, a test) joins with ``register_game``.

Every env is also in PettingZoo's own registry, as ``zombie_envs/<game>-v<N>``
(``pettingzoo.make("aec", "zombie_envs/mall_of_horror-v0")``), registered
explicitly: an entry module registers its env when it is imported (``make``
imports it), and ``register_pettingzoo()`` registers them all at once, so
importing the suite alone does not import PettingZoo.

The repository's ``checkpoints/`` and ``configs/`` folders install as the data
packages ``zombie_envs.checkpoints`` and ``zombie_envs.configs`` (``setup.py``
maps them); ``shipped_folder`` finds them with ``importlib.resources``, from a
checkout or an installed wheel alike, whatever the working directory.
"""

from __future__ import annotations

import importlib
import importlib.resources
import pkgutil
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType

from .core.agent import Agent
from .core.game_type import GameType
from .core.pettingzoo_ids import register_entry

_ENTRY = re.compile(r"\w+_v\d+")
#: env name -> its entry module (``env()``, ``raw_env``, ``parallel_env`` if offered)
_ENTRIES = {
    m.name: f"{__package__}.{m.name}"
    for m in pkgutil.iter_modules([str(Path(__file__).parent)])
    if _ENTRY.fullmatch(m.name)
}
#: game name -> declaration, for games registered from outside the package
_GAMES: dict[str, GameType] = {}


class _Envs(Mapping):
    """A read-only ``{env name: entry module}`` that imports a module when it is read."""

    def __getitem__(self, name: str) -> ModuleType:
        return importlib.import_module(_ENTRIES[name])

    def __contains__(self, name) -> bool:  # without importing the entry
        return name in _ENTRIES

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(_ENTRIES))

    def __len__(self) -> int:
        return len(_ENTRIES)

    def __repr__(self) -> str:
        return f"ENVS({sorted(_ENTRIES)})"


ENVS: Mapping[str, ModuleType] = _Envs()


def register_game(game: GameType, entry: str) -> None:
    """Add a game declared outside the package; ``entry`` names the module that
    made its env with ``raw_env, env = make_entry(game, __name__)``."""
    _GAMES[game.name] = game
    _ENTRIES[game.env] = entry


def make(name: str, **kwargs):
    """Build the wrapped AEC env registered under ``name`` (its entry module
    puts it in PettingZoo's registry as it loads)."""
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


def env_argument(text: str) -> str:
    """``canonical_env`` as an argparse type: commands take an env by its
    registered name or its game's, and an unknown one is a usage error that
    lists the envs."""
    import argparse

    try:
        return canonical_env(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def game_type(name: str) -> GameType:
    """The declaration of a game, by env or game name (loads its package, not PettingZoo)."""
    key = game_key(canonical_env(name))
    if key in _GAMES:
        return _GAMES[key]
    return importlib.import_module(f"{__package__}.games.{key}").GAME


def engine_class(name: str):
    """The engine class behind an env name (``mall_of_horror_v0``) or a game
    name (``mall_of_horror``)."""
    return game_type(name).engine_cls


def heuristic_class(game_name: str) -> type[Agent]:
    """The heuristic agent class of a game, imported on first use."""
    return game_type(game_name).heuristic_cls


# ----- PettingZoo's registry ----------------------------------------------------------
def register_pettingzoo() -> None:
    """Put every env of the suite in PettingZoo's AEC registry (imports
    PettingZoo); each entry module puts its own env there when it is imported."""
    for env, module in _ENTRIES.items():
        register_entry(env, module)


# ----- shipped files ---------------------------------------------------------------
def shipped_folder(name: str) -> Path:
    """The folder of the shipped ``"checkpoints"`` or ``"configs"``."""
    folder = importlib.resources.files(f"{__package__}.{name}")
    if not isinstance(folder, Path):
        raise FileNotFoundError(f"{__package__}.{name} is not a folder on disk ({folder})")
    return folder
