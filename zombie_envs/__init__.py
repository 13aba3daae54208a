"""zombie-envs: PettingZoo AEC environments for zombie-mall board games.

``zombie_envs.make(name, **kwargs)`` builds any env of the suite by name;
``ENVS`` lists them.  Each env is also importable as a module, like
``pettingzoo.classic``: ``from zombie_envs import mall_of_horror_v0``, and is
in PettingZoo's registry once registered (its module registers it as it loads;
``zombie_envs.register_pettingzoo()`` registers all):
``pettingzoo.make("aec", "zombie_envs/mall_of_horror-v0")``.

The env modules load on first use, so importing an engine
(``zombie_envs.games.mall_of_horror``) loads neither PettingZoo nor the other games.
"""

from __future__ import annotations

from .registry import ENVS, make, register_pettingzoo

__version__ = "0.1.0"


def __getattr__(name: str):
    if name in ENVS:
        return ENVS[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *ENVS})


__all__ = ["ENVS", "make", "register_pettingzoo", "__version__", *ENVS]
