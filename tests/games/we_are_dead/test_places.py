"""The board is the input: every choice about a square, a card of the hand, a
seat or a face-down hero names a place the picture marks (its click picks it),
a move lights up its path, a horde the squares it walks; moves are typed by
compass words or square names; and the seat's own hand on its picture shows
nothing it may not see."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from tests.games.we_are_dead.twins import twin
from zombie_envs.core.compass import BY_STEP
from zombie_envs.core.narration import pick, screen, story
from zombie_envs.games.we_are_dead import floorplan, picture
from zombie_envs.games.we_are_dead.actions import A_CARD, A_SQUARE
from zombie_envs.games.we_are_dead.data import BOARDS, CARD_NAMES
from zombie_envs.games.we_are_dead.declaration import GAME, KIND
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.games.we_are_dead.narrate import NARRATOR
from zombie_envs.web.svg import SvgCanvas


def random_states(seed: int, players: int, board: str, every: int = 1, placement="random"):
    """Every ``every``-th state at a decision of a seeded random game, and the
    decisions of kinds seen rarely."""
    g = WeAreDead(players, seed=seed, board=board, shopper_placement=placement)
    rng = random.Random(seed)
    rare = {KIND.horde_target, KIND.horde_pick, KIND.choose_hero, KIND.reveal}
    step = 0
    while not g.terminal:
        if step % every == 0 or g.decision in rare:
            yield g
        g.apply(rng.choice(g.legal))
        step += 1


def square_of(g, place: str) -> int:
    r, c = map(int, re.fullmatch(r"r(\d+)c(\d+)", place).groups())
    return g.board.cell_id(r, c)


@pytest.mark.parametrize("board", BOARDS)
def test_every_choice_with_a_place_names_a_place_the_picture_marks(board):
    kinds = set()
    for seed, players in ((1, 3), (2, 5), (3, 2)):
        for g in random_states(seed, players, board, every=7, placement="turns"):
            marked = picture.draw(g, g.current_player).places
            for choice in NARRATOR.choices(g):
                if choice.place:
                    assert choice.place in marked, (g.decision, choice)
                    kinds.add(g.decision)
                assert set(choice.preview) <= set(marked), (g.decision, choice)
    assert {KIND.place_token, KIND.move, KIND.attack, KIND.discard, KIND.slay} <= kinds


@pytest.mark.parametrize("board", BOARDS)
def test_the_squares_seats_and_cards_are_marked_with_their_names(board):
    g = WeAreDead(4, seed=4, board=board)
    b, seat = g.board, g.current_player
    places = picture.draw(g, seat).places
    for v, (r, c) in enumerate(b.rc):
        x, y, w, h, label = places[f"r{r}c{c}"]
        cell = floorplan.CELL
        assert (x, y) == (floorplan.BOARD_X + c * cell, floorplan.BOARD_Y + r * cell)
        assert label == b.label(v)
    for s in range(g.num_players):
        assert places[f"seat{s}"][4] == f"Player {s}"
    held = [CARD_NAMES[k] for k, n in enumerate(g.hands[seat]) if n]
    assert sorted(label.split(" x")[0] for key, (*_, label) in places.items() if "card" in key) == (
        sorted(held)
    )
    assert not any("card" in key for key in picture.draw(g).places)  # a spectator: no hand


def test_a_move_lights_up_its_path_and_says_its_cost():
    seen = 0
    for g in random_states(7, 3, "mall"):
        if g.decision != KIND.move:
            continue
        here, b = g.pos[g.active], g.board
        for choice in NARRATOR.choices(g):
            if choice.action >= A_CARD:
                continue
            v = choice.action - A_SQUARE
            assert choice.place == choice.key
            moves = b.dist[here][v]
            path = [square_of(g, p) for p in choice.preview]
            assert path[-1] == v and len(path) == max(moves, 1)
            for a, z in zip([here, *path], path, strict=False):
                assert moves == 0 or z in b.neighbours[a]
            assert choice.detail.startswith(f"{moves} move" if moves else "stay")
            seen += 1
        if g.turn > 30:
            break
    assert seen > 100


def test_the_horde_shows_where_it_walks():
    seen = set()
    for seed in range(4):
        for g in random_states(seed, 4, BOARDS[seed % 2], every=50):
            if g.decision not in (KIND.horde_target, KIND.horde_pick):
                continue
            for choice in NARRATOR.choices(g):
                walk = [square_of(g, p) for p in choice.preview]
                assert walk[0] in g.hordes, choice
                goal = choice.action - A_SQUARE if g.decision == KIND.horde_target else g.h_prey
                assert (
                    g.board.dist[walk[0]][goal] > g.board.dist[walk[-1]][goal] or walk[-1] == goal
                )
                seen.add(g.decision)
    assert KIND.horde_target in seen


def test_compass_words_and_square_names_pick_a_move():
    g = WeAreDead(3, seed=0)
    assert g.decision == KIND.move
    choices = NARRATOR.choices(g)
    r, c = g.board.rc[g.pos[g.active]]
    found = 0
    for (dr, dc), (short, long) in BY_STEP.items():
        v = g.board.node_at(r + dr, c + dc)
        if v not in g.board.adjacent[g.pos[g.active]]:
            continue
        for word in (short, long, short.upper()):
            assert pick(word, choices).action == A_SQUARE + v
        found += 1
    assert found >= 2
    for choice in choices:
        assert pick(choice.key, choices) is choice
        assert choice.key not in {w for words in BY_STEP.values() for w in words}


def test_a_typed_key_or_whole_name_picks_its_choice_at_every_decision():
    for g in random_states(8, 3, "carnival", every=5):
        choices = NARRATOR.choices(g)
        for choice in choices:
            assert pick(choice.key, choices) is choice
            for name in (choice.text, *choice.names):
                if sum(name in (c.text, *c.names) for c in choices) == 1:
                    assert pick(name, choices) is choice, (name, choices)


@pytest.mark.parametrize("board", BOARDS)
def test_a_seats_picture_shows_its_own_hand_and_nothing_it_may_not_see(board):
    rng = random.Random(5)
    changed = set()
    for g in random_states(9, 4, board, every=17):
        seat = g.current_player
        h, what = twin(g, seat, rng)
        changed |= what
        mine, theirs = picture.draw(g, seat), picture.draw(h, seat)
        np.testing.assert_array_equal(mine.pixels, theirs.pixels)
        assert mine.places == theirs.places
    assert {"hand", "token"} <= changed


def test_no_identifier_is_shown_to_a_person():
    kinds = {d.name for d in GAME.decisions}
    told = []
    for g in random_states(10, 3, "mall", every=3):
        seat = g.current_player
        shown = screen(g, seat, told)
        assert "_" not in shown, shown
        assert not re.search(r"\(-?\d+, ?-?\d+\)", shown), shown
        assert not any(f"({k})" in shown for k in kinds), shown
        told = story(g, g.legal[0], seat)
        assert not any("_" in line for line in told), told


def test_the_svg_board_marks_the_same_places():
    g = WeAreDead(3, seed=2)
    svg = picture.draw(g, 0, SvgCanvas)
    assert svg.places == picture.draw(g, 0).places
    assert svg.svg().count('class="place"') == len(svg.places)
