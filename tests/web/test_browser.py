"""The browser seat end to end: Debian's Chromium, driven by Playwright, against
the real uvicorn server.  Every game is played to its end by clicking on the
board only (its lit places, the menu a place with several choices opens, the
buttons by the board for choices with no place), never the folded list, at a
desktop's and a phone's size; pointing at a place lights up where its choice
leads; a click made stale by a move from elsewhere is refused and the page
shows the game as it is; the set-up page shows only the form, in plain words;
and each game's SVG board, drawn by the browser, looks like its raster picture.

Skipped, saying why, where Chromium is not installed (``make test`` installs it
with apt-get where it can) or the web extra or Playwright is missing.
"""

from __future__ import annotations

import io
import random
import re

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]'")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
PIL_Image = pytest.importorskip("PIL.Image", reason="pillow is not installed")

import zombie_envs  # noqa: E402
from tests.envs_under_test import ENV_NAMES, declared  # noqa: E402
from tests.web.browsers import NEEDS_CHROMIUM  # noqa: E402
from zombie_envs.records import read_records  # noqa: E402
from zombie_envs.registry import engine_class, game_type  # noqa: E402
from zombie_envs.web.serve import build, running  # noqa: E402
from zombie_envs.web.session import RECORDS  # noqa: E402
from zombie_envs.web.svg import SvgCanvas  # noqa: E402

pytestmark = NEEDS_CHROMIUM
#: most clicks a game may take before the test gives up
MAX_CLICKS = 600
#: the window sizes a game is played at: a laptop's and a phone's
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
#: the most choices the list shows unfolded (app.js's OPEN_LIST)
OPEN_LIST = 12
#: the lit places a person can click: their keys and the middle of each where the
#: pointer lands on it (not on a place drawn over it), after the board is in view
CLICKABLE = """() => [...document.querySelectorAll('#drawing rect.place.legal')].flatMap((r) => {
  const b = r.getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  return document.elementFromPoint(x, y) === r ? [{key: r.dataset.place, x, y}] : [];
})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("web")
    with running(build(base / "data", base / "ratings.json", "127.0.0.1")) as url:
        yield url


def picture(png: bytes) -> np.ndarray:
    return np.asarray(PIL_Image.open(io.BytesIO(png)).convert("RGB"))


def assert_not_blank(pixels: np.ndarray) -> None:
    colours = np.unique(pixels.reshape(-1, 3), axis=0)
    assert len(colours) > 100 and pixels.std() > 20, "the screenshot is (nearly) blank"


def open_page(browser, url: str, size=SIZES["desktop"]):
    """A page of the server and the errors its console reports."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def start(page, env: str, seat: int = 0, players: int | None = None, name: str = "ann") -> None:
    """Set up a game of ``env`` against random bots, with its quick options, on the form."""
    page.select_option("#env", env)
    if players is not None:
        page.select_option("#players", str(players))
    page.select_option("#seat", str(seat))
    page.fill("#name", name)
    for spec in page.locator("#opponents input").all():
        spec.fill("random")
    for option, value in game_type(env).quick_options.items():
        page.fill(f"[data-option={option}]", str(value))
    page.click("#start")
    page.wait_for_selector("body:not(.busy) #game:not([hidden])")


def api_view(page, url: str) -> dict:
    return page.request.get(f"{url}/api/games/{page.url.split('#')[1]}").json()


def on_the_board(page) -> tuple[list[dict], int]:
    """What the pending decision offers on and by the board: the clickable lit
    places and the number of buttons by the board."""
    page.locator("#board").scroll_into_view_if_needed()
    return page.evaluate(CLICKABLE), page.locator("#actions button").count()


def click_the_board(page, rng: random.Random) -> None:
    """Play one choice at random by clicking on the board: a lit place (and, where
    it opens a menu of several choices, one of them) or a button by the board."""
    places, buttons = on_the_board(page)
    assert places or buttons, "the decision offers nothing on or by the board"
    i = rng.randrange(len(places) + buttons)
    if i >= len(places):
        page.locator("#actions button").nth(i - len(places)).click()
        return
    page.mouse.click(places[i]["x"], places[i]["y"])
    menu = page.locator("#place-menu")
    if menu.is_visible():
        items = menu.locator("button")
        assert items.count() > 1, "a menu for a single choice"
        items.nth(rng.randrange(items.count())).click()


def check_layout(page, width: int, height: int, tmp_path, name: str) -> None:
    """The page fits the window's width, is five screens tall at most, and
    shows something."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tall = page.evaluate("document.documentElement.scrollHeight")
    # (Mall Walkers' text board grows with its mall: a long game's runs past 4 phone screens)
    assert tall <= 5 * max(height, 768), f"the page is {tall} pixels tall"
    board = page.locator("#drawing").bounding_box()  # the window onto the board
    assert board is not None and 0 < board["width"] <= width
    shot = page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
    assert_not_blank(picture(shot))


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_whole_game_played_by_clicking_on_the_board(
    browser, server, env, size, tmp_path, monkeypatch
):
    declared(env, monkeypatch)
    width, height = SIZES[size]
    page, errors = open_page(browser, server, SIZES[size])
    start(page, env, seat=1)
    title = engine_class(env).game_type.title
    rng = random.Random(f"{env} {size}")
    clicks = 0
    while not page.locator("#result").is_visible():
        assert page.locator("#phase").inner_text().startswith(title)
        count = int(page.locator("#choice-count").get_attribute("data-count"))
        assert page.locator("#decision").get_attribute("open") is None or count <= OPEN_LIST
        click_the_board(page, rng)
        page.wait_for_selector("body:not(.busy)")
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
        if clicks == 10:
            check_layout(page, width, height, tmp_path, "in_progress")
            view = api_view(page, server)
            assert page.locator("#log li").all_inner_texts() == view["log"]
            assert view["view"].splitlines()[0] in page.locator("#view").inner_text()
    verdict = page.locator("#verdict").inner_text()
    assert verdict.startswith(("You won.", "You lost.", "You share the win.", "No player won."))
    assert verdict == api_view(page, server)["result"]["verdict"]
    assert not page.locator("#prompt").is_visible() and not page.locator("#decision").is_visible()
    assert not page.locator("#drawing rect.place.legal").count()
    assert "ann (you)" in page.locator("#scores tr.you").inner_text()
    check_layout(page, width, height, tmp_path, "final")
    page.close()
    assert not errors


def play_until(page, rng: random.Random, url: str, doing: str) -> tuple[dict, list[dict]]:
    """Click on the board until the person ``doing`` (the decision's words) has a
    lit place whose choice has a preview; that place and its choices."""
    for _ in range(MAX_CLICKS):
        page.wait_for_selector("body:not(.busy)")
        assert not page.locator("#result").is_visible(), "the game ended first"
        places = {p["key"]: p for p in on_the_board(page)[0]}
        view = api_view(page, url)
        if view["decision"]["doing"] == doing:
            for choice in offered(view):
                if choice["place"] in places and choice["preview"]:
                    key = choice["place"]
                    return places[key], [c for c in offered(view) if c["place"] == key]
        click_the_board(page, rng)
    raise AssertionError("no such decision came")


@pytest.mark.parametrize(
    ("env", "doing"),
    [("zombies_mall_walkers_v0", "places the tile drawn"), ("we_are_dead_v0", "moves")],
)
def test_pointing_at_a_place_lights_up_where_its_choice_leads(browser, server, env, doing):
    page, errors = open_page(browser, server)
    start(page, env)
    place, choices = play_until(page, random.Random(env), server, doing)
    page.mouse.move(place["x"], place["y"])
    lit = page.eval_on_selector_all(
        "#drawing rect.place.preview", "rs => rs.map((r) => r.dataset.place)"
    )
    assert lit and set(lit) == {key for c in choices for key in c["preview"]}
    tip = page.locator("#tip")
    assert tip.is_visible() and choices[0]["text"] in tip.inner_text()
    if choices[0]["detail"]:
        assert choices[0]["detail"] in tip.inner_text()
    page.mouse.move(0, 0)  # off the place: the light and the label go
    assert not page.locator("#drawing rect.place.preview").count() and not tip.is_visible()
    page.close()
    assert not errors


def offered(view: dict) -> list[dict]:
    return [c for group in view["decision"]["groups"] for c in group["choices"]]


def test_places_play_by_keyboard_and_the_list_keeps_what_is_typed(browser, server):
    page, errors = open_page(browser, server)
    start(page, "maul_of_america_v0", seat=1)
    rng = random.Random(1)
    for _ in range(MAX_CLICKS):
        if page.locator("#drawing rect.place.legal").count():
            break
        click_the_board(page, rng)
        page.wait_for_selector("body:not(.busy)")
    move = api_view(page, server)["move"]
    page.locator("#drawing rect.place.legal").first.focus()
    page.keyboard.press("Enter")
    if page.locator("#place-menu").is_visible():
        page.keyboard.press("Enter")  # the menu's first choice has the focus
    page.wait_for_selector("body:not(.busy)")
    assert api_view(page, server)["move"] > move

    if not page.locator("#decision[open]").count():
        page.click("#decision summary")
    first = offered(api_view(page, server))[0]["text"]
    page.fill("#choice-filter", first)
    shown = page.locator("#choices button.choice:visible").all_inner_texts()
    assert shown and all(first.lower() in b.lower() for b in shown)
    page.fill("#choice-filter", "no choice is named like this")
    assert page.locator("#choices button.choice:visible").count() == 0
    page.close()
    assert not errors


def test_a_stale_click_is_refused_and_a_finished_game_comes_back(browser, tmp_path):
    app = build(tmp_path / "data", tmp_path / "ratings.json", "127.0.0.1")
    with running(app) as url:
        page, errors = open_page(browser, url)
        start(page, "mall_of_horror_v0", seat=1, players=3)
        game = f"{url}/api/games/{page.url.split('#')[1]}"
        rng = random.Random(0)
        for _ in range(3):
            click_the_board(page, rng)
            page.wait_for_selector("body:not(.busy)")
        view = page.request.get(game).json()  # another tab plays a move: the next click is stale
        move = {"move": view["move"], "action": offered(view)[0]["action"]}
        assert page.request.post(f"{game}/action", data=move).ok
        click_the_board(page, rng)
        page.wait_for_selector("#error:not([hidden])")
        assert "stale" in page.locator("#error").inner_text()
        page.wait_for_selector("body:not(.busy)")
        now = page.request.get(game).json()  # the page shows the game as it is
        lit = page.eval_on_selector_all(
            "#drawing rect.place.legal", "rs => rs.map((r) => r.dataset.place)"
        )
        buttons = page.eval_on_selector_all(
            "#actions button", "bs => bs.map((b) => Number(b.dataset.action))"
        )
        assert set(lit) | set(buttons) == {c["place"] or c["action"] for c in offered(now)}

        while now["result"] is None:  # the rest of the game from elsewhere
            move = {"move": now["move"], "action": rng.choice(offered(now))["action"]}
            now = page.request.post(f"{game}/action", data=move).json()
        page.reload()  # the address holds the game: the final screen comes back
        page.wait_for_selector("#result:not([hidden])")
        assert page.locator("#verdict").inner_text() == now["result"]["verdict"]
        assert page.locator("#scores tbody tr").count() == 3
        assert page.locator("#rating").inner_text().startswith("rating of ann on mall_of_horror")
        (record,) = read_records(tmp_path / "data" / RECORDS)
        assert record["seats"][1] == "ann" and record["human_seat"] == 1
        assert page.url.endswith("#" + record["web_id"])
        page.click("#rematch")
        page.wait_for_selector("body:not(.busy) #prompt:not([hidden])")
        assert page.locator("#result").is_hidden()
        assert len(errors) == 1 and "status of 409" in errors[0]  # the stale click, no other


def test_the_set_up_page_shows_the_form_only_in_plain_words(browser, server):
    page, errors = open_page(browser, server)
    page.wait_for_selector("#setup:not([hidden])")
    assert page.locator("#game").is_hidden() and page.locator("#result").is_hidden()
    for env in sorted(zombie_envs.ENVS):
        page.select_option("#env", env)
        options = page.locator("#options").inner_text()
        for o in game_type(env).options:
            assert o.name.replace("_", " ") in options
            assert "_" not in o.name or o.name not in options
        assert not any(mark in options for mark in ("**", "`", "]("))
    page.close()
    assert not errors


@pytest.mark.parametrize("env", ENV_NAMES)
def test_the_browser_draws_the_svg_board_like_the_raster_picture(browser, env, monkeypatch):
    declared(env, monkeypatch)
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


def test_pointing_at_a_card_shows_what_it_does(browser, server):
    """A card of the seat's hand on the board carries what it does as its title,
    the tooltip the browser shows while the pointer rests on it."""
    page, errors = open_page(browser, server)
    start(page, "zombies_mall_walkers_v0")
    cards = game_type("zombies_mall_walkers_v0").card_texts
    hand = page.locator("#drawing rect.place[data-place^='hand']")
    assert hand.count() > 0
    for i in range(hand.count()):
        title = hand.nth(i).locator("title").text_content()
        name = re.sub(r" x\d+$", "", title.split(": ", 1)[0])
        assert title.endswith(f": {cards[name]}"), title
    page.close()
    assert not errors
