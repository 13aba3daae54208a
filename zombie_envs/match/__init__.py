"""Matches between agents: tournaments, head-to-head evaluations and benchmarks
all play through this one pipeline, so they measure the same thing.

``schedule`` says who sits where in every game (balanced seats, each seed under
every seat rotation); ``runner`` plays the games, on worker processes if
asked, and folds them in game order; ``report`` holds the per-agent statistics,
the table and the files (``chart`` the picture); ``commands`` are the
``evaluate``, ``tournament`` and ``ratings`` commands.
"""

from .report import AgentStats, HeadToHead, TournamentResult, wilson_interval
from .runner import head_to_head, run_tournament
from .schedule import Schedule

__all__ = [
    "AgentStats",
    "HeadToHead",
    "Schedule",
    "TournamentResult",
    "head_to_head",
    "run_tournament",
    "wilson_interval",
]
