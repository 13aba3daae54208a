"""Which network learns a game from its heuristic's games: designs side by side.

Plays (or reuses) a collection of heuristic games at every seat, fits each
design's actor (cross-entropy on the heuristic's choices, no hint in its input
or logits) and critic (squared error on each seat's final return) on 70% of
the games, stops on 10%, and measures on the other 20%, games no fit saw:
agreement with the heuristic, the critic's explained variance (by quarter of
a game too) beside the seat alone's, parameters and fit time.

    python benchmarks/compare_networks.py --env maul_of_america_v0 --players 3 \\
        --games 10000 --data ~/teacher/maul --designs flat,board --save checkpoints/fitted

``--save DIR`` writes each design's actor and critic as a policy file
(``DIR/<env>-<design>.zip``), which ``init_from`` starts a training run from;
``--init DIR`` starts each design's fit from such a file (a fit cut short).
Needs torch, not stable-baselines3.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import torch as th
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from zombie_envs.agents.network import MLPPolicy  # noqa: E402
from zombie_envs.agents.policy_file import (  # noqa: E402
    load_critic,
    load_policy,
    policy_metadata,
)
from zombie_envs.registry import engine_class  # noqa: E402
from zombie_envs.training import imitation  # noqa: E402
from zombie_envs.training import teacher as td  # noqa: E402
from zombie_envs.training.boardnet import BoardModel, board_network, load_board  # noqa: E402
from zombie_envs.training.checkpoint import save_policy  # noqa: E402

PLAYERS = {
    "mall_of_horror_v0": 4,
    "maul_of_america_v0": 3,
    "we_are_dead_v0": 3,
    "zombies_mall_walkers_v0": 4,
}


class FlatModel(nn.Module):
    """An MLP on the whole observation, each input scaled by its largest value."""

    def __init__(self, inputs: int, hidden, outputs: int, activation: str = "tanh"):
        super().__init__()
        act = {"tanh": nn.Tanh, "relu": nn.ReLU}[activation]
        layers, width = [], inputs
        for size in hidden:
            layers += [nn.Linear(width, size), act()]
            width = size
        self.net = nn.Sequential(*layers, nn.Linear(width, outputs))
        self.register_buffer("scale", th.ones(inputs))
        self.activation = activation

    def set_scale(self, inputs: np.ndarray) -> None:
        top = np.abs(inputs).max(axis=0).astype(np.float32)
        self.scale.copy_(th.as_tensor(1.0 / np.maximum(top, 1.0)))

    def forward(self, x):
        return self.net(x * self.scale)

    def numpy(self) -> MLPPolicy:
        linears = [m for m in self.net if isinstance(m, nn.Linear)]
        layers = [(m.weight.detach().cpu().numpy(), m.bias.detach().cpu().numpy()) for m in linears]
        layers[0] = (layers[0][0] * self.scale.cpu().numpy(), layers[0][1])
        return MLPPolicy(layers, self.activation)


def build(design: str, engine, outputs: int, actor: bool):
    if design == "flat":
        return FlatModel(engine.obs_layout.size, [256, 256], outputs)
    if design == "board":
        return BoardModel(engine, outputs, actor, activation="relu")
    if design == "board-wide":
        return BoardModel(engine, outputs, actor, activation="relu", hidden=(256,), square_width=64)
    raise SystemExit(f"unknown design {design!r}; known: flat, board, board-wide")


def load(model, net) -> None:
    """A saved network's weights into the model built for the same design."""
    if isinstance(model, FlatModel):
        linears = [m for m in model.net if isinstance(m, nn.Linear)]
        with th.no_grad():
            for m, (w, b) in zip(linears, net.layers, strict=True):
                m.weight.copy_(th.from_numpy(w.T))
                m.bias.copy_(th.from_numpy(b))
        return
    load_board(net, model.encoder, model.out, model.head)


def to_numpy(model):
    if isinstance(model, FlatModel):
        return model.numpy()
    return board_network(model.encoder, model.out, model.head, "relu")


def run(args, design: str, data: dict, engine, device: str) -> dict:
    num_actions = engine.action_layout.size
    th.manual_seed(args.seed)
    actor = build(design, engine, num_actions, True)
    critic = build(design, engine, 1, False)
    start_file = Path(args.init) / f"{args.env}-{design}.zip" if args.init else None
    if start_file is not None:  # go on from a saved fit (its scales are in its weights)
        load(actor, load_policy(start_file)[0])
        load(critic, load_critic(start_file))
    else:
        sample = data["obs"][:200_000]
        for m in (actor, critic):
            (m.encoder if hasattr(m, "encoder") else m).set_scale(sample)
    for m in (actor, critic):
        m.to(device)

    def forward(x, masks):
        x = x.to(device)
        logits = actor(x).float()
        logits = logits.masked_fill(~th.as_tensor(masks, device=device), -1e8)
        return th.log_softmax(logits, dim=1).cpu(), critic(x)[:, 0].cpu()

    cfg = SimpleNamespace(
        env=args.env,
        hint=None,
        seed=args.seed,
        imitation=SimpleNamespace(
            games=args.games,
            epochs=args.epochs,
            patience=args.patience,
            batch_size=args.batch_size,
            learning_rate=args.lr,
        ),
    )
    groups = {"actor": list(actor.parameters()), "critic": list(critic.parameters())}
    start = time.perf_counter()
    figures = imitation.fit(groups, forward, data, cfg, progress=not args.quiet)
    figures["fit_seconds"] = round(time.perf_counter() - start, 1)
    figures["actor_parameters"] = sum(p.numel() for p in actor.parameters())
    figures["critic_parameters"] = sum(p.numel() for p in critic.parameters())
    if args.save:
        actor.cpu(), critic.cpu()
        meta = policy_metadata(args.env, args.players, {}, None)
        meta |= {"imitation": figures, "steps": 0, "design": design}
        path = Path(args.save) / f"{args.env}-{design}.zip"
        path.parent.mkdir(parents=True, exist_ok=True)
        save_policy(path, to_numpy(actor), meta, to_numpy(critic))
        figures["saved"] = str(path)
    return figures


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env", required=True, choices=sorted(PLAYERS))
    p.add_argument("--players", type=int)
    p.add_argument("--games", type=int, default=2000, help="heuristic games (whole shards of 50)")
    p.add_argument("--samples-per-game", type=int, default=32)
    p.add_argument("--data", required=True, help="folder of the games' shards (made or reused)")
    p.add_argument("--workers", type=int, default=0, help="processes playing games; 0: every core")
    p.add_argument("--designs", default="flat,board")
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--patience", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=512)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", default="cpu")
    p.add_argument("--save", help="write each design's policy file here")
    p.add_argument("--init", help="start each design from its file in this folder (a --save)")
    p.add_argument("--json", help="append the figures to this JSON-lines file")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    args.players = args.players or PLAYERS[args.env]
    th.set_num_threads(1 if args.device == "cpu" else 4)
    engine = engine_class(args.env)
    coll = td.Collection(args.env, args.players, {}, "heuristic", args.seed, args.samples_per_game)
    start = time.perf_counter()
    td.collect(args.data, coll, args.games, args.workers or os.cpu_count(), not args.quiet)
    data = td.load(args.data, coll, args.games)
    print(f"{args.env}: {len(data['action'])} samples in {time.perf_counter() - start:.0f} s")
    print("design | agreement | critic EV | seat EV | EV by quarter | epochs | params | s")
    for design in args.designs.split(","):
        f = run(args, design, data, engine, args.device)
        print(
            f"{design} | {f['agreement']:.3f} | {f['value_explained_variance']:.3f} | "
            f"{f['seat_explained_variance']:.3f} | {f['value_explained_by_quarter']} | "
            f"{f['epochs']} | {f['actor_parameters']}+{f['critic_parameters']} | "
            f"{f['fit_seconds']}",
            flush=True,
        )
        if args.json:
            with open(args.json, "a") as out:
                out.write(json.dumps({"env": args.env, "design": design, **f}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
