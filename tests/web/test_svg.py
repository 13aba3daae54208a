"""The board as SVG: every game's ``picture.draw`` drives the shape canvas to a
well-formed picture the size of its raster one, text is escaped and keeps the
bitmap font's width, and shapes follow the raster's pixel rules.  (How close
the drawn SVG comes to the raster picture is checked in a real browser, in
``test_browser.py``.)  Needs no web framework."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from tests.envs_under_test import ENV_NAMES, declared, skip_without_cards
from zombie_envs.core.raster import Canvas, text_size
from zombie_envs.registry import engine_class
from zombie_envs.web.svg import SvgCanvas, board

NS = "{http://www.w3.org/2000/svg}"


def parse(canvas: SvgCanvas) -> ET.Element:
    return ET.fromstring(canvas.svg())


@pytest.mark.parametrize("env", ENV_NAMES)
def test_every_game_draws_a_well_formed_svg_the_size_of_its_picture(env, monkeypatch):
    declared(env, monkeypatch)
    cls = engine_class(env)
    draw = cls.game_type.picture_module.draw
    g = cls(cls.max_players, seed=3)
    rng = random.Random(3)
    for step in range(400):
        if g.terminal:
            break
        if step % 50 == 0:
            pixels = draw(g).pixels
            for seat in (None, 0):
                root = parse(draw(g, seat, SvgCanvas))
                h, w = pixels.shape[:2]
                assert root.get("viewBox") == f"0 0 {w} {h}"
                texts = [t.text for t in root.iter(f"{NS}text")]
                assert cls.game_type.title.upper() in texts or cls.game_type.title in texts
                assert len(root) > 10  # shapes, not one embedded image
                assert not list(root.iter(f"{NS}image"))
        g.apply(rng.choice(g.legal))


def test_text_is_escaped_and_keeps_the_bitmap_fonts_width():
    c = SvgCanvas(200, 100)
    size = c.text(150, 20, "a<b> & c\x07\nsecond", (255, 0, 0), scale=2, anchor="right")
    assert size == text_size("a<b> & c\x07\nsecond", 2)
    first, second = parse(c).iter(f"{NS}text")
    assert first.text == "a<b> & c" and second.text == "second"
    width = (len("a<b> & c\x07") * 6 - 1) * 2  # the raster counts the bell as a box
    assert first.get("textLength") == str(width) and int(first.get("x")) == 150 - width
    assert int(second.get("y")) - int(first.get("y")) == 20  # 10-pixel lines, doubled
    assert first.get("fill") == "#ff0000"


def test_shapes_follow_the_raster_pixel_rules():
    c = SvgCanvas(40, 40, (1, 2, 3))
    c.disc(10, 10, 4, (9, 9, 9))  # pixel centres within r + 0.5 of (10.5, 10.5)
    c.ring(20, 20, 6, (9, 9, 9), width=2)
    c.line(0, 30, 10, 30, (9, 9, 9), width=2)  # the raster's pen covers rows 30 and 31
    c.rect(2, 2, 10, 8, (9, 9, 9), width=2)
    c.fill_rect(5, 5, 0, 4, (9, 9, 9))  # empty: nothing
    background, disc, ring, line, rect = parse(c)
    assert background.get("fill") == "#010203" and background.get("width") == "40"
    assert (disc.get("cx"), disc.get("r")) == ("10.5", "4.5")
    assert (ring.get("r"), ring.get("stroke-width"), ring.get("fill")) == ("5.5", "2", "none")
    assert (line.get("y1"), line.get("stroke-width")) == ("31", "2")
    assert (rect.get("x"), rect.get("width"), rect.get("height")) == ("3", "8", "6")
    raster = Canvas(40, 40, (1, 2, 3))
    raster.line(0, 30, 10, 30, (9, 9, 9), width=2)
    rows = np.flatnonzero((raster.pixels != (1, 2, 3)).any(axis=2).any(axis=1))
    assert list(rows) == [30, 31]  # what the SVG line's centre 31 and width 2 cover


def test_cached_parts_are_drawn_and_pieces_across_the_edge_left_out_as_in_the_raster():
    c = SvgCanvas(20, 20)
    c.layer(0, 0, np.zeros((5, 5, 3), np.uint8), lambda canvas: canvas.disc(3, 3, 2, (5, 5, 5)))
    sprite = (np.zeros((5, 5, 3), np.uint8), np.ones((5, 5), bool))
    drawn = []
    c.stamp(10, 10, sprite, lambda canvas, x, y: drawn.append((x, y)))
    c.stamp(1, 10, sprite, lambda canvas, x, y: drawn.append((x, y)))  # would cross x = 0
    assert drawn == [(10, 10)]
    assert [e.tag for e in parse(c)] == [f"{NS}rect", f"{NS}circle"]


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_cards_place_on_the_board_is_titled_with_what_the_card_does(env, monkeypatch):
    """The hover of every card the seat's board shows (a hand's, a pile's, a
    discard's: ``Jammed``, ``Lurch x2``) says what the card does; other places keep
    their own titles."""
    skip_without_cards(declared(env, monkeypatch))
    cls = engine_class(env)
    cards = cls.game_type.card_texts
    g, rng = cls(cls.max_players, seed=4), random.Random(4)
    titled = 0
    for _ in range(300):
        if g.terminal:
            break
        seat = g.current_player
        labels = g.game_type.picture_module.draw(g, seat, SvgCanvas).places
        for rect in ET.fromstring(board(g, seat)).iter(f"{NS}rect"):
            if rect.get("class") != "place" or rect.find(f"{NS}title") is None:
                continue
            title, label = rect.find(f"{NS}title").text, labels[rect.get("data-place")][-1]
            card = re.sub(r" x\d+$", "", label)
            if card in cards:
                assert title == f"{label}: {cards[card]}"
                titled += 1
            else:
                assert title == label or title.startswith(label + ": "), (label, title)
        g.apply(rng.choice(g.legal))
    assert titled > 5
