"""Run checkpoints: everything a killed run needs to continue, in one zip.

Entries: ``metadata.json`` and ``policy.npz`` (so any checkpoint is also a
policy file for ``PolicyAgent``), ``config.yaml``, ``model.npz`` (the
network's tensors and the optimiser's state, by name), ``pool.npz`` (the
frozen snapshots), ``state.json`` (step counters, schedule, evaluation
history) and ``rng.json`` (Python, numpy and torch generator states).  Files
are written to a temporary name, synced and renamed, so a kill never leaves a
half-written checkpoint behind.

Run folders are shared, so a checkpoint holds data only and loading it never
unpickles: JSON, YAML through ``safe_load``, and npz with ``allow_pickle=False``.
The model is rebuilt from the config and given the stored tensors.  (Older
versions stored a stable-baselines3 ``model.zip``, whose loader unpickles
whatever the file holds; such checkpoints are refused, not loaded.)
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np

from zombie_envs.agents.policy import (
    CheckpointError,
    MLPPolicy,
    parse_metadata,
    policy_entries,
    read_arrays,
    read_zip,
)
from zombie_envs.core.files import parse_json, parse_yaml, write_atomic

REQUIRED = ("metadata.json", "policy.npz", "config.yaml", "model.npz", "pool.npz", "state.json")
ENTRIES = (*REQUIRED, "rng.json")


def write_zip(path: Path, entries: dict[str, bytes]) -> None:
    """Write a zip atomically (see ``zombie_envs.core.files.write_atomic``)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    write_atomic(path, buf.getvalue())


def npz_bytes(arrays: dict[str, np.ndarray]) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue()


def pool_bytes(snapshots: list[MLPPolicy]) -> bytes:
    arrays = {}
    for i, snap in enumerate(snapshots):
        arrays.update({f"s{i}_{k}": v for k, v in snap.arrays().items()})
    return npz_bytes(arrays)


def read_pool(data: bytes, meta: dict, where: str) -> list[MLPPolicy]:
    """The snapshots of ``pool.npz``, each shaped as ``meta`` says."""
    by_snap: dict[int, dict] = {}
    for key, array in read_arrays(data, where).items():
        head, _, name = key.partition("_")
        if not (head[:1] == "s" and head[1:].isdigit() and name):
            raise CheckpointError(f"{where}: unexpected array {key!r}")
        by_snap.setdefault(int(head[1:]), {})[name] = array
    return [MLPPolicy.checked(by_snap[i], meta, f"{where}, snapshot {i}") for i in sorted(by_snap)]


def save_checkpoint(
    path: Path,
    policy: MLPPolicy,
    metadata: dict,
    config_yaml: str,
    model_arrays: dict[str, np.ndarray],
    snapshots: list[MLPPolicy],
    state: dict,
    rng: dict,
) -> None:
    entries = policy_entries(policy, metadata)
    entries.update(
        {
            "config.yaml": config_yaml.encode(),
            "model.npz": npz_bytes(model_arrays),
            "pool.npz": pool_bytes(snapshots),
            "state.json": json.dumps(state, indent=1).encode(),
            "rng.json": json.dumps(rng).encode(),
        }
    )
    write_zip(path, entries)


def save_policy(
    path: Path, policy: MLPPolicy, metadata: dict, critic: MLPPolicy | None = None
) -> None:
    """The small file to ship or hand to ``PolicyAgent``: metadata, actor and,
    for search leaf values, the critic."""
    write_zip(path, policy_entries(policy, metadata, critic))


def load_checkpoint(path: Path) -> dict:
    """The entries of a run checkpoint, decoded as data and checked; one
    ``CheckpointError`` naming the file and the entry for anything else.
    ``config`` is the parsed YAML; the caller checks it as a config."""

    path = Path(path)
    if path.is_dir():
        path = path / "checkpoint.zip"
    if not path.is_file():
        raise FileNotFoundError(f"no run checkpoint at {path}")
    raw = read_zip(path, [*ENTRIES, "model.zip"])
    missing = [n for n in REQUIRED if n not in raw]
    if "model.zip" in raw and "model.npz" not in raw:
        raise CheckpointError(
            f"{path} is a checkpoint of an older zombie-envs: its model.zip is a "
            "stable-baselines3 save, whose loader runs code stored in the file, so it is "
            "not loaded (its policy.npz still plays and evaluates as a policy file)"
        )
    if missing:
        raise CheckpointError(
            f"{path} is not a resumable run checkpoint: it lacks {', '.join(missing)}"
            + (" (it is a policy file)" if "policy.npz" in raw else "")
        )
    meta = parse_metadata(raw, path)
    config = parse_yaml(raw["config.yaml"], f"{path}: config.yaml", CheckpointError)
    if not isinstance(config, dict):
        raise CheckpointError(f"{path}: config.yaml must hold a mapping of settings")
    return {
        "path": path,
        "metadata": meta,
        "config": config,
        "model": read_arrays(raw["model.npz"], f"{path}: model.npz"),
        "policy": MLPPolicy.from_npz(raw["policy.npz"], meta, f"{path}: policy.npz"),
        "snapshots": read_pool(raw["pool.npz"], meta, f"{path}: pool.npz"),
        "state": _json(raw["state.json"], path, "state.json"),
        "rng": _json(raw.get("rng.json", b"{}"), path, "rng.json"),
    }


def _json(data: bytes, path: Path, name: str) -> dict:
    value = parse_json(data, f"{path}: {name}", CheckpointError)
    if not isinstance(value, dict):
        raise CheckpointError(f"{path}: {name} must hold a JSON object")
    return value
