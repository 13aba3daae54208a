"""Agents and the one-game loop."""

from __future__ import annotations

import pytest

from zombie_envs.agents import Agent, RandomAgent, heuristic_class, make_agent
from zombie_envs.arena import GameResult, play_game
from zombie_envs.cli.main import main
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
    moves, movers = 0, []
    for seed in range(5):
        result = play_game(ENV, agents, seed)
        assert result.game.terminal
        moves += result.moves
        movers += result.movers
    assert moves == sum(a.decisions for a in agents) > 0
    assert [movers.count(s) for s in range(players)] == [a.decisions for a in agents]


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
    result = GameResult(seed=0, scores=[3, 5, 1], winners=[], moves=10)
    assert result.win_shares() == [0.0, 0.0, 0.0]
    assert GameResult(seed=0, scores=[3, 5, 5], winners=[1, 2], moves=10).win_shares() == [
        0.0,
        0.5,
        0.5,
    ]
