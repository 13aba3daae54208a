"""The policies shipped with the package, found by env rather than by path.

They live in the repository's ``checkpoints/<name>/policy.zip``, which installs
as ``zombie_envs.checkpoints`` (see ``registry.shipped_folder``), so
``make_agent("pretrained", env)`` works from any working directory once the
package is installed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..registry import canonical_env, shipped_folder
from .policy_file import read_metadata


@dataclass(frozen=True)
class Pretrained:
    """A shipped policy: its folder's name, its file and its checked metadata."""

    name: str
    path: Path
    metadata: dict

    def describe(self) -> str:
        return f"{self.name} ({self.metadata['env']}, {self.metadata['num_players']} players)"


def pretrained_agents() -> list[Pretrained]:
    """Every shipped policy, by folder name."""
    folders = sorted(shipped_folder("checkpoints").iterdir())
    paths = [folder / "policy.zip" for folder in folders if (folder / "policy.zip").is_file()]
    return [Pretrained(path.parent.name, path, read_metadata(path)) for path in paths]


def pretrained_for(env_name: str, num_players: int | None = None) -> Pretrained:
    """The shipped policy for an env (and player count, when given); ``ValueError``
    naming the shipped ones when none fits."""
    env = canonical_env(env_name)
    shipped = pretrained_agents()
    for agent in shipped:
        meta = agent.metadata
        if meta["env"] == env and num_players in (None, meta["num_players"]):
            return agent
    players = "" if num_players is None else f" with {num_players} players"
    listed = ", ".join(agent.describe() for agent in shipped) or "none"
    raise ValueError(f"no pretrained agent plays {env}{players}; shipped: {listed}")


def _edge(figures: dict) -> dict | None:
    return figures.get("heuristic", {}).get("edge")


def _points(edge: dict) -> str:
    return f"{100 * edge['edge']:+.1f} [{100 * edge['ci_low']:+.1f}, {100 * edge['ci_high']:+.1f}]"


def _edges(meta: dict) -> list[tuple[str, dict]]:
    """The edges over the heuristic that ``benchmarks/ship_policy.py`` wrote
    into the metadata: every seat's, then each role's."""
    figures = meta.get("reevaluated", {})
    edges = [("", _edge(figures))]
    edges += [(f"as {role}", _edge(r)) for role, r in sorted(figures.get("roles", {}).items())]
    return [(who, e) for who, e in edges if e is not None]


def verdict(meta: dict) -> str:
    """How a shipped policy compares with the heuristic in its seats, in a few
    words: what the README, the game pages, ``zombie-envs agents`` and the web
    set-up page all say, so none offers a copy of the heuristic as trained."""
    edges = [e for _, e in _edges(meta)]
    if not edges:
        return "not measured against the heuristic in its place"
    if all(e["ci_low"] > 0 for e in edges):
        return "beats the heuristic"
    if all(e["ci_high"] < 0 for e in edges):
        return "plays below the heuristic"
    if any(e["ci_low"] > 0 for e in edges):
        return "beats the heuristic in some roles"
    return "plays at the heuristic's level"


def standing(meta: dict) -> str:
    """``verdict`` with the edges it rests on."""
    edges = _edges(meta)
    if not edges:
        return verdict(meta)
    said = ", ".join(f"{who} {_points(e)}".strip() for who, e in edges)
    return f"{verdict(meta)} (edge in points, 95% interval: {said})"


def _rate(figures: dict) -> str:
    if not figures:
        return ""
    return (
        f"{100 * figures['win_rate']:.1f}% "
        f"[{100 * figures['ci_low']:.1f}, {100 * figures['ci_high']:.1f}]"
    )


def shipped_table() -> str:
    """The shipped policies as a Markdown table, from their metadata alone."""
    rows = [
        "| checkpoint | trained | vs random bots | vs heuristic bots "
        "| the heuristic in its place | chance | standing |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for agent in pretrained_agents():
        meta = agent.metadata
        figures = meta.get("reevaluated") or meta.get("eval") or {}
        heuristic = figures.get("heuristic", {})
        network = meta.get("network", "mlp")
        trained = f"{meta['steps'] / 1e6:.1f}M steps, {meta['wall_time_s'] / 60:.0f} min"
        rows.append(
            f"| `checkpoints/{agent.name}/policy.zip` ({meta['num_players']} players, "
            f"{network} network) | {trained} | {_rate(figures.get('random', {}))} "
            f"| {_rate(heuristic)} | {_rate(heuristic.get('heuristic_itself', {}))} "
            f"| {100 / meta['num_players']:.1f}% | {standing(meta)} |"
        )
    return "\n".join(rows)
