"""The engine as RLlib's turn-based multi-agent env (see the package docstring)."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from zombie_envs.agents.inputs import hint_agent, policy_input
from zombie_envs.registry import engine_class

from ..selfplay import LegalDiscrete


class ZombieMultiAgentEnv(MultiAgentEnv):
    """A suite engine as RLlib's turn-based multi-agent env; see the module
    docstring.  ``config``: ``env``, ``num_players``, ``env_options``, ``hint``,
    ``seed``.  An illegal action raises ``ValueError`` and changes nothing."""

    def __init__(self, config: dict | None = None):
        super().__init__()
        config = dict(config or {})
        self.env_name = config.get("env", "mall_of_horror_v0")
        self.engine_cls = engine_class(self.env_name)
        self.num_players = config.get("num_players") or self.engine_cls.default_players
        self.options = dict(config.get("env_options") or {})
        self.hint = config.get("hint")
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        self.agents = list(self.possible_agents)
        n = self.engine_cls.action_layout.size
        size = self.engine_cls.obs_layout.size + (n if self.hint else 0)
        space = gymnasium.spaces.Dict(
            {
                "observations": gymnasium.spaces.Box(0, 127, (size,), np.int8),
                "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
                "heuristic": gymnasium.spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        # sample() draws a legal move of the deciding seat (RLlib's env check steps with it)
        action_space = LegalDiscrete(n, self._legal_mask)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._rng = random.Random(config.get("seed"))
        self._heuristic = hint_agent("heuristic", self.env_name)
        self.game = None
        self._played: set[int] = set()

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._rng.seed(seed)
        self._heuristic.reset(self._rng.getrandbits(63))
        self.game = self.engine_cls(
            self.num_players, seed=self._rng.getrandbits(63), **self.options
        )
        self._played = set()
        seat = self.game.current_player
        return {self.possible_agents[seat]: self._observe(seat)}, {}

    def step(self, action_dict):
        game = self.game
        seat = game.current_player
        agent = self.possible_agents[seat]
        if set(action_dict) != {agent}:
            raise ValueError(f"{agent} is to move, got actions for {sorted(action_dict)}")
        game.apply(int(action_dict[agent]))  # ValueError naming the legal actions if illegal
        self._played.add(seat)
        if not game.terminal:
            seat = game.current_player
            obs = {self.possible_agents[seat]: self._observe(seat)}
            return obs, {agent: 0.0}, {"__all__": False}, {"__all__": False}, {}
        returns = game.returns("zero_sum")
        played = sorted(self._played)
        obs = {self.possible_agents[s]: self._observe(s) for s in played}
        rewards = {self.possible_agents[s]: float(returns[s]) for s in played}
        # a turn cap is a truncation: the value is bootstrapped, not zero
        truncated = bool(game.truncated)
        return obs, rewards, {"__all__": not truncated}, {"__all__": truncated}, {}

    def _legal_mask(self) -> np.ndarray:
        n = self.engine_cls.action_layout.size
        if self.game is None or self.game.terminal:
            return np.zeros(n, dtype=np.int8)
        return self.game.legal_mask().astype(np.int8)

    def _observe(self, seat: int) -> dict:
        """The seat's view: the policy's input as ``policy_input`` writes it, the
        mask, and the heuristic's move (zeros when the seat is not deciding)."""
        game = self.game
        full = policy_input(game, seat, self._heuristic)  # observation + heuristic one-hot
        n = self.engine_cls.action_layout.size
        deciding = not game.terminal and game.current_player == seat
        return {
            "observations": full if self.hint else full[:-n],
            "action_mask": self._legal_mask() if deciding else np.zeros(n, dtype=np.int8),
            "heuristic": full[-n:],
        }
