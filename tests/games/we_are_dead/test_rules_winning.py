"""We Are Dead rules: Winning (the goal, the last token, the horde)."""

from __future__ import annotations

import pytest

from tests.games.we_are_dead.positions import (
    A_YES,
    act,
    card,
    node,
    position,
    start,
)
from zombie_envs import we_are_dead_v0

TOKEN = node(13, 10)
FAR = node(6, 19)


def test_wad_152_first_to_the_goal_wins_at_once():
    """WAD-152 "The first player to reach the needed victory points wins.": the game ends as
    the attack scores, before the rest of the turn, even with a higher score elsewhere
    impossible to reach later."""
    g = position(3, at={0: TOKEN}, tokens={TOKEN: 3, FAR: 1}, hands={0: [1, 1, 1]})
    g.score = [43, 44, 10]
    start(g, "attack_step", "discard_step", "draw_step", "next_turn")
    act(g, 0, A_YES, "attack")
    act(g, 0, card(1), "slay")
    act(g, 0, card(1), "slay")
    act(g, 0, card(1), "slay")
    assert g.terminal and g.score[0] == 46 >= g.goal == 45
    assert g.winners() == [0]
    assert g.returns() == [1.0, -0.5, -0.5]
    assert g.returns("score") == [46.0, 44.0, 10.0]


def test_wad_017_153_most_points_when_every_token_is_flipped():
    """WAD-017 "The player who turns the most humans into zombies wins!" and WAD-153
    "Alternately, the game can end when all of the shopper tokens have been flipped over; the
    player with the most points wins.": the last token gone, the turn passes no more."""
    g = position(3, at={0: TOKEN}, tokens={TOKEN: 2}, hands={0: [1, 1]})
    g.score = [10, 11, 3]
    start(g, "attack_step", "discard_step", "draw_step", "next_turn")
    act(g, 0, A_YES, "attack")
    act(g, 0, card(1), "slay")
    act(g, 0, card(1), "slay")
    assert g.terminal and g.score == [12, 11, 3]
    assert g.winners() == [0]
    g = position(3)
    g.score = [12, 12, 3]
    start(g, "next_turn")
    assert g.terminal and g.winners() == [0, 1]
    assert g.returns() == [0.5, 0.5, -1.0]


def test_wad_154_the_horde_beats_everyone():
    """WAD-154 "If the zombie horde has more points than each player they are the victor and
    all players have lost.": no seat wins and every seat gets -1/n; a horde that only ties
    the best player does not win."""
    g = position(4)
    g.score = [9, 12, 3, 0]
    g.horde_score = 13
    start(g, "next_turn")
    assert g.terminal and g.winners() == []
    assert g.returns() == pytest.approx([-0.25] * 4)
    g.horde_score = 12
    assert g.winners() == [1]


def test_wad_152_154_horde_ahead_of_the_first_to_the_goal():
    """WAD-152 (first to the goal) against WAD-154 (the horde beats every player): the horde
    is compared at the end, so a player who reaches the goal behind the horde loses too
    (assumed)."""
    g = position(5, at={0: TOKEN}, tokens={TOKEN: 1, FAR: 1}, hands={0: [1]})
    g.score[0] = 29
    g.horde_score = 31
    start(g, "attack_step")
    act(g, 0, A_YES, "attack")
    act(g, 0, card(1), "slay")
    assert g.terminal and g.winner == 0 and g.winners() == []


def test_wad_150_turn_cap_truncates_the_game():
    """Assumed: ``max_turns`` stops a game that would otherwise go on (WAD-150 "Pass the
    turn." stops at the cap).  No rule ended it, so it is truncated: no winner, no reward, and
    the env reports a truncation, not a termination."""
    g = position(3, max_turns=5)
    g.token[FAR] = 1
    g.score = [1, 4, 2]
    g.turn = 5
    start(g, "start_turn")
    assert g.terminal and g.truncated and g.final_winners() == []
    assert g.returns() == [0.0, 0.0, 0.0] and g.returns("score") == [1.0, 4.0, 2.0]
    env = we_are_dead_v0.env(max_turns=1)
    env.reset(seed=3)
    while not any(env.terminations.values()) and not any(env.truncations.values()):
        env.step(int(env.last()[0]["action_mask"].argmax()))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.rewards == dict.fromkeys(env.possible_agents, 0.0)
