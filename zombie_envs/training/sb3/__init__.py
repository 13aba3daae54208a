"""The parts ``train.Trainer`` runs MaskablePPO with: the policy and its numpy
copies (``policy``), the warm starts (``warm_start``), the env workers and
logger (``plumbing``), the run state a checkpoint holds (``state``), and the
one door to stable-baselines3's private names (``shim``).

Importing any of them first checks that the train extra is installed, and
says what to install when it is not.
"""

from .. import missing_extra

try:
    import sb3_contrib  # noqa: F401  (it imports torch: a missing torch is named)
    import stable_baselines3  # noqa: F401
    import torch  # noqa: F401
except ImportError as e:
    raise missing_extra(e, "training", "train") from None
