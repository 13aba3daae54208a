"""Training runs end to end: weights change, files appear, a killed run resumes
with its step count and opponent pool, and the CLI reports clear errors."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
import yaml

from zombie_envs.agents.network import CheckpointError
from zombie_envs.agents.policy_file import load_critic, load_policy
from zombie_envs.cli.main import _train_until_done_or_stopped, main
from zombie_envs.registry import engine_class
from zombie_envs.training import teacher as td
from zombie_envs.training.checkpoint import load_checkpoint
from zombie_envs.training.config import ConfigError, from_dict
from zombie_envs.training.imitation import teacher_data
from zombie_envs.training.sb3.policy import policy_from_model
from zombie_envs.training.sb3.warm_start import clone_teacher
from zombie_envs.training.train import Trainer


def test_short_training_changes_weights_and_writes_the_run(tmp_path, tiny):
    tiny.update(vec_env="subproc", total_steps=2048)
    tiny["ppo"]["learning_rate_final"] = 0.0
    trainer = Trainer(from_dict(tiny), tmp_path, progress=False)
    try:
        before = policy_from_model(trainer.model)
        final = trainer.train()
    finally:
        trainer.close()
    after = policy_from_model(trainer.model)
    assert before != after
    assert trainer.steps == 2048 and final["steps"] == 2048
    for name in ("checkpoint.zip", "policy.zip", "eval.csv", "metrics.csv", "learning_curve.png"):
        assert (tmp_path / name).stat().st_size > 0, name
    assert any((tmp_path / "tb").iterdir())
    assert not list(tmp_path.glob("*.tmp"))
    policy, meta = load_policy(tmp_path / "policy.zip")
    assert policy == after
    assert meta["steps"] == 2048 and meta["num_players"] == 3 and meta["env"] == "mall_of_horror_v0"
    assert (meta["obs_size"], meta["num_actions"]) == (510, 49)
    assert meta["eval"]["heuristic"]["games"] == 6 and meta["wall_time_s"] > 0
    assert len(trainer.snapshots) == 3  # max_snapshots keeps the latest three
    best, best_meta = load_policy(tmp_path / "best_policy.zip")
    score = {
        e["steps"]: (e["random"]["win_rate"] + e["heuristic"]["win_rate"]) / 2
        for e in trainer.evals
    }
    assert best_meta["eval"]["steps"] == max(score, key=lambda k: (score[k], -k))
    assert trainer.best == {"steps": best_meta["steps"], "score": max(score.values())}
    evals = (tmp_path / "eval.csv").read_text().splitlines()
    assert len(evals) == 1 + 2 * 5  # header, two baselines at 0, 512, 1024, 1536, 2048
    rows = [line.split(",") for line in (tmp_path / "metrics.csv").read_text().splitlines()[1:]]
    keys = {key for _, key, _ in rows}
    rates = [float(v) for _, key, v in rows if key == "train/learning_rate"]
    assert rates == sorted(rates, reverse=True) and rates[0] > rates[-1]  # linear decay
    assert {
        "time/fps",
        "time/env_share",
        "rollout/ep_rew_mean",
        "eval/win_rate_vs_heuristic",
        "eval/differs_from_heuristic",
    } <= keys
    assert 0 < meta["eval"]["heuristic"]["differs_from_heuristic"] <= 1  # an untrained policy
    with open(tmp_path / "eval.csv", newline="") as f:
        rows = [r for r in csv.DictReader(f) if int(r["steps"]) == meta["eval"]["steps"]]
    last = {r["opponent"]: r for r in rows}
    differs = meta["eval"]["heuristic"]["differs_from_heuristic"]
    assert float(last["heuristic"]["differs_from_heuristic"]) == pytest.approx(differs, abs=1e-4)
    assert last["random"]["differs_from_heuristic"] == ""
    assert _eval_steps(tmp_path) == ([0, 512, 1024, 1536, 2048],) * 3


def _eval_steps(run) -> tuple[list[int], list[int], list[int]]:
    """The steps of the evaluations in ``eval.csv``, ``metrics.csv`` and TensorBoard."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    with open(run / "eval.csv") as f:
        in_csv = sorted({int(row["steps"]) for row in csv.DictReader(f)})
    with open(run / "metrics.csv") as f:
        rows = csv.DictReader(f)
        in_metrics = sorted(int(r["step"]) for r in rows if r["key"] == "eval/win_rate_vs_random")
    board = EventAccumulator(str(run / "tb"))
    board.Reload()
    in_board = sorted(e.step for e in board.Scalars("eval/win_rate_vs_random"))
    return in_csv, in_metrics, in_board


def test_kill_then_resume_keeps_step_count_and_pool(tmp_path, tiny):
    tiny.update(total_steps=1_000_000, save_every=256, eval_every=10_000, hint="heuristic")
    tiny["policy"]["hint_input"] = False  # the networks skip the hint: snapshots keep that
    config = tmp_path / "tiny.yaml"
    config.write_text(yaml.safe_dump(tiny))
    run = tmp_path / "run"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "zombie_envs.cli",
            "train",
            "--config",
            str(config),
            "--out",
            str(run),
            "--no-progress",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            path = run / "checkpoint.zip"
            if path.exists() and load_checkpoint(path)["state"]["steps"] >= 768:
                break
            time.sleep(0.2)
        else:
            pytest.fail("no checkpoint after 768 steps within 120 s")
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    saved = load_checkpoint(run / "checkpoint.zip")
    steps = saved["state"]["steps"]
    assert len(saved["snapshots"]) == 3
    trainer = Trainer.resume(run, progress=False, total_steps=steps + 512)
    try:
        assert trainer.steps == steps
        assert trainer.snapshots == saved["snapshots"]
        assert policy_from_model(trainer.model) == load_policy(run / "checkpoint.zip")[0]
        assert trainer.next_save == saved["state"]["next_save"]
        trainer.train()
    finally:
        trainer.close()
    assert trainer.steps == steps + 512
    final = load_checkpoint(run / "checkpoint.zip")
    assert final["state"]["steps"] == steps + 512
    assert final["metadata"]["hint"] == "heuristic" and final["metadata"]["obs_size"] == 510 + 49
    actor = load_policy(run / "checkpoint.zip")[0]
    assert actor.hint_size == 49 and actor.layers[0][0].shape[0] == 510
    assert all(snap.hint_size == 49 for snap in saved["snapshots"])


#: ``zombie-envs train`` as from a terminal: SIGINT at its default in the child, whatever
#: this process's own handler and signal mask are (a child inherits an ignored or blocked
#: SIGINT)
TRAIN = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "os.execv(sys.executable, sys.argv[1:])",
    sys.executable,
    "-m",
    "zombie_envs.cli",
    "train",
]


def test_ctrl_c_saves_and_exits_cleanly_then_resume_continues(tmp_path, tiny, capsys):
    """Ctrl-C from a terminal reaches the whole process group, workers
    included; stdout is a closed pipe, as under ``| tee log`` once tee is gone."""
    tiny.update(total_steps=1_000_000, vec_env="subproc", eval_every=100_000)
    tiny["ppo"]["n_steps"] = 64  # 128 steps a rollout: the run soon reaches a save
    config = tmp_path / "tiny.yaml"
    config.write_text(yaml.safe_dump(tiny))
    run = tmp_path / "run"
    read_end, write_end = os.pipe()
    os.close(read_end)
    proc = subprocess.Popen(
        [*TRAIN, "--config", str(config), "--out", str(run), "--no-progress"],
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    os.close(write_end)
    try:
        deadline = time.time() + 120
        while not (run / "checkpoint.zip").exists():  # saved at 256 steps: PPO is running
            assert proc.poll() is None and time.time() < deadline, proc.stderr.read()
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            _, err = proc.communicate()
            mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
            pytest.fail(
                f"no exit 120 s after Ctrl-C (this process: SIGINT handler "
                f"{signal.getsignal(signal.SIGINT)}, blocked {sorted(mask)}); stderr: {err}"
            )
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    saved = load_checkpoint(run / "checkpoint.zip")["state"]
    assert proc.returncode == 0
    assert err.splitlines() == [
        f"interrupted: saved at {saved['steps']:,} steps; "
        f"continue with zombie-envs train --resume {run}"
    ]
    more = saved["steps"] + 256
    assert main(["train", "--resume", str(run), "--total-steps", str(more)]) == 0
    out, err = capsys.readouterr()
    assert f"after {more:,} steps" in out
    # the bar starts at the saved step and knows its total
    assert f" {saved['steps']}/{more} [" in err and f" {more}/{more} [" in err
    final = load_checkpoint(run / "checkpoint.zip")["state"]
    assert final["steps"] == more
    assert final["n_updates"] == saved["n_updates"] + 2 * tiny["ppo"]["n_epochs"]  # two rollouts
    assert _eval_steps(run) == ([0, more],) * 3


def test_ctrl_c_saves_when_stdout_and_stderr_go_to_a_pipe_whose_reader_has_exited(tmp_path, tiny):
    """``train ... 2>&1 | tee log``: Ctrl-C stops tee too, and the progress bar's
    next line must not stop the save."""
    tiny.update(total_steps=1_000_000, eval_every=100_000, save_every=1_000_000)
    tiny.update(imitation={"games": 10, "epochs": 1})  # its save, at 0 steps, is the only other
    config = tmp_path / "tiny.yaml"
    config.write_text(yaml.safe_dump(tiny))
    run = tmp_path / "run"
    read_end, write_end = os.pipe()
    # progress on: the bar writes to stderr all along, as at a terminal
    proc = subprocess.Popen(
        [*TRAIN, "--config", str(config), "--out", str(run)],
        stdout=write_end,
        stderr=write_end,
        start_new_session=True,
    )
    os.close(write_end)
    log = b""
    try:
        deadline = time.time() + 120
        while b"train mall_of_horror_v0" not in log:  # PPO's bar: the warm start is saved
            assert proc.poll() is None and time.time() < deadline, log.decode(errors="replace")
            log += os.read(read_end, 65536)
        time.sleep(2)
        os.close(read_end)  # tee is gone: what is written next meets a broken pipe
        time.sleep(1)
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0
    assert load_checkpoint(run / "checkpoint.zip")["state"]["steps"] > 0  # Ctrl-C's save


def test_resume_refuses_a_policy_file(tmp_path, tiny):
    policy_only = tmp_path / "checkpoint.zip"
    with zipfile.ZipFile(policy_only, "w") as zf:
        zf.writestr("metadata.json", "{}")
        zf.writestr("policy.npz", b"")
    with pytest.raises(CheckpointError, match="not a resumable run checkpoint.*policy file"):
        Trainer.resume(tmp_path)


def test_imitation_moves_the_actor_towards_the_heuristic(tmp_path, tiny):
    tiny.update(imitation={"games": 40, "epochs": 8, "batch_size": 64, "patience": 8})
    cfg = from_dict(tiny)
    trainer = Trainer(cfg, tmp_path, progress=False)
    try:
        data = teacher_data(cfg, tmp_path, progress=False)
        masks = td.masks(data, 49)
        assert masks.sum(1).min() >= 2  # forced moves are left out
        possible = np.round([1.0, -0.5, 0.5, -1.0, 0.0, -1 / 3], 4)  # zero-sum returns, 3 seats
        assert np.isin(np.round(data["ret"], 4), possible).all()
        test = td.split(data, "test")

        def agreement():
            policy = policy_from_model(trainer.model)
            obs, legal = td.inputs(test, 49, False), td.masks(test, 49)
            return np.mean(
                [policy.act(o, m) for o, m in zip(obs, legal, strict=True)] == test["action"]
            )

        start = agreement()
        stats, held_out = clone_teacher(trainer.model, cfg, tmp_path, progress=False)
        assert stats["samples"] == len(td.split(data, "train")["action"])
        assert stats["test_samples"] == len(held_out["action"]) == len(test["action"])
        # every figure is measured on the test games, which the fit never saw
        assert stats["agreement"] == pytest.approx(agreement(), abs=1e-4)
        assert agreement() > start + 0.2
        # by kind of decision: the shares cover every sample and weigh back to the whole
        kinds = stats["agreement_by_decision"].values()
        assert sum(s for s, _ in kinds) == pytest.approx(1, abs=0.01)
        assert sum(s * a for s, a in kinds) == pytest.approx(stats["agreement"], abs=0.01)
        blocks = engine_class(cfg.env).action_layout.blocks
        assert set(stats["agreement_by_decision"]) <= {b.name for b in blocks}
        assert {"value_explained_variance", "seat_explained_variance"} <= set(stats)
        assert stats["held_out"].startswith("test games")
    finally:
        trainer.close()


def test_cli_train_evaluate_and_errors(tmp_path, tiny, capsys):
    tiny.update(total_steps=500)  # two rollouts of 2 envs x 128 steps: 512
    config = tmp_path / "tiny.yaml"
    config.write_text(yaml.safe_dump(tiny))
    run = tmp_path / "run"
    assert main(["train", "--config", str(config), "--out", str(run), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "after 512 steps" in out and "vs 2 heuristic" in out
    assert (
        "total_steps 500 rounded up to 512: training runs in whole rollouts of "
        "n_envs x ppo.n_steps = 256 steps"
    ) in out
    with pytest.raises(SystemExit, match="already holds a run"):
        main(["train", "--config", str(config), "--out", str(run)])
    assert (
        main(
            ["evaluate", str(run / "policy.zip"), "--players", "3", "--games", "5", "--no-progress"]
        )
        == 0
    )
    table = capsys.readouterr().out
    assert "2 x random" in table and "2 x heuristic" in table and "33.3%" in table
    # each seed is played from all three seats: 5 games become 6, and the output says so
    assert table.count("note: 5 games rounded up to 6") == 1
    assert " 6 " in table.splitlines()[3]
    with pytest.raises(SystemExit, match="trained on 'mall_of_horror_v0'"):
        main(["evaluate", str(run), "--env", "we_are_dead_v0", "--players", "3", "--games", "3"])
    with pytest.raises(SystemExit, match="no run checkpoint"):
        main(["train", "--resume", str(tmp_path / "no-run")])
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "checkpoint.zip").write_bytes(b"junk")
    with pytest.raises(SystemExit, match="not a zombie-envs checkpoint"):
        main(["train", "--resume", str(tmp_path / "junk")])
    with pytest.raises(SystemExit, match="no config file"):
        main(["train", "--config", str(tmp_path / "nope.yaml")])
    config.write_text("env: mall_of_horror_v0\nppo: {learning_rat: 0.1}\n")
    with pytest.raises(SystemExit, match="unknown key.*ppo.learning_rat"):
        main(["train", "--config", str(config)])


def test_demo_trains_evaluates_and_draws(tmp_path, tiny, capsys):
    tiny.update(num_players=4, total_steps=512)
    config = tmp_path / "demo.yaml"
    config.write_text(yaml.safe_dump(tiny))
    out = tmp_path / "demo"
    shipped = tmp_path / "missing.zip"
    argv = ["demo", "--config", str(config), "--shipped", str(shipped), "--games", "8"]
    assert main(argv + ["--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert f"no shipped checkpoint at {shipped}" in text
    assert "3 x random" in text and "3 x heuristic" in text and "25.0%" in text
    for png in (out / "run" / "learning_curve.png", out / "final_board.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert str(png) in text
    # a second demo with the first run's policy as the shipped one evaluates both
    policy = tmp_path / "shipped.zip"
    policy.write_bytes((out / "run" / "policy.zip").read_bytes())
    argv[argv.index(str(shipped))] = str(policy)
    assert main(argv + ["--out", str(out), "--no-progress"]) == 0
    assert capsys.readouterr().out.count(str(policy)) == 2


def test_demo_and_train_share_the_clean_stop(capsys):
    """Ctrl-C during a run started by ``demo`` or ``train``: one line on stderr, the
    trainer closed, and no result to evaluate."""

    class Stopped:
        steps, run_dir, closed = 4096, Path("runs/x"), False

        def train(self):
            raise KeyboardInterrupt

        def close(self):
            self.closed = True

    trainer = Stopped()
    assert _train_until_done_or_stopped(trainer) is None
    assert trainer.closed
    err = capsys.readouterr().err
    assert err == (
        "interrupted: saved at 4,096 steps; continue with zombie-envs train --resume runs/x\n"
    )


def _short_run(cfg: dict, run_dir) -> Trainer:
    trainer = Trainer(from_dict(cfg), run_dir, progress=False)
    try:
        trainer.train()
    finally:
        trainer.close()
    return trainer


def test_init_from_starts_at_the_file_and_holds_the_actor_for_its_critic(tmp_path, tiny):
    tiny.update(total_steps=256, eval_every=10**6)
    _short_run(tiny, tmp_path / "first")
    given, _ = load_policy(tmp_path / "first" / "policy.zip")
    # the critic alone is fitted to heuristic games; the actor waits for a critic
    # that explains 99% of the variance, which these few steps never reach
    tiny.update(
        init_from=str(tmp_path / "first" / "policy.zip"), imitation={"games": 10, "fit": "critic"}
    )
    tiny["ppo"]["hold_actor_until_ev"] = 0.99
    held = _short_run(tiny, tmp_path / "held")
    assert policy_from_model(held.model) == given
    critic_before = load_critic(tmp_path / "first" / "policy.zip")
    assert load_critic(tmp_path / "held" / "policy.zip") != critic_before
    meta = load_policy(tmp_path / "held" / "policy.zip")[1]
    assert meta["init_from"] == {"path": tiny["init_from"], "steps": 256, "critic": True}
    assert meta["imitation"]["value_explained_variance"] <= 1
    # a threshold every critic meets frees the actor after the first rollout
    tiny["ppo"]["hold_actor_until_ev"] = -1.0
    tiny.update(total_steps=1024)  # rollouts that end games: returns that vary
    freed = _short_run(tiny, tmp_path / "freed")
    assert policy_from_model(freed.model) != given and not freed.actor_held


def test_init_from_refuses_a_file_of_another_network(tmp_path, tiny):
    tiny.update(total_steps=128, eval_every=10**6)
    _short_run(tiny, tmp_path / "first")
    tiny.update(init_from=str(tmp_path / "first" / "policy.zip"), policy={"hidden": [16]})
    with pytest.raises(CheckpointError, match=r"init_from .*sizes \[510, 32, 32, 49\].*"):
        Trainer(from_dict(tiny), tmp_path / "second", progress=False)


def test_init_from_pretrained_is_the_shipped_policy_of_the_env(tmp_path):
    from zombie_envs.agents.pretrained import pretrained_for
    from zombie_envs.training.sb3.warm_start import start_from

    shipped = pretrained_for("we_are_dead_v0", 3)
    meta = shipped.metadata
    cfg = from_dict(
        {
            "env": "we_are_dead_v0",
            "num_players": 3,
            "n_envs": 1,
            "vec_env": "dummy",
            "hint": meta["hint"],
            "policy": {
                "network": meta.get("network", "mlp"),
                "hidden": meta["hidden"],
                "activation": meta["activation"],
            },
            "init_from": "pretrained",
        }
    )
    trainer = Trainer(cfg, tmp_path, progress=False)
    try:
        record = start_from(trainer.model, cfg)
        assert policy_from_model(trainer.model) == load_policy(shipped.path)[0]
    finally:
        trainer.close()
    assert record["path"] == str(shipped.path)


def test_a_run_stopped_after_its_warm_start_resumes_without_redoing_it(tmp_path, tiny, monkeypatch):
    import zombie_envs.training.train as train

    tiny.update(imitation={"games": 10}, total_steps=256)
    trainer = Trainer(from_dict(tiny), tmp_path, progress=False)

    def stop(*args, **kwargs):
        raise KeyboardInterrupt  # Ctrl-C during the step-0 evaluation

    monkeypatch.setattr(trainer, "run_eval", stop)
    try:
        with pytest.raises(KeyboardInterrupt):
            trainer.train()
    finally:
        trainer.close()
    warm = policy_from_model(trainer.model)

    def again(*args, **kwargs):
        raise AssertionError("the warm start ran again")

    monkeypatch.setattr(train, "clone_teacher", again)
    resumed = Trainer.resume(tmp_path, progress=False)
    try:
        assert policy_from_model(resumed.model) == warm
        assert resumed.imitation == trainer.imitation and resumed.imitation["samples"] > 0
        resumed.train()
    finally:
        resumed.close()
    assert resumed.steps >= 256


def test_train_flags_size_the_warm_start_and_the_evaluation(tmp_path, tiny, capsys):
    tiny.update(total_steps=256, imitation={"games": 300})
    config = tmp_path / "tiny.yaml"
    config.write_text(yaml.safe_dump(tiny))
    argv = ["train", "--config", str(config), "--no-progress", "--out", str(tmp_path / "run")]
    assert main([*argv, "--imitation-games", "10", "--eval-games", "3"]) == 0
    meta = load_policy(tmp_path / "run" / "policy.zip")[1]
    # seven training games' sampled decisions, not 300 games'
    assert 0 < meta["imitation"]["samples"] <= 7 * 32 and meta["imitation"]["games"] == 10
    out = capsys.readouterr().out
    assert "warm start, on " in out and "decisions of test games no fit saw: agreement" in out
    kind, (share, agree) = min(
        ((k, v) for k, v in meta["imitation"]["agreement_by_decision"].items() if v[0] >= 0.05),
        key=lambda kv: kv[1][1],
    )
    assert f"least learnt: {kind} ({100 * share:.0f}% of decisions) at {100 * agree:.1f}%" in out
    assert "its move is not the heuristic's in" in out
    assert meta["eval"]["heuristic"]["games"] == 3
    with pytest.raises(SystemExit, match="set up a new run"):
        main(["train", "--resume", str(tmp_path / "run"), "--eval-games", "9"])


def test_the_progress_bar_stops_at_the_total():
    from zombie_envs.training.runs import StepBar

    bar = StepBar(1000, 0, "train")
    bar.to(400)
    bar.to(1024)  # PPO ends on a whole rollout, past the total
    assert (bar.bar.n, bar.bar.total) == (1000, 1000)
    assert "100%" in str(bar.bar) and "1000/1000" in str(bar.bar)
    bar.close()
    resumed = StepBar(1000, 1200, "train")
    assert resumed.bar.n == 1000
    resumed.close()


def test_a_search_teacher_labels_its_own_games_in_worker_processes(tmp_path):
    """Expert iteration's labels: the search's choices in its own games; each
    shard is seeded on its own, so two worker processes write what one does."""
    spec = "ismcts:4:heuristic"
    coll = td.Collection("mall_of_horror_v0", 3, {}, spec, 5, 8, shard_games=1)
    alone = td.load(td.collect(tmp_path / "one", coll, 2, 1, False), coll)
    split = td.load(td.collect(tmp_path / "two", coll, 2, 2, False), coll)
    assert all(np.array_equal(alone[k], split[k]) for k in td.COLUMNS)
    masks = td.masks(alone, 49)
    assert masks[np.arange(len(masks)), alone["action"]].all()  # each label is a legal move
    assert set(alone["game"]) == {0, 1} and max(np.bincount(alone["game"])) <= 8
    heuristic = td.Collection("mall_of_horror_v0", 3, {}, "heuristic", 5, 8, shard_games=1)
    other = td.load(td.collect(tmp_path / "h", heuristic, 2, 1, False), heuristic)
    assert not np.array_equal(other["action"], alone["action"])


def test_imitation_settings_are_checked():
    with pytest.raises(ConfigError, match="imitation.teacher: unknown agent kind 'genius'"):
        from_dict({"imitation": {"teacher": "genius"}})
    with pytest.raises(ConfigError, match="imitation.fit must be 'both', 'critic' or 'none'"):
        from_dict({"imitation": {"fit": "actor"}})
    with pytest.raises(ConfigError, match="imitation.workers must be >= 0"):
        from_dict({"imitation": {"workers": -1}})
    with pytest.raises(ConfigError, match="imitation.games must be 0 .* or at least 10"):
        from_dict({"imitation": {"games": 4}})


def test_compared_counts_the_moves_that_are_not_the_heuristics():
    from zombie_envs.agents import make_agent
    from zombie_envs.arena import play_game
    from zombie_envs.training.runs import Compared

    env = "we_are_dead_v0"
    for kind, differs in (("heuristic", False), ("random", True)):
        compared = Compared(make_agent(kind, env, 1), make_agent("heuristic", env, 2))
        others = [make_agent("heuristic", env, s) for s in (3, 4)]
        play_game(env, [compared, *others], seed=5)
        assert compared.decisions > 10 and (compared.differ > 0) == differs
        assert compared.share == compared.differ / compared.decisions
