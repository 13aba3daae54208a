"""Mall Walkers views: the text map's labels, marks, hands and legend, and the picture."""

from __future__ import annotations

import random
import re
from itertools import chain

import numpy as np
import pytest
from pettingzoo.test import render_test

from tests.games.zombies_mall_walkers.positions import position, sq
from zombie_envs.games.zombies_mall_walkers import picture
from zombie_envs.games.zombies_mall_walkers.cards import NAMES
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.games.zombies_mall_walkers.mall import NAMES as TILE_NAMES
from zombie_envs.games.zombies_mall_walkers.places import square
from zombie_envs.games.zombies_mall_walkers.text import ansi, legend, result
from zombie_envs.testing import state_clones
from zombie_envs.zombies_mall_walkers_v0 import raw_env

SCENARIOS = ("standard", "search_and_rescue", "keys")


def some_states():
    for n in (2, 4, 6):
        yield from state_clones(MallWalkers, n, n, 41, scenario=SCENARIOS[n % 3])


def map_lines(text: str) -> tuple[dict[int, int], dict[int, str]]:
    """The map's columns (x -> global column, read off the headers) and its square
    lines (global row -> line)."""
    lines = text.splitlines()
    # the title and the scenario, then the column headers (a sign line, tens, units)
    units_at = next(i for i, line in enumerate(lines) if set(line) & set("+|#A")) - 1
    heads = lines[2:units_at]
    rows, y = {}, units_at + 1
    while y < len(lines) and lines[y].startswith(" "):
        label = lines[y][:4].strip()
        if label:
            rows[int(label)] = lines[y]
        y += 1
    cols = {}
    for x, digit in enumerate(lines[units_at]):
        if digit.isdigit():
            above = "".join(h[x] if x < len(h) else " " for h in heads)
            cols[x] = int((above + digit).replace(" ", ""))
    return cols, rows


def squares_shown(text: str) -> dict[tuple[int, int], str]:
    """The character the text map shows at each square its labels call (r,c)."""
    cols, rows = map_lines(text)
    return {(r, c): line[x] for r, line in rows.items() for x, c in cols.items() if x < len(line)}


def at(text: str, r: int, c: int) -> str:
    return squares_shown(text)[r, c]


def expected_marks(g) -> dict[int, str]:
    """What each occupied square must show, worked out from the state."""
    things: dict[int, list[str]] = {}
    for i in g.mall.squares:
        if g.zombies[i]:
            things.setdefault(i, []).append("Z")
    for s in range(g.num_players):
        things.setdefault(g.pos[s], []).append(str(s))
    for field, mark in ((g.life_tokens, "h"), (g.bullet_tokens, "b"), (g.rescue_tokens, "r")):
        for i in g.mall.squares:
            if field[i]:
                things.setdefault(i, []).append(mark)
    if g.keys_at >= 0:
        things.setdefault(g.keys_at, []).append("k")
    return {i: on[0] if len(on) == 1 else "&" for i, on in things.items()}


# ----- the text map ------------------------------------------------------------------------
def test_the_labels_around_the_map_name_squares_as_actions_do():
    """Each square's name, ``r-4c2`` as lines and choices use it, read off the map's
    row and column labels lands on that square: its mark, or its own character."""
    checked = 0
    for g in some_states():
        shown = squares_shown(ansi(g, None))
        marks = expected_marks(g)
        for i in g.mall.squares:
            r, c = map(int, re.fullmatch(r"r(-?\d+)c(-?\d+)", square(g.mall, i)).groups())
            assert shown[r, c] == marks.get(i, g.mall.char[i]), (r, c)
            checked += 1
    assert checked > 3000


def test_zombie_moves_name_squares_the_map_shows():
    """A zombie move's name gives its square and where it goes: a zombie there, and a
    square with no zombie where it goes."""
    seen = 0
    for g in state_clones(MallWalkers, 3, 5, 1):
        if g.decision != "move_zombies":
            continue
        shown = squares_shown(ansi(g, g.current_player))
        for a in g.legal:
            found = re.fullmatch(
                r"zombie \((-?\d+),(-?\d+)\) -> \((-?\d+),(-?\d+)\)", g.action_name(a)
            )
            if found:
                r0, c0, r1, c1 = map(int, found.groups())
                assert shown[r0, c0] in "Z&"
                assert shown[r1, c1] != "Z"
                seen += 1
    assert seen > 100


def test_every_piece_and_token_is_marked_or_listed():
    shared = 0
    for g in some_states():
        text = ansi(g, None)
        marks = expected_marks(g)
        for i, mark in marks.items():
            if mark == "&":
                line = next(x for x in text.splitlines() if x.startswith(f"{square(g.mall, i)}: "))
                for s in range(g.num_players):
                    assert (f"Player {s}" in line) == (g.pos[s] == i)
                assert ("a zombie" in line) == bool(g.zombies[i])
                if g.life_tokens[i]:
                    assert f"{g.life_tokens[i]} life token" in line
                shared += 1
        shown = squares_shown(text)
        for s in range(g.num_players):
            assert shown[g.mall.rc[g.pos[s]]] in (str(s), "&")
    assert shared > 20


def test_tokens_in_numbers_are_listed():
    g = position(n=2, life_tokens={(-2, -2): 2}, bullet_tokens={(-2, -1): 1})
    text = ansi(g, 0)
    assert at(text, -2, -2) == "h" and at(text, -2, -1) == "b"
    assert "r-2c-2: 2 life tokens" in text.splitlines()
    assert not any(line.startswith("r-2c-1:") for line in text.splitlines())


def test_a_seat_sees_its_own_hand_only():
    saw = 0
    for g in state_clones(MallWalkers, 5, 3, 37):
        assert "hand:" not in ansi(g, None)
        for s in range(g.num_players):
            mine = ansi(g, s)
            assert f"view of Player {s}" in mine and mine.count("hand:") == 1
            line = next(x for x in mine.splitlines() if x.startswith(f"Player {s} (you): "))
            assert "hand:" in line
            for card, n in enumerate(g.hands[s]):
                if n:
                    assert f"{NAMES[card]} x{n}" in line
                    saw += 1
            for other in range(g.num_players):
                if other != s:
                    theirs = next(x for x in mine.splitlines() if x.startswith(f"Player {other}: "))
                    n = sum(g.hands[other])
                    assert f"; {n} card{'s' if n != 1 else ''}" in theirs
                    assert "hand:" not in theirs
    assert saw > 20


def test_the_legend_explains_every_mark_the_map_uses():
    used = set()
    dropped = position(n=2, scenario="keys")
    dropped.keys_at = sq(-2, -2)  # keys lie where a keeper fell
    for g in chain(some_states(), [dropped]):
        explained = {m for line in legend(g) for m in line.split(":")[0].split()}
        cols, rows = map_lines(ansi(g, None))
        chars = set("".join(line[5:] for line in rows.values())) - {" "}
        assert chars <= explained, chars - explained
        used |= chars
    assert {"Z", "&", "h", "b", "r", "k", "#", "A", "d", "@", "*"} <= used, used


def test_tiles_seats_and_table_are_told():
    g = position(
        n=3,
        at={1: (-2, 0)},
        items={1: ["Crossbow", "Crossbow"]},
        discard=["Jammed", "Jammed", "Lucky Shot"],
        deck=["Sprinkler System"],
        stack=[2, 1],
        scenario="keys",
    )
    g.keeper = 1
    g.jammed[2] = 1
    g.life[0] = 0
    text = ansi(g, 2)
    assert "tiles, as placed: Front Door around r1c1; Four-Way Hall around r-2c1;" in text
    assert "; Department Store around r-8c-2 (floor 2)\n" in text.replace("\n  ", " ")
    line = next(x for x in text.splitlines() if x.startswith("Player 1: "))
    assert "at r-2c0" in line and "holds the keys" in line and "in play: Crossbow x2" in line
    assert "jammed" in next(x for x in text.splitlines() if x.startswith("Player 2 (you): "))
    killed = next(x for x in text.splitlines() if x.startswith("Player 0: "))
    assert "0 life" in killed and "killed: 3 life and 3 bullets next turn" in killed
    assert "tile stack: 2 tiles" in text
    assert "event deck: 1 card; discard pile: Jammed x2, Lucky Shot" in text
    assert "scenario: Kill the Guy With the Keys" in text


def test_the_tile_being_placed_the_fight_and_the_end_are_named():
    g = MallWalkers(3, seed=4)
    assert g.decision == "place_tile"
    assert f"tile being placed: {TILE_NAMES[g.drawn]}" in ansi(g, None)
    assert ansi(g, 1).splitlines()[-1] == "Player 0 places the tile drawn"
    rng = random.Random(4)
    fights = 0
    while not g.terminal:
        if g.decision == "fight":
            assert f"fight at {square(g.mall, g.combat[0])}: rolled {g.combat[1]}" in ansi(g, 0)
            fights += 1
        if g.decision == "move":
            assert ansi(g, None).endswith(
                f"moves ({g.moves_left} move{'s' * (g.moves_left != 1)} left)"
            )
        g.apply(rng.choice(g.legal))
    assert fights
    assert ansi(g, None).splitlines()[-1] == f"game over: {result(g)}"
    assert result(g) == "no winner: stopped at the round cap"  # a random game


# ----- the picture -----------------------------------------------------------------------
@pytest.mark.parametrize("num_players", [2, 6])
def test_pettingzoo_render_test(num_players):
    render_test(lambda render_mode: raw_env(num_players=num_players, render_mode=render_mode))


def test_the_picture_is_one_coloured_frame_for_every_game():
    """Video recorders need one frame size: the mall is scaled to fit its square."""
    shapes = set()
    for g in some_states():
        for seat in (None, 0):
            pixels = picture.rgb(g, seat)
            assert pixels.ndim == 3 and pixels.shape[2] == 3 and pixels.dtype == np.uint8
            packed = pixels[::3, ::3].astype(np.int32) @ np.array([1 << 16, 1 << 8, 1])
            assert len(np.unique(packed)) >= 8  # floors, walls, pieces, text
            shapes.add(pixels.shape)
    assert shapes == {(picture.HEIGHT, picture.WIDTH, 3)}


def test_every_square_lies_inside_the_map_area():
    for g in some_states():
        for i in g.mall.squares:
            x0, y0, x1, y1 = picture.cell_box(g, i)
            assert x0 >= picture.MAP_X and x1 <= picture.MAP_X + picture.MAP_W
            assert y0 >= picture.MAP_Y and y1 <= picture.MAP_Y + picture.MAP_H
            assert x1 - x0 >= 30


def test_the_picture_changes_only_where_a_zombie_moves():
    moved = 0
    for g in some_states():
        if moved == 15:
            break
        for sq_, to in ((i, n) for i in g.mall.squares if g.zombies[i] for n in g.mall.nbr[i]):
            if to < 0 or g.zombies[to] or to in g.pos or g.life_tokens[to] or g.bullet_tokens[to]:
                continue
            if g.combat[0] in (sq_, to):
                continue
            h = g.clone()
            h.zombies[sq_], h.zombies[to] = 0, 1
            changed = (picture.rgb(h) != picture.rgb(g)).any(axis=2)
            ys, xs = np.nonzero(changed)
            inside = np.zeros_like(xs, dtype=bool)
            for x0, y0, x1, y1 in (picture.cell_box(g, sq_), picture.cell_box(g, to)):
                assert changed[y0:y1, x0:x1].any()
                inside |= (x0 <= xs) & (xs < x1) & (y0 <= ys) & (ys < y1)
            assert inside.all(), "moving a zombie changed pixels outside its two squares"
            moved += 1
            break
    assert moved > 10


def test_a_seats_picture_differs_from_the_spectators_in_the_panel_only():
    g = position(n=3, hands={1: ["Crossbow", "Jammed"]})
    spectator = picture.rgb(g, None)
    for seat in (0, 1):  # "(you)" and the hand, even an empty one
        changed = (picture.rgb(g, seat) != spectator).any(axis=2)
        assert changed.any()
        assert not changed[:, : picture.MAP_X + picture.MAP_W + picture.MARGIN].any()


def test_a_fight_is_framed():
    g = position(n=2, at={0: (-2, 1)}, zombies=[(-2, 1)])
    before = picture.rgb(g)
    g.combat = [sq(-2, 1), 2, 0, -1]
    changed = (picture.rgb(g) != before).any(axis=2)
    x0, y0, x1, y1 = picture.cell_box(g, sq(-2, 1))
    assert changed[y0:y1, x0:x1].any()


def test_the_picture_frames_the_tiles_laid_and_the_room_for_the_next():
    """The mall and every free position a tile may take fill the map's room (as
    wide or as high as it, or squares at their largest); once no tile is to come,
    the tiles laid alone do."""
    framed = 0
    for g in some_states():
        room = g.drawn >= 0 or bool(g.stack)
        spots = picture.framed(g.mall, room)
        assert set(g.mall.at) <= spots
        if g.drawn >= 0:
            assert {(r, c) for r, c, _, _ in g.mall.placements(g.drawn)} <= spots
        if not room:
            assert spots == set(g.mall.at)
        squares = [(3 * r + dr, 3 * c + dc) for r, c in spots for dr in (0, 2) for dc in (0, 2)]
        boxes = [picture.box_at(g, r, c) for r, c in squares]
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert left >= picture.MAP_X and right <= picture.MAP_X + picture.MAP_W
        assert top >= picture.MAP_Y and bottom <= picture.MAP_Y + picture.MAP_H
        cell = boxes[0][2] - boxes[0][0]
        across, down = (right - left) // cell, (bottom - top) // cell
        assert (
            cell == picture.MAX_CELL
            or right - left > picture.MAP_W - across
            or bottom - top > picture.MAP_H - down
        )
        framed += not room
    assert framed
