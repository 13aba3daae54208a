"""Checks that a secret stays with the seats allowed to see it, for any engine.

``check_secret(g, c, seers, ...)``: ``c`` is a copy of ``g`` that differs only
in one secret; every seat outside ``seers`` must get the same observation and
text view from both, every seat in ``seers`` a different observation, and the
central-critic state must show the change.  ``check_leak_tests``: each secret a
game's visibility model declares has such a test, marked ``@leak_test(name)``.
``check_env_views``: the same through the env, masks included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np


def find_states(games: Iterable, pred: Callable, count: int = 4) -> list:
    """Clones of the first state of ``count`` different games where ``pred`` holds;
    ``games`` yields (seed, engine) at each decision of seeded random games."""
    found, used = [], set()
    for seed, g in games:
        if seed not in used and pred(g):
            found.append(g.clone())
            used.add(seed)
            if len(found) == count:
                break
    assert found, "no state found for this secret"
    return found


def differing(layout, a, b) -> list[str]:
    """Names of the observation entries that differ, for failure messages."""
    return [
        f"{block.name}[{block.labels[offset]}]"
        for block, offset in (layout.locate(int(i)) for i in np.flatnonzero(a != b))
    ]


def check_secret(g, c, seers, picture=False, seers_text=False) -> None:
    """``c`` differs from ``g`` only in a secret that exactly ``seers`` may see;
    with ``seers_text`` their own text view must show it too."""
    ansi = g.game_type.text_module.ansi
    for s in range(g.num_players):
        a, b = g.observation(s), c.observation(s)
        if s in seers:
            assert not np.array_equal(a, b), f"seat {s} should see the change"
            if seers_text:
                assert ansi(g, s) != ansi(c, s), f"ansi view of seat {s} misses it"
        else:
            assert np.array_equal(a, b), (
                f"seat {s} sees a secret of seats {sorted(seers)}: "
                f"{differing(g.state_layout, a, b)}"
            )
            assert ansi(g, s) == ansi(c, s), f"ansi view of seat {s} leaks"
    _check_public_views(g, c, picture)
    assert not np.array_equal(g.state_vector(), c.state_vector()), "state vector misses it"


def _check_public_views(g, c, picture: bool) -> None:
    """The spectator's text view and, with ``picture``, the picture are the same."""
    ansi = g.game_type.text_module.ansi
    assert ansi(g, None) == ansi(c, None), "spectator ansi view leaks"
    if picture:
        rgb = g.game_type.picture_module.rgb
        assert np.array_equal(rgb(g), rgb(c)), "the picture leaks"


def swap_with_deck(c, old: int, new: int) -> None:
    """Put a card of kind ``old`` in the deck in place of one of kind ``new``."""
    c.deck[c.deck.index(new)] = old


def check_hidden_from_all(g, c, picture=False) -> None:
    """``c`` differs from ``g`` only in what no seat may see (deck order, tokens
    still to place): every observation and view is the same."""
    ansi = g.game_type.text_module.ansi
    for s in range(g.num_players):
        assert np.array_equal(g.observation(s), c.observation(s)), f"seat {s} sees it"
        assert ansi(g, s) == ansi(c, s), f"ansi view of seat {s} leaks"
    _check_public_views(g, c, picture)


def check_env_views(raw_env, g, c, seat: int) -> None:
    """Through the env, twin states ``g`` and ``c`` that differ in ``seat``'s
    hand: that seat's mask is its own legal actions in each, and every other
    seat sees no mask and the same observation in both."""
    env = raw_env(num_players=g.num_players)
    env.reset(seed=0)
    views = []
    for x in (g, c):
        env.game = x
        views.append({a: env.observe(a) for a in env.possible_agents})
        mask = views[-1][f"player_{seat}"]["action_mask"]
        assert np.flatnonzero(mask).tolist() == sorted(x.legal)
    for s, agent in enumerate(env.possible_agents):
        if s == seat:
            continue
        for view in views:
            assert not view[agent]["action_mask"].any(), f"{agent} sees seat {seat}'s mask"
        assert np.array_equal(views[0][agent]["observation"], views[1][agent]["observation"])


def leak_test(secret: str) -> Callable:
    """Mark a test as the leak test of one secret of the game's visibility model."""

    def mark(test):
        test.leak_test_of = secret
        return test

    return mark


def check_leak_tests(visibility_cls, namespace: dict) -> None:
    """Every secret ``visibility_cls`` declares has a test marked ``@leak_test`` in
    ``namespace`` (a test module's ``globals()``), and every mark names a declared one."""
    marked = {getattr(f, "leak_test_of", None) for f in namespace.values() if callable(f)}
    marked.discard(None)
    declared = set(visibility_cls.secrets)
    assert marked == declared, (
        f"secrets with no leak test: {sorted(declared - marked)}; "
        f"leak tests of undeclared secrets: {sorted(marked - declared)}"
    )
