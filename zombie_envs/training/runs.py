"""What every training backend writes into a run folder, and how it measures a policy.

The SB3 trainer (``train``) and the RLlib one (``rllib``) share these, so their
run folders read alike and their figures mean the same: the policy file's
metadata, the evaluation against the bots (``zombie-envs evaluate``'s code
path), ``eval.csv``, ``metrics.csv`` and the learning curve.  Nothing here
imports torch or a trainer library.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

from zombie_envs.agents import make_agent
from zombie_envs.agents.network import Network
from zombie_envs.agents.policy import PolicyAgent
from zombie_envs.core.agent import Agent
from zombie_envs.match import head_to_head
from zombie_envs.registry import game_type

from ..core.narration import count
from .config import TrainConfig

POLICY = "policy.zip"
BEST = "best_policy.zip"
EVAL_COLUMNS = ("win_rate", "ci_low", "ci_high", "truncated")


class RolePolicyAgent(Agent):
    """One trained policy per role of an asymmetric game, each playing the seats
    of its role: what a run that trains a policy per role is evaluated as."""

    name = "policy"

    def __init__(self, policies: dict[str, Network], cfg: TrainConfig, seed=None):
        super().__init__(seed)
        self.game = game_type(cfg.env)
        self.agents = {
            role: PolicyAgent(p, self.rng.getrandbits(63), True, role, cfg.hint, cfg.env)
            for role, p in policies.items()
        }

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        for agent in self.agents.values():
            agent.reset(self.rng.getrandbits(63))

    def act(self, game, seat: int) -> int:
        return self.agents[self.game.role_of(seat)].act(game, seat)


class Compared(Agent):
    """An agent's move, counted against what the heuristic would play in the
    same state (``decisions``, ``differ``): how far a policy has left it."""

    def __init__(self, agent: Agent, heuristic: Agent):
        super().__init__(0)
        self.agent, self.heuristic = agent, heuristic
        self.name = agent.name
        self.decisions = self.differ = 0

    def reset(self, seed=None):
        super().reset(seed)
        self.agent.reset(self.rng.getrandbits(63))
        self.heuristic.reset(self.rng.getrandbits(63))

    def act(self, game, seat: int) -> int:
        move = self.agent.act(game, seat)
        if len(game.legal) > 1:
            self.decisions += 1
            self.differ += move != self.heuristic.act(game, seat)
        return move

    @property
    def share(self) -> float:
        return self.differ / max(self.decisions, 1)


class StepBar:
    """A run's progress bar: learner steps out of the run's total, as a
    percentage that stops at 100% (PPO ends on whole rollouts, a little past
    the total, and tqdm drops a total that is passed).  Does nothing when not
    ``enabled``."""

    def __init__(self, total: int, initial: int, desc: str, enabled: bool = True):
        self.bar = None
        if enabled:
            from tqdm import tqdm

            self.bar = tqdm(
                total=total, initial=min(initial, total), unit="step", desc=desc, smoothing=0.05
            )

    def to(self, steps: int) -> None:
        """Show ``steps`` done (at most the total)."""
        if self.bar is not None:
            self.bar.update(min(steps, self.bar.total) - self.bar.n)

    def show(self, entry: dict, kinds) -> None:
        """An evaluation's win rates beside the bar."""
        if self.bar is not None:
            shown = {k: f"{100 * entry[k]['win_rate']:.0f}%" for k in kinds}
            differs = entry.get("heuristic", {}).get("differs_from_heuristic")
            if differs is not None:  # how far the policy has moved off the heuristic
                shown["off heuristic"] = f"{100 * differs:.1f}%"
            self.bar.set_postfix(shown)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def evaluate(
    policy: Network | dict[str, Network],
    cfg: TrainConfig,
    games: int,
    seed: int,
    progress=False,
) -> dict:
    """Greedy policy vs ``n - 1`` copies of each baseline: ``zombie-envs evaluate``'s
    code path (``head_to_head``), seats rotated on shared seeds.  ``policy`` is
    one policy for every seat, or ``{role: policy}`` (see ``RolePolicyAgent``)."""

    counted = []  # against heuristic bots: how often the policy's move is not theirs

    def player(s):
        if isinstance(policy, dict):
            agent = RolePolicyAgent(policy, cfg, s)
        else:
            agent = PolicyAgent(policy, s, True, "policy", cfg.hint, cfg.env)
        if kind != "heuristic":
            return agent
        counted.append(Compared(agent, make_agent("heuristic", cfg.env, s)))
        return counted[-1]

    results = {}
    for kind in cfg.eval_opponents:
        match = head_to_head(
            cfg.env,
            cfg.players,
            player,
            kind,
            games,
            seed=seed,
            progress=progress,
            options=cfg.env_options,
        )
        results[kind] = match_figures(match)
    if counted:
        decisions = sum(c.decisions for c in counted)
        share = sum(c.differ for c in counted) / max(decisions, 1)
        results["heuristic"]["differs_from_heuristic"] = round(share, 4)
    return results


def match_figures(match) -> dict:
    """A head-to-head's figures as evaluations and policy metadata keep them."""
    return {
        "games": match.games,
        "win_rate": match.win_rate,
        "ci_low": match.ci[0],
        "ci_high": match.ci[1],
        "mean_score": match.mean_score,
        "truncated": match.truncated,
    }


def eval_score(results: dict) -> float:
    """The mean win rate over the baselines: what picks a run's best policy."""
    return sum(r["win_rate"] for r in results.values()) / len(results)


def append_eval(run_dir: Path, steps: int, wall_time: float, results: dict) -> None:
    """One row per baseline in ``eval.csv`` (the header when the file is new).
    ``differs_from_heuristic`` (the share of the policy's moves that are not the
    heuristic's, on the heuristic baseline's row) shows at once whether a run
    that keeps the same win rates is moving at all."""
    path = Path(run_dir) / "eval.csv"
    head = ["steps", "wall_time", "opponent", "games", *EVAL_COLUMNS, "differs_from_heuristic"]
    if path.exists():  # a run resumed from before the last column keeps its own columns
        with open(path, newline="") as f:
            head = next(csv.reader(f), head)
    with open(path, "a", newline="") as f:
        writer = csv.writer(f)
        if f.tell() == 0:
            writer.writerow(head)
        for kind, r in results.items():
            differs = r.get("differs_from_heuristic")
            row = [steps, wall_time, kind, r["games"]] + [f"{r[k]:.4f}" for k in EVAL_COLUMNS]
            row.append("" if differs is None else f"{differs:.4f}")
            writer.writerow(row[: len(head)])


def eval_metrics(results: dict) -> dict[str, float]:
    """An evaluation as the metric names ``metrics.csv`` and TensorBoard use."""
    values = {}
    for kind, r in results.items():
        values[f"eval/win_rate_vs_{kind}"] = r["win_rate"]
        values[f"eval/ci_low_vs_{kind}"] = r["ci_low"]
        if "differs_from_heuristic" in r:
            values["eval/differs_from_heuristic"] = r["differs_from_heuristic"]
    return values


def format_eval(entry: dict, cfg: TrainConfig) -> str:
    """The evaluation of a run, one line per baseline."""
    lines = [f"{cfg.env}, {cfg.players} players, after {entry['steps']:,} steps:"]
    for kind in cfg.eval_opponents:
        r = entry[kind]
        lines.append(
            f"  vs {cfg.players - 1} {kind}: {100 * r['win_rate']:.1f}% "
            f"[{100 * r['ci_low']:.1f}%, {100 * r['ci_high']:.1f}%] "
            f"over {count(r['games'], 'game')} (chance {100 / cfg.players:.1f}%)"
        )
        if "differs_from_heuristic" in r:
            share = 100 * r["differs_from_heuristic"]
            lines.append(
                f"  its move is not the heuristic's in {share:.1f}% of its decisions there"
            )
    return "\n".join(lines)


def format_overshoot(steps: int, cfg: TrainConfig, backend: str = "sb3") -> str | None:
    """Why a run ended past ``total_steps`` (none when it did not): learning
    stops only between rollouts."""
    if steps <= cfg.total_steps:
        return None
    if backend == "rllib":
        unit = "whole training batches"
    else:
        unit = f"whole rollouts of n_envs x ppo.n_steps = {cfg.n_envs * cfg.ppo.n_steps:,} steps"
    return f"total_steps {cfg.total_steps:,} rounded up to {steps:,}: training runs in {unit}"


def format_warm_start(figures: dict | None) -> str | None:
    """The warm start's figures on its test games, one line (none without one)."""
    if not figures or "agreement" not in figures:
        return None
    return (
        f"warm start, on {figures['test_samples']:,} decisions of test games no fit saw: "
        f"agreement with the teacher {100 * figures['agreement']:.1f}%, the critic explains "
        f"{figures['value_explained_variance']:.3f} of the returns' variance "
        f"(the seat alone {figures['seat_explained_variance']:.3f})" + _weakest(figures)
    )


def _weakest(figures: dict) -> str:
    """The kind of decision (of at least 5% of them) the fit agrees on least."""
    by_kind = figures.get("agreement_by_decision", {})
    kinds = [(a, k, s) for k, (s, a) in by_kind.items() if s >= 0.05]
    if not kinds:
        return ""
    agree, kind, share = min(kinds)
    return f"; least learnt: {kind} ({100 * share:.0f}% of decisions) at {100 * agree:.1f}%"


def plot_learning_curve(evals: list[dict], cfg: TrainConfig, path: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    steps = np.array([e["steps"] for e in evals])
    for kind, colour in zip(cfg.eval_opponents, ("tab:blue", "tab:red"), strict=False):
        rate = np.array([e[kind]["win_rate"] for e in evals])
        lo = np.array([e[kind]["ci_low"] for e in evals])
        hi = np.array([e[kind]["ci_high"] for e in evals])
        ax.plot(steps, rate, "o-", color=colour, label=f"vs {cfg.players - 1} {kind}")
        ax.fill_between(steps, lo, hi, color=colour, alpha=0.2)
    ax.axhline(1 / cfg.players, color="grey", ls="--", label=f"chance 1/{cfg.players}")
    ax.set_xlabel("learner steps")
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{cfg.env}, {cfg.players} players: greedy policy, seats rotated")
    ax.legend(loc="best")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


class MetricsCSV:
    """Appends ``step,key,value`` rows to ``metrics.csv``: a resumed run appends
    instead of overwriting, and new keys need no header."""

    def __init__(self, run_dir: Path):
        path = Path(run_dir) / "metrics.csv"
        new = not path.exists()
        self.file = open(path, "a", newline="")  # noqa: SIM115 - closed by close()
        self.writer = csv.writer(self.file)
        if new:
            self.writer.writerow(["step", "key", "value"])

    def write(self, key_values, key_excluded=None, step=0):
        for key, value in key_values.items():
            if isinstance(value, int | float | np.floating | np.integer):
                self.writer.writerow([step, key, f"{float(value):.6g}"])
        self.file.flush()

    def close(self):
        self.file.close()
