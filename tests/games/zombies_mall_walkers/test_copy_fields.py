"""``MallState._copy``, the hand-written field-by-field copy a compiled engine's
``clone`` makes, covers every attribute the engine holds: run on the pure build,
where every attribute is in ``__dict__``, it must give back each one, equal, and
with the lists copied as the pure build's ``clone`` copies them (``core.copying.copied``:
the same lists shared, the placed tiles' rows among them, the same ones fresh), so
a field added later cannot be left out of it."""

from __future__ import annotations

import pytest

from zombie_envs.core.copying import copied as _copied
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.testing import state_clones


def _sharing(value, copied, expected, where: str) -> None:
    """``copied`` shares exactly the lists ``expected`` (the pure clone's) shares."""
    if type(value) is not list:
        return
    assert (copied is value) == (expected is value), f"{where}: shared unlike the pure clone"
    for i, (v, c, e) in enumerate(zip(value, copied, expected, strict=True)):
        _sharing(v, c, e, f"{where}[{i}]")


def _states():
    for scenario in ("standard", "search_and_rescue", "keys"):
        for seed in (1, 2):
            yield from state_clones(MallWalkers, 3, seed, every=9, scenario=scenario)
    yield from state_clones(MallWalkers, 6, 3, every=13, helipad="bottom")


def test_copy_carries_every_field():
    checked = 0
    for g in _states():
        state = getattr(g, "__dict__", {})
        if "tasks" not in state:  # the compiled build: nothing to compare against
            pytest.skip("the engine is compiled: its fields are not in __dict__")
        new = g._copy()
        expected = _copied(state, g._lists)
        assert set(state) <= set(vars(new)), "fields _copy leaves out"
        for name in set(vars(new)) - set(state):  # class defaults (``rolled``) set
            assert getattr(new, name) == getattr(g, name), f"{name} differs in the copy"
        for name, value in state.items():
            assert getattr(new, name) == value, f"{name} differs in the copy"
            _sharing(value, getattr(new, name), expected[name], name)
        assert new.to_dict() == g.to_dict()
        checked += 1
    assert checked > 20
