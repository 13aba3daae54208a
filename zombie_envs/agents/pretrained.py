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
