"""The shared OpenSkill ratings book."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from zombie_envs.ratings import (
    ENV_VAR,
    RatingsBook,
    format_ratings,
    game_ranks,
    ratings_path,
)

ENV = "mall_of_horror_v0"


def test_ranks_put_winners_first_then_scores():
    assert game_ranks([3, 5, 5, 1], [1, 2]) == [2, 1, 1, 3]
    assert game_ranks([9, 5, 7], [1]) == [2, 1, 3]  # a winner by tie-break outranks more points
    assert game_ranks([2, 4, 4], []) == [4, 2, 2]  # nobody won: order by score only


def test_the_always_winner_ends_on_top():
    book = RatingsBook()
    for i in range(30):
        scores = [10, 5 + i % 3, 2]
        book.rate_game(ENV, ["champ", "middle", "loser"], scores, [0])
    rows = book.table(ENV)
    assert [r["name"] for r in rows] == ["champ", "middle", "loser"]
    champ = book.get(ENV, "champ")
    assert champ["games"] == 30 and champ["mu"] > 25 > book.get(ENV, "loser")["mu"]
    assert champ["ordinal"] == pytest.approx(champ["mu"] - 3 * champ["sigma"])
    assert champ["sigma"] < 25 / 3


def test_a_name_at_several_seats_gets_the_mean_of_its_updates():
    book = RatingsBook()
    book.rate_game("mall_of_horror", ["a", "b", "a"], [3, 9, 1], [1])
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in range(3)], ranks=[2, 1, 3])
    a = book.get(ENV, "a")
    assert a["mu"] == pytest.approx((rated[0][0].mu + rated[2][0].mu) / 2)
    assert a["sigma"] == pytest.approx((rated[0][0].sigma + rated[2][0].sigma) / 2)
    assert a["games"] == 1
    assert book.get(ENV, "b")["mu"] == pytest.approx(rated[1][0].mu)


def test_games_against_oneself_and_newcomers():
    book = RatingsBook()
    assert book.rate_game(ENV, ["me", "me", "me"], [1, 2, 3], [2]) == {}
    assert book.table() == []
    assert book.get(ENV, "nobody") == {"mu": 25.0, "sigma": 25 / 3, "ordinal": 0.0, "games": 0}
    with pytest.raises(ValueError, match="unknown game"):
        book.rate_game("chess", ["a", "b"], [1, 0], [0])
    with pytest.raises(ValueError, match="one name per seat"):
        book.rate_game(ENV, ["a", "b"], [1, 0, 2], [0])


def test_ratings_are_kept_per_env():
    book = RatingsBook()
    book.rate_game(ENV, ["a", "b", "c"], [3, 2, 1], [0])
    book.rate_game("we_are_dead_v0", ["a", "b"], [1, 3], [1])
    assert book.get(ENV, "a")["mu"] > 25 > book.get("we_are_dead_v0", "a")["mu"]
    assert {r["env"] for r in book.table()} == {ENV, "we_are_dead_v0"}
    assert {r["env"] for r in book.table("we_are_dead")} == {"we_are_dead_v0"}


def test_file_round_trip_is_atomic(tmp_path):
    path = tmp_path / "sub" / "ratings.json"
    book = RatingsBook.load(path)
    assert book.table() == []
    book.rate_game(ENV, ["human:ann", "heuristic", "random"], [8, 5, 1], [0])
    assert book.save() == path
    assert [p.name for p in path.parent.iterdir()] == ["ratings.json"]  # no temp file left
    again = RatingsBook.load(path)
    assert again.table() == book.table()
    assert json.loads(path.read_text())["format"] == "zombie-envs-ratings"
    with pytest.raises(ValueError, match="has no file"):
        RatingsBook().save()


def test_path_from_environment(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert ratings_path() == Path("~/.zombie-envs/ratings.json").expanduser()
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "shared.json"))
    assert ratings_path() == tmp_path / "shared.json"
    assert RatingsBook.load().path == tmp_path / "shared.json"
    assert ratings_path(tmp_path / "x.json") == tmp_path / "x.json"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("{broken", "unreadable ratings file is not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested 100000 levels deep"),
        ('{"format": "something else"}', "is not a zombie-envs ratings file"),
        ('{"format": "zombie-envs-ratings", "format_version": 7}', "format version 7"),
        (
            '{"format": "zombie-envs-ratings", "format_version": 1,'
            ' "envs": {"mall_of_horror_v0": {"a": {"mu": "high"}}}}',
            "corrupt ratings",
        ),
    ],
)
def test_corrupt_files_name_the_path(tmp_path, text, match):
    path = tmp_path / "ratings.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=match) as info:
        RatingsBook.load(path)
    assert str(path) in str(info.value)


def test_format_ratings():
    assert format_ratings([]) == "no rated games yet"
    book = RatingsBook()
    book.rate_game(ENV, ["a", "b", "c"], [3, 2, 1], [0])
    text = format_ratings(book.table(), markdown=True).splitlines()
    assert text[0] == "| env | rank | name | ordinal | mu | sigma | games |"
    assert text[2].startswith(f"| {ENV} | 1 | a |") and text[4].startswith(f"| {ENV} | 3 | c |")
    plain = format_ratings(book.table()).splitlines()
    assert plain[0].split() == ["env", "rank", "name", "ordinal", "mu", "sigma", "games"]
    assert len(plain) == 5


WRITER = """
import sys
from zombie_envs.ratings import RatingsBook
path, me, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
for i in range(games):
    with RatingsBook.locked(path) as book:
        book.rate_game("mall_of_horror_v0", ["shared", me, f"{me}-{i % 3}"], [3, 2, 1], [0])
"""


def test_concurrent_writers_count_every_game_once(tmp_path):
    """Three processes write 25 games each under the lock: every game is counted
    exactly once (a lost update would count fewer, a replayed write more)."""
    import subprocess
    import sys

    path = tmp_path / "ratings.json"
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), f"w{k}", "25"]) for k in range(3)
    ]
    assert [w.wait(timeout=300) for w in writers] == [0, 0, 0]
    table = RatingsBook.load(path).envs["mall_of_horror_v0"]
    assert table["shared"]["games"] == 75
    for k in range(3):
        assert table[f"w{k}"]["games"] == 25
        assert [table[f"w{k}-{j}"]["games"] for j in range(3)] == [9, 8, 8]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ratings.json", "ratings.json.lock"]
