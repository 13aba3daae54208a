"""What shipped policies and people's files depend on stays byte for byte what it
was: over seeded random games of every env configuration under test (fewest
and most players, each fixed-choice option), each seat's observation and action
mask, the central state vector, the legal action ids and their names at every
decision, the saved state (``to_dict``) every few moves and the finished game's
record, hashed per game and compared with ``tests/data/bytes.json``.  A change
that is meant to alter one is recorded again with
``python -m tests.core.test_bytes_stable``."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from tests.envs_under_test import CONFIGS, Config
from zombie_envs import ENVS
from zombie_envs.records import stamped_record

STORED = Path(__file__).resolve().parents[1] / "data" / "bytes.json"
SEEDS = (0, 1)
SAVE_EVERY = 7


def canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


GAMES = [c for c in CONFIGS if c.name in ENVS]


def game_hash(config: Config, seed: int) -> str:
    env = config.name
    g = config.engine(seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    actions = []
    while not g.terminal and len(actions) < 3000:
        for seat in range(g.num_players):
            digest.update(g.observation(seat).tobytes())
        digest.update(g.state_vector().tobytes())
        digest.update(g.legal_mask().tobytes())
        legal = g.legal
        digest.update(canonical([[a, g.action_name(a)] for a in legal]))
        if len(actions) % SAVE_EVERY == 0:
            digest.update(canonical(g.to_dict()))
        action = rng.choice(legal)
        g.apply(action)
        actions.append(action)
    digest.update(canonical(g.to_dict()))
    record = stamped_record(
        env, g.num_players, dict(g.options), seed, [f"random-{i}" for i in range(g.num_players)],
        actions, g.scores(), g.final_winners(),
    )  # fmt: skip
    record.pop("package_version", None)  # the release, not the game
    record.pop("check", None)  # covers the version: the rest of the record is the game
    digest.update(canonical(record))
    return digest.hexdigest()


def current() -> dict:
    return {c.id: [game_hash(c, s) for s in SEEDS] for c in GAMES}


@pytest.mark.parametrize("config", GAMES, ids=lambda c: c.id)
def test_observations_masks_actions_states_and_records_are_unchanged(config):
    stored = json.loads(STORED.read_text())
    assert [game_hash(config, s) for s in SEEDS] == stored[config.id], (
        f"the bytes of {config.id}'s seeded games changed; if meant, run "
        "python -m tests.core.test_bytes_stable"
    )


if __name__ == "__main__":
    STORED.write_text(json.dumps(current(), indent=1) + "\n")
    print(f"wrote {STORED}")
