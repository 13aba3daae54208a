"""The browser seat's API: whole games for every env through HTTP, what a seat is
sent (never another seat's secret), refused requests, games side by side,
records, ratings and restarts."""

from __future__ import annotations

import copy
import html
import json
import random
import re
import threading

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")

from starlette.testclient import TestClient  # noqa: E402

import zombie_envs  # noqa: E402
from tests.envs_under_test import ENV_NAMES, declared  # noqa: E402
from zombie_envs.agents import pretrained_agents  # noqa: E402
from zombie_envs.agents.pretrained import verdict  # noqa: E402
from zombie_envs.ratings import RatingsBook  # noqa: E402
from zombie_envs.records import read_records, replay_record  # noqa: E402
from zombie_envs.registry import game_type  # noqa: E402
from zombie_envs.web.app import MAX_BODY, create_app  # noqa: E402
from zombie_envs.web.session import RECORDS, GameStore, Limits, RequestError  # noqa: E402


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data", tmp_path / "ratings.json")


@pytest.fixture
def client(store):
    return TestClient(create_app(store))


def new_game(client, env="mall_of_horror_v0", **setup) -> dict:
    body = {
        "env": env,
        "opponents": ["random"],
        "seat": 1,
        "options": game_type(env).quick_options,
        **setup,
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def choices(view: dict) -> list[int]:
    return [c["action"] for group in view["decision"]["groups"] for c in group["choices"]]


def board_places(view: dict) -> set[str]:
    """The keys of the places the view's board marks."""
    return {html.unescape(key) for key in re.findall(r'data-place="([^"]*)"', view["board"])}


def named_places(view: dict) -> set[str]:
    """The places the view's choices name: where a click picks them, what they light up."""
    return {
        key
        for group in view["decision"]["groups"]
        for c in group["choices"]
        for key in (c["place"], *c["preview"])
        if key
    }


def twin_view(session, rng: random.Random) -> tuple[dict, bool]:
    """The view the seat would get in a state it cannot tell from the true one
    (every item hidden from it redrawn), and whether the redraw changed the state."""
    twin = copy.copy(session)
    twin.game = copy.copy(session.game)
    twin.game.engine = session.engine.resample(session.game.seat, rng)
    changed = twin.engine.to_dict() != session.engine.to_dict()
    return twin.view(), changed


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_whole_game_sends_the_seat_nothing_it_may_not_see(
    env, client, store, tmp_path, monkeypatch
):
    """Every answer equals the view of a twin state whose hidden items (other
    hands, pending ballots and destinations, unseen dice, face-down tokens, deck
    orders) were all redrawn, so no answer carries any of them, the board's
    places and the choices' places and previews included (each a place of the
    seat's own picture); the seed, which fixes them all, is sent only once the
    game is over.  The finished game is
    saved as a record that replays, and rated."""
    declared(env, monkeypatch)
    rng = random.Random(env)
    view = new_game(client, env)
    session = store.get(view["id"])
    seed = str(session.game.seed)
    answers, changed, placed = 0, 0, 0
    while view["result"] is None:
        assert view["decision"] and view["move"] == session.move
        assert seed not in json.dumps(view)
        assert named_places(view) <= board_places(view)
        placed += bool(named_places(view))
        if answers % 3 == 0:
            seen, differs = twin_view(session, rng)
            assert seen == view
            changed += differs
        move = {"move": view["move"], "action": rng.choice(choices(view))}
        r = client.post(f"/api/games/{view['id']}/action", json=move)
        assert r.status_code == 200, r.text
        assert r.json()["move"] > view["move"]
        view = r.json()
        answers += 1
    assert changed >= min(3, answers // 6), "the twins hardly differed: a vacuous check"
    assert placed, "no decision named a place on the board"
    assert view["decision"] is None and view["result"]["seed"] == session.game.seed
    assert len(view["result"]["scores"]) == len(view["players"])
    (record,) = read_records(tmp_path / "data" / RECORDS)
    assert record["web_id"] == view["id"] and record["human_seat"] == 1
    assert record["seats"][1] == "human" and record["finished"] is True
    assert record["actions"] == session.game.actions
    assert replay_record(record).scores() == session.engine.scores()
    book = RatingsBook.load(tmp_path / "ratings.json")
    assert book.get(env, "human")["games"] == 1 and book.get(env, "random")["games"] == 1
    assert view["result"]["rating"].startswith(f"rating of human on {env}: ")


def post_raw(client, path, content, content_type="application/json"):
    return client.post(path, content=content, headers={"content-type": content_type})


def test_bad_stale_and_replayed_requests_get_4xx_and_change_nothing(client, store):
    view = new_game(client, seat=0, players=3)
    game_id, move = view["id"], view["move"]
    path = f"/api/games/{game_id}/action"
    legal = choices(view)
    illegal = next(a for a in range(10**4) if a not in legal)
    session = store.get(game_id)
    before = session.engine.to_dict()
    refused = [
        (client.post(path, json={"move": move, "action": illegal}), 422, "not one of your"),
        (client.post(path, json={"move": move + 1, "action": legal[0]}), 409, "stale"),
        (client.post(path, json={"move": move - 1, "action": legal[0]}), 409, "stale"),
        (client.post(path, json={"move": move, "action": True}), 400, "integer"),
        (client.post(path, json={"move": str(move), "action": legal[0]}), 400, "integer"),
        (client.post(path, json={"action": legal[0]}), 400, "move"),
        (client.post(path, json={"move": move, "action": 0, "seat": 2}), 400, "move"),
        (client.post(path, json=[move, legal[0]]), 400, "JSON object"),
        (post_raw(client, path, b"{move: 1"), 400, "not valid JSON"),
        (post_raw(client, path, b"\xff\xfe"), 400, "not valid JSON"),
        (post_raw(client, path, b"[" * 5000 + b"]" * 5000), 400, "nested 5000 levels"),
        (post_raw(client, "/api/games", b"[" * 5000 + b"]" * 5000), 400, "nested 5000 levels"),
        (post_raw(client, path, json.dumps({"move": move}), "text/plain"), 415, "JSON"),
        (post_raw(client, path, b" " * (MAX_BODY + 1)), 413, "larger"),
        (client.post("/api/games/nope/action", json={"move": 0, "action": 0}), 404, "no game"),
        (client.get("/api/games/no-such-id"), 404, "no game"),
        (client.get("/api/nothing"), 404, "Not Found"),
        (client.post(f"/api/games/{game_id}/rematch", json={}), 409, "not over"),
    ]
    for response, status, words in refused:
        assert response.status_code == status, response.text
        assert words in response.json()["error"]
    assert session.engine.to_dict() == before
    assert client.get(f"/api/games/{game_id}").json() == view

    first = client.post(path, json={"move": move, "action": legal[0]})
    assert first.status_code == 200
    after = session.engine.to_dict()
    again = client.post(path, json={"move": move, "action": legal[0]})  # sent twice
    assert again.status_code == 409 and "sent twice" in again.json()["error"]
    assert session.engine.to_dict() == after


def test_a_finished_game_takes_no_more_moves_and_offers_a_rematch(client, store):
    view = new_game(client)
    rng = random.Random(0)
    while view["result"] is None:
        body = {"move": view["move"], "action": rng.choice(choices(view))}
        view = client.post(f"/api/games/{view['id']}/action", json=body).json()
    end = store.get(view["id"]).engine.to_dict()
    r = client.post(f"/api/games/{view['id']}/action", json={"move": view["move"], "action": 0})
    assert r.status_code == 409 and "over" in r.json()["error"]
    assert store.get(view["id"]).engine.to_dict() == end
    r = client.post(f"/api/games/{view['id']}/rematch", json={})
    assert r.status_code == 201
    again = r.json()
    assert again["id"] != view["id"] and again["result"] is None
    assert [(p["seat"], p["name"]) for p in again["players"]] == [
        (p["seat"], p["name"]) for p in view["players"]
    ]
    assert store.get(again["id"]).game.seed != store.get(view["id"]).game.seed


def test_setups_the_games_cannot_play_are_refused_with_the_reason(client):
    cases = [
        ({"env": "chess_v0"}, "unknown game"),
        ({"env": "mall_of_horror_v0", "seat": 4, "players": 4}, "seat must be"),
        ({"env": "mall_of_horror_v0", "players": 9}, "3 to 6 players"),
        ({"env": "mall_of_horror_v0", "opponents": ["grandmaster"]}, "unknown agent kind"),
        ({"env": "mall_of_horror_v0", "opponents": ["ckpt:/no/such.zip"]}, "opponent"),
        ({"env": "mall_of_horror_v0", "name": "random", "opponents": ["random"]}, "opponent's"),
        ({"env": "mall_of_horror_v0", "name": " "}, "name must"),
        ({"env": "mall_of_horror_v0", "options": {"zombie_return": "always"}}, "must be one of"),
        ({"env": "mall_of_horror_v0", "options": {"speed": 2}}, "unknown option"),
    ]
    for body, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422 and words in r.json()["error"], (body, r.text)
    malformed = [
        {"env": 3},
        {"env": "mall_of_horror_v0", "players": "4"},
        {"env": "mall_of_horror_v0", "opponents": [1, 2]},
        {"env": "mall_of_horror_v0", "options": {"max_rounds": [1]}},
        {"env": "mall_of_horror_v0", "colour": "red"},
    ]
    for body in malformed:
        assert client.post("/api/games", json=body).status_code == 400, body


def test_two_games_at_once_stay_apart(client, store):
    a = new_game(client, "mall_of_horror_v0")
    b = new_game(client, "we_are_dead_v0")
    assert a["id"] != b["id"] and min(len(a["id"]), len(b["id"])) >= 32
    rng = random.Random(1)
    for _ in range(5):
        frozen = store.get(b["id"]).engine.to_dict()
        a = client.post(
            f"/api/games/{a['id']}/action",
            json={"move": a["move"], "action": rng.choice(choices(a))},
        ).json()
        assert store.get(b["id"]).engine.to_dict() == frozen
        assert client.get(f"/api/games/{b['id']}").json() == b
        b, a = a, b  # the other game moves next
    assert {a["env"], b["env"]} == {"mall_of_horror_v0", "we_are_dead_v0"}


def test_the_same_move_sent_from_two_threads_is_played_once(store):
    session = store.create(
        env_name="mall_of_horror_v0",
        seat=0,
        opponents=["random"],
        players=3,
        name="ann",
        options={},
    )
    move, action = session.move, session.engine.legal[0]
    outcomes = []
    start = threading.Barrier(2)

    def send():
        start.wait()
        try:
            store.act(session.id, move, action)
            outcomes.append("played")
        except RequestError as e:
            outcomes.append(e.status)

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes, key=str) == [409, "played"]
    assert session.game.actions[move] == action


def test_a_restart_keeps_finished_games_and_unfinished_ones_go_on(tmp_path):
    first = GameStore(tmp_path, ratings=False)
    client = TestClient(create_app(first))
    done = new_game(client)
    rng = random.Random(2)
    while done["result"] is None:
        body = {"move": done["move"], "action": rng.choice(choices(done))}
        done = client.post(f"/api/games/{done['id']}/action", json=body).json()
    playing = new_game(client)

    body = {"move": playing["move"], "action": choices(playing)[0]}
    playing = client.post(f"/api/games/{playing['id']}/action", json=body).json()
    saved = tmp_path / "web-live"
    assert [p.stem for p in saved.iterdir()] == [playing["id"]]  # the finished one went
    assert oct(saved.stat().st_mode & 0o777) == "0o700"  # its ids are its keys

    again = TestClient(create_app(GameStore(tmp_path, ratings=False)))
    shown = again.get(f"/api/games/{done['id']}")
    assert shown.status_code == 200 and shown.json() == done  # the story told last too
    resumed = again.get(f"/api/games/{playing['id']}")
    assert resumed.status_code == 200 and resumed.json() == playing  # the same id, move, story
    body = {"move": playing["move"], "action": choices(playing)[0]}
    assert again.post(f"/api/games/{playing['id']}/action", json=body).status_code == 200
    assert again.post(f"/api/games/{done['id']}/rematch", json={}).status_code == 201
    assert not (tmp_path / "ratings.json").exists()  # ratings=False rates nothing


def test_a_damaged_saved_game_is_refused_and_ids_name_no_other_file(tmp_path):
    store = GameStore(tmp_path, ratings=False)
    client = TestClient(create_app(store))
    view = new_game(client)
    path = tmp_path / "web-live" / f"{view['id']}.json"
    record = json.loads(path.read_text())
    record["actions"].append(10**6)  # a move no game has
    path.write_text(json.dumps(record))
    fresh = TestClient(create_app(GameStore(tmp_path, ratings=False)))
    r = fresh.get(f"/api/games/{view['id']}")
    assert r.status_code == 410 and "cannot be shown again" in r.json()["error"]
    (tmp_path / "secret.json").write_text("{}")
    assert fresh.get("/api/games/..%2Fsecret").status_code == 404


def test_the_page_and_its_games_list(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/app.js"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for asset in ("/static/common.js", "/static/app.js", "/static/style.css"):
        assert client.get(asset).status_code == 200
    envs = {e["env"]: e for e in client.get("/api/envs").json()}
    assert set(envs) == set(zombie_envs.ENVS)
    assert envs["mall_of_horror_v0"]["pretrained"] == [4]
    for agent in pretrained_agents():  # each shipped policy says what it is worth
        meta = agent.metadata
        label = envs[meta["env"]]["pretrained_label"][str(meta["num_players"])]
        assert label == f"pretrained: {verdict(meta)}"
    assert (envs["we_are_dead_v0"]["min_players"], envs["we_are_dead_v0"]["max_players"]) == (2, 5)
    board = next(o for o in envs["we_are_dead_v0"]["options"] if o["name"] == "board")
    assert board["choices"] == ["mall", "carnival"]
    view = new_game(client)
    answer = client.get(f"/api/games/{view['id']}")
    assert answer.headers["cache-control"] == "no-store"


def test_a_server_on_this_machine_answers_only_its_own_names(store):
    client = TestClient(create_app(store, allowed_hosts=["127.0.0.1", "localhost"]))
    assert client.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
    assert client.get("/api/envs", headers={"host": "rebound.example:8000"}).status_code == 400


@pytest.mark.parametrize(
    ("opponent", "words"),
    [
        ("ismcts:50000000", "50000000 simulations a decision; this server allows at most 2000 "
         "(serve --max-simulations)"),
        ("ismcts:3600s", "3600 s a decision; this server allows at most 2 s "
         "(serve --max-search-seconds)"),
        ("ismcts:10:ismcts:10", "cannot roll out with another search"),
    ],
)  # fmt: skip
def test_a_search_budget_past_the_servers_limits_is_refused(client, store, opponent, words):
    body = {"env": "we_are_dead_v0", "opponents": [opponent], "seat": 0, "options": {}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and words in r.json()["error"]
    assert not store.live  # no game was made, no bot thought
    ok = client.post("/api/games", json={**body, "opponents": ["ismcts:20"]})
    assert ok.status_code == 201


def test_a_client_holds_few_unfinished_games_and_bounded_bot_time(tmp_path):
    store = GameStore(tmp_path, False, Limits(max_games_per_client=2))
    client = TestClient(create_app(store))
    views = [new_game(client) for _ in range(2)]
    third = client.post("/api/games", json={"env": "mall_of_horror_v0", "opponents": ["random"]})
    assert third.status_code == 429
    assert "--max-games-per-client 2" in third.json()["error"]
    store.create("203.0.113.9", env_name="mall_of_horror_v0", seat=0, opponents=["random"],
                 players=3, name="you", options={})  # fmt: skip  # another address: its own count
    # the bots' time: once an hour's allowance is spent, a move that needs them waits
    tight = GameStore(tmp_path / "b", False, Limits(max_bot_seconds_per_hour=1e-9))
    client = TestClient(create_app(tight))
    view = new_game(client)
    before = tight.get(view["id"]).engine.to_dict()
    r = client.post(
        f"/api/games/{view['id']}/action", json={"move": view["move"], "action": choices(view)[0]}
    )
    assert r.status_code == 429 and "--max-bot-seconds-per-hour" in r.json()["error"]
    assert tight.get(view["id"]).engine.to_dict() == before  # refused before playing
    assert len(views) == 2


def test_serve_takes_its_limits_as_options():
    from zombie_envs.cli.main import main

    with pytest.raises(SystemExit) as info:
        main(["serve", "--max-simulations", "0"])
    assert info.value.code == 2  # argparse: a usage error, not a traceback
    with pytest.raises(SystemExit):
        main(["serve", "--port", "99999"])
