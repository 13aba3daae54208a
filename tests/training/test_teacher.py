"""Teacher games: shards that resume, are reused only by their own collection,
are read as data, and split by game so no figure is measured on a fitted game."""

from __future__ import annotations

import io

import numpy as np
import pytest

from zombie_envs.agents.network import CheckpointError
from zombie_envs.training import teacher as td

ENV = "we_are_dead_v0"


def _coll(**changes) -> td.Collection:
    args = {"env": ENV, "num_players": 3, "options": {}, "teacher": "heuristic", "seed": 4}
    return td.Collection(**(args | {"samples_per_game": 6, "shard_games": 5} | changes))


def test_a_collection_resumes_with_the_shards_it_lacks(tmp_path):
    coll = _coll()
    first = td.load(td.collect(tmp_path, coll, 15, 1, False), coll)
    assert sorted(p.name for p in tmp_path.glob("shard-*")) == [
        "shard-00000.npz",
        "shard-00001.npz",
        "shard-00002.npz",
    ]
    (tmp_path / "shard-00001.npz").unlink()  # a collection stopped before this shard
    kept = (tmp_path / "shard-00000.npz").stat().st_mtime_ns
    again = td.load(td.collect(tmp_path, coll, 15, 2, False), coll)
    assert (tmp_path / "shard-00000.npz").stat().st_mtime_ns == kept  # not played again
    assert all(np.array_equal(first[k], again[k]) for k in td.COLUMNS)
    assert set(first["game"]) == set(range(15))
    assert np.bincount(first["game"]).max() <= 6  # samples_per_game
    assert ((first["phase"] >= 0) & (first["phase"] < 1)).all()
    # a smaller load reads the first shards only
    assert set(td.load(tmp_path, coll, 5)["game"]) == set(range(5))


def test_another_collection_is_refused_naming_what_differs(tmp_path):
    td.collect(tmp_path, _coll(), 5, 1, False)
    with pytest.raises(CheckpointError, match="teacher: 'heuristic', not 'random'"):
        td.collect(tmp_path, _coll(teacher="random"), 5, 1, False)
    with pytest.raises(CheckpointError, match="seed: 4, not 5"):
        td.load(tmp_path, _coll(seed=5))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda a: {"action": a["action"].astype(np.float64)}, "action is not int32"),
        (lambda a: {"obs": a["obs"][:, :3]}, "obs is not int8 of shape"),
        (lambda a: {"ret": a["ret"].astype(object)}, "cannot be loaded when allow_pickle=False"),
    ],
)
def test_a_tampered_shard_is_refused(tmp_path, change, message):
    coll = _coll()
    td.collect(tmp_path, coll, 5, 1, False)
    path = tmp_path / "shard-00000.npz"
    with np.load(path) as npz:
        arrays = {k: npz[k] for k in npz.files}
    arrays |= change(arrays)
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    path.write_bytes(buf.getvalue())
    with pytest.raises(CheckpointError, match=message):
        td.load(tmp_path, coll)


def test_games_split_by_their_index_and_the_baselines_are_measured_held_out(tmp_path):
    coll = _coll(shard_games=10)
    data = td.load(td.collect(tmp_path, coll, 20, 1, False), coll)
    parts = {p: set(td.split(data, p)["game"]) for p in ("train", "validation", "test")}
    assert parts["train"] | parts["validation"] | parts["test"] == set(range(20))
    assert not (parts["train"] & parts["test"]) and not (parts["validation"] & parts["test"])
    assert parts["test"] == {8, 9, 18, 19} and parts["validation"] == {7, 17}
    train, test = td.split(data, "train"), td.split(data, "test")
    # the seat alone: each seat's training mean as the prediction, scored on the test games
    means = {s: train["ret"][train["seat"] == s].mean() for s in range(3)}
    guess = np.array([means[s] for s in test["seat"]])
    want = 1 - np.mean((guess - test["ret"]) ** 2) / np.var(test["ret"])
    assert td.seat_baseline(train, test) == pytest.approx(want)
    assert td.explained(test["ret"], test["ret"]) == 1.0
    assert td.by_quarter(test["ret"], test) == [1.0] * 4
    x = td.inputs(test, 176, hint=True)
    assert x.shape == (len(test["ret"]), test["obs"].shape[1] + 176)
    assert (x[np.arange(len(x)), test["obs"].shape[1] + test["hint"]] == 1).all()
