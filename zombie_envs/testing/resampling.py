"""Checks of ``Engine.resample`` for any game: a resampled state looks the same to
its seat and plays on, while what is hidden from the seat really changes.

A search agent plans on resampled states, so a resample that shows the seat
anything else leaks or loses information, and one that never changes a hidden
item is no sample at all; both are checked at many random positions.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import numpy as np

from .random_games import MAX_DECISIONS, game_states, random_play
from .secrecy import differing


def check_resample(
    engine_cls,
    num_players: int,
    seeds,
    hidden: dict[str, Callable],
    kept: Callable,
    every: int = 7,
    draws: int = 3,
    also: Callable = lambda g: False,
    **options,
) -> Counter:
    """At every ``every``-th decision of seeded random games (and wherever
    ``also(g)`` holds: rare secrets), for every seat,
    ``draws`` resamples must leave the true state alone, show the seat the same
    observation, acting seat, decision, text view and (when it acts) legal
    actions, keep ``kept(g, seat)`` (where the seat saw its cards go, and what no
    redraw may change) and get a generator of their own; one resample per
    state, for seats in turn, plays on to the end after a ``to_dict`` round trip.  Returns how many
    resamples changed each ``hidden`` item (name: ``f(g, seat)``), for the test
    to check that each one varies."""
    ansi = engine_cls.game_type.text_module.ansi
    rng = random.Random(1)
    varied: Counter = Counter()
    for seed in seeds:
        for step, g in enumerate(
            game_states(engine_cls, num_players, seed, MAX_DECISIONS, **options)
        ):
            if step % every and not also(g):
                continue
            before = g.to_dict()
            for seat in range(num_players):
                where = f"seed {seed}, decision {step}, seat {seat}"
                for draw in range(draws):
                    r = g.resample(seat, rng)
                    _check_same_to(g, r, seat, where)
                    assert ansi(r, seat) == ansi(g, seat), f"{where}: text view"
                    assert kept(r, seat) == kept(g, seat), f"{where}: a seen card moved"
                    assert r.rng.getstate() != g.rng.getstate(), f"{where}: same future dice"
                    varied.update(name for name, f in hidden.items() if f(r, seat) != f(g, seat))
                    if draw == 0 and seat == step % num_players:
                        loaded = engine_cls.from_dict(json.loads(json.dumps(r.to_dict())))
                        random_play(loaded, random.Random(step))
            assert g.to_dict() == before, f"seed {seed}, decision {step}: the true state changed"
    return varied


def _check_same_to(g, r, seat: int, where: str) -> None:
    a, b = g.observation(seat), r.observation(seat)
    assert np.array_equal(a, b), f"{where}: observation differs: {differing(g.obs_layout, a, b)}"
    assert (r.current_player, r.decision, r.terminal) == (g.current_player, g.decision, g.terminal)
    if seat == g.current_player:
        assert r.legal == g.legal, f"{where}: legal actions differ"
