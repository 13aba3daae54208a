"""Checks that a secret does not leak through which decisions are posed, for any engine.

Two states that differ only in a secret must ask the same seat the same kind of
decision as long as the same actions are played: otherwise the seats watching
learn the secret from who is asked what.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable


def posed(g) -> tuple:
    """Who decides what, and whether the game is over."""
    return g.current_player, g.decision, g.terminal


def same_decisions(
    a, b, rng, steps: int, exercised: Counter, until: Callable | None = None
) -> str | None:
    """Play actions legal in both ``a`` and ``b`` for up to ``steps`` decisions;
    a message at the first decision that tells them apart (None if none does).

    ``exercised`` counts, per decision kind, the decisions whose legal actions
    differed (so a test can assert the secret mattered); ``until(a, b)`` ends the
    check early, once the secret is revealed."""
    for step in range(steps):
        if until is not None and until(a, b):
            return None
        if posed(a) != posed(b):
            return f"after {step} shared actions: {posed(a)} vs {posed(b)}"
        if a.terminal:
            return None
        if a.legal != b.legal:
            exercised[a.decision] += 1
        both = [x for x in a.legal if x in b.legal]
        if not both:
            return None
        action = rng.choice(both)
        a.apply(action)
        b.apply(action)
    return None
