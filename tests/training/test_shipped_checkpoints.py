"""The checkpoints shipped in ``checkpoints/``: small, loadable without torch,
matched to their env, and playing legal games.  Their strength is measured by
``zombie-envs evaluate`` (see docs/training.md), not asserted here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zombie_envs import ENVS
from zombie_envs.agents import make_agent, pretrained_agents
from zombie_envs.agents.policy_file import load_policy
from zombie_envs.agents.pretrained import pretrained_for
from zombie_envs.match import head_to_head
from zombie_envs.registry import game_type

ROOT = Path(__file__).parents[2] / "checkpoints"
SHIPPED = {agent.name: agent for agent in pretrained_agents()}


def test_every_game_ships_a_policy_for_its_default_table():
    for env in ENVS:
        cls = ENVS[env].raw_env.engine_cls
        assert pretrained_for(env, cls.default_players).path.parent.parent == ROOT


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_shipped_checkpoint(game):
    meta = SHIPPED[game].metadata
    env, players = meta["env"], meta["num_players"]
    path = ROOT / game / "policy.zip"
    assert path.stat().st_size < 5 * 2**20
    policy, meta = load_policy(path)
    assert json.loads((ROOT / game / "metadata.json").read_text()) == meta
    agent = make_agent(f"ckpt:{path}", env, seed=0, num_players=players)
    assert agent.policy == policy
    h = head_to_head(env, players, agent, "heuristic", players, progress=False)
    assert h.games == players  # every action it chose was legal
    for role in dict.fromkeys(game_type(env).roles):  # and in each role's seats alone
        h = head_to_head(env, players, agent, "heuristic", 1, progress=False, role=role)
        assert h.games == len(game_type(env).seats_of(role, players))


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
