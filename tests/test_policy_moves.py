"""Trained policies keep playing the same games: the observation, mask and state
layouts and the engines' random draws must not change under a refactor.

``tests/data/policy_moves.json`` holds, for each policy and a few fixed seeds, the
greedy actions of the policy playing every seat and a hash of every seat's
observation, the mask and the state at each decision.  A layout that moves a
byte, a draw taken in another order or a bot (the policies read the heuristic's
choice as a hint) that decides otherwise changes a hash or a move.

    python -m tests.test_policy_moves    # rewrite the fixture (only for a new layout)
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from zombie_envs.agents import make_agent, pretrained_agents
from zombie_envs.registry import engine_class

ROOT = Path(__file__).parents[1]
FIXTURE = ROOT / "tests" / "data" / "policy_moves.json"
#: env, players, policy file: every shipped checkpoint
POLICIES = {
    a.name: (a.metadata["env"], a.metadata["num_players"], f"checkpoints/{a.name}/policy.zip")
    for a in pretrained_agents()
}
SEEDS = (0, 1, 2)


def _digest(g) -> str:
    h = hashlib.sha256()
    for seat in range(g.num_players):
        h.update(g.observation(seat).tobytes())
    h.update(g.legal_mask().tobytes())
    h.update(g.state_vector().tobytes())
    return h.hexdigest()[:12]


def play(game: str, seed: int) -> dict:
    """One game of the policy against itself: its moves and a digest per decision."""
    env, players, path = POLICIES[game]
    agents = [
        make_agent(f"ckpt:{ROOT / path}", env, seed=seat, num_players=players)
        for seat in range(players)
    ]
    g = engine_class(env)(players, seed=seed)
    moves, digests = [], []
    while not g.terminal:
        digests.append(_digest(g))
        action = agents[g.current_player].act(g, g.current_player)
        moves.append(action)
        g.apply(action)
    digests.append(_digest(g))
    return {"moves": moves, "digests": digests, "scores": g.scores()}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", sorted(POLICIES))
def test_policy_plays_the_recorded_game(game, seed):
    expected = json.loads(FIXTURE.read_text())[game][str(seed)]
    got = play(game, seed)
    for i, (want, have) in enumerate(zip(expected["digests"], got["digests"], strict=False)):
        assert have == want, f"decision {i}: observation, mask or state changed"
        if i < len(expected["moves"]):
            assert got["moves"][i] == expected["moves"][i], f"decision {i}: another move"
    assert got == expected


if __name__ == "__main__":
    fixture = {game: {str(s): play(game, s) for s in SEEDS} for game in sorted(POLICIES)}
    FIXTURE.write_text(json.dumps(fixture, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE}")
