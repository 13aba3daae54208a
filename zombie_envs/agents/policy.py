"""Trained policies as agents, with numpy only.

A policy may also read a *hint*: with ``hint="heuristic"`` its input is the
seat's observation followed by a one-hot of the action the game's heuristic
would play, so a policy can start from the heuristic and learn where to
deviate (a residual policy).  The heuristic reads only what the seat may see,
so the hint reveals nothing the seat could not work out itself.

A policy file is a zip holding ``metadata.json`` (env, engine version, player
count, observation and action sizes, training steps, wall time, evaluation
results) and ``policy.npz`` (the actor's layers).  Training writes these
entries into its run checkpoints too, so any checkpoint is also a policy file.
Inference is a few numpy matrix products: playing a trained agent needs no
torch, and frozen opponents inside the training workers cost microseconds.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np

from .base import Agent, game_key, heuristic_class

HINTS = (None, "heuristic")
FORMAT = "zombie-envs-policy"
FORMAT_VERSION = 1
ACTIVATIONS = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0.0),
}


class CheckpointError(ValueError):
    """A policy or checkpoint file that cannot be used where it was asked for."""


class MLPPolicy:
    """An actor network: hidden layers with one activation, then a logits layer.

    ``layers`` are ``(weight, bias)`` pairs with weights shaped ``(out, in)``,
    as torch's ``Linear`` stores them.  A non-zero ``hint_scale`` adds that
    multiple of the input's last ``num_actions`` entries (the hint's one-hot)
    to the logits, so the policy starts from the hinted action.  The arrays are copied, so a policy
    never shares memory with the network it was taken from.
    """

    def __init__(
        self,
        layers: list[tuple[np.ndarray, np.ndarray]],
        activation: str = "tanh",
        hint_scale: float = 0.0,
    ):
        if activation not in ACTIVATIONS:
            raise CheckpointError(f"unknown activation {activation!r}; known: {list(ACTIVATIONS)}")
        if not layers:
            raise CheckpointError("a policy needs at least its output layer")
        self.layers = [
            (np.array(w, dtype=np.float32).T.copy(), np.array(b, dtype=np.float32))
            for w, b in layers
        ]
        for (w, _), (w_next, _) in zip(self.layers, self.layers[1:], strict=False):
            if w.shape[1] != w_next.shape[0]:
                raise CheckpointError(f"layer sizes do not chain: {w.shape} then {w_next.shape}")
        self.activation = activation
        self._act = ACTIVATIONS[activation]
        self.hint_scale = float(hint_scale)

    @property
    def obs_size(self) -> int:
        return self.layers[0][0].shape[0]

    @property
    def num_actions(self) -> int:
        return self.layers[-1][0].shape[1]

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """Action logits for one observation or a batch of them."""
        x = inp = np.asarray(obs, dtype=np.float32)
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
        for i, (w, b) in enumerate(self.layers):
            out[f"w{i}"] = w.T
            out[f"b{i}"] = b
        return out

    @classmethod
    def from_arrays(cls, arrays, activation: str) -> MLPPolicy:
        n = sum(1 for k in arrays if k.startswith("w"))
        try:
            layers = [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(n)]
        except KeyError as e:
            raise CheckpointError(f"policy weights are missing layer {e.args[0]}") from None
        return cls(layers, activation, float(arrays.get("hint_scale", 0.0)))

    def to_bytes(self) -> bytes:
        buf = io.BytesIO()
        np.savez(buf, **self.arrays())
        return buf.getvalue()

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, MLPPolicy)
            and self.activation == other.activation
            and self.hint_scale == other.hint_scale
            and len(self.layers) == len(other.layers)
            and all(
                np.array_equal(w1, w2) and np.array_equal(b1, b2)
                for (w1, b1), (w2, b2) in zip(self.layers, other.layers, strict=True)
            )
        )

    __hash__ = None


def policy_entries(policy: MLPPolicy, metadata: dict) -> dict[str, bytes]:
    """The zip entries that make a file a policy file."""
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "activation": policy.activation,
        "hidden": [w.shape[1] for w, _ in policy.layers[:-1]],
        **metadata,
    }
    return {
        "metadata.json": json.dumps(meta, indent=2, sort_keys=True).encode(),
        "policy.npz": policy.to_bytes(),
    }


def read_metadata(path: str | Path) -> dict:
    """The metadata of a policy file or run checkpoint (clear errors if it is not one)."""
    return _read(path)[1]


def load_policy(path: str | Path) -> tuple[MLPPolicy, dict]:
    """``(policy, metadata)`` from a policy file or run checkpoint."""
    zf, meta = _read(path)
    with zf:
        try:
            data = np.load(io.BytesIO(zf.read("policy.npz")))
        except (KeyError, ValueError, OSError) as e:
            raise CheckpointError(f"{path}: unreadable policy weights ({e})") from None
        return MLPPolicy.from_arrays({k: data[k] for k in data.files}, meta["activation"]), meta


def _read(path) -> tuple[zipfile.ZipFile, dict]:
    path = Path(path)
    if path.is_dir():
        for name in ("policy.zip", "checkpoint.zip"):
            if (path / name).exists():
                path = path / name
                break
    if not path.exists():
        raise FileNotFoundError(f"no checkpoint at {path}")
    try:
        zf = zipfile.ZipFile(path)
        meta = json.loads(zf.read("metadata.json"))
    except (zipfile.BadZipFile, KeyError, json.JSONDecodeError, UnicodeDecodeError) as e:
        raise CheckpointError(f"{path} is not a zombie-envs checkpoint ({e})") from None
    if meta.get("format") != FORMAT:
        raise CheckpointError(
            f"{path} is not a zombie-envs checkpoint (format {meta.get('format')!r})"
        )
    if meta.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(
            f"{path} has checkpoint format version {meta.get('format_version')}; "
            f"this zombie-envs reads version {FORMAT_VERSION}"
        )
    return zf, meta


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


def check_compatible(meta: dict, engine_cls, num_players: int | None = None, source="checkpoint"):
    """Refuse a policy trained for another env, engine version, layout or player count."""
    problems = []
    if game_key(meta.get("env", "")) != engine_cls.name:
        problems.append(f"it was trained on {meta.get('env')!r}, not {engine_cls.name!r}")
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
    if problems:
        raise CheckpointError(f"{source} does not fit this env: " + "; ".join(problems))


class PolicyAgent(Agent):
    """A trained policy playing one seat: greedy by default, or sampling from
    its action distribution (``greedy=False``); illegal actions never get
    probability.  It reads only its seat's observation and the action mask."""

    name = "policy"

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
    ) -> PolicyAgent:
        from ..arena import engine_class

        policy, meta = load_policy(path)
        check_compatible(meta, engine_class(game_name), num_players, source=str(path))
        name = f"ckpt:{Path(path).stem}"
        agent = cls(policy, seed, greedy, name, meta.get("hint"), game_name)
        agent.metadata = meta
        return agent

    def act(self, game, seat: int) -> int:
        u = None if self.greedy else self.rng.random()
        return self.policy.act(policy_input(game, seat, self.hinter), game.legal_mask(), u)
