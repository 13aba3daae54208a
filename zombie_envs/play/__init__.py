"""People playing the games: ``zombie-envs play`` puts one person at a seat in the terminal.

See ``terminal`` and ``docs/play.md``.
"""

from .terminal import TerminalGame, add_commands, screen

__all__ = ["TerminalGame", "add_commands", "screen"]
