"""The agent protocol and the random agent, in the core so games can build bots on them.

Agents act on the engine directly (no PettingZoo, no observation vectors), so
evaluation runs at engine speed.  The price is discipline: an agent is handed
the whole engine, so it must read only what its seat may see (see ``Agent``).
"""

from __future__ import annotations

import random
from typing import ClassVar

from .game import mypyc_attr
from .game_type import HANDLER, GameType


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Agent:
    """A player that chooses an action id for ``seat`` from ``game.legal``.

    ``act`` receives the full engine for speed, but an agent must be a pure
    function of what its seat may see, plus its own RNG: the public fields of
    the game and its own private ones, as the game's ``observe`` module draws
    that line.  It must never read other seats' hands or pending secret
    choices, dice or cards its seat has not seen, the deck order or the
    engine's RNG.  Same seed, same visible information: same action.
    """

    name: ClassVar[str] = "agent"

    def __init__(self, seed: int | None = None):
        if type(self).act is Agent.act:  # (not ``abc``: see ``core.game._WRITTEN_BY_THE_GAME``)
            raise TypeError(f"{type(self).__name__} is abstract: an agent writes act(game, seat)")
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Start a new game; reseeding makes the agent's play reproducible."""
        self.rng.seed(seed)

    def act(self, game, seat: int) -> int:
        """The action ``seat`` plays in ``game`` (one of ``game.legal``)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class DecisionAgent(Agent):
    """An agent with one ``on_<kind>(game, seat)`` method per decision kind of
    its game, checked against the game's declaration (``game_type``) when the class
    that names it is created; ``act`` calls the one for the pending decision."""

    game_type: ClassVar[GameType]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "game_type" in vars(cls):
            cls.game_type.check_handlers(cls)

    def act(self, game, seat: int) -> int:
        return getattr(self, HANDLER + game.decision)(game, seat)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class RandomAgent(Agent):
    """Uniform over the legal actions: the baseline every bot must beat."""

    name = "random"

    def act(self, game, seat: int) -> int:
        legal = game.legal
        return legal[self.rng.randrange(len(legal))]
