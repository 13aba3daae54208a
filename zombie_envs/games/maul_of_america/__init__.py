"""Maul of America (2-5 players): one Zombie Controller against up to four Shoppers
in a Maul built from four map sections; private hands, public equipment."""

from .declaration import GAME
from .engine import MaulOfAmerica

__all__ = ["GAME", "MaulOfAmerica"]
