"""Self-play PPO on Ray RLlib (its new API stack) for any env of the suite.

The same self-play as ``train`` (a learning seat per episode, the others drawn
from an opponent pool of random, heuristic, current and snapshot players),
expressed the way RLlib expresses it, so it scales out to a Ray cluster:

- ``ZombieMultiAgentEnv``: the engine as a turn-based ``MultiAgentEnv``.  Each
  seat is an agent (``player_0``, ...); only the deciding seat observes, and
  at the end every seat that played gets its final observation and its
  zero-sum return.  An observation is a dict: ``observations`` (the seat's
  vector, with the hint's one-hot when the config asks for one),
  ``action_mask`` and ``heuristic`` (the one-hot of the move the game's
  heuristic would play for the seat).
- RLModules, one per pool member: ``learner`` (or ``learner_<role>``: one
  learned module per role of an asymmetric game), trained; and, never trained,
  ``snapshot_<k>`` (frozen copies of a learner), ``random`` (uniform over the
  legal actions) and ``heuristic`` (plays the ``heuristic`` entry of its
  observation: the heuristic reads the engine's whole state, which RLlib
  never hands a module, so the env computes its move and the module plays it).
- ``SeatMapping``, the ``policy_mapping_fn``: per episode, one seat to the
  learner of its role and each other seat to a module drawn with the config's
  ``opponents`` weights for its role.  ``current`` maps to the learner itself
  (its moves train it too: RLlib keeps each seat's trajectory apart, so no
  perspectives mix).
- ``RLlibTrainer``: the run.  Same config, same run folder as ``train.Trainer``
  (evaluation, ``eval.csv``, ``metrics.csv``, learning curve, ``policy.zip``
  in the suite's numpy format), with RLlib's own checkpoint beside them.

Ray is imported only here, so ``import zombie_envs`` and the SB3 trainer never
load it.  ``--address`` (or ``rllib.address``) joins a running cluster.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import gymnasium
import numpy as np

from . import missing_extra

try:
    import ray
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig as RLlibPPOConfig
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
    from ray.rllib.core.rl_module.torch import TorchRLModule
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
    from ray.rllib.utils.metrics import (
        ENV_RUNNER_RESULTS,
        LEARNER_RESULTS,
        NUM_ENV_STEPS_SAMPLED_LIFETIME,
        NUM_MODULE_STEPS_SAMPLED_LIFETIME,
    )
    from ray.rllib.utils.torch_utils import FLOAT_MIN
except ImportError as e:
    raise missing_extra(e, "--backend rllib", "rllib") from None

from zombie_envs.agents.inputs import hint_agent, policy_input
from zombie_envs.agents.network import CheckpointError, MLPPolicy
from zombie_envs.agents.policy_file import policy_metadata
from zombie_envs.core.files import INT, NUMBER, OBJECT, check_fields, list_of, or_null
from zombie_envs.registry import engine_class, game_type

from . import checkpoint as ckpt
from .config import ConfigError, TrainConfig, from_dict
from .runs import (
    BEST,
    POLICY,
    MetricsCSV,
    StepBar,
    append_eval,
    eval_metrics,
    eval_score,
    evaluate,
    plot_learning_curve,
)
from .selfplay import LegalDiscrete, role_weights

#: where RLlib's own checkpoint of the run goes (``Algorithm.from_checkpoint`` reads it)
RLLIB_CHECKPOINT = "rllib_checkpoint"
#: the fields of a resumable run's ``state.json``
RUN_STATE = {
    "steps": INT,
    "env_steps": INT,
    "module_steps": OBJECT,
    "wall_time": NUMBER,
    "next_snapshot": INT,
    "next_eval": INT,
    "next_save": INT,
    "snapshots_taken": INT,
    "filled": OBJECT,
    "imitation": or_null(OBJECT),
    "best": or_null(OBJECT),
    "evals": list_of(OBJECT, "a list of objects"),
}
FIXED = ("random", "heuristic")
#: RLlib's per-module learner results copied to ``metrics.csv``
LEARNER_METRICS = (
    "policy_loss",
    "vf_loss",
    "entropy",
    "vf_explained_var",
    "default_optimizer_learning_rate",
)


# ----- the env ------------------------------------------------------------------
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


# ----- the modules --------------------------------------------------------------
class MaskedMLPModule(TorchRLModule, ValueFunctionAPI):
    """An actor and a critic MLP of the config's shape on ``observations``;
    illegal actions get logits of ``FLOAT_MIN``, so they are never drawn.
    With a hint, a learned scale times the hint's one-hot is added to the
    logits, as ``MLPPolicy.hint_scale`` does; without ``hint_input`` the two
    MLPs skip the hint (``MLPPolicy.hint_size``).  ``to_policy`` turns its
    state into the suite's numpy policy, layer for layer."""

    def setup(self):
        cfg = self.model_config
        size = self.observation_space["observations"].shape[0]
        self.num_actions = int(self.action_space.n)
        self.activation = cfg["activation"]
        self.hinted = cfg["hint_scale"] is not None
        self.skipped = hint_size(cfg, self.num_actions)
        self.pi = _mlp(size - self.skipped, cfg["hidden"], self.num_actions, self.activation)
        self.vf = _mlp(size - self.skipped, cfg["hidden"], 1, self.activation)
        if self.hinted:
            self.hint_scale = torch.nn.Parameter(torch.tensor(float(cfg["hint_scale"])))

    def _inputs(self, obs):
        x = obs["observations"].float()
        return x, x[..., : x.shape[-1] - self.skipped] if self.skipped else x

    def _forward(self, batch, **kwargs):
        obs = batch[Columns.OBS]
        x, seen = self._inputs(obs)
        logits = self.pi(seen)
        if self.hinted:
            logits = logits + self.hint_scale * x[..., -self.num_actions :]
        logits = logits.masked_fill(obs["action_mask"] == 0, FLOAT_MIN)
        return {Columns.ACTION_DIST_INPUTS: logits}

    def compute_values(self, batch, embeddings=None):
        return self.vf(self._inputs(batch[Columns.OBS])[1]).squeeze(-1)


def hint_size(model_config: dict, num_actions: int) -> int:
    """The input entries (the hint) that a module of ``model_config`` does not feed its MLPs."""
    hinted = model_config["hint_scale"] is not None
    return num_actions if hinted and not model_config.get("hint_input", True) else 0


def _mlp(inputs: int, hidden: list[int], outputs: int, activation: str) -> torch.nn.Sequential:
    act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[activation]
    layers, width = [], inputs
    for h in hidden:
        layers += [torch.nn.Linear(width, h), act()]
        width = h
    return torch.nn.Sequential(*layers, torch.nn.Linear(width, outputs))


def to_policy(state: dict, activation: str, skipped: int = 0) -> tuple[MLPPolicy, MLPPolicy]:
    """``(actor, critic)`` as the suite's numpy policies, from a
    ``MaskedMLPModule``'s state (numpy arrays by parameter name); ``skipped``:
    its ``hint_size``."""

    def layers(net):
        n = len([k for k in state if k.startswith(f"{net}.") and k.endswith(".weight")])
        return [(state[f"{net}.{2 * i}.weight"], state[f"{net}.{2 * i}.bias"]) for i in range(n)]

    scale = float(state["hint_scale"]) if "hint_scale" in state else 0.0
    actor = MLPPolicy(layers("pi"), activation, scale, skipped)
    return actor, MLPPolicy(layers("vf"), activation, 0.0, skipped)


class FixedModule(RLModule):
    """A module that is never trained: it picks actions itself, from numpy
    (a torch module without weights would still get an optimiser)."""

    def setup(self):
        self.rng = np.random.default_rng()

    def _forward_train(self, batch, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} is never trained")


class RandomModule(FixedModule):
    """Uniform over the legal actions."""

    def _forward(self, batch, **kwargs):
        legal = np.asarray(batch[Columns.OBS]["action_mask"], dtype=bool)
        actions = [self.rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in legal]
        return {Columns.ACTIONS: np.array(actions, dtype=np.int64)}


class HeuristicModule(FixedModule):
    """The game's heuristic: plays the ``heuristic`` entry of its observation,
    the move the env's heuristic chose for the seat."""

    def _forward(self, batch, **kwargs):
        return {Columns.ACTIONS: np.asarray(batch[Columns.OBS]["heuristic"]).argmax(-1)}


# ----- who plays which seat -----------------------------------------------------
class SeatMapping:
    """RLlib's ``policy_mapping_fn``: the module playing each seat of an episode.

    Per episode (seeded by its id, so every seat of it agrees), one seat goes
    to the learner of its role and every other seat to a kind drawn with its
    role's ``opponents`` weights, as ``OpponentPool`` draws them: ``current``
    is the learner itself, ``snapshot`` one of the role's filled snapshot slots
    (the learner while none is filled), ``random`` and ``heuristic`` their
    modules.  ``snapshots`` says how many slots each learner has filled."""

    def __init__(
        self, env_name: str, num_players: int, opponents: dict, per_role: bool, snapshots=None
    ):
        game = game_type(env_name)
        self.roles = [game.role_of(s) for s in range(num_players)]
        self.learners = {r: learner_id(r, per_role) for r in self.roles}
        self.weights = role_weights(env_name, opponents)
        self.snapshots = dict(snapshots or {})
        self._last = (None, None)

    def seating(self, key) -> list[str]:
        """The module of each seat in the episode ``key``."""
        if self._last[0] == key:
            return self._last[1]
        rng = random.Random(str(key))
        learner_seat = rng.randrange(len(self.roles))
        seating = []
        for seat, role in enumerate(self.roles):
            learner = self.learners[role]
            mix = self.weights[role]
            kind = rng.choices(list(mix), list(mix.values()))[0]
            if seat == learner_seat or kind == "current":
                seating.append(learner)
            elif kind == "snapshot":
                filled = self.snapshots.get(learner, 0)
                seating.append(snapshot_id(learner, rng.randrange(filled)) if filled else learner)
            else:
                seating.append(kind)
        self._last = (key, seating)
        return seating

    def __call__(self, agent_id, episode, **kwargs) -> str:
        return self.seating(episode.id_)[int(str(agent_id).rpartition("_")[2])]


def learner_id(role: str, per_role: bool) -> str:
    return f"learner_{role}" if per_role and role != "player" else "learner"


def snapshot_id(learner: str, k: int) -> str:
    return f"snapshot{learner.removeprefix('learner')}_{k}"


# ----- the run ------------------------------------------------------------------
def check_supported(cfg: TrainConfig) -> None:
    """Refuse what the RLlib backend does not do, naming the key."""
    if cfg.greedy_opponents:
        raise ConfigError(
            "greedy_opponents is not supported by the rllib backend: its opponent modules "
            "sample like the learner (set greedy_opponents: false, or use the sb3 backend)"
        )
    sb3_only = {
        "init_from": cfg.init_from,
        "ppo.hold_actor_until_ev": cfg.ppo.hold_actor_until_ev,
        "imitation.fit": None if cfg.imitation.fit == "both" else cfg.imitation.fit,
    }
    for key, value in sb3_only.items():
        if value is not None:
            raise ConfigError(f"{key} is read by the sb3 backend only; unset it for rllib")


class RLlibTrainer:
    """One RLlib training run in ``run_dir``; see the module docstring.

    ``address`` (``auto``, ``HOST:PORT``) joins a running Ray cluster; without
    it, and when Ray is not running yet, a local Ray is started and shut down
    by ``close()``.  ``num_env_runners`` overrides ``rllib.num_env_runners``."""

    #: ``zombie-envs train --resume`` continues SB3 runs only
    #: the ``--backend`` that resumes its runs
    backend = "rllib"

    def __init__(
        self,
        cfg: TrainConfig,
        run_dir,
        progress: bool = True,
        address: str | None = None,
        num_env_runners: int | None = None,
    ):
        check_supported(cfg)
        self.cfg = cfg
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.progress = progress
        self.game = game_type(cfg.env)
        torch.set_num_threads(cfg.torch_threads)
        per_role = cfg.rllib.policy_per_role and bool(self.game.roles)
        roles = list(dict.fromkeys(self.game.role_of(s) for s in range(cfg.players)))
        #: role -> the module learning it (one for every role unless per role)
        self.learners = {r: learner_id(r, per_role) for r in roles}
        self.per_role = per_role
        mixes = role_weights(cfg.env, cfg.opponents).values()
        used = {kind for mix in mixes for kind, weight in mix.items() if weight > 0}
        #: the fixed opponents some seat may meet
        self.kinds = used & set(FIXED)
        self.snapshot_slots = cfg.max_snapshots if "snapshot" in used else 0
        #: the input entries the learned MLPs skip (the hint, unless they read it)
        self.skipped = hint_size(self.model_config(), engine_class(cfg.env).action_layout.size)
        #: per learned module, its frozen copies (a ring of ``max_snapshots`` slots)
        self.snapshots: dict[str, list[MLPPolicy]] = {m: [] for m in set(self.learners.values())}
        self.snapshots_taken = 0
        self.evals: list[dict] = []
        self.best: dict | None = None
        self.wall_time = 0.0
        self.env_steps = 0
        self.steps = 0
        self.module_steps: dict[str, int] = {}
        self.next_snapshot = cfg.snapshot_every
        self.next_eval = cfg.eval_every
        self.next_save = cfg.save_every
        self.imitation = None
        runners = cfg.rllib.num_env_runners if num_env_runners is None else num_env_runners
        if runners < 0:
            raise ConfigError(f"num_env_runners must be >= 0, got {runners}")
        self.num_env_runners = runners
        self._own_ray = not ray.is_initialized()
        if self._own_ray:
            # "local": without an address, a fresh Ray of our own; a bare ray.init()
            # would join whatever cluster /tmp/ray last recorded, and hang on a dead one
            ray.init(
                address=address or cfg.rllib.address or "local",
                include_dashboard=False,
                configure_logging=False,
                log_to_driver=False,
            )
        try:
            self.algo = self.algorithm_config().build_algo()
        except BaseException:
            self._shutdown()
            raise
        self.metrics = MetricsCSV(self.run_dir)
        self.board = _board(self.run_dir)

    # ----- construction ------------------------------------------------------
    def env_config(self) -> dict:
        cfg = self.cfg
        return {
            "env": cfg.env,
            "num_players": cfg.players,
            "env_options": cfg.env_options,
            "hint": cfg.hint,
        }

    def model_config(self) -> dict:
        """What ``MaskedMLPModule`` builds its networks from."""
        cfg = self.cfg
        return {
            "hidden": list(cfg.policy.hidden),
            "activation": cfg.policy.activation,
            "hint_scale": cfg.policy.hint_scale if cfg.hint else None,
            "hint_input": cfg.policy.hint_input,
        }

    def module_specs(self) -> dict[str, RLModuleSpec]:
        env = ZombieMultiAgentEnv(self.env_config())
        spaces = {
            "observation_space": env.observation_spaces["player_0"],
            "action_space": gymnasium.spaces.Discrete(env.engine_cls.action_layout.size),
        }
        learned = RLModuleSpec(
            module_class=MaskedMLPModule, model_config=self.model_config(), **spaces
        )
        specs = {}
        for learner in set(self.learners.values()):
            specs[learner] = learned
            for k in range(self.snapshot_slots):
                specs[snapshot_id(learner, k)] = learned
        for kind, cls in (("random", RandomModule), ("heuristic", HeuristicModule)):
            if kind in self.kinds:
                specs[kind] = RLModuleSpec(module_class=cls, **spaces)
        return specs

    def mapping(self) -> SeatMapping:
        cfg = self.cfg
        filled = {m: len(s) for m, s in self.snapshots.items()}
        return SeatMapping(cfg.env, cfg.players, cfg.opponents, self.per_role, filled)

    def algorithm_config(self) -> RLlibPPOConfig:
        """The RLlib PPO config the run's config describes."""
        cfg, ppo, r = self.cfg, self.cfg.ppo, self.cfg.rllib
        runners = max(self.num_env_runners, 1)
        per_runner = r.num_envs_per_env_runner or -(-cfg.n_envs // runners)
        batch = r.train_batch_size or ppo.n_steps * cfg.n_envs * cfg.players
        lr = ppo.learning_rate
        if ppo.learning_rate_final is not None:
            # RLlib schedules on env steps: about `players` per learner step
            lr = [[0, lr], [cfg.total_steps * cfg.players, ppo.learning_rate_final]]
        return (
            RLlibPPOConfig()
            .environment(
                ZombieMultiAgentEnv,
                env_config=self.env_config(),
            )
            .framework("torch")
            .env_runners(
                num_env_runners=self.num_env_runners,
                num_envs_per_env_runner=per_runner,
                rollout_fragment_length="auto",
            )
            .learners(num_learners=0)
            .multi_agent(
                policies=set(self.module_specs()),
                policy_mapping_fn=self.mapping(),
                policies_to_train=sorted(set(self.learners.values())),
            )
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=self.module_specs()))
            .training(
                lr=lr,
                gamma=ppo.gamma,
                lambda_=ppo.gae_lambda,
                clip_param=ppo.clip_range,
                entropy_coeff=ppo.ent_coef,
                vf_loss_coeff=ppo.vf_coef,
                grad_clip=ppo.max_grad_norm,
                grad_clip_by="global_norm",
                num_epochs=ppo.n_epochs,
                minibatch_size=ppo.batch_size,
                train_batch_size_per_learner=batch,
                use_kl_loss=False,  # as MaskablePPO: the clipped objective alone
            )
            .debugging(seed=cfg.seed, log_level="ERROR")
        )

    # ----- the run -----------------------------------------------------------
    def train(self) -> dict:
        """Train up to ``cfg.total_steps`` learner steps (moves of the learned
        modules); returns the final evaluation.  On Ctrl-C it saves, then
        re-raises ``KeyboardInterrupt``."""
        try:
            return self._train()
        except KeyboardInterrupt:
            self.save()
            raise

    def _train(self) -> dict:
        cfg = self.cfg
        if cfg.imitation.games > 0 and self.imitation is None:
            start = time.perf_counter()
            self.imitation = self.clone_teacher()
            self.imitation["seconds"] = round(time.perf_counter() - start, 1)
            self.wall_time += self.imitation["seconds"]
        if not self.evals:
            self.run_eval()  # the starting point of the learning curve
        bar = StepBar(cfg.total_steps, self.steps, f"rllib {cfg.env}", self.progress)
        try:
            while self.steps < cfg.total_steps:
                clock = time.perf_counter()
                result = self.algo.train()
                seconds = time.perf_counter() - clock
                self.count_steps(result)
                self._log(result, seconds)
                bar.to(self.steps)
                self._on_iteration(bar)
                self.wall_time += time.perf_counter() - clock
        finally:
            bar.close()
        if self.evals[-1]["steps"] != self.steps:
            self.run_eval()
        self.save()
        self.plot()
        return self.evals[-1]

    def count_steps(self, result: dict) -> None:
        """The step counters after an iteration of ``algo.train()`` (its result)."""
        runners = result[ENV_RUNNER_RESULTS]
        self.env_steps = int(runners[NUM_ENV_STEPS_SAMPLED_LIFETIME])
        #: moves played by each module so far (learners, snapshots, random, heuristic)
        self.module_steps = {
            m: int(n) for m, n in runners[NUM_MODULE_STEPS_SAMPLED_LIFETIME].items()
        }
        self.steps = sum(self.module_steps.get(m, 0) for m in set(self.learners.values()))

    def _on_iteration(self, bar) -> None:
        cfg = self.cfg
        if self.snapshot_slots and self.steps >= self.next_snapshot:
            self.take_snapshot()
            self.next_snapshot += cfg.snapshot_every
        if self.steps >= self.next_eval:
            entry = self.run_eval()
            self.next_eval += cfg.eval_every
            bar.show(entry, cfg.eval_opponents)
        if self.steps >= self.next_save:
            self.next_save += cfg.save_every
            self.save()

    # ----- weights -----------------------------------------------------------
    def module_state(self, module_id: str) -> dict:
        return self.algo.learner_group.get_weights([module_id])[module_id]

    def set_module_states(self, states: dict[str, dict]) -> None:
        """Give the learner and every env runner these module states."""
        self.algo.learner_group.set_weights(states)
        self.algo.env_runner_group.sync_weights(
            from_worker_or_learner_group=self.algo.learner_group,
            policies=list(states),
            inference_only=True,
        )

    def policies(self) -> dict[str, tuple[MLPPolicy, MLPPolicy]]:
        """Each learned module's ``(actor, critic)`` as numpy policies."""
        act, skipped = self.cfg.policy.activation, self.skipped
        return {
            m: to_policy(self.module_state(m), act, skipped) for m in set(self.learners.values())
        }

    def players(self) -> MLPPolicy | dict[str, MLPPolicy]:
        """What the evaluation seats: the one learned policy, or one per role."""
        actors = {m: actor for m, (actor, _) in self.policies().items()}
        if not self.per_role:
            return actors["learner"]
        return {role: actors[m] for role, m in self.learners.items()}

    def take_snapshot(self) -> None:
        """Freeze each learner into its next snapshot slot (the oldest when all
        are filled) and tell the mapping how many slots are filled."""
        slot = self.snapshots_taken % self.snapshot_slots
        self.snapshots_taken += 1
        states = {}
        for learner, snaps in self.snapshots.items():
            state = self.module_state(learner)
            snap = to_policy(state, self.cfg.policy.activation, self.skipped)[0]
            snaps[slot:] = [snap, *snaps[slot + 1 :]]
            states[snapshot_id(learner, slot)] = state
        self.set_module_states(states)
        mapping = self.mapping()
        self.algo.env_runner_group.foreach_env_runner(
            lambda runner: runner.config.multi_agent(policy_mapping_fn=mapping)
        )

    def clone_teacher(self) -> dict:
        """The warm start of ``imitation.*`` on each learned module: the actor
        fitted to the teacher's choices, the critic to the final returns
        (``imitation.fit``, as the SB3 trainer does), then sent to the runners."""
        from .imitation import fit, teacher_data

        cfg = self.cfg
        data = teacher_data(cfg, self.run_dir, self.progress)
        specs = self.module_specs()
        states, stats = {}, {}
        for learner in sorted(set(self.learners.values())):
            module = specs[learner].build()
            module.set_state(self.module_state(learner))
            seats = [s for s in range(cfg.players) if self._learner_of(s) == learner]
            part = {k: v[np.isin(data["seat"], seats)] for k, v in data.items()}

            def forward(o, masks, module=module):
                batch = {
                    Columns.OBS: {
                        "observations": o,
                        "action_mask": torch.as_tensor(masks, dtype=torch.int8),
                    }
                }
                logits = module._forward(batch)[Columns.ACTION_DIST_INPUTS]
                logits = logits.masked_fill(~torch.as_tensor(masks), -1e8)
                return torch.log_softmax(logits, -1), module.compute_values(batch)

            groups = {"all": list(module.parameters())}
            stats[learner] = fit(groups, forward, part, cfg, self.progress)
            states[learner] = module.get_state()
        self.set_module_states(states)
        return stats if self.per_role else stats["learner"]

    def _learner_of(self, seat: int) -> str:
        return self.learners[self.game.role_of(seat)]

    # ----- evaluation and files ----------------------------------------------
    def run_eval(self) -> dict:
        cfg = self.cfg
        results = evaluate(self.players(), cfg, cfg.eval_games, cfg.seed + 1, self.progress)
        entry = {"steps": self.steps, "wall_time": round(self.wall_time, 1), **results}
        self.evals.append(entry)
        append_eval(self.run_dir, self.steps, entry["wall_time"], results)
        values = eval_metrics(results)
        self.metrics.write(values, step=self.steps)
        self._board_write(values)
        score = eval_score(results)
        if self.best is None or score > self.best["score"]:
            self.best = {"steps": self.steps, "score": score}
            self.write_policies(BEST)
        return entry

    def policy_files(self, name: str = POLICY) -> list[Path]:
        """The run's policy files: ``name`` itself, or one per role
        (``policy_<role>.zip``) when each role has its own module."""
        if not self.per_role:
            return [self.run_dir / name]
        stem, suffix = name.rsplit(".", 1)
        return [self.run_dir / f"{stem}_{role}.{suffix}" for role in self.learners]

    def write_policies(self, name: str = POLICY) -> list[Path]:
        policies = self.policies()
        paths = self.policy_files(name)
        for path, (role, module) in zip(paths, self.learners.items(), strict=True):
            actor, critic = policies[module]
            meta = self.metadata()
            if self.per_role:
                meta["role"] = role
            ckpt.save_policy(path, actor, meta, critic)
        return paths

    def metadata(self) -> dict:
        cfg = self.cfg
        return {
            **policy_metadata(cfg.env, cfg.players, cfg.env_options, cfg.hint),
            "steps": self.steps,
            "env_steps": self.env_steps,
            "wall_time_s": round(self.wall_time, 1),
            "seed": cfg.seed,
            "eval": self.evals[-1] if self.evals else None,
            "imitation": self.imitation,
            "backend": f"rllib {ray.__version__}",
        }

    def save(self) -> None:
        """The policy files, what a resume needs as data (``rllib_run.zip``:
        the learners' modules and optimisers, RLlib's counters, this run's
        schedule and evaluations) and RLlib's own checkpoint of the algorithm
        (``Algorithm.from_checkpoint``; it unpickles, so ``resume`` never reads it)."""
        import yaml

        self.write_policies(POLICY)
        state = {
            "steps": self.steps,
            "env_steps": self.env_steps,
            "module_steps": self.module_steps,
            "wall_time": self.wall_time,
            "next_snapshot": self.next_snapshot,
            "next_eval": self.next_eval,
            "next_save": self.next_save,
            "snapshots_taken": self.snapshots_taken,
            "filled": {m: len(s) for m, s in self.snapshots.items()},
            "imitation": self.imitation,
            "best": self.best,
            "evals": self.evals,
        }
        actor = next(iter(self.policies().values()))[0]
        algo = self.algo.get_state(components=["learner_group", "metrics_logger"])
        config = yaml.safe_dump(self.cfg.to_dict(), sort_keys=False)
        ckpt.save_rllib_run(
            self.run_dir / ckpt.RLLIB_RUN, actor, self.metadata(), config, state, algo
        )
        self.algo.save_to_path(str((self.run_dir / RLLIB_CHECKPOINT).resolve()))

    @classmethod
    def resume(
        cls,
        run_dir,
        progress: bool = True,
        total_steps: int | None = None,
        address: str | None = None,
        num_env_runners: int | None = None,
    ) -> RLlibTrainer:
        """Continue the run saved in ``run_dir``: the algorithm is built from the
        saved config and given the saved state, read as data."""
        saved = ckpt.load_rllib_run(Path(run_dir))
        path, data = saved["path"], saved["config"]
        if total_steps is not None:
            data["total_steps"] = total_steps
        try:
            cfg = from_dict(data)
        except ConfigError as e:
            raise CheckpointError(f"{path}: config.yaml: {e}") from None
        check_fields(saved["state"], f"{path}: state.json", RUN_STATE, error=CheckpointError)
        trainer = cls(cfg, run_dir, progress, address, num_env_runners)
        try:
            trainer._restore(saved, path)
        except BaseException:
            trainer.close()
            raise
        return trainer

    def _restore(self, saved: dict, path: Path) -> None:
        state = saved["state"]
        try:
            self.algo.set_state(saved["algorithm"])
        except (KeyError, TypeError, ValueError, RuntimeError, AttributeError) as e:
            raise CheckpointError(f"{path}: algorithm.json does not fit the config ({e})") from None
        for key in ("steps", "env_steps", "module_steps", "wall_time", "next_snapshot"):
            setattr(self, key, state[key])
        for key in ("next_eval", "next_save", "snapshots_taken", "imitation", "best", "evals"):
            setattr(self, key, state[key])
        # the snapshot modules came back with the learner group: their numpy copies too
        act = self.cfg.policy.activation
        for learner, snaps in self.snapshots.items():
            for k in range(min(int(state["filled"].get(learner, 0)), self.snapshot_slots)):
                snaps.append(to_policy(self.module_state(snapshot_id(learner, k)), act)[0])
        self.algo.env_runner_group.sync_weights(
            from_worker_or_learner_group=self.algo.learner_group, inference_only=True
        )
        mapping = self.mapping()
        self.algo.env_runner_group.foreach_env_runner(
            lambda runner: runner.config.multi_agent(policy_mapping_fn=mapping)
        )

    def plot(self) -> Path | None:
        if not self.evals:
            return None
        return plot_learning_curve(self.evals, self.cfg, self.run_dir / "learning_curve.png")

    def _log(self, result: dict, seconds: float) -> None:
        """A few of RLlib's results per iteration in ``metrics.csv`` and TensorBoard."""
        values = {
            "time/env_steps_per_s": result[ENV_RUNNER_RESULTS].get("num_env_steps_sampled", 0)
            / max(seconds, 1e-9),
            "time/wall_time": self.wall_time + seconds,
            "rollout/env_steps": self.env_steps,
        }
        for module, n in self.module_steps.items():
            values[f"rollout/moves/{module}"] = n
        for key in ("episode_len_mean", "episode_return_mean"):
            if key in result[ENV_RUNNER_RESULTS]:
                values[f"rollout/{key}"] = result[ENV_RUNNER_RESULTS][key]
        for module in set(self.learners.values()):
            stats = result.get(LEARNER_RESULTS, {}).get(module, {})
            for key in LEARNER_METRICS:
                if key in stats:
                    values[f"train/{module}/{key}"] = stats[key]
        self.metrics.write(values, step=self.steps)
        self._board_write(values)

    def _board_write(self, values: dict) -> None:
        if self.board is None:
            return
        for key, value in values.items():
            self.board.add_scalar(key, float(value), self.steps)
        self.board.flush()

    def close(self) -> None:
        self.metrics.close()
        if self.board is not None:
            self.board.close()
        self.algo.stop()
        self._shutdown()

    def _shutdown(self) -> None:
        if self._own_ray:
            ray.shutdown()


def _board(run_dir: Path):
    """A TensorBoard writer in ``tb/``, or ``None`` without tensorboard."""
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:
        return None
    return SummaryWriter(str(run_dir / "tb"))
