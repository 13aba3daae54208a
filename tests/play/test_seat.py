"""The one seated game every front end for people drives (``play.seat``)."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs.core.narration import letters, pick
from zombie_envs.play.seat import CAPPED, SeatedGame, SetupError
from zombie_envs.ratings import RatingsBook

ROOT = Path(__file__).parents[2]


def finished(env: str, seed: int = 3) -> SeatedGame:
    game = SeatedGame.new(env, 1, ["random"], None, "ann", None, seed)
    game.advance()
    while not game.finished:
        game.decide(game.choices()[-1].action)
        game.advance()
    return game


@pytest.mark.parametrize("env", ENV_NAMES)
def test_advance_stops_only_at_the_persons_decisions(env, monkeypatch):
    declared(env, monkeypatch)
    game = SeatedGame.new(env, 1, ["random"], None, "ann", None, 5)
    forced = []
    game.advance(forced.append)
    assert game.finished or (game.engine.current_player == 1 and game.asks_person())
    decisions = 0
    while not game.finished and decisions < 40:
        game.decide(game.choices()[0].action)
        game.advance(forced.append)
        decisions += 1
    assert all(c.action in range(game.engine.num_actions) for c in forced)
    assert len(game.actions) > decisions


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_choice_keeps_its_key_while_it_stays_on_offer(env, monkeypatch):
    """Between a seat's consecutive decisions a choice (same action, same text) keeps
    its key, and a list letter never names another choice than it did (Mall Walkers'
    zombie moves, Maul's "end the turn" once a search is possible); each key picks
    its choice."""
    listed, kept = {letters(i) for i in range(1000)}, 0
    for seed in range(3):
        options = declared(env, monkeypatch).quick_options
        game = SeatedGame.new(env, seed % 2, ["random"], None, "ann", options, seed)
        rng = random.Random(seed)
        game.advance()
        before: dict[tuple[int, str], str] = {}
        while not game.finished:
            choices = game.choices()
            named = {key: choice for choice, key in before.items() if key in listed}
            for c in choices:
                assert pick(c.key, choices) is c
                assert before.get((c.action, c.text), c.key) == c.key, (c, before)
                assert named.get(c.key, (c.action, c.text)) == (c.action, c.text), (c, before)
                kept += (c.action, c.text) in before and c.key in listed
            before = {(c.action, c.text): c.key for c in choices}
            game.decide(rng.choice(choices).action)
            game.advance()
    assert kept > 10  # letters were carried over, not only squares and numbers


def test_an_illegal_decision_is_refused_naming_the_choices_and_changes_nothing():
    game = SeatedGame.new("mall_of_horror", 0, ["random"], 4, "ann", None, 2)
    game.advance()
    before, log = game.engine.to_dict(), list(game.log)
    bad = next(a for a in range(game.engine.num_actions) if a not in game.engine.legal)
    with pytest.raises(ValueError, match=rf"action {bad} is not one of your choices now: \d+ \("):
        game.decide(bad)
    assert game.engine.to_dict() == before and game.log == log


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"seat": 4, "players": 4}, "^seat must be from 0 to 3 in a 4-player game"),
        ({"name": "heuristic"}, "^name 'heuristic' is an opponent's name"),
    ],
)
def test_a_bad_seat_or_name_is_refused_naming_the_option(setup, message):
    with pytest.raises(SetupError, match=message) as caught:
        SeatedGame.new("mall_of_horror_v0", **setup)
    assert caught.value.option in setup


def test_the_verdict_record_and_rating_of_a_finished_game(tmp_path):
    game = finished("we_are_dead_v0")
    result = game.result()
    assert result.scores == list(game.engine.scores())
    assert result.winners == game.engine.final_winners()
    expected = "you lost" if 1 not in result.winners else None
    if 1 in result.winners:
        expected = "you won" if len(result.winners) == 1 else "you share the win"
    assert result.verdict == expected and result.seed == 3
    assert result.nobody == (f"no player ({CAPPED})" if game.engine.truncated else "no player")
    record = game.record(note="x")
    assert record["finished"] is True and record["human_seat"] == 1 and record["note"] == "x"
    assert record["seats"] == ["random", "ann"] + ["random"] * (game.engine.num_players - 2)
    rating = game.rate(str(tmp_path / "ratings.json"))
    book = RatingsBook.load(tmp_path / "ratings.json")
    assert rating.games == 1 == book.get("we_are_dead_v0", "ann")["games"]
    # the bare ordinal is said for what it is: mu - 3 sigma, from 0 for a new player
    ordinal = f"{rating.mu - 3 * rating.sigma:.2f}"
    assert rating.line().startswith(f"rating of ann on we_are_dead_v0: {ordinal} = mu - 3 sigma")
    assert rating.line().endswith(", 1 game; a new player starts at 0)")  # then 2 games
    again = game.rate(str(tmp_path / "ratings.json")).line()
    assert again.endswith(", 2 games; a new player starts at 0)")


def test_a_replayed_record_tells_the_person_the_same_story():
    game = SeatedGame.new("zombies_mall_walkers", 0, ["random"], 3, "ann", None, 7)
    game.advance()
    for _ in range(5):
        game.decide(game.choices()[0].action)
        game.advance()
    again = SeatedGame.replayed(game.record())
    assert again.engine.to_dict() == game.engine.to_dict()
    assert again.log == game.log and again.names == game.names and not again.agents
    record = game.record()
    record["actions"][2] = game.engine.num_actions  # never legal
    with pytest.raises(ValueError, match="^move 2 "):
        SeatedGame.replayed(record)


def test_the_browser_imports_nothing_of_the_terminal():
    for path in (ROOT / "zombie_envs" / "web").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                assert "terminal" not in (node.module or ""), path
                assert "terminal" not in [a.name for a in node.names], path


def test_a_seated_game_needs_no_pettingzoo():
    code = (
        "import sys, json\n"
        "from zombie_envs.play.seat import SeatedGame\n"
        "g = SeatedGame.new('maul_of_america_v0', 0, ['random'], None, 'ann', None, 1)\n"
        "g.advance()\n"
        "print(json.dumps(['pettingzoo' in sys.modules, g.asks_person() or g.finished]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert json.loads(out.stdout) == [False, True]
