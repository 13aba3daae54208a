"""The browser seat at a laptop's and a phone's size, in Debian's Chromium driven by
Playwright against the real uvicorn server: the board's text is readable at
1366x768 for every game, a square takes a finger's tap at 390x844, the zoom
buttons change the board's size and keep it within the window, the game opens at
the decision however tall the set-up form was, and numbered lines of ten and more
show their whole number.

Skipped, saying why, where Chromium, the web extra or Playwright is missing.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytest.importorskip("PIL.Image", reason="pillow is not installed")

from tests.envs_under_test import ENV_NAMES, declared  # noqa: E402
from tests.web.browsers import NEEDS_CHROMIUM  # noqa: E402
from tests.web.test_browser import (  # noqa: E402
    MAX_CLICKS,
    SIZES,
    api_view,
    click_the_board,
    on_the_board,
    open_page,
    picture,
    start,
)
from zombie_envs.web.serve import build, running  # noqa: E402
from zombie_envs.web.session import Limits  # noqa: E402

pytestmark = NEEDS_CHROMIUM
#: the smallest type a person reads without effort, in CSS pixels
READABLE = 12
#: the smallest place a finger hits, in CSS pixels
FINGER = 24
#: the place of a square, as every game with squares names it: ``r-4c2``
SQUARE = re.compile(r"r-?\d+c-?\d+")
#: the rendered size of every text of the board, in CSS pixels
TEXT_SIZES = """() => [...document.querySelectorAll('#drawing svg text')].map(
  (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("web")
    limits = Limits(max_games_per_client=64)  # the games here are left unfinished
    with running(build(base / "data", base / "ratings.json", "127.0.0.1", limits)) as url:
        yield url


def play(page, clicks: int, rng: random.Random) -> None:
    for _ in range(clicks):
        if page.locator("#result").is_visible():
            return
        click_the_board(page, rng)
        page.wait_for_selector("body:not(.busy)")


@pytest.mark.parametrize("env", ENV_NAMES)
def test_the_boards_text_is_readable_at_a_laptops_size(browser, server, env, monkeypatch):
    declared(env, monkeypatch)
    page, errors = open_page(browser, server, SIZES["desktop"])
    start(page, env)
    play(page, 6, random.Random(env))
    sizes = page.evaluate(TEXT_SIZES)
    assert sizes and min(sizes) >= READABLE, f"text of {min(sizes):.1f} pixels"
    drawing = page.locator("#drawing").bounding_box()
    assert drawing["x"] >= 0 and drawing["x"] + drawing["width"] <= SIZES["desktop"][0]
    page.close()
    assert not errors


def test_mall_walkers_shows_its_whole_board_at_a_laptops_size(browser, server):
    """The mall's picture is drawn big enough that the page need not zoom in on it."""
    page, errors = open_page(browser, server, SIZES["desktop"])
    start(page, "zombies_mall_walkers_v0")
    svg = page.locator("#drawing svg").bounding_box()
    drawing = page.locator("#drawing").bounding_box()
    assert svg["width"] <= drawing["width"] + 1 and svg["height"] <= drawing["height"] + 1
    assert svg["y"] + svg["height"] <= SIZES["desktop"][1]
    page.close()
    assert not errors


@pytest.mark.parametrize("env", ["maul_of_america_v0", "we_are_dead_v0", "zombies_mall_walkers_v0"])
def test_a_square_takes_a_fingers_tap_at_a_phones_size(browser, server, env):
    width, height = SIZES["phone"]
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=True)
    page.goto(server)
    start(page, env)
    rng = random.Random(env)
    for _ in range(MAX_CLICKS):
        squares = [p for p in on_the_board(page)[0] if SQUARE.fullmatch(p["key"])]
        if squares:
            break
        assert not page.locator("#result").is_visible(), "the game ended first"
        play(page, 1, rng)
    else:
        raise AssertionError("no square was offered")
    square = rng.choice(squares)
    rect = page.locator(f'#drawing rect.place[data-place="{square["key"]}"]')
    box = rect.bounding_box()
    assert box["width"] >= FINGER and box["height"] >= FINGER
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    move = api_view(page, server)["move"]
    page.touchscreen.tap(square["x"], square["y"])
    menu = page.locator("#place-menu")
    if menu.is_visible():  # several choices there: the square opened its menu
        assert menu.get_attribute("data-place") == square["key"]
    else:
        page.wait_for_selector("body:not(.busy)")
        assert api_view(page, server)["move"] > move
    page.close()


def test_the_zoom_buttons_change_the_boards_size_within_the_window(browser, server):
    width, height = SIZES["phone"]
    page, errors = open_page(browser, server, SIZES["phone"])
    start(page, "maul_of_america_v0")

    def board_width() -> float:
        return page.locator("#drawing svg").bounding_box()["width"]

    shown = board_width()
    page.click("#zoom-in")
    assert board_width() > shown
    page.click("#zoom-fit")  # the whole board in the window
    whole = board_width()
    assert whole <= page.locator("#drawing").bounding_box()["width"] + 1 and whole < shown
    page.click("#zoom-out")  # never smaller than the whole board
    assert board_width() == whole
    play(page, 2, random.Random(2))  # the zoom chosen stays as the game goes on
    assert board_width() == whole
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()
    assert not errors


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_game_opens_at_the_decision(browser, server, size):
    """Mall Walkers' set-up form is taller than the window: starting the game from
    its foot still shows the decision, not the middle of the page."""
    page, errors = open_page(browser, server, SIZES[size])
    start(page, "zombies_mall_walkers_v0", players=6)
    prompt = page.locator("#prompt").bounding_box()
    assert prompt["y"] >= 0 and prompt["y"] + prompt["height"] <= SIZES[size][1]
    page.close()
    assert not errors


def left_edge(page, selector: str, first: int) -> np.ndarray:
    """The pixels of the first columns of a list's box, beside its lines from line
    ``first`` (0-based) on: where a number too wide for its room is cut off."""
    box = page.locator(selector).bounding_box()
    top = page.locator(f"{selector} li").nth(first).bounding_box()["y"]
    bottom = min(box["y"] + box["height"], SIZES["desktop"][1])
    clip = {"x": box["x"], "y": top, "width": 3, "height": bottom - top}
    return picture(page.screenshot(clip=clip))


def test_numbered_lines_from_ten_show_their_whole_number(browser, server):
    """Nothing of a long log's numbers is cut off at its left edge."""
    page, errors = open_page(browser, server, SIZES["desktop"])
    start(page, "zombies_mall_walkers_v0", players=6)
    rng = random.Random(6)
    for _ in range(MAX_CLICKS):
        if page.locator("#log li").count() >= 10:
            break
        play(page, 1, rng)
    else:
        raise AssertionError("no log of ten lines came")
    page.locator("#log li").nth(9).scroll_into_view_if_needed()
    edge = left_edge(page, "#log", 9)
    assert (edge == edge[0, 0]).all(), "a number of the log is cut off"
    page.close()
    assert not errors
