"""Mall of Horror through the PettingZoo API: what only this game has.  The checks
every env must pass are in ``tests/core/test_every_env.py``."""

from __future__ import annotations

import random

from zombie_envs import mall_of_horror_v0
from zombie_envs.games.mall_of_horror.data import COLOURS
from zombie_envs.games.mall_of_horror.engine import MallOfHorror
from zombie_envs.games.mall_of_horror.text import ansi
from zombie_envs.testing import legal_of, random_play


def test_env_with_ansi_render():
    env = mall_of_horror_v0.env(num_players=4, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text.startswith("Mall of Horror - round")
    assert "view of spectator" in text
    rng = random.Random(0)
    while not env.unwrapped.game.terminal:
        env.step(rng.choice(legal_of(env)))
    assert "GAME OVER" in env.render()


def test_ansi_render_of_a_seat_shows_its_hand():
    env = mall_of_horror_v0.env(num_players=3, render_mode="ansi", render_seat=1)
    env.reset(seed=3)
    text = env.render()
    assert f"view of {COLOURS[1]}" in text and "hand:" in text


def test_ansi_views_cover_every_seat():
    g = MallOfHorror(6, seed=2)
    random_play(g, random.Random(2), 40)
    for seat in [None, *range(6)]:
        text = ansi(g, seat)
        assert text.count("\n") >= 6 + 6


def test_max_rounds_caps_the_game():
    for seed in range(10):
        g = MallOfHorror(5, seed=seed, max_rounds=1)
        random_play(g, random.Random(seed))
        assert g.terminal and g.round == 1
