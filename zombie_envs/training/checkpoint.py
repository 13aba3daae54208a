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

from zombie_envs.agents.network import CheckpointError, Network, read_arrays
from zombie_envs.agents.policy_file import (
    network_from_arrays,
    parse_metadata,
    policy_entries,
    read_network,
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


def pool_bytes(snapshots: list[Network]) -> bytes:
    arrays = {}
    for i, snap in enumerate(snapshots):
        arrays.update({f"s{i}_{k}": v for k, v in snap.arrays().items()})
    return npz_bytes(arrays)


def read_pool(data: bytes, meta: dict, where: str) -> list[Network]:
    """The snapshots of ``pool.npz``, each shaped as ``meta`` says."""
    by_snap: dict[int, dict] = {}
    for key, array in read_arrays(data, where).items():
        head, _, name = key.partition("_")
        if not (head[:1] == "s" and head[1:].isdigit() and name):
            raise CheckpointError(f"{where}: unexpected array {key!r}")
        by_snap.setdefault(int(head[1:]), {})[name] = array
    out = []
    for i in sorted(by_snap):
        try:
            out.append(network_from_arrays(by_snap[i], meta))
        except CheckpointError as e:
            raise CheckpointError(f"{where}, snapshot {i}: {e}") from None
    return out


def save_checkpoint(
    path: Path,
    policy: Network,
    metadata: dict,
    config_yaml: str,
    model_arrays: dict[str, np.ndarray],
    snapshots: list[Network],
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


#: the RLlib backend's resumable run: its state as data, beside RLlib's own checkpoint
RLLIB_RUN = "rllib_run.zip"
RLLIB_ENTRIES = ("metadata.json", "policy.npz", "config.yaml", "state.json")
RLLIB_ENTRIES += ("algorithm.json", "algorithm.npz")


def tree_entries(tree, name: str) -> dict[str, bytes]:
    """A nested state of dicts, lists, numbers, text and arrays (RLlib's
    ``get_state``) as ``NAME.json``, the arrays standing in it as
    ``{"__array__": key}`` and a dict with other keys than text (an
    optimiser's, by parameter number) as ``{"__keys__": [...], "__values__":
    [...]}``, and ``NAME.npz``: plain data, no pickle."""
    arrays: dict[str, np.ndarray] = {}

    def encode(v, path: str):
        if isinstance(v, dict) and not all(isinstance(k, str) for k in v):
            keys = [k.item() if isinstance(k, np.generic) else k for k in v]
            if not all(isinstance(k, int | str) for k in keys):
                raise TypeError(f"{path}: dict keys must be text or integers")
            values = [encode(x, f"{path}/{k}") for k, x in v.items()]
            return {"__keys__": keys, "__values__": values}
        if isinstance(v, dict):
            return {k: encode(x, f"{path}/{k}") for k, x in v.items()}
        if isinstance(v, list | tuple):
            return [encode(x, f"{path}/{i}") for i, x in enumerate(v)]
        if hasattr(v, "detach"):  # a torch tensor
            v = v.detach().cpu().numpy()
        if isinstance(v, np.ndarray):
            arrays[path] = v
            return {"__array__": path}
        if isinstance(v, np.generic):
            return v.item()
        if v is None or isinstance(v, bool | int | float | str):
            return v
        raise TypeError(f"{path}: a {type(v).__name__} is not plain data")

    text = json.dumps(encode(tree, ""))
    return {f"{name}.json": text.encode(), f"{name}.npz": npz_bytes(arrays)}


def read_tree(raw: dict[str, bytes], name: str, path: Path):
    """``tree_entries`` back: the nested state, its arrays in place."""
    where = f"{path}: {name}"
    arrays = read_arrays(raw[f"{name}.npz"], f"{where}.npz")
    tree = parse_json(raw[f"{name}.json"], f"{where}.json", CheckpointError)

    def decode(v):
        if isinstance(v, dict) and set(v) == {"__keys__", "__values__"}:
            keys, values = v["__keys__"], v["__values__"]
            if not (isinstance(keys, list) and isinstance(values, list)) or len(keys) != len(
                values
            ):
                raise CheckpointError(f"{where}.json: a keyed entry needs as many keys as values")
            if not all(isinstance(k, int | str) and not isinstance(k, bool) for k in keys):
                raise CheckpointError(f"{where}.json: keys must be text or integers")
            return {k: decode(x) for k, x in zip(keys, values, strict=True)}
        if isinstance(v, dict):
            if set(v) == {"__array__"}:
                if v["__array__"] not in arrays:
                    raise CheckpointError(f"{where}.npz lacks array {v['__array__']!r}")
                return arrays[v["__array__"]]
            return {k: decode(x) for k, x in v.items()}
        if isinstance(v, list):
            return [decode(x) for x in v]
        return v

    return decode(tree)


def save_rllib_run(path: Path, policy, metadata: dict, config_yaml: str, state: dict, algo) -> None:
    """What ``RLlibTrainer.resume`` needs, in the suite's data formats."""
    entries = policy_entries(policy, metadata)
    entries["config.yaml"] = config_yaml.encode()
    entries["state.json"] = json.dumps(state, indent=1).encode()
    entries.update(tree_entries(algo, "algorithm"))
    write_zip(path, entries)


def load_rllib_run(path: Path) -> dict:
    """``save_rllib_run``'s entries, decoded as data and checked."""
    path = Path(path)
    if path.is_dir():
        path = path / RLLIB_RUN
    if not path.is_file():
        raise FileNotFoundError(f"no rllib run checkpoint at {path}")
    raw = read_zip(path, list(RLLIB_ENTRIES))
    missing = [n for n in RLLIB_ENTRIES if n not in raw]
    if missing:
        raise CheckpointError(f"{path} is not a resumable rllib run: it lacks {', '.join(missing)}")
    meta, config = _metadata_and_config(raw, path)
    return {
        "path": path,
        "metadata": meta,
        "config": config,
        "state": _json(raw["state.json"], path, "state.json"),
        "algorithm": read_tree(raw, "algorithm", path),
    }


def save_policy(path: Path, policy: Network, metadata: dict, critic: Network | None = None) -> None:
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
    if not path.is_file() and (path.parent / RLLIB_RUN).is_file():
        raise CheckpointError(f"{path.parent} is a run of the rllib backend: add --backend rllib")
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
    meta, config = _metadata_and_config(raw, path)
    return {
        "path": path,
        "metadata": meta,
        "config": config,
        "model": read_arrays(raw["model.npz"], f"{path}: model.npz"),
        "policy": read_network(raw["policy.npz"], meta, f"{path}: policy.npz"),
        "snapshots": read_pool(raw["pool.npz"], meta, f"{path}: pool.npz"),
        "state": _json(raw["state.json"], path, "state.json"),
        "rng": _json(raw.get("rng.json", b"{}"), path, "rng.json"),
    }


def _metadata_and_config(raw: dict[str, bytes], path: Path) -> tuple[dict, dict]:
    """A run's checked metadata and its config as parsed YAML (the caller
    checks it as a config)."""
    meta = parse_metadata(raw, path)
    config = parse_yaml(raw["config.yaml"], f"{path}: config.yaml", CheckpointError)
    if not isinstance(config, dict):
        raise CheckpointError(f"{path}: config.yaml must hold a mapping of settings")
    return meta, config


def _json(data: bytes, path: Path, name: str) -> dict:
    value = parse_json(data, f"{path}: {name}", CheckpointError)
    if not isinstance(value, dict):
        raise CheckpointError(f"{path}: {name} must hold a JSON object")
    return value
