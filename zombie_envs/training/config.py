"""Training configuration: one YAML file per game, checked before anything runs.

Every key has a default here, so a config names only what it changes; an
unknown key, a wrong type or an impossible value is refused with the key's
name, so a typo never silently trains with a default.  A config is a file or
the name of one shipped with the package (``mall_of_horror``), so training
needs no checkout of the repository.
"""

from __future__ import annotations

import copy
import typing
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import zombie_envs
from zombie_envs.agents.inputs import HINTS
from zombie_envs.agents.network import ACTIVATIONS, CheckpointError
from zombie_envs.agents.policy_file import NETWORKS
from zombie_envs.core.files import parse_yaml
from zombie_envs.registry import engine_class, shipped_folder

from .selfplay import OPPONENT_KINDS, role_weights


class ConfigError(ValueError):
    """A training config that cannot be used."""


@dataclass
class PPOConfig:
    learning_rate: float = 3e-4
    n_steps: int = 256
    batch_size: int = 512
    n_epochs: int = 4
    gamma: float = 1.0
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    target_kl: float | None = None
    #: when set, the learning rate falls linearly to this value over the run
    learning_rate_final: float | None = None
    #: when set, the actor stays fixed (only the critic learns) until the critic
    #: explains at least this share of a rollout's return variance: a blind
    #: critic's advantages are noise, and PPO steps on noise walk off the warm start
    hold_actor_until_ev: float | None = None
    #: the actor stays fixed until the critic explains more of the final returns of
    #: the teacher's test games (never fitted on) than the seat alone: the figure
    #: that shows a critic sees something, where a rollout's flatters it
    hold_actor_until_beats_seat: bool = False
    #: after each PPO update, ``n_epochs`` minibatches of cross-entropy toward the
    #: teacher's choices on its training games, weighted by this: keeps the actor near
    #: the teacher where PPO's own games give it no signal (0: off)
    teacher_coef: float = 0.0

    def sb3_kwargs(self) -> dict:
        """``MaskablePPO`` arguments, the learning rate as a schedule when it decays."""
        ours = (
            "learning_rate_final",
            "hold_actor_until_ev",
            "hold_actor_until_beats_seat",
            "teacher_coef",
        )
        kwargs = {k: v for k, v in vars(self).items() if k not in ours}
        if self.learning_rate_final is not None:
            from stable_baselines3.common.utils import LinearSchedule

            kwargs["learning_rate"] = LinearSchedule(
                self.learning_rate, self.learning_rate_final, 1.0
            )
        return kwargs


@dataclass
class PolicyConfig:
    hidden: list[int] = field(default_factory=lambda: [256, 256])
    activation: str = "tanh"
    #: with a hint, the learned scale's start: large enough that the untrained policy
    #: plays the hinted move with most of its probability among many legal moves
    hint_scale: float = 3.0
    #: with a hint: whether the networks read it too (False: it reaches the logits
    #: only, and the first layer skips num_actions inputs: the faster choice)
    hint_input: bool = True
    #: ``mlp``: layers on the whole input; ``board``: one encoder shared by every
    #: square, pooled, beside a layer on the scalars, then ``hidden`` as the trunk
    #: (``agents.board``); square choices are scored from their squares' features
    network: str = "mlp"
    #: the board network's square encoder width, square-id embedding and scalar layer
    square_width: int = 32
    embed: int = 16
    scalar_width: int = 64
    #: a board network's actor and critic read one encoder (about half the learner's
    #: work; both losses train it) instead of one each
    share_encoder: bool = False


@dataclass
class ImitationConfig:
    """Warm start: fit the actor (and critic) to the games of a teacher playing
    every seat (the heuristic, or a search: an agent spec) before PPO.
    ``games: 0`` trains from scratch."""

    games: int = 0
    #: the most passes over the training games: the fit stops earlier once the
    #: validation games stop improving for ``patience`` epochs
    epochs: int = 20
    patience: int = 2
    batch_size: int = 512
    learning_rate: float = 1e-3
    #: the decisions kept of each game (its real ones, drawn at random): a game's
    #: decisions share one return, so more games teach the critic more than more samples
    samples_per_game: int = 32
    #: the folder of the teacher's games (shards, reused when their manifest matches);
    #: default: the run folder's ``teacher/``
    data: str | None = None
    #: the agent whose games and choices are learned: ``heuristic``, or a search
    #: such as ``ismcts:20:heuristic`` (expert iteration, with ``init_from``)
    teacher: str = "heuristic"
    #: ``both`` (actor and critic), ``critic`` (the actor is held: its file's, with
    #: ``init_from``, catches a critic up) or ``none`` (the games are played for
    #: ``ppo.teacher_coef`` and the held-out critic, nothing is fitted)
    fit: str = "both"
    #: processes playing the teacher's games; 0: one per core
    workers: int = 0


@dataclass
class RLlibConfig:
    """Settings read by the ``rllib`` backend only (``zombie-envs train --backend
    rllib``); the SB3 trainer ignores them."""

    #: sampling processes (Ray actors); 0 samples in the driver process
    num_env_runners: int = 1
    #: envs stepped together in each runner; ``None``: ``n_envs`` spread over the runners
    num_envs_per_env_runner: int | None = None
    #: env steps (every seat's decisions) per PPO update; ``None``: n_steps * n_envs * players
    train_batch_size: int | None = None
    #: asymmetric games: one learned module per role (else one shared by every role)
    policy_per_role: bool = True
    #: the Ray cluster to join (``auto``, ``HOST:PORT``); ``None``: a local Ray
    address: str | None = None


@dataclass
class TrainConfig:
    env: str = "mall_of_horror_v0"
    num_players: int | None = None
    env_options: dict = field(default_factory=dict)
    total_steps: int = 1_000_000
    seed: int = 0
    n_envs: int = 8
    vec_env: str = "subproc"
    torch_threads: int = 1
    policy: PolicyConfig = field(default_factory=PolicyConfig)
    ppo: PPOConfig = field(default_factory=PPOConfig)
    imitation: ImitationConfig = field(default_factory=ImitationConfig)
    opponents: dict = field(
        default_factory=lambda: {"random": 0.1, "heuristic": 0.4, "current": 0.25, "snapshot": 0.25}
    )
    greedy_opponents: bool = False
    hint: str | None = None
    #: a policy file (or run folder) to start from instead of fresh weights: its
    #: actor, and its critic when it has one; with ``imitation.games`` the critic
    #: alone is then fitted to heuristic games, the actor held (sb3 backend)
    init_from: str | None = None
    snapshot_every: int = 100_000
    max_snapshots: int = 8
    eval_every: int = 100_000
    eval_games: int = 200
    eval_opponents: list = field(default_factory=lambda: ["random", "heuristic"])
    save_every: int = 50_000
    rllib: RLlibConfig = field(default_factory=RLlibConfig)

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def players(self) -> int:
        if self.num_players is not None:
            return self.num_players
        return engine_class(self.env).default_players


_NESTED = {
    "policy": PolicyConfig,
    "ppo": PPOConfig,
    "imitation": ImitationConfig,
    "rllib": RLlibConfig,
}


def _build(cls, data: dict, where: str):
    if not isinstance(data, dict):
        raise ConfigError(
            f"{where.rstrip('.') or 'config'} must be a mapping, got {type(data).__name__}"
        )
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ConfigError(
            f"unknown key(s) {', '.join(where + k for k in unknown)}; known: {sorted(known)}"
        )
    values = {}
    defaults = cls()
    hints = typing.get_type_hints(cls)
    for name, value in data.items():
        key = where + name
        if name in _NESTED and cls is TrainConfig:
            values[name] = _build(_NESTED[name], value, key + ".")
            continue
        default = getattr(defaults, name)
        if default is None:  # an optional setting: its annotation says of what
            values[name] = _optional(key, value, hints[name])
        else:
            values[name] = _coerce(key, value, default)
    return cls(**values)


def _optional(key: str, value, hint):
    """Check a value of an ``X | None`` field: ``None`` or an ``X``."""
    if value is None:
        return None
    (kind,) = [t for t in typing.get_args(hint) if t is not type(None)]
    sample = {int: 0, float: 0.0, str: ""}[kind]
    try:
        return _coerce(key, value, sample)
    except ConfigError:
        name = {int: "an integer", float: "a number", str: "a string"}[kind]
        raise ConfigError(f"{key} must be {name} or null, got {value!r}") from None


def _coerce(key: str, value, default):
    """Check ``value`` against the type of the field's default."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
    elif isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    elif isinstance(value, type(default)):
        return copy.deepcopy(value)
    raise ConfigError(f"{key} must be {type(default).__name__}, got {value!r}")


def validate(cfg: TrainConfig) -> TrainConfig:
    """``cfg`` if every setting can make a run, else ``ConfigError`` naming the
    first that cannot, section by section."""
    for check in (
        _validate_game,
        _validate_sizes,
        _validate_ppo,
        _validate_imitation,
        _validate_policy,
        _validate_opponents,
    ):
        check(cfg)
    _validate_rllib(cfg.rllib)
    return cfg


def _validate_game(cfg: TrainConfig) -> None:
    if cfg.env not in zombie_envs.ENVS:
        raise ConfigError(
            f"env {cfg.env!r} is not in the suite; available: {sorted(zombie_envs.ENVS)}"
        )
    engine = engine_class(cfg.env)
    if not engine.min_players <= cfg.players <= engine.max_players:
        raise ConfigError(
            f"num_players {cfg.players} is outside {engine.min_players}-{engine.max_players} "
            f"for {cfg.env}"
        )
    try:
        engine.check_options(cfg.env_options)
    except (TypeError, ValueError) as e:
        raise ConfigError(f"env_options: {e}") from None


def _validate_sizes(cfg: TrainConfig) -> None:
    positive = {
        "total_steps": cfg.total_steps,
        "n_envs": cfg.n_envs,
        "torch_threads": cfg.torch_threads,
        "snapshot_every": cfg.snapshot_every,
        "max_snapshots": cfg.max_snapshots,
        "eval_every": cfg.eval_every,
        "eval_games": cfg.eval_games,
        "save_every": cfg.save_every,
        "ppo.n_steps": cfg.ppo.n_steps,
        "ppo.batch_size": cfg.ppo.batch_size,
        "ppo.n_epochs": cfg.ppo.n_epochs,
        "ppo.learning_rate": cfg.ppo.learning_rate,
        "imitation.epochs": cfg.imitation.epochs,
        "imitation.batch_size": cfg.imitation.batch_size,
        "imitation.patience": cfg.imitation.patience,
        "imitation.samples_per_game": cfg.imitation.samples_per_game,
    }
    for key, value in positive.items():
        if value <= 0:
            raise ConfigError(f"{key} must be positive, got {value}")


def _validate_ppo(cfg: TrainConfig) -> None:
    if cfg.ppo.learning_rate_final is not None and cfg.ppo.learning_rate_final < 0:
        raise ConfigError(
            f"ppo.learning_rate_final must be >= 0, got {cfg.ppo.learning_rate_final}"
        )
    ev = cfg.ppo.hold_actor_until_ev
    if ev is not None and not -1 <= ev < 1:
        raise ConfigError(f"ppo.hold_actor_until_ev must be in [-1, 1), got {ev}")
    if cfg.init_from == "":
        raise ConfigError(f"init_from must be a policy file's path, got {cfg.init_from!r}")


def _validate_imitation(cfg: TrainConfig) -> None:
    if cfg.imitation.fit not in ("both", "critic", "none"):
        raise ConfigError(
            f"imitation.fit must be 'both', 'critic' or 'none', got {cfg.imitation.fit!r}"
        )
    if cfg.imitation.workers < 0:
        raise ConfigError(
            f"imitation.workers must be >= 0 (0: every core), got {cfg.imitation.workers}"
        )
    try:
        from zombie_envs.agents import check_kind

        check_kind(cfg.imitation.teacher)
    except ValueError as e:
        raise ConfigError(f"imitation.teacher: {e}") from None
    if cfg.imitation.games < 0 or 0 < cfg.imitation.games < 10:
        raise ConfigError(
            f"imitation.games must be 0 (no warm start) or at least 10 (a tenth of the games "
            f"stops the fit, a fifth measures it), got {cfg.imitation.games}"
        )
    if cfg.vec_env not in ("subproc", "dummy"):
        raise ConfigError(f"vec_env must be 'subproc' or 'dummy', got {cfg.vec_env!r}")


def _validate_policy(cfg: TrainConfig) -> None:
    if cfg.policy.activation not in ACTIVATIONS:
        raise ConfigError(
            f"policy.activation must be one of {list(ACTIVATIONS)}, got {cfg.policy.activation!r}"
        )
    if not cfg.policy.hidden or any(not isinstance(h, int) or h <= 0 for h in cfg.policy.hidden):
        raise ConfigError(f"policy.hidden must be a list of positive ints, got {cfg.policy.hidden}")
    if not isinstance(cfg.policy.hint_scale, int | float) or not 0 <= cfg.policy.hint_scale <= 50:
        raise ConfigError(
            f"policy.hint_scale must be a number from 0 to 50, got {cfg.policy.hint_scale!r}"
        )
    if cfg.hint not in HINTS:
        raise ConfigError(f"hint must be one of {list(HINTS)}, got {cfg.hint!r}")
    if cfg.policy.network not in NETWORKS:
        raise ConfigError(
            f"policy.network must be one of {list(NETWORKS)}, got {cfg.policy.network!r}"
        )
    if cfg.policy.network == "board" and not engine_class(cfg.env).obs_layout.per_square:
        raise ConfigError(
            f"policy.network: board needs a board, and {cfg.env}'s observation has no "
            "per-square blocks; use mlp"
        )
    for key in ("square_width", "embed", "scalar_width"):
        if getattr(cfg.policy, key) <= 0:
            raise ConfigError(f"policy.{key} must be > 0, got {getattr(cfg.policy, key)}")
    if cfg.ppo.teacher_coef < 0 or (cfg.ppo.teacher_coef and cfg.imitation.games <= 0):
        raise ConfigError(
            f"ppo.teacher_coef {cfg.ppo.teacher_coef}: must be >= 0, and learns from the "
            "teacher's games: it needs imitation.games > 0"
        )
    if cfg.ppo.hold_actor_until_beats_seat and cfg.imitation.games <= 0:
        raise ConfigError(
            "ppo.hold_actor_until_beats_seat judges the critic on the teacher's test games: "
            "it needs imitation.games > 0"
        )


def _validate_opponents(cfg: TrainConfig) -> None:
    try:
        per_role = role_weights(cfg.env, cfg.opponents)
    except ValueError as e:
        raise ConfigError(f"opponents: {e}") from None
    for role, mix in per_role.items():
        where = "opponents" if mix == cfg.opponents else f"opponents.{role}"
        unknown = set(mix) - set(OPPONENT_KINDS)
        if unknown:
            known = ", ".join(OPPONENT_KINDS)
            raise ConfigError(f"{where}: unknown kind(s) {sorted(unknown)}; known: {known}")
        weights = list(mix.values())
        if any(not isinstance(w, int | float) or w < 0 for w in weights) or sum(weights) <= 0:
            raise ConfigError(f"{where}: weights must be numbers >= 0, not all 0; got {mix}")
    for kind in cfg.eval_opponents:
        if kind not in ("random", "heuristic"):
            raise ConfigError(f"eval_opponents: {kind!r} is not 'random' or 'heuristic'")


def _validate_rllib(r: RLlibConfig) -> None:
    if r.num_env_runners < 0:
        raise ConfigError(f"rllib.num_env_runners must be >= 0, got {r.num_env_runners}")
    for key in ("num_envs_per_env_runner", "train_batch_size"):
        value = getattr(r, key)
        if value is not None and (not isinstance(value, int) or value <= 0):
            raise ConfigError(f"rllib.{key} must be a positive integer or null, got {value!r}")
    if r.address is not None and (not isinstance(r.address, str) or not r.address):
        raise ConfigError(f"rllib.address must be 'auto', 'HOST:PORT' or null, got {r.address!r}")


def from_dict(data: dict) -> TrainConfig:
    return validate(_build(TrainConfig, data, ""))


def saved_config(data: dict, where, total_steps: int | None = None) -> TrainConfig:
    """The config a run folder saved (``where`` names its file), with a new
    ``total_steps`` when a resume asks for one; a config that no longer checks
    is a damaged checkpoint, said as such."""
    if total_steps is not None:
        data = {**data, "total_steps": total_steps}
    try:
        return from_dict(data)
    except ConfigError as e:
        raise CheckpointError(f"{where}: config.yaml: {e}") from None


def packaged_configs() -> list[str]:
    """The names of the configs shipped with the package."""
    return sorted(p.stem for p in shipped_folder("configs").glob("*.yaml"))


def config_path(name: str | Path) -> Path:
    """The file ``name`` names: itself when it exists, else a shipped config by its
    name, given bare or as in the repository (``mall_of_horror``,
    ``mall_of_horror.yaml``, ``configs/mall_of_horror.yaml``)."""
    path = Path(name)
    if path.exists():
        return path
    if path.parent in (Path("."), Path("configs")) and path.suffix in ("", ".yaml"):
        shipped = shipped_folder("configs") / f"{path.stem}.yaml"
        if shipped.is_file():
            return shipped
    raise ConfigError(f"no config file at {path}; shipped configs: {', '.join(packaged_configs())}")


def load_config(path: str | Path, **overrides) -> TrainConfig:
    """Read and check a YAML config (see ``config_path``); ``overrides`` (e.g.
    ``total_steps``) win."""
    path = config_path(path)
    try:
        data = parse_yaml(path.read_bytes(), str(path), ConfigError) or {}
    except OSError as e:
        raise ConfigError(f"{path} cannot be read ({e})") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path} must hold a mapping of settings, got {type(data).__name__}")
    for key, value in overrides.items():  # a mapping (imitation={"games": 10}) merges
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            value = {**data[key], **{k: v for k, v in value.items() if v is not None}}
        elif isinstance(value, dict):
            value = {k: v for k, v in value.items() if v is not None} or None
        if value is not None:
            data[key] = value
    try:
        return from_dict(data)
    except ConfigError as e:
        raise ConfigError(f"{path}: {e}") from None
