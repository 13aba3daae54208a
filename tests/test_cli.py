"""The command line takes the names people type: a game without its ``_v0``,
``pretrained`` for the shipped policies, and the demo installs no browser."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from zombie_envs.agents import pretrained_agents
from zombie_envs.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("argv", "attr", "env"),
    [
        (["play", "mall_of_horror"], "env", "mall_of_horror_v0"),
        (["tournament", "--game", "we_are_dead", "--agents", "random"], "game", "we_are_dead_v0"),
        (["evaluate", "x.zip", "--env", "maul_of_america"], "env", "maul_of_america_v0"),
        (["ratings", "--game", "zombies_mall_walkers"], "game", "zombies_mall_walkers_v0"),
    ],
)
def test_a_game_name_without_its_version_names_the_env(argv, attr, env):
    assert getattr(build_parser().parse_args(argv), attr) == env


def test_an_unknown_game_is_a_usage_error_listing_the_envs(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "chess"])
    assert "unknown game 'chess'; available: ['mall_of_horror_v0'" in capsys.readouterr().err


def test_evaluate_pretrained_plays_the_shipped_policies(capsys):
    assert main(["evaluate", "pretrained", "--env", "we_are_dead", "--games", "3",
                 "--no-progress"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    (shipped,) = [a for a in pretrained_agents() if a.metadata["env"] == "we_are_dead_v0"]
    assert f"{shipped.path}: we_are_dead_v0" in out
    with pytest.raises(SystemExit, match="no pretrained agent plays we_are_dead_v0 with 6"):
        main(["evaluate", "pretrained", "--env", "we_are_dead", "--players", "6", "--games", "3"])


@pytest.mark.parametrize(
    ("command", "flag", "says"),
    [("evaluate", "--games", "rounded up"), ("demo", "--games", "rounded up"),
     ("train", "--total-steps", "rounded up to whole rollouts")],
)  # fmt: skip
def test_flags_that_round_say_so_in_their_help(capsys, command, flag, says):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert says in help_text[help_text.rindex(flag + " ") :].split(" --")[0]


def test_the_demo_installs_no_browser_and_the_tests_do():
    def plan(target):
        return subprocess.run(
            ["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout

    assert "chromium" not in plan("demo")
    assert "chromium" in plan("test")
    assert "build_ext --inplace" in plan("test")  # and the compiled build beside the pure one
