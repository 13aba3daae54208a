"""The review of a finished browser game: the person's decisions found again,
each with an agent's legal move, its policy's sorted probabilities and its
critic's value, the same in every state the person's seat cannot tell from
the true one; a review of an unfinished game, of another seat or past the
server's limits is refused."""

from __future__ import annotations

import copy
import json
import math
import random

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")

from starlette.testclient import TestClient  # noqa: E402

from zombie_envs.web.app import create_app  # noqa: E402
from zombie_envs.web.review import Decision, Review  # noqa: E402
from zombie_envs.web.session import GameStore, Limits  # noqa: E402


def finished_game(store, env: str, players: int, seat: int = 1, seed: int = 0):
    """A game against random bots, the person's moves random too, played to its end."""
    session = store.create(env_name=env, seat=seat, opponents=["random"], players=players,
                           name="ann", options={})  # fmt: skip
    rng = random.Random(seed)
    while not session.engine.terminal:
        store.act(session.id, session.move, rng.choice(session.engine.legal))
    return session


def twin_review(review: Review, number: int, rng: random.Random) -> tuple[Review, bool]:
    """The review with decision ``number``'s state redrawn in all the person's
    seat may not see, and whether the redraw changed it."""
    twin = copy.copy(review)
    twin.decisions = list(review.decisions)
    d = review.decisions[number]
    state = d.engine.resample(review.game.seat, rng)
    twin.decisions[number] = Decision(d.move, state, d.told, d.action)
    return twin, state.to_dict() != d.engine.to_dict()


def check_advice(answer: dict, legal: list[int]) -> None:
    agent = answer["agent"]
    assert agent["action"] in legal
    assert agent["action"] in [c["action"] for c in answer["choices"]]
    assert answer["played"]["action"] in legal
    probabilities = agent["probabilities"]
    if probabilities is not None:
        p = [row["p"] for row in probabilities]
        assert p == sorted(p, reverse=True) and 0 < len(p) <= 5
        assert all(0 <= x <= 1 for x in p) and sum(p) <= 1 + 1e-6
        assert {row["action"] for row in probabilities} <= set(legal)


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data", False)


def test_each_decision_of_the_person_is_reviewed_from_their_seat_only(store):
    session = finished_game(store, "mall_of_horror_v0", 4)
    client = TestClient(create_app(store))
    r = client.get(f"/api/games/{session.id}/review")
    assert r.status_code == 200, r.text
    index = r.json()
    assert index["agents"] == ["pretrained", "ismcts:200", "heuristic"]
    assert index["seat"] == 1 and [p["you"] for p in index["players"]] == [0, 1, 0, 0]
    review = Review(session)
    asked = [d.move for d in review.decisions]
    assert [d["move"] for d in index["decisions"]] == asked
    for d in review.decisions:
        assert d.engine.current_player == 1 and session.game.actions[d.move] == d.action
    seed = str(session.game.seed)
    rng = random.Random(3)
    changed = 0
    for number in range(0, len(asked), 4):
        legal = review.decisions[number].engine.legal
        for spec in ("pretrained", "heuristic", "ismcts:20"):
            r = client.get(f"/api/games/{session.id}/review/{number}?agent={spec}")
            assert r.status_code == 200, r.text
            answer = r.json()
            assert answer["index"] == number and answer["agent"]["spec"] == spec
            assert seed not in json.dumps(answer)
            check_advice(answer, legal)
            assert (answer["agent"]["probabilities"] is None) == (spec != "pretrained")
            # the shipped policy's critic gives the seat's expected return; others none
            value = answer["agent"]["value"]
            assert (value is None) == (spec != "pretrained")
            assert value is None or -1.5 <= value <= 1.5
            twin, differs = twin_review(review, number, rng)
            assert twin.decision(number, spec) == answer
            changed += differs
    assert changed >= 5, "the twins hardly differed: a vacuous check"
    first = client.get(f"/api/games/{session.id}/review/0").json()
    assert first["agent"]["spec"] == "heuristic"  # the default agent


def test_a_policy_with_a_critic_values_the_persons_position(store):
    session = finished_game(store, "maul_of_america_v0", 3, seat=0)
    review = Review(session)
    assert "pretrained" in review.agents
    rng = random.Random(4)
    for number in range(0, len(review.decisions), 25):
        answer = review.decision(number, "pretrained")
        check_advice(answer, review.decisions[number].engine.legal)
        value = answer["agent"]["value"]
        assert isinstance(value, float) and math.isfinite(value)
        twin, _ = twin_review(review, number, rng)
        assert twin.decision(number, "pretrained") == answer


def test_a_review_of_an_unfinished_game_or_another_seat_is_refused(tmp_path):
    store = GameStore(tmp_path, False, Limits(max_simulations=100))
    client = TestClient(create_app(store))
    playing = store.create(env_name="mall_of_horror_v0", seat=0, opponents=["random"],
                           players=3, name="ann", options={})  # fmt: skip
    done = finished_game(store, "mall_of_horror_v0", 3)
    path = f"/api/games/{done.id}/review"
    refused = [
        (f"/api/games/{playing.id}/review", 409, "not over yet"),
        (f"/api/games/{playing.id}/review/0", 409, "not over yet"),
        (f"{path}?seat=2", 403, "seat 1's decisions only"),
        (f"{path}/0?seat=0", 403, "seat 1's decisions only"),
        ("/api/games/nothing/review", 404, "no game"),
        (f"{path}/100000", 404, "decision must be from 0"),
        (f"{path}/0?agent=grandmaster", 422, "unknown agent kind"),
        (f"{path}/0?agent=ismcts:5000", 422, "allows at most 100 (serve --max-simulations)"),
    ]
    for request, status, words in refused:
        r = client.get(request)
        assert r.status_code == status and words in r.json()["error"], (request, r.text)
    assert client.get(f"{path}?seat=1").status_code == 200  # the person's own seat
    assert "pretrained" not in client.get(path).json()["agents"]  # none for 3 players

    tight = GameStore(tmp_path / "b", False, Limits(max_bot_seconds_per_hour=1e-9))
    done = finished_game(tight, "mall_of_horror_v0", 3)
    client = TestClient(create_app(tight))
    assert client.get(f"/api/games/{done.id}/review/0").status_code == 200  # counted...
    r = client.get(f"/api/games/{done.id}/review/1")  # ...then the hour's allowance is spent
    assert r.status_code == 429 and "--max-bot-seconds-per-hour" in r.json()["error"]
