"""The browser seat end to end: Debian's Chromium, driven by Playwright, plays a
whole game by clicking against the real uvicorn server (a click made stale by a
move from elsewhere is refused, and the page shows the game as it is); and
each game's SVG board, drawn by the browser, looks like its raster picture.

Skipped, saying why, where Chromium is not installed (``make test`` installs it
with apt-get where it can) or the web extra or Playwright is missing.
"""

from __future__ import annotations

import io
import random
import shutil

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]'")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
PIL_Image = pytest.importorskip("PIL.Image", reason="pillow is not installed")

import zombie_envs  # noqa: E402
from zombie_envs.records import read_records  # noqa: E402
from zombie_envs.registry import engine_class  # noqa: E402
from zombie_envs.web.serve import build, running  # noqa: E402
from zombie_envs.web.session import RECORDS  # noqa: E402
from zombie_envs.web.svg import SvgCanvas  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium is not on PATH and could not be installed (apt-get install chromium)",
)
#: most clicks a game may take before the test gives up
MAX_CLICKS = 400


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()


def picture(png: bytes) -> np.ndarray:
    return np.asarray(PIL_Image.open(io.BytesIO(png)).convert("RGB"))


def assert_not_blank(pixels: np.ndarray) -> None:
    colours = np.unique(pixels.reshape(-1, 3), axis=0)
    assert len(colours) > 100 and pixels.std() > 20, "the screenshot is (nearly) blank"


def test_a_whole_game_played_by_clicking(browser, tmp_path):
    app = build(tmp_path / "data", tmp_path / "ratings.json", "127.0.0.1")
    with running(app) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.select_option("#env", "mall_of_horror_v0")
        page.select_option("#players", "3")
        page.select_option("#seat", "1")
        page.fill("#name", "ann")
        for spec in page.locator("#opponents input").all():
            spec.fill("random")
        page.click("#start")
        rng = random.Random(0)
        clicks = 0
        while True:
            page.wait_for_selector("body:not(.busy)")
            if page.locator("#result").is_visible():
                break
            assert page.locator("#phase").inner_text().startswith("Mall of Horror")
            buttons = page.locator("#choices button.choice")
            buttons.nth(rng.randrange(buttons.count())).click()
            clicks += 1
            assert clicks < MAX_CLICKS, "the game did not end"
            if clicks == 5:  # another tab plays a move: this page's next click is stale
                game = f"{url}/api/games/{page.url.split('#')[1]}"
                view = page.request.get(game).json()
                action = view["decision"]["groups"][0]["choices"][0]["action"]
                moved = page.request.post(
                    f"{game}/action", data={"move": view["move"], "action": action}
                )
                assert moved.ok
                buttons.first.click()
                page.wait_for_selector("#error:not([hidden])")
                assert "stale" in page.locator("#error").inner_text()
                page.wait_for_selector("body:not(.busy)")
                shown = page.locator("#choices button.choice").first
                if page.locator("#decision").is_visible():  # the page shows the game as it is
                    now = page.request.get(game).json()
                    first = now["decision"]["groups"][0]["choices"][0]["action"]
                    assert shown.get_attribute("data-action") == str(first)
                continue
            if clicks == 12:
                shot = page.screenshot(path=str(tmp_path / "in_progress.png"), full_page=True)
                assert_not_blank(picture(shot))
                assert page.locator("#board svg").count() == 1
                assert page.locator("#log li").count() > 0
                assert "view of player_1" in page.locator("#view").inner_text()

        verdict = page.locator("#verdict").inner_text()
        assert verdict in ("You won.", "You lost.", "You share the win.")
        rows = page.locator("#scores tbody tr")
        assert rows.count() == 3 and "ann (you)" in page.locator("#scores tr.you").inner_text()
        assert page.locator("#rating").inner_text().startswith("rating of ann on mall_of_horror")
        assert not page.locator("#decision").is_visible()
        shot = page.screenshot(path=str(tmp_path / "final.png"), full_page=True)
        assert_not_blank(picture(shot))
        (record,) = read_records(tmp_path / "data" / RECORDS)
        assert record["seats"][1] == "ann" and record["human_seat"] == 1
        assert page.url.endswith("#" + record["web_id"])

        page.reload()  # the address holds the game: the final screen comes back
        page.wait_for_selector("#result:not([hidden])")
        assert page.locator("#verdict").inner_text() == verdict

        page.set_viewport_size({"width": 390, "height": 844})  # a phone
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        board = page.locator("#board svg").bounding_box()
        assert board is not None and board["width"] <= 390
        page.click("#rematch")
        page.wait_for_selector("#decision:not([hidden]) button.choice")
        assert page.locator("#result").is_hidden()
        assert len(errors) == 1 and "status of 409" in errors[0]  # the stale click, no other


@pytest.mark.parametrize("env", sorted(zombie_envs.ENVS))
def test_the_browser_draws_the_svg_board_like_the_raster_picture(browser, env):
    cls = engine_class(env)
    draw = cls.game_type.picture_module.draw
    g = cls(cls.default_players, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if not g.terminal:
            g.apply(rng.choice(g.legal))
    raster = draw(g, 0).pixels
    h, w = raster.shape[:2]
    page = browser.new_page(viewport={"width": w, "height": h})
    page.set_content("<body style='margin:0'>" + draw(g, 0, SvgCanvas).svg() + "</body>")
    drawn = picture(page.screenshot())
    page.close()
    close = (np.abs(drawn.astype(int) - raster.astype(int)).max(axis=2) <= 48).mean()
    assert close > 0.95, f"only {close:.1%} of the SVG's pixels match the raster picture"
