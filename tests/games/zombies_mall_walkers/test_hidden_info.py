"""Every private item of Mall Walkers is seen only by the seats allowed to see it.

Each test finds states in seeded random games (2-6 players, every scenario, the
Helipad shuffled in or at the bottom) where a secret exists, clones them, changes only
the secret in the clone and compares what every seat sees: its observation, its text
view and picture, and the spectator's.  The central state vector must see a changed
hand or stack order.  The last tests play the same actions from two such states and
check that the decisions posed, and the masks shown, never tell them apart.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tests.games.zombies_mall_walkers.twins import shuffle_stack, twin
from zombie_envs.games.zombies_mall_walkers import picture
from zombie_envs.games.zombies_mall_walkers.cards import KINDS
from zombie_envs.games.zombies_mall_walkers.declaration import KIND
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.games.zombies_mall_walkers.mall import HELIPAD
from zombie_envs.games.zombies_mall_walkers.observe import Visible
from zombie_envs.games.zombies_mall_walkers.text import ansi
from zombie_envs.testing import (
    check_env_views,
    check_hidden_from_all,
    check_leak_tests,
    check_secret,
    find_states,
    leak_test,
    live_states,
    same_decisions,
)
from zombie_envs.zombies_mall_walkers_v0 import raw_env

GAMES = 30
SCENARIOS = ("standard", "search_and_rescue", "keys")


def setup_of(seed: int) -> tuple[int, dict]:
    """Player count and options of seeded game ``seed``."""
    return 2 + seed % 5, {
        "scenario": SCENARIOS[seed % 3],
        "helipad": "bottom" if seed % 4 == 3 else "shuffled",
    }


def find(pred, count=4, spread=True):
    """States of seeded random games where ``pred`` holds, from depths that vary
    with the seed when ``spread``."""
    states = live_states(MallWalkers, range(GAMES), setup_of, (37, 300) if spread else None)
    return find_states(states, pred, count)


# ----- hands -----------------------------------------------------------------------------
def card_pair(g, seat: int):
    """A kind the seat holds and another kind the deck holds, or None."""
    for old in range(KINDS):
        if g.hands[seat][old]:
            for new in g.deck:
                if new != old:
                    return old, new
    return None


def change_card(c, seat: int, old: int, new: int) -> None:
    """Seat ``seat`` holds a ``new`` card where it held an ``old`` one; the deck makes
    up, and a pending decision is asked again from the new hand."""
    c.hands[seat][old] -= 1
    c.hands[seat][new] += 1
    c.deck[c.deck.index(new)] = old
    c.pose_again()


HOLDERS = {
    "acting": lambda g: [g.current_player],
    "waiting": lambda g: [s for s in range(g.num_players) if s != g.current_player],
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
        for s in range(g.num_players):  # each seat's own picture shows its hand only
            same = np.array_equal(picture.rgb(g, s), picture.rgb(c, s))
            assert same == (s != seat), s


def test_hand_sizes_are_public():
    for g in find(lambda g: holder(g, "waiting") is not None, count=3):
        seat = holder(g, "waiting")
        c = g.clone()
        old, _ = card_pair(g, seat)
        c.hands[seat][old] -= 1
        c.discard.append(old)
        for s in range(g.num_players):
            assert not np.array_equal(g.observation(s), c.observation(s))
        assert ansi(g, None) != ansi(c, None)


# ----- the event deck and the tile stack ----------------------------------------------------
def same_masks_and_pictures(g, c) -> None:
    """Every seat's picture and the deciding seat's mask are the same in ``g`` and ``c``."""
    for s in range(g.num_players):
        assert np.array_equal(picture.rgb(g, s), picture.rgb(c, s))
    assert np.array_equal(g.legal_mask(), c.legal_mask())


@leak_test("deck")
def test_deck_order():
    for i, g in enumerate(find(lambda g: len(set(g.deck)) >= 2, count=6)):
        c = g.clone()
        c.deck = c.deck[1:] + c.deck[:1]
        assert c.deck != g.deck
        check_hidden_from_all(g, c, picture=i == 0)
        same_masks_and_pictures(g, c)


def test_state_vector_sees_the_deck_composition():
    for g in find(lambda g: len(set(g.deck)) >= 2, count=2):
        c = g.clone()
        c.deck[0] = next(k for k in c.deck if k != c.deck[0])
        assert not np.array_equal(g.state_vector(), c.state_vector())
        for s in range(g.num_players):
            assert np.array_equal(g.observation(s), c.observation(s))


@leak_test("stack")
def test_stack_order():
    rng = random.Random(0)

    def shuffles(g):
        bottom = g.options["helipad"] == "bottom" and g.stack[:1] == [HELIPAD]
        return len(set(g.stack[1:] if bottom else g.stack)) > 1

    def bottom_shuffles(g):
        return g.options["helipad"] == "bottom" and shuffles(g)

    states = find(shuffles, count=6) + find(bottom_shuffles, count=3, spread=False)
    bottom = 0
    for i, g in enumerate(states):
        c = g.clone()
        assert shuffle_stack(c, rng)
        assert sorted(c.stack) == sorted(g.stack) and c.stack != g.stack
        check_hidden_from_all(g, c, picture=i == 0)
        same_masks_and_pictures(g, c)
        assert not np.array_equal(g.state_vector(), c.state_vector())
        bottom += g.options["helipad"] == "bottom" and g.stack[0] == HELIPAD
    assert bottom  # the known bottom tile kept its place


# ----- secrets must not leak through the decisions posed --------------------------------------


def test_hands_do_not_leak_through_the_decisions_posed():
    """Two states differing only in one card of one hand pose the same decisions to
    the same seats as long as the same actions are played."""
    leaks, exercised, tried = [], Counter(), 0
    for seed in range(10):
        n, options = setup_of(seed)
        g = MallWalkers(n, seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while not g.terminal and len(leaks) < 3:
            if step % 25 == 10:
                seat = holder(g, list(HOLDERS)[tried % 2])
                if seat is not None:
                    tried += 1
                    pair = card_pair(g, seat)
                    a, b = g.clone(), g.clone()
                    change_card(b, seat, *pair)
                    leak = same_decisions(a, b, random.Random(step), 120, exercised)
                    if leak:
                        leaks.append(f"seed {seed} step {step}: seat {seat} {pair}: {leak}")
            g.apply(rng.choice(g.legal))
            step += 1
    assert not leaks, "hands leak through the decisions posed:\n" + "\n".join(leaks)
    assert tried > 60
    assert {KIND.play_card, KIND.discard} <= set(exercised), exercised


def test_the_mask_of_a_pending_decision_is_shown_to_its_seat_only():
    """Where the deciding seat's options follow from its hand (cards to play, use in a
    fight or discard), every other seat gets an all-zero mask and the same observation
    from twin states whose options differ; the deciding seat gets its own options."""

    def twins(g, kind):
        """``g`` and a twin whose one changed card changes the options, or None."""
        seat = g.current_player
        pair = card_pair(g, seat)
        if g.decision != kind or pair is None or g.hands[seat][pair[0]] != 1:
            return None
        c = g.clone()
        change_card(c, seat, *pair)
        return c if c.legal != g.legal else None

    for kind in (KIND.play_card, KIND.discard, KIND.fight):
        for g in find(lambda g, kind=kind: twins(g, kind) is not None, count=3):
            check_env_views(raw_env, g, twins(g, kind), g.current_player)


def test_a_twin_changes_only_what_the_seat_may_not_see():
    """The narration and terminal twin: every seat's own view stays, every secret varies."""
    rng = random.Random(3)
    changed = Counter()
    for g in find(lambda g: True, count=12):
        seat = rng.randrange(g.num_players)
        h, what = twin(g, seat, rng)
        changed.update(what)
        assert np.array_equal(g.observation(seat), h.observation(seat))
        assert ansi(g, seat) == ansi(h, seat)
    assert set(changed) == set(Visible.secrets), changed


def test_every_secret_of_the_visibility_model_has_a_leak_test():
    check_leak_tests(Visible, globals())
