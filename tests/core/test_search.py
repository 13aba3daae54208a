"""The IS-MCTS agent: specs, blindness, reproducibility, strength, and its place
among the other agents (tournaments, evaluation, play)."""

import random

import pytest

import zombie_envs
from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs.agents import ISMCTSAgent, check_kind, make_agent
from zombie_envs.agents.search import parse_spec
from zombie_envs.arena import play_game
from zombie_envs.cli.main import main
from zombie_envs.testing.random_games import MAX_DECISIONS, game_states

ENGINES = {name: mod.raw_env.engine_cls for name, mod in zombie_envs.ENVS.items()}


@pytest.mark.parametrize(
    "spec, parsed",
    [
        ("ismcts:200", (200, None, "random")),
        ("ismcts:50:heuristic", (50, None, "heuristic")),
        ("ismcts:0.5s", (None, 0.5, "random")),
        ("ismcts:2s:ckpt:some/policy.zip", (None, 2.0, "ckpt:some/policy.zip")),
    ],
)
def test_spec_names_budget_and_rollout(spec, parsed):
    assert parse_spec(spec) == parsed


@pytest.mark.parametrize(
    "spec, message",
    [
        ("ismcts", "the form is"),
        ("ismcts:lots", "the form is"),
        ("ismcts:0", "at least one simulation"),
        ("ismcts:0s", "must be positive"),
        ("ismcts:10:ismcts:5", "another search"),
        ("ismcts:10:oracle", "unknown agent kind 'oracle'"),
    ],
)
def test_bad_specs_are_refused_clearly(spec, message):
    with pytest.raises(ValueError, match=message):
        check_kind(spec)


def test_make_agent_builds_the_rollout_it_names():
    plain = make_agent("ismcts:30", "mall_of_horror_v0", seed=1)
    assert isinstance(plain, ISMCTSAgent) and plain.rollout is None  # random: the fast path
    assert plain.simulations == 30 and plain.name == "ismcts:30"
    guided = make_agent("ismcts:0.2s:heuristic", "we_are_dead_v0", seed=1)
    assert guided.seconds == 0.2 and type(guided.rollout).__name__ == "HeuristicAgent"


def twin_disagreements(cls, agent_cls=ISMCTSAgent) -> int:
    """At 8 positions of a seeded game, how often the search decides differently
    on a state its seat cannot tell from the true one (a resample: other hands,
    decks, unrevealed choices and dice redrawn), same seed."""
    rng = random.Random(3)
    checked = disagree = 0
    for step, g in enumerate(game_states(cls, cls.default_players, 11, MAX_DECISIONS)):
        if checked == 8:
            break
        if step % 9 or len(g.legal) < 2:
            continue
        seat = g.current_player
        twin = g.resample(seat, rng)
        assert twin.to_dict() != g.to_dict()
        before = g.to_dict()
        expected = agent_cls(5, simulations=6).act(g, seat)
        disagree += agent_cls(5, simulations=6).act(twin, seat) != expected
        assert g.to_dict() == before, "the search changed the true state"
        checked += 1
    assert checked == 8
    return disagree


@pytest.mark.parametrize("env", ENV_NAMES)
def test_decisions_depend_only_on_what_the_seat_may_see(env, monkeypatch):
    assert twin_disagreements(declared(env, monkeypatch).engine_cls) == 0


class Clairvoyant(ISMCTSAgent):
    """Searches the true state: what the twin check must catch."""

    def determinize(self, game, seat, rng):
        copy = game.clone()
        copy.rng = random.Random(rng.getrandbits(64))
        return copy


def test_the_twin_check_catches_a_search_of_the_true_state():
    assert twin_disagreements(ENGINES["mall_of_horror_v0"], Clairvoyant) > 0


def test_a_seeded_search_is_reproducible_and_a_time_budget_works():
    cls = ENGINES["we_are_dead_v0"]
    g = next(s for i, s in enumerate(game_states(cls, 3, 4, MAX_DECISIONS)) if i == 30)
    first = [ISMCTSAgent(9, simulations=10).act(g, g.current_player) for _ in range(2)]
    assert first[0] == first[1]
    timed = ISMCTSAgent(9, simulations=None, seconds=0.05)
    assert timed.act(g, g.current_player) in g.legal and timed.last_simulations >= 1


def test_search_beats_random_play_clearly():
    """Mall of Horror, 4 players, the searcher's seat rotated: at least twice the
    chance rate (it wins about three games in four)."""
    games, wins = 16, 0
    for i in range(games):
        seat = i % 4
        agents = [
            make_agent("ismcts:40" if s == seat else "random", "mall_of_horror_v0", 10 * i + s)
            for s in range(4)
        ]
        wins += seat in play_game("mall_of_horror_v0", agents, seed=500 + i).winners
    assert wins >= games // 2


def test_search_plays_in_tournaments(tmp_path, capsys):
    out = tmp_path / "t"
    main(
        [
            "tournament",
            "--game",
            "we_are_dead_v0",
            "--agents",
            "ismcts:4",
            "random",
            "--games",
            "3",
            "--players",
            "2",
            "--out",
            str(out),
            "--no-ratings",
            "--no-progress",
        ]
    )
    assert "ismcts:4" in capsys.readouterr().out


def test_the_rollout_agent_guides_the_tree():
    """Its move is expanded first (one simulation plays it) and keeps a bias that
    only clear evidence overturns (an overwhelming one: always its move)."""
    cls = ENGINES["we_are_dead_v0"]
    games = enumerate(game_states(cls, 3, 8, MAX_DECISIONS))
    states = [g.clone() for i, g in games if i % 23 == 5 and i < 140]
    assert len(states) == 6
    for g in states:
        seat = g.current_player
        guide = make_agent("heuristic", "we_are_dead_v0", seed=0)
        expected = guide.act(g, seat)
        once = make_agent("ismcts:1:heuristic", "we_are_dead_v0", seed=1)
        assert once.act(g, seat) == expected
        firm = make_agent("ismcts:12:heuristic", "we_are_dead_v0", seed=1)
        firm.bias = 1e9
        assert firm.act(g, seat) == expected
