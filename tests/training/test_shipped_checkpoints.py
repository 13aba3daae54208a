"""The checkpoints shipped in ``checkpoints/``: small, loadable without torch,
matched to their env, and playing legal games.  Their strength is measured by
``zombie-envs evaluate`` (see docs/training.md), not asserted here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zombie_envs.agents import make_agent
from zombie_envs.agents.policy import load_policy
from zombie_envs.match import head_to_head

ROOT = Path(__file__).parents[2] / "checkpoints"
GAMES = {"mall_of_horror": ("mall_of_horror_v0", 4), "we_are_dead": ("we_are_dead_v0", 3)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_shipped_checkpoint(game):
    env, players = GAMES[game]
    path = ROOT / game / "policy.zip"
    assert path.stat().st_size < 5 * 2**20
    policy, meta = load_policy(path)
    assert (meta["env"], meta["num_players"]) == (env, players)
    assert json.loads((ROOT / game / "metadata.json").read_text()) == meta
    agent = make_agent(f"ckpt:{path}", env, seed=0, num_players=players)
    assert agent.policy == policy
    h = head_to_head(env, players, agent, "heuristic", players, progress=False)
    assert h.games == players  # every action it chose was legal


def test_playing_a_checkpoint_needs_no_torch():
    import subprocess
    import sys

    code = (
        "import sys; from zombie_envs.match import head_to_head; "
        "h = head_to_head('mall_of_horror_v0', 4, "
        f"'ckpt:{ROOT / 'mall_of_horror' / 'policy.zip'}', 'random', 4, progress=False); "
        "assert h.games == 4; assert 'torch' not in sys.modules, 'torch was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
