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
from ..registry import engine_class, game_key
from .inputs import HINTS, input_size
from .network import ACTIVATIONS, CheckpointError, MLPPolicy, Network, read_arrays

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
META_EXTRAS = {
    "hint": or_null(TEXT),
    "env_options": OBJECT,
    "network": TEXT,
    "critic_network": TEXT,
    "critic_activation": TEXT,
}
#: the kinds of network a file may hold (``network`` in its metadata; files without it: ``mlp``)
NETWORKS = ("mlp", "board")


def network_from_arrays(arrays: dict, meta: dict, outputs: int | None = None) -> Network:
    """The network of a policy file's arrays, of the kind its metadata names,
    checked to read the file's input and give ``outputs`` values (the
    actions; 1 for a critic) through the hidden sizes the metadata says."""
    kind, activation = meta.get("network", "mlp"), meta["activation"]
    if outputs is not None:  # a critic: of the policy's kind unless the file says
        kind = meta.get("critic_network", kind)
        activation = meta.get("critic_activation", activation)
    if kind == "board":
        from .board import BoardNet

        net: Network = BoardNet(arrays, activation)
    else:
        net = MLPPolicy.from_arrays(arrays, activation)
    if outputs is not None:  # a critic: its own hidden sizes, the policy's input
        if (net.sizes[0], net.sizes[-1]) != (meta["obs_size"], outputs):
            raise CheckpointError(
                f"a critic reads {meta['obs_size']} inputs and gives one value; "
                f"this one has sizes {net.sizes}"
            )
        return net
    want = [meta["obs_size"], *meta["hidden"], meta["num_actions"]]
    if net.sizes != want:
        raise CheckpointError(
            f"layer shapes give sizes {net.sizes}, "
            f"but the metadata says {want} (input, hidden..., actions)"
        )
    return net


def read_network(data: bytes, meta: dict, where: str, outputs: int | None = None) -> Network:
    """``network_from_arrays`` of npz bytes (never unpickled); errors name ``where``."""
    try:
        return network_from_arrays(read_arrays(data, where), meta, outputs)
    except CheckpointError as e:
        raise CheckpointError(f"{where}: {e}") from None


def policy_entries(
    policy: Network, metadata: dict, critic: Network | None = None
) -> dict[str, bytes]:
    """The zip entries that make a file a policy file (``critic``: a value
    network on the same input, one output)."""
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "activation": policy.activation,
        "hidden": policy.sizes[1:-1],
        **metadata,
    }
    if not isinstance(policy, MLPPolicy):
        meta["network"] = "board"
    if critic is not None and isinstance(critic, MLPPolicy) != isinstance(policy, MLPPolicy):
        meta["critic_network"] = "mlp" if isinstance(critic, MLPPolicy) else "board"
    if critic is not None and critic.activation != policy.activation:
        meta["critic_activation"] = critic.activation
    entries = {
        "metadata.json": json.dumps(meta, indent=2, sort_keys=True).encode(),
        "policy.npz": policy.to_bytes(),
    }
    if critic is not None:
        entries[CRITIC] = critic.to_bytes()
    return entries


def policy_metadata(env: str, num_players: int, env_options: dict, hint: str | None) -> dict:
    """What a policy file records of the game it was trained for, and the tools check."""
    import zombie_envs

    engine = engine_class(env)
    return {
        "env": env,
        "engine_version": engine.version,
        "package_version": zombie_envs.__version__,
        "num_players": num_players,
        "env_options": engine.check_options(env_options),  # defaults filled in
        "obs_size": input_size(engine, hint),
        "hint": hint,
        "num_actions": engine.action_layout.size,
    }


def read_metadata(path: str | Path) -> dict:
    """The checked metadata of a policy file or run checkpoint."""
    path = _policy_path(path)
    return parse_metadata(read_zip(path, ["metadata.json"]), path)


def load_policy(path: str | Path) -> tuple[Network, dict]:
    """``(policy, metadata)`` from a policy file or run checkpoint."""
    path = _policy_path(path)
    entries = read_zip(path, ["metadata.json", "policy.npz"])
    meta = parse_metadata(entries, path)
    if "policy.npz" not in entries:
        raise CheckpointError(f"{path} lacks policy.npz, the policy's weights")
    return read_network(entries["policy.npz"], meta, f"{path}: policy.npz"), meta


def load_critic(path: str | Path) -> Network | None:
    """The critic stored beside a policy (``None`` if the file has none), checked
    to read the policy's input and give one value."""
    path = _policy_path(path)
    entries = read_zip(path, ["metadata.json", CRITIC])
    meta = parse_metadata(entries, path)
    if CRITIC not in entries:
        return None
    critic = read_network(entries[CRITIC], meta, f"{path}: {CRITIC}", outputs=1)
    if critic.hint_scale:
        raise CheckpointError(f"{path}: {CRITIC}: a critic gives one value and reads no hint")
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
    for key in ("activation", "critic_activation"):
        if meta.get(key, "tanh") not in ACTIVATIONS:
            raise CheckpointError(
                f"{where}: unknown {key} {meta[key]!r}; known: {list(ACTIVATIONS)}"
            )
    for key in ("network", "critic_network"):
        if meta.get(key, "mlp") not in NETWORKS:
            known = list(NETWORKS)
            raise CheckpointError(f"{where}: unknown {key} {meta[key]!r}; known: {known}")
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
        "zombie_envs.training.sb3.policy.export_policy(model, 'policy.zip', env, num_players)"
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
