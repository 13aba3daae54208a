"""One learning seat against a pool of opponents, as a single-agent gymnasium env.

PettingZoo's SB3 tutorial lets one policy play every seat of one env, so
consecutive samples alternate perspectives and the learner is credited with
rewards it did not earn.  Here the learner owns exactly one seat per episode
(the seat moves every episode, so it learns every seat), and every other seat
is played inside ``step()`` by an opponent drawn from the pool: random,
heuristic, the current policy or a past snapshot.  The learner sees only its
own observations, its own reward and its own game end.
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from gymnasium import spaces

import zombie_envs
from zombie_envs.agents import make_agent
from zombie_envs.agents.inputs import hint_agent, policy_input
from zombie_envs.agents.network import Network
from zombie_envs.agents.policy import PolicyAgent
from zombie_envs.arena import win_shares
from zombie_envs.registry import game_type

OPPONENT_KINDS = ("random", "heuristic", "current", "snapshot")


def role_weights(env_name: str, opponents: dict) -> dict[str, dict[str, float]]:
    """The opponent weights of each role of the game: ``opponents`` is either
    ``{kind: weight}`` for every seat, or ``{role: {kind: weight}}`` naming each
    role of an asymmetric game (so a Shopper learner meets a Zombie Controller
    drawn from one mix, and the other Shoppers from another)."""
    game = game_type(env_name)
    roles = tuple(dict.fromkeys(game.roles or ("player",)))
    if not any(isinstance(v, dict) for v in opponents.values()):
        return dict.fromkeys(roles, dict(opponents))
    if not all(isinstance(v, dict) for v in opponents.values()) or set(opponents) != set(roles):
        raise ValueError(
            f"per-role opponents must give a {{kind: weight}} mapping for each role of "
            f"{game.name} ({', '.join(roles)}), got {opponents}"
        )
    return {role: dict(opponents[role]) for role in roles}


class OpponentPool:
    """Sampling weights over opponent kinds, plus the frozen policies to draw on.

    ``current`` is the learner's latest weights and ``snapshots`` are past
    copies; both are numpy ``Network`` objects, never the learner's tensors.
    A snapshot drawn before the first snapshot is taken plays the current
    policy, and a policy kind drawn before any policy exists plays the heuristic.
    """

    def __init__(self, weights: dict[str, float]):
        unknown = set(weights) - set(OPPONENT_KINDS)
        if unknown:
            raise ValueError(f"unknown opponent kinds {sorted(unknown)}; known: {OPPONENT_KINDS}")
        if any(w < 0 for w in weights.values()) or sum(weights.values()) <= 0:
            raise ValueError(f"opponent weights must be >= 0 and not all 0, got {weights}")
        self.kinds = [k for k in OPPONENT_KINDS if weights.get(k, 0) > 0]
        self.weights = [float(weights[k]) for k in self.kinds]
        self.current: Network | None = None
        self.snapshots: list[Network] = []

    def draw(self, rng: random.Random) -> tuple[str, Network | None]:
        """An opponent kind, and for policy kinds the policy to play."""
        kind = rng.choices(self.kinds, self.weights)[0]
        if kind == "snapshot" and self.snapshots:
            return kind, self.snapshots[rng.randrange(len(self.snapshots))]
        if kind in ("current", "snapshot"):
            if self.current is None:
                return "heuristic", None
            return "current", self.current
        return kind, None


class LegalDiscrete(spaces.Discrete):
    """A ``Discrete`` space whose ``sample()`` draws a legal action of its env,
    so generic tools (and gymnasium's checker) that step with
    ``action_space.sample()`` play legal moves.  It pickles as a plain
    ``Discrete``, so sending it between processes never copies the env."""

    def __init__(self, n: int, legal_mask, seed=None):
        super().__init__(n, seed=seed)
        self._legal_mask = legal_mask

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None:
            mask = self._legal_mask().astype(np.int8)
            if not mask.any():
                mask = None
        return super().sample(mask=mask, probability=probability)

    def __reduce__(self):
        return (spaces.Discrete, (int(self.n),))


class SelfPlayEnv(gymnasium.Env):
    """A suite env seen from one learning seat; see the module docstring.

    ``info`` carries ``seat`` (the learner's seat this episode) and
    ``opponents`` (the kind at each seat); at the game end it also carries
    ``win_share`` (1/k when k seats share the win).  ``action_masks()`` gives
    the learner's legal actions, for ``MaskablePPO``, and
    ``action_space.sample()`` draws one of them.  An illegal action raises
    ``ValueError`` and changes nothing; with ``illegal_action="terminate"`` it
    ends the episode with reward -1 instead (what gymnasium's checker needs,
    since it steps with actions sampled before a reset).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        env_name: str,
        num_players: int | None = None,
        opponents: dict[str, float] | None = None,
        env_options: dict | None = None,
        reward: str = "zero_sum",
        greedy_opponents: bool = False,
        illegal_action: str = "raise",
        hint: str | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ):
        self.env_name = env_name
        self.aec = zombie_envs.make(
            env_name, num_players=num_players, reward=reward, **(env_options or {})
        ).unwrapped
        self.num_players = self.aec.num_players
        weights = role_weights(env_name, opponents or {"random": 1.0})
        pools = {role: OpponentPool(w) for role, w in weights.items()}
        game = game_type(env_name)
        #: the pool each seat's opponent is drawn from (its role's)
        self.pools = [pools[game.role_of(s)] for s in range(self.num_players)]
        self.greedy_opponents = greedy_opponents
        if illegal_action not in ("raise", "terminate"):
            raise ValueError(
                f"illegal_action must be 'raise' or 'terminate', got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self._over = True
        self.render_mode = render_mode
        n_actions = self.aec.action_space("player_0").n
        size = self.aec.observation_space("player_0")["observation"].shape[0]
        self.hint = hint
        self.observation_space = spaces.Box(0, 127, (size + (n_actions if hint else 0),), np.int8)
        self.action_space = LegalDiscrete(n_actions, self.action_masks)
        self._rng = random.Random(seed)
        self._hinter = hint_agent(hint, env_name, self._rng.getrandbits(63))
        self._fixed = {
            kind: make_agent(kind, env_name, self._rng.getrandbits(63), self.num_players)
            for kind in ("random", "heuristic")
        }
        self._episode = self._rng.randrange(self.num_players)
        self.seat = 0
        self.opponents: list = []
        self.opponent_kinds: list[str] = []

    # ----- pool updates from the trainer ----------------------------------
    def set_policies(self, current: Network | None, snapshots: list[Network] | None = None):
        """Install the learner's latest weights and, when given, the snapshots."""
        for pool in set(self.pools):
            pool.current = current
            if snapshots is not None:
                pool.snapshots = list(snapshots)

    # ----- gymnasium API ----------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:  # a seed fixes the whole episode, the learner's seat included
            self._rng.seed(seed)
            self._episode = self._rng.randrange(self.num_players)
        self._deal()
        while self.aec.game.terminal:  # a game the opponents finished alone teaches nothing
            self._deal()
        self._over = False
        return self._observe(), self._info()

    def _deal(self) -> None:
        """Seat the learner, draw an opponent for every other seat, play up to
        the learner's first decision."""
        n = self.num_players
        self.seat = self._episode % n
        self._episode += 1
        self.opponents, self.opponent_kinds = [None] * n, ["learner"] * n
        for s in range(n):
            if s == self.seat:
                continue
            kind, policy = self.pools[s].draw(self._rng)
            if policy is None:
                agent = self._fixed[kind]
                agent.reset(self._rng.getrandbits(63))
            else:
                agent = PolicyAgent(
                    policy,
                    self._rng.getrandbits(63),
                    self.greedy_opponents,
                    None,
                    self.hint,
                    self.env_name,
                )
            self.opponents[s], self.opponent_kinds[s] = agent, kind
        self.aec.reset(seed=self._rng.getrandbits(63))
        self._play_opponents()

    def step(self, action):
        if self._over:
            raise RuntimeError("step() after the episode ended; call reset()")
        if self.illegal_action == "terminate" and not self.action_masks()[int(action)]:
            self._over = True  # like PettingZoo's TerminateIllegalWrapper: -1, game over
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": True}
        self.aec.step(action)  # ValueError naming the legal actions if illegal
        self._play_opponents()
        agent = self.aec.possible_agents[self.seat]
        reward = float(self.aec._cumulative_rewards[agent])
        game = self.aec.game
        self._over = game.terminal
        truncated = game.truncated  # a turn cap: the value is bootstrapped, not zero
        return self._observe(), reward, self._over and not truncated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        game = self.aec.game
        if self._over or game.terminal or game.current_player != self.seat:
            return np.zeros(self.action_space.n, dtype=bool)
        return game.legal_mask().astype(bool)

    def render(self):
        if self.render_mode == "ansi":
            game = self.aec.game
            return game.game_type.text_module.ansi(game, self.seat)
        return None

    # ----- internals --------------------------------------------------------
    def _play_opponents(self) -> None:
        aec, game = self.aec, self.aec.game
        while not game.terminal and game.current_player != self.seat:
            seat = game.current_player
            aec.step(self.opponents[seat].act(game, seat))

    def _observe(self) -> np.ndarray:
        return policy_input(self.aec.game, self.seat, self._hinter)

    def _info(self) -> dict:
        info = {"seat": self.seat, "opponents": list(self.opponent_kinds)}
        game = self.aec.game
        if game.terminal:
            info["win_share"] = win_shares(game.final_winners(), self.num_players)[self.seat]
            info["truncated"] = game.truncated
        return info
