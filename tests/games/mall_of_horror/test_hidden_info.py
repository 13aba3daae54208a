"""Every private item of Mall of Horror is seen only by the seats allowed to see it.

Each test finds states in seeded random games where a secret exists, clones
them, changes only the secret in the clone and compares what every seat sees:
its observation, its ansi view, and the spectator's ansi view and picture.
The central state vector must see every change.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from zombie_envs.games.mall_of_horror.actions import A_GIVE, A_KEEP
from zombie_envs.games.mall_of_horror.data import CAMERA, CARD_COUNTS, NUM_CARDS, NUM_LOCATIONS
from zombie_envs.games.mall_of_horror.engine import MallOfHorror
from zombie_envs.games.mall_of_horror.observe import Visible
from zombie_envs.games.mall_of_horror.text import ansi
from zombie_envs.testing import (
    check_hidden_from_all,
    check_leak_tests,
    find_states,
    leak_test,
    live_states,
    swap_with_deck,
)
from zombie_envs.testing import check_secret as shared_check

GAMES = 400


def find(pred, count=4):
    """States of seeded random games (3 to 6 players in turn) where ``pred`` holds."""
    return find_states(live_states(MallOfHorror, range(GAMES), _setup), pred, count)


def _setup(seed: int) -> tuple[int, dict]:
    return 3 + seed % 4, {}


def check_secret(g, c, seers, picture=False):
    shared_check(g, c, seers, picture=picture)


def other_kind(c, kind):
    """A card kind other than ``kind`` that the deck still holds."""
    return next(k for k in c.deck if k != kind)


def has_other_kind(g, kind):
    return any(k != kind for k in g.deck)


# ----- hands ----------------------------------------------------------------


@leak_test("hand")
@pytest.mark.parametrize("who", ["next", "acting"])
def test_hand(who):
    def holder(g):
        return g.current_player if who == "acting" else (g.current_player + 1) % g.num_players

    def pred(g):
        hand = g.hands[holder(g)]
        return any(hand) and any(k for k in g.deck if not hand[k])

    for i, g in enumerate(find(pred, count=6)):
        seat = holder(g)
        c = g.clone()
        old = next(k for k, v in enumerate(c.hands[seat]) if v)
        new = next(k for k in c.deck if not c.hands[seat][k])
        c.hands[seat][old] -= 1
        c.hands[seat][new] += 1
        swap_with_deck(c, old, new)
        check_secret(g, c, {seat}, picture=i == 0)
        assert ansi(g, seat) != ansi(c, seat)


# ----- the truck ------------------------------------------------------------


@leak_test("truck")
@pytest.mark.parametrize("kind", ["keep", "give"])
def test_cards_drawn_from_the_truck(kind):
    def pred(g):
        return g.decision == kind and has_other_kind(g, g.truck[0])

    for i, g in enumerate(find(pred)):
        seat = g.truck_seat
        assert seat == g.current_player
        c = g.clone()
        old = c.truck[0]
        new = other_kind(c, old)
        c.truck[0] = new
        swap_with_deck(c, old, new)
        base = A_KEEP if kind == "keep" else A_GIVE
        c.legal = [base + k for k in sorted(set(c.truck))]
        check_secret(g, c, {seat}, picture=i == 0)


def test_card_given_before_the_receiver_is_chosen():
    def pred(g):
        return g.decision == "give_to" and has_other_kind(g, g.gift[2])

    for i, g in enumerate(find(pred)):
        giver, receiver, old = g.gift
        assert giver == g.current_player and receiver == -1
        c = g.clone()
        new = other_kind(c, old)
        c.gift[2] = new
        swap_with_deck(c, old, new)
        check_secret(g, c, {giver}, picture=i == 0)


@leak_test("gift_card")
def test_card_given_is_seen_by_giver_and_receiver_only():
    def pred(g):
        giver, receiver, card = g.gift
        return receiver >= 0 and g.hands[receiver][card] > 0 and has_other_kind(g, card)

    for i, g in enumerate(find(pred)):
        giver, receiver, old = g.gift
        c = g.clone()
        new = other_kind(c, old)
        c.gift[2] = new
        c.hands[receiver][old] -= 1
        c.hands[receiver][new] += 1
        swap_with_deck(c, old, new)
        check_secret(g, c, {giver, receiver}, picture=i == 0)


def test_who_gave_to_whom_is_public():
    g = find(lambda g: g.gift[1] >= 0, count=1)[0]
    c = g.clone()
    giver, receiver, card = c.gift
    new = next(s for s in range(c.num_players) if s not in (giver, receiver))
    c.gift[1] = new
    c.hands[receiver][card] -= 1
    c.hands[new][card] += 1
    for s in range(g.num_players):
        assert not np.array_equal(g.observation(s), c.observation(s))


# ----- the arrival dice -------------------------------------------------------


def change_dice(c):
    c.dice[0] = (c.dice[0] + 1) % NUM_LOCATIONS


def pending_dice(g):
    return g.dice[0] >= 0


@leak_test("arrival_dice")
def test_dice_nobody_looked_at():
    gs = find(lambda g: pending_dice(g) and not any(g.dice_seen))
    for i, g in enumerate(gs):
        c = g.clone()
        change_dice(c)
        check_secret(g, c, set(), picture=i == 0)


def test_dice_seen_by_the_chief_elected_this_round():
    def pred(g):
        return pending_dice(g) and g.chief_elected and sum(g.dice_seen) == 1

    for i, g in enumerate(find(pred)):
        assert g.dice_seen[g.chief] == 1
        c = g.clone()
        change_dice(c)
        check_secret(g, c, {g.chief}, picture=i == 0)
        assert ansi(g, g.chief) != ansi(c, g.chief)


def test_dice_seen_with_a_security_camera():
    def pred(g):
        return pending_dice(g) and any(
            g.dice_seen[s] and g.played[s][CAMERA] and not (g.chief_elected and s == g.chief)
            for s in range(g.num_players)
        )

    for i, g in enumerate(find(pred)):
        seers = {s for s in range(g.num_players) if g.dice_seen[s]}
        c = g.clone()
        change_dice(c)
        check_secret(g, c, seers, picture=i == 0)


def test_dice_are_not_seen_by_an_unelected_chief():
    def pred(g):
        return pending_dice(g) and not g.chief_elected and not g.dice_seen[g.chief]

    for g in find(pred):
        c = g.clone()
        change_dice(c)
        seers = {s for s in range(g.num_players) if g.dice_seen[s]}
        assert g.chief not in seers
        check_secret(g, c, seers)


# ----- secret ballots ---------------------------------------------------------


@leak_test("ballot")
def test_pending_ballot_is_secret_even_from_seats_that_voted():
    def pred(g):
        voted = [s for s in range(g.num_players) if g.v_ballots[s] >= 0]
        return g.decision == "ballot" and len(voted) >= 2

    for i, g in enumerate(find(pred)):
        voted = [s for s in range(g.num_players) if g.v_ballots[s] >= 0]
        seat = voted[0]
        c = g.clone()
        c.v_ballots[seat] = next(x for x in c.v_candidates if x != c.v_ballots[seat])
        check_secret(g, c, {seat}, picture=i == 0)
        assert any(s != seat for s in voted)


def test_pending_ballot_is_secret_from_the_next_voter():
    def pred(g):
        return g.decision == "ballot" and any(
            g.v_ballots[s] >= 0 for s in range(g.num_players) if s != g.current_player
        )

    for g in find(pred):
        seat = next(s for s in range(g.num_players) if g.v_ballots[s] >= 0)
        c = g.clone()
        c.v_ballots[seat] = next(x for x in c.v_candidates if x != c.v_ballots[seat])
        check_secret(g, c, {seat})


def test_ballots_are_public_after_the_tally():
    def pred(g):
        return g.last_vote[0] >= 0 and g.v_purpose < 0 and sum(b >= 0 for b in g.last_ballots) >= 2

    for g in find(pred):
        seat = next(s for s, b in enumerate(g.last_ballots) if b >= 0)
        c = g.clone()
        c.last_ballots[seat] = (c.last_ballots[seat] + 1) % c.num_players
        for s in range(g.num_players):
            assert not np.array_equal(g.observation(s), c.observation(s))


# ----- destinations -----------------------------------------------------------


def other_destination(c, seat):
    return next(L for L in range(NUM_LOCATIONS) if c.closed[L] == 0 and c.dest[seat] != L)


@leak_test("destination")
def test_secret_destination():
    def pred(g):
        return g.decision == "destination" and any(
            g.dest[s] >= 0 and not g.dest_public[s] for s in range(g.num_players)
        )

    for i, g in enumerate(find(pred, count=6)):
        seat = next(s for s in range(g.num_players) if g.dest[s] >= 0 and not g.dest_public[s])
        c = g.clone()
        c.dest[seat] = other_destination(c, seat)
        check_secret(g, c, {seat}, picture=i == 0)
        assert ansi(g, seat) != ansi(c, seat)


def test_destination_announced_by_the_elected_chief_is_public():
    def pred(g):
        return (
            g.decision == "destination"
            and g.chief_elected
            and g.dest[g.chief] >= 0
            and g.dest_public[g.chief]
        )

    for g in find(pred):
        c = g.clone()
        c.dest[g.chief] = other_destination(c, g.chief)
        for s in range(g.num_players):
            assert not np.array_equal(g.observation(s), c.observation(s))
        for s in [None, *range(g.num_players)]:
            assert ansi(g, s) != ansi(c, s)


def test_destination_of_an_unelected_chief_is_secret():
    def pred(g):
        return g.decision == "destination" and not g.chief_elected and g.dest[g.chief] >= 0

    for g in find(pred):
        assert not g.dest_public[g.chief]
        c = g.clone()
        c.dest[g.chief] = other_destination(c, g.chief)
        check_secret(g, c, {g.chief})


# ----- the deck -----------------------------------------------------------------


@leak_test("deck")
def test_deck_order():
    def pred(g):
        return len(set(g.deck)) >= 2

    for i, g in enumerate(find(pred, count=6)):
        c = g.clone()
        c.deck = c.deck[1:] + c.deck[:1]
        assert c.deck != g.deck
        check_hidden_from_all(g, c, picture=i == 0)


def test_state_vector_sees_the_deck_composition():
    g = find(lambda g: len(g.deck) >= 2, count=1)[0]
    c = g.clone()
    c.deck[0] = (c.deck[0] + 1) % NUM_CARDS
    assert not np.array_equal(g.state_vector(), c.state_vector())
    for s in range(g.num_players):
        assert np.array_equal(g.observation(s), c.observation(s))


# ----- secrets must not leak through who is asked to decide -----------------------


def test_hands_do_not_leak_through_the_decision_sequence():
    """Seats without the card must not be told apart from seats with it by
    which decisions other seats see being posed.  Changing one card of a seat
    that is not to act, then playing the same actions until that seat acts,
    must leave every other seat's observations identical."""
    leaks = []
    tried = 0
    for seed in range(80):
        n = 3 + seed % 4
        g = MallOfHorror(n, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not g.terminal and len(leaks) < 3:
            seat = (g.current_player + 1) % n
            held = [k for k, v in enumerate(g.hands[seat]) if v]
            # a card the seat could hold in its place: not every copy of it played
            turn = [(held[0] + k) % NUM_CARDS for k in range(1, NUM_CARDS)] if held else []
            could = [c for c in turn if g.discards[c] < CARD_COUNTS[c]]
            if step % 5 == 0 and could:
                tried += 1
                a, b = g.clone(), g.clone()
                b.hands[seat][held[0]] -= 1
                b.hands[seat][could[0]] += 1
                follow = random.Random(step)
                for _ in range(40):
                    if a.terminal or a.current_player == seat:
                        break
                    views = [s for s in range(n) if s != seat]
                    bad = [
                        s for s in views if not np.array_equal(a.observation(s), b.observation(s))
                    ]
                    if bad:
                        leaks.append(
                            f"seed {seed}: seat {seat}'s hand {g.hands[seat]} vs {b.hands[seat]} "
                            f"shows to seat {bad[0]}: decision {a.decision!r} of seat "
                            f"{a.current_player} vs {b.decision!r} of seat {b.current_player}"
                        )
                        break
                    action = follow.choice(a.legal)
                    a.apply(action)
                    b.apply(action)
            g.apply(rng.choice(g.legal))
            step += 1
    assert not leaks, "hands leak through the decisions posed:\n" + "\n".join(leaks)
    assert tried > 100


def flip_match(deck, x, y):
    """A deck card to replace ``y`` with so that ``x, y`` switch between
    matching and not matching (None if the deck has none)."""
    if x == y:
        return next((k for k in deck if k != x), None)
    return x if x in deck else None


def test_truck_cards_do_not_leak_through_forced_choices():
    """After the searcher keeps a card, the other seats must not learn whether
    the two cards left are of one kind (a forced give) or of two kinds."""

    def pred(g):
        return g.decision == "keep" and len(g.truck) == 3

    leaks = []
    for g in find(pred, count=40):
        kept, x, y = g.truck
        b = g.clone()
        new = flip_match(b.deck, x, y)
        if new is None:
            continue
        b.truck[2] = new
        swap_with_deck(b, y, new)
        a, truck_a, truck_b = g.clone(), list(g.truck), list(b.truck)
        a.apply(A_KEEP + kept)
        b.apply(A_KEEP + kept)
        for s in range(g.num_players):
            if s != g.truck_seat and not np.array_equal(a.observation(s), b.observation(s)):
                leaks.append(
                    f"seat {s} tells truck {truck_a} from {truck_b} after {kept} is kept: "
                    f"decision {a.decision!r} vs {b.decision!r}"
                )
                break
    assert not leaks, "truck cards leak through forced choices:\n" + "\n".join(leaks[:3])


def test_every_secret_of_the_visibility_model_has_a_leak_test():
    check_leak_tests(Visible, globals())
