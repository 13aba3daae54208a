"""Invariants of We Are Dead over seeded random games (Hypothesis picks the seeds,
boards, player counts and placement rule)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zombie_envs import we_are_dead_v0
from zombie_envs.games.we_are_dead import data
from zombie_envs.games.we_are_dead.data import (
    BOARDS,
    GOAL,
    WOUND_DAMAGE,
    deck_cards,
    shopper_tokens,
)
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.testing import game_states

CARDS = len(deck_cards())
TOKENS = len(shopper_tokens())
MAX_DECISIONS = 20_000

SETTINGS = settings(max_examples=15, deadline=None)
SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4, 5])
BOARD = st.sampled_from(BOARDS)
PLACEMENT = st.sampled_from(["random", "turns"])


def states(n, seed, **options):
    return game_states(WeAreDead, n, seed, MAX_DECISIONS, **options)


def cards(g):
    """Every card in the game: hands, deck, discard pile, face down, in the attack."""
    facedown = sum(h >= 0 for h in g.facedown)
    return sum(map(sum, g.hands)) + len(g.deck) + len(g.discard) + facedown + len(g.in_attack)


def test_component_counts():
    assert CARDS == 94 and WOUND_DAMAGE == 3


@SETTINGS
@given(seed=SEEDS, n=PLAYERS, board=BOARD, placement=PLACEMENT)
def test_board_invariants(seed, n, board, placement):
    b = data.board(board)
    size, cells = b.size, set(b.token_cells)
    gone, values = set(), {}
    on_board = TOKENS
    for g in states(n, seed, board=board, shopper_placement=placement):
        assert all(0 <= p < size for p in g.pos), g.pos
        assert len(g.hordes) <= 2 and all(0 <= h < size for h in g.hordes), g.hordes
        assert len(g.token) == size
        for v, value in enumerate(g.token):
            if value:
                assert v in cells, f"token on {g.board.label(v)}, not a token cell"
                assert v not in gone, f"a token reappeared on {g.board.label(v)}"
                assert values.setdefault(v, value) == value, "a token changed its number"
            elif v in values:
                gone.add(v)
        placed = sum(1 for value in g.token if value) + len(g.pool)
        assert placed <= on_board, "a shopper token came back"
        on_board = placed


@SETTINGS
@given(seed=SEEDS, n=PLAYERS, board=BOARD)
def test_counts_are_conserved(seed, n, board):
    for g in states(n, seed, board=board):
        assert min(g.score) >= 0 and g.horde_score >= 0, (g.score, g.horde_score)
        assert all(0 <= d < WOUND_DAMAGE for d in g.damage), g.damage
        assert min(g.infection) >= 0, g.infection
        assert all(v >= 0 for hand in g.hands for v in hand), g.hands
        assert cards(g) == CARDS, (g.decision, g.hands, g.deck, g.discard, g.facedown)


@SETTINGS
@given(seed=SEEDS, n=PLAYERS, board=BOARD, max_turns=st.integers(1, 400))
def test_games_end_within_max_turns(seed, n, board, max_turns):
    *_, g = states(n, seed, board=board, max_turns=max_turns)
    assert g.terminal and 1 <= g.turn <= max_turns
    # only the cap truncates: a game that ended by a rule has a token-free board or a winner
    assert g.truncated == (g.turn == max_turns and any(g.token) and g.winner < 0)
    if g.truncated:
        assert g.final_winners() == [] and g.returns() == [0.0] * n
    elif g.winner >= 0:
        assert g.score[g.winner] >= GOAL[n]
    else:
        assert max(g.score) < GOAL[n]


def check_rewards(env):
    """Play ``env`` out; its rewards must follow the winners."""
    rng = random.Random(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
        else:
            legal = [a for a, m in enumerate(obs["action_mask"]) if m]
            env.step(rng.choice(legal))
    g = env.unwrapped.game
    rewards = [total[a] for a in env.possible_agents]
    n, won, best = g.num_players, g.winners(), max(g.score)
    if g.truncated:  # the turn cap: no result, no reward
        assert g.final_winners() == [] and rewards == [0.0] * n
        assert all(env.truncations.values()) and not any(env.terminations.values())
        return g
    assert all(env.terminations.values()) and not any(env.truncations.values())
    if g.horde_score > best:
        assert won == [] and rewards == pytest.approx([-1.0 / n] * n)
        return g
    if g.winner >= 0:
        assert won == [g.winner]
    else:
        assert won == [s for s in range(n) if g.score[s] == best]
    assert sum(rewards) == pytest.approx(0.0)
    if len(won) == n:
        assert rewards == pytest.approx([0.0] * n)
    else:
        for s in range(n):
            assert rewards[s] > 0 if s in won else rewards[s] < 0
    return g


@SETTINGS
@given(seed=SEEDS, n=PLAYERS, board=BOARD, max_turns=st.sampled_from([2, 10, 40, 400]))
def test_final_rewards_follow_the_winners(seed, n, board, max_turns):
    env = we_are_dead_v0.env(num_players=n, board=board, max_turns=max_turns)
    env.reset(seed=seed)
    check_rewards(env)


@SETTINGS
@given(seed=SEEDS, n=PLAYERS, board=BOARD)
def test_the_first_to_the_goal_wins_at_once(seed, n, board):
    """Every seat starts one point short of the goal: the first to score wins,
    unless the horde has more points than every player (WAD-154 beats WAD-152)."""
    env = we_are_dead_v0.env(num_players=n, board=board)
    env.reset(seed=seed)
    g = env.unwrapped.game
    g.score = [GOAL[n] - 1] * n
    g = check_rewards(env)
    if g.winner >= 0:
        horde_ahead = g.horde_score > max(g.score)
        assert g.winners() == ([] if horde_ahead else [g.winner]) and g.score[g.winner] >= GOAL[n]
        assert sum(s >= GOAL[n] for s in g.score) == 1
