"""``resample(seat, rng)``: a Mall of Horror state the seat cannot tell from the
true one, with every card, ballot, destination and die hidden from it redrawn.
Checked at random positions of every player count (``check_resample``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from zombie_envs.core.deck import counts
from zombie_envs.games.mall_of_horror.data import CARD_COUNTS, NUM_CARDS
from zombie_envs.games.mall_of_horror.engine import MallOfHorror
from zombie_envs.testing import MAX_DECISIONS, check_resample, game_states


def others(g, seat):
    return [s for s in range(g.num_players) if s != seat]


HIDDEN = {
    "other hands": lambda g, seat: [g.hands[s] for s in others(g, seat)],
    "deck order": lambda g, seat: g.deck,
    "truck": lambda g, seat: sorted(g.truck) if g.truck_seat != seat else None,
    "arrival dice": lambda g, seat: g.dice if not g.dice_seen[seat] else None,
    "ballots": lambda g, seat: [g.v_ballots[s] for s in others(g, seat)],
    "destinations": lambda g, seat: [g.dest[s] for s in others(g, seat) if not g.dest_public[s]],
    "gift seen by others": lambda g, seat: g.gift[2] if seat not in g.gift[:2] else None,
}


def kept(g, seat):
    """What the seat saw and no redraw may change, and the cards, all accounted for."""
    given = [g.hands[receiver][card] > 0 for giver, receiver, card in g.gifts if giver == seat]
    bottom = [(i, g.deck[i]) for i, s in enumerate(g.bottomed) if s == seat]
    held = [card for hand in g.hands for card, k in enumerate(hand) for _ in range(k)]
    everywhere = counts(g.deck + g.truck + held, NUM_CARDS)
    if g.gift[0] >= 0 and g.gift[1] < 0:  # given, not yet placed
        everywhere[g.gift[2]] += 1
    everywhere = [a + b for a, b in zip(everywhere, g.discards, strict=True)]
    assert everywhere == list(CARD_COUNTS)
    return given, bottom, g.truck if g.truck_seat == seat else None


@pytest.mark.parametrize("num_players", [3, 4, 5, 6])
def test_a_resample_looks_the_same_to_the_seat_and_redraws_what_it_cannot_see(num_players):
    varied = check_resample(MallOfHorror, num_players, range(4), HIDDEN, kept, every=4)
    assert set(varied) == set(HIDDEN), f"never redrawn: {set(HIDDEN) - set(varied)}"


def states_with_known_cards():
    """States where some seat gave a truck card that the receiver still holds and
    slid a card under the deck."""
    for seed in range(60):
        for g in game_states(MallOfHorror, 3 + seed % 4, seed, MAX_DECISIONS):
            givers = {giver for giver, _, _ in g.gifts} & set(g.bottomed)
            if givers and g.decision is not None:
                yield g.clone(), min(givers)
                break


def test_a_card_the_seat_gave_or_slid_under_the_deck_stays_where_it_went():
    rng = random.Random(0)
    moved_for_others = Counter()
    for g, seat in states_with_known_cards():
        gifts = [(r, c) for giver, r, c in g.gifts if giver == seat]
        bottom = [(i, g.deck[i]) for i, s in enumerate(g.bottomed) if s == seat]
        for _ in range(20):
            r = g.resample(seat, rng)
            assert all(r.hands[receiver][card] for receiver, card in gifts)
            assert all(r.deck[i] == card for i, card in bottom)
            other = g.resample((seat + 1) % g.num_players, rng)
            moved_for_others["bottom"] += any(other.deck[i] != card for i, card in bottom)
            moved_for_others["gift"] += any(
                not other.hands[receiver][card] for receiver, card in gifts
            )
    assert moved_for_others["bottom"] and moved_for_others["gift"], moved_for_others
