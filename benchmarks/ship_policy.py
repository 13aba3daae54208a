"""Ship a trained policy: measure it on seeds training never saw, then write it
into ``checkpoints/<name>/`` with its figures.

The policy plays against ``n - 1`` random bots and ``n - 1`` heuristic bots
(``zombie-envs evaluate``'s code path, seats rotated on shared seeds), and, in
a game with roles, in each role's seats alone against heuristic bots too.  At
every decision with a choice it is compared with the heuristic's move in the
same state.  ``checkpoints/<name>/policy.zip`` gets the policy's actor and
critic with the training metadata, plus ``reevaluated`` (the figures, the
seed, the engine version, the commands that reproduce each line, and how
often its move differs from the heuristic's) and ``trained`` (the command and
hours); its ``metadata.json`` and the run's learning curve are written beside it.

Against heuristic bots the heuristic itself plays the same seeds and seats,
and ``edge`` is the policy's rate less the heuristic's, with its 95% interval
(independent binomials; in every seat the heuristic's own rate is exact: on
each seed its rotations win the games won, so only the policy's varies).  The
critic is measured on fresh heuristic games (``--critic-games``, decisions
sampled as the warm start samples them): its explained variance of each
seat's final return beside the seat alone's (each seat's mean return over as
many other fresh games).  ``--critic FILE`` ships another file's critic with
the policy (a critic fitted on the teacher's games without the hint reads the
hinted policy's input and skips the hint).

    python benchmarks/ship_policy.py RUN_DIR/best_policy.zip --name maul_of_america \\
        --games 1200 --seed 2027 --trained "zombie-envs train --config maul_of_america"
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import sys
import zipfile
from pathlib import Path

import numpy as np

from zombie_envs.agents import make_agent
from zombie_envs.agents.network import MLPPolicy
from zombie_envs.agents.policy import PolicyAgent
from zombie_envs.agents.policy_file import load_critic, load_policy, network_from_arrays
from zombie_envs.arena import play_game
from zombie_envs.match import head_to_head
from zombie_envs.registry import engine_class, game_type
from zombie_envs.training.checkpoint import save_policy
from zombie_envs.training.runs import Compared, match_figures

ROOT = Path(__file__).resolve().parents[1]


def differs_from_heuristic(path, env: str, players: int, games: int, seed: int) -> dict:
    """How often the policy's move is not the heuristic's, over ``games``
    games against heuristic bots, the policy at every seat in turn."""
    rng = random.Random(seed)
    policy = PolicyAgent.from_file(path, env, players, rng.getrandbits(63))
    compared = Compared(policy, make_agent("heuristic", env, rng.getrandbits(63)))
    for g in range(games):
        seat = g % players
        bots = [make_agent("heuristic", env, rng.getrandbits(63)) for _ in range(players - 1)]
        bots.insert(seat, compared)
        play_game(env, bots, seed=rng.getrandbits(63), **policy.env_options)
    return {"share": round(compared.share, 4), "decisions": compared.decisions, "games": games}


def edge(policy: dict, heuristic: dict, exact: bool = False) -> dict:
    """The policy's win rate less the heuristic's on the same seeds and seats,
    with a 95% interval (normal, independent binomials).  ``exact``: the
    heuristic's rate has no sampling error (in every seat of a game, seats
    rotated on each seed, one agent's win shares sum to the games won)."""
    p, q = policy["win_rate"], heuristic["win_rate"]
    spread = p * (1 - p) / policy["games"] + (0 if exact else q * (1 - q) / heuristic["games"])
    half = 1.96 * math.sqrt(spread)
    return {
        "edge": round(p - q, 4),
        "ci_low": round(p - q - half, 4),
        "ci_high": round(p - q + half, 4),
    }


def fresh_games(env: str, players: int, options: dict, games: int, seed: int, workers: int):
    """Sampled decisions of ``games`` fresh heuristic games (the warm start's
    sampling), played into a temporary folder."""
    import os
    import tempfile

    from zombie_envs.training import teacher as td

    coll = td.Collection(env, players, options, "heuristic", seed, 32, min(td.SHARD_GAMES, games))
    with tempfile.TemporaryDirectory() as folder:
        td.collect(folder, coll, games, workers or os.cpu_count(), progress=False)
        return td.load(folder, coll, games)


def critic_figures(critic, meta: dict, games: int, seed: int, workers: int) -> dict:
    """The critic's explained variance on fresh heuristic games, beside the seat
    alone's, its means from as many other fresh games."""
    from zombie_envs.training import teacher as td

    env, players, options = meta["env"], meta["num_players"], meta.get("env_options", {})
    test = fresh_games(env, players, options, games, seed, workers)
    means = fresh_games(env, players, options, games, seed + 1, workers)
    x = td.inputs(test, meta["num_actions"], bool(meta.get("hint")))
    values = np.concatenate([critic.logits(x[i : i + 4096])[:, 0] for i in range(0, len(x), 4096)])
    return {
        "value_explained_variance": round(td.explained(values, test["ret"]), 4),
        "seat_explained_variance": round(td.seat_baseline(means, test), 4),
        "games": games,
        "decisions": len(values),
        "seed": seed,
    }


def fitting_critic(path, meta: dict):
    """The critic of the file ``path``, made to read the input of a policy
    with ``meta`` (a hinted policy's critic skips the hint's entries)."""
    critic = load_critic(path)
    if critic is None:
        raise SystemExit(f"{path} holds no critic")
    extra = meta["obs_size"] - critic.obs_size
    if extra not in (0, meta["num_actions"]) or critic.hint_size:
        raise SystemExit(
            f"the critic of {path} reads {critic.obs_size} inputs, not {meta['obs_size']}"
        )
    if extra:
        arrays = critic.arrays() | {"hint_size": np.int64(extra)}
        kind = {"network": _kind(critic), "activation": critic.activation}
        critic = network_from_arrays(arrays, meta | kind, outputs=1)
    return critic


def _kind(network) -> str:
    return "mlp" if isinstance(network, MLPPolicy) else "board"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policy", help="the policy file to ship (a run's policy or best policy)")
    parser.add_argument("--name", required=True, help="the folder under checkpoints/")
    parser.add_argument("--games", type=int, default=1200, help="games per line (>= 1000)")
    parser.add_argument("--seed", type=int, required=True, help="a seed training never saw")
    parser.add_argument("--trained", required=True, help="the command that trained it")
    parser.add_argument("--note", help="a sentence kept with the figures (what changed since)")
    parser.add_argument(
        "--keep",
        nargs="*",
        default=[],
        metavar="KEY",
        help="entries of the file's earlier reevaluated figures to keep beside the new ones",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--critic", help="ship this file's critic with the policy")
    parser.add_argument("--critic-games", type=int, default=1000, help="fresh games for the critic")
    parser.add_argument("--into", default=str(ROOT / "checkpoints"), help="the checkpoints folder")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    source = Path(args.policy)
    actor, meta = load_policy(source)
    env, players = meta["env"], meta["num_players"]
    target = Path(args.into) / args.name / "policy.zip"
    shown = f"checkpoints/{args.name}/policy.zip"

    def measure(kind: str, role: str | None = None, candidate: str | None = None) -> dict:
        match = head_to_head(
            env, players, candidate or f"ckpt:{source}", kind, args.games, seed=args.seed,
            progress=not args.no_progress, options=meta.get("env_options"),
            workers=args.workers, role=role,
        )  # fmt: skip
        line = match_figures(match)
        flags = f" --role {role}" if role else ""
        line["command"] = (
            f"zombie-envs evaluate {candidate or shown} --against {kind} --games {args.games} "
            f"--seed {args.seed}{flags}"
        )
        print(f"{kind}{f' ({role})' if role else ''}: {100 * match.win_rate:.1f}% "
              f"[{100 * match.ci[0]:.1f}, {100 * match.ci[1]:.1f}] over {match.games} games",
              flush=True)  # fmt: skip
        return line

    def against_heuristic(role: str | None = None) -> dict:
        """The policy's and the heuristic's rates on the same seeds and seats."""
        mine, theirs = measure("heuristic", role), measure("heuristic", role, "heuristic")
        mine["heuristic_itself"] = theirs
        # in every seat one agent's rotations win the games won: a third, a quarter...
        # exactly, unless ties were shared or games cut short
        exact = role is None and abs(theirs["win_rate"] - 1 / players) < 1e-9
        mine["edge"] = edge(mine, theirs, exact=exact)
        print(f"edge: {mine['edge']}", flush=True)
        return mine

    reevaluated = {
        "engine_version": engine_class(env).version,
        "seed": args.seed,
        "random": measure("random"),
        "heuristic": against_heuristic(),
    }
    roles = game_type(env).roles
    if roles:
        reevaluated["roles"] = {
            role: {"heuristic": against_heuristic(role), "random": measure("random", role)}
            for role in dict.fromkeys(roles)
        }
    if args.note:
        reevaluated["note"] = args.note
    earlier = meta.get("reevaluated") or {}
    reevaluated.update({key: earlier[key] for key in args.keep if key in earlier})
    reevaluated["differs_from_heuristic"] = differs_from_heuristic(
        source, env, players, max(players * 20, 60), args.seed + 1
    )
    print(f"differs from the heuristic: {reevaluated['differs_from_heuristic']}")
    critic = fitting_critic(args.critic, meta) if args.critic else load_critic(source)
    if critic is not None:
        reevaluated["critic"] = critic_figures(
            critic, meta, args.critic_games, args.seed + 2, args.workers
        )
        print(f"critic on fresh heuristic games: {reevaluated['critic']}", flush=True)
    hours = meta.get("wall_time_s", 0) / 3600
    meta = {**meta, "reevaluated": reevaluated}
    meta["trained"] = {"command": args.trained, "hours": round(hours, 2)}
    target.parent.mkdir(parents=True, exist_ok=True)
    save_policy(target, actor, meta, critic)
    with zipfile.ZipFile(target) as zf:  # beside it, for people and diffs to read
        (target.parent / "metadata.json").write_bytes(zf.read("metadata.json"))
    curve = source.parent / "learning_curve.png"
    if curve.is_file():
        shutil.copyfile(curve, target.parent / "learning_curve.png")
    print(f"shipped: {target} ({target.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
