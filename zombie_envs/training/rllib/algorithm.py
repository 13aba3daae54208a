"""RLlib's PPO config from the suite's ``TrainConfig``: which modules a run
has (``Modules``), their specs, and the algorithm's settings."""

from __future__ import annotations

from dataclasses import dataclass

import gymnasium
from ray.rllib.algorithms.ppo import PPOConfig as RLlibPPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec

from zombie_envs.registry import engine_class, game_type

from ..config import ConfigError, TrainConfig
from ..selfplay import role_weights
from .env import ZombieMultiAgentEnv
from .modules import HeuristicModule, MaskedMLPModule, RandomModule, hint_size
from .seats import SeatMapping, learner_id, snapshot_id

FIXED = ("random", "heuristic")


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


@dataclass(frozen=True)
class Modules:
    """The modules a config's run has, besides one ``snapshot_<k>`` per slot
    of each learner: ``learners`` maps each role to the module learning it
    (one for every role unless ``per_role``); ``kinds`` are the fixed
    opponents some seat may meet; ``skipped`` the input entries the learned
    MLPs skip (the hint, unless they read it)."""

    per_role: bool
    learners: dict[str, str]
    kinds: frozenset[str]
    snapshot_slots: int
    skipped: int

    @classmethod
    def of(cls, cfg: TrainConfig) -> Modules:
        game = game_type(cfg.env)
        per_role = cfg.rllib.policy_per_role and bool(game.roles)
        roles = list(dict.fromkeys(game.role_of(s) for s in range(cfg.players)))
        mixes = role_weights(cfg.env, cfg.opponents).values()
        used = {kind for mix in mixes for kind, weight in mix.items() if weight > 0}
        return cls(
            per_role=per_role,
            learners={r: learner_id(r, per_role) for r in roles},
            kinds=frozenset(used & set(FIXED)),
            snapshot_slots=cfg.max_snapshots if "snapshot" in used else 0,
            skipped=hint_size(model_config(cfg), engine_class(cfg.env).action_layout.size),
        )

    @property
    def learned(self) -> set[str]:
        return set(self.learners.values())


def env_config(cfg: TrainConfig) -> dict:
    return {
        "env": cfg.env,
        "num_players": cfg.players,
        "env_options": cfg.env_options,
        "hint": cfg.hint,
    }


def model_config(cfg: TrainConfig) -> dict:
    """What ``MaskedMLPModule`` builds its networks from."""
    return {
        "hidden": list(cfg.policy.hidden),
        "activation": cfg.policy.activation,
        "hint_scale": cfg.policy.hint_scale if cfg.hint else None,
        "hint_input": cfg.policy.hint_input,
    }


def module_specs(cfg: TrainConfig, modules: Modules) -> dict[str, RLModuleSpec]:
    env = ZombieMultiAgentEnv(env_config(cfg))
    spaces = {
        "observation_space": env.observation_spaces["player_0"],
        "action_space": gymnasium.spaces.Discrete(env.engine_cls.action_layout.size),
    }
    learned = RLModuleSpec(module_class=MaskedMLPModule, model_config=model_config(cfg), **spaces)
    specs = {}
    for learner in modules.learned:
        specs[learner] = learned
        for k in range(modules.snapshot_slots):
            specs[snapshot_id(learner, k)] = learned
    for kind, cls in (("random", RandomModule), ("heuristic", HeuristicModule)):
        if kind in modules.kinds:
            specs[kind] = RLModuleSpec(module_class=cls, **spaces)
    return specs


def algorithm_config(
    cfg: TrainConfig, modules: Modules, num_env_runners: int, mapping: SeatMapping
) -> RLlibPPOConfig:
    """The RLlib PPO config the run's config describes."""
    ppo, r = cfg.ppo, cfg.rllib
    runners = max(num_env_runners, 1)
    per_runner = r.num_envs_per_env_runner or -(-cfg.n_envs // runners)
    batch = r.train_batch_size or ppo.n_steps * cfg.n_envs * cfg.players
    lr = ppo.learning_rate
    if ppo.learning_rate_final is not None:
        # RLlib schedules on env steps: about `players` per learner step
        lr = [[0, lr], [cfg.total_steps * cfg.players, ppo.learning_rate_final]]
    specs = module_specs(cfg, modules)
    return (
        RLlibPPOConfig()
        .environment(ZombieMultiAgentEnv, env_config=env_config(cfg))
        .framework("torch")
        .env_runners(
            num_env_runners=num_env_runners,
            num_envs_per_env_runner=per_runner,
            rollout_fragment_length="auto",
        )
        .learners(num_learners=0)
        .multi_agent(
            policies=set(specs),
            policy_mapping_fn=mapping,
            policies_to_train=sorted(modules.learned),
        )
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
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
