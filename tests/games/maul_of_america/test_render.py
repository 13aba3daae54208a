"""Maul of America views: the text map's labels, pieces, hands and legend, and the picture."""

from __future__ import annotations

import random
import re
from itertools import chain

import numpy as np
import pytest
from pettingzoo.test import render_test

from tests.games.maul_of_america.positions import act, position, shopper_turn, sq
from zombie_envs.core.narration import count as counted
from zombie_envs.games.maul_of_america import picture
from zombie_envs.games.maul_of_america.actions import A_ACT, ESCAPE
from zombie_envs.games.maul_of_america.bots import HeuristicAgent
from zombie_envs.games.maul_of_america.cards import HAND_NAMES
from zombie_envs.games.maul_of_america.declaration import KIND
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.games.maul_of_america.maul import FACES
from zombie_envs.games.maul_of_america.seats import ESCAPED, PLAYING
from zombie_envs.games.maul_of_america.text import ansi, legend, seat_name
from zombie_envs.maul_of_america_v0 import raw_env
from zombie_envs.testing import state_clones


def states(num_players: int, seed: int, every: int = 7, **options):
    """Clones along a seeded random game, once the Maul is built."""
    return (
        g
        for g in state_clones(MaulOfAmerica, num_players, seed, every, **options)
        if len(g.plan) == 4
    )


def some_states():
    for n in (2, 3, 4, 5):
        yield from states(n, seed=n, every=11)


def heuristic_states(num_players: int, seed: int, every: int):
    """Clones along a game of heuristic players, who get far enough to escape."""
    g = MaulOfAmerica(num_players, seed=seed)
    agents = [HeuristicAgent(s) for s in range(num_players)]
    step = 0
    while not g.terminal:
        if step % every == 0:
            yield g.clone()
        g.apply(agents[g.current_player].act(g, g.current_player))
        step += 1


def map_lines(text: str) -> tuple[str, str, list[str]]:
    """The tens and units column headers (tens empty if none) and the map's lines."""
    lines = text.splitlines()
    units_at = next(i for i, line in enumerate(lines) if line.startswith("     0 1"))
    tens = lines[units_at - 1] if lines[units_at - 1].startswith("    ") else ""
    end = next(i for i in range(units_at + 1, len(lines)) if not lines[i].startswith(" "))
    return tens, lines[units_at], lines[units_at + 1 : end]


def at(text: str, r: int, c: int) -> str:
    """The character the text map shows at the square its labels call r<r>c<c>."""
    tens, units, lines = map_lines(text)
    cols = {
        int((tens[x] if x < len(tens) and tens[x].isdigit() else "") + digit): x
        for x, digit in enumerate(units)
        if digit.isdigit()
    }
    rows = {int(line[:4]): line for line in lines if line[:4].strip()}
    return rows[r][cols[c]]


def map_area(text: str) -> list[str]:
    """The map's lines, labels cut off."""
    return [line[4:] for line in map_lines(text)[2]]


def expected_marks(g) -> dict[int, str]:
    """What each occupied square must show, worked out from the pieces."""
    pieces: dict[int, list[str]] = {}
    for v, done in zip(g.zombies, g.zdone, strict=True):
        pieces.setdefault(v, []).append("z" if done and g.active == 0 and g.round else "Z")
    for s in g.shoppers():
        if g.pos[s] >= 0 and g.status[s] == PLAYING:
            pieces.setdefault(g.pos[s], []).append(str(s))
    marks = {g.exit: "X"} if g.exit >= 0 else {}
    marks.update({v: on[0] if len(on) == 1 else "*" for v, on in pieces.items()})
    return marks


# ----- the text map ----------------------------------------------------------------------
def test_the_labels_around_the_map_name_squares_as_actions_do():
    """Each square's action label (``r3c12``) read off the map's row and column
    labels lands on that square: its mark, or its own character."""
    checked = 0
    for g in some_states():
        text = ansi(g, None)
        marks = expected_marks(g)
        for v in range(g.maul.size):
            r, c = map(int, re.search(r"\br(\d+)c(\d+)\b", g.label("square", v)).groups())
            assert at(text, r, c) == marks.get(v, g.maul.char[v]), (r, c)
            checked += 1
    assert checked > 1000


def test_square_actions_name_the_squares_the_map_shows():
    """A zombie is moved or placed on a square the map shows as free (or its own,
    for a zombie staying put): every such action names a square shown so."""
    seen = set()
    for g in chain(states(3, seed=1, every=1), states(5, seed=2, every=1)):
        if g.decision not in (KIND.destination, KIND.place_zombie, KIND.spawn):
            continue
        text = ansi(g, g.current_player)
        for a in g.legal:
            r, c = map(int, re.search(r"\br(\d+)c(\d+)\b", g.action_name(a)).groups())
            stays = g.decision == KIND.destination and g.maul.rc[g.z_square] == (r, c)
            assert at(text, r, c) in ("Zz*" if stays else ".?FEX")
        seen.add(g.decision)
    assert {KIND.destination, KIND.place_zombie} <= seen


def test_every_piece_is_marked_where_it_is():
    saw_shared = 0
    for g in some_states():
        text = ansi(g, None)
        area = "".join(map_area(text))
        marks = expected_marks(g)
        for s in g.shoppers():
            if g.pos[s] >= 0 and g.status[s] == PLAYING:
                r, c = g.maul.rc[g.pos[s]]
                assert at(text, r, c) in (str(s), "*")
                assert area.count(str(s)) == (marks[g.pos[s]] == str(s))
        for v in g.zombies:
            assert at(text, *g.maul.rc[v]) in "Zz*"
        shared = [v for v, mark in marks.items() if mark == "*"]
        for v in shared:
            assert f"{g.maul.label(v)}: " in text  # who shares it, under the map
        saw_shared += bool(shared)
        assert area.count("Z") + area.count("z") == sum(m in "Zz" for m in marks.values())
    assert saw_shared, "no two pieces ever shared a square; the test proves little"


def test_a_seat_sees_its_own_hand_only():
    saw = 0
    for g in states(5, seed=3, every=5):
        assert "hand:" not in ansi(g, None)
        for s in range(g.num_players):
            mine = ansi(g, s)
            assert f"view of {seat_name(s)}" in mine and mine.count("hand:") == 1
            line = next(x for x in mine.splitlines() if x.startswith(seat_name(s)))
            assert "hand:" in line
            for card, count in enumerate(g.hands[s]):
                if count:
                    assert f"{HAND_NAMES[card]} x{count}" in line
                    saw += 1
            for other in range(g.num_players):
                if other != s:
                    theirs = next(x for x in mine.splitlines() if x.startswith(seat_name(other)))
                    assert "hand:" not in theirs
                    assert theirs.endswith("; " + counted(sum(g.hands[other]), "card"))
    assert saw


def test_the_legend_explains_every_mark_the_map_uses():
    used = set()
    for n in (2, 5):
        for g in chain(states(n, seed=20 + n, every=3), heuristic_states(n, 20 + n, 3)):
            explained = {m for line in legend(g) for m in line.split(":")[0].split()}
            chars = set("".join(map_area(ansi(g, None)))) - {" "}
            assert chars <= explained, chars - explained
            used |= chars
    assert {"X", "z", "*", "#", "A", "d", "w"} <= used, used


def test_the_section_being_placed_is_named():
    g = MaulOfAmerica(3, seed=1, map_draft="play")
    g.apply(g.legal[0])  # the first section
    g.apply(g.legal[0])  # the second, to be placed
    assert g.decision == KIND.placement
    assert f"map section being placed: {FACES[g.face].name}" in ansi(g, None)


# ----- the picture -------------------------------------------------------------------------
@pytest.mark.parametrize("num_players", [2, 5])
def test_pettingzoo_render_test(num_players):
    render_test(lambda render_mode: raw_env(num_players=num_players, render_mode=render_mode))


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_the_picture_is_a_steady_coloured_frame(num_players):
    shapes = set()
    for g in states(num_players, seed=num_players, every=20):
        pixels = picture.rgb(g)
        assert pixels.ndim == 3 and pixels.shape[2] == 3 and pixels.dtype == np.uint8
        packed = pixels.astype(np.int32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.int32)
        assert len(np.unique(packed)) >= 8  # floor, walls, pieces, text
        shapes.add(pixels.shape)
    assert len(shapes) == 1  # one size for the whole game once the Maul is built


def test_the_picture_keeps_its_size_while_the_maul_is_drafted_and_across_games():
    """Video recorders need one frame size: the picture leaves room for any Maul."""
    shapes = set()
    for seed in range(3):
        g = MaulOfAmerica(3, seed=seed, map_draft="play")
        while len(g.plan) < 4:
            shapes.add(picture.rgb(g).shape)
            g.apply(g.legal[-1])
        shapes.add(picture.rgb(g).shape)
    assert len(shapes) == 1


def cell_box(g, v: int) -> tuple[int, int, int, int]:
    """The pixels of square ``v``: the place the picture marks for it."""
    x, y, w, h, _ = picture.draw(g).places[g.maul.label(v)]
    return x, y, x + w, y + h


def test_the_picture_changes_only_where_a_zombie_moves():
    rng = random.Random(0)
    moved = 0
    for g in some_states():
        if not g.zombies:
            continue
        old = g.zombies[0]
        taken = g.occupied() | {g.exit}
        free = [w for w, _ in g.maul.steps[old] if w not in taken]
        if g.zombies.count(old) > 1 or not free:
            continue
        new = rng.choice(free)
        h = g.clone()
        h.zombies[0] = new
        changed = (picture.rgb(h) != picture.rgb(g)).any(axis=2)
        ys, xs = np.nonzero(changed)
        inside = np.zeros_like(xs, dtype=bool)
        for x0, y0, x1, y1 in (cell_box(g, old), cell_box(g, new)):
            assert changed[y0:y1, x0:x1].any()
            inside |= (x0 <= xs) & (xs < x1) & (y0 <= ys) & (ys < y1)
        assert inside.all(), "moving a zombie changed pixels outside its two squares"
        moved += 1
    assert moved > 10


def test_an_escaped_shopper_is_drawn_off_the_maul():
    """MOA-169 "Remember, any arrow leading off the board counts as an exit for shoppers
    trying to escape from the mall.": the Shopper who escapes has left the board, so
    neither the text map (the final board of a replay) nor the picture shows it on the
    exit it left by."""
    west = (3, 0)  # an arrow off the Maul's west edge
    g = position(at={1: west}, items={1: ["Pistol", "Ammo", "Food", "Medkit"]}, exit=west)
    shopper_turn(g, 1, 5)
    act(g, 1, A_ACT + ESCAPE)
    g.rng = random.Random(0)  # the scripted dice are spent: a copy needs real ones
    assert g.terminal and g.status[1] == ESCAPED and g.pos[1] == sq(*west)
    assert at(ansi(g, 1), *west) == "X" and "Shopper 1: escaped" in ansi(g, 1)
    gone = g.clone()
    gone.pos[1] = -1
    assert (picture.rgb(gone) == picture.rgb(g)).all()


def test_a_weapons_shots_are_counted_in_words_on_the_map_and_the_picture():
    """``1 shot``, ``2 shots``: the text and the picture's chips say it alike."""
    g = position(items={1: ["Pistol", "Golf Club"], 2: ["Pistol", "Pistol"]})
    g.items[1][0][1], g.items[2][1][1] = 1, 2
    line = next(x for x in ansi(g, None).splitlines() if x.startswith(seat_name(1)))
    assert "Pistol (1 shot)" in line and "shots" not in line
    chips = {label for *_, label in picture.draw(g, None).places.values()}
    assert "Pistol (1 shot)" in chips and "Pistol x2 (6/2 shots)" in chips
