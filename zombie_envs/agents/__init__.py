"""Agents that play any engine of the suite directly, built by kind.

The ``Agent`` protocol and ``RandomAgent`` live in ``zombie_envs.core.agent``
(games build their bots on them), each game's heuristic agent in its
``bots`` module (found through ``zombie_envs.registry``), and ``PolicyAgent``
(in ``policy``) plays a trained checkpoint with numpy only.
"""

from __future__ import annotations

from ..core.agent import Agent, RandomAgent
from ..registry import heuristic_class
from .policy import CheckpointError, MLPPolicy, PolicyAgent

AGENT_KINDS = ("random", "heuristic", "ckpt:PATH")


def make_agent(
    kind: str,
    game_name: str,
    seed: int | None = None,
    num_players: int | None = None,
    options: dict | None = None,
) -> Agent:
    """Build an agent by kind for a game: ``"random"``, ``"heuristic"`` or
    ``"ckpt:PATH"`` (a trained policy, checked against the game and, when
    given, the player count and engine options)."""
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return heuristic_class(game_name)(seed)
    if kind.startswith("ckpt:"):
        return PolicyAgent.from_file(kind[5:], game_name, num_players, seed, options=options)
    raise ValueError(f"unknown agent kind {kind!r}; known: {list(AGENT_KINDS)}")


__all__ = [
    "AGENT_KINDS",
    "Agent",
    "CheckpointError",
    "MLPPolicy",
    "PolicyAgent",
    "RandomAgent",
    "heuristic_class",
    "make_agent",
]
