"""The ``MaskablePPO`` model a config describes, and numpy copies of its networks.

An MLP reads the input whole (``HintExtractor`` keeps the hint aside for the
logits); a board network reads it through ``boardnet``'s encoders
(``BoardExtractor``).  ``policy_from_model`` and ``critic_from_model`` copy
the actor and the critic into the suite's numpy networks, which the workers'
opponents, the evaluation and the policy files use; ``export_policy`` writes
a model trained by a script of one's own as a policy file.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch as th
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.preprocessing import get_flattened_obs_dim
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor, FlattenExtractor

import zombie_envs
from zombie_envs.agents.board import board_indices
from zombie_envs.agents.inputs import HINTS
from zombie_envs.agents.network import MLPPolicy, Network
from zombie_envs.agents.policy_file import policy_metadata
from zombie_envs.registry import engine_class

from .. import checkpoint as ckpt
from ..boardnet import BoardEncoder, board_network, square_head
from ..config import TrainConfig
from .shim import Policy


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


class HintPolicy(Policy):
    """Logits = actor(input) + scale * hint: a residual policy that starts as
    the hinted heuristic and learns where to deviate (the scale is learned,
    from ``hint_scale``: the config's ``policy.hint_scale``; ``None``: no hint)."""

    def __init__(self, *args, hint_scale: float | None = 3.0, **kwargs):
        self.initial_hint_scale = hint_scale
        super().__init__(*args, **kwargs)

    def add_parameters(self) -> None:
        if self.initial_hint_scale is not None:
            self.hint_scale = th.nn.Parameter(th.tensor(float(self.initial_hint_scale)))

    @property
    def hinted(self) -> bool:
        return self.initial_hint_scale is not None

    def logits(self, latent_pi):
        logits = super().logits(latent_pi)
        if self.hinted:
            logits = logits + self.hint_scale * self.pi_features_extractor.hint
        return logits


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

    def add_parameters(self) -> None:
        extractor = self.pi_features_extractor
        self.square_head = square_head(extractor.encoder, extractor.indices)
        super().add_parameters()

    def logits(self, latent_pi):
        logits = super().logits(latent_pi)
        if self.square_head is not None:
            squares = self.pi_features_extractor.encoder.squares
            logits = self.square_head(logits, squares, latent_pi)
        return logits


def new_model(cfg: TrainConfig, vec_env, seed: int | None) -> MaskablePPO:
    """The model a config describes on ``vec_env``, freshly initialised (the
    training benchmark builds the same)."""
    activation = {"tanh": th.nn.Tanh, "relu": th.nn.ReLU}[cfg.policy.activation]
    hidden = list(cfg.policy.hidden)
    kwargs = {"net_arch": {"pi": hidden, "vf": hidden}, "activation_fn": activation}
    num_actions = engine_class(cfg.env).action_layout.size
    if cfg.policy.network == "board":
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
        policy = BoardPolicy
    elif cfg.hint:
        kwargs["features_extractor_class"] = HintExtractor
        kwargs["features_extractor_kwargs"] = {
            "num_actions": num_actions,
            "hint_input": cfg.policy.hint_input,
        }
        kwargs["hint_scale"] = cfg.policy.hint_scale
        policy = HintPolicy
    else:
        policy = "MlpPolicy"
    return MaskablePPO(
        policy, vec_env, policy_kwargs=kwargs, seed=seed, device="cpu", verbose=0,
        **cfg.ppo.sb3_kwargs(),
    )  # fmt: skip


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
    linears = _linears(hidden, head)
    layers = [(m.weight.detach().cpu().numpy(), m.bias.detach().cpu().numpy()) for m in linears]
    extractor = policy.pi_features_extractor  # shared with the critic
    skipped = extractor.hint_size if isinstance(extractor, HintExtractor) else 0
    return MLPPolicy(layers, _activation(policy), scale, skipped)


def load_mlp(mlp: MLPPolicy, hidden, head) -> None:
    """``_numpy_mlp`` backwards: the numpy layers into the torch ones."""
    with th.no_grad():
        for m, (w, b) in zip(_linears(hidden, head), mlp.layers, strict=True):
            m.weight.copy_(th.from_numpy(w.T))
            m.bias.copy_(th.from_numpy(b))


def _linears(hidden, head) -> list:
    return [m for m in hidden if isinstance(m, th.nn.Linear)] + [head]


def scale_inputs(model, obs: np.ndarray) -> None:
    """A board model's encoders divide each plane and scalar by its largest
    value in ``obs`` (observations of the game); an MLP's inputs stay as
    they are."""
    policy = model.policy
    if isinstance(policy, BoardPolicy):
        for extractor in (policy.pi_features_extractor, policy.vf_features_extractor):
            extractor.encoder.set_scale(obs)


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
    engine = engine_class(env)
    if not engine.min_players <= num_players <= engine.max_players:
        raise ValueError(
            f"num_players {num_players} is outside {engine.min_players}-{engine.max_players} "
            f"for {env}"
        )
    if hint not in HINTS:
        raise ValueError(f"hint must be one of {list(HINTS)}, got {hint!r}")
    _check_exportable(model)
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


def _check_exportable(model) -> None:
    """A policy file holds tanh or ReLU MLPs on the plain input: refuse other models."""
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
