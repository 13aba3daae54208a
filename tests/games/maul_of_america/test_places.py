"""Maul of America played on the board: every choice about a place names a place the
picture marks, its preview too, and the typed forms (compass words, square names)
pick what they name."""

from __future__ import annotations

import random
from collections import Counter

from zombie_envs.core.compass import SHORT
from zombie_envs.core.narration import narrator_of, pick
from zombie_envs.games.maul_of_america import picture
from zombie_envs.games.maul_of_america.actions import ACTIONS
from zombie_envs.games.maul_of_america.declaration import KIND
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica

#: decisions with nothing on the board to point at (yes or no)
NO_PLACE = {KIND.accept}


def decisions(num_players: int, seed: int, draft: str):
    """Every decision of a seeded random game."""
    g = MaulOfAmerica(num_players, seed=seed, map_draft=draft)
    rng = random.Random(seed)
    while not g.terminal:
        yield g
        g.apply(rng.choice(g.legal))


def test_every_place_a_choice_names_is_marked_on_the_picture_of_its_seat():
    placed, unplaced = Counter(), Counter()
    for n, seed, draft in ((2, 1, "play"), (3, 2, "random"), (5, 3, "play"), (4, 4, "random")):
        for g in decisions(n, seed, draft):
            choices = narrator_of(g).choices(g)
            marked = picture.draw(g, g.current_player).places
            for c in choices:
                assert not c.place or c.place in marked, (g.decision, c)
                assert set(c.preview) <= set(marked), (g.decision, c)
                (placed if c.place else unplaced)[g.decision] += 1
    assert not set(placed) & NO_PLACE
    # every decision but a yes or no has its choices on the board
    assert set(placed) >= {KIND.face, KIND.placement, KIND.start, KIND.place_zombie, KIND.act,
                           KIND.target, KIND.command, KIND.destination, KIND.bite}  # fmt: skip
    assert placed[KIND.act] > unplaced[KIND.act]


def test_a_spectator_picture_marks_no_hand():
    for g in decisions(3, 5, "random"):
        if g.decision == KIND.act and any(g.hands[g.active]):
            break
    own = picture.draw(g, g.active).places
    assert any(key.startswith("card") for key in own)
    assert not any(key.startswith("card") for key in picture.draw(g).places)


def test_steps_are_typed_as_compass_words_and_square_names():
    typed = 0
    for g in decisions(3, 6, "random"):
        if g.decision != KIND.act:
            continue
        choices = narrator_of(g).choices(g)
        for c in choices:
            if c.key in SHORT:
                long_name, square = c.names
                assert pick(c.key, choices) is c
                assert pick(long_name, choices) is c
                assert pick(square, choices) is c and c.place == square
                typed += 1
    assert typed > 100


def test_the_zombie_controller_types_a_square_to_move_the_zombie_there():
    seen = 0
    for g in decisions(5, 7, "random"):
        if g.decision != KIND.command:
            continue
        choices = narrator_of(g).choices(g)
        keys = [c.key for c in choices]
        assert len(keys) == len(set(keys))
        for c in choices:
            if c.place.startswith("r"):  # a square: a zombie there, or an exit
                assert pick(c.place, choices).place == c.place
                assert len(c.key) <= len("in r12c12")
                seen += 1
    assert seen > 100


def test_the_move_list_marks_the_search_squares_a_step_ends_on():
    """A step onto a search square says so, and says when the Shopper searched it
    last (it may not search it again yet, MOA-097); other steps say nothing of it."""
    marked = Counter()
    for g in decisions(3, 8, "random"):
        if g.decision != KIND.act:
            continue
        s = g.active
        for c in narrator_of(g).choices(g):
            block, d = ACTIONS.locate(c.action)
            if block.name != "step":
                continue
            v = g.moves[g.pos[s]][d][0]
            search = v in g.search_squares
            assert ("a search square" in c.detail) is search, c
            assert ("(searched last)" in c.detail) is (search and g.searched[s] == v), c
            marked[search, g.searched[s] == v] += 1
    assert marked[True, False] > 10 and marked[False, False] > 10
