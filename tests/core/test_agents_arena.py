"""Agents, the arena runner and its statistics."""

from __future__ import annotations

import math
import sys

import pytest

from zombie_envs.agents import Agent, RandomAgent, heuristic_class, make_agent
from zombie_envs.arena import (
    GameResult,
    format_table,
    play_game,
    play_match,
    wilson_interval,
)
from zombie_envs.cli import main
from zombie_envs.core.game import Engine
from zombie_envs.core.layout import Layout
from zombie_envs.games.mall_of_horror.bots import HeuristicAgent
from zombie_envs.games.mall_of_horror.engine import MallOfHorror
from zombie_envs.registry import engine_class

ENV = "mall_of_horror_v0"


class Checked(RandomAgent):
    """A random agent that asserts it only ever answers with a legal action."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.decisions = 0

    def act(self, game, seat):
        assert game.current_player == seat
        action = super().act(game, seat)
        assert action in game.legal
        self.decisions += 1
        return action


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_agent_plays_only_legal_actions(players):
    agents = [Checked(s) for s in range(players)]
    moves = 0
    for seed in range(5):
        result = play_game(ENV, agents, seed)
        assert result.game.terminal
        moves += result.moves
    assert moves == sum(a.decisions for a in agents) > 0


def test_agent_reset_reproduces_play():
    def run():
        agents = [
            make_agent("random", ENV, 1),
            make_agent("heuristic", ENV, 2),
            make_agent("random", ENV, 3),
            make_agent("heuristic", ENV, 4),
        ]
        for i, a in enumerate(agents):
            a.reset(10 + i)
        return play_game(ENV, agents, seed=5).game.to_dict()

    assert run() == run()


def test_registry():
    assert isinstance(make_agent("random", ENV, 0), RandomAgent)
    assert isinstance(make_agent("heuristic", ENV, 0), HeuristicAgent)
    assert heuristic_class("mall_of_horror") is HeuristicAgent
    assert engine_class(ENV) is MallOfHorror and engine_class("mall_of_horror") is MallOfHorror
    with pytest.raises(ValueError):
        make_agent("oracle", ENV)
    with pytest.raises(ValueError):
        make_agent("heuristic", "no_such_game_v0")
    with pytest.raises(ValueError):
        engine_class("no_such_game_v0")


class SeatSpy(RandomAgent):
    """Records the seats it was asked to play, one entry per game."""

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


def test_seat_rotation_is_balanced():
    spies = [SeatSpy(i) for i in range(4)]
    result = play_match(ENV, spies, 12, seed=3, progress=False)
    assert result.seat_games == [[3] * 4 for _ in range(4)]
    for j, spy in enumerate(spies):
        assert sorted(spy.seats) == sorted(list(range(4)) * 3)
        assert spy.seats[:4] == [(j + i) % 4 for i in range(4)]
    assert sum(result.wins) == pytest.approx(12)
    assert result.games(0) == 12 and result.moves > 0 and result.games_per_second > 0


def test_no_rotation_keeps_seats():
    spies = [SeatSpy(i) for i in range(3)]
    result = play_match(ENV, spies, 4, seed=0, rotate_seats=False, progress=False)
    assert result.seat_games == [[4, 0, 0], [0, 4, 0], [0, 0, 4]]
    with pytest.raises(ValueError):
        play_match(ENV, ["random"] * 3, 1, num_players=4, progress=False)


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


class Rigged(Engine):
    """One pass per seat, then seats 0, 1 and 2 tie on points (seat 3 loses)."""

    name = "rigged"
    min_players, max_players, default_players = 4, 4, 4
    action_layout = Layout("rigged actions")
    action_layout.add("pass", 1, "pass")
    obs_layout = state_layout = action_layout
    FIELDS = ("turn",)

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

    def encode(self, seat, out, god):
        pass


def test_tied_wins_are_shared():
    result = play_game(Rigged, [RandomAgent(0)] * 4, seed=0)
    assert result.winners == [0, 1, 2]
    assert result.win_shares() == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0.0])
    match = play_match(Rigged, ["random"] * 4, 8, seed=0, progress=False)
    # every agent sat at each seat twice: 6 games at a tied winning seat (1/3 each),
    # 2 at the losing seat; each game hands out exactly one win in all
    assert match.wins == pytest.approx([2.0] * 4)
    assert sum(match.wins) == pytest.approx(8.0)
    assert match.seat_wins[0] == pytest.approx([2 / 3, 2 / 3, 2 / 3, 0.0])
    assert match.win_rate(0) == pytest.approx(0.25)
    assert match.mean_score(0) == pytest.approx(1.5)
    assert GameResult(0, [1, 1], [0, 1], 0).win_shares() == [0.5, 0.5]


def test_heuristic_beats_random_loosely():
    result = play_match(
        ENV, ["heuristic", "random", "random", "random"], 60, seed=11, progress=False
    )
    assert result.win_rate(0) > 0.25
    assert result.win_rate(0) > max(result.win_rate(j) for j in (1, 2, 3))


def test_table_formats():
    result = play_match(ENV, ["heuristic", "random", "random", "random"], 8, seed=1, progress=False)
    text = format_table(result)
    assert "win rate" in text and "95% CI" in text
    assert [line.split()[0] for line in text.splitlines()[2:]] == [
        "heuristic",
        "random#1",
        "random#2",
        "random#3",
    ]
    md = format_table(result, markdown=True).splitlines()
    assert md[0].startswith("| agent |") and md[1].startswith("|---|")
    assert len(md) == 6


def test_progress_bar_is_optional(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails
    result = play_match(ENV, ["random"] * 4, 4, seed=0, progress=True)
    assert result.num_games == 4


def test_cli_without_a_command_prints_help(capsys):
    assert main([]) == 0
    assert "demo" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["demo", "--games", "0"])


def test_agent_interface_is_abstract():
    with pytest.raises(TypeError, match="abstract"):
        Agent(0)


def test_a_win_by_no_seat_is_a_loss_for_every_seat():
    """We Are Dead's horde can beat every player: nobody gets a share of the win."""
    from zombie_envs.arena import GameResult

    result = GameResult(seed=0, scores=[3, 5, 1], winners=[], moves=10)
    assert result.win_shares() == [0.0, 0.0, 0.0]
    assert GameResult(seed=0, scores=[3, 5, 5], winners=[1, 2], moves=10).win_shares() == [
        0.0,
        0.5,
        0.5,
    ]
