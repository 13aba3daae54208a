"""Policy networks in numpy: a trained agent needs no torch, and frozen
opponents inside the training workers decide in microseconds.

Inference is a few matrix products; the layers are stored as npz arrays, read
without pickle and checked, so a shared file is treated as data.
"""

from __future__ import annotations

import io
import re
import threading
import zipfile
import zlib
from abc import ABC, abstractmethod

import numpy as np
from threadpoolctl import ThreadpoolController


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


#: module-level functions: a network is pickled to the training workers
ACTIVATIONS = {"tanh": np.tanh, "relu": relu}


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


class Network(ABC):
    """What every numpy network of a policy file offers: ``logits`` of a batch,
    legal-only probabilities and actions, and its arrays as npz bytes.  A
    subclass gives ``logits``, ``arrays``, ``sizes``, ``obs_size`` and ``num_actions``."""

    activation: str
    hint_scale: float = 0.0
    hint_size: int = 0

    @abstractmethod
    def logits(self, obs: np.ndarray) -> np.ndarray:
        """Action logits (or the value, for a critic) of one input or a batch."""

    @abstractmethod
    def arrays(self) -> dict[str, np.ndarray]:
        """Every array the network is made of: what its npz file holds."""

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

    def to_bytes(self) -> bytes:
        buf = io.BytesIO()
        np.savez(buf, **self.arrays())
        return buf.getvalue()

    def __eq__(self, other) -> bool:
        if type(self) is not type(other) or self.activation != other.activation:
            return False
        mine, theirs = self.arrays(), other.arrays()
        return mine.keys() == theirs.keys() and all(
            np.array_equal(mine[k], theirs[k]) for k in mine
        )

    __hash__ = None


class MLPPolicy(Network):
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
