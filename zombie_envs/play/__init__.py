"""People playing the games: ``seat.SeatedGame`` is one person's game against
agents, which ``zombie-envs play`` shows in the terminal (``terminal``) and
``zombie-envs serve`` in the browser (``zombie_envs.web``).

See ``docs/play.md``.
"""

from .seat import SeatedGame
from .terminal import TerminalGame, add_commands, screen

__all__ = ["SeatedGame", "TerminalGame", "add_commands", "screen"]
