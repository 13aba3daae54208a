"""Trained policies as agents, with numpy only.

A policy may also read a *hint*: with ``hint="heuristic"`` its input is the
seat's observation followed by a one-hot of the action the game's heuristic
would play, so a policy can start from the heuristic and learn where to
deviate (a residual policy).  The heuristic reads only what the seat may see,
so the hint reveals nothing the seat could not work out itself.

A policy file is a zip holding ``metadata.json`` (env, engine version, player
count, engine options, observation and action sizes, training steps, wall
time, evaluation results), ``policy.npz`` (the actor's layers) and, from
training runs, ``value.npz`` (the critic's layers, one output: the seat's
expected return, which a search can use as its leaf value).  Training
writes these entries into its run checkpoints too, so any checkpoint is also a
policy file.  Inference is a few numpy matrix products: playing a trained
agent needs no torch, and frozen opponents inside the training workers cost
microseconds.

Policy files are shared, so loading one treats it as data: JSON and numpy
arrays read without pickle, every field and array shape checked against the
metadata (and the metadata against the env), and any fault reported as one
``CheckpointError`` naming the file, at load time rather than at the first move.
"""

from __future__ import annotations

import io
import json
import re
import threading
import zipfile
import zlib
from pathlib import Path

import numpy as np
from threadpoolctl import ThreadpoolController

from ..core.agent import Agent
from ..core.files import INT, OBJECT, TEXT, check_fields, list_of, or_null, parse_json
from ..registry import engine_class, game_key, heuristic_class

HINTS = (None, "heuristic")
CRITIC = "value.npz"
FORMAT = "zombie-envs-policy"
FORMAT_VERSION = 1
ACTIVATIONS = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0.0),
}


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


class CheckpointError(ValueError):
    """A policy or checkpoint file that cannot be used where it was asked for."""


class OneBlasThread:
    """Numpy's BLAS held to one thread while a policy computes, whatever the
    environment says: its products are far too small to gain from more, and on
    shared cores the extra threads made one decision 5-15x slower.  Every numpy
    policy (actors and critics, in training workers, evaluation, tournaments,
    search and the seats for people) runs inside it.  Re-entrant and shared by
    threads: the caller's setting comes back when the last one leaves."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._saved: list[tuple[object, int]] = []
        self._libs: list | None = None

    def __enter__(self) -> None:
        with self._lock:
            if self._depth == 0:
                if self._libs is None:  # numpy's BLAS is loaded by now
                    self._libs = ThreadpoolController().select(user_api="blas").lib_controllers
                self._saved = [(lib, lib.get_num_threads()) for lib in self._libs]
                for lib, n in self._saved:
                    if n != 1:
                        lib.set_num_threads(1)
            self._depth += 1

    def __exit__(self, *exc) -> None:
        with self._lock:
            self._depth -= 1
            if self._depth == 0:
                for lib, n in self._saved:
                    if n != 1:
                        lib.set_num_threads(n)


ONE_BLAS_THREAD = OneBlasThread()


class MLPPolicy:
    """An actor network: hidden layers with one activation, then a logits layer.

    ``layers`` are ``(weight, bias)`` pairs with weights shaped ``(out, in)``,
    as torch's ``Linear`` stores them.  A non-zero ``hint_scale`` adds that
    multiple of the input's last ``num_actions`` entries (the hint's one-hot)
    to the logits, so the policy starts from the hinted action.  With
    ``hint_size`` the layers skip the input's last ``hint_size`` entries (the
    hint reaches the logits only, and the first layer is that much narrower:
    most of the input where a game has thousands of actions).  The arrays are
    copied, so a policy never shares memory with the network it was taken from.
    """

    def __init__(
        self,
        layers: list[tuple[np.ndarray, np.ndarray]],
        activation: str = "tanh",
        hint_scale: float = 0.0,
        hint_size: int = 0,
    ):
        if activation not in ACTIVATIONS:
            raise CheckpointError(f"unknown activation {activation!r}; known: {list(ACTIVATIONS)}")
        if not layers:
            raise CheckpointError("a policy needs at least its output layer")
        self.layers = []
        for i, (w, b) in enumerate(layers):
            w, b = np.array(w, dtype=np.float32), np.array(b, dtype=np.float32)
            if w.ndim != 2 or b.shape != w.shape[:1]:
                raise CheckpointError(
                    f"layer {i} has weight shape {w.shape} and bias shape {b.shape}; "
                    "a layer needs (out, in) and (out,)"
                )
            if self.layers and self.layers[-1][0].shape[1] != w.shape[1]:
                raise CheckpointError(
                    f"layer sizes do not chain: layer {i - 1} gives "
                    f"{self.layers[-1][0].shape[1]} values, layer {i} takes {w.shape[1]}"
                )
            if not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise CheckpointError(f"layer {i} holds values that are not finite")
            self.layers.append((w.T.copy(), b))
        self.activation = activation
        self._act = ACTIVATIONS[activation]
        self.hint_scale = float(hint_scale)
        self.hint_size = int(hint_size)
        if self.hint_size < 0 or (self.hint_scale and self.hint_size not in (0, self.num_actions)):
            raise CheckpointError(
                f"hint_size {self.hint_size}: the layers skip no input or the hint's "
                f"{self.num_actions} entries"
            )

    @property
    def obs_size(self) -> int:
        """The input it reads: what the first layer takes, then the hint it skips."""
        return self.layers[0][0].shape[0] + self.hint_size

    @property
    def num_actions(self) -> int:
        return self.layers[-1][0].shape[1]

    @property
    def sizes(self) -> list[int]:
        """Input size, each hidden layer's size, then the number of actions."""
        return [self.obs_size] + [w.shape[1] for w, _ in self.layers]

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """Action logits for one observation or a batch of them."""
        x = inp = np.asarray(obs, dtype=np.float32)
        if self.hint_size:
            x = inp[..., : inp.shape[-1] - self.hint_size]
        with ONE_BLAS_THREAD:
            for w, b in self.layers[:-1]:
                x = self._act(x @ w + b)
            w, b = self.layers[-1]
            logits = x @ w + b
        if self.hint_scale:
            logits += self.hint_scale * inp[..., -self.num_actions :]
        return logits

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Softmax over the legal actions only (illegal ones get 0)."""
        z = np.where(np.asarray(mask, dtype=bool), self.logits(obs), -np.inf)
        z = np.exp(z - z.max())
        return z / z.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray, u: float | None = None) -> int:
        """The greedy legal action, or with ``u`` in [0, 1) a sampled one."""
        legal = np.asarray(mask, dtype=bool)
        if u is None:
            return int(np.argmax(np.where(legal, self.logits(obs), -np.inf)))
        cdf = np.cumsum(self.probabilities(obs, legal))
        return int(min(np.searchsorted(cdf, u * cdf[-1], side="right"), len(cdf) - 1))

    # ----- storage ---------------------------------------------------------
    def arrays(self) -> dict[str, np.ndarray]:
        """The layers as ``w0, b0, w1, b1, ...`` in torch's ``(out, in)`` layout."""
        out = {"hint_scale": np.float32(self.hint_scale)}
        if self.hint_size:  # files without it (and older ones) feed the layers everything
            out["hint_size"] = np.int64(self.hint_size)
        for i, (w, b) in enumerate(self.layers):
            out[f"w{i}"] = w.T
            out[f"b{i}"] = b
        return out

    @classmethod
    def from_arrays(cls, arrays, activation: str) -> MLPPolicy:
        n = sum(1 for k in arrays if re.fullmatch(r"w\d+", k))
        try:
            layers = [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(n)]
        except KeyError as e:
            raise CheckpointError(f"policy weights are missing layer {e.args[0]}") from None
        hint_scale = arrays.get("hint_scale", 0.0)
        if np.ndim(hint_scale) != 0 or not np.isfinite(hint_scale):
            raise CheckpointError(f"hint_scale must be one finite number, got {hint_scale!r}")
        hint_size = arrays.get("hint_size", 0)
        if np.ndim(hint_size) != 0 or not np.issubdtype(np.asarray(hint_size).dtype, np.integer):
            raise CheckpointError(f"hint_size must be one integer, got {hint_size!r}")
        return cls(layers, activation, float(hint_scale), int(hint_size))

    @classmethod
    def from_npz(cls, data: bytes, meta: dict, where: str) -> MLPPolicy:
        """The policy stored as ``data`` (npz bytes, never unpickled), checked to
        have exactly the layer sizes ``meta`` describes."""
        return cls.checked(read_arrays(data, where), meta, where)

    @classmethod
    def checked(cls, arrays: dict, meta: dict, where: str) -> MLPPolicy:
        """The policy of ``arrays``, checked to have exactly the layer sizes
        ``meta`` describes; errors name ``where``."""
        try:
            policy = cls.from_arrays(arrays, meta["activation"])
        except CheckpointError as e:
            raise CheckpointError(f"{where}: {e}") from None
        want = [meta["obs_size"], *meta["hidden"], meta["num_actions"]]
        if policy.sizes != want:
            raise CheckpointError(
                f"{where}: layer shapes give sizes {policy.sizes}, "
                f"but the metadata says {want} (input, hidden..., actions)"
            )
        return policy

    def to_bytes(self) -> bytes:
        buf = io.BytesIO()
        np.savez(buf, **self.arrays())
        return buf.getvalue()

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, MLPPolicy)
            and self.activation == other.activation
            and self.hint_scale == other.hint_scale
            and self.hint_size == other.hint_size
            and len(self.layers) == len(other.layers)
            and all(
                np.array_equal(w1, w2) and np.array_equal(b1, b2)
                for (w1, b1), (w2, b2) in zip(self.layers, other.layers, strict=True)
            )
        )

    __hash__ = None


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


def read_arrays(data: bytes, where: str) -> dict[str, np.ndarray]:
    """The numeric arrays of npz bytes, read without pickle (an object array
    is refused, not unpickled)."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            arrays = {k: npz[k] for k in npz.files}
    except (ValueError, OSError, EOFError, KeyError, zipfile.BadZipFile, zlib.error) as e:
        raise CheckpointError(f"{where} is not a readable npz file ({e})") from None
    for key, a in arrays.items():
        if a.dtype.kind not in "fiu":
            raise CheckpointError(f"{where}: array {key} holds {a.dtype}, not numbers")
    return arrays


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


def hint_agent(hint: str | None, game_name: str, seed: int | None = None) -> Agent | None:
    """The agent whose choice a policy reads as its hint (``None``: no hint)."""
    if hint not in HINTS:
        raise CheckpointError(f"unknown hint {hint!r}; known: {list(HINTS)}")
    return heuristic_class(game_name)(seed) if hint == "heuristic" else None


def policy_input(game, seat: int, hinter: Agent | None) -> np.ndarray:
    """What a policy reads: the seat's observation, then the hint's one-hot
    (all zeros when the seat is not deciding)."""
    obs = game.observation(seat)
    if hinter is None:
        return obs
    hint = np.zeros(game.action_layout.size, dtype=np.int8)
    if not game.terminal and game.current_player == seat:
        hint[hinter.act(game, seat)] = 1
    return np.concatenate([obs, hint])


def input_size(engine_cls, hint: str | None) -> int:
    size = engine_cls.obs_layout.size
    return size + engine_cls.action_layout.size if hint else size


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


class PolicyAgent(Agent):
    """A trained policy playing one seat: greedy by default, or sampling from
    its action distribution (``greedy=False``); illegal actions never get
    probability.  It reads only its seat's observation and the action mask.

    Loaded from a file, it knows the engine options it was trained with and
    refuses to act in a game with others, whatever path built the game."""

    name = "policy"
    #: the engine options it was trained with (``None``: not known, not checked)
    env_options: dict | None = None
    #: the value network saved with it, if any (search leaf values)
    critic: MLPPolicy | None = None

    def __init__(
        self,
        policy: MLPPolicy,
        seed: int | None = None,
        greedy: bool = True,
        name: str | None = None,
        hint: str | None = None,
        game_name: str | None = None,
    ):
        super().__init__(seed)
        self.policy = policy
        self.greedy = greedy
        self.hinter = hint_agent(hint, game_name, self.rng.getrandbits(63)) if hint else None
        if name:
            self.name = name

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        if self.hinter is not None:
            self.hinter.reset(self.rng.getrandbits(63))

    @classmethod
    def from_file(
        cls,
        path,
        game_name: str,
        num_players: int | None = None,
        seed: int | None = None,
        greedy: bool = True,
        options: dict | None = None,
    ) -> PolicyAgent:
        """Load ``path`` for ``game_name``, checked against the player count and
        the engine ``options`` when given."""
        engine = engine_class(game_name)
        policy, meta = load_policy(path)
        check_compatible(meta, engine, num_players, options, source=str(path))
        name = f"ckpt:{Path(path).stem}"
        agent = cls(policy, seed, greedy, name, meta.get("hint"), game_name)
        agent.metadata = meta
        agent.critic = load_critic(path)
        agent.source = str(path)
        agent.env_options = trained_options(meta, engine, str(path))
        return agent

    def act(self, game, seat: int) -> int:
        if self.env_options is not None and game.options != self.env_options:
            problem = options_problem(self.env_options, game.options)
            raise CheckpointError(f"{self.source} does not fit this game: {problem}")
        legal = game.legal
        if len(legal) == 1:  # a forced move needs no network (nor its hint)
            return legal[0]
        u = None if self.greedy else self.rng.random()
        return self.policy.act(policy_input(game, seat, self.hinter), game.legal_mask(), u)

    def values(self, game) -> list[float]:
        """Every seat's expected return by the critic, each from its own view."""
        x = np.stack([policy_input(game, s, self.hinter) for s in range(game.num_players)])
        return self.critic.logits(x)[:, 0].tolist()
