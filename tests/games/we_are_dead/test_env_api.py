"""We Are Dead through the PettingZoo API: what only this game has.  The checks every
env must pass are in ``tests/core/test_every_env.py``."""

from __future__ import annotations

import random

import pytest

from zombie_envs import we_are_dead_v0
from zombie_envs.games.we_are_dead.actions import A_SQUARE
from zombie_envs.games.we_are_dead.data import shopper_tokens
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.testing import legal_of, play_env, random_play


@pytest.mark.parametrize("board", ["mall", "carnival"])
def test_ansi_render_names_the_board_and_hides_hands(board):
    env = we_are_dead_v0.env(num_players=3, board=board, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith(f"We Are Dead ({board}) - turn 1 - view of a spectator")
    assert "hand:" not in text
    seen = we_are_dead_v0.env(num_players=3, board=board, render_mode="ansi", render_seat=2)
    seen.reset(seed=1)
    assert "view of Player 2" in seen.render() and seen.render().count("hand:") == 1
    play_env(env, random.Random(1))
    game = env.unwrapped.game
    won = game.winners()
    assert "GAME OVER" in env.render()
    if not won:
        assert "won by the horde" in env.render()


@pytest.mark.parametrize("max_turns", [1, 3, 10])
def test_max_turns_caps_the_game(max_turns):
    for seed in range(6):
        g = WeAreDead(2 + seed % 4, seed=seed, max_turns=max_turns)
        random_play(g, random.Random(seed))
        assert g.terminal and g.turn <= max_turns


@pytest.mark.parametrize("board", ["mall", "carnival"])
def test_turns_placement_asks_the_seats_in_turn_for_every_token(board):
    n = 4
    g = WeAreDead(n, seed=2, board=board, shopper_placement="turns")
    assert not any(g.token)
    placed = 0
    rng = random.Random(2)
    while g.decision == "place_token":
        assert g.current_player == (g.active + placed) % n
        free = [A_SQUARE + c for c in g.board.token_cells if not g.token[c]]
        assert g.legal == free
        g.apply(rng.choice(g.legal))
        placed += 1
    assert placed == len(shopper_tokens()) and not g.pool
    assert sorted(v for v in g.token if v) == sorted(shopper_tokens())
    assert g.decision == "move" and g.turn == 1


def test_random_placement_fills_the_board_at_once():
    g = WeAreDead(3, seed=4)
    assert g.decision == "move" and not g.pool
    assert sorted(v for v in g.token if v) == sorted(shopper_tokens())


def test_choose_actions_name_absolute_seats():
    for seed in range(40):
        g = WeAreDead(5, seed=seed)
        rng = random.Random(seed)
        while not g.terminal and g.decision != "choose_hero":
            g.apply(rng.choice(g.legal))
        if g.decision == "choose_hero":
            env = we_are_dead_v0.env(num_players=5)
            env.reset(seed=0)
            env.unwrapped.game = g
            for a in legal_of(env):
                seat = int(env.unwrapped.action_to_str(a).rsplit("_", 1)[1])
                assert g.facedown[seat] >= 0 and seat != g.active
            return
    pytest.fail("no hero was placed face down in 40 games")
