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


def test_bench_seats_gives_each_seats_share_and_decisions():
    out = subprocess.run(
        [sys.executable, "benchmarks/bench_seats.py", "--env", "mall_of_horror_v0"]
        + ["--games", "6", "--players", "3", "--no-progress"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = [line.split("|")[1:-1] for line in out.splitlines() if line.startswith("| 3 |")]
    assert [int(r[1]) for r in rows] == [0, 1, 2]
    shares = [float(r[2].strip(" %")) for r in rows]
    assert abs(sum(shares) - 100) < 0.2  # every game has a winner, shared or not
    assert all(float(r[4]) > 0 for r in rows)  # every seat decides in every game
    (length,) = [line.split("|")[1:-1] for line in out.splitlines() if "| 3 players |" in line]
    assert float(length[1]) >= sum(float(r[4]) for r in rows) - 1  # the seats' decisions add up
    assert float(length[3]) > 1 and length[6].strip() == "0.0%"  # rounds; none cut short
    assert 0 <= float(length[5].strip(" %")) <= 100
