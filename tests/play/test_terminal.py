"""``zombie-envs play``: whole games typed at the prompt for every env, the commands,
quitting, records and ratings, and that the person never sees another seat's secret.

The person is scripted but reads the screen like a person does: it answers
with keys and names taken from the list of choices printed last.
"""

from __future__ import annotations

import argparse
import io
import random
import re
import zipfile
from collections import Counter

import numpy as np
import pytest

from tests.envs_under_test import ENV_NAMES, declared, skip_without_cards, twin_of
from zombie_envs.agents.network import MLPPolicy
from zombie_envs.agents.policy_file import policy_entries
from zombie_envs.core.agent import Agent
from zombie_envs.core.narration import Choice, narrator_of, pick
from zombie_envs.games.mall_of_horror import data as moh_data
from zombie_envs.games.maul_of_america import cards as maul_cards
from zombie_envs.games.we_are_dead import data as wad_data
from zombie_envs.games.zombies_mall_walkers import cards as walkers_cards
from zombie_envs.play.terminal import TerminalGame, add_commands, main, screen
from zombie_envs.ratings import RatingsBook
from zombie_envs.records import read_records, replay_record
from zombie_envs.registry import engine_class


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="zombie-envs")
    add_commands(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])


class Person:
    """Types the scripted lines first (a callable line is called with the person),
    then the key of a random choice of the last screen."""

    def __init__(self, output: io.StringIO, script=(), seed: int = 0):
        self.output = output
        self.script = list(script)
        self.rng = random.Random(seed)
        self.named: list[str] = []

    def shown(self) -> list[Choice]:
        """The choices listed on the last screen printed: ``key  name  detail`` cells,
        three spaces or more apart when laid out in columns."""
        text = self.output.getvalue()
        lines = text[text.rindex("Your decision") :].splitlines()[1:]
        choices = []
        for line in lines[: next(i for i, x in enumerate(lines) if not x.startswith("  "))]:
            for cell in re.split(r" {3,}", line.strip()):
                key, text, *_ = cell.split("  ") + [""]
                choices.append(Choice(len(choices), key, text))
        return choices

    def __call__(self, prompt: str) -> str:
        if self.script:
            line = self.script.pop(0)
            return line(self) if callable(line) else line
        return self.rng.choice(self.shown()).key


def by_name(person: Person) -> str:
    """A whole choice name, in capitals."""
    name = person.rng.choice(person.shown()).text
    person.named.append(name)
    return name.upper()


def by_prefix(person: Person) -> str:
    """A name cut short by a letter, when that still fits that choice only."""
    shown = person.shown()
    for choice in shown:
        typed = choice.text[:-1].lower()
        if len(choice.text.split()[-1]) > 1 and typed not in {c.key for c in shown}:
            try:
                if pick(typed, shown) == choice:
                    person.named.append(choice.text)
                    return typed
            except ValueError:
                continue
    person.named.append(shown[0].text)
    return shown[0].key


def first_key(person: Person) -> str:
    return person.shown()[0].key


def end_of_input(person: Person) -> str:
    raise EOFError


def opponents_for(env_name: str) -> list[str]:
    """A heuristic bot, then random ones up to the game's fewest players."""
    return ["heuristic"] + ["random"] * (engine_class(env_name).min_players - 2)


# ----- whole games at the prompt --------------------------------------------------


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_a_whole_game_typed_at_the_prompt(env_name, tmp_path, monkeypatch):
    declared(env_name, monkeypatch)
    opponents = opponents_for(env_name)
    records, ratings = tmp_path / "games.jsonl", tmp_path / "ratings.json"
    args = parse(
        [env_name, "--seat", "1", "--opponents", *opponents, "--seed", "5"]
        + ["--players", str(len(opponents) + 1)]
        + ["--record", str(records), "--ratings", str(ratings), "--name", "ann"]
    )
    out = io.StringIO()
    script = ["garbage", "999", "help", by_name, "show", by_prefix]
    person = Person(out, script)
    assert main(args, person, out) == 0
    text = out.getvalue()
    for message in (
        "no choice is called 'garbage'",
        "no choice is called '999'",
        "Commands:",
        "Legend of the board:",
        "Pending decision:",
    ):
        assert message in text
    assert len(person.named) == 2
    for name in person.named:
        assert f"you: {name}\n" in text

    (record,) = read_records(records)
    assert record["finished"] is True and record["human_seat"] == 1
    assert record["seats"] == [opponents[0], "ann", *opponents[1:]]
    game = replay_record(record)  # the stored result is the one the actions give
    assert game.terminal
    assert game.game_type.text_module.ansi(game, 1) in text  # final board
    mine = sum(1 for seat in seats_that_acted(record) if seat == 1)
    assert text.count("\nyou: ") == mine > 0
    assert "GAME OVER" in text and "winner(s):" in text
    assert re.search(r"you (won|lost|share the win)", text)
    assert f"game record saved to {records}" in text

    book = RatingsBook.load(ratings)
    assert book.get(env_name, "ann")["games"] == 1
    for spec in opponents:
        assert book.get(env_name, spec)["games"] == 1
    assert "rating of ann on" in text


@pytest.mark.parametrize("seat", [0, 2])
def test_either_role_of_maul_of_america_is_played_at_the_prompt(seat, tmp_path):
    """Seat 0 is the Zombie Controller, the others Shoppers: a person takes either."""
    records = tmp_path / "games.jsonl"
    args = parse(
        ["maul_of_america_v0", "--seat", str(seat), "--opponents", "heuristic", "--seed", "3"]
        + ["--players", "3", "--record", str(records), "--no-ratings"]
    )
    out = io.StringIO()
    assert main(args, Person(out, seed=seat), out) == 0
    (record,) = read_records(records)
    assert record["finished"] and record["human_seat"] == seat
    kinds = {kind for s, kind in decisions(record) if s == seat}
    role = {"command", "destination"} if seat == 0 else {"act"}
    assert role <= kinds and not ({"command", "act"} - role) & kinds


def decisions(record: dict) -> list[tuple[int, str]]:
    """The seat and decision kind behind each action of a record, from a replay."""
    game = engine_class(record["env"])(record["num_players"], seed=record["seed"])
    out = []
    for action in record["actions"]:
        out.append((game.current_player, game.decision))
        game.apply(action)
    return out


def seats_that_acted(record: dict) -> list[int]:
    return [seat for seat, _ in decisions(record)]


def test_a_second_game_adds_to_the_record_file_and_the_ratings(tmp_path):
    records, ratings = tmp_path / "games.jsonl", tmp_path / "ratings.json"
    for seed in (1, 2):
        args = parse(
            ["mall_of_horror_v0", "--opponents", "random", "--players", "3"]
            + ["--seed", str(seed), "--record", str(records), "--ratings", str(ratings)]
        )
        out = io.StringIO()
        assert main(args, Person(out), out) == 0
    assert [r["seed"] for r in read_records(records)] == [1, 2]
    assert RatingsBook.load(ratings).get("mall_of_horror_v0", "human")["games"] == 2


@pytest.mark.parametrize("env_name", ENV_NAMES)
@pytest.mark.parametrize("stop", ["quit", end_of_input])
def test_quitting_saves_the_game_so_far_unrated(env_name, stop, tmp_path, monkeypatch):
    declared(env_name, monkeypatch)
    records, ratings = tmp_path / "games.jsonl", tmp_path / "ratings.json"
    args = parse(
        [env_name, "--opponents", *opponents_for(env_name), "--seed", "3"]
        + ["--record", str(records), "--ratings", str(ratings)]
    )
    out = io.StringIO()
    assert main(args, Person(out, [first_key, first_key, stop]), out) == 0
    (record,) = read_records(records)
    assert record["finished"] is False
    assert record["result"]["winners"] == []
    assert seats_that_acted(record).count(0) == 2
    assert not replay_record(record).terminal
    assert not ratings.exists()
    assert "stopped" in out.getvalue() and "GAME OVER" not in out.getvalue()


def test_no_ratings_leaves_the_ratings_file_alone(tmp_path):
    ratings = tmp_path / "ratings.json"
    args = parse(
        ["we_are_dead_v0", "--opponents", "heuristic", "--seed", "0", "--no-ratings"]
        + ["--record", str(tmp_path / "games.jsonl")]
    )
    out = io.StringIO()
    assert main(args, Person(out), out) == 0
    assert read_records(tmp_path / "games.jsonl")[0]["finished"] is True
    assert not ratings.exists()


def write_policy(path, env_name: str, players: int) -> str:
    """A small random policy file for ``env_name``: enough to play, not to play well."""
    cls = engine_class(env_name)
    rng = np.random.default_rng(0)
    sizes = [cls.obs_layout.size, 8, cls.action_layout.size]
    layers = [
        (rng.normal(size=(out, inp)), np.zeros(out))
        for inp, out in zip(sizes, sizes[1:], strict=False)
    ]
    meta = {
        "env": env_name,
        "engine_version": cls.version,
        "num_players": players,
        "obs_size": cls.obs_layout.size,
        "num_actions": cls.action_layout.size,
    }
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in policy_entries(MLPPolicy(layers), meta).items():
            zf.writestr(name, data)
    return f"ckpt:{path}"


def test_a_checkpoint_opponent_is_rated_under_its_spec(tmp_path):
    spec = write_policy(tmp_path / "policy.zip", "mall_of_horror_v0", 3)
    ratings = tmp_path / "ratings.json"
    args = parse(
        ["mall_of_horror_v0", "--seat", "2", "--opponents", spec, "heuristic", "--seed", "4"]
        + ["--record", str(tmp_path / "games.jsonl"), "--ratings", str(ratings)]
    )
    out = io.StringIO()
    assert main(args, Person(out), out) == 0
    assert read_records(tmp_path / "games.jsonl")[0]["seats"] == [spec, "heuristic", "human"]
    assert RatingsBook.load(ratings).get("mall_of_horror_v0", spec)["games"] == 1


# ----- bad arguments -------------------------------------------------------------


def refuse_input(prompt: str) -> str:
    raise AssertionError("no game should start")


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["--opponents", "nonsense", "random", "random"],
            "unknown agent kind 'nonsense'; known: random, heuristic, pretrained, ckpt:PATH",
        ),
        (["--opponents", "nonsense", "--players", "9"], "unknown agent kind 'nonsense'"),
        (
            ["--opponents", "ckpt:/nowhere/policy.zip", "--players", "4"],
            "no checkpoint at /nowhere/policy.zip",
        ),
        (["--opponents", "random", "random", "random", "--players", "3"], "need 2 opponent"),
        (["--players", "9"], "mall_of_horror_v0 takes 3 to 6 players, not 9"),
        (
            ["--opponents", "random", "--players", "2"],
            "mall_of_horror_v0 takes 3 to 6 players, not 2",
        ),
        (["--seat", "4"], "--seat must be from 0 to 3"),
        (["--name", "heuristic"], "--name 'heuristic' is an opponent's name"),
        (["--option", "zombie_return=sometimes"], "option zombie_return must be one of"),
    ],
)
def test_bad_arguments_stop_with_a_clear_message(argv, message, tmp_path):
    records = tmp_path / "games.jsonl"
    args = parse(["mall_of_horror_v0", *argv, "--record", str(records), "--no-ratings"])
    with pytest.raises(SystemExit, match=re.escape(message)):
        main(args, refuse_input, io.StringIO())
    assert not records.exists()


def test_a_malformed_option_stops_the_command_line_with_its_usage(capsys):
    with pytest.raises(SystemExit) as stop:
        parse(["mall_of_horror_v0", "--option", "nonsense"])
    assert stop.value.code == 2
    assert "--option: takes KEY=VALUE, got 'nonsense'" in capsys.readouterr().err


def test_an_unreadable_ratings_file_stops_before_the_game(tmp_path):
    records, ratings = tmp_path / "games.jsonl", tmp_path / "ratings.json"
    ratings.write_text("not json")
    args = parse(["we_are_dead_v0", "--record", str(records), "--ratings", str(ratings)])
    with pytest.raises(SystemExit, match="unreadable ratings file"):
        main(args, refuse_input, io.StringIO())
    assert ratings.read_text() == "not json" and not records.exists()


def test_a_ratings_file_spoiled_during_the_game_keeps_the_record(tmp_path):
    records, ratings = tmp_path / "games.jsonl", tmp_path / "ratings.json"

    def spoil(person):
        ratings.write_text("not json")  # another program breaks the file meanwhile
        return "1"

    args = parse(
        ["mall_of_horror_v0", "--seed", "2", "--record", str(records)] + ["--ratings", str(ratings)]
    )
    out = io.StringIO()
    with pytest.raises(SystemExit, match="unreadable ratings file.*saved but not rated"):
        main(args, Person(out, [spoil]), out)
    assert read_records(records)[0]["finished"] and ratings.read_text() == "not json"


def test_a_checkpoint_for_another_game_is_refused(tmp_path):
    spec = write_policy(tmp_path / "policy.zip", "mall_of_horror_v0", 2)
    with pytest.raises(ValueError, match="does not fit this env"):
        TerminalGame("we_are_dead_v0", opponents=[spec], input_fn=refuse_input)


def test_an_unknown_env_is_refused():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        TerminalGame("chess", input_fn=refuse_input)


# ----- what the person may see -------------------------------------------------------


class Watched(Agent):
    """Plays like ``inner`` and checks, at each of its moves, that what the person is
    told of the decision is the same in states that differ in secrets the person may
    not see, and for a secret decision, whatever was chosen."""

    def __init__(self, inner: Agent, viewer: int, perturb, rng: random.Random, counts):
        super().__init__()
        self.inner = inner
        self.viewer = viewer
        self.perturb = perturb
        self.rng = rng
        self.counts = counts

    def act(self, game, seat: int) -> int:
        action = self.inner.act(game, seat)
        narrator = narrator_of(game)
        told = narrator.decision(game, action, self.viewer)
        if game.decision in game.secret_decisions:
            assert all(narrator.decision(game, a, self.viewer) == told for a in game.legal)
            self.counts["secret"] += 1
        twin, changed = self.perturb(game, self.viewer, self.rng)
        self.counts.update(f"log {what}" for what in changed)
        assert narrator.decision(twin, action, self.viewer) == told
        self.counts["moves"] += 1
        return action


class Looker:
    """The person: at each decision, checks that the screen printed is ``screen``'s,
    with the board at the first decision and after other seats moved and only
    then, and that twins with other seats' secrets changed give the same screen."""

    def __init__(self, perturb, seat: int, rng: random.Random, counts):
        self.perturb = perturb
        self.seat = seat
        self.rng = rng
        self.counts = counts
        self.output = io.StringIO()
        self.game: TerminalGame | None = None
        #: the other seats' moves made by the last decision (None: before the first)
        self.moves: int | None = None

    def __call__(self, prompt: str) -> str:
        seated = self.game.seated
        g, log, choices = seated.engine, seated.log, seated.choices()
        board = self.moves is None or self.counts["moves"] > self.moves
        self.moves = self.counts["moves"]
        shown, printed = screen(g, self.seat, log, board, choices), self.output.getvalue()
        assert printed.endswith(shown + "\n")
        assert printed.endswith(screen(g, self.seat, log, True, choices) + "\n") is board
        assert (narrator_of(g).board(g, self.seat) in shown) is board
        for _ in range(2):
            twin, changed = self.perturb(g, self.seat, self.rng)
            self.counts.update(changed)
            assert screen(twin, self.seat, log, board) == screen(g, self.seat, log, board)
        self.counts["screens"] += 1
        self.counts["screens without the board"] += not board
        return self.rng.choice(choices).key


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_the_screen_never_shows_another_seats_secret(env_name, monkeypatch):
    """At every decision of the person, states that differ only in other seats'
    secrets (hands, pending ballots, secret destinations, unseen dice, face-down
    heroes, token numbers, the deck) give the same screen, and the log never tells
    a secret choice of another seat (the story's own twin checks are in
    ``tests/games/*/test_narration.py``)."""
    declared(env_name, monkeypatch)
    perturb = twin_of(env_name)
    cls = engine_class(env_name)
    counts = Counter()
    for players in range(cls.min_players, cls.max_players + 1):
        seat, rng = 1, random.Random(players)
        person = Looker(perturb, seat, rng, counts)
        game = TerminalGame(
            env_name, seat, ["random"], players, players, input_fn=person, output=person.output
        )
        person.game = game
        for s, agent in game.seated.agents.items():
            game.seated.agents[s] = Watched(agent, seat, perturb, rng, counts)
        assert game.play()["finished"] is True
    assert counts["screens"] > 50
    assert 0 < counts["screens without the board"] < counts["screens"]
    at_screens = {k for k in counts if not k.startswith(("screens", "secret", "moves", "log "))}
    others = set(cls.visibility.secrets) - {"hand", "deck"}  # the game's other secrets
    assert "hand" in at_screens and len(at_screens - {"hand", "deck"}) >= min(2, len(others))
    assert counts["log hand"] > 0, counts
    assert counts["secret"] > 0 or not cls.secret_decisions, counts  # secret moves were told


def test_show_prints_the_board_a_decision_in_a_row_leaves_out():
    """Maul of America's Shopper takes several steps a turn: the screens after the
    first leave the board out, and ``show`` prints the whole screen with it."""
    out, rng = io.StringIO(), random.Random(1)
    printed, seen, showing = Counter(), [0], [False]

    def person(prompt: str) -> str:
        seated = game.seated
        g, seat = seated.engine, seated.seat
        new, seen[0] = out.getvalue()[seen[0] :], len(out.getvalue())
        choices = seated.choices()
        full = screen(g, seat, seated.log, choices=choices)
        if showing[0]:
            assert new == full + "\n"
            showing[0] = False
            printed["shown"] += 1
        elif new.endswith("\n" + full + "\n"):
            printed["with the board"] += 1
        else:
            assert new.endswith("\n" + screen(g, seat, seated.log, False, choices) + "\n")
            assert narrator_of(g).board(g, seat) not in new
            printed["without"] += 1
            showing[0] = True
            return "show"
        return rng.choice(choices).key

    options = engine_class("maul_of_america_v0").game_type.quick_options
    game = TerminalGame(
        "maul_of_america_v0", 1, ["random"], 3, 4, options=options, input_fn=person, output=out
    )
    game.play()
    assert printed["with the board"] > 3 and printed["without"] == printed["shown"] > 3


def test_the_installed_command_plays_a_whole_game_through_real_stdin(tmp_path):
    """The ``zombie-envs play`` entry point, in its own process, fed through its stdin."""
    import os
    import subprocess
    import sys

    # a letter whose choice has just gone names nothing at the next decision: type a few
    typed = "garbage\n999\nhelp\n" + "a\nb\nc\nd\n1\n2\n3\n4\n5\n6\n" * 1000
    record = tmp_path / "human.jsonl"
    env = {**os.environ, "ZOMBIE_ENVS_RATINGS": str(tmp_path / "ratings.json")}
    argv = ["play", "mall_of_horror_v0", "--seat", "2", "--opponents", "heuristic", "random"]
    argv += ["random", "--seed", "4", "--record", str(record)]
    done = subprocess.run(
        [sys.executable, "-m", "zombie_envs.cli", *argv],
        input=typed,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "GAME OVER" in done.stdout and "game record saved" in done.stdout
    (game,) = read_records(record)
    assert game["finished"] and game["seats"][2] == "human"
    assert replay_record(game).terminal
    assert (
        RatingsBook.load(tmp_path / "ratings.json").get("mall_of_horror_v0", "human")["games"] == 1
    )


def test_the_seed_is_shown_only_when_the_game_is_over(tmp_path):
    """The seed fixes every hidden card and die: showing it at the start would
    let the person work out the other hands."""
    out = io.StringIO()
    argv = ["mall_of_horror_v0", "--opponents", "random", "--seed", "987654", "--no-ratings"]
    args = parse(argv + ["--record", str(tmp_path / "games.jsonl")])
    code = main(args, Person(out), out)
    text = out.getvalue()
    assert code == 0 and "GAME OVER" in text
    assert "987654" not in text.split("GAME OVER")[0]
    assert "seed 987654: --seed 987654 deals this game again" in text


#: every card of each game, from the game's own card lists
CARDS = {
    "mall_of_horror_v0": moh_data.CARD_NAMES,
    "maul_of_america_v0": maul_cards.SEARCH_NAMES + maul_cards.HAND_NAMES,
    "we_are_dead_v0": wad_data.CARD_NAMES,
    "zombies_mall_walkers_v0": walkers_cards.NAMES,
}


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_every_card_says_what_it_does_in_the_legend_and_at_help_card(env_name, monkeypatch):
    """Each card of the game has a text, shown in the legend and by ``help CARD``
    typed in any case; a name that fits no card or several says which there are."""
    skip_without_cards(declared(env_name, monkeypatch))
    names = CARDS[env_name]
    texts = engine_class(env_name).game_type.card_texts
    assert list(texts) == list(names) and all(t.strip() for t in texts.values())
    out = io.StringIO()
    script = [f"help {name.upper()}" for name in names] + ["help zzz", "help a", "quit"]
    TerminalGame(env_name, 0, ["random"], seed=1, input_fn=Person(out, script), output=out).play()
    shown = out.getvalue()
    legend = shown[: shown.index("Your decision")]
    for name in names:
        assert f"\n  {name}: {texts[name]}\n" in legend
        assert f"\n{name}: {texts[name]}\n" in shown  # what help CARD printed
    assert "no card is called 'zzz'; the cards: " in shown
    assert "'a' fits several cards: " in shown
