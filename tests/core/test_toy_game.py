"""The toy game of ``tests/core/toy_game.py``, built from the core alone, passes
what every game of the suite passes: the generic env suite (it is one of the envs
under test), the secrecy, blindness and resampling checks, and tournaments once
registered."""

from __future__ import annotations

import random

import pytest

from tests.core import toy_game
from tests.core.toy_game import TOY, Greedy, ToyVote
from tests.envs_under_test import CONFIGS, declared
from zombie_envs import registry
from zombie_envs.agents import make_agent
from zombie_envs.match import run_tournament
from zombie_envs.records import read_records, replay_record
from zombie_envs.testing import (
    MAX_DECISIONS,
    blindness_violations,
    check_leak_tests,
    check_resample,
    check_secret,
    find_states,
    game_states,
    leak_test,
    reshuffle_hands,
)


def test_the_generic_suite_runs_on_the_toy():
    assert {c.num_players for c in CONFIGS if c.name == TOY.env} == {2, 4}


def seeded_states():
    for seed in range(20):
        for g in game_states(ToyVote, 3, seed, MAX_DECISIONS):
            yield seed, g


@leak_test("ballot")
def test_a_pending_ballot_is_seen_only_by_its_voter():
    for g in find_states(seeded_states(), lambda g: g.ballots[0] >= 0):
        c = g.clone()
        c.ballots[0] = 3 - c.ballots[0]  # the other seat it could have voted for
        check_secret(g, c, seers={0}, picture=True)


@leak_test("hand")
def test_a_hand_is_seen_only_by_its_holder():
    for g in find_states(seeded_states(), lambda g: g.hands[1][0] > 0):
        c = g.clone()
        c.hands[1][0] -= 1
        c.hands[1][3] += 1
        check_secret(g, c, seers={1}, picture=True, seers_text=True)


def test_each_secret_of_the_toy_has_a_leak_test():
    check_leak_tests(toy_game.Seen, globals())


def test_the_heuristic_reads_no_other_ballot_or_hand():
    def perturb(g, seat, rng):
        h = g.clone()
        changed = {"hand"} if reshuffle_hands(h, seat, 4, rng) else set()
        for s in range(g.num_players):
            if s != seat and h.ballots[s] >= 0:
                h.ballots[s] = rng.choice([v for v in range(g.num_players) if v != s])
                changed.add("ballot")
        return h, changed

    games = (ToyVote(4, seed=s) for s in range(10))
    violations, coverage = blindness_violations(Greedy, games, perturb)
    assert violations == []
    assert coverage[("vote", "hand")] > 0 and coverage[("vote", "ballot")] > 0


@pytest.fixture
def registered(monkeypatch):
    """The toy joins the registry for one test (``register_game``), then leaves it."""
    return declared(TOY.env, monkeypatch).env


def test_a_registered_toy_plays_tournaments_that_replay(registered, tmp_path):
    assert registry.engine_class("toy_vote") is ToyVote
    assert type(make_agent("heuristic", registered, seed=0)) is Greedy
    result = run_tournament(
        registered, 3, ["random", "heuristic"], games=12, seed=1, progress=False,
        record_path=tmp_path / "games.jsonl",
    )  # fmt: skip
    assert result.games == 12 and {a.name for a in result.agents} == {"random", "heuristic"}
    records = read_records(tmp_path / "games.jsonl")
    assert len(records) == 12
    for record in records:
        assert replay_record(record).scores() == record["result"]["scores"]


def test_the_registry_is_untouched_without_registering():
    assert TOY.env not in registry.ENVS
    with pytest.raises(ValueError, match="unknown game 'toy_vote'"):
        registry.game_type("toy_vote")


def test_a_toy_game_is_a_game_of_its_own_seed():
    a, b = ToyVote(3, seed=5), ToyVote(3, seed=5)
    rng = random.Random(0)
    while not a.terminal:
        action = rng.choice(a.legal)
        a.apply(action)
        b.apply(action)
    assert a.to_dict() == b.to_dict() and a.scores() == b.scores()


def test_resampling_the_toy_redeals_hands_and_redraws_ballots():
    hidden = {
        "other hands": lambda g, seat: [h for s, h in enumerate(g.hands) if s != seat],
        "deck": lambda g, seat: g.deck,
        "ballots": lambda g, seat: [b for s, b in enumerate(g.ballots) if s != seat],
    }

    def kept(g, seat):
        everywhere = [sum(h[k] for h in g.hands) + g.deck.count(k) for k in range(4)]
        return g.hands[seat], g.ballots[seat], everywhere

    varied = check_resample(ToyVote, 4, range(6), hidden, kept, every=1)
    assert set(varied) == set(hidden)
    varied = check_resample(ToyVote, 2, range(6), hidden, kept, every=1)
    assert set(varied) == {"other hands", "deck"}  # with two seats a ballot has one choice
