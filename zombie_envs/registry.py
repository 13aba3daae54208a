"""What the suite holds, by name: each game's declaration and its env.

A game is declared once, as ``GAME`` (a ``core.game_type.GameType``) in its
package ``zombie_envs.games.<name>``, and made an env by its entry module
``zombie_envs/<name>_v<N>.py`` (``raw_env, env = make_entry(GAME, __name__)``,
PettingZoo's naming).  The registry finds the entry modules by their file
names and imports one only when it is looked up, so importing this registry,
the package root or one engine loads no game and no PettingZoo.  A game
declared elsewhere (a plugin, a test) joins with ``register_game``.

Every env is also in PettingZoo's own registry, as ``zombie_envs/<game>-v<N>``
(``pettingzoo.make("aec", "zombie_envs/mall_of_horror-v0")``): the envs join it
as soon as ``pettingzoo`` is imported, before or after this module, so that
importing the suite still does not import PettingZoo.

The repository's ``checkpoints/`` and ``configs/`` folders install as the data
packages ``zombie_envs.checkpoints`` and ``zombie_envs.configs`` (``setup.py``
maps them); ``shipped_folder`` finds them with ``importlib.resources``, from a
checkout or an installed wheel alike, whatever the working directory.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.resources
import importlib.util
import pkgutil
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType

from .core.agent import Agent
from .core.game_type import GameType

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
    if "pettingzoo" in sys.modules:
        register_pettingzoo()


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
#: the namespace of the suite's ids in PettingZoo's registry
NAMESPACE = "zombie_envs"


def pettingzoo_id(env: str) -> str:
    """The id of an env in PettingZoo's registry: ``mall_of_horror_v0`` ->
    ``zombie_envs/mall_of_horror-v0`` (its own spelling of versions)."""
    name, _, version = env.rpartition("_v")
    return f"{NAMESPACE}/{name}-v{version}"


def register_pettingzoo() -> None:
    """Put every env of the suite in PettingZoo's AEC registry (imports PettingZoo)."""
    from pettingzoo import aec_registry, register

    for env, module in _ENTRIES.items():
        spec = aec_registry.get(pettingzoo_id(env))
        if spec is None or spec.entry_point != f"{module}:env":
            register("aec", pettingzoo_id(env), entry_point=f"{module}:env")


class _Registering(importlib.abc.Loader):
    """Runs PettingZoo's own loader, then registers the suite in it."""

    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        register_pettingzoo()

    def __getattr__(self, name):  # resource readers, get_source, ...
        return getattr(self.loader, name)


class _WhenPettingZooLoads(importlib.abc.MetaPathFinder):
    """Registers the suite when ``pettingzoo`` is first imported, and then leaves."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "pettingzoo":
            return None
        sys.meta_path.remove(self)  # the search below must not find this finder again
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _Registering(spec.loader)
        return spec


if "pettingzoo" in sys.modules:
    register_pettingzoo()
else:
    sys.meta_path.insert(0, _WhenPettingZooLoads())


# ----- shipped files ---------------------------------------------------------------
def shipped_folder(name: str) -> Path:
    """The folder of the shipped ``"checkpoints"`` or ``"configs"``."""
    folder = importlib.resources.files(f"{__package__}.{name}")
    if not isinstance(folder, Path):
        raise FileNotFoundError(f"{__package__}.{name} is not a folder on disk ({folder})")
    return folder
