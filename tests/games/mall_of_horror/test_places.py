"""Mall of Horror played on the board: every choice about something the picture
shows names a place the deciding seat's picture marks, and what it lights up is
marked too; the seat's own picture shows its hand and nothing of another seat's
secrets; typed colours and location names pick exactly."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tests.games.mall_of_horror.twins import twin
from zombie_envs.core.narration import pick
from zombie_envs.games.mall_of_horror import picture, places
from zombie_envs.games.mall_of_horror.data import COLOURS, LOCATION_NAMES, PARKING
from zombie_envs.games.mall_of_horror.declaration import KIND
from zombie_envs.games.mall_of_horror.engine import MallOfHorror
from zombie_envs.games.mall_of_horror.narrate import NARRATOR
from zombie_envs.testing import state_clones
from zombie_envs.web.svg import SvgCanvas


def decisions(num_players: int, seed: int, every: int = 1):
    return (g for g in state_clones(MallOfHorror, num_players, seed, every) if not g.terminal)


def test_every_choice_about_the_board_names_a_place_the_picture_marks():
    kinds = Counter()
    for seed in range(12):
        for g in decisions(3 + seed % 4, seed=40 + seed):
            marked = picture.draw(g, g.current_player, SvgCanvas).places
            for choice in NARRATOR.choices(g):
                if choice.text == "pass":
                    assert choice.place == "" and choice.preview == ()
                    continue
                assert choice.place in marked, f"{g.decision}: {choice} names an unmarked place"
                assert choice.place in choice.preview
                unmarked = set(choice.preview) - set(marked)
                assert not unmarked, f"{g.decision}: {choice.text} lights up {unmarked}"
                kinds[g.decision] += 1
    assert set(kinds) >= set(KIND) - {KIND.threat, KIND.camera}, sorted(set(KIND) - set(kinds))


def test_both_canvases_mark_the_same_places_and_inside_the_picture():
    for g in decisions(6, seed=5, every=7):
        raster = picture.draw(g, g.current_player).places
        assert raster == picture.draw(g, g.current_player, SvgCanvas).places
        for key, (x, y, w, h, label) in raster.items():
            assert x >= 0 and y >= 0, key
            assert x + w <= picture.WIDTH and y + h <= picture.HEIGHT, key
            assert label and "_" not in label


def test_a_move_lights_up_where_the_character_ends_up():
    g = next(g for g in decisions(5, seed=3) if g.decision == KIND.move)
    seat = g.current_player
    for choice in NARRATOR.choices(g):
        if choice.place.startswith("loc"):  # a Sprint: the new destination
            assert choice.text.startswith("play Sprint")
            continue
        character, goes = choice.preview
        assert character == choice.place
        assert goes in (places.location(g.dest[seat]), places.location(PARKING))
        assert f"goes to {goes[3:]} " in choice.detail


def test_a_ballot_lights_up_the_colour_and_its_characters_where_the_vote_is():
    g = next(g for g in decisions(5, seed=3) if g.decision == KIND.ballot)
    for choice in NARRATOR.choices(g):
        target = COLOURS.index(choice.place)
        lit = {places.character(c) for c in range(len(g.loc)) if g.loc[c] == g.v_loc}
        assert set(choice.preview[1:]) <= lit and choice.preview[0] == places.seat(target)
        assert any(p.startswith(COLOURS[target]) for p in choice.preview[1:])


def test_the_hand_strip_shows_the_seats_own_cards_as_places():
    for g in decisions(4, seed=8, every=9):
        for seat in range(g.num_players):
            marked = picture.draw(g, seat, SvgCanvas).places
            held = {places.card(k) for k, n in enumerate(g.hands[seat]) if n}
            assert {key for key in marked if key.startswith("hand-")} == held
        spectator = picture.draw(g, None, SvgCanvas).places
        assert not any(key.startswith(("hand-", "truck-")) for key in spectator)


@pytest.mark.parametrize("num_players", [3, 6])
def test_a_seats_picture_shows_none_of_the_secrets_it_may_not_see(num_players):
    rng = random.Random(num_players)
    changed = Counter()
    for g in decisions(num_players, seed=22, every=3):
        seat = rng.randrange(num_players)
        h, secrets = twin(g, seat, rng)
        changed.update(secrets)
        np.testing.assert_array_equal(picture.draw(g, seat).pixels, picture.draw(h, seat).pixels)
        mine = g.clone()
        if sum(mine.hands[seat]):
            mine.hands[seat] = mine.hands[seat][1:] + mine.hands[seat][:1]
            if mine.hands[seat] != g.hands[seat]:
                assert (picture.draw(mine, seat).pixels != picture.draw(g, seat).pixels).any()
    assert {"hand", "destination", "deck"} <= set(changed), changed


def test_a_colour_or_a_location_typed_whole_picks_it():
    g = next(g for g in decisions(6, seed=2) if g.decision == KIND.ballot)
    choices = NARRATOR.choices(g)
    for choice in choices:
        colour = choice.place
        assert pick(colour, choices) is choice  # "blue" and "black" both start "bl"
        assert pick(colour.upper(), choices) is choice
    g = next(g for g in decisions(6, seed=2) if g.decision == KIND.destination)
    choices = NARRATOR.choices(g)
    for choice in choices:
        L = int(choice.key) - 1
        assert pick(LOCATION_NAMES[L], choices) is choice
        assert pick(f"{L + 1} {LOCATION_NAMES[L]}", choices) is choice
        assert pick(str(L + 1), choices) is choice
