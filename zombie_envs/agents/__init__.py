"""Agents that play any engine of the suite directly (see ``base.Agent``).

``PolicyAgent`` (in ``policy``) plays a trained checkpoint with numpy only.
"""

from .base import (
    AGENT_KINDS,
    HEURISTICS,
    Agent,
    RandomAgent,
    heuristic_class,
    make_agent,
    register_heuristic,
)
from .policy import CheckpointError, MLPPolicy, PolicyAgent

__all__ = [
    "AGENT_KINDS",
    "HEURISTICS",
    "Agent",
    "CheckpointError",
    "MLPPolicy",
    "PolicyAgent",
    "RandomAgent",
    "heuristic_class",
    "make_agent",
    "register_heuristic",
]
