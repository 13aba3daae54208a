"""Agents that play any engine of the suite directly (see ``base.Agent``)."""

from .base import (
    AGENT_KINDS,
    HEURISTICS,
    Agent,
    RandomAgent,
    heuristic_class,
    make_agent,
    register_heuristic,
)

__all__ = [
    "AGENT_KINDS",
    "HEURISTICS",
    "Agent",
    "RandomAgent",
    "heuristic_class",
    "make_agent",
    "register_heuristic",
]
