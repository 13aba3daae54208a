"""Mall of Horror views: PettingZoo's render checks, the board picture, and that
neither the picture nor the spectator text leaks hands, dice or secret choices."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import render_test

from zombie_envs import mall_of_horror_v0
from zombie_envs.games.mall_of_horror import picture
from zombie_envs.games.mall_of_horror.data import CARD_NAMES, NUM_LOCATIONS
from zombie_envs.games.mall_of_horror.engine import OPEN, MallOfHorror
from zombie_envs.games.mall_of_horror.text import ansi, legend
from zombie_envs.testing import state_clones


def random_states(num_players: int, seed: int, every: int = 1):
    return state_clones(MallOfHorror, num_players, seed, every)


def panel_box(L: int) -> tuple[int, int, int, int]:
    row, col = divmod(L, 3)
    x = picture.MARGIN + col * (picture.PANEL_W + picture.GAP)
    y = picture.BOARD_Y + row * (picture.PANEL_H + picture.GAP)
    return x, y, x + picture.PANEL_W, y + picture.PANEL_H


@pytest.mark.parametrize("num_players", [3, 4, 5, 6])
def test_pettingzoo_render_test(num_players):
    render_test(
        lambda render_mode: mall_of_horror_v0.env(num_players=num_players, render_mode=render_mode)
    )


@pytest.mark.parametrize("num_players", [3, 4, 5, 6])
def test_rgb_array_shape_and_dtype(num_players):
    env = mall_of_horror_v0.env(num_players=num_players, render_mode="rgb_array")
    env.reset(seed=num_players)
    pixels = env.render()
    assert isinstance(pixels, np.ndarray)
    assert pixels.shape == (picture.HEIGHT, picture.WIDTH, 3) and pixels.dtype == np.uint8
    packed = pixels.astype(np.int32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.int32)
    assert len(np.unique(packed)) > 10
    for g in random_states(num_players, seed=num_players, every=25):
        out = picture.rgb(g)
        assert out.shape == (picture.HEIGHT, picture.WIDTH, 3) and out.dtype == np.uint8
    assert g.terminal


def test_picture_changes_only_in_the_panel_that_gains_a_zombie():
    g = next(s for s in random_states(5, seed=2) if s.round >= 2)
    before = picture.rgb(g)
    for L in range(NUM_LOCATIONS):
        if g.closed[L] != OPEN:
            continue
        h = g.clone()
        h.zombies[L] += 1
        changed = (picture.rgb(h) != before).any(axis=2)
        assert changed.any(), f"adding a zombie at {L + 1} changed nothing"
        ys, xs = np.nonzero(changed)
        x0, y0, x1, y1 = panel_box(L)
        assert x0 <= xs.min() and xs.max() < x1 and y0 <= ys.min() and ys.max() < y1


def test_the_result_is_in_the_title_strip_and_the_attack_highlighted():
    *_, end = random_states(4, seed=5)
    done = picture.rgb(end)
    live = end.clone()
    live.terminal = False
    live.a_loc = -1  # a finished game highlights no attack
    playing = picture.rgb(live)
    title = slice(0, picture.BOARD_Y)
    assert (done[title] != playing[title]).any()  # "Game over - ..." in the title strip
    locations = (slice(picture.BOARD_Y, None), slice(0, picture.MARGIN + picture.BOARD_W))
    assert (done[locations] == playing[locations]).all()  # no location is covered
    g = next(s for s in random_states(6, seed=3) if s.a_loc >= 0)
    calm = g.clone()
    calm.a_loc = -1
    x0, y0, x1, y1 = panel_box(g.a_loc)
    assert tuple(picture.rgb(g)[y0 - 2, x0 + 20]) == picture.ALERT
    assert tuple(picture.rgb(calm)[y0 - 2, x0 + 20]) == picture.BG


def _hide_secrets(g: MallOfHorror) -> MallOfHorror:
    """The same public state with every secret changed."""
    h = g.clone()
    for s in range(h.num_players):
        size = sum(h.hands[s])
        h.hands[s] = [0] * len(CARD_NAMES)
        h.hands[s][(s + 3) % len(CARD_NAMES)] = size
        if h.dest[s] >= 0 and not h.dest_public[s]:
            h.dest[s] = (h.dest[s] + 1) % NUM_LOCATIONS
        if h.v_ballots[s] >= 0:
            h.v_ballots[s] = (h.v_ballots[s] + 1) % h.num_players
    if h.dice[0] >= 0:
        h.dice = [(d + 1) % NUM_LOCATIONS for d in h.dice]
    h.deck = sorted(h.deck)
    return h


@pytest.mark.parametrize("num_players", [3, 5, 6])
def test_picture_shows_no_secrets(num_players):
    for g in random_states(num_players, seed=11, every=5):
        np.testing.assert_array_equal(picture.rgb(g), picture.rgb(_hide_secrets(g)))


@pytest.mark.parametrize("num_players", [3, 4, 5, 6])
def test_spectator_text_hides_hands_and_dice(num_players):
    saw_dice = 0
    for seed in range(3):
        for g in random_states(num_players, seed=seed):
            spectator = ansi(g, None)
            assert "spectator" in spectator
            assert "hand:" not in spectator and "arrival dice" not in spectator
            board = spectator.split("\n  to act:")[0]  # "may play a Threat" tells no hand
            assert not any(name in board for name in CARD_NAMES)
            assert spectator == ansi(_hide_secrets(g), None)
            for s in range(num_players):
                mine = ansi(g, s)
                assert mine.count("hand:") == 1
                for card, count in enumerate(g.hands[s]):
                    if count:
                        assert f"{CARD_NAMES[card]} x{count}" in mine
                secret = g.dice[0] >= 0 and g.dice_seen[s]
                assert ("arrival dice" in mine) == bool(secret)
                saw_dice += bool(secret)
    assert saw_dice, "no state let a seat look at the dice; the test proves nothing"


def test_black_and_blue_characters_read_apart():
    g = next(s for s in random_states(6, seed=1) if s.round >= 1)
    text = ansi(g, None)
    assert "bk." in text and "bl." in text


def test_human_mode_prints(capsys):
    env = mall_of_horror_v0.env(num_players=4, render_mode="human")
    env.reset(seed=0)
    first = capsys.readouterr().out
    assert "Mall of Horror - round" in first and "view of spectator" in first
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "Mall of Horror - round" in capsys.readouterr().out
    assert env.render() is None
    assert "Chief of Security" in capsys.readouterr().out


def test_the_legend_counts_each_kinds_points_in_words():
    """The Little Girl is worth ``1 point``, the others so many ``points``."""
    line = next(x for x in legend(MallOfHorror(3, seed=0)) if x.startswith("kinds: "))
    assert "g Little Girl (1 point)" in line and "P Pin-Up (7 points)" in line
