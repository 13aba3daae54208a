"""Tournaments: balanced seating, duplicate-style seeds, determinism, outputs, CLI."""

from __future__ import annotations

import argparse
import csv
import json
import sys
import threading
from collections import Counter

import pytest

from zombie_envs import tournament
from zombie_envs.agents import RandomAgent
from zombie_envs.ratings import RatingsBook
from zombie_envs.records import read_records, replay_record
from zombie_envs.tournament import Schedule, head_to_head, run_tournament

ENV = "mall_of_horror_v0"


class FirstLegal(RandomAgent):
    """Always the first legal action: a third, deterministic kind of player."""

    name = "first"

    def act(self, game, seat):
        return game.legal[0]


@pytest.mark.parametrize(
    ("agents", "players", "block"),
    [(4, 4, 4), (2, 4, 4), (2, 3, 6), (3, 4, 12), (5, 4, 20), (6, 3, 18), (3, 6, 6)],
)
def test_every_agent_fills_every_seat_equally_often(agents, players, block):
    schedule = Schedule.round_robin(agents, players, seed=5)
    assert schedule.block_size == block
    for blocks in (1, 3):
        seats = Counter()
        for i in range(blocks * block):
            _, lineup = schedule.seating(i)
            assert len(lineup) == players
            seats.update((agent, seat) for seat, agent in enumerate(lineup))
        counts = {seats[a, s] for a in range(agents) for s in range(players)}
        assert len(counts) == 1, seats  # the same count for every (agent, seat)


def test_each_seed_is_played_under_every_rotation():
    schedule = Schedule.round_robin(5, 4, seed=1)
    by_seed = {}
    for i in range(2 * schedule.block_size):
        seed, lineup = schedule.seating(i)
        by_seed.setdefault(seed, []).append(lineup)
    assert len(by_seed) == 2 * 5  # one seed per window and block
    for lineups in by_seed.values():
        assert len(lineups) == 4
        assert sorted(lineups) == sorted(lineups[0][k:] + lineups[0][:k] for k in range(4))
        assert {frozenset(lu) for lu in lineups} == {frozenset(lineups[0])}


def test_more_agents_than_seats_mix_opponents_across_blocks():
    schedule = Schedule.round_robin(6, 3, seed=2)
    assert schedule.shuffle
    pairs = Counter()
    for i in range(40 * schedule.block_size):
        _, lineup = schedule.seating(i)
        pairs.update({(a, b) for a in lineup for b in lineup if a < b})
    # fixed windows of 3 neighbours on a circle of 6 would never seat 0 with 3
    assert len(pairs) == 15 and max(pairs.values()) < 2 * min(pairs.values())


def test_table_is_the_same_for_any_worker_count():
    kwargs = dict(games=8, seed=4, progress=False)
    one = run_tournament(ENV, 3, ["random", "heuristic"], workers=1, **kwargs)
    two = run_tournament(ENV, 3, ["random", "heuristic"], workers=2, **kwargs)
    assert one.table() == two.table()
    strip = {"elapsed_s"}
    assert {k: v for k, v in one.to_dict().items() if k not in strip} == {
        k: v for k, v in two.to_dict().items() if k not in strip
    }
    assert one.last_game.to_dict() == two.last_game.to_dict()
    again = run_tournament(ENV, 3, ["random", "heuristic"], workers=1, **kwargs)
    assert again.table() == one.table()
    other = run_tournament(ENV, 3, ["random", "heuristic"], games=8, seed=5, progress=False)
    assert other.table() != one.table()


def test_ratings_and_rates_favour_the_heuristic():
    result = run_tournament(ENV, 4, ["random", "heuristic", FirstLegal], 24, progress=False)
    assert result.games == 24 and result.block_size == 12 and result.requested_games == 24
    heuristic, rand = result.agent("heuristic"), result.agent("random")
    assert result.ranking()[0] is heuristic
    assert heuristic.ordinal > rand.ordinal and heuristic.mu > 25 > rand.mu
    assert heuristic.win_rate > 0.5 > rand.win_rate
    lo, hi = heuristic.win_interval()
    assert lo < heuristic.win_rate < hi
    slo, shi = heuristic.score_interval()
    assert slo < heuristic.mean_score < shi
    for agent in result.agents:  # 3 agents, 4 seats: each fills each seat equally often
        assert agent.seat_games == [agent.seat_games[0]] * 4
        assert sum(agent.seat_games) == 32


def test_rounding_and_notes():
    result = run_tournament(ENV, 3, ["random", "heuristic"], 5, progress=False)
    assert result.games == 6 and result.requested_games == 5
    assert any("5 games rounded up to 6" in note for note in result.notes)
    assert any("3 is not a multiple of 2" in note for note in result.notes)


def test_recorded_games_replay_exactly(tmp_path):
    path = tmp_path / "games.jsonl"
    specs = ["heuristic", "random"]
    result = run_tournament(ENV, 4, specs, 8, seed=9, progress=False, record_path=path)
    records = read_records(path)
    assert [r["game_index"] for r in records] == list(range(8))
    assert records[0]["seed"] == records[3]["seed"] != records[4]["seed"]
    assert records[0]["seats"] == ["heuristic", "random", "heuristic", "random"]
    assert replay_record(records[-1]).to_dict() == result.last_game.to_dict()
    for record in records:
        replay_record(record)  # checks the stored result too
    run_tournament(ENV, 4, ["heuristic", "random"], 4, progress=False, record_path=path)
    assert len(read_records(path)) == 4  # a new tournament starts a new file


def test_shared_book_is_updated_in_game_order():
    book = RatingsBook()
    specs = ["heuristic", "random", FirstLegal]
    result = run_tournament(ENV, 3, specs, 6, progress=False)
    result.rate(book)
    for agent in result.agents:
        assert book.get(ENV, agent.name)["mu"] == pytest.approx(agent.mu)
        assert book.get(ENV, agent.name)["games"] == 6


def test_outputs(tmp_path, monkeypatch):
    result = run_tournament(ENV, 3, ["heuristic", "random"], 6, progress=False)
    paths = result.write(tmp_path / "out")
    rows = list(csv.DictReader(paths["csv"].read_text().splitlines()))
    assert [r["agent"] for r in rows] == ["heuristic", "random"]
    assert set(rows[0]) >= {"ordinal", "win_rate", "win_ci_low", "mean_score", "seat_2_win_rate"}
    data = json.loads(paths["json"].read_text())
    assert data["games"] == 6 and data["agents"][0]["agent"] == "heuristic"
    assert paths["png"].read_bytes()[:4] == b"\x89PNG"
    monkeypatch.setitem(sys.modules, "matplotlib.backends.backend_agg", None)
    assert result.plot(tmp_path / "none.png") is None
    table = result.table(markdown=True).splitlines()
    assert table[0].startswith("| rank | agent | ordinal |") and table[0].endswith("seat 2 |")
    assert len(result.table(markdown=False).splitlines()) == 4


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="at least 2 agents"):
        run_tournament(ENV, 4, ["heuristic"], 4, progress=False)
    with pytest.raises(ValueError, match="unknown agent kind 'genius'"):
        run_tournament(ENV, 4, ["heuristic", "genius"], 4, progress=False)
    with pytest.raises(ValueError, match="listed twice: random"):
        run_tournament(ENV, 4, ["random", "random"], 4, progress=False)
    with pytest.raises(ValueError, match="takes 3 to 6 players"):
        run_tournament(ENV, 2, ["random", "heuristic"], 4, progress=False)
    with pytest.raises(ValueError, match="must pickle"):
        run_tournament(ENV, 3, ["random", lambda s: FirstLegal(s)], 3, workers=2, progress=False)


def test_head_to_head_accepts_kinds_agents_and_factories():
    h = head_to_head(ENV, 4, "heuristic", "random", 10, seed=1, progress=False)
    assert h.games == 12 and h.candidate == "heuristic" and h.baseline == "random"
    assert h.win_rate > h.chance == 0.25
    assert h.ci[0] < h.win_rate < h.ci[1] and h.score_ci[0] < h.mean_score < h.score_ci[1]
    assert len(h.seat_win_rates) == 4
    assert h.result.agent("random").games == 36
    same = head_to_head(ENV, 4, lambda seed: FirstLegal(seed), "random", 8, progress=False)
    obj = head_to_head(ENV, 4, FirstLegal(0), "random", 8, progress=False)
    assert same.candidate == obj.candidate == "first"
    assert (same.wins, same.mean_score) == (obj.wins, obj.mean_score)
    self_play = head_to_head(ENV, 3, "random", "random", 3, progress=False)
    assert self_play.candidate == "random (candidate)"


def _cli(argv):
    parser = argparse.ArgumentParser()
    tournament.add_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    return args.func(args)


def test_tournament_and_ratings_commands(tmp_path, capsys):
    ratings = tmp_path / "ratings.json"
    out = tmp_path / "t"
    argv = ["tournament", "--game", ENV, "--players", "3", "--agents", "heuristic", "random"]
    argv += ["--games", "5", "--out", str(out), "--record", "--ratings", str(ratings)]
    assert _cli(argv + ["--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "rounded up to 6" in text and "| 1 | heuristic |" in text
    assert (out / "results.csv").exists() and (out / "results.png").exists()
    assert len(read_records(out / "games.jsonl")) == 6
    assert RatingsBook.load(ratings).get(ENV, "heuristic")["games"] == 6
    assert _cli(["ratings", "--ratings", str(ratings), "--markdown"]) == 0
    text = capsys.readouterr().out
    assert f"| {ENV} | 1 | heuristic |" in text and f"| {ENV} | 2 | random |" in text


@pytest.mark.parametrize(
    ("agents", "match"),
    [
        (["heuristic", "wizard"], "unknown agent kind 'wizard'"),
        (["heuristic", "ckpt:/no/such/policy.zip"], "no checkpoint at /no/such/policy.zip"),
        (["heuristic"], "at least 2 agents"),
    ],
)
def test_cli_turns_bad_input_into_messages(agents, match, tmp_path):
    argv = ["tournament", "--agents", *agents, "--games", "2", "--no-ratings"]
    with pytest.raises(SystemExit, match=match):
        _cli(argv + ["--out", str(tmp_path), "--no-progress"])


def test_cli_refuses_a_corrupt_ratings_file(tmp_path):
    bad = tmp_path / "ratings.json"
    bad.write_text("[]")
    with pytest.raises(SystemExit, match="not a zombie-envs ratings file"):
        _cli(["ratings", "--ratings", str(bad)])


def test_ratings_written_while_a_tournament_runs_are_kept(tmp_path, monkeypatch):
    """A second writer (here a whole second tournament) finishes while the first
    is playing: the first adds its games to the file as it is at its end."""
    ratings = tmp_path / "ratings.json"
    argv = ["tournament", "--game", ENV, "--players", "3", "--games", "6", "--no-progress"]
    argv += ["--agents", "heuristic", "random", "--ratings", str(ratings)]
    play_game, others = tournament.play_game, []

    def play_and_let_another_tournament_finish(*args, **kwargs):
        if not others:
            others.append("running")
            _cli(argv + ["--out", str(tmp_path / "b")])
        return play_game(*args, **kwargs)

    monkeypatch.setattr(tournament, "play_game", play_and_let_another_tournament_finish)
    _cli(argv + ["--out", str(tmp_path / "a")])
    book = RatingsBook.load(ratings)
    assert book.get(ENV, "heuristic")["games"] == book.get(ENV, "random")["games"] == 12


def test_writers_of_the_ratings_file_wait_for_each_other(tmp_path):
    path = tmp_path / "ratings.json"
    waited = threading.Event()

    def second_writer():
        with RatingsBook.locked(path) as book:
            book.rate_game(ENV, ["c", "d"], [1, 2], [1])
        waited.set()

    with RatingsBook.locked(path) as book:
        other = threading.Thread(target=second_writer)
        other.start()
        assert not waited.wait(0.5)  # blocked on the lock, not reading a stale file
        book.rate_game(ENV, ["a", "b"], [2, 1], [0])
    other.join(10)
    assert waited.is_set()
    assert {r["name"] for r in RatingsBook.load(path).table(ENV)} == {"a", "b", "c", "d"}
    held, second = RatingsBook.locked(path), RatingsBook.locked(path, timeout=0.1)
    with pytest.raises(ValueError, match="stayed locked"), held, second:
        pass
    with pytest.raises(RuntimeError), RatingsBook.locked(path) as book:
        book.rate_game(ENV, ["e", "f"], [2, 1], [0])
        raise RuntimeError("a writer that fails writes nothing")
    assert "e" not in {r["name"] for r in RatingsBook.load(path).table(ENV)}


def test_games_cut_by_the_safety_cap_are_won_by_nobody_and_counted(tmp_path):
    """A game the turn cap truncates has no winner: it counts against every win rate, is
    counted in the result and noted, its record replays, and head-to-head reports the share."""
    games = tmp_path / "games.jsonl"
    options = {"max_turns": 2}
    capped = run_tournament(
        "we_are_dead_v0", 3, ["heuristic", "random"], 6, options=options, record_path=games
    )
    for record in read_records(games):
        assert record["result"]["winners"] == [] and replay_record(record).truncated
    assert capped.truncated == capped.games == 6
    assert all(a.wins == 0 for a in capped.agents)
    assert any("6 of 6 games reached the safety cap" in note for note in capped.notes)
    assert capped.to_dict()["truncated"] == 6
    full = run_tournament("we_are_dead_v0", 3, ["heuristic", "random"], 6, progress=False)
    assert full.truncated == 0 and not any("safety cap" in note for note in full.notes)
    match = head_to_head(
        "we_are_dead_v0", 3, "heuristic", "random", 3, options={"max_turns": 2}, progress=False
    )
    assert match.truncated == 1.0 and match.win_rate == 0.0
