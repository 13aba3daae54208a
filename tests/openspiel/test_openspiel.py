"""The suite's envs as OpenSpiel games: OpenSpiel's own checks on every env and
player count, its ISMCTS bot on the suite's resampler, saved states, and what a
seat's tensors and strings show."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'zombie-envs[openspiel]'"
)

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tests.envs_under_test import ENV_NAMES, MODULES, declared  # noqa: E402
from zombie_envs import ENVS  # noqa: E402
from zombie_envs import openspiel as zo  # noqa: E402
from zombie_envs.registry import game_type  # noqa: E402

COUNTS = [
    (env, n)
    for env, cls in sorted((env, m.raw_env.engine_cls) for env, m in MODULES.items())
    for n in range(cls.min_players, cls.max_players + 1)
]


def spiel(env: str, monkeypatch):
    """The declaration of ``env``, registered for the running test and with OpenSpiel."""
    game = declared(env, monkeypatch)
    zo.register(env)
    return game


def short(env: str) -> dict:
    """The engine's own cap at a few rounds or turns: a game a search bot finishes quickly."""
    options = game_type(env).check_options({})
    return {"max_rounds": 2} if "max_rounds" in options else {"max_turns": 10}


def unbounded(env: str) -> dict:
    """The engine's own cap far beyond any game its rules end (random play in Mall
    Walkers, which has no time limit, takes some 250 rounds to reach the Helipad)."""
    return {next(iter(short(env))): 5000}


def play(state, rng: random.Random, moves: int) -> None:
    """Up to ``moves`` random legal actions."""
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


def ending(game) -> tuple:
    """OpenSpiel's random simulation checks on one game; the moves and the engine of
    the last state it saw (the state itself goes with the simulation)."""
    seen = []
    pyspiel.random_sim_test(
        game,
        num_sims=1,
        serialize=False,
        verbose=False,
        state_checker_fn=lambda state: seen.append((state.move_number(), state.engine)),
    )
    return seen[-1]


def test_every_env_loads_by_its_id_with_players_and_options():
    assert set(ENVS) <= set(pyspiel.registered_names())
    for env in ENVS:
        decl = game_type(env)
        game = pyspiel.load_game(env)
        assert game.get_type().short_name == env
        assert game.num_players() == decl.default_players
        assert game.num_distinct_actions() == decl.engine_cls.action_layout.size
        assert game.observation_tensor_shape() == [decl.engine_cls.obs_layout.size]
        cap = next(iter(short(env)))
        most = pyspiel.load_game(f"{env}(players={decl.max_players},{cap}=3)")
        assert most.num_players() == most.new_initial_state().engine.num_players
        assert most.new_initial_state().engine.options[cap] == 3
        with pytest.raises(ValueError, match="players"):
            pyspiel.load_game(f"{env}(players={decl.max_players + 1})")


@pytest.mark.parametrize(("env", "players"), COUNTS)
def test_openspiel_random_simulation_passes_and_the_length_cap_truncates(env, players, monkeypatch):
    spiel(env, monkeypatch)
    game = pyspiel.load_game(env, {"players": players, "rng_seed": 0, "max_game_length": 30})
    moves, engine = ending(game)
    assert moves == 30 and engine.truncated
    assert engine.returns() == [0.0] * players


@pytest.mark.parametrize("env", ENV_NAMES)
def test_openspiel_random_simulation_passes_on_a_game_its_rules_end(env, monkeypatch):
    spiel(env, monkeypatch)
    _, engine = ending(pyspiel.load_game(env, {"rng_seed": 0, **unbounded(env)}))
    assert engine.terminal and not engine.truncated


@pytest.mark.parametrize("env", ENV_NAMES)
def test_ismcts_plays_a_whole_game_on_the_resampler(env, monkeypatch):
    decl = spiel(env, monkeypatch)
    game = pyspiel.load_game(env, {"players": decl.min_players, "rng_seed": 3, **short(env)})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=5, random_state=rng)
    bot.set_resampler(zo.resampler(seed=1))
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.engine.terminal
    assert len(state.returns()) == decl.min_players


def test_ismcts_without_a_resampler_resamples_through_the_states_own_hook():
    """Without ``set_resampler`` the bot calls ``state.resample_from_infostate``,
    which the base class cannot answer for a Python game."""
    game = pyspiel.load_game("mall_of_horror_v0(players=3,rng_seed=2)")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng)
    state = game.new_initial_state()
    for _ in range(5):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_saved_state_comes_back_equal_and_plays_on_the_same(env, monkeypatch):
    spiel(env, monkeypatch)
    game = pyspiel.load_game(env, {"rng_seed": 5, "max_game_length": 300})
    state = game.new_initial_state()
    play(state, random.Random(0), 60)
    back = game.deserialize_state(state.serialize())
    assert back.engine.to_dict() == state.engine.to_dict()
    assert back.history() == state.history()
    rng = random.Random(1)
    while True:
        assert str(back) == str(state)
        assert back.legal_actions() == state.legal_actions()
        for seat in range(game.num_players()):
            assert back.observation_tensor(seat) == state.observation_tensor(seat)
            assert back.information_state_string(seat) == state.information_state_string(seat)
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        back.apply_action(action)
    assert back.returns() == state.returns()


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_seats_tensors_are_its_observation_and_its_strings_say_the_same(env, monkeypatch):
    decl = spiel(env, monkeypatch)
    game = pyspiel.load_game(env, {"players": decl.max_players, "rng_seed": 6})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(6):
        for seat in range(decl.max_players):
            observation = state.engine.observation(seat).astype(np.float32).tolist()
            assert state.information_state_tensor(seat) == observation
            assert state.observation_tensor(seat) == observation
            text = state.information_state_string(seat)
            assert text == state.observation_string(seat)
            assert text.startswith(f"player_{seat}\n")
            assert ("\nlegal: " in text) == (seat == state.current_player())
        play(state, rng, 10)


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_seats_view_stays_put_when_only_what_it_cannot_see_changes(env, monkeypatch):
    """Twins from ``resample``: what is hidden from the seat is redrawn, and every
    tensor and string of the seat stays the same."""
    decl = spiel(env, monkeypatch)
    game = pyspiel.load_game(env, {"players": decl.max_players, "rng_seed": 7})
    state = game.new_initial_state()
    rng, redraw = random.Random(3), random.Random(4)
    changed = 0
    for _ in range(5):
        play(state, rng, 15)
        for seat in range(decl.max_players):
            twin = zo.resample(state, seat, redraw)
            hidden = {k for k, v in twin.engine.to_dict().items() if v != state.engine.to_dict()[k]}
            changed += bool(hidden - {"rng"})
            assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert twin.current_player() == state.current_player()
            if seat == state.current_player():
                assert twin.legal_actions() == state.legal_actions()
    assert changed, "no twin differed in anything hidden: the check saw nothing"


def test_a_seed_fixes_the_deals_whatever_openspiel_builds_and_drops_between():
    """OpenSpiel builds a throwaway initial state for every clone and tensor-size
    query; those take no deal, so a seeded game deals the same games either way,
    and two states held at once are two deals."""

    def deals(busy: bool) -> list[dict]:
        game = pyspiel.load_game("we_are_dead_v0(rng_seed=11)")
        first = game.new_initial_state()
        first.current_player()
        if busy:
            for _ in range(3):
                game.observation_tensor_size()
                first.clone()
                first.information_state_tensor(0)
        second = game.new_initial_state()
        return [first.engine.to_dict(), second.engine.to_dict()]

    quiet, busy = deals(False), deals(True)
    assert quiet == busy
    assert quiet[0] != quiet[1]


@pytest.mark.parametrize("env", ENV_NAMES)
def test_utility_is_zero_sum_unless_a_party_outside_the_seats_can_win(env, monkeypatch):
    """We Are Dead's horde can win (every seat then shares -1): GENERAL_SUM; the
    other games' returns sum to zero in every finished game."""
    spiel(env, monkeypatch)
    game = pyspiel.load_game(f"{env}(rng_seed=3)")
    utility = game.get_type().utility
    if game_type(env).outside_winner:
        assert utility == pyspiel.GameType.Utility.GENERAL_SUM
        return
    assert utility == pyspiel.GameType.Utility.ZERO_SUM
    rng = random.Random(0)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert abs(sum(state.returns())) < 1e-9
