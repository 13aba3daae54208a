"""Invariants of Mall of Horror over seeded random games (Hypothesis picks the seeds)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from zombie_envs import mall_of_horror_v0
from zombie_envs.games.mall_of_horror.data import KINDS, LOCATION_NAMES
from zombie_envs.games.mall_of_horror.engine import CLOSED, EATEN, OUT, OVERRUN, MallOfHorror
from zombie_envs.testing import game_states

CAPACITY = {
    "Restroom": 3,
    "Cachou": 4,
    "Megatoys": 4,
    "Parking Lot": None,
    "Security HQ": 3,
    "Supermarket": 6,
}
POINTS = (7, 5, 3, 1)  # Pin-Up, Tough Guy, Gunman, Little Girl
DECK = 21
ZOMBIES = 30
MAX_DECISIONS = 12_000

SETTINGS = settings(max_examples=25, deadline=None)
SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.sampled_from([3, 4, 5, 6])


def states(n, seed, **options):
    return game_states(MallOfHorror, n, seed, MAX_DECISIONS, **options)


def cards(g):
    """Every card in the game; a card being given away is held in ``gift``."""
    pending_gift = 1 if g.gift[0] >= 0 and g.gift[1] < 0 else 0
    return sum(map(sum, g.hands)) + len(g.deck) + sum(g.discards) + len(g.truck) + pending_gift


@SETTINGS
@given(seed=SEEDS, n=PLAYERS)
def test_location_capacity_never_exceeded(seed, n):
    assert tuple(CAPACITY) == LOCATION_NAMES
    caps = list(CAPACITY.values())
    for g in states(n, seed):
        for L, cap in enumerate(caps):
            if cap is not None:
                assert g.loc.count(L) <= cap, f"{LOCATION_NAMES[L]} holds {g.loc.count(L)}"


@SETTINGS
@given(seed=SEEDS, n=PLAYERS)
def test_zombie_counts(seed, n):
    for g in states(n, seed):
        assert min(g.zombies) >= 0, g.zombies
        assert sum(g.zombies) <= ZOMBIES, g.zombies


@SETTINGS
@given(seed=SEEDS, n=PLAYERS)
def test_cards_are_conserved(seed, n):
    for g in states(n, seed):
        assert all(v >= 0 for hand in g.hands for v in hand), g.hands
        assert min(g.discards) >= 0
        assert cards(g) == DECK, (g.decision, g.hands, g.deck, g.discards, g.truck, g.gift)


@SETTINGS
@given(seed=SEEDS, n=PLAYERS)
def test_closed_locations_hold_no_characters(seed, n):
    for g in states(n, seed):
        for L, state in enumerate(g.closed):
            if state in (CLOSED, OVERRUN):
                assert g.loc.count(L) == 0, f"{LOCATION_NAMES[L]} is closed but occupied"
                assert g.zombies[L] == 0, f"{LOCATION_NAMES[L]} is closed but has zombies"


@SETTINGS
@given(seed=SEEDS, n=PLAYERS)
def test_games_end_and_scores_are_surviving_points(seed, n):
    *_, g = states(n, seed)
    assert g.terminal
    assert g.round <= g.options["max_rounds"]
    expected = [sum(POINTS[k] for k in range(KINDS) if g.loc[s * KINDS + k] >= 0) for s in range(n)]
    assert g.scores() == expected
    assert all(where in (EATEN, OUT) or where >= 0 for where in g.loc)
    assert set(g.winners()) <= set(range(n)) and g.winners()


@SETTINGS
@given(seed=SEEDS, n=PLAYERS, max_rounds=st.integers(1, 4))
def test_round_cap(seed, n, max_rounds):
    for g in states(n, seed, max_rounds=max_rounds):
        assert g.round <= max_rounds
    assert g.terminal


@SETTINGS
@given(seed=SEEDS, n=PLAYERS)
def test_mask_and_observations_through_the_env(seed, n):
    env = mall_of_horror_v0.env(num_players=n)
    env.reset(seed=seed)
    rng = random.Random(seed)
    obs_space = env.observation_space(env.possible_agents[0])
    shape = obs_space["observation"].shape
    decisions = 0
    while not env.unwrapped.game.terminal:
        game = env.unwrapped.game
        for agent in env.agents:
            obs = env.observe(agent)["observation"]
            assert obs.shape == shape and obs_space["observation"].contains(obs)
            assert np.isfinite(obs.astype(np.float64)).all()
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = np.flatnonzero(mask).tolist()
        assert legal, "no legal action in a live game"
        assert legal == sorted(game.legal) and len(set(game.legal)) == len(game.legal)
        assert env.agent_selection == f"player_{game.current_player}"
        env.step(rng.choice(legal))
        decisions += 1
        assert decisions < MAX_DECISIONS
    for agent in env.agents:
        assert env.observe(agent)["observation"].shape == shape


@SETTINGS
@given(seed=SEEDS, n=PLAYERS, mode=st.sampled_from(["every", "once", "never"]))
def test_zombie_return_modes_keep_the_invariants(seed, n, mode):
    for g in states(n, seed, zombie_return=mode):
        assert min(g.zombies) >= 0 and sum(g.zombies) <= ZOMBIES
        assert cards(g) == DECK
        if mode == "never":
            assert not any(g.zombie_used)
        elif mode == "once":
            assert max(g.zombie_used) <= 1
