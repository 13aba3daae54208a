"""Engine-level agents: the ``Agent`` interface, ``RandomAgent`` and a registry.

Agents act on the engine directly (no PettingZoo, no observation vectors), so
evaluation runs at engine speed.  The price is discipline: an agent is handed
the whole engine, so it must read only what its seat may see (see ``Agent``).
"""

from __future__ import annotations

import importlib
import random
import re
from abc import ABC, abstractmethod

#: game name -> "module:Class" of its heuristic agent (imported on first use)
HEURISTICS: dict[str, str] = {
    "mall_of_horror": "zombie_envs.games.mall_of_horror.bots:HeuristicAgent",
    "we_are_dead": "zombie_envs.games.we_are_dead.bots:HeuristicAgent",
}


class Agent(ABC):
    """A player that chooses an action id for ``seat`` from ``game.legal``.

    ``act`` receives the full engine for speed, but an agent must be a pure
    function of what its seat may see, plus its own RNG: public fields (board,
    zombies, chief, hidden characters, revealed votes and destinations, played
    cards, hand sizes, cards left in the deck) and its own private ones (its
    hand, the arrival dice only when ``dice_seen[seat]``, its own pending
    ballot and destination, the truck cards only when it is ``truck_seat``,
    the gift card only as giver or receiver).  It must never read other seats'
    hands, their pending ballots (``v_ballots``), their secret destinations
    (``dest`` where ``dest_public`` is 0), unseen dice, the deck order or the
    engine's RNG.  Same seed, same visible information: same action.
    """

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Start a new game; reseeding makes the agent's play reproducible."""
        self.rng.seed(seed)

    @abstractmethod
    def act(self, game, seat: int) -> int:
        """The action ``seat`` plays in ``game`` (one of ``game.legal``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Uniform over the legal actions: the baseline every bot must beat."""

    name = "random"

    def act(self, game, seat: int) -> int:
        legal = game.legal
        return legal[self.rng.randrange(len(legal))]


def game_key(name: str) -> str:
    """``mall_of_horror_v0`` and ``mall_of_horror`` name the same game."""
    return re.sub(r"_v\d+$", "", name)


def register_heuristic(game_name: str, target) -> None:
    """Register a game's heuristic agent: a class or a ``"module:Class"`` path."""
    HEURISTICS[game_key(game_name)] = target


def heuristic_class(game_name: str) -> type[Agent]:
    key = game_key(game_name)
    if key not in HEURISTICS:
        raise ValueError(f"no heuristic agent for game {game_name!r}; known: {sorted(HEURISTICS)}")
    target = HEURISTICS[key]
    if isinstance(target, str):
        module, _, cls = target.partition(":")
        target = getattr(importlib.import_module(module), cls)
        HEURISTICS[key] = target
    return target


AGENT_KINDS = ("random", "heuristic", "ckpt:PATH")


def make_agent(
    kind: str,
    game_name: str,
    seed: int | None = None,
    num_players: int | None = None,
    options: dict | None = None,
) -> Agent:
    """Build an agent by kind for a game: ``"random"``, ``"heuristic"`` or
    ``"ckpt:PATH"`` (a trained policy, checked against the game and, when
    given, the player count and engine options)."""
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return heuristic_class(game_name)(seed)
    if kind.startswith("ckpt:"):
        from .policy import PolicyAgent

        return PolicyAgent.from_file(kind[5:], game_name, num_players, seed, options=options)
    raise ValueError(f"unknown agent kind {kind!r}; known: {list(AGENT_KINDS)}")
