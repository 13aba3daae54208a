"""Every action of every env has a name (``action_to_str``), whatever the options and
the state: a non-empty string, never a word said twice in a row, and no two actions
of one state with the same name (an action a state cannot take, such as a square of
another board or a seat not in the game, says so)."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest

from tests.envs_under_test import ENV_NAMES, MODULES, declared
from zombie_envs import ENVS
from zombie_envs.games.we_are_dead.data import board
from zombie_envs.testing.random_games import play_env

DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)


def option_sets():
    """Every env under every combination of its options that take a fixed set of values."""
    for name in ENV_NAMES:
        chosen = [o for o in MODULES[name].raw_env.engine_cls.game_type.options if o.choices]
        for combo in itertools.product(*(o.choices for o in chosen)):
            yield name, {o.name: v for o, v in zip(chosen, combo, strict=True)}


CASES = list(option_sets())
IDS = ["-".join([name, *opts.values()]) for name, opts in CASES]


def _check(env) -> None:
    u = env.unwrapped
    names = [u.action_to_str(a) for a in range(u.game.num_actions)]
    assert all(isinstance(n, str) and n.strip() for n in names)
    doubled = [n for n in names if DOUBLED.search(n)]
    assert not doubled, doubled[:5]
    twice = {
        n: [a for a, m in enumerate(names) if m == n] for n, k in Counter(names).items() if k > 1
    }
    assert not twice, (u.game.decision, dict(list(twice.items())[:5]))


@pytest.mark.parametrize(("env_name", "options"), CASES, ids=IDS)
def test_every_action_has_a_name_of_its_own(env_name, options, monkeypatch):
    declared(env_name, monkeypatch)
    env = ENVS[env_name].env(**options)
    env.reset(seed=2)
    rng = random.Random(2)
    for _ in range(8):  # several decisions along a random game
        _check(env)
        play_env(env, rng, 30)
        if env.unwrapped.game.terminal:
            break


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_every_action_has_a_name_with_the_fewest_seats(env_name, monkeypatch):
    """Relative seats past the last seat of a small game are named, and apart."""
    fewest = declared(env_name, monkeypatch).min_players
    env = ENVS[env_name].env(num_players=fewest)
    env.reset(seed=4)
    _check(env)


def test_a_square_off_the_board_is_named_as_an_error():
    b = board("mall")
    assert b.label(b.size - 1)
    for bad in (b.size, -1):
        with pytest.raises(ValueError, match=rf"no square {bad}; its squares are 0-{b.size - 1}"):
            b.label(bad)
