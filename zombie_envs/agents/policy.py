"""Trained policies as agents: a policy file's network playing one seat."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..core.agent import Agent
from ..registry import engine_class
from .inputs import hint_agent, policy_input
from .network import CheckpointError, Network
from .policy_file import (
    check_compatible,
    load_critic,
    load_policy,
    options_problem,
    trained_options,
)


class PolicyAgent(Agent):
    """A trained policy playing one seat: greedy by default, or sampling from
    its action distribution (``greedy=False``); illegal actions never get
    probability.  It reads only its seat's observation and the action mask.

    Loaded from a file, it knows the engine options it was trained with and
    refuses to act in a game with others, whatever path built the game."""

    name = "policy"
    #: the engine options it was trained with (``None``: not known, not checked)
    env_options: dict | None = None
    #: the value network saved with it, if any (search leaf values)
    critic: Network | None = None

    def __init__(
        self,
        policy: Network,
        seed: int | None = None,
        greedy: bool = True,
        name: str | None = None,
        hint: str | None = None,
        game_name: str | None = None,
    ):
        super().__init__(seed)
        self.policy = policy
        self.greedy = greedy
        self.hinter = hint_agent(hint, game_name, self.rng.getrandbits(63)) if hint else None
        if name:
            self.name = name

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        if self.hinter is not None:
            self.hinter.reset(self.rng.getrandbits(63))

    @classmethod
    def from_file(
        cls,
        path,
        game_name: str,
        num_players: int | None = None,
        seed: int | None = None,
        greedy: bool = True,
        options: dict | None = None,
    ) -> PolicyAgent:
        """Load ``path`` for ``game_name``, checked against the player count and
        the engine ``options`` when given."""
        engine = engine_class(game_name)
        policy, meta = load_policy(path)
        check_compatible(meta, engine, num_players, options, source=str(path))
        name = f"ckpt:{Path(path).stem}"
        agent = cls(policy, seed, greedy, name, meta.get("hint"), game_name)
        agent.metadata = meta
        agent.critic = load_critic(path)
        agent.source = str(path)
        agent.env_options = trained_options(meta, engine, str(path))
        return agent

    def act(self, game, seat: int) -> int:
        if self.env_options is not None and game.options != self.env_options:
            problem = options_problem(self.env_options, game.options)
            raise CheckpointError(f"{self.source} does not fit this game: {problem}")
        legal = game.legal
        if len(legal) == 1:  # a forced move needs no network (nor its hint)
            return legal[0]
        u = None if self.greedy else self.rng.random()
        return self.policy.act(policy_input(game, seat, self.hinter), game.legal_mask(), u)

    def values(self, game) -> list[float]:
        """Every seat's expected return by the critic, each from its own view."""
        x = np.stack([policy_input(game, s, self.hinter) for s in range(game.num_players)])
        return self.critic.logits(x)[:, 0].tolist()
