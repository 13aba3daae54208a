"""The benchmark scripts do what their options say."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from zombie_envs.agents import make_agent
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica

ROOT = Path(__file__).resolve().parents[1]


def run_script(*argv: str) -> str:
    """What a benchmark script prints, run from the project root."""
    return subprocess.run(
        [sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def test_bench_strength_plays_the_games_asked_for():
    out = run_script(
        "benchmarks/bench_strength.py", "--games", "8", "--players", "4", "--no-progress"
    )
    assert "4 players, 8 games:" in out
    assert "--games 8 " in out  # the command that reproduces it
    assert "play more games to narrow it" in out  # 8 games: a wide interval, said so


def test_bench_seats_gives_each_seats_share_and_decisions():
    out = run_script(
        "benchmarks/bench_seats.py", "--env", "mall_of_horror_v0",
        "--games", "6", "--players", "3", "--no-progress",
    )  # fmt: skip
    rows = [line.split("|")[1:-1] for line in out.splitlines() if line.startswith("| 3 |")]
    assert [int(r[1]) for r in rows] == [0, 1, 2]
    shares = [float(r[2].strip(" %")) for r in rows]
    assert abs(sum(shares) - 100) < 0.2  # every game has a winner, shared or not
    assert all(float(r[4]) > 0 for r in rows)  # every seat decides in every game
    (length,) = [line.split("|")[1:-1] for line in out.splitlines() if "| 3 players |" in line]
    assert float(length[1]) >= sum(float(r[4]) for r in rows) - 1  # the seats' decisions add up
    assert float(length[3]) > 1 and length[6].strip() == "0.0%"  # rounds; none cut short
    assert 0 <= float(length[5].strip(" %")) <= 100


def run_peer_script(argv: list[str], without_pyspiel: bool) -> tuple[str, bool]:
    """What a script timing against ``leduc_poker`` prints, and whether pyspiel was
    there for it (``without_pyspiel``: made unimportable first)."""
    run = (  # an import of pyspiel fails once its sys.modules entry is None
        f"import runpy, sys; sys.path.insert(0, 'benchmarks'); sys.modules['pyspiel'] = None; "
        f"sys.argv = {argv!r}; runpy.run_path({argv[0]!r}, run_name='__main__')"
    )
    out = subprocess.run(
        [sys.executable, "-c", run] if without_pyspiel else [sys.executable, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out, not without_pyspiel and importlib.util.find_spec("pyspiel") is not None


def figures_of(out: str, env: str) -> list[float]:
    """The figures of ``env``'s row, ``1/1,200`` and ``2.5x`` read as numbers."""
    (row,) = [line.split("|")[1:-1] for line in out.splitlines() if f"| {env} |" in line]
    cells = [cell.strip(" x").replace(",", "") for cell in row[2:]]
    return [1 / float(c[2:]) if c.startswith("1/") else float(c) for c in cells]


@pytest.mark.parametrize("without_pyspiel", [False, True])
def test_bench_search_times_clones_playouts_heuristics_and_searches(without_pyspiel):
    argv = ["benchmarks/bench_search.py", "--env", "mall_of_horror_v0", "--seconds", "0.05"]
    argv += ["--slices", "1", "--search", "--simulations", "5", "--search-decisions", "1"]
    argv += ["--heuristic"]
    out, peer = run_peer_script(argv, without_pyspiel)
    figures = figures_of(out, "mall_of_horror_v0")
    assert all(f > 0 for f in figures)
    if peer:  # each figure and its ratio to leduc_poker, and the peer alone
        assert len(figures) == 10 and "leduc_poker alone" in out
    else:
        assert "pyspiel is not importable" in out and len(figures) == 5


def test_bench_search_splits_a_clone_into_the_parts_it_copies():
    argv = ["benchmarks/bench_search.py", "--env", "maul_of_america_v0", "--seconds", "0.05"]
    out, peer = run_peer_script([*argv, "--slices", "1", "--clone-parts"], without_pyspiel=False)
    parts = out.split("| env | us/clone |")[1]
    (row,) = [
        line.split("|")[2:-1] for line in parts.splitlines() if "| maul_of_america_v0 |" in line
    ]
    clone, shell, flat, flat_us, tables, tables_us = map(float, row)
    assert min(clone, shell, flat_us, tables_us) > 0
    lists = MaulOfAmerica(3, seed=1)._lists  # as many lists as the engine notes for copies
    assert (flat, tables) == (len(lists[0]), len(lists[1]))
    assert ("leduc_poker:" in parts) == peer


@pytest.mark.parametrize("without_pyspiel", [False, True])
def test_bench_envs_times_turns_decisions_and_clones_against_both_peers(without_pyspiel):
    argv = ["benchmarks/bench_envs.py", "--env", "we_are_dead_v0", "--seconds", "0.05"]
    out, peer = run_peer_script([*argv, "--slices", "2"], without_pyspiel)
    figures = figures_of(out, "we_are_dead_v0")
    assert all(f > 0 for f in figures)
    assert "texas_holdem_v4 turns/s" in out
    if peer:  # turns vs texas_holdem_v4, decisions and clones vs leduc_poker, two memories
        assert len(figures) == 8 and "leduc_poker clones/s" in out
    else:
        assert "pyspiel is not importable" in out and len(figures) == 6


def test_bench_web_plays_the_moves_asked_for_on_the_real_server():
    pytest.importorskip("uvicorn", reason="the web extra is not installed")
    out = subprocess.run(
        [sys.executable, "benchmarks/bench_web.py", "--requests", "12", "--clients", "2"]
        + ["--players", "3", "--opponents", "random"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "2 client(s): 12 moves and " in out
    assert float(out.split("moves per second: ")[1].split()[0]) > 0
    page = int(out.split("page: ")[1].split()[0].replace(",", ""))
    assert page > 5000 and "/static/app.js" in out
    assert "--requests 12 --clients 2" in out


def test_bench_rllib_times_env_runners_beside_sb3(tmp_path):
    pytest.importorskip("ray", reason="the rllib extra (Ray RLlib) is not installed")
    import yaml

    tiny = {"env": "mall_of_horror_v0", "num_players": 3, "n_envs": 2, "vec_env": "dummy"}
    tiny |= {"policy": {"hidden": [16]}, "ppo": {"n_steps": 64, "batch_size": 64, "n_epochs": 1}}
    config = tmp_path / "tiny.yaml"
    config.write_text(yaml.safe_dump(tiny))
    out = subprocess.run(
        [sys.executable, "benchmarks/bench_rllib.py", "--config", str(config), "--steps", "150"]
        + ["--runners", "0", "--batch", "300"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = out.splitlines()
    rows = [line for line in lines if line.startswith(("| RLlib, 0 env runner", "| SB3"))]
    rates = [[float(cell.replace(",", "")) for cell in row.split("|")[2:4]] for row in rows]
    assert len(rates) == 2 and all(learner > 0 for learner, _ in rates)
    assert all(env > learner for learner, env in rates)  # the opponents' moves are env steps
    assert 0 < float(rows[0].split("|")[4].strip(" %")) <= 100  # RLlib's sampling share
    assert "--steps 150 --runners 0 --batch 300" in out


def test_leaderboard_rates_every_kind_of_bot_of_a_game(tmp_path):
    argv = ["benchmarks/leaderboard.py", "--game", "mall_of_horror_v0", "--games", "4"]
    argv += ["--search", "mall_of_horror_v0=ismcts:2:heuristic", "--out", str(tmp_path)]
    out = run_script(*argv, "--no-progress")
    cells = [line.split("|")[1:-1] for line in out.splitlines() if line.startswith("| ")]
    rows = [r for r in cells if r[0].strip().isdigit()]
    agents = {r[1].strip() for r in rows}
    assert agents == {"random", "heuristic", "ismcts:2:heuristic", "pretrained"}
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4]
    ordinals = [float(r[2]) for r in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    ms = {r[1].strip(): float(r[6]) for r in rows}
    assert ms["ismcts:2:heuristic"] > ms["heuristic"] > 0  # a search thinks longer
    assert (tmp_path / "images" / "leaderboard_mall_of_horror_v0.png").stat().st_size > 0
    assert not (tmp_path / "leaderboard.md").exists()  # one game is not the whole page
    assert "--search mall_of_horror_v0=ismcts:2:heuristic" in out
    # with a page in place, one game's section is regenerated and the others kept
    page = (ROOT / "docs" / "leaderboard.md").read_text()
    (tmp_path / "leaderboard.md").write_text(page)
    run_script(*argv, "--no-progress")
    new = (tmp_path / "leaderboard.md").read_text()
    assert new.split("## we_are_dead_v0")[1] == page.split("## we_are_dead_v0")[1]
    assert "4 players, 4 games, seed 2026" in new.split("## we_are_dead_v0")[0]


def test_bench_training_splits_a_step_into_env_opponents_rollout_and_update():
    pytest.importorskip("sb3_contrib", reason="the training benchmark needs the train extra")
    out = run_script(
        "benchmarks/bench_training.py", "--steps", "512", "--rounds", "1",
        "--games", "mall_of_horror",
    )  # fmt: skip
    (row,) = [line.split("|")[1:-1] for line in out.splitlines() if "mall_of_horror_v0" in line]
    assert row[2].strip() == "mlp"  # the config's network, the only one asked for
    env, opponents, rollout, update = (float(c.strip(" %")) for c in row[5:9])
    assert abs(env + rollout + update - 100) < 0.2  # the wall time, whole
    assert 0 < opponents < env  # the other seats' moves are part of the workers' time
    assert update > 0 and float(row[4].replace(",", "")) > 0


def test_fuzz_refuses_every_kind_of_bad_action_in_every_env():
    out = run_script("benchmarks/fuzz_envs.py", "--steps", "4000", "--seed", "3")
    rows = [
        line.split("|")[1:-1]
        for line in out.splitlines()
        if line.startswith("| ") and "_v0" in line
    ]
    import zombie_envs

    assert sorted(r[0].strip() for r in rows) == sorted(zombie_envs.ENVS)
    assert all(int(r[2].replace(",", "")) > 100 for r in rows)  # refusals were tried
    assert all(int(r[4].replace(",", "")) > 0 for r in rows)  # copies played in lockstep
    assert out.rstrip().endswith("failures: 0")


def test_fuzz_reports_a_refusal_that_changes_the_state(monkeypatch):
    import random

    from zombie_envs import ENVS

    spec = importlib.util.spec_from_file_location("fuzz_envs", ROOT / "benchmarks/fuzz_envs.py")
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    raw_env = ENVS["mall_of_horror_v0"].raw_env

    class Careless(raw_env.engine_cls):  # (a subclass: a compiled engine's methods stay put)
        def apply(self, action):  # a refusal that draws from the game's dice first
            if action not in self.legal:
                self._rng.random()
            return super().apply(action)

    monkeypatch.setattr(raw_env, "engine_cls", Careless)
    stats = fuzz.fuzz("mall_of_horror_v0", 500, random.Random(0))
    assert stats["failures"] and "changed the state" in stats["failures"][0]


def test_ship_policy_writes_the_policy_with_its_figures(tmp_path):
    import json
    import zipfile

    source = ROOT / "checkpoints" / "maul_of_america" / "policy.zip"
    out = run_script(
        "benchmarks/ship_policy.py", str(source), "--name", "maul", "--games", "6",
        "--seed", "5", "--workers", "1", "--no-progress", "--into", str(tmp_path),
        "--trained", "zombie-envs train --config maul_of_america", "--critic-games", "20",
    )  # fmt: skip
    shipped = tmp_path / "maul" / "policy.zip"
    meta = json.loads(zipfile.ZipFile(shipped).read("metadata.json"))
    assert json.loads((tmp_path / "maul" / "metadata.json").read_text()) == meta
    figures = meta["reevaluated"]
    assert figures["seed"] == 5 and figures["heuristic"]["games"] == 6
    assert set(figures["roles"]) == {"zombie_controller", "shopper"}
    assert "--role shopper" in figures["roles"]["shopper"]["heuristic"]["command"]
    assert 0 <= figures["differs_from_heuristic"]["share"] <= 1
    assert figures["differs_from_heuristic"]["decisions"] > 0
    assert meta["trained"]["command"] == "zombie-envs train --config maul_of_america"
    assert f"shipped: {shipped}" in out
    # the heuristic itself on the same seeds and seats, and the edge over it
    every = figures["heuristic"]
    assert every["heuristic_itself"]["games"] == 6
    assert every["edge"]["edge"] == round(
        every["win_rate"] - every["heuristic_itself"]["win_rate"], 4
    )
    shopper = figures["roles"]["shopper"]["heuristic"]
    assert shopper["edge"]["ci_low"] < shopper["edge"]["edge"] < shopper["edge"]["ci_high"]
    # the critic on fresh heuristic games, beside the seat alone
    critic = figures["critic"]
    assert critic["games"] == 20 and critic["decisions"] > 0
    assert critic["value_explained_variance"] <= 1 and critic["seat_explained_variance"] <= 1


def test_the_edge_over_the_heuristic_and_its_interval():
    spec = importlib.util.spec_from_file_location("ship", ROOT / "benchmarks" / "ship_policy.py")
    ship = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ship)
    policy, heuristic = {"win_rate": 0.4, "games": 1200}, {"win_rate": 1 / 3, "games": 1200}
    exact, measured = ship.edge(policy, heuristic, exact=True), ship.edge(policy, heuristic)
    half = 1.96 * (0.4 * 0.6 / 1200) ** 0.5
    assert exact["edge"] == round(0.4 - 1 / 3, 4)
    assert exact["ci_low"] == pytest.approx(0.4 - 1 / 3 - half, abs=1e-4)
    assert measured["ci_low"] < exact["ci_low"] < exact["ci_high"] < measured["ci_high"]


def test_compare_networks_fits_designs_measures_held_out_and_goes_on_from_a_save(tmp_path):
    import json

    pytest.importorskip("torch", reason="the comparison fits torch networks")
    argv = [
        "benchmarks/compare_networks.py", "--env", "we_are_dead_v0", "--games", "20",
        "--data", str(tmp_path / "games"), "--workers", "1", "--epochs", "2", "--quiet",
        "--samples-per-game", "8",
    ]  # fmt: skip
    first = tmp_path / "first.jsonl"
    out = run_script(*argv, "--designs", "board,flat", "--save", str(tmp_path / "fitted"),
                     "--json", str(first))  # fmt: skip
    rows = {r["design"]: r for r in map(json.loads, first.read_text().splitlines())}
    assert set(rows) == {"board", "flat"} and "board |" in out and "flat |" in out
    for r in rows.values():
        assert r["held_out"].startswith("test games") and r["test_samples"] > 0
        assert 0 <= r["agreement"] <= 1 and r["value_explained_variance"] <= 1
    agent = make_agent(
        f"ckpt:{tmp_path / 'fitted' / 'we_are_dead_v0-board.zip'}", "we_are_dead_v0", 0, 3
    )
    assert agent.critic is not None
    # from the saves, not learning: the same figures on the same test games
    again = tmp_path / "again.jsonl"
    run_script(*argv, "--designs", "board,flat", "--init", str(tmp_path / "fitted"),
               "--lr", "0", "--epochs", "1", "--json", str(again))  # fmt: skip
    for r in map(json.loads, again.read_text().splitlines()):
        want = rows[r["design"]]
        assert (r["agreement"], r["nll"]) == (
            want["agreement"],
            pytest.approx(want["nll"], abs=1e-3),
        )
