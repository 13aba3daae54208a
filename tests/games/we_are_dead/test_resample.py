"""``resample(seat, rng)``: a We Are Dead state the seat cannot tell from the true
one, with other hands, face-down heroes, the deck and unflipped shopper tokens
redrawn.  Checked at random positions of every player count (``check_resample``)."""

from __future__ import annotations

import pytest

from zombie_envs.games.we_are_dead.data import HAND_KINDS, deck_cards
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.testing import check_resample


def others(g, seat):
    return [s for s in range(g.num_players) if s != seat]


def unflipped(g):
    flipped = {g.a_node, *g.h_targets}
    return [value for v, value in enumerate(g.token) if value and v not in flipped]


HIDDEN = {
    "other hands": lambda g, seat: [g.hands[s] for s in others(g, seat)],
    "face-down heroes": lambda g, seat: [g.facedown[s] for s in others(g, seat)],
    "deck order": lambda g, seat: g.deck,
    "unflipped shopper tokens": lambda g, seat: unflipped(g),
}


def kept(g, seat):
    """What the seat saw and no redraw may change, and every card and token accounted for."""
    held = [card for hand in g.hands for card, k in enumerate(hand) for _ in range(k)]
    down = [hero for hero in g.facedown if hero >= 0]
    assert sorted(g.deck + held + down + g.discard + g.in_attack) == sorted(deck_cards())
    hordes_in_deck = sum(card >= HAND_KINDS for card in g.deck)
    return g.facedown[seat], hordes_in_deck, sorted(unflipped(g) + g.pool)


def hero_down(g):
    return max(g.facedown) >= 0


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_a_resample_looks_the_same_to_the_seat_and_redraws_what_it_cannot_see(num_players):
    varied = check_resample(
        WeAreDead, num_players, range(2), HIDDEN, kept, every=25, also=hero_down
    )
    expected = set(HIDDEN)
    if num_players == 2:  # the one opponent's hero is fought at once: never face down at a decision
        expected.remove("face-down heroes")
    assert set(varied) == expected, f"never redrawn: {expected - set(varied)}"


def test_shopper_tokens_still_to_place_are_redrawn_too():
    hidden = {"tokens to place": lambda g, seat: g.pool}
    varied = check_resample(
        WeAreDead, 3, range(2), hidden, kept, every=3, shopper_placement="turns"
    )
    assert varied["tokens to place"] > 0
