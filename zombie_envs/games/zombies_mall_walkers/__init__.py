"""Zombies!!! 3: Mall Walkers (2-6 players): a race through a mall that grows tile by
tile from the Front Door to the Helipad; private hands of event cards."""

from .declaration import GAME
from .engine import MallWalkers

__all__ = ["GAME", "MallWalkers"]
