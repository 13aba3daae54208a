"""The one place the SB3 trainer touches stable-baselines3's and sb3-contrib's
private names, written for stable-baselines3 2.9.2 and sb3-contrib 2.9.2.

What each override relies on:

- ``MaskableActorCriticPolicy._build(lr_schedule)`` builds the networks, then
  the optimiser over every parameter the policy holds.  ``Policy`` runs
  ``add_parameters`` just before it, so parameters of the trainer's own (the
  hint's scale, a board network's square head) are trained with the rest.
- ``MaskableActorCriticPolicy._get_action_dist_from_latent(latent_pi)`` turns
  the actor's latent into the action distribution, for acting and for the
  loss alike; ``Policy`` puts its ``logits`` there.
- ``MaskablePPO.train`` counts its gradient steps in ``_n_updates`` (set to 0
  by ``BaseAlgorithm.__init__``): a checkpoint stores the count, a resumed run
  restores it (``updates``, ``set_updates``), and the teacher's extra step
  waits for the first update.
- ``BaseCallback._on_training_start``, ``_on_rollout_start``, ``_on_step`` and
  ``_on_rollout_end`` are the hooks ``learn`` calls; ``Hooks`` gives them
  public names.

``check`` runs once, at import: a release without one of these names raises
an ``ImportError`` naming it, rather than training something else.
"""

from __future__ import annotations

from abc import abstractmethod

import sb3_contrib
import stable_baselines3
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.callbacks import BaseCallback

WRITTEN_FOR = "stable-baselines3 2.9.2 and sb3-contrib 2.9.2"
#: (owner, name): a class and a method of it, or a function and an attribute it uses
RELIED_ON = (
    (MaskableActorCriticPolicy, "_build"),
    (MaskableActorCriticPolicy, "_get_action_dist_from_latent"),
    (MaskablePPO.train, "_n_updates"),
    (BaseCallback, "_on_training_start"),
    (BaseCallback, "_on_rollout_start"),
    (BaseCallback, "_on_step"),
    (BaseCallback, "_on_rollout_end"),
)


def check(relied_on=RELIED_ON) -> None:
    """Raise ``ImportError`` for the first name of ``relied_on`` its owner lacks."""
    for owner, name in relied_on:
        uses = getattr(owner, "__code__", None)
        found = name in uses.co_names if uses else callable(getattr(owner, name, None))
        if not found:
            raise ImportError(
                f"the SB3 trainer relies on {name} ({owner.__qualname__}), which the installed "
                f"stable-baselines3 {stable_baselines3.__version__} and sb3-contrib "
                f"{sb3_contrib.__version__} lack; it was written for {WRITTEN_FOR}"
            )


check()


class Policy(MaskableActorCriticPolicy):
    """``MaskableActorCriticPolicy`` with two steps of its own: parameters made
    before the optimiser is, and the logits the action distribution is drawn from."""

    def add_parameters(self) -> None:
        """Make the policy's own parameters (none here)."""

    def logits(self, latent_pi):
        """The actor's logits from its latent (SB3's: the action net's)."""
        return self.action_net(latent_pi)

    def _build(self, lr_schedule) -> None:
        self.add_parameters()
        super()._build(lr_schedule)  # builds the optimiser over every parameter

    def _get_action_dist_from_latent(self, latent_pi):
        return self.action_dist.proba_distribution(action_logits=self.logits(latent_pi))


def updates(model: MaskablePPO) -> int:
    """The gradient steps ``model`` has taken."""
    return model._n_updates


def set_updates(model: MaskablePPO, n: int) -> None:
    """Restore the count of gradient steps (a resumed run's)."""
    model._n_updates = n


class Hooks(BaseCallback):
    """SB3's callback with the hooks ``learn`` calls under public names."""

    @abstractmethod
    def training_started(self) -> None:
        """Once, as ``learn`` begins."""

    @abstractmethod
    def rollout_started(self) -> None:
        """Before each rollout: after each update, and before the first rollout."""

    @abstractmethod
    def stepped(self) -> bool:
        """After each step of every worker; ``False`` stops the training."""

    @abstractmethod
    def rollout_ended(self) -> None:
        """After each rollout, before its update."""

    def _on_training_start(self) -> None:
        self.training_started()

    def _on_rollout_start(self) -> None:
        self.rollout_started()

    def _on_step(self) -> bool:
        return self.stepped()

    def _on_rollout_end(self) -> None:
        self.rollout_ended()
