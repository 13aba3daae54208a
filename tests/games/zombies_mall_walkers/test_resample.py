"""``resample(seat, rng)``: a Mall Walkers state the seat cannot tell from the true one,
with the hands it may not see and the order of the event deck and of the tile stack
redrawn.  Checked with the shared ``check_resample`` (the seat's observation, text
view and legal actions stay) at random positions of every player count."""

from __future__ import annotations

import pytest

from zombie_envs.core.deck import from_counts
from zombie_envs.games.zombies_mall_walkers.cards import event_deck
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.games.zombies_mall_walkers.mall import ALL_TILES, HELIPAD
from zombie_envs.testing import check_resample

HIDDEN = {
    "other hands": lambda g, seat: [h for s, h in enumerate(g.hands) if s != seat],
    "deck order": lambda g, seat: g.deck,
    "stack order": lambda g, seat: g.stack,
}


def kept(g, seat):
    """What the seat saw and no redraw may change, with every event card and every
    tile accounted for."""
    cards = g.deck + g.discard + [c for s in range(g.num_players) for c in from_counts(g.hands[s])]
    cards += [c for s in range(g.num_players) for c in from_counts(g.items[s])]
    cards += [g.card] if g.card >= 0 else []
    assert sorted(cards) == sorted(event_deck())
    placed = [t[0] for t in g.tiles] + g.lost_tiles + ([g.drawn] if g.drawn >= 0 else [])
    assert sorted(g.stack + placed) == sorted(ALL_TILES)
    return (
        g.hands[seat],
        [sum(hand) for hand in g.hands],
        g.items,
        sorted(g.discard),
        sorted(g.stack),
        len(g.deck),
        g.options["helipad"] == "bottom" and g.stack[:1] == [HELIPAD],
    )


@pytest.mark.parametrize("num_players", [2, 4, 6])
def test_a_resample_looks_the_same_to_the_seat_and_redraws_what_it_cannot_see(num_players):
    scenario = {2: "standard", 4: "search_and_rescue", 6: "keys"}[num_players]
    varied = check_resample(
        MallWalkers, num_players, range(2), HIDDEN, kept, every=61, scenario=scenario
    )
    assert set(varied) == set(HIDDEN), f"never redrawn: {set(HIDDEN) - set(varied)}"


def test_a_helipad_known_to_lie_at_the_bottom_stays_there():
    varied = check_resample(MallWalkers, 3, range(1), HIDDEN, kept, every=23, helipad="bottom")
    assert varied["stack order"]
