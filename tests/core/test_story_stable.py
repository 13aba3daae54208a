"""The stories the narrators tell stay word for word what they were: over seeded
random games of every env, every line told to seat 0 and to a spectator, and
the phase line at each decision, hashed per game and compared with the hashes
stored in ``tests/data/stories.json``.  A narrator rewritten in another form must
tell the same story; a change meant to reword one is recorded again with
``python -m tests.core.test_story_stable [ENV ...]`` (the envs named, else all)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from zombie_envs import ENVS
from zombie_envs.core.narration import narrator_of, story
from zombie_envs.registry import engine_class

STORED = Path(__file__).resolve().parents[1] / "data" / "stories.json"
SEEDS = (0, 1, 2)


def game_hash(env: str, seed: int) -> str:
    cls = engine_class(env)
    g = cls(cls.default_players, seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    moves = 0
    while not g.terminal and moves < 3000:
        action = rng.choice(g.legal)
        for viewer in (0, None):
            digest.update("\n".join(story(g, action, viewer)).encode())
        digest.update(narrator_of(g).phase(g, 0).encode())
        g.apply(action)
        moves += 1
    return digest.hexdigest()


@pytest.mark.parametrize("env", sorted(ENVS))
def test_the_story_of_seeded_games_is_unchanged(env):
    stored = json.loads(STORED.read_text())
    assert [game_hash(env, s) for s in SEEDS] == stored[env], (
        f"the story of {env} changed; if meant, run python -m tests.core.test_story_stable"
    )


if __name__ == "__main__":
    import sys

    envs = sys.argv[1:] or sorted(ENVS)
    stored = json.loads(STORED.read_text()) if STORED.exists() else {}
    stored.update({env: [game_hash(env, s) for s in SEEDS] for env in envs})
    STORED.write_text(json.dumps(dict(sorted(stored.items())), indent=1) + "\n")
    print(f"wrote {', '.join(envs)} in {STORED}")
