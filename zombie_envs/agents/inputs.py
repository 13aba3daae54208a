"""What a policy reads: the seat's observation, optionally followed by a *hint*.

With ``hint="heuristic"`` the input ends with a one-hot of the action the
game's heuristic would play, so a policy can start from the heuristic and learn
where to deviate (a residual policy).  The heuristic reads only what the seat
may see, so the hint reveals nothing the seat could not work out itself.
"""

from __future__ import annotations

import numpy as np

from ..core.agent import Agent
from ..registry import heuristic_class
from .network import CheckpointError

HINTS = (None, "heuristic")


def hint_agent(hint: str | None, game_name: str, seed: int | None = None) -> Agent | None:
    """The agent whose choice a policy reads as its hint (``None``: no hint)."""
    if hint not in HINTS:
        raise CheckpointError(f"unknown hint {hint!r}; known: {list(HINTS)}")
    return heuristic_class(game_name)(seed) if hint == "heuristic" else None


def policy_input(game, seat: int, hinter: Agent | None) -> np.ndarray:
    """What a policy reads: the seat's observation, then the hint's one-hot
    (all zeros when the seat is not deciding)."""
    obs = game.observation(seat)
    if hinter is None:
        return obs
    hint = np.zeros(game.action_layout.size, dtype=np.int8)
    if not game.terminal and game.current_player == seat:
        hint[hinter.act(game, seat)] = 1
    return np.concatenate([obs, hint])


def input_size(engine_cls, hint: str | None) -> int:
    size = engine_cls.obs_layout.size
    return size + engine_cls.action_layout.size if hint else size
