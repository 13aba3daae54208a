"""The one PettingZoo AEC adapter, shared by every game.

It turns any ``Engine`` into an ``AECEnv``: agent cycling, dead steps, reward
bookkeeping, cached spaces, seeding, game records and render dispatch live
here once.  Games only provide their declaration (``core.game_type``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from .game import Engine, _as_int
from .game_type import GameType
from .pettingzoo_ids import register_entry
from .record import check_record, make_record, replay_engine

REWARD_MODES = ("zero_sum", "score")
ILLEGAL_MODES = ("raise", "terminate")


class ZombieAECEnv(AECEnv):
    """A PettingZoo AEC environment over a game engine.

    Agents are ``player_0 .. player_{n-1}``.  Observations are dicts with an
    int8 ``observation`` vector of counts and flags and an int8
    ``action_mask`` (all zeros for agents not acting).  Rewards arrive at the end of the game: with
    ``reward="zero_sum"`` the winners share +1 and the losers share -1; with
    ``reward="score"`` each agent gets its final points.  An illegal action
    raises ``ValueError`` and changes nothing.

    The env enforces call order itself, with PettingZoo's own messages
    (``EnvLogger``): PettingZoo's ``OrderEnforcingWrapper`` forwards every
    attribute read through two ``__getattr__`` calls, which cost a third of a
    step here.
    """

    engine_cls: type[Engine]
    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        num_players: int | None = None,
        render_mode: str | None = None,
        reward: str = "zero_sum",
        render_seat: int | None = None,
        **options,
    ):
        super().__init__()
        cls = self.engine_cls
        n = cls.default_players if num_players is None else num_players
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        self.game_options = cls.check_options(options)
        cls(n, seed=0, **self.game_options)  # validates num_players early
        self.num_players = n
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.reward_mode = reward
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_size, n_actions = cls.obs_layout.size, cls.action_layout.size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 127, (obs_size,), np.int8),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(0, 127, (cls.state_layout.size,), np.int8)
        self._seeder = random.Random()
        self._zero_mask = np.zeros(n_actions, dtype=np.int8)
        self.game: Engine | None = None
        self.seed_used: int | None = None
        self.actions_played: list[int] = []

    # ----- spaces ---------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent):
        return self.action_spaces[self._known(agent)]

    def _known(self, agent):
        """``agent`` itself, or a ``ValueError`` naming the agents (not a bare ``KeyError``)."""
        if agent not in self.agent_name_mapping:
            raise ValueError(
                f"unknown agent {agent!r}; the agents are {', '.join(self.possible_agents)}"
            )
        return agent

    # ----- episode --------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a game.  A seed fixes it; later unseeded resets continue the
        seeded sequence, so a seeded run of many games is reproducible."""
        if seed is not None:
            self._seeder.seed(seed)
        self._start(self._seeder.getrandbits(63))

    def _start(self, game_seed: int) -> None:
        self.seed_used = game_seed
        self.game = self.engine_cls(self.num_players, seed=game_seed, **self.game_options)
        self.actions_played = []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        game = self.game
        if game is None:
            EnvLogger.error_observe_before_reset()
        seat = self.agent_name_mapping.get(agent)
        if seat is None:
            self._known(agent)  # raises, naming the agents
        mask = game.legal_mask() if game.current_player == seat else self._zero_mask.copy()
        return {"observation": game.observation(seat), "action_mask": mask}

    def step(self, action) -> None:
        if self.game is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        game.apply(action)  # raises ValueError on an illegal action, state untouched
        self.actions_played.append(int(action))
        self._cumulative_rewards[agent] = 0.0
        if game.terminal:
            returns = game.returns(self.reward_mode)
            self.rewards = {a: returns[i] for i, a in enumerate(self.agents)}
            # a safety cap cut the game short: a truncation, not a normal end
            ended = self.truncations if game.truncated else self.terminations
            ended.update(dict.fromkeys(self.agents, True))
            self._accumulate_rewards()
            # dead steps then run through the agents in seat order
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        if self.render_mode == "human":
            self.render()

    def state(self) -> np.ndarray:
        if self.game is None:
            EnvLogger.error_state_before_reset()
        return self.game.state_vector()

    def agent_iter(self, max_iter: int = 2**63):
        if self.game is None:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def last(self, observe: bool = True):
        """PettingZoo's ``last``, inlined: it runs every turn."""
        if self.game is None:
            _error_last_before_reset()
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    # ----- helpers for tools ----------------------------------------------
    def action_to_str(self, action: int) -> str:
        """Readable name of an action for the agent about to act."""
        return self.game.action_name(action)

    def record(self) -> dict:
        """The game so far as a game record (``core.record``, the format tournaments
        and the terminal seat write and ``zombie-envs replay`` reads): replaying
        its actions from its seed gives this state."""
        game = self.game
        return make_record(
            self.engine_cls,
            self.metadata["name"],
            self.num_players,
            self.game_options,
            self.seed_used,
            self.possible_agents,
            self.actions_played,
            game.scores(),
            game.final_winners() if game.terminal else [],
            finished=game.terminal,
        )

    def render(self):
        if self.game is None:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.render_mode == "rgb_array":
            return self.game.game_type.picture_module.rgb(self.game)
        text = self.game.game_type.text_module.ansi(self.game, self.render_seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def replay(record: dict, env_fn: Callable) -> ZombieAECEnv:
    """Rebuild an env from a game record (from an env, a tournament or the
    terminal seat), after every check of ``core.record.replay_engine``."""
    check_record(record)
    env = env_fn(num_players=record["num_players"], **record["options"]).unwrapped
    if record["env"] != env.metadata["name"]:
        raise ValueError(f"record is for env {record['env']!r}, not {env.metadata['name']!r}")
    replay_engine(record, env.engine_cls)
    env._start(record["seed"])
    for action in record["actions"]:
        env.step(action)
    return env


def _error_last_before_reset():
    """The order error ``step`` and ``observe`` give, worded for ``last``."""
    raise AssertionError("reset() needs to be called before last.")


class TerminatingEnv(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks over its ``TerminateIllegalWrapper``, with the
    two checks they lack: ``last()`` before ``reset()`` is an order error, and
    an action that is not an integer in range raises ``ValueError`` before the
    wrapper indexes the mask with it (where a float, text or -1 would raise
    ``IndexError`` or pick another action).  Only an integer in range that the
    mask forbids ends the game."""

    def __init__(self, env: ZombieAECEnv):
        super().__init__(wrappers.TerminateIllegalWrapper(env, illegal_reward=-1))

    def last(self, observe: bool = True):
        if not self._has_reset:
            _error_last_before_reset()
        return super().last(observe)

    def step(self, action) -> None:
        if self._has_reset and self.agents:
            agent = self.agent_selection
            live = not (self.terminations[agent] or self.truncations[agent])
            n = self.action_space(agent).n
            a = _as_int(action)
            if live and (a is None or not 0 <= a < n):
                raise ValueError(
                    f"illegal action {action!r} for {agent}: "
                    f"an action is an integer from 0 to {n - 1}"
                )
        super().step(action)


def make_entry(game: GameType, module: str):
    """Build the ``raw_env`` class and ``env`` factory of a game's ``<game>_v0``
    module from its declaration; ``module`` is that module's ``__name__``, so
    pickle finds the class."""
    engine_cls = game.engine_cls
    raw = type(
        "raw_env",
        (ZombieAECEnv,),
        {
            "engine_cls": engine_cls,
            "metadata": {**ZombieAECEnv.metadata, "name": game.env},
            "__doc__": f"{game.env}: {engine_cls.__doc__ or ''}\n\n{ZombieAECEnv.__doc__}",
            "__module__": module,
            "__qualname__": "raw_env",
        },
    )
    register_entry(game.env, module)

    def env(illegal_action: str = "raise", **kwargs):
        """The env.  ``illegal_action="terminate"`` wraps it in PettingZoo's
        ``TerminateIllegalWrapper`` (see ``TerminatingEnv``): an illegal move
        ends the game with -1 for the mover instead of raising."""
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(
                f"illegal_action must be one of {ILLEGAL_MODES}, got {illegal_action!r}"
            )
        e = raw(**kwargs)
        return TerminatingEnv(e) if illegal_action == "terminate" else e

    return raw, env
