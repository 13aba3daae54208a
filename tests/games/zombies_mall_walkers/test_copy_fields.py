"""``MallState._copy``, the hand-written field-by-field copy a compiled engine's
``clone`` makes, copies what the pure build's ``clone`` copies, over states of
every option (``zombie_envs.testing.check_copy``)."""

from __future__ import annotations

import pytest

from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.testing import check_copy, state_clones


def _states():
    for scenario in ("standard", "search_and_rescue", "keys"):
        for seed in (1, 2):
            yield from state_clones(MallWalkers, 3, seed, every=9, scenario=scenario)
    yield from state_clones(MallWalkers, 6, 3, every=13, helipad="bottom")


def test_copy_carries_every_field():
    checked = check_copy(_states())
    if not checked:
        pytest.skip("the engine is compiled: its fields are not in __dict__")
    assert checked > 20
