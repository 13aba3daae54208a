"""Run checkpoints: everything a killed run needs to continue, in one zip.

Entries: ``metadata.json`` and ``policy.npz`` (so any checkpoint is also a
policy file for ``PolicyAgent``), ``config.yaml``, ``model.zip`` (the SB3
model with its optimiser), ``pool.npz`` (the frozen snapshots), ``state.json``
(step counters, schedule, evaluation history) and ``rng.json`` (Python, numpy
and torch generator states).  Files are written to a temporary name, synced
and renamed, so a kill never leaves a half-written checkpoint behind.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np

from zombie_envs.agents.policy import CheckpointError, MLPPolicy, policy_entries
from zombie_envs.files import write_atomic

REQUIRED = ("metadata.json", "policy.npz", "config.yaml", "model.zip", "pool.npz", "state.json")


def write_zip(path: Path, entries: dict[str, bytes]) -> None:
    """Write a zip atomically (see ``zombie_envs.files.write_atomic``)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    write_atomic(path, buf.getvalue())


def pool_bytes(snapshots: list[MLPPolicy]) -> bytes:
    arrays = {}
    for i, snap in enumerate(snapshots):
        arrays.update({f"s{i}_{k}": v for k, v in snap.arrays().items()})
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue()


def read_pool(data: bytes, activation: str) -> list[MLPPolicy]:
    arrays = np.load(io.BytesIO(data))
    by_snap: dict[int, dict] = {}
    for key in arrays.files:
        i, _, name = key.partition("_")
        by_snap.setdefault(int(i[1:]), {})[name] = arrays[key]
    return [MLPPolicy.from_arrays(by_snap[i], activation) for i in sorted(by_snap)]


def save_checkpoint(
    path: Path,
    policy: MLPPolicy,
    metadata: dict,
    config_yaml: str,
    model_bytes: bytes,
    snapshots: list[MLPPolicy],
    state: dict,
    rng: dict,
) -> None:
    entries = policy_entries(policy, metadata)
    entries.update(
        {
            "config.yaml": config_yaml.encode(),
            "model.zip": model_bytes,
            "pool.npz": pool_bytes(snapshots),
            "state.json": json.dumps(state, indent=1).encode(),
            "rng.json": json.dumps(rng).encode(),
        }
    )
    write_zip(path, entries)


def save_policy(path: Path, policy: MLPPolicy, metadata: dict) -> None:
    """The small file to ship or hand to ``PolicyAgent``: metadata and actor only."""
    write_zip(path, policy_entries(policy, metadata))


def load_checkpoint(path: Path) -> dict:
    """The entries of a run checkpoint, decoded; clear errors for anything else."""
    path = Path(path)
    if path.is_dir():
        path = path / "checkpoint.zip"
    if not path.exists():
        raise FileNotFoundError(f"no run checkpoint at {path}")
    try:
        with zipfile.ZipFile(path) as zf:
            names = set(zf.namelist())
            missing = [n for n in REQUIRED if n not in names]
            if missing:
                raise CheckpointError(
                    f"{path} is not a resumable run checkpoint: it lacks {', '.join(missing)}"
                    + (" (it is a policy file)" if "policy.npz" in names else "")
                )
            raw = {n: zf.read(n) for n in names}
    except zipfile.BadZipFile as e:
        raise CheckpointError(f"{path} is not a zombie-envs checkpoint ({e})") from None
    meta = json.loads(raw["metadata.json"])
    return {
        "path": path,
        "metadata": meta,
        "config_yaml": raw["config.yaml"].decode(),
        "model": raw["model.zip"],
        "snapshots": read_pool(raw["pool.npz"], meta["activation"]),
        "state": json.loads(raw["state.json"]),
        "rng": json.loads(raw.get("rng.json", b"{}")),
    }
