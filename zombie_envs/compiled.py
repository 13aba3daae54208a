"""The compiled build: which modules mypyc compiles, and which of them this
interpreter loaded compiled.

The compiled build is the same source as C extensions, which ``pip install .``
builds wherever a C compiler is (``setup.py``; ``ZOMBIE_ENVS_COMPILE=0`` asks
for the pure build); with it every game behaves the same, byte for byte, only
faster.  The modules are the four engines (their state declared on typed
classes that copy field by field), their observation encoders, the map toolkit
and the boards, the core they stand on, and the four heuristic bots with the
agent base they share; the pure-Python sources beside them are the reference
build.
``loaded_compiled()`` says which build an interpreter loaded.

``setup.py`` reads ``MODULES`` from this file without importing the package.
"""

from __future__ import annotations

import importlib

#: the modules the compiled build compiles, as paths from the repository root
MODULES = (
    "zombie_envs/core/maptext.py",
    "zombie_envs/core/geometry.py",
    "zombie_envs/core/tiles.py",
    "zombie_envs/core/joining.py",
    "zombie_envs/core/copying.py",
    "zombie_envs/core/walls.py",
    "zombie_envs/core/dice.py",
    "zombie_envs/core/deck.py",
    "zombie_envs/core/game.py",
    "zombie_envs/games/maul_of_america/maul.py",
    "zombie_envs/games/maul_of_america/steps.py",
    "zombie_envs/games/maul_of_america/state.py",
    "zombie_envs/games/maul_of_america/attacks.py",
    "zombie_envs/games/maul_of_america/zombie_turn.py",
    "zombie_envs/games/maul_of_america/engine.py",
    "zombie_envs/games/we_are_dead/state.py",
    "zombie_envs/games/we_are_dead/horde.py",
    "zombie_envs/games/we_are_dead/engine.py",
    "zombie_envs/games/we_are_dead/observe.py",
    "zombie_envs/games/zombies_mall_walkers/mall.py",
    "zombie_envs/games/mall_of_horror/observe.py",
    "zombie_envs/games/mall_of_horror/state.py",
    "zombie_envs/games/mall_of_horror/voting.py",
    "zombie_envs/games/mall_of_horror/zombie_attack.py",
    "zombie_envs/games/mall_of_horror/resample.py",
    "zombie_envs/games/mall_of_horror/engine.py",
    "zombie_envs/games/zombies_mall_walkers/state.py",
    "zombie_envs/games/zombies_mall_walkers/keys.py",
    "zombie_envs/games/zombies_mall_walkers/fights.py",
    "zombie_envs/games/zombies_mall_walkers/events.py",
    "zombie_envs/games/zombies_mall_walkers/observe.py",
    "zombie_envs/games/zombies_mall_walkers/engine.py",
    "zombie_envs/core/agent.py",
    "zombie_envs/games/mall_of_horror/bots.py",
    "zombie_envs/games/maul_of_america/bots.py",
    "zombie_envs/games/we_are_dead/bots.py",
    "zombie_envs/games/zombies_mall_walkers/routes.py",
    "zombie_envs/games/zombies_mall_walkers/card_play.py",
    "zombie_envs/games/zombies_mall_walkers/bots.py",
)


def module_name(path: str) -> str:
    """``zombie_envs/core/walls.py`` -> ``zombie_envs.core.walls``."""
    return path.removesuffix(".py").replace("/", ".")


def loaded_compiled() -> dict[str, bool]:
    """``{module: whether it was loaded as a compiled extension}`` for ``MODULES``."""
    files = {
        module_name(path): importlib.import_module(module_name(path)).__file__ or ""
        for path in MODULES
    }
    return {name: not file.endswith(".py") for name, file in files.items()}
