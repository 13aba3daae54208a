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

    python benchmarks/ship_policy.py RUN_DIR/best_policy.zip --name maul_of_america \\
        --games 1200 --seed 2027 --trained "zombie-envs train --config maul_of_america"
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import zipfile
from pathlib import Path

from zombie_envs.agents import make_agent
from zombie_envs.agents.policy import PolicyAgent
from zombie_envs.agents.policy_file import load_critic, load_policy
from zombie_envs.arena import play_game
from zombie_envs.core.agent import Agent
from zombie_envs.match import head_to_head
from zombie_envs.registry import engine_class, game_type
from zombie_envs.training.checkpoint import save_policy
from zombie_envs.training.runs import match_figures

ROOT = Path(__file__).resolve().parents[1]


class Compared(Agent):
    """The policy's move, counted against what the heuristic would play there."""

    name = "policy"

    def __init__(self, policy: PolicyAgent, heuristic: Agent):
        super().__init__(0)
        self.policy, self.heuristic = policy, heuristic
        self.decisions = self.differ = 0

    def reset(self, seed=None):
        super().reset(seed)
        self.policy.reset(self.rng.getrandbits(63))
        self.heuristic.reset(self.rng.getrandbits(63))

    def act(self, game, seat: int) -> int:
        move = self.policy.act(game, seat)
        if len(game.legal) > 1:
            self.decisions += 1
            self.differ += move != self.heuristic.act(game, seat)
        return move


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
    share = compared.differ / max(compared.decisions, 1)
    return {"share": round(share, 4), "decisions": compared.decisions, "games": games}


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
    parser.add_argument("--into", default=str(ROOT / "checkpoints"), help="the checkpoints folder")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    source = Path(args.policy)
    actor, meta = load_policy(source)
    env, players = meta["env"], meta["num_players"]
    target = Path(args.into) / args.name / "policy.zip"
    shown = f"checkpoints/{args.name}/policy.zip"

    def measure(kind: str, role: str | None = None) -> dict:
        match = head_to_head(
            env, players, f"ckpt:{source}", kind, args.games, seed=args.seed,
            progress=not args.no_progress, options=meta.get("env_options"),
            workers=args.workers, role=role,
        )  # fmt: skip
        line = match_figures(match)
        flags = f" --role {role}" if role else ""
        line["command"] = (
            f"zombie-envs evaluate {shown} --against {kind} --games {args.games} "
            f"--seed {args.seed}{flags}"
        )
        print(f"{kind}{f' ({role})' if role else ''}: {100 * match.win_rate:.1f}% "
              f"[{100 * match.ci[0]:.1f}, {100 * match.ci[1]:.1f}] over {match.games} games",
              flush=True)  # fmt: skip
        return line

    reevaluated = {
        "engine_version": engine_class(env).version,
        "seed": args.seed,
        "random": measure("random"),
        "heuristic": measure("heuristic"),
    }
    roles = game_type(env).roles
    if roles:
        reevaluated["roles"] = {
            role: {"heuristic": measure("heuristic", role), "random": measure("random", role)}
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
    hours = meta.get("wall_time_s", 0) / 3600
    meta = {**meta, "reevaluated": reevaluated}
    meta["trained"] = {"command": args.trained, "hours": round(hours, 2)}
    target.parent.mkdir(parents=True, exist_ok=True)
    save_policy(target, actor, meta, load_critic(source))
    with zipfile.ZipFile(target) as zf:  # beside it, for people and diffs to read
        (target.parent / "metadata.json").write_bytes(zf.read("metadata.json"))
    curve = source.parent / "learning_curve.png"
    if curve.is_file():
        shutil.copyfile(curve, target.parent / "learning_curve.png")
    print(f"shipped: {target} ({target.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
