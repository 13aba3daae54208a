"""We Are Dead: Zombie Mall Massacre (2-5 players): a grid board, private hands,
face-down heroes, hidden shopper tokens and a horde that scores against everyone."""

from .declaration import GAME
from .engine import WeAreDead

__all__ = ["GAME", "WeAreDead"]
