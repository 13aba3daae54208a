"""Small, fast training settings shared by the training tests."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib", reason="training tests need the train extra")

TINY = {
    "env": "mall_of_horror_v0",
    "num_players": 3,
    "total_steps": 1024,
    "n_envs": 2,
    "vec_env": "dummy",
    "policy": {"hidden": [32, 32]},
    "ppo": {"n_steps": 128, "batch_size": 128, "n_epochs": 2},
    "imitation": {"games": 0},
    "snapshot_every": 256,
    "max_snapshots": 3,
    "eval_every": 512,
    "eval_games": 6,
    "save_every": 256,
}


@pytest.fixture
def tiny():
    """A tiny config as a dict (copy it before changing nested parts)."""
    import copy

    return copy.deepcopy(TINY)
