"""Mall Walkers played on the board: every choice about a place names a place the
picture marks, with the places its preview lights up; typed moves take compass
words and square names; and the story speaks in squares as the boards label them."""

from __future__ import annotations

import random
import re
from collections import Counter

from zombie_envs.core.narration import narrator_of, pick, story
from zombie_envs.games.zombies_mall_walkers import picture
from zombie_envs.games.zombies_mall_walkers.declaration import KIND
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.games.zombies_mall_walkers.places import square
from zombie_envs.web.svg import SvgCanvas

GAMES = ((2, "standard", 1), (3, "keys", 2), (4, "search_and_rescue", 3), (6, "keys", 4))
#: decisions whose every choice points at something on the board
ON_THE_BOARD = {KIND.place_tile, KIND.move, KIND.move_zombies, KIND.target, KIND.pick}


def decisions(moves: int = 700):
    """Seeded random games of every scenario: the states where a seat decides."""
    for n, scenario, seed in GAMES:
        g = MallWalkers(n, seed=seed, scenario=scenario)
        rng = random.Random(seed)
        for _ in range(moves):
            if g.terminal:
                break
            yield g
            g.apply(rng.choice(g.legal))


def test_every_choice_about_a_place_names_a_place_the_picture_marks():
    kinds, placed = Counter(), 0
    for k, g in enumerate(decisions()):
        if k % 3:
            continue
        places = picture.draw(g, g.current_player).places
        for choice in narrator_of(g).choices(g):
            if choice.place:
                assert choice.place in places, (g.decision, choice)
                placed += 1
            missing = [key for key in choice.preview if key not in places]
            assert not missing, (g.decision, choice, missing)
            if g.decision in ON_THE_BOARD:
                assert choice.place, (g.decision, choice)
        kinds[g.decision] += 1
    assert placed > 2000
    assert set(kinds) >= set(KIND) - {KIND.pick, KIND.duel, KIND.start_move}, kinds


def test_the_svg_marks_the_same_places_as_the_raster():
    for k, g in enumerate(decisions(200)):
        if k % 25 == 0:
            seat = g.current_player
            assert picture.draw(g, seat, SvgCanvas).places == picture.draw(g, seat).places


def test_the_turns_of_a_tile_share_its_slot_and_preview_where_its_halls_end():
    seen = 0
    for g in decisions(300):
        if g.decision != KIND.place_tile:
            continue
        by_slot: dict[str, list] = {}
        for choice in narrator_of(g).choices(g):
            assert choice.place.startswith("tile")
            by_slot.setdefault(choice.place, []).append(choice)
        for choices in by_slot.values():
            texts = [c.text for c in choices]
            previews = [c.preview for c in choices]
            assert len(set(texts)) == len(texts), texts  # the turns read differently
            assert len(set(previews)) == len(previews), texts
            seen += len(choices) > 1
    assert seen > 10


def test_a_step_lights_up_where_the_pawn_goes_and_stopping_is_its_own_square():
    seen = 0
    for g in decisions():
        if g.decision != KIND.move:
            continue
        here = square(g.mall, g.pos[g.active])
        for choice in narrator_of(g).choices(g):
            if choice.key == "stop":
                assert choice.place == here
            else:
                assert choice.preview == (here, choice.place) and choice.place != here
                assert choice.detail.startswith(f"{g.moves_left - 1} move")
            seen += 1
    assert seen > 200


def test_compass_words_and_square_names_pick_a_move():
    seen = 0
    for g in decisions():
        if g.decision not in (KIND.move, KIND.move_zombies, KIND.start_move):
            continue
        choices = narrator_of(g).choices(g)
        for choice in choices:
            for typed in (choice.key, *choice.names):
                assert pick(typed, choices) == choice, (typed, choice)
            if g.decision == KIND.move and choice.key != "stop":
                word = {"n": "north", "e": "east", "s": "south", "w": "west"}[choice.key]
                assert pick(word.upper(), choices) == choice
                assert pick(choice.place, choices) == choice
            seen += 1
    assert seen > 500


def test_the_story_names_squares_as_the_board_does_and_dice_by_their_faces():
    """No ``(-2,5)`` coordinates, arrows or names with underscores but the seats';
    every roll told with its number."""
    for n, scenario, seed in GAMES[:3]:
        g = MallWalkers(n, seed=seed, scenario=scenario)
        rng = random.Random(seed)
        rolls = 0
        while not g.terminal:
            action = rng.choice(g.legal)
            lines = story(g, action, 0) + [narrator_of(g).phase(g, 0)]
            lines += [c.text + " " + c.detail for c in narrator_of(g).choices(g)]
            for line in lines:
                assert not re.search(r"\(-?\d+,-?\d+\)|->", line), line
                assert not re.search(r"(?<!player)_", line), line
                if " rolled" in line and "Luck" not in line:
                    assert re.search(r"rolled \d", line), line
                    rolls += 1
            g.apply(action)
        assert rolls > 20
