"""``MaulState._copy``, the hand-written field-by-field copy a compiled engine's
``clone`` makes, copies what the pure build's ``clone`` copies, over states of
every option (``zombie_envs.testing.check_copy``)."""

from __future__ import annotations

import pytest

from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.testing import check_copy, state_clones


def _states():
    for options in ({}, {"map_draft": "play"}):
        for seed in (1, 2):
            yield from state_clones(MaulOfAmerica, 3, seed, every=7, **options)
    yield from state_clones(MaulOfAmerica, 5, 3, every=11)


def test_copy_carries_every_field():
    checked = check_copy(_states())
    if not checked:
        pytest.skip("the engine is compiled: its fields are not in __dict__")
    assert checked > 20
