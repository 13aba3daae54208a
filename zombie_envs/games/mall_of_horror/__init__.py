"""Mall of Horror (3-6 players): votes, secret destinations, hidden dice."""

from .declaration import GAME
from .engine import MallOfHorror

__all__ = ["GAME", "MallOfHorror"]
