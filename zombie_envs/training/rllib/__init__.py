"""Self-play PPO on Ray RLlib (its new API stack) for any env of the suite.

The same self-play as ``train`` (a learning seat per episode, the others drawn
from an opponent pool of random, heuristic, current and snapshot players),
expressed the way RLlib expresses it, so it scales out to a Ray cluster:

- ``env.ZombieMultiAgentEnv``: the engine as a turn-based ``MultiAgentEnv``.
  Each seat is an agent (``player_0``, ...); only the deciding seat observes,
  and at the end every seat that played gets its final observation and its
  zero-sum return.  An observation is a dict: ``observations`` (the seat's
  vector, with the hint's one-hot when the config asks for one),
  ``action_mask`` and ``heuristic`` (the one-hot of the move the game's
  heuristic would play for the seat).
- ``modules``: RLModules, one per pool member: ``learner`` (or
  ``learner_<role>``: one learned module per role of an asymmetric game),
  trained; and, never trained, ``snapshot_<k>`` (frozen copies of a learner),
  ``random`` (uniform over the legal actions) and ``heuristic`` (plays the
  ``heuristic`` entry of its observation: the heuristic reads the engine's
  whole state, which RLlib never hands a module, so the env computes its move
  and the module plays it).
- ``seats.SeatMapping``, the ``policy_mapping_fn``: per episode, one seat to
  the learner of its role and each other seat to a module drawn with the
  config's ``opponents`` weights for its role.  ``current`` maps to the
  learner itself (its moves train it too: RLlib keeps each seat's trajectory
  apart, so no perspectives mix).
- ``algorithm``: RLlib's PPO config from the suite's config.
- ``trainer.RLlibTrainer``: the run.  Same config, same run folder as
  ``train.Trainer`` (evaluation, ``eval.csv``, ``metrics.csv``, learning
  curve, ``policy.zip`` in the suite's numpy format), with RLlib's own
  checkpoint beside them.

Ray is imported only in this package, so ``import zombie_envs`` and the SB3
trainer never load it; importing any of its modules first checks that the
rllib extra is installed.  ``--address`` (or ``rllib.address``) joins a
running cluster.
"""

from .. import missing_extra

try:
    import ray.rllib  # noqa: F401
    import torch  # noqa: F401
except ImportError as e:
    raise missing_extra(e, "--backend rllib", "rllib") from None
