"""A command whose extra is missing says so in one line before it starts, and
the trainer modules say which extra to install when imported without it."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run_without(module: str, code: str, tmp_path) -> subprocess.CompletedProcess:
    """``code`` in a fresh Python where importing ``module`` fails, as it does
    where the extra that brings it is not installed."""
    hide = f"import sys; sys.modules[{module!r}] = None\n"
    return subprocess.run(
        [sys.executable, "-c", hide + code], cwd=tmp_path, capture_output=True, text=True
    )


CLI = "from zombie_envs.cli.main import main; raise SystemExit(main({argv!r}))"


@pytest.mark.parametrize(
    "argv",
    [
        ["tournament", "--game", "mall_of_horror_v0", "--agents", "random", "heuristic",
         "--games", "400", "--out", "out"],
        ["tournament", "--game", "mall_of_horror_v0", "--agents", "random", "heuristic",
         "--games", "400", "--out", "out", "--no-ratings"],
        ["evaluate", "ckpt.zip", "--games", "400"],
        ["ratings"],
    ],
    ids=["tournament", "tournament-no-ratings", "evaluate", "ratings"],
)  # fmt: skip
def test_commands_that_rate_need_openskill_and_say_so_before_playing(argv, tmp_path):
    done = run_without("openskill", CLI.format(argv=argv), tmp_path)
    assert done.returncode != 0
    assert (
        done.stderr.strip()
        == "ratings need openskill: pip install 'zombie-envs[play]' (or [train])"
    )
    assert not (tmp_path / "out").exists()  # nothing was played


def test_a_tournament_writing_ratings_needs_filelock_too(tmp_path):
    argv = ["tournament", "--game", "mall_of_horror_v0", "--agents", "random", "heuristic"]
    done = run_without("filelock", CLI.format(argv=[*argv, "--out", "out"]), tmp_path)
    assert "ratings need filelock: pip install 'zombie-envs[play]'" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("module", "code", "line"),
    [
        ("torch", "from zombie_envs.training.train import Trainer",
         "training needs the train extra (torch is missing): pip install 'zombie-envs[train]'"),
        ("sb3_contrib", "import zombie_envs.training.train",
         "training needs the train extra (sb3_contrib is missing)"),
        ("ray", "import zombie_envs.training.rllib",
         "--backend rllib needs the rllib extra (ray is missing)"),
    ],
)  # fmt: skip
def test_trainer_modules_name_their_extra(module, code, line, tmp_path):
    done = run_without(module, code, tmp_path)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1].startswith(f"ImportError: {line}")
