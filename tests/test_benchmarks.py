"""The benchmark scripts do what their options say."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_strength_plays_the_games_asked_for():
    out = subprocess.run(
        [sys.executable, "benchmarks/bench_strength.py", "--games", "8", "--players", "4"]
        + ["--no-progress"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "4 players, 8 games:" in out
    assert "--games 8 " in out  # the command that reproduces it
    assert "play more games to narrow it" in out  # 8 games: a wide interval, said so
