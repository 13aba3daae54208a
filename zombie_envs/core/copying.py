"""How an engine's state is copied and written out: the rules ``Engine.clone``
follows for the pure build's ``__dict__`` (which lists to copy, how deep) and the
JSON form of saved states; a compiled engine's ``_copy`` copies its fields alike."""

from __future__ import annotations

import random
from typing import Any


def dup(value):
    """Copy a state field: nested lists are copied, byte arrays (``BYTE_FIELDS``)
    too, immutable values shared.  A list is nested when its first item is a list,
    and its items are alike (a table's rows all as deep); the other items of a list
    whose first is not a list are shared, so states never change them in place."""
    if type(value) is not list:
        return value[:] if type(value) is bytearray else value
    if not value or type(value[0]) is not list:
        return value[:]
    first = value[0]
    if first and type(first[0]) is not list:  # a table of flat rows: one call in C
        return list(map(list.copy, value))
    return [dup(v) for v in value]


def list_fields(state: dict, shared_items=()) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The attributes of ``state`` (an engine's ``__dict__``) that ``clone``
    copies: first those copied flat (byte arrays, lists of items but no lists
    among them, or items the engine never changes in place: ``shared_items``),
    then the other lists (tables, and lists still empty).  Noted when an engine
    is made or loaded: a field keeps its kind all game, so the note holds for
    every later state and copy (an attribute set later is shared)."""
    lists = [(k, v) for k, v in state.items() if type(v) in (list, bytearray)]
    flat = tuple(
        k
        for k, v in lists
        if type(v) is bytearray or k in shared_items or (v and list not in map(type, v))
    )
    return flat, tuple(k for k, _ in lists if k not in flat)


def copied(state: dict[str, Any], lists: tuple[tuple[str, ...], tuple[str, ...]]) -> dict:
    """A copy of an engine's ``__dict__``, its lists copied (``list_fields``)."""
    d = state.copy()
    flat, rest = lists
    try:
        for name in flat:
            d[name] = state[name][:]
    except TypeError:  # a hand-set state holds something else where a list was
        rest = flat + rest
    for name in rest:
        d[name] = dup(state[name])
    return d


def copy_random(rng: random.Random) -> random.Random:
    """A generator that draws what ``rng`` would (``__new__``: ``Random()`` would
    first seed itself from the OS, only to be overwritten)."""
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


def to_json(value):
    if isinstance(value, (list, tuple, bytearray)):
        return [to_json(v) for v in value]
    return value
