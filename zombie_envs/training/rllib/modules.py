"""The RLModules of the pool: the learned ``MaskedMLPModule`` and the fixed
``RandomModule`` and ``HeuristicModule`` (see the package docstring)."""

from __future__ import annotations

import numpy as np
import torch
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.rl_module import RLModule
from ray.rllib.core.rl_module.torch import TorchRLModule
from ray.rllib.utils.torch_utils import FLOAT_MIN

from zombie_envs.agents.network import MLPPolicy


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
