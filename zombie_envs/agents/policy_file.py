"""Policy files: a zip holding ``metadata.json`` (env, engine version, player
count, engine options, observation and action sizes, training steps, wall time,
evaluation results), ``policy.npz`` (the actor's layers) and, from training
runs, ``value.npz`` (the critic's layers, one output: the seat's expected
return, which a search can use as its leaf value).  Training writes these
entries into its run checkpoints too, so any checkpoint is also a policy file.

Policy files are shared, so loading one treats it as data: JSON and numpy
arrays read without pickle, every field and array shape checked against the
metadata (and the metadata against the env), and any fault reported as one
``CheckpointError`` naming the file, at load time rather than at the first move.
"""

from __future__ import annotations

import json
import zipfile
import zlib
from pathlib import Path

from ..core.files import INT, OBJECT, TEXT, check_fields, list_of, or_null, parse_json
from ..registry import game_key
from .inputs import HINTS, input_size
from .network import ACTIVATIONS, CheckpointError, MLPPolicy, read_arrays

CRITIC = "value.npz"
FORMAT = "zombie-envs-policy"
FORMAT_VERSION = 1
#: An entry larger than this uncompressed is refused before it is inflated.
MAX_ENTRY_BYTES = 1 << 30
META_FIELDS = {
    "activation": TEXT,
    "hidden": list_of(INT, "a list of integers"),
    "env": TEXT,
    "engine_version": INT,
    "num_players": INT,
    "obs_size": INT,
    "num_actions": INT,
}
META_EXTRAS = {"hint": or_null(TEXT), "env_options": OBJECT}


def policy_entries(
    policy: MLPPolicy, metadata: dict, critic: MLPPolicy | None = None
) -> dict[str, bytes]:
    """The zip entries that make a file a policy file (``critic``: a value
    network on the same input, one output)."""
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "activation": policy.activation,
        "hidden": [w.shape[1] for w, _ in policy.layers[:-1]],
        **metadata,
    }
    entries = {
        "metadata.json": json.dumps(meta, indent=2, sort_keys=True).encode(),
        "policy.npz": policy.to_bytes(),
    }
    if critic is not None:
        entries[CRITIC] = critic.to_bytes()
    return entries


def read_metadata(path: str | Path) -> dict:
    """The checked metadata of a policy file or run checkpoint."""
    path = _policy_path(path)
    return parse_metadata(read_zip(path, ["metadata.json"]), path)


def load_policy(path: str | Path) -> tuple[MLPPolicy, dict]:
    """``(policy, metadata)`` from a policy file or run checkpoint."""
    path = _policy_path(path)
    entries = read_zip(path, ["metadata.json", "policy.npz"])
    meta = parse_metadata(entries, path)
    if "policy.npz" not in entries:
        raise CheckpointError(f"{path} lacks policy.npz, the policy's weights")
    return MLPPolicy.from_npz(entries["policy.npz"], meta, f"{path}: policy.npz"), meta


def load_critic(path: str | Path) -> MLPPolicy | None:
    """The critic stored beside a policy (``None`` if the file has none), checked
    to read the policy's input and give one value."""
    path = _policy_path(path)
    entries = read_zip(path, ["metadata.json", CRITIC])
    meta = parse_metadata(entries, path)
    if CRITIC not in entries:
        return None
    where = f"{path}: {CRITIC}"
    try:
        critic = MLPPolicy.from_arrays(read_arrays(entries[CRITIC], where), meta["activation"])
    except CheckpointError as e:
        raise CheckpointError(f"{where}: {e}") from None
    if critic.obs_size != meta["obs_size"] or critic.num_actions != 1 or critic.hint_scale:
        raise CheckpointError(
            f"{where}: a critic reads {meta['obs_size']} inputs and gives one value; "
            f"this one has sizes {critic.sizes}"
        )
    return critic


def _policy_path(path) -> Path:
    path = Path(path)
    if path.is_dir():
        held = [path / n for n in ("policy.zip", "checkpoint.zip") if (path / n).is_file()]
        if not held:
            raise CheckpointError(
                f"{path} is a folder without policy.zip or checkpoint.zip: "
                "give a policy file or a run folder"
            )
        path = held[0]
    if not path.is_file():
        raise FileNotFoundError(f"no checkpoint at {path}")
    return path


def read_zip(path: Path, names: list[str]) -> dict[str, bytes]:
    """The entries ``names`` of the zip at ``path`` that it holds, or one
    ``CheckpointError`` for a file that is not a zip, damaged or oversized."""
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as e:
        raise CheckpointError(f"{path} is not a zombie-envs checkpoint ({e})") from None
    out = {}
    with zf:
        held = set(zf.namelist())
        for name in names:
            if name not in held:
                continue
            size = zf.getinfo(name).file_size
            if size > MAX_ENTRY_BYTES:
                raise CheckpointError(f"{path}: {name} would unpack to {size:,} bytes; refused")
            try:
                out[name] = zf.read(name)
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as e:
                raise CheckpointError(f"{path} is corrupt: {name} does not unpack ({e})") from None
    return out


def parse_metadata(entries: dict[str, bytes], path: Path) -> dict:
    """The metadata entry of a policy file, with every field checked."""
    if "metadata.json" not in entries:
        raise CheckpointError(
            f"{path} is not a zombie-envs checkpoint (no metadata.json)" + _sb3_advice(path)
        )
    meta = parse_json(entries["metadata.json"], f"{path}: metadata.json", CheckpointError)
    where = f"{path}: metadata.json"
    check_fields(meta, where, {}, error=CheckpointError)  # an object at all
    if meta.get("format") != FORMAT:
        raise CheckpointError(
            f"{path} is not a zombie-envs checkpoint (format {meta.get('format')!r})"
        )
    if meta.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(
            f"{where} has checkpoint format version {meta.get('format_version')}; "
            f"this zombie-envs reads version {FORMAT_VERSION}"
        )
    check_fields(meta, where, META_FIELDS, META_EXTRAS, error=CheckpointError)
    if meta["activation"] not in ACTIVATIONS:
        raise CheckpointError(
            f"{where}: unknown activation {meta['activation']!r}; known: {list(ACTIVATIONS)}"
        )
    if meta.get("hint") not in HINTS:
        raise CheckpointError(f"{where}: unknown hint {meta['hint']!r}; known: {list(HINTS)}")
    return meta


def _sb3_advice(path: Path) -> str:
    """For a stable-baselines3 save, the way to a policy file: its loader runs
    code stored in the file, so the tools never open one themselves."""
    with zipfile.ZipFile(path) as zf:
        if "_stable_baselines3_version" not in zf.namelist():
            return ""
    return (
        "; it is a stable-baselines3 save: if you trust it, load it with "
        "MaskablePPO.load and write a policy file with "
        "zombie_envs.training.train.export_policy(model, 'policy.zip', env, num_players)"
    )


def trained_options(meta: dict, engine_cls, source="checkpoint") -> dict:
    """The engine options the policy was trained with, defaults filled in
    (``{}`` in the metadata means the defaults)."""
    try:
        return engine_cls.check_options(meta.get("env_options", {}))
    except ValueError as e:
        raise CheckpointError(f"{source} was trained with options this env lacks: {e}") from None


def options_problem(trained: dict, options: dict) -> str | None:
    """How ``options`` (defaults filled in) differ from the ones a policy was
    trained with, in words; ``None`` when they are the same."""
    differ = [k for k in trained if trained[k] != options.get(k)]
    if not differ:
        return None
    words = [", ".join(f"{k}={o.get(k)}" for k in differ) for o in (trained, options)]
    return f"it was trained with {words[0]}, not {words[1]}"


def check_compatible(
    meta: dict,
    engine_cls,
    num_players: int | None = None,
    options: dict | None = None,
    source="checkpoint",
):
    """Refuse a policy trained for another env, engine version, layout, player
    count or, when ``options`` are given, other engine options."""
    problems = []
    if game_key(meta.get("env", "")) != engine_cls.name:
        problems.append(f"it was trained on {meta.get('env')!r}, not {engine_cls.game_type.env!r}")
    elif meta.get("engine_version") != engine_cls.version:
        problems.append(
            f"it was trained on engine version {meta.get('engine_version')}, "
            f"this is version {engine_cls.version}"
        )
    elif (meta.get("obs_size"), meta.get("num_actions")) != (
        input_size(engine_cls, meta.get("hint")),
        engine_cls.action_layout.size,
    ):
        problems.append(
            f"its input/action sizes {meta.get('obs_size')}/{meta.get('num_actions')} differ "
            f"from the env's {input_size(engine_cls, meta.get('hint'))}"
            f"/{engine_cls.action_layout.size}"
        )
    if num_players is not None and meta.get("num_players") != num_players:
        problems.append(f"it was trained for {meta.get('num_players')} players, not {num_players}")
    if options is not None and not problems:
        wanted = engine_cls.check_options(options)
        problem = options_problem(trained_options(meta, engine_cls, source), wanted)
        if problem:
            problems.append(problem)
    if problems:
        raise CheckpointError(f"{source} does not fit this env: " + "; ".join(problems))
