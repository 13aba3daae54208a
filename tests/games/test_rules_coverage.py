"""Every game's rules coverage table (``docs/games/<game>.md``) is complete and points at
real tests: each id of the rule checklists its declaration names appears exactly once,
either as covered by one or more tests (which exist and name the id) or as not a rule,
with a word why (the checks: ``tests/rules_coverage.py``)."""

from __future__ import annotations

import pytest

from tests.core.toy_game import TOY
from tests.rules_coverage import CHECKS, Coverage
from zombie_envs import ENVS
from zombie_envs.registry import game_type

#: every game of the suite, and the toy (which declares it ships no rulebook)
GAMES = [*(game_type(env) for env in sorted(ENVS)), TOY]


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_rules_coverage(game, check):
    getattr(Coverage(game), check)()
