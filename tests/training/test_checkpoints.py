"""Run checkpoints are data: resuming a run folder from someone else never
unpickles anything, so a crafted checkpoint cannot run its author's code, and
every damaged entry gives one clear error naming it."""

from __future__ import annotations

import base64
import copy
import io
import json
import pickle
import zipfile

import numpy as np
import pytest
import torch as th

from tests.training.conftest import TINY
from zombie_envs.agents.network import CheckpointError
from zombie_envs.training.checkpoint import load_checkpoint
from zombie_envs.training.config import from_dict
from zombie_envs.training.sb3.policy import policy_from_model
from zombie_envs.training.sb3.state import OPTIMIZER_STATE
from zombie_envs.training.train import Trainer


class Payload:
    """Unpickling this writes ``marker``: proof that a loader ran code from a file."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (exec, (f"open({self.marker!r}, 'w').write('ran')",))


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """The entries of a saved run checkpoint (hinted, after a short training)."""
    cfg = copy.deepcopy(TINY) | {"total_steps": 256, "hint": "heuristic", "eval_every": 10_000}
    run = tmp_path_factory.mktemp("run")
    trainer = Trainer(from_dict(cfg), run, progress=False)
    try:
        trainer.train()
    finally:
        trainer.close()
    with zipfile.ZipFile(run / "checkpoint.zip") as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def _write(run, entries):
    run.mkdir(exist_ok=True)
    with zipfile.ZipFile(run / "checkpoint.zip", "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return run


def _sb3_model_zip(payload: bytes) -> bytes:
    """A stable-baselines3 save whose ``data`` holds a cloudpickled value, as
    ``MaskablePPO.save`` writes (and ``MaskablePPO.load`` unpickles) them."""
    data = {
        "learning_rate": {
            ":type:": "<class 'function'>",
            ":serialized:": base64.b64encode(payload).decode(),
        }
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("data", json.dumps(data))
        zf.writestr("policy.pth", b"")
        zf.writestr("_stable_baselines3_version", "2.9.2")
    return buf.getvalue()


def _npz_with(payload_object, **arrays) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays, evil=np.array([payload_object], dtype=object))  # pickles it
    return buf.getvalue()


def _crafted(kind, entries, payload, marker):
    entries = dict(entries)
    if kind == "model.zip":  # the format older versions wrote and loaded with cloudpickle
        entries.pop("model.npz", None)
        entries["model.zip"] = _sb3_model_zip(pickle.dumps(payload))
    elif kind == "config.yaml":
        entries[kind] = f"!!python/object/apply:builtins.exec [\"open('{marker}', 'w')\"]\n"
    else:  # an object array among the real ones: np.load would unpickle it if allowed
        good = np.load(io.BytesIO(entries[kind]), allow_pickle=False)
        entries[kind] = _npz_with(payload, **{k: good[k] for k in good.files})
    return entries


CRAFTED = ["model.zip", "model.npz", "pool.npz", "policy.npz", "config.yaml"]


@pytest.mark.parametrize("kind", CRAFTED)
def test_resuming_a_crafted_checkpoint_refuses_it_and_runs_nothing(kind, saved, tmp_path):
    marker = tmp_path / "payload-ran"
    run = _write(tmp_path / "run", _crafted(kind, saved, Payload(marker), marker))
    try:
        with pytest.raises(CheckpointError, match=kind.replace(".", r"\.")) as info:
            Trainer.resume(run, progress=False)
    finally:
        assert not marker.exists(), "resuming ran code from the checkpoint"
    assert str(run) in str(info.value)


def _state(saved, **change) -> bytes:
    return json.dumps(json.loads(saved["state.json"]) | change).encode()


@pytest.mark.parametrize(
    ("entry", "data", "why"),
    [
        ("state.json", b'{"steps": "many"}', "lacks n_updates"),
        ("state.json", b"[1, 2]", "state.json"),
        ("state.json", lambda saved: _state(saved, steps=[1]), "field steps"),
        ("state.json", lambda saved: _state(saved, evals=[{"steps": 0}]), r"evals\[0\]"),
        ("rng.json", b'{"python": [3, "x", null], "numpy": 1, "torch": 2}', "rng.json"),
        ("metadata.json", b'{"format": "zombie-envs-policy"}', "metadata.json"),
        ("config.yaml", b"- a list\n", "config.yaml"),
        ("model.npz", b"not an npz", "model.npz"),
        ("pool.npz", b"not an npz", "pool.npz"),
    ],
)
def test_damaged_entries_give_one_clear_error(entry, data, why, saved, tmp_path):
    data = data(saved) if callable(data) else data
    run = _write(tmp_path / "run", saved | {entry: data})
    with pytest.raises(CheckpointError, match=why) as info:
        Trainer.resume(run, progress=False)
    assert entry in str(info.value)


def test_model_state_that_does_not_fit_the_config_is_refused(saved, tmp_path):
    arrays = dict(np.load(io.BytesIO(saved["model.npz"]), allow_pickle=False))
    for change, why in (
        ({"policy:action_net.bias": np.zeros(3, np.float32)}, "action_net.bias"),
        ({"optimizer:0:exp_avg": np.zeros((2, 2), np.float32)}, "optimizer"),
        ({"optimizer:99:step": np.zeros((), np.float32)}, "optimizer"),
        ({"optimizer:x:step": np.zeros((), np.float32)}, "optimizer:x:step"),
    ):
        buf = io.BytesIO()
        np.savez(buf, **arrays | change)
        run = _write(tmp_path / why.replace(":", "-"), saved | {"model.npz": buf.getvalue()})
        with pytest.raises(CheckpointError, match=why):
            Trainer.resume(run, progress=False)


def test_a_run_saved_while_part_of_the_network_was_held_resumes(saved, tmp_path):
    """Parameters the optimiser never stepped (the actor, held while the critic
    learns alone) have no Adam state in the file; the others have all of it."""
    arrays = dict(np.load(io.BytesIO(saved["model.npz"]), allow_pickle=False))
    held = {k for k in arrays if k.startswith("optimizer:0:")}
    assert held
    buf = io.BytesIO()
    np.savez(buf, **{k: v for k, v in arrays.items() if k not in held})
    trainer = Trainer.resume(_write(tmp_path / "held", saved | {"model.npz": buf.getvalue()}))
    try:
        state = trainer.model.policy.optimizer.state_dict()["state"]
        assert 0 not in state and state and all(set(s) == OPTIMIZER_STATE for s in state.values())
    finally:
        trainer.close()
    # a parameter with part of its state is damage, not a held one
    buf = io.BytesIO()
    np.savez(buf, **{k: v for k, v in arrays.items() if k != "optimizer:0:exp_avg_sq"})
    run = _write(tmp_path / "damaged", saved | {"model.npz": buf.getvalue()})
    with pytest.raises(CheckpointError, match="optimizer state of parameter 0 needs"):
        Trainer.resume(run, progress=False)


def test_resuming_unpickles_nothing_and_restores_the_model(saved, tmp_path, monkeypatch):
    import cloudpickle

    run = _write(tmp_path / "run", saved)

    def refuse(*args, **kwargs):
        raise AssertionError("resuming unpickled something")

    for module, name in [(pickle, "loads"), (pickle, "load"), (pickle, "Unpickler")]:
        monkeypatch.setattr(module, name, refuse)
    monkeypatch.setattr(cloudpickle, "loads", refuse)
    monkeypatch.setattr(th, "load", refuse)
    trainer = Trainer.resume(run, progress=False)
    monkeypatch.undo()
    try:
        restored = load_checkpoint(run / "checkpoint.zip")
        state = restored["state"]
        assert trainer.steps == state["steps"] == 256
        assert trainer.model._n_updates == state["n_updates"] > 0
        arrays = restored["model"]
        for key, value in trainer.model.policy.state_dict().items():
            np.testing.assert_array_equal(value.numpy(), arrays[f"policy:{key}"])
        optimizer = trainer.model.policy.optimizer.state_dict()["state"]
        assert optimizer and all(set(s) == OPTIMIZER_STATE for s in optimizer.values())
        for i, s in optimizer.items():
            for key, value in s.items():
                np.testing.assert_array_equal(value.numpy(), arrays[f"optimizer:{i}:{key}"])
        assert policy_from_model(trainer.model).hint_scale == pytest.approx(
            float(arrays["policy:hint_scale"])
        )
    finally:
        trainer.close()
    names = set(saved)
    assert "model.zip" not in names
    for name in names:  # every entry is JSON, YAML or npz with no pickled array
        if name.endswith(".npz"):
            assert dict(np.load(io.BytesIO(saved[name]), allow_pickle=False).items())
