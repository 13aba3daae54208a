"""Every private item of Maul of America is seen only by the seats allowed to see it.

Each test finds states in seeded random games (2-5 players) where a secret exists,
clones them, changes only the secret in the clone and compares what every seat
sees: its observation, its ansi view, and the spectator's ansi view and picture.
The central state vector must see every change.  The last tests play the same
actions from two such states and check that the decisions posed, and the masks
shown, never tell them apart.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tests.games.maul_of_america.twins import DECKS
from zombie_envs.games.maul_of_america.actions import A_BITE, A_NO, A_YES
from zombie_envs.games.maul_of_america.cards import DODGE, SHOPPER_CARDS, ZOMBIE_CARDS
from zombie_envs.games.maul_of_america.declaration import KIND
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.games.maul_of_america.observe import Visible
from zombie_envs.games.maul_of_america.seats import ZC
from zombie_envs.games.maul_of_america.text import ansi
from zombie_envs.maul_of_america_v0 import raw_env
from zombie_envs.testing import (
    Dice,
    check_env_views,
    check_hidden_from_all,
    check_leak_tests,
    check_secret,
    find_states,
    leak_test,
    live_states,
    posed,
    same_decisions,
)

GAMES = 40


def setup_of(seed: int) -> tuple[int, dict]:
    """Player count and options of seeded game ``seed``."""
    return 2 + seed % 4, {"map_draft": "play" if seed % 5 == 4 else "random"}


def find(pred, count=4, spread=True):
    """States of seeded random games where ``pred`` holds, from depths that vary
    with the seed when ``spread``."""
    states = live_states(MaulOfAmerica, range(GAMES), setup_of, (37, 200) if spread else None)
    return find_states(states, pred, count)


def deck_of(g, seat: int) -> list[int]:
    """The deck a seat's hand is dealt from: Zombie cards for the ZC, else Shopper cards."""
    return g.zdeck if seat == ZC else g.sdeck


def card_pair(g, seat: int):
    """A kind the seat holds and another kind its deck holds, or None."""
    hand, deck = g.hands[seat], deck_of(g, seat)
    for old in ZOMBIE_CARDS if seat == ZC else SHOPPER_CARDS:
        if hand[old]:
            for new in deck:
                if new != old:
                    return old, new
    return None


def change_card(c, seat: int, old: int, new: int) -> None:
    """Seat ``seat`` holds a ``new`` card where it held an ``old`` one; its deck
    makes up, and a pending decision is asked again from the new hand."""
    c.hands[seat][old] -= 1
    c.hands[seat][new] += 1
    deck = deck_of(c, seat)
    deck[deck.index(new)] = old
    c.pose_again()


# ----- hands -----------------------------------------------------------------

HOLDERS = {
    "acting Shopper": lambda g: [g.current_player] if g.current_player != ZC else [],
    "waiting Shopper": lambda g: [s for s in g.shoppers() if s != g.current_player],
    "acting ZC": lambda g: [ZC] if g.current_player == ZC else [],
    "waiting ZC": lambda g: [ZC] if g.current_player != ZC else [],
}


def holder(g, who: str) -> int | None:
    return next((s for s in HOLDERS[who](g) if card_pair(g, s)), None)


@leak_test("hand")
@pytest.mark.parametrize("who", list(HOLDERS))
def test_hand(who):
    for i, g in enumerate(find(lambda g: holder(g, who) is not None)):
        seat = holder(g, who)
        c = g.clone()
        change_card(c, seat, *card_pair(g, seat))
        check_secret(g, c, {seat}, picture=i == 0, seers_text=True)


def test_hand_sizes_are_public():
    for g in find(lambda g: holder(g, "waiting Shopper") is not None, count=2):
        seat = holder(g, "waiting Shopper")
        c = g.clone()
        old, _ = card_pair(g, seat)
        c.hands[seat][old] -= 1
        c.sdiscard.append(old)
        for s in range(g.num_players):
            assert not np.array_equal(g.observation(s), c.observation(s))
        assert ansi(g, None) != ansi(c, None)


# ----- the decks -------------------------------------------------------------


@leak_test("deck")
@pytest.mark.parametrize("deck", DECKS)
def test_deck_order(deck):
    for i, g in enumerate(find(lambda g: len(set(getattr(g, deck))) >= 2, count=6)):
        c = g.clone()
        cards = getattr(c, deck)
        setattr(c, deck, cards[1:] + cards[:1])
        assert getattr(c, deck) != getattr(g, deck)
        check_hidden_from_all(g, c, picture=i == 0)


@pytest.mark.parametrize("deck", DECKS)
def test_state_vector_sees_the_deck_composition(deck):
    for g in find(lambda g: len(set(getattr(g, deck))) >= 2, count=2):
        c = g.clone()
        cards = getattr(c, deck)
        cards[0] = next(k for k in cards if k != cards[0])
        assert not np.array_equal(g.state_vector(), c.state_vector())
        for s in range(g.num_players):
            assert np.array_equal(g.observation(s), c.observation(s))


# ----- secrets must not leak through the decisions posed --------------------------


def test_hands_do_not_leak_through_the_decisions_posed():
    """Two states differing only in one card of one hand (a Shopper's or the ZC's)
    pose the same decisions to the same seats as long as the same actions are played."""
    leaks, exercised, tried = [], Counter(), 0
    for seed in range(16):
        n, options = setup_of(seed)
        g = MaulOfAmerica(n, seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while not g.terminal and len(leaks) < 3:
            if step % 30 == 15:
                who = list(HOLDERS)[tried % len(HOLDERS)]
                seat = holder(g, who)
                if seat is not None:
                    tried += 1
                    pair = card_pair(g, seat)
                    a, b = g.clone(), g.clone()
                    change_card(b, seat, *pair)
                    leak = same_decisions(a, b, random.Random(step), 150, exercised)
                    if leak:
                        leaks.append(f"seed {seed} step {step}: seat {seat} {pair}: {leak}")
            g.apply(rng.choice(g.legal))
            step += 1
    assert not leaks, "hands leak through the decisions posed:\n" + "\n".join(leaks)
    assert tried > 60
    assert {KIND.act, KIND.command} <= set(exercised), exercised


def with_dodge(g, seat: int, dodge: bool):
    """A copy where ``seat`` holds a Dodge (``dodge``) or none, the deck making up."""
    c = g.clone()
    hand = c.hands[seat]
    if dodge and not hand[DODGE]:
        change_card(c, seat, next(k for k in SHOPPER_CARDS if hand[k]), DODGE)
    while not dodge and hand[DODGE]:
        change_card(c, seat, DODGE, next(k for k in c.sdeck if k != DODGE))
    return c


def bite_victim(g) -> int:
    return min(g.legal) - A_BITE + 1


def test_the_dodge_question_is_asked_with_or_without_a_dodge():
    """A bitten Shopper is asked whether it dodges whatever its hand holds: two
    states differing only in whether it holds a Dodge pose the same decision to
    the same seat, which only the Dodge holder may answer yes."""

    def pred(g):
        if g.decision != KIND.bite:
            return False
        hand = g.hands[bite_victim(g)]
        return any(hand[k] for k in SHOPPER_CARDS if k != DODGE) and {DODGE} < set(g.sdeck)

    states = find(pred, count=6, spread=False)
    for g in states:
        victim = bite_victim(g)
        without, holding = with_dodge(g, victim, False), with_dodge(g, victim, True)
        for x in (without, holding):
            x.rng = Dice(5)  # the zombie rolls a 6: a hit
            x.apply(A_BITE + victim - 1)
            assert posed(x) == (victim, KIND.dodge, False)
        assert without.legal == [A_NO] and holding.legal == [A_YES, A_NO]
        for s in range(g.num_players):
            if s != victim:
                assert np.array_equal(without.observation(s), holding.observation(s))
    assert len(states) >= 4


def test_the_mask_of_a_pending_decision_is_shown_to_its_seat_only():
    """Where the deciding seat's options follow from its hand (cards to play, a
    Dodge), every other seat gets an all-zero mask and the same observation from
    twin states whose options differ; the deciding seat gets its own options."""

    def pred(g):
        seat = g.current_player
        return (
            g.decision in (KIND.act, KIND.command, KIND.dodge)
            and card_pair(g, seat) is not None
            and g.hands[seat][card_pair(g, seat)[0]] == 1
        )

    states = find(pred, count=8)
    kinds = Counter()
    for g in states:
        seat = g.current_player
        c = g.clone()
        change_card(c, seat, *card_pair(g, seat))
        assert c.legal != g.legal
        kinds[g.decision] += 1
        check_env_views(raw_env, g, c, seat)
    assert {KIND.act, KIND.command} <= set(kinds), kinds


def test_every_secret_of_the_visibility_model_has_a_leak_test():
    check_leak_tests(Visible, globals())
