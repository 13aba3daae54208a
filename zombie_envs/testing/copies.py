"""The check that a compiled engine's hand-written ``_copy`` copies what the pure
build's ``clone`` copies: run on the pure build, where every attribute is in
``__dict__``, so a field added later cannot be left out of ``_copy``."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.copying import copied


def _sharing(value, got, expected, where: str) -> None:
    """``got`` shares exactly the lists and byte arrays ``expected`` (the pure
    clone's) shares."""
    if type(value) not in (list, bytearray):
        return
    assert (got is value) == (expected is value), f"{where}: shared unlike the pure clone"
    for i, (v, c, e) in enumerate(zip(value, got, expected, strict=True)):
        _sharing(v, c, e, f"{where}[{i}]")


def check_copy(states: Iterable) -> int:
    """Each engine state's ``_copy`` gives back every attribute, equal, lists shared
    or fresh as the pure ``clone`` makes them (``copied``), and the same saved state;
    the number of states checked, 0 when the engine is compiled (its fields are not
    in ``__dict__``: nothing to compare against)."""
    checked = 0
    for g in states:
        state = getattr(g, "__dict__", {})
        if "tasks" not in state:
            return 0
        new = g._copy()
        expected = copied(state, g._lists)
        assert set(state) <= set(vars(new)), "fields _copy leaves out"
        for name in set(vars(new)) - set(state):  # class defaults (``rolled``) set
            assert getattr(new, name) == getattr(g, name), f"{name} differs in the copy"
        for name, value in state.items():
            assert getattr(new, name) == value, f"{name} differs in the copy"
            _sharing(value, getattr(new, name), expected[name], name)
        assert new.to_dict() == g.to_dict()
        checked += 1
    return checked
