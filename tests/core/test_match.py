"""Matches: balanced seating, duplicate-style seeds, determinism, statistics, outputs, CLI."""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import threading
from collections import Counter

import pytest

from zombie_envs.agents import RandomAgent, pretrained_for
from zombie_envs.arena import play_game
from zombie_envs.core.game import Engine
from zombie_envs.core.game_type import Decision, GameType
from zombie_envs.core.layout import Layout
from zombie_envs.match import (
    Schedule,
    TournamentResult,
    chart,
    commands,
    head_to_head,
    run_tournament,
    runner,
    wilson_interval,
)
from zombie_envs.match.report import format_head_to_head
from zombie_envs.ratings import RatingsBook
from zombie_envs.records import read_records, replay_record
from zombie_envs.registry import game_type

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


def test_head_to_head_puts_the_candidate_at_every_seat_of_each_seed():
    schedule = Schedule.one_against_rest(4, seed=3)
    assert schedule.block_size == 4 and schedule.notes(8) == []
    assert schedule.notes(6) == [
        "6 games rounded up to 8: whole blocks of 4 games "
        "(1 lineup(s) x 4 seat rotations on shared seeds)"
    ]
    assert schedule.notes(1)[0].startswith("1 game rounded up to 4: ")  # one game, not "1 games"
    seeds, seats = set(), []
    for i in range(4):
        seed, lineup = schedule.seating(i)
        assert sorted(lineup) == [0, 1, 1, 1]
        seeds.add(seed)
        seats.append(lineup.index(0))
    assert len(seeds) == 1 and sorted(seats) == [0, 1, 2, 3]


def test_a_role_seats_the_candidate_only_at_that_roles_seats():
    schedule = Schedule.one_against_rest(4, seed=3, seats=(1, 2, 3))
    assert schedule.block_size == 3 and schedule.games(4) == 6
    seeds, seats = set(), []
    for i in range(3):
        seed, lineup = schedule.seating(i)
        assert sorted(lineup) == [0, 1, 1, 1]
        seeds.add(seed)
        seats.append(lineup.index(0))
    assert len(seeds) == 1 and sorted(seats) == [1, 2, 3]
    with pytest.raises(ValueError, match="seats must be among 0..3"):
        Schedule.one_against_rest(4, seed=3, seats=(4,))


class SeatSpy(RandomAgent):
    """Records the seat it was asked to play, one entry per game."""

    name = "spy"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seats = []

    def reset(self, seed=None):
        super().reset(seed)
        self.seats.append(None)

    def act(self, game, seat):
        assert self.seats[-1] in (None, seat)
        self.seats[-1] = seat
        return super().act(game, seat)


def test_agents_play_the_seats_the_schedule_gives_them():
    spy = SeatSpy(0)
    h = head_to_head(ENV, 4, spy, "random", 12, seed=3, progress=False)
    schedule = Schedule.one_against_rest(4, seed=3)
    assert spy.seats == [schedule.seating(i)[1].index(0) for i in range(12)]
    assert h.result.agent("spy").seat_games == [3, 3, 3, 3]
    assert h.result.agent("random").seat_games == [9, 9, 9, 9]
    assert h.result.games == 12 and h.result.moves > 0 and h.result.games_per_second > 0


RIGGED_ACTIONS = Layout("rigged actions")
RIGGED_ACTIONS.add("pass", 1, "pass")


class Rigged(Engine):
    """One pass per seat, then seats 0, 1 and 2 tie on points (seat 3 loses)."""

    game_type = GameType(
        name="rigged",
        title="Rigged",
        version=1,
        players=(4, 4, 4),
        engine=f"{__name__}:Rigged",
        text=__name__,
        picture=__name__,
        heuristic="zombie_envs.core.agent:RandomAgent",
        decisions=(Decision("go", ("pass",), "goes"),),
        actions=f"{__name__}:RIGGED_ACTIONS",
        observation=f"{__name__}:RIGGED_ACTIONS",
        state=f"{__name__}:RIGGED_ACTIONS",
    )
    FIELDS = {"game": ("turn",)}

    def setup(self):
        self.turn = 0
        self.push(("next",))

    def next(self):
        self.ask(self.turn, "go", [0])

    def on_go(self, action):
        self.turn += 1
        if self.turn == self.num_players:
            self.end_game()
        else:
            self.push(("next",))

    def scores(self):
        return [2, 2, 2, 0]

    def redraw_hidden(self, seat, rng):
        pass  # every roll and bet is public: nothing to redraw

    def encode(self, seat, out, god):
        pass


def test_tied_wins_are_shared_in_the_statistics():
    game = play_game(Rigged, [RandomAgent(0)] * 4, seed=0)
    assert game.winners == [0, 1, 2]
    result = TournamentResult.start(
        "rigged", ["a", "b", "c", "d"], 4, options={}, seed=0, requested_games=8, block_size=4
    )
    for i in range(8):
        seats = [(j + i) % 4 for j in range(4)]  # agent seats[s] at seat s: each seat twice
        result.add(seats, game.scores, game.winners, game.moves)
    # 6 games at a tied winning seat (1/3 each), 2 at the losing seat; each game
    # hands out exactly one win in all
    assert [a.wins for a in result.agents] == pytest.approx([2.0] * 4)
    a = result.agents[0]
    assert a.seat_wins == pytest.approx([2 / 3, 2 / 3, 2 / 3, 0.0])
    assert a.win_rate == pytest.approx(0.25) and a.mean_score == pytest.approx(1.5)
    assert result.games == 8 and result.moves == 32 and result.truncated == 0


def _wilson_by_roots(x, n, z):
    """The Wilson bounds are the roots in p of (x/n - p)^2 = z^2 p (1 - p) / n."""
    ph = x / n
    a = 1 + z * z / n
    b = -(2 * ph + z * z / n)
    c = ph * ph
    d = math.sqrt(b * b - 4 * a * c)
    return (-b - d) / (2 * a), (-b + d) / (2 * a)


@pytest.mark.parametrize("x,n", [(0, 10), (5, 10), (10, 10), (1, 3), (250, 1000), (851.5, 1000)])
@pytest.mark.parametrize("z", [1.0, 1.96, 2.576])
def test_wilson_interval_matches_the_quadratic(x, n, z):
    lo, hi = wilson_interval(x, n, z)
    rlo, rhi = _wilson_by_roots(x, n, z)
    assert lo == pytest.approx(max(0.0, rlo), abs=1e-12)
    assert hi == pytest.approx(min(1.0, rhi), abs=1e-12)
    assert lo <= x / n <= hi


def test_wilson_interval_known_values():
    # Published 95% Wilson intervals (e.g. Newcombe 1998, Brown, Cai & DasGupta 2001).
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_progress_bar_is_optional(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails
    assert head_to_head(ENV, 4, "heuristic", "random", 4, progress=True).games == 4


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


def test_chart_shows_the_ratings_the_table_ranks_by():
    result = run_tournament(ENV, 3, ["heuristic", "random", FirstLegal], 6, progress=False)
    ratings, wins, scores = chart.figure(result).axes
    ranked = result.ranking()
    assert [bar.get_height() for bar in ratings.patches] == [a.mu for a in ranked]
    low, high = ratings.containers[0].lines[2][0].get_segments()[0][:, 1]  # first error bar
    assert (low, high) == pytest.approx((ranked[0].ordinal, ranked[0].mu + 3 * ranked[0].sigma))
    assert [bar.get_height() for bar in wins.patches] == [a.win_rate for a in ranked]
    assert [bar.get_height() for bar in scores.patches] == [a.mean_score for a in ranked]


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


@pytest.mark.parametrize(("role", "seats"), [("zombie_controller", {0}), ("shopper", {1, 2})])
def test_head_to_head_in_one_role_of_an_asymmetric_game(role, seats):
    spy = SeatSpy(0)
    h = head_to_head("maul_of_america_v0", 3, spy, "random", 4, progress=False, role=role)
    assert set(spy.seats) == seats and h.games == 4
    assert [s for s, rate in enumerate(h.seat_win_rates) if rate is not None] == sorted(seats)
    assert h.role == role and h.chance is None
    table = format_head_to_head([h]).splitlines()
    assert f"as {role}" in table[-1] and " - " in table[-1]
    assert table[0].split()[-1] == "games/s"  # evaluate says how fast it played
    assert float(table[-1].split()[-1]) == round(h.result.games_per_second, 1)


def test_roles_are_named_by_the_declaration():
    moa, moh = game_type("maul_of_america_v0"), game_type("mall_of_horror_v0")
    assert [moa.role_of(s) for s in range(5)] == ["zombie_controller"] + ["shopper"] * 4
    assert moa.seats_of("shopper", 3) == (1, 2) and moh.seats_of("player", 4) == (0, 1, 2, 3)
    with pytest.raises(ValueError, match="no role 'zc'; its roles: zombie_controller, shopper"):
        head_to_head("maul_of_america_v0", 3, "random", "random", 3, progress=False, role="zc")
    with pytest.raises(SystemExit, match="we_are_dead has no role 'zc'; its roles: player"):
        _cli(["evaluate", str(pretrained_for("we_are_dead_v0", 3).path), "--role", "zc"])


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
    commands.add_commands(parser.add_subparsers(dest="command"))
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


def test_engine_options_on_the_command_line(tmp_path, capsys):
    argv = ["tournament", "--game", "we_are_dead_v0", "--players", "3", "--games", "6"]
    argv += ["--agents", "heuristic", "random", "--no-ratings", "--no-progress"]
    argv += ["--out", str(tmp_path)]
    assert _cli(argv + ["--option", "max_turns=2"]) == 0  # a whole number becomes an int
    assert "6 of 6 games reached the safety cap" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        _cli(argv + ["--option", "max_turns"])
    assert stop.value.code == 2
    assert "--option: takes KEY=VALUE, got 'max_turns'" in capsys.readouterr().err


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
    others = []

    def play_and_let_another_tournament_finish(*args, **kwargs):
        if not others:
            others.append("running")
            _cli(argv + ["--out", str(tmp_path / "b")])
        return play_game(*args, **kwargs)

    monkeypatch.setattr(runner, "play_game", play_and_let_another_tournament_finish)
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
