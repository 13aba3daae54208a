"""How a run starts ahead of a random policy, and how the teacher keeps helping.

A run starts from a policy file (``init_from``: ``start_from``) or from a
teacher's games (``imitation``: ``clone_teacher``).  After a clone the actor
can wait for the critic, judged on the teacher's test games
(``critic_figures``) or on the rollout (``rollout_explained_variance``), and
PPO's updates can keep a pull toward the teacher's choices (``imitate``).
"""

from __future__ import annotations

import numpy as np
import torch as th
from stable_baselines3.common.utils import explained_variance

from zombie_envs.agents.network import CheckpointError, Network
from zombie_envs.agents.policy_file import check_compatible, load_critic, load_policy
from zombie_envs.registry import engine_class

from .. import teacher as td
from ..boardnet import load_board
from ..config import TrainConfig
from ..imitation import batch, fit, measure, shape, teacher_data
from .policy import (
    BoardPolicy,
    HintPolicy,
    actor_parameters,
    critic_from_model,
    critic_parameters,
    load_mlp,
    log_probs,
    policy_from_model,
    scale_inputs,
)

#: the teacher's test decisions the critic is judged on while it holds the actor
HELD_OUT_SAMPLES = 4096


# ----- from a policy file ---------------------------------------------------------
def start_from(model, cfg: TrainConfig) -> dict:
    """Give a fresh model the actor (and the critic, when the file has one) of
    the policy file ``cfg.init_from``, after checking that it was trained for
    this env, engine, player count, options and hint, with the config's
    network; returns what the run's metadata records of it.  ``pretrained``
    names the policy shipped for the config's env and player count."""
    path = _init_path(cfg)
    actor, meta = load_policy(path)
    check_compatible(
        meta, engine_class(cfg.env), cfg.players, cfg.env_options, source=f"init_from {path}"
    )
    # a file without the hint starts a hinted run whose networks skip the hint
    # (a clone of the teacher, with the hint added as a prior at policy.hint_scale)
    adds_hint = _check_network(actor, meta, policy_from_model(model), cfg, path)
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
        load_mlp(actor, policy.mlp_extractor.policy_net, policy.action_net)
        if critic is not None:
            load_mlp(critic, policy.mlp_extractor.value_net, policy.value_net)
    if isinstance(policy, HintPolicy) and policy.hinted and not adds_hint:
        policy.hint_scale.data.fill_(actor.hint_scale)
    return {"path": str(path), "steps": meta.get("steps"), "critic": critic is not None}


def _init_path(cfg: TrainConfig):
    """``init_from``'s file (``pretrained``: the one shipped for the env and players)."""
    if cfg.init_from != "pretrained":
        return cfg.init_from
    from zombie_envs.agents.pretrained import pretrained_for

    try:
        return pretrained_for(cfg.env, cfg.players).path
    except ValueError as e:
        raise CheckpointError(f"init_from: {e}") from None


def _check_network(actor: Network, meta: dict, mine: Network, cfg: TrainConfig, path) -> bool:
    """Refuse a file whose hint or network is not the config's; returns whether
    the run adds the hint to a file trained without it."""
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
    return adds_hint


def _heads(network: Network) -> tuple:
    """A board network's square choices (``head_actions``' shape); none for an MLP."""
    return np.shape(network.arrays().get("head_actions", ()))


# ----- from a teacher's games -----------------------------------------------------
def clone_teacher(model, cfg, run_dir, progress: bool = True) -> tuple[dict, dict]:
    """Fit ``model``'s actor and critic to the teacher's games (with
    ``imitation.fit: critic``, the critic alone: the actor is held); returns the
    held-out figures and the test games (to judge the critic by later)."""
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


# ----- while the actor waits for the critic ---------------------------------------
def held_out_sample(test: dict | None, cfg, run_dir, progress: bool = True) -> dict:
    """A fixed sample of the teacher's test games with their inputs, kept as
    the critic's test; ``test`` is the clone's (``None`` after a resume: they
    are read back from the run's teacher games)."""
    if test is None:
        data = teacher_data(cfg, run_dir, progress)
        test = td.split(data, "test")
        test["seat_explained_variance"] = td.seat_baseline(td.split(data, "train"), test)
    if "inputs" in test:
        return test
    keep = np.random.default_rng(0).permutation(len(test["ret"]))[:HELD_OUT_SAMPLES]
    test = {k: v[keep] if isinstance(v, np.ndarray) else v for k, v in test.items()}
    test["inputs"] = td.inputs(test, *shape(cfg))
    return test


def critic_figures(model, sample: dict) -> dict:
    """The critic's explained variance on ``held_out_sample``, beside the seat alone's."""
    values = critic_from_model(model).logits(sample["inputs"])[:, 0]
    return {
        "value_explained_variance": round(td.explained(values, sample["ret"]), 4),
        "seat_explained_variance": round(float(sample["seat_explained_variance"]), 4),
    }


def rollout_explained_variance(model) -> float:
    """The share of the last rollout's return variance the critic explains."""
    buffer = model.rollout_buffer
    return explained_variance(buffer.values.flatten(), buffer.returns.flatten())


# ----- during PPO -----------------------------------------------------------------
def imitate(model, cfg, games: dict, rng: np.random.Generator) -> float:
    """``ppo.n_epochs`` minibatches of cross-entropy toward the teacher's
    choices in ``games`` (weighted by ``ppo.teacher_coef``); returns the last
    minibatch's loss."""
    ppo = cfg.ppo
    n = len(games["action"])
    policy = model.policy
    policy.set_training_mode(True)
    for _ in range(ppo.n_epochs):
        idx = rng.integers(n, size=min(ppo.batch_size, n))
        x, masks, actions, _ = batch(games, idx, *shape(cfg))
        nll = -log_probs(model, x, masks).gather(1, actions[:, None]).mean()
        policy.optimizer.zero_grad()
        (ppo.teacher_coef * nll).backward()
        th.nn.utils.clip_grad_norm_(policy.parameters(), ppo.max_grad_norm)
        policy.optimizer.step()
    policy.set_training_mode(False)
    return nll.item()
