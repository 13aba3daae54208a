"""We Are Dead views: PettingZoo's render checks, the board picture, and that
neither the picture nor the spectator text leaks hands, face-down heroes,
unflipped shopper numbers or the deck order."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import render_test

from zombie_envs import we_are_dead_v0
from zombie_envs.games.we_are_dead import floorplan, picture
from zombie_envs.games.we_are_dead.data import (
    BOARDS,
    CARD_NAMES,
    HAND_KINDS,
    HERO_NAMES,
    NUM_ATTACK,
    NUM_HEROES,
)
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.games.we_are_dead.text import ansi
from zombie_envs.testing import state_clones

PLAYERS = [2, 3, 4, 5]


def random_states(num_players: int, board: str, seed: int, every: int = 1):
    return state_clones(WeAreDead, num_players, seed, every, board=board)


def cell_box(g: WeAreDead, node: int) -> tuple[int, int, int, int]:
    row, col = g.board.rc[node]
    x, y = floorplan.BOARD_X + col * floorplan.CELL, floorplan.BOARD_Y + row * floorplan.CELL
    return x, y, x + floorplan.CELL, y + floorplan.CELL


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("num_players", PLAYERS)
def test_pettingzoo_render_test(num_players, board):
    render_test(
        lambda render_mode: we_are_dead_v0.env(
            num_players=num_players, board=board, render_mode=render_mode
        )
    )


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("num_players", PLAYERS)
def test_rgb_array_shape_and_dtype_over_a_whole_game(num_players, board):
    f = floorplan.frame(board)
    env = we_are_dead_v0.env(num_players=num_players, board=board, render_mode="rgb_array")
    env.reset(seed=num_players)
    pixels = env.render()
    assert isinstance(pixels, np.ndarray)
    assert pixels.shape == (f.height, f.width, 3) and pixels.dtype == np.uint8
    packed = pixels.astype(np.int32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.int32)
    assert len(np.unique(packed)) > 20
    for g in random_states(num_players, board, seed=num_players, every=40):
        out = picture.rgb(g)
        assert out.shape == (f.height, f.width, 3) and out.dtype == np.uint8
        assert out.flags.writeable and out is not f.background
    assert g.terminal


def test_the_two_boards_have_their_own_frames():
    mall, carnival = floorplan.frame("mall"), floorplan.frame("carnival")
    assert (mall.width, mall.height) != (carnival.width, carnival.height)
    for name, f in (("mall", mall), ("carnival", carnival)):
        b = f.board
        assert name in b.name and len(f.centre) == b.size
        assert f.side_x >= floorplan.BOARD_X + b.width * floorplan.CELL
        assert not f.background.flags.writeable


@pytest.mark.parametrize("board", BOARDS)
def test_the_picture_changes_only_where_a_player_moves(board):
    g = next(
        s for s in random_states(3, board, seed=4) if s.turn >= 5 and s.a_node < 0 and s.decision
    )
    before = picture.rgb(g)
    old = g.pos[0]
    taken = set(g.pos) | set(g.hordes)
    new = next(v for v in g.board.by_distance[old] if v not in taken and not g.token[v])
    h = g.clone()
    h.pos[0] = new
    changed = (picture.rgb(h) != before).any(axis=2)
    assert changed.any()
    ys, xs = np.nonzero(changed)
    boxes = [cell_box(g, old), cell_box(g, new)]
    inside = np.zeros_like(xs, dtype=bool)
    for x0, y0, x1, y1 in boxes:
        inside |= (x0 <= xs) & (xs < x1) & (y0 <= ys) & (ys < y1)
    assert inside.all(), "moving a zombie changed pixels outside its two squares"
    for x0, y0, x1, y1 in boxes:
        assert changed[y0:y1, x0:x1].any()


def _change_secrets(g: WeAreDead, keep: int | None = None) -> WeAreDead:
    """The same public state with every secret changed, except what seat ``keep`` holds."""
    h = g.clone()
    public = set(h.h_targets) | {h.a_node}
    for v, value in enumerate(h.token):
        if value and v not in public:
            h.token[v] = value % 5 + 1
    for s in range(h.num_players):
        if s == keep:
            continue
        size = sum(h.hands[s])
        h.hands[s] = [0] * HAND_KINDS
        h.hands[s][(s + 3) % HAND_KINDS] = size
        if h.facedown[s] >= 0:
            h.facedown[s] = NUM_ATTACK + (h.facedown[s] - NUM_ATTACK + 1) % NUM_HEROES
    h.deck = sorted(h.deck)
    return h


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("num_players", [2, 5])
def test_picture_and_spectator_text_show_no_secrets(num_players, board):
    saw_facedown = saw_flipped = 0
    for g in random_states(num_players, board, seed=11, every=13):
        h = _change_secrets(g)
        np.testing.assert_array_equal(picture.rgb(g), picture.rgb(h))
        spectator = ansi(g, None)
        assert spectator == ansi(h, None)
        assert "view of a spectator" in spectator and "hand:" not in spectator
        assert not any(name in spectator for name in CARD_NAMES[:NUM_ATTACK])
        saw_facedown += any(k >= 0 for k in g.facedown)
        saw_flipped += g.a_node >= 0 or bool(g.h_targets)
    assert saw_flipped, "no token was ever flipped; the test proves little"
    if num_players > 2:  # with one opponent, its hero is fought as soon as it is placed
        assert saw_facedown, "no hero was ever face down; the test proves little"


def test_a_flipped_token_shows_its_number():
    """A flipped token's number is public: changing it changes its square only."""
    g = next(s for s in random_states(3, "mall", seed=2) if s.a_node >= 0)
    h = g.clone()
    h.a_value = h.token[h.a_node] = g.a_value % 5 + 1
    changed = (picture.rgb(h) != picture.rgb(g)).any(axis=2)
    x0, y0, x1, y1 = cell_box(g, g.a_node)
    assert changed[y0:y1, x0:x1].any()


@pytest.mark.parametrize("board", BOARDS)
def test_a_seat_sees_its_own_hand_and_face_down_hero_and_no_other_secret(board):
    saw = 0
    for g in random_states(4, board, seed=3, every=3):
        for s in range(g.num_players):
            mine = ansi(g, s)
            assert f"view of Player {s}" in mine and mine.count("hand:") == 1
            for card, count in enumerate(g.hands[s]):
                if count:
                    assert f"{CARD_NAMES[card]} x{count}" in mine
            if g.facedown[s] >= 0:
                assert f"face down: {HERO_NAMES[g.facedown[s] - NUM_ATTACK]}" in mine
                saw += 1
            assert mine == ansi(_change_secrets(g, keep=s), s)
    assert saw, "no seat ever held a hero face down; the test proves nothing"


def test_the_result_is_in_the_title_strip_and_covers_no_square():
    *_, end = random_states(3, "mall", seed=5)
    assert end.terminal
    live = end.clone()
    live.terminal = False
    done, playing = picture.rgb(end), picture.rgb(live)
    f = floorplan.frame("mall")
    title = slice(0, floorplan.BOARD_Y)
    assert (done[title] != playing[title]).any()  # "Game over - ..." replaces the turn
    board = (slice(floorplan.BOARD_Y, None), slice(0, f.side_x))
    assert (done[board] == playing[board]).all()  # the whole board stays in view


def test_human_mode_prints(capsys):
    env = we_are_dead_v0.env(num_players=3, board="carnival", render_mode="human")
    env.reset(seed=0)
    first = capsys.readouterr().out
    assert "We Are Dead (carnival)" in first and "view of a spectator" in first
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "We Are Dead" in capsys.readouterr().out
    assert env.render() is None
    assert "Player 2" in capsys.readouterr().out
