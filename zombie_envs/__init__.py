"""zombie-envs: PettingZoo AEC environments for zombie-mall board games.

``zombie_envs.make(name, **kwargs)`` builds any env of the suite by name;
``ENVS`` lists them.  Each env is also importable as a module, like
``pettingzoo.classic``: ``from zombie_envs import mall_of_horror_v0``.
"""

from __future__ import annotations

from . import mall_of_horror_v0, we_are_dead_v0

__version__ = "0.1.0"

ENVS = {
    "mall_of_horror_v0": mall_of_horror_v0,
    "we_are_dead_v0": we_are_dead_v0,
}


def make(name: str, **kwargs):
    """Build the wrapped AEC env registered under ``name``."""
    if name not in ENVS:
        raise ValueError(f"unknown env {name!r}; available: {sorted(ENVS)}")
    return ENVS[name].env(**kwargs)


__all__ = ["ENVS", "make", "mall_of_horror_v0", "we_are_dead_v0", "__version__"]
