"""Dice and decks: every draw of every game comes from the engine's generator,
in a fixed order, so a seed fixes a game and a clone rolls the same dice."""

from __future__ import annotations

import random

import pytest

from zombie_envs.core import deck, dice
from zombie_envs.core.chance import ChanceLog
from zombie_envs.games.mall_of_horror import MallOfHorror
from zombie_envs.games.we_are_dead import WeAreDead
from zombie_envs.testing import Dice, random_play


def test_a_die_is_one_draw_from_zero_to_sides_minus_one():
    rolls = [dice.roll(random.Random(s), 6) for s in range(200)]
    assert set(rolls) == set(range(6))
    rng, twin = random.Random(3), random.Random(3)
    assert dice.roll_dice(rng, 4, 6) == [twin.randrange(6) for _ in range(4)]
    assert rng.getstate() == twin.getstate()


def test_pick_is_a_die_with_a_face_per_item():
    items = ["a", "b", "c"]
    rng, twin = random.Random(5), random.Random(5)
    assert [dice.pick(rng, items) for _ in range(20)] == [
        items[twin.randrange(3)] for _ in range(20)
    ]


def test_a_deck_from_counts_holds_each_kind_that_often():
    assert deck.from_counts([2, 0, 1, 3]) == [0, 0, 2, 3, 3, 3]


def test_shuffled_is_one_shuffle_of_the_same_list():
    cards = deck.from_counts([3, 3, 3])
    expected = list(cards)
    random.Random(9).shuffle(expected)
    assert deck.shuffled(random.Random(9), cards) is cards and cards == expected


def test_draw_and_deal_take_the_top_which_is_the_end():
    d = [1, 2, 3, 4]
    assert deck.draw(d) == 4 and d == [1, 2, 3]
    assert deck.deal(d, 2) == [3, 2] and d == [1]
    assert deck.deal(d, 5) == [1] and d == []


def test_to_bottom_keeps_the_order_under_the_deck():
    d = [5, 6]
    deck.to_bottom(d, [1, 2])
    assert d == [1, 2, 5, 6] and deck.draw(d) == 6


def test_reshuffle_turns_the_discard_pile_into_the_deck():
    d, discard = [], [1, 2, 3, 4, 5]
    expected = list(discard)
    random.Random(2).shuffle(expected)
    deck.reshuffle(random.Random(2), d, discard)
    assert d == expected and discard == []


def test_redeal_fills_each_place_with_cards_it_accepts_and_uses_every_card():
    cards = [0, 0, 1, 2, 2, 3, 3, 3]
    seen = set()
    for seed in range(200):
        small, big, rest = deck.redeal(
            random.Random(seed), cards, [(1, lambda c: c >= 2), (3, lambda c: c >= 1), (4, None)]
        )
        assert small[0] >= 2 and min(big) >= 1 and sorted(small + big + rest) == cards
        seen.add(small[0])
    assert seen == {2, 3}


def test_redeal_refuses_places_the_cards_cannot_fill():
    with pytest.raises(ValueError, match="more hidden places"):
        deck.redeal(random.Random(0), [0, 1], [(2, lambda c: c == 1)])
    with pytest.raises(ValueError, match="left over"):
        deck.redeal(random.Random(0), [0, 1], [(1, None)])


def test_counts_is_a_hand_as_the_state_keeps_it():
    assert deck.counts([2, 0, 2], 4) == [1, 0, 2, 0]
    assert deck.from_counts(deck.counts([3, 1, 1], 4)) == [1, 1, 3]


@pytest.mark.parametrize("engine_cls", [MallOfHorror, WeAreDead])
def test_a_chance_log_draws_what_the_seed_draws_and_notes_each_draw(engine_cls):
    log = ChanceLog(5)
    logged, plain = engine_cls(3, seed=5, rng=log), engine_cls(3, seed=5)
    assert log.events[0] == ("die", 3, plain.order()[0])
    random_play(logged, random.Random(1))
    random_play(plain, random.Random(1))
    assert logged.to_dict() == plain.to_dict() and len(log.events) > 10


def test_a_test_scripts_the_set_up_draws_through_the_constructor():
    g = MallOfHorror(3, rng=Dice(2, 4, 1))  # first player, then the first placement dice
    assert g.first_player == 2 and g.current_player == 2 and g.place_dice == [4, 1]
