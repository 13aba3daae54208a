"""The replay page end to end, in Debian's Chromium driven by Playwright
against the real uvicorn server: a tournament record played back at speed to
its end from a seat's view, a bot game watched, and the review of a finished
browser game opened from the game's page.

Skipped, saying why, where Chromium, the web extra or Playwright is missing.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]'")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from tests.web.browsers import NEEDS_CHROMIUM  # noqa: E402
from zombie_envs.games.mall_of_horror.data import COLOURS  # noqa: E402
from zombie_envs.match import run_tournament  # noqa: E402
from zombie_envs.web.app import create_app  # noqa: E402
from zombie_envs.web.replays import Shelf  # noqa: E402
from zombie_envs.web.serve import running  # noqa: E402
from zombie_envs.web.session import GameStore  # noqa: E402

pytestmark = NEEDS_CHROMIUM


def watched_page(browser, url):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def test_a_tournament_record_is_played_back_to_its_end(browser, tmp_path):
    folder = tmp_path / "records"
    run_tournament("mall_of_horror_v0", 3, ["random", "heuristic"], games=1, seed=1,
                   progress=False, record_path=folder / "games.jsonl")  # fmt: skip
    store = GameStore(tmp_path / "data", False)
    with running(create_app(store, shelf=Shelf(store, folder))) as url:
        page, errors = watched_page(browser, f"{url}/replay")
        page.wait_for_selector("#records a.open")
        assert "games.jsonl, game 0" in page.locator("#records tbody tr").first.inner_text()
        page.locator("#records a.open").first.click()
        page.wait_for_selector("body[data-move='0']")
        page.select_option("#viewer", "2")
        # polled from here: the page's security policy forbids evaluating a string in it
        sync_api.expect(page.locator("#r-view")).to_contain_text(f"view of {COLOURS[2]}")
        page.click("#next")
        page.wait_for_selector("body[data-move='1']")
        assert page.locator("#story li").count() > 0
        assert f"view of {COLOURS[2]}" in page.locator("#r-view").inner_text()
        assert page.locator("#r-board svg").count() == 1
        assert page.locator("#r-result").is_hidden()
        page.select_option("#speed", "20")
        page.click("#play")
        page.wait_for_selector("body.ended", timeout=120_000)
        assert page.locator("#r-result").is_visible()
        assert page.locator("#r-scores tbody tr").count() == 3
        assert page.locator("#r-seed").inner_text().startswith("seed ")
        moves = page.locator("#counter").inner_text()
        assert moves.startswith("move ") and moves.split()[1].split("/")[0] == moves.split("/")[1]
        page.click("#first")
        page.wait_for_selector("body[data-move='0']")
        assert page.locator("#r-result").is_hidden()
        assert errors == []


def test_bots_are_watched_from_the_list_page(browser, tmp_path):
    store = GameStore(tmp_path / "data", False)
    with running(create_app(store)) as url:
        page, errors = watched_page(browser, f"{url}/replay")
        page.wait_for_selector("#watch-form #w-agents input")
        page.select_option("#w-env", "mall_of_horror_v0")
        page.select_option("#w-players", "3")
        for agent in page.locator("#w-agents input").all():
            agent.fill("random")
        page.click("#w-start")
        page.wait_for_selector("body[data-move='0']")
        assert page.url.split("#")[1].startswith("watch/")
        page.click("#next")
        page.wait_for_selector("body[data-move='1']")
        page.select_option("#speed", "20")
        page.click("#play")
        page.wait_for_selector("body.ended", timeout=120_000)
        page.click("#r-replay")  # the finished game plays back like a record
        page.wait_for_selector("body[data-move='0']")
        assert page.url.split("#")[1].startswith("record/")
        assert errors == []


def test_the_review_of_a_finished_game_opens_from_its_page(browser, tmp_path):
    store = GameStore(tmp_path / "data", False)
    session = store.create(env_name="mall_of_horror_v0", seat=1, opponents=["random"],
                           players=4, name="ann", options={})  # fmt: skip
    rng = random.Random(0)
    while not session.engine.terminal:
        store.act(session.id, session.move, rng.choice(session.engine.legal))
    with running(create_app(store)) as url:
        page, errors = watched_page(browser, f"{url}/#{session.id}")
        page.wait_for_selector("#result:not([hidden])")
        page.click("#review-link")
        page.wait_for_selector("body[data-decision='0']")
        assert page.url.endswith(f"/replay#review/{session.id}")
        assert "review of your decisions" in page.locator("#phase").inner_text()
        assert page.locator("#v-board svg").count() == 1
        assert page.locator("#v-played").inner_text()
        assert page.locator("#v-move").inner_text()
        page.select_option("#agent", "pretrained")
        page.wait_for_selector("#v-probabilities:not([hidden])")
        assert page.locator("#v-probabilities tbody tr").count() >= 1
        page.click("#v-next")
        page.wait_for_selector("body[data-decision='1']")
        assert f"view of {COLOURS[1]}" in page.locator("#v-view").inner_text()
        assert errors == []
