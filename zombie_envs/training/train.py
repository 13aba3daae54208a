"""Self-play PPO (sb3-contrib ``MaskablePPO``) for any env of the suite.

``Trainer`` builds the vectorised ``SelfPlayEnv`` workers, the model and the
opponent pool from a ``TrainConfig``, then runs PPO with one callback that
keeps the pool fresh, evaluates against the bots, saves checkpoints and drives
the progress bar.  ``Trainer.resume(run_dir)`` picks a killed run up from its
last checkpoint: it rebuilds the model from the config and loads the stored
tensors, unpickling nothing (see ``checkpoint``).  Ctrl-C saves the run
before ``train()`` re-raises it.  Run from the command line with
``zombie-envs train``.  ``export_policy`` turns a ``MaskablePPO`` trained on
``SelfPlayEnv`` by a script of one's own into the suite's policy file.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from . import missing_extra

try:
    import torch as th
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.logger import KVWriter, Logger, TensorBoardOutputFormat
    from stable_baselines3.common.preprocessing import get_flattened_obs_dim
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor, FlattenExtractor
    from stable_baselines3.common.utils import explained_variance
    from stable_baselines3.common.vec_env import (
        DummyVecEnv,
        SubprocVecEnv,
        VecEnvWrapper,
        VecMonitor,
    )
except ImportError as e:
    raise missing_extra(e, "training", "train") from None

import zombie_envs
from zombie_envs.agents.board import board_indices
from zombie_envs.agents.inputs import HINTS
from zombie_envs.agents.network import CheckpointError, MLPPolicy, Network
from zombie_envs.agents.policy_file import (
    check_compatible,
    load_critic,
    load_policy,
    policy_metadata,
)
from zombie_envs.core.files import BOOL, INT, NUMBER, OBJECT, check_fields, list_of, or_null
from zombie_envs.registry import engine_class

from . import checkpoint as ckpt
from .boardnet import BoardEncoder, board_network, load_board, square_head
from .config import ConfigError, TrainConfig, from_dict
from .imitation import shape
from .runs import (
    BEST,
    EVAL_COLUMNS,
    POLICY,
    MetricsCSV,
    StepBar,
    append_eval,
    eval_metrics,
    eval_score,
    evaluate,
    plot_learning_curve,
)

CHECKPOINT = "checkpoint.zip"
#: the teacher's test decisions the critic is judged on while it holds the actor
HELD_OUT_SAMPLES = 4096
#: Adam's state per parameter (stable-baselines3's optimiser)
OPTIMIZER_STATE = frozenset({"step", "exp_avg", "exp_avg_sq"})
STATE_FIELDS = {
    "steps": INT,
    "n_updates": INT,
    "wall_time": NUMBER,
    "next_snapshot": INT,
    "next_eval": INT,
    "next_save": INT,
    "imitation": or_null(OBJECT),
    "best": or_null(OBJECT),
    "evals": list_of(OBJECT, "a list of objects"),
}
#: written since init_from and hold_actor_until_ev: older runs lack them
STATE_EXTRAS = {"started_from": or_null(OBJECT), "actor_held": BOOL}


class HintExtractor(BaseFeaturesExtractor):
    """Flattens the input and keeps its hint part (the last ``num_actions``
    entries) for ``HintPolicy``'s logits; without ``hint_input`` the networks
    get the observation alone (the hint reaches the logits only)."""

    def __init__(self, observation_space, num_actions: int, hint_input: bool = True):
        width = get_flattened_obs_dim(observation_space)
        super().__init__(observation_space, width if hint_input else width - num_actions)
        self.num_actions = num_actions
        self.hint_input = hint_input
        self.hint = None

    def forward(self, obs):
        self.hint = obs[:, -self.num_actions :]
        return obs.flatten(1) if self.hint_input else obs[:, : -self.num_actions]

    @property
    def hint_size(self) -> int:
        """The input's entries the networks do not read (``MLPPolicy.hint_size``)."""
        return 0 if self.hint_input else self.num_actions


class HintPolicy(MaskableActorCriticPolicy):
    """Logits = actor(input) + scale * hint: a residual policy that starts as
    the hinted heuristic and learns where to deviate (the scale is learned,
    from ``hint_scale``: the config's ``policy.hint_scale``; ``None``: no hint)."""

    def __init__(self, *args, hint_scale: float | None = 3.0, **kwargs):
        self.initial_hint_scale = hint_scale
        super().__init__(*args, **kwargs)

    def _build(self, lr_schedule) -> None:
        if self.initial_hint_scale is not None:
            self.hint_scale = th.nn.Parameter(th.tensor(float(self.initial_hint_scale)))
        super()._build(lr_schedule)  # builds the optimiser over every parameter

    @property
    def hinted(self) -> bool:
        return self.initial_hint_scale is not None

    def _logits(self, latent_pi):
        logits = self.action_net(latent_pi)
        if self.hinted:
            logits = logits + self.hint_scale * self.pi_features_extractor.hint
        return logits

    def _get_action_dist_from_latent(self, latent_pi):
        return self.action_dist.proba_distribution(action_logits=self._logits(latent_pi))


class BoardExtractor(BaseFeaturesExtractor):
    """A board network's encoder (``boardnet.BoardEncoder``) as SB3's features
    extractor, one for the actor and one for the critic; the input's last
    ``hint_size`` entries (the hint) are kept for the logits, never read."""

    def __init__(self, observation_space, env: str, hint_size: int = 0, **encoder_kwargs):
        indices = board_indices(engine_class(env))
        encoder = BoardEncoder(indices, **encoder_kwargs)
        super().__init__(observation_space, encoder.features_dim)
        self.encoder = encoder
        self.indices = indices
        self.hint_size = hint_size
        self.hint = None

    def forward(self, obs):
        if self.hint_size:
            self.hint = obs[:, -self.hint_size :]
        return self.encoder(obs)


class BoardPolicy(HintPolicy):
    """A board network's actor and critic (separate encoders), the actor's
    square choices scored from their squares (``boardnet.SquareHead``)."""

    def _build(self, lr_schedule) -> None:
        extractor = self.pi_features_extractor
        self.square_head = square_head(extractor.encoder, extractor.indices)
        super()._build(lr_schedule)

    def _logits(self, latent_pi):
        logits = super()._logits(latent_pi)
        if self.square_head is not None:
            squares = self.pi_features_extractor.encoder.squares
            logits = self.square_head(logits, squares, latent_pi)
        return logits


def model_arrays(model) -> dict[str, np.ndarray]:
    """The network's tensors (``policy:NAME``) and the optimiser's state
    (``optimizer:PARAM:NAME``) as named arrays: what ``model.npz`` holds."""
    policy = model.policy
    arrays = {f"policy:{k}": v.detach().cpu().numpy() for k, v in policy.state_dict().items()}
    for i, state in policy.optimizer.state_dict()["state"].items():
        for k, v in state.items():
            arrays[f"optimizer:{i}:{k}"] = v.detach().cpu().numpy() if th.is_tensor(v) else v
    return arrays


def load_model_arrays(model, arrays: dict[str, np.ndarray], where: str) -> None:
    """Give a model built from the config the tensors of ``model_arrays``,
    after checking that every name and shape fits it."""
    policy, optimizer = model.policy, model.policy.optimizer
    network = {k[7:]: th.from_numpy(v) for k, v in arrays.items() if k.startswith("policy:")}
    try:
        policy.load_state_dict(network)
    except RuntimeError as e:
        raise CheckpointError(f"{where}: the network does not fit the config ({e})") from None
    params = [p for group in optimizer.param_groups for p in group["params"]]
    state: dict[int, dict] = {}
    for key, value in arrays.items():
        parts = key.split(":")
        if parts[0] == "policy":
            continue
        if not (len(parts) == 3 and parts[0] == "optimizer" and parts[1].isdigit()):
            raise CheckpointError(f"{where}: unexpected array {key!r}")
        i = int(parts[1])
        if i >= len(params):
            raise CheckpointError(f"{where}: optimizer state for parameter {i} of {len(params)}")
        want = () if parts[2] == "step" else tuple(params[i].shape)
        if value.shape != want:
            raise CheckpointError(f"{where}: {key} has shape {value.shape}, not {want}")
        state.setdefault(i, {})[parts[2]] = th.from_numpy(value)
    complete = len(state) == len(params) and all(set(s) == OPTIMIZER_STATE for s in state.values())
    if state and not complete:
        raise CheckpointError(
            f"{where}: the optimizer state needs {sorted(OPTIMIZER_STATE)} for each of "
            f"{len(params)} parameters"
        )
    groups = optimizer.state_dict()["param_groups"]  # hyper-parameters come from the config
    optimizer.load_state_dict({"state": state, "param_groups": groups})


def policy_from_model(model) -> Network:
    """A numpy copy of the model's actor (no memory shared with the tensors)."""
    policy = model.policy
    hinted = isinstance(policy, HintPolicy) and policy.hinted
    scale = float(policy.hint_scale.detach()) if hinted else 0.0
    if isinstance(policy, BoardPolicy):
        extractor = policy.pi_features_extractor
        return board_network(
            extractor.encoder, policy.action_net, policy.square_head,
            _activation(policy), scale, extractor.hint_size,
        )  # fmt: skip
    return _numpy_mlp(policy, policy.mlp_extractor.policy_net, policy.action_net, scale)


def critic_from_model(model) -> Network:
    """A numpy copy of the model's critic: a network with one output, the value."""
    policy = model.policy
    if isinstance(policy, BoardPolicy):
        extractor = policy.vf_features_extractor
        return board_network(
            extractor.encoder, policy.value_net, None, _activation(policy), 0.0,
            extractor.hint_size,
        )  # fmt: skip
    return _numpy_mlp(policy, policy.mlp_extractor.value_net, policy.value_net, 0.0)


def _activation(policy) -> str:
    return "relu" if policy.activation_fn is th.nn.ReLU else "tanh"


def _numpy_mlp(policy, hidden, head, scale: float) -> MLPPolicy:
    nn = th.nn
    linears = [m for m in hidden if isinstance(m, nn.Linear)] + [head]
    activation = _activation(policy)
    layers = [(m.weight.detach().cpu().numpy(), m.bias.detach().cpu().numpy()) for m in linears]
    extractor = policy.pi_features_extractor  # shared with the critic
    skipped = extractor.hint_size if isinstance(extractor, HintExtractor) else 0
    return MLPPolicy(layers, activation, scale, skipped)


def start_from(model, cfg: TrainConfig) -> dict:
    """Give a fresh model the actor (and the critic, when the file has one) of
    the policy file ``cfg.init_from``, after checking that it was trained for
    this env, engine, player count, options and hint, with the config's
    network; returns what the run's metadata records of it.  ``pretrained``
    names the policy shipped for the config's env and player count."""
    path = cfg.init_from
    if path == "pretrained":
        from zombie_envs.agents.pretrained import pretrained_for

        try:
            path = pretrained_for(cfg.env, cfg.players).path
        except ValueError as e:
            raise CheckpointError(f"init_from: {e}") from None
    actor, meta = load_policy(path)
    engine = zombie_envs.ENVS[cfg.env].raw_env.engine_cls
    check_compatible(meta, engine, cfg.players, cfg.env_options, source=f"init_from {path}")
    mine = policy_from_model(model)
    # a file without the hint starts a hinted run whose networks skip the hint
    # (a clone of the teacher, with the hint added as a prior at policy.hint_scale)
    skips = mine.hint_size == mine.num_actions
    adds_hint = meta.get("hint") is None and cfg.hint is not None and skips
    if meta.get("hint") != cfg.hint and not adds_hint:
        raise CheckpointError(f"init_from {path} reads hint {meta.get('hint')!r}, not {cfg.hint!r}")
    mine_sizes = [mine.sizes[0] - mine.num_actions, *mine.sizes[1:]] if adds_hint else mine.sizes
    if (type(actor), actor.sizes, actor.activation, actor.hint_size, _heads(actor)) != (
        type(mine),
        mine_sizes,
        mine.activation,
        0 if adds_hint else mine.hint_size,
        _heads(mine),
    ):
        raise CheckpointError(
            f"init_from {path}: its network ({meta.get('network', 'mlp')}, {actor.activation}, "
            f"sizes {actor.sizes}, hint_size {actor.hint_size}) is not the config's "
            f"({cfg.policy.network}, {mine.activation}, sizes {mine.sizes}, "
            f"hint_size {mine.hint_size})"
        )
    policy = model.policy
    critic = load_critic(path)
    if critic is not None and type(critic) is not type(critic_from_model(model)):
        raise CheckpointError(f"init_from {path}: its critic is not a {cfg.policy.network} network")
    if isinstance(policy, BoardPolicy):
        load_board(
            actor, policy.pi_features_extractor.encoder, policy.action_net, policy.square_head
        )
        if critic is not None:
            load_board(critic, policy.vf_features_extractor.encoder, policy.value_net, None)
    else:
        _load_mlp(actor, policy.mlp_extractor.policy_net, policy.action_net)
        if critic is not None:
            _load_mlp(critic, policy.mlp_extractor.value_net, policy.value_net)
    if isinstance(policy, HintPolicy) and policy.hinted and not adds_hint:
        policy.hint_scale.data.fill_(actor.hint_scale)
    return {"path": str(path), "steps": meta.get("steps"), "critic": critic is not None}


def _heads(network: Network) -> tuple:
    """A board network's square choices (``head_actions``' shape); none for an MLP."""
    return np.shape(network.arrays().get("head_actions", ()))


def _load_mlp(mlp: MLPPolicy, hidden, head) -> None:
    """``_numpy_mlp`` backwards: the numpy layers into the torch ones."""
    linears = [m for m in hidden if isinstance(m, th.nn.Linear)] + [head]
    with th.no_grad():
        for m, (w, b) in zip(linears, mlp.layers, strict=True):
            m.weight.copy_(th.from_numpy(w.T))
            m.bias.copy_(th.from_numpy(b))


def scale_inputs(model, obs: np.ndarray) -> None:
    """A board model's encoders divide each plane and scalar by its largest
    value in ``obs`` (observations of the game); an MLP's inputs stay as
    they are."""
    policy = model.policy
    if isinstance(policy, BoardPolicy):
        for extractor in (policy.pi_features_extractor, policy.vf_features_extractor):
            extractor.encoder.set_scale(obs)


def clone_teacher(model, cfg, run_dir, progress: bool = True) -> tuple[dict, dict]:
    """Fit ``model``'s actor and critic to the teacher's games (with
    ``imitation.fit: critic``, the critic alone: the actor is held); returns the
    held-out figures and the test games (to judge the critic by later)."""
    from . import teacher as td
    from .imitation import fit, measure, teacher_data

    data = teacher_data(cfg, run_dir, progress)
    policy = model.policy
    if not cfg.init_from:  # a file's weights come with their scales folded in
        scale_inputs(model, data["obs"][:200_000])

    def forward(x, masks):
        return log_probs(model, x, masks), policy.predict_values(x).flatten()

    if cfg.imitation.fit == "none":
        stats = measure(forward, td.split(data, "train"), td.split(data, "test"), cfg)
    else:
        groups = {"critic": critic_parameters(model)}
        if cfg.imitation.fit == "both":
            groups["actor"] = actor_parameters(model)
        policy.set_training_mode(True)
        with th.random.fork_rng():
            th.manual_seed(cfg.seed)
            stats = fit(groups, forward, data, cfg, progress)
        policy.set_training_mode(False)
    test = td.split(data, "test")
    test["seat_explained_variance"] = stats["seat_explained_variance"]
    return stats, test


def log_probs(model, x, masks):
    """Every action's log-probability under the model's actor (illegal ones far below)."""
    return model.policy.get_distribution(x, action_masks=masks).distribution.logits


def actor_parameters(model) -> list:
    """What the actor alone learns: its layers (a board actor's encoder and
    square head too), and the hint's scale."""
    policy = model.policy
    params = [*policy.mlp_extractor.policy_net.parameters(), *policy.action_net.parameters()]
    if isinstance(policy, BoardPolicy):
        if not policy.share_features_extractor:  # a shared encoder is the critic's too
            params += list(policy.pi_features_extractor.parameters())
        params += list(policy.square_head.parameters()) if policy.square_head else []
    return params + (
        [policy.hint_scale] if isinstance(policy, HintPolicy) and policy.hinted else []
    )


def critic_parameters(model) -> list:
    """What the critic alone learns: its layers (a board critic's encoder too)."""
    policy = model.policy
    params = [*policy.mlp_extractor.value_net.parameters(), *policy.value_net.parameters()]
    if isinstance(policy, BoardPolicy):
        params += list(policy.vf_features_extractor.parameters())
    return params


def export_policy(
    model,
    path,
    env: str,
    num_players: int,
    env_options: dict | None = None,
    hint: str | None = None,
) -> Path:
    """Write a ``MaskablePPO`` model trained on ``SelfPlayEnv`` as the suite's
    policy file (metadata and a numpy copy of the actor): the tools refuse
    stable-baselines3 saves, whose loader can run code stored in the file.
    Pass the ``SelfPlayEnv``'s ``env``, ``num_players``, ``env_options`` and ``hint``."""
    if env not in zombie_envs.ENVS:
        raise ValueError(f"env {env!r} is not in the suite; available: {sorted(zombie_envs.ENVS)}")
    engine = zombie_envs.ENVS[env].raw_env.engine_cls
    if not engine.min_players <= num_players <= engine.max_players:
        raise ValueError(
            f"num_players {num_players} is outside {engine.min_players}-{engine.max_players} "
            f"for {env}"
        )
    if hint not in HINTS:
        raise ValueError(f"hint must be one of {list(HINTS)}, got {hint!r}")
    policy = getattr(model, "policy", None)
    if not isinstance(policy, MaskableActorCriticPolicy):
        raise TypeError(f"export_policy takes a MaskablePPO model, got {type(model).__name__}")
    extractor = type(policy.pi_features_extractor)
    if extractor not in (FlattenExtractor, HintExtractor):
        raise ValueError(
            f"the model reads its input through {extractor.__name__}; export_policy "
            'writes MLPs on the plain input (FlattenExtractor, as "MlpPolicy" builds)'
        )
    if policy.activation_fn not in (th.nn.Tanh, th.nn.ReLU):
        raise ValueError(
            f"the model's layers use {policy.activation_fn.__name__}; a policy file holds "
            "tanh or ReLU layers"
        )
    meta = policy_metadata(env, num_players, env_options or {}, hint)
    actor = policy_from_model(model)
    if (actor.obs_size, actor.num_actions) != (meta["obs_size"], meta["num_actions"]):
        raise ValueError(
            f"the model reads {actor.obs_size} inputs and scores {actor.num_actions} actions; "
            f"{env} with hint={hint!r} gives {meta['obs_size']} and has {meta['num_actions']}"
        )
    path = Path(path)
    steps = int(model.num_timesteps)
    ckpt.save_policy(path, actor, {**meta, "steps": steps}, critic_from_model(model))
    return path


def new_model(cfg: TrainConfig, vec_env, seed: int | None) -> MaskablePPO:
    """The model a config describes on ``vec_env``, freshly initialised (the
    training benchmark builds the same)."""
    activation = {"tanh": th.nn.Tanh, "relu": th.nn.ReLU}[cfg.policy.activation]
    hidden = list(cfg.policy.hidden)
    kwargs = {"net_arch": {"pi": hidden, "vf": hidden}, "activation_fn": activation}
    if cfg.policy.network == "board":
        num_actions = engine_class(cfg.env).action_layout.size
        p = cfg.policy
        kwargs = {
            "net_arch": {"pi": [], "vf": []},  # the trunk is the encoder's
            "activation_fn": activation,
            "features_extractor_class": BoardExtractor,
            "features_extractor_kwargs": {
                "env": cfg.env,
                "hint_size": num_actions if cfg.hint else 0,
                "hidden": hidden,
                "activation": p.activation,
                "square_width": p.square_width,
                "embed": p.embed,
                "scalar_width": p.scalar_width,
            },
            "share_features_extractor": p.share_encoder,
            "hint_scale": p.hint_scale if cfg.hint else None,
        }
        return MaskablePPO(
            BoardPolicy, vec_env, policy_kwargs=kwargs, seed=seed, device="cpu", verbose=0,
            **cfg.ppo.sb3_kwargs(),
        )  # fmt: skip
    if cfg.hint:
        num_actions = zombie_envs.ENVS[cfg.env].raw_env.engine_cls.action_layout.size
        kwargs["features_extractor_class"] = HintExtractor
        kwargs["features_extractor_kwargs"] = {
            "num_actions": num_actions,
            "hint_input": cfg.policy.hint_input,
        }
        kwargs["hint_scale"] = cfg.policy.hint_scale
    return MaskablePPO(
        HintPolicy if cfg.hint else "MlpPolicy",
        vec_env,
        policy_kwargs=kwargs,
        seed=seed,
        device="cpu",
        verbose=0,
        **cfg.ppo.sb3_kwargs(),
    )


def make_env(cfg: TrainConfig, seed: int):
    """A builder of one seeded ``SelfPlayEnv`` worker of the config, as vec envs
    take them; the training benchmark builds the same workers."""

    def thunk():
        from .selfplay import SelfPlayEnv

        return SelfPlayEnv(
            cfg.env,
            cfg.players,
            cfg.opponents,
            cfg.env_options,
            greedy_opponents=cfg.greedy_opponents,
            hint=cfg.hint,
            seed=seed,
        )

    return thunk


def _worker(make):
    """``make`` for a worker process: Ctrl-C reaches the whole process group,
    and the learner alone handles it (saves, then closes the workers), so a
    worker ignores it; and one torch thread, as in every training process."""

    def thunk():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        th.set_num_threads(1)
        return make()

    return thunk


class Trainer:
    """One training run in ``run_dir``; see the module docstring."""

    def __init__(self, cfg: TrainConfig, run_dir, progress: bool = True, _restored=None):
        self.cfg = cfg
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.progress = progress
        th.set_num_threads(cfg.torch_threads)
        engine = zombie_envs.ENVS[cfg.env].raw_env.engine_cls
        self.engine_cls = engine
        state = _restored["state"] if _restored else {}
        self.snapshots: list[MLPPolicy] = _restored["snapshots"] if _restored else []
        self.evals: list[dict] = state.get("evals", [])
        self.wall_time = state.get("wall_time", 0.0)
        self.next_snapshot = state.get("next_snapshot", cfg.snapshot_every)
        self.next_eval = state.get("next_eval", cfg.eval_every)
        self.next_save = state.get("next_save", cfg.save_every)
        self.imitation = state.get("imitation")
        self.started_from = state.get("started_from")
        holds = cfg.ppo.hold_actor_until_ev is not None or cfg.ppo.hold_actor_until_beats_seat
        self.actor_held = state.get("actor_held", holds)
        self.heldout: dict | None = None  # the teacher's test games, to judge the critic by
        self.teacher_train: dict | None = None  # its training games, for ppo.teacher_coef
        self.teacher_rng = np.random.default_rng(cfg.seed + state.get("steps", 0))
        self.best = state.get("best")
        steps = state.get("steps", 0)
        self.vec_env = self._vec_env(cfg.seed + 7919 * steps)
        try:
            # a resumed run continues the stored random streams instead of reseeding
            self.model = self._new_model(None if _restored else cfg.seed)
            if _restored:
                where = f"{_restored['path']}: model.npz"
                load_model_arrays(self.model, _restored["model"], where)
                self.model.num_timesteps = steps
                self.model._n_updates = state["n_updates"]
                _set_rng(_restored["rng"], f"{_restored['path']}: rng.json")
            elif cfg.init_from:
                self.started_from = start_from(self.model, cfg)
            elif cfg.policy.network == "board" and not cfg.imitation.games:
                # no teacher's games to scale the inputs by: a few random ones
                from .teacher import Collection, play

                random_games = Collection(cfg.env, cfg.players, cfg.env_options, "random", 0, 32)
                scale_inputs(self.model, play(random_games, range(20), cfg.seed)["obs"])
        except BaseException:
            self.vec_env.close()
            raise
        self.model.set_logger(_logger(self.run_dir))

    def _new_model(self, seed: int | None) -> MaskablePPO:
        """The model the config describes, with freshly initialised weights."""
        return new_model(self.cfg, self.vec_env, seed)

    # ----- construction ------------------------------------------------------
    @classmethod
    def resume(cls, run_dir, progress: bool = True, total_steps: int | None = None) -> Trainer:
        """Continue the run whose last checkpoint is in ``run_dir``."""
        restored = ckpt.load_checkpoint(Path(run_dir) / CHECKPOINT)
        path, data = restored["path"], restored["config"]
        if total_steps is not None:
            data["total_steps"] = total_steps
        try:
            cfg = from_dict(data)
        except ConfigError as e:
            raise CheckpointError(f"{path}: config.yaml: {e}") from None
        _check_state(restored["state"], cfg, f"{path}: state.json")
        return cls(cfg, run_dir, progress, _restored=restored)

    def _vec_env(self, seed: int):
        cfg = self.cfg
        fns = [make_env(cfg, seed + i) for i in range(cfg.n_envs)]
        if cfg.vec_env == "subproc":
            vec = SubprocVecEnv([_worker(fn) for fn in fns], start_method="forkserver")
        else:
            vec = DummyVecEnv(fns)
        return TimedVecEnv(VecMonitor(vec))

    # ----- the run -----------------------------------------------------------
    @property
    def steps(self) -> int:
        return int(self.model.num_timesteps)

    @property
    def warm_start_pending(self) -> bool:
        """Whether the run would still begin with its warm start (``imitation``)."""
        return self.steps == 0 and self.cfg.imitation.games > 0 and self.imitation is None

    def train(self) -> dict:
        """Train up to ``cfg.total_steps``; returns the final evaluation.  On
        Ctrl-C (``KeyboardInterrupt``) it saves the run, then re-raises."""
        previous = signal.getsignal(signal.SIGINT)
        # only where Ctrl-C would raise anyway: not in a thread, not where it is ignored
        own = previous is signal.default_int_handler
        own = own and threading.current_thread() is threading.main_thread()
        if own:
            signal.signal(signal.SIGINT, self.vec_env.on_sigint)
        try:
            return self._train()
        except KeyboardInterrupt:
            self.save()
            raise
        finally:
            if own:
                signal.signal(signal.SIGINT, previous)

    def _train(self) -> dict:
        cfg = self.cfg
        if self.warm_start_pending:
            start = time.perf_counter()
            self.imitation, self.heldout = clone_teacher(
                self.model, cfg, self.run_dir, self.progress
            )
            self.imitation["seconds"] = round(time.perf_counter() - start, 1)
            self.wall_time += self.imitation["seconds"]
            self.save()  # a run stopped from here on resumes without redoing it
        if not self.evals:
            self.run_eval()  # the starting point of the learning curve
        self.hold_actor(self.actor_held)
        self.push_pool(snapshots=True)
        remaining = cfg.total_steps - self.steps
        callback = _Callback(self)
        try:
            if remaining > 0:
                self.model.learn(remaining, callback=callback, reset_num_timesteps=False)
        finally:
            callback.close()
        if not self.evals or self.evals[-1]["steps"] != self.steps:
            self.run_eval()
        self.save()
        self.plot()
        return self.evals[-1]

    def hold_actor(self, held: bool) -> None:
        """Fix the actor's weights (no gradient, so Adam leaves them) or free them."""
        self.actor_held = held
        for p in actor_parameters(self.model):
            p.requires_grad_(not held)

    def critic_caught_up(self) -> None:
        """After a rollout: free the actor once the critic explains more of the
        teacher's test games' returns than the seat alone
        (``ppo.hold_actor_until_beats_seat``), or the share of the rollout's
        return variance ``ppo.hold_actor_until_ev`` asks for."""
        self.model.logger.record("train/actor_held", float(self.actor_held))
        if not self.actor_held:
            return
        if self.cfg.ppo.hold_actor_until_beats_seat:
            figures = self.critic_held_out()
            for key, value in figures.items():
                self.model.logger.record(f"train/held_out_{key}", value)
            caught_up = figures["value_explained_variance"] > figures["seat_explained_variance"]
        else:
            buffer = self.model.rollout_buffer
            ev = explained_variance(buffer.values.flatten(), buffer.returns.flatten())
            caught_up = ev >= self.cfg.ppo.hold_actor_until_ev
        if caught_up:
            self.hold_actor(False)

    def critic_held_out(self) -> dict:
        """The critic's explained variance on the teacher's test games, beside
        the seat alone's (read back from the run's teacher games after a resume)."""
        from . import teacher as td

        if self.heldout is None:
            from .imitation import teacher_data

            data = teacher_data(self.cfg, self.run_dir, self.progress)
            self.heldout = td.split(data, "test")
            self.heldout["seat_explained_variance"] = td.seat_baseline(
                td.split(data, "train"), self.heldout
            )
        test = self.heldout
        if "inputs" not in test:  # a fixed sample of them, kept as the critic's input
            keep = np.random.default_rng(0).permutation(len(test["ret"]))[:HELD_OUT_SAMPLES]
            test = {k: v[keep] if isinstance(v, np.ndarray) else v for k, v in test.items()}
            test["inputs"] = td.inputs(
                test, self.engine_cls.action_layout.size, bool(self.cfg.hint)
            )
            self.heldout = test
        values = critic_from_model(self.model).logits(test["inputs"])[:, 0]
        return {
            "value_explained_variance": round(td.explained(values, test["ret"]), 4),
            "seat_explained_variance": round(float(test["seat_explained_variance"]), 4),
        }

    def teacher_step(self) -> None:
        """After a PPO update, ``n_epochs`` minibatches of cross-entropy toward
        the teacher's choices on its training games (``ppo.teacher_coef``)."""
        cfg = self.cfg
        if not cfg.ppo.teacher_coef or self.actor_held or not self.model._n_updates:
            return
        from . import teacher as td
        from .imitation import batch, teacher_data

        if self.teacher_train is None:
            self.teacher_train = td.split(teacher_data(cfg, self.run_dir, self.progress), "train")
        n = len(self.teacher_train["action"])
        policy = self.model.policy
        policy.set_training_mode(True)
        for _ in range(cfg.ppo.n_epochs):
            idx = self.teacher_rng.integers(n, size=min(cfg.ppo.batch_size, n))
            x, masks, actions, _ = batch(self.teacher_train, idx, *shape(cfg))
            nll = -log_probs(self.model, x, masks).gather(1, actions[:, None]).mean()
            policy.optimizer.zero_grad()
            (cfg.ppo.teacher_coef * nll).backward()
            th.nn.utils.clip_grad_norm_(policy.parameters(), cfg.ppo.max_grad_norm)
            policy.optimizer.step()
        policy.set_training_mode(False)
        self.model.logger.record("train/teacher_nll", nll.item())

    def push_pool(self, snapshots: bool = False) -> None:
        """Send the learner's weights (and the snapshots) to every worker."""
        current = policy_from_model(self.model)
        self.vec_env.env_method("set_policies", current, self.snapshots if snapshots else None)

    def take_snapshot(self) -> None:
        self.snapshots.append(policy_from_model(self.model))
        del self.snapshots[: -self.cfg.max_snapshots]
        self.push_pool(snapshots=True)

    def run_eval(self) -> dict:
        cfg = self.cfg
        policy = policy_from_model(self.model)
        results = evaluate(policy, cfg, cfg.eval_games, cfg.seed + 1, self.progress)
        entry = {"steps": self.steps, "wall_time": round(self.wall_time, 1), **results}
        self.evals.append(entry)
        append_eval(self.run_dir, self.steps, entry["wall_time"], results)
        self._log_eval(results)
        score = eval_score(results)
        if self.best is None or score > self.best["score"]:
            # PPO can drift after a good phase: keep the best evaluated policy too
            self.best = {"steps": self.steps, "score": score}
            ckpt.save_policy(
                self.run_dir / BEST,
                policy_from_model(self.model),
                self.metadata(),
                critic_from_model(self.model),
            )
        return entry

    def _log_eval(self, results: dict) -> None:
        """The evaluation in ``metrics.csv`` and TensorBoard at the step of
        ``eval.csv``: SB3's logger would hold it to its next dump, a rollout
        later, and the last evaluation has no dump after it."""
        values = eval_metrics(results)
        for writer in self.model.logger.output_formats:
            writer.write(values, dict.fromkeys(values), self.steps)

    # ----- files -------------------------------------------------------------
    def metadata(self) -> dict:
        cfg = self.cfg
        return {
            **policy_metadata(cfg.env, cfg.players, cfg.env_options, cfg.hint),
            "steps": self.steps,
            "wall_time_s": round(self.wall_time, 1),
            "seed": cfg.seed,
            "eval": self.evals[-1] if self.evals else None,
            "imitation": self.imitation,
            "init_from": self.started_from,
        }

    def save(self) -> None:
        import yaml

        state = {
            "steps": self.steps,
            "n_updates": self.model._n_updates,
            "wall_time": self.wall_time,
            "next_snapshot": self.next_snapshot,
            "next_eval": self.next_eval,
            "next_save": self.next_save,
            "imitation": self.imitation,
            "started_from": self.started_from,
            "actor_held": self.actor_held,
            "best": self.best,
            "evals": self.evals,
        }
        policy = policy_from_model(self.model)
        meta = self.metadata()
        ckpt.save_checkpoint(
            self.run_dir / CHECKPOINT,
            policy,
            meta,
            yaml.safe_dump(self.cfg.to_dict(), sort_keys=False),
            model_arrays(self.model),
            self.snapshots,
            state,
            _get_rng(),
        )
        ckpt.save_policy(self.run_dir / POLICY, policy, meta, critic_from_model(self.model))

    def plot(self) -> Path | None:
        """Learning curve: evaluation win rates with their 95% intervals."""
        if not self.evals:
            return None
        return plot_learning_curve(self.evals, self.cfg, self.run_dir / "learning_curve.png")

    def close(self) -> None:
        self.vec_env.close()


# ----- plumbing ----------------------------------------------------------------
def _get_rng() -> dict:
    kind, keys, pos, has_gauss, gauss = np.random.get_state()
    return {
        "python": json.loads(json.dumps(random.getstate())),
        "numpy": [kind, keys.tolist(), pos, has_gauss, gauss],
        "torch": th.get_rng_state().tolist(),
    }


def _set_rng(state: dict, where: str) -> None:
    if not state:
        return
    try:
        version, internal, gauss = state["python"]
        random.setstate((version, tuple(internal), gauss))
        kind, keys, pos, has_gauss, gauss = state["numpy"]
        np.random.set_state((kind, np.array(keys, dtype=np.uint32), pos, has_gauss, gauss))
        th.set_rng_state(th.tensor(state["torch"], dtype=th.uint8))
    except (KeyError, TypeError, ValueError, OverflowError, RuntimeError) as e:
        raise CheckpointError(f"{where} does not hold generator states ({e})") from None


def _check_state(state: dict, cfg: TrainConfig, where: str) -> None:
    """The run state's fields, and the evaluation entries the curve is drawn from."""
    check_fields(state, where, STATE_FIELDS, STATE_EXTRAS, error=CheckpointError)
    result = {k: NUMBER for k in (*EVAL_COLUMNS, "mean_score")} | {"games": INT}
    for i, entry in enumerate(state["evals"]):
        at = f"{where}: evals[{i}]"
        check_fields(entry, at, {"steps": INT, "wall_time": NUMBER}, error=CheckpointError)
        for kind in cfg.eval_opponents:
            check_fields(entry.get(kind), f"{at}.{kind}", result, error=CheckpointError)


def _logger(run_dir: Path):
    return Logger(str(run_dir), [TensorBoardOutputFormat(str(run_dir / "tb")), LongCSV(run_dir)])


class LongCSV(MetricsCSV, KVWriter):
    """``metrics.csv`` as an SB3 log writer."""


class TimedVecEnv(VecEnvWrapper):
    """Counts the seconds the learner waits on the env workers (the env's share).

    ``on_sigint``, as the SIGINT handler, holds Ctrl-C back while the learner
    talks to the workers and raises it once their replies are in: a reply
    left half-read would hang the workers' close, and a half-sent message
    would crash them."""

    def __init__(self, venv):
        super().__init__(venv)
        self.env_seconds = 0.0
        self.talking = False
        self.interrupted = False

    def on_sigint(self, signum, frame):
        if not self.talking:
            raise KeyboardInterrupt
        self.interrupted = True

    @contextmanager
    def _talk(self):
        self.talking = True
        try:
            yield
        finally:
            self.talking = False
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt

    def reset(self):
        start = time.perf_counter()
        with self._talk():
            obs = self.venv.reset()
        self.env_seconds += time.perf_counter() - start
        return obs

    def step_async(self, actions):
        with self._talk():
            self.venv.step_async(actions)

    def step_wait(self):
        start = time.perf_counter()
        with self._talk():
            out = self.venv.step_wait()
        self.env_seconds += time.perf_counter() - start
        return out

    def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
        with self._talk():
            return self.venv.env_method(method_name, *method_args, indices=indices, **method_kwargs)


class _Callback(BaseCallback):
    """Pool updates, evaluation, checkpoints and the progress bar, as one SB3 callback."""

    def __init__(self, trainer: Trainer):
        super().__init__()
        self.t = trainer
        self.bar = StepBar(0, 0, "", enabled=False)
        self.clock = self.start = time.perf_counter()
        self.env_seconds0 = 0.0

    def _on_training_start(self):
        cfg = self.t.cfg
        self.bar = StepBar(cfg.total_steps, self.t.steps, f"train {cfg.env}", self.t.progress)
        self.clock = self.start = time.perf_counter()
        self.env_seconds0 = self.t.vec_env.env_seconds

    def _tick(self):
        now = time.perf_counter()
        self.t.wall_time += now - self.clock
        self.clock = now

    def _on_rollout_start(self):  # after each PPO update
        self.t.teacher_step()
        self.t.push_pool()

    def _on_step(self):
        t, cfg = self.t, self.t.cfg
        steps = t.steps
        self.bar.to(steps)
        if steps >= t.next_snapshot:
            t.take_snapshot()
            t.next_snapshot += cfg.snapshot_every
        if steps >= t.next_eval:
            self._tick()
            entry = t.run_eval()
            t.next_eval += cfg.eval_every
            self.bar.show(entry, cfg.eval_opponents)
        if steps >= t.next_save:
            self._tick()
            t.next_save += cfg.save_every
            t.save()
        return True

    def _on_rollout_end(self):
        self._tick()
        elapsed = max(time.perf_counter() - self.start, 1e-9)
        ppo = self.t.cfg.ppo
        if ppo.hold_actor_until_ev is not None or ppo.hold_actor_until_beats_seat:
            self.t.critic_caught_up()
        env_share = (self.t.vec_env.env_seconds - self.env_seconds0) / elapsed
        self.logger.record("time/env_share", env_share)
        self.logger.record("time/wall_time", self.t.wall_time)

    def close(self):
        """At the end of training, or on the way out of an interrupted one."""
        self._tick()
        self.bar.close()
