"""The replay page's API: saved records listed and played back from any view,
bot-only games watched one move at a time within the server's limits, and
what a viewer is sent (never what it may not see: every frame equals the
frame of a twin state whose hidden items were redrawn; the story lines of a
move are twin-checked per rule step by the narration tests, tests/play/)."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")

from starlette.testclient import TestClient  # noqa: E402

from tests.envs_under_test import ENV_NAMES, declared  # noqa: E402
from zombie_envs.core.record import record_check  # noqa: E402
from zombie_envs.match import run_tournament  # noqa: E402
from zombie_envs.play.seat import SeatedGame  # noqa: E402
from zombie_envs.records import replay_record, stamped_record, write_records  # noqa: E402
from zombie_envs.registry import engine_class, game_type  # noqa: E402
from zombie_envs.web.app import create_app  # noqa: E402
from zombie_envs.web.replays import Shelf, frame  # noqa: E402
from zombie_envs.web.session import GameStore, Limits  # noqa: E402

#: a seed no picture or text holds by chance: its absence from a frame means something
SEED = 1234567891


def random_record(env: str, seed: int = SEED, **extra) -> dict:
    """A whole game of random moves, as a record."""
    cls = engine_class(env)
    options = game_type(env).quick_options
    g = cls(cls.default_players, seed=seed, **options)
    rng, actions = random.Random(seed), []
    while not g.terminal:
        actions.append(rng.choice(g.legal))
        g.apply(actions[-1])
    seats = [f"bot{s}" for s in range(g.num_players)]
    return stamped_record(
        env, g.num_players, options, seed, seats, actions, g.scores(), g.final_winners(), **extra
    )


def twin_frame(answer: dict, g, viewer, seats, seed: int, rng: random.Random) -> tuple[dict, bool]:
    """The frame ``viewer`` would get in a state it cannot tell from ``g`` (a
    spectator: from some seat, who sees more), and whether the redraw changed it."""
    seat = rng.randrange(g.num_players) if viewer is None else viewer
    twin = g.resample(seat, rng)
    out = frame(twin, viewer, seats, answer["story"], answer["move"], seed)
    return {**answer, **out}, twin.to_dict() != g.to_dict()


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data", False)


def served(store, folder=None) -> TestClient:
    return TestClient(create_app(store, shelf=Shelf(store, folder)))


def listed(client) -> dict:
    r = client.get("/api/records")
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_record_plays_back_to_its_end_showing_each_view_only_its_own(
    env, store, tmp_path, monkeypatch
):
    """Every step from a seat's view and a spectator's equals the frame of a
    twin state; the seed shows only at the end, with the record's result."""
    declared(env, monkeypatch)
    folder = tmp_path / "records"
    record = random_record(env)
    write_records(folder / "games.jsonl", [record])
    client = served(store, folder)
    (entry,) = listed(client)["records"]
    assert entry["env"] == env and entry["moves"] == len(record["actions"])
    assert "scores" not in entry and "seed" not in json.dumps(entry)  # the list tells no end
    rng = random.Random(env)
    n = len(record["actions"])
    changed = 0
    for viewer in (rng.randrange(record["num_players"]), None):
        seat = "spectator" if viewer is None else str(viewer)
        for step in [*range(0, n, 5), n - 1]:
            r = client.get(f"/api/records/{entry['id']}?step={step}&seat={seat}")
            assert r.status_code == 200, r.text
            answer = r.json()
            assert answer["move"] == step and answer["moves"] == n and answer["viewer"] == viewer
            assert answer["result"] is None and str(SEED) not in json.dumps(answer)
            g = replay_record(record, upto=step)
            seen, differs = twin_frame(answer, g, viewer, record["seats"], SEED, rng)
            assert seen == answer
            changed += differs
        end = client.get(f"/api/records/{entry['id']}?step={n}&seat={seat}").json()
        assert end["result"]["seed"] == SEED and "over" in end["phase"]
        assert end["result"]["scores"] == record["result"]["scores"]
        assert end["result"]["winners"] == record["result"]["winners"]
        assert end["story"], "the last move is told"
    assert changed >= 3, "the twins hardly differed: a vacuous check"


def test_the_list_holds_browser_games_and_tournament_records_and_refuses_bad_files(store, tmp_path):
    folder = tmp_path / "records"
    env = "mall_of_horror_v0"
    run_tournament(env, 3, ["random", "heuristic"], games=1, seed=3, progress=False,
                   record_path=folder / "cup" / "games.jsonl")  # fmt: skip
    good = random_record(env)
    edited = dict(good, seats=["w", "x", "y", "z"])  # its check no longer matches
    old = {k: v for k, v in good.items() if k != "check"} | {"format_version": 1}
    foreign = random_record(env, seed=5)
    foreign["engine_version"] += 1
    foreign["check"] = record_check(foreign)
    illegal = random_record(env, seed=6)
    illegal["actions"][3] = 10**6  # sealed again: only playing it shows the fault
    illegal["check"] = record_check(illegal)
    write_records(folder / "mixed.jsonl", [good, edited, old, foreign, illegal])
    (folder / "broken.jsonl").write_text('{"format": "zombie-envs-record"\n')
    (folder / "notes.txt").write_text("not a record file")
    session = store.create(env_name=env, seat=0, opponents=["random"], players=3, name="ann",
                           options={})  # fmt: skip
    rng = random.Random(0)
    while not session.engine.terminal:
        store.act(session.id, session.move, rng.choice(session.engine.legal))
    client = served(store, folder)

    listing = listed(client)
    sources = [r["source"] for r in listing["records"]]
    assert sources.count("browser games") == 1 and sources.count("mixed.jsonl") == 2
    assert sources.count("cup/games.jsonl") >= 1
    assert all(session.id not in json.dumps(r) for r in listing["records"])  # its key stays
    errors = {e["source"]: [] for e in listing["refused"]}
    for e in listing["refused"]:
        errors[e["source"]].append(e["error"])
    assert set(errors) == {"broken.jsonl", "mixed.jsonl"}
    assert errors["broken.jsonl"][0].startswith("broken.jsonl, line 1 is not valid JSON")
    assert errors["mixed.jsonl"] == [
        "game 1: the record changed after it was written (its check does not match)",
        "game 2: this record has format version 1, from before records carried a check: "
        "it cannot be verified, and an edited action in it replays as another game",
        f"game 3: made with {env} engine version {foreign['engine_version']}, "
        f"this is {foreign['engine_version'] - 1}",
    ]
    bad = next(r for r in listing["records"] if r["id"] == illegal["check"][:20])
    r = client.get(f"/api/records/{bad['id']}")
    assert r.status_code == 422
    assert r.json()["error"].startswith("mixed.jsonl, game 4 cannot be played back: record")
    browser = next(r for r in listing["records"] if r["source"] == "browser games")
    end = client.get(f"/api/records/{browser['id']}?step={browser['moves']}&seat=0").json()
    assert end["result"]["scores"] == [int(v) for v in session.engine.scores()]
    assert end["view"] == session.view()["view"]  # the person's last view, as they saw it

    refused = [
        ("/api/records/nothing", 404, "no record"),
        (f"/api/records/{browser['id']}?step=-1", 400, "whole number"),
        (f"/api/records/{browser['id']}?step={browser['moves'] + 1}", 400, "step must be"),
        (f"/api/records/{browser['id']}?seat=3", 400, "seat must be"),
        (f"/api/records/{browser['id']}?seat=god", 400, "seat must be"),
    ]
    for path, status, words in refused:
        r = client.get(path)
        assert r.status_code == status and words in r.json()["error"], (path, r.text)
    with pytest.raises(ValueError, match="no folder at"):
        Shelf(store, tmp_path / "nowhere")


def test_a_bot_game_is_watched_move_by_move_then_plays_back(store):
    client = served(store)
    env = "we_are_dead_v0"
    body = {"env": env, "agents": ["random"], "players": 3, "options": game_type(env).quick_options}
    r = client.post("/api/watch?seat=1", json=body)
    assert r.status_code == 201, r.text
    view = r.json()
    assert view["move"] == 0 and view["viewer"] == 1 and view["story"] == []
    rng = random.Random(1)
    while view["result"] is None:
        assert view["replay"] is None
        seat = rng.choice(["spectator", "0", "1", "2"])
        step = client.post(f"/api/watch/{view['id']}/step?seat={seat}", json={"move": view["move"]})
        assert step.status_code == 200, step.text
        assert step.json()["move"] == view["move"] + 1
        view = step.json()
        assert client.get(f"/api/watch/{view['id']}?seat={seat}").json() == view
    stale = client.post(f"/api/watch/{view['id']}/step", json={"move": view["move"] - 1})
    assert stale.status_code == 409 and "over" in stale.json()["error"]
    (entry,) = listed(client)["records"]
    assert entry["id"] == view["replay"] and entry["source"] == "watched games"
    end = client.get(f"/api/records/{entry['id']}?step={entry['moves']}&seat=2").json()
    assert end["result"] == view["result"] and end["moves"] == view["move"]


def test_a_watched_game_shows_each_view_only_its_own(store):
    """A watched game's frames equal their twins' and hide the seed until the end."""
    from zombie_envs.web.watch import Stage

    stage = Stage(store, Shelf(store))
    game = stage.create(None, "mall_of_horror_v0", 4, ["heuristic"], {})
    rng = random.Random(2)
    changed = 0
    while not game.engine.terminal:
        viewer = rng.choice([None, 0, 1, 2, 3])
        seat = "spectator" if viewer is None else str(viewer)
        answer = stage.step(game.id, len(game.actions), seat)
        if game.engine.terminal:
            break
        assert str(game.seed) not in json.dumps(answer)
        seen, differs = twin_frame(answer, game.engine, viewer, game.names, game.seed, rng)
        assert seen == answer
        changed += differs
    assert changed >= 10
    assert answer["result"]["seed"] == game.seed and answer["replay"]


def test_a_watched_game_plays_the_moves_of_a_seated_game_with_nobody_seated():
    """Both check their specs and build their agents from the game's seed one way."""
    from zombie_envs.web.watch import Watched

    specs, options = ["random", "heuristic", "random"], game_type("we_are_dead").quick_options
    watched = Watched.new("we_are_dead", None, specs, options=options, seed=11)
    while not watched.finished:
        watched.step()
    seated = SeatedGame.new("we_are_dead", None, specs, options=options, seed=11)
    seated.advance()
    assert watched.names == seated.names == specs and seated.log == []
    assert watched.actions == seated.actions and len(set(watched.actions)) > 10


def test_watched_games_stay_within_the_servers_limits(tmp_path):
    store = GameStore(tmp_path, False, Limits(max_games_per_client=2))
    client = served(store)
    body = {"env": "mall_of_horror_v0", "agents": ["random"]}
    for agents, words in (
        (["ismcts:50000000"], "this server allows at most 2000 (serve --max-simulations)"),
        (["ismcts:3600s"], "at most 2 s (serve --max-search-seconds)"),
        (["grandmaster"], "unknown agent kind"),
        (["random", "random"], "mall_of_horror_v0 takes 3 to 6 players, not 2"),
    ):
        r = client.post("/api/watch", json={**body, "agents": agents})
        assert r.status_code == 422 and words in r.json()["error"], r.text
    for malformed in (
        {"env": "mall_of_horror_v0", "agents": [1]},
        {"env": "mall_of_horror_v0", "seat": 1},
        {"env": "mall_of_horror_v0", "players": "4"},
    ):
        assert client.post("/api/watch", json=malformed).status_code == 400, malformed
    views = [client.post("/api/watch", json=body).json() for _ in range(2)]
    third = client.post("/api/watch", json=body)
    assert third.status_code == 429 and "--max-games-per-client 2" in third.json()["error"]
    path = f"/api/watch/{views[0]['id']}/step"
    for request, status, words in (
        ({"move": 5}, 409, "stale"),
        ({"move": "0"}, 400, "integer"),
        ({"step": 0}, 400, "move"),
    ):
        r = client.post(path, json=request)
        assert r.status_code == status and words in r.json()["error"], r.text
    assert client.post(path + "?seat=9", json={"move": 0}).status_code == 400
    assert client.get("/api/watch/nothing").status_code == 404
    assert client.get(f"/api/watch/{views[0]['id']}").json()["move"] == 0  # nothing was played

    tight = GameStore(tmp_path / "b", False, Limits(max_bot_seconds_per_hour=1e-9))
    client = served(tight)
    view = client.post("/api/watch", json=body).json()  # the first think is allowed...
    r = client.post(f"/api/watch/{view['id']}/step", json={"move": 0})
    assert r.status_code == 429 and "--max-bot-seconds-per-hour" in r.json()["error"]


def test_serve_takes_a_records_folder(tmp_path):
    from zombie_envs.cli.main import build_parser
    from zombie_envs.web.serve import build

    args = build_parser().parse_args(["serve", "--records", str(tmp_path)])
    assert args.records == str(tmp_path)
    with pytest.raises(ValueError, match="serve --records: no folder at"):
        build(tmp_path / "data", False, "127.0.0.1", records=tmp_path / "nowhere")
