"""Board networks in torch: what ``agents.board.BoardNet`` plays in numpy.

``BoardEncoder`` turns a batch of inputs into the trunk's features (and keeps
each square's features for the square head); ``SquareHead`` scores the
actions that pick a square from that square's features and the trunk;
``BoardModel`` is an encoder with its output layer and, for an actor, the
square head: the network the warm start fits, and what ``board_network``
turns into the numpy network a policy file holds.  The SB3 policy of the
trainer (``sb3.policy.BoardExtractor``) wraps the same modules.  Only torch is
imported here, so a fit runs wherever torch does.
"""

from __future__ import annotations

import numpy as np
import torch as th
from torch import nn

from zombie_envs.agents.board import BoardNet, board_indices

ACTIVATION_MODULES = {"tanh": nn.Tanh, "relu": nn.ReLU}


class BoardEncoder(nn.Module):
    """Inputs to trunk features: a square encoder shared by every square
    (its planes beside a learned embedding of its id), mean- and max-pooled,
    beside a layer on the scalar inputs, then the trunk's layers."""

    def __init__(
        self,
        indices: dict[str, np.ndarray],
        hidden=(128,),
        activation: str = "relu",
        square_width: int = 32,
        embed: int = 16,
        scalar_width: int = 64,
    ):
        super().__init__()
        self.register_buffer("planes", th.as_tensor(indices["planes"]), persistent=False)
        self.register_buffer("scalars", th.as_tensor(indices["scalars"]), persistent=False)
        channels, squares = indices["planes"].shape
        # inputs are counts and coordinates (up to about 100): ``set_scale`` divides
        # each plane and scalar by its largest value in the teacher's games
        self.register_buffer("plane_scale", th.ones(channels))
        self.register_buffer("scalar_scale", th.ones(len(indices["scalars"])))
        act = ACTIVATION_MODULES[activation]
        self.act = act()
        self.embed = nn.Parameter(th.randn(squares, embed) * 0.1)
        self.sq0 = nn.Linear(channels + embed, square_width)
        self.sq1 = nn.Linear(square_width, square_width)
        self.sc = nn.Linear(len(indices["scalars"]), scalar_width)
        layers, width = [], 2 * square_width + scalar_width
        for size in hidden:
            layers += [nn.Linear(width, size), act()]
            width = size
        self.trunk = nn.Sequential(*layers)
        self.features_dim = width
        self.square_width = square_width
        self.squares: th.Tensor | None = None  # the last batch's (batch, width, squares) features
        flat = indices["planes"].ravel()
        self.contiguous = bool(np.all(np.diff(flat) == 1))

    def set_scale(self, inputs: np.ndarray) -> None:
        """Scale each plane and scalar by 1 / its largest magnitude in ``inputs``
        (a batch of inputs, as int8 observations: the teacher's games)."""
        top = np.abs(inputs).max(axis=0).astype(np.float32)
        planes = top[self.planes.numpy()].max(axis=1)
        self.plane_scale.copy_(th.as_tensor(1.0 / np.maximum(planes, 1.0)))
        self.scalar_scale.copy_(th.as_tensor(1.0 / np.maximum(top[self.scalars.numpy()], 1.0)))

    def forward(self, x: th.Tensor) -> th.Tensor:
        channels, squares = self.planes.shape
        start = int(self.planes[0, 0])
        if self.contiguous:  # the planes are one slice of the input: a view, no gather
            planes = x[:, start : start + channels * squares].view(len(x), channels, squares)
        else:
            planes = x[:, self.planes]
        # channels first, (batch, width, squares), as a 1x1 convolution: no transposes,
        # and the pooling runs along memory; the square-id embedding's part of the
        # first layer is the same for every input
        w = self.sq0.weight
        bias = (self.embed @ w[:, channels:].T + self.sq0.bias).T  # (width, squares)
        h = self.act(th.matmul(w[:, :channels] * self.plane_scale, planes) + bias)
        h = self.act(th.matmul(self.sq1.weight, h) + self.sq1.bias[:, None])
        self.squares = h
        scalars = self.act(self.sc(x[:, self.scalars] * self.scalar_scale))
        # max with its indices: a cheaper backward than amax (a gather, no tie mask)
        return self.trunk(th.cat([h.mean(dim=2), h.max(dim=2).values, scalars], dim=1))

    def arrays(self, folded: bool = True) -> dict[str, np.ndarray]:
        """The encoder's part of ``BoardNet``'s arrays (``folded``: with the
        input scales multiplied into the first layers' weights, as numpy plays
        them; else the parameters themselves)."""
        sq_w0, sc_w = self.sq0.weight, self.sc.weight
        if folded:
            channels = len(self.plane_scale)
            scale = th.cat([self.plane_scale, th.ones(sq_w0.shape[1] - channels)])
            sq_w0, sc_w = sq_w0 * scale, sc_w * self.scalar_scale
        out = {
            "planes": self.planes,
            "scalars": self.scalars,
            "embed": self.embed,
            "sq_w0": sq_w0,
            "sq_b0": self.sq0.bias,
            "sq_w1": self.sq1.weight,
            "sq_b1": self.sq1.bias,
            "sc_w": sc_w,
            "sc_b": self.sc.bias,
        }
        linears = [m for m in self.trunk if isinstance(m, nn.Linear)]
        for i, m in enumerate(linears):
            out[f"tr_w{i}"], out[f"tr_b{i}"] = m.weight, m.bias
        return out


class SquareHead(nn.Module):
    """Logits for the actions that pick a square, one term per square from
    its own features and the trunk's: added to the linear head's logits."""

    def __init__(self, head_actions: np.ndarray, square_width: int, features: int, act, inner=32):
        super().__init__()
        self.register_buffer("head_actions", th.as_tensor(head_actions), persistent=False)
        self.ws = nn.Linear(square_width, inner, bias=False)
        self.wz = nn.Linear(features, inner)
        self.u = nn.Linear(inner, len(head_actions))
        self.act = act

    def forward(self, logits: th.Tensor, squares: th.Tensor, z: th.Tensor) -> th.Tensor:
        """``squares``: the encoder's (batch, width, squares) features."""
        inner = self.act(th.matmul(self.ws.weight, squares) + self.wz(z)[:, :, None])
        per_square = (
            th.matmul(self.u.weight, inner) + self.u.bias[:, None]
        )  # (batch, rows, squares)
        cols = self.head_actions.reshape(-1)
        return logits.index_add(1, cols, per_square.reshape(len(z), -1))

    def arrays(self) -> dict[str, np.ndarray]:
        return {
            "head_actions": self.head_actions,
            "hd_ws": self.ws.weight,
            "hd_wz": self.wz.weight,
            "hd_b": self.wz.bias,
            "hd_u": self.u.weight,
            "hd_c": self.u.bias,
        }


def square_head(encoder: BoardEncoder, indices: dict[str, np.ndarray]) -> SquareHead | None:
    """The square head for an actor on ``encoder`` (``None`` when no action
    picks a square)."""
    if not indices["head_actions"].size:
        return None
    return SquareHead(
        indices["head_actions"], encoder.square_width, encoder.features_dim, encoder.act
    )


class BoardModel(nn.Module):
    """A board network with ``outputs`` outputs (the actions, or 1 for a
    critic); an actor (``square_head``) scores square choices by their squares."""

    def __init__(self, engine_cls, outputs: int, square_head_on: bool, **encoder_kwargs):
        super().__init__()
        indices = board_indices(engine_cls)
        self.encoder = BoardEncoder(indices, **encoder_kwargs)
        self.out = nn.Linear(self.encoder.features_dim, outputs)
        self.head = square_head(self.encoder, indices) if square_head_on else None

    def forward(self, x: th.Tensor) -> th.Tensor:
        z = self.encoder(x)
        logits = self.out(z)
        if self.head is not None:
            logits = self.head(logits, self.encoder.squares, z)
        return logits


def board_network(
    encoder: BoardEncoder,
    out: nn.Linear,
    head: SquareHead | None,
    activation: str,
    hint_scale: float = 0.0,
    hint_size: int = 0,
) -> BoardNet:
    """The numpy ``BoardNet`` of torch modules (copies: no memory shared)."""
    arrays = encoder.arrays() | {"out_w": out.weight, "out_b": out.bias}
    if head is not None:
        arrays |= head.arrays()
    arrays = {k: _numpy(v) for k, v in arrays.items()}
    arrays["hint_scale"] = np.float32(hint_scale)
    if hint_size:
        arrays["hint_size"] = np.int64(hint_size)
    return BoardNet(arrays, activation)


def load_board(net: BoardNet, encoder: BoardEncoder, out: nn.Linear, head) -> None:
    """``board_network`` backwards: a numpy network's weights into the modules
    (a policy file's network as a run's start)."""
    a = net.arrays()
    params = encoder.arrays(folded=False) | {"out_w": out.weight, "out_b": out.bias}
    if head is not None:
        params |= head.arrays()
    params = {k: v for k, v in params.items() if isinstance(v, nn.Parameter)}
    with th.no_grad():
        for key, p in params.items():
            p.copy_(th.from_numpy(a[key]))
        encoder.plane_scale.fill_(1.0)  # the file's weights have them folded in
        encoder.scalar_scale.fill_(1.0)


def _numpy(v) -> np.ndarray:
    return v.detach().cpu().numpy().copy() if isinstance(v, th.Tensor) else np.array(v)
