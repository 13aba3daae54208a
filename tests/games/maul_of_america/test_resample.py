"""``resample(seat, rng)``: a Maul of America state the seat cannot tell from the
true one, with the hands it may not see and the order of the three decks
redrawn.  Checked at random positions of every player count (``check_resample``)."""

from __future__ import annotations

import pytest

from zombie_envs.core.deck import from_counts
from zombie_envs.games.maul_of_america.actions import A_CARD, A_YES
from zombie_envs.games.maul_of_america.cards import (
    DODGE,
    HAND_NAMES,
    SHOPPER_CARDS,
    ZOMBIE_CARDS,
    search_deck,
    shopper_deck,
    zombie_deck,
)
from zombie_envs.games.maul_of_america.declaration import KIND
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.games.maul_of_america.seats import ZC
from zombie_envs.testing import check_resample


def other_shoppers(g, seat):
    return [s for s in g.shoppers() if s != seat]


HIDDEN = {
    "other Shoppers' hands": lambda g, seat: [g.hands[s] for s in other_shoppers(g, seat)],
    "Zombie cards": lambda g, seat: None if seat == ZC else g.hands[ZC],
    "Shopper deck order": lambda g, seat: g.sdeck,
    "Zombie deck order": lambda g, seat: g.zdeck,
    "Search deck order": lambda g, seat: g.search,
}


def check_posed_from_hand(g):
    """The cards the pending decision offers are those the deciding hand holds
    (a redrawn hand must be asked again)."""
    hand = g.hands[g.current_player] if g.decision else []
    if g.decision in (KIND.act, KIND.command):
        offered = {a - A_CARD for a in g.legal if A_CARD <= a < A_CARD + len(HAND_NAMES)}
        held = {k for k, count in enumerate(hand) if count} - {DODGE}
        assert offered == held, (g.decision, offered, held)
    elif g.decision == KIND.dodge:
        assert (A_YES in g.legal) == bool(hand[DODGE])


def kept(g, seat):
    """What the seat saw and no redraw may change, with every card of the three
    decks accounted for, each hand holding its own deck's cards only and the
    pending decision offering the cards its hand holds."""
    check_posed_from_hand(g)
    shopper_hands = [c for s in g.shoppers() for c in from_counts(g.hands[s])]
    zc_hand = from_counts(g.hands[ZC])
    in_play = [kind for items in g.items for kind, _ in items]
    assert sorted(g.search + g.search_discard + in_play) == sorted(search_deck())
    assert sorted(g.sdeck + shopper_hands + g.sdiscard) == sorted(shopper_deck())
    assert sorted(g.zdeck + zc_hand + g.zdiscard) == sorted(zombie_deck())
    assert all(c in SHOPPER_CARDS for c in shopper_hands)
    assert all(c in ZOMBIE_CARDS for c in zc_hand)
    return (
        g.hands[seat],
        [sum(hand) for hand in g.hands],
        sorted(g.search_discard),
        sorted(g.sdiscard),
        sorted(g.zdiscard),
        g.items,
        (len(g.search), len(g.sdeck), len(g.zdeck)),
    )


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_a_resample_looks_the_same_to_the_seat_and_redraws_what_it_cannot_see(num_players):
    varied = check_resample(MaulOfAmerica, num_players, range(2), HIDDEN, kept, every=23)
    assert set(varied) == set(HIDDEN), f"never redrawn: {set(HIDDEN) - set(varied)}"
