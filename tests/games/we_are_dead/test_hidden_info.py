"""Every private item of We Are Dead is seen only by the seats allowed to see it.

Each test finds states in seeded random games (both boards, 2-5 players) where a
secret exists, clones them, changes only the secret in the clone and compares
what every seat sees: its observation, its ansi view, and the spectator's ansi
view and picture.  The central state vector must see every change.  The last
tests play the same actions from two such states and check that the sequence
of decisions posed never tells them apart.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tests.games.we_are_dead.twins import HEROES
from zombie_envs.games.we_are_dead.data import BOARDS, HAND_KINDS, NUM_ATTACK, PANIC, SKATERS
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.games.we_are_dead.observe import Visible
from zombie_envs.games.we_are_dead.text import ansi
from zombie_envs.testing import (
    check_hidden_from_all,
    check_leak_tests,
    find_states,
    leak_test,
    live_states,
    same_decisions,
    swap_with_deck,
)
from zombie_envs.testing import check_secret as shared_check

GAMES = 40


def setup_of(seed: int) -> tuple[int, dict]:
    """Player count and options of seeded game ``seed``."""
    placement = "turns" if seed % 3 == 2 else "random"
    return 2 + seed % 4, {"board": BOARDS[seed // 4 % 2], "shopper_placement": placement}


def find(pred, count=4, spread=True):
    """States of seeded random games where ``pred`` holds, from depths that vary
    with the seed when ``spread``."""
    states = live_states(WeAreDead, range(GAMES), setup_of, (97, 500) if spread else None)
    return find_states(states, pred, count)


def check_secret(g, c, seers, picture=False):
    shared_check(g, c, seers, picture=picture, seers_text=True)


def change_card(c, seat: int, old: int, new: int) -> None:
    """Seat ``seat`` holds a ``new`` card where it held an ``old`` one; the deck makes up."""
    c.hands[seat][old] -= 1
    c.hands[seat][new] += 1
    swap_with_deck(c, old, new)


# ----- hands -----------------------------------------------------------------

KIND_SETS = {"attack": range(NUM_ATTACK), "hero": HEROES}


def card_pair(g, seat, old_set, new_set):
    """A kind of ``old_set`` the seat holds and another of ``new_set`` the deck holds."""
    hand = g.hands[seat]
    for old in KIND_SETS[old_set]:
        if hand[old]:
            for new in KIND_SETS[new_set]:
                if new != old and new in g.deck:
                    return old, new
    return None


@leak_test("hand")
@pytest.mark.parametrize("who", ["acting", "next", "active"])
@pytest.mark.parametrize("swap", ["attack>attack", "attack>hero", "hero>attack", "hero>hero"])
def test_hand(who, swap):
    old_set, new_set = swap.split(">")

    def holder(g):
        return {
            "acting": g.current_player,
            "next": (g.current_player + 1) % g.num_players,
            "active": g.active,
        }[who]

    def pred(g):
        return card_pair(g, holder(g), old_set, new_set) is not None

    for i, g in enumerate(find(pred)):
        seat = holder(g)
        c = g.clone()
        change_card(c, seat, *card_pair(g, seat, old_set, new_set))
        check_secret(g, c, {seat}, picture=i == 0)


# ----- face-down heroes ----------------------------------------------------------


@leak_test("facedown")
@pytest.mark.parametrize("decision", ["place_hero", "choose_hero", "reveal"])
def test_face_down_hero(decision):
    """A hero placed face down for an attack and not yet chosen or revealed."""

    def placed(g):
        return [
            s for s in range(g.num_players) if g.facedown[s] >= 0 and s != g.current_player
        ] or [s for s in range(g.num_players) if g.facedown[s] >= 0]

    def pred(g):
        return (
            g.decision == decision
            and placed(g)
            and any(h != g.facedown[placed(g)[0]] for h in g.deck if h in HEROES)
        )

    for i, g in enumerate(find(pred, spread=False)):
        seat = placed(g)[0]
        old = g.facedown[seat]
        new = next(h for h in g.deck if h in HEROES and h != old)
        c = g.clone()
        c.facedown[seat] = new
        swap_with_deck(c, old, new)
        check_secret(g, c, {seat}, picture=i == 0)


def test_whether_a_hero_was_placed_is_public():
    g = find(lambda g: g.decision == "place_hero" and -1 in g.facedown, count=1)[0]
    seat = g.facedown.index(-1)
    hero = next(h for h in HEROES if g.hands[seat][h] or h in g.deck)
    c = g.clone()
    c.facedown[seat] = hero
    for s in range(g.num_players):
        assert not np.array_equal(g.observation(s), c.observation(s))


# ----- shopper tokens ------------------------------------------------------------


def unflipped(g):
    """Squares with a face-down shopper token."""
    return [
        v for v, value in enumerate(g.token) if value and v != g.a_node and v not in g.h_targets
    ]


def two_values(g):
    cells = unflipped(g)
    return next(((v, w) for v in cells for w in cells if g.token[v] != g.token[w]), None)


@leak_test("token")
@pytest.mark.parametrize("when", ["any", "attack", "horde_target", "horde_hero", "place_token"])
def test_unflipped_shopper_token(when):
    def pred(g):
        return (when == "any" or g.decision == when) and two_values(g) is not None

    for i, g in enumerate(find(pred, spread=when == "any")):
        v, w = two_values(g)
        c = g.clone()
        c.token[v], c.token[w] = c.token[w], c.token[v]
        check_secret(g, c, set(), picture=i == 0)


def test_flipped_shopper_tokens_are_public():
    for g in find(lambda g: g.a_node >= 0 or g.h_targets, count=3):
        v = g.a_node if g.a_node >= 0 else g.h_targets[0]
        c = g.clone()
        c.token[v] = g.token[v] % 5 + 1
        if g.a_node >= 0:
            c.a_value = c.token[v]
        for s in range(g.num_players):
            assert not np.array_equal(g.observation(s), c.observation(s))
        if g.a_node >= 0:
            assert ansi(g, None) != ansi(c, None)


def test_shopper_pool_order():
    """Tokens still to be placed face down (placement by turns)."""
    for i, g in enumerate(find(lambda g: len(set(g.pool)) >= 2, spread=False)):
        c = g.clone()
        c.pool = c.pool[1:] + c.pool[:1]
        assert c.pool != g.pool
        check_hidden_from_all(g, c, picture=i == 0)


# ----- the deck --------------------------------------------------------------------


@leak_test("deck")
def test_deck_order():
    for i, g in enumerate(find(lambda g: len(set(g.deck)) >= 2, count=6)):
        c = g.clone()
        c.deck = c.deck[1:] + c.deck[:1]
        assert c.deck != g.deck
        check_hidden_from_all(g, c, picture=i == 0)


def test_state_vector_sees_the_deck_composition():
    for g in find(lambda g: any(k < HAND_KINDS for k in g.deck), count=2):
        c = g.clone()
        i = next(i for i, k in enumerate(c.deck) if k < HAND_KINDS)
        c.deck[i] = (c.deck[i] + 1) % HAND_KINDS
        assert not np.array_equal(g.state_vector(), c.state_vector())
        for s in range(g.num_players):
            assert np.array_equal(g.observation(s), c.observation(s))


# ----- secrets must not leak through the decisions posed ------------------------------


#: Card kinds put into a hand in turn: the ones whose holding shapes a decision.
TARGETS = (PANIC, SKATERS, "hero", "attack")


def test_hands_do_not_leak_through_the_decisions_posed():
    """Two states differing only in one card of one hand pose the same decisions
    to the same seats as long as the same actions are played."""
    leaks, exercised, tried = [], Counter(), 0
    for seed in range(16):
        n, options = setup_of(seed)
        g = WeAreDead(n, seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while not g.terminal and len(leaks) < 3:
            if step % 50 == 25:
                target = TARGETS[tried % len(TARGETS)]
                seat = g.active if tried % 2 else (g.current_player + 1 + tried) % n
                if target in KIND_SETS:
                    pair = card_pair(g, seat, "attack" if target == "hero" else "hero", target)
                else:
                    old = next((k for k in range(HAND_KINDS) if g.hands[seat][k]), None)
                    ok = old is not None and old != target and target in g.deck
                    pair = (old, target) if ok else None
                if pair is not None:
                    tried += 1
                    a, b = g.clone(), g.clone()
                    change_card(b, seat, *pair)
                    if tried % 2:
                        a, b = b, a
                    leak = same_decisions(a, b, random.Random(step), 150, exercised)
                    if leak:
                        leaks.append(f"seed {seed} step {step}: seat {seat} {pair}: {leak}")
            g.apply(rng.choice(g.legal))
            step += 1
    assert not leaks, "hands leak through the decisions posed:\n" + "\n".join(leaks)
    assert tried > 150
    assert {"move", "place_hero", "panic", "fight", "slay", "discard"} <= set(exercised), exercised


def test_face_down_heroes_do_not_leak_through_the_decisions_posed():
    """Until a face-down hero is fought or revealed, which hero it is changes
    no decision posed (one taken back stays secret)."""

    def pred(g):
        return g.decision in ("place_hero", "choose_hero", "reveal") and max(g.facedown) >= 0

    leaks, exercised = [], Counter()
    states = find(pred, count=GAMES, spread=False)
    for g in states:
        seat = next(s for s, h in enumerate(g.facedown) if h >= 0)
        old = g.facedown[seat]
        for new in sorted({h for h in g.deck if h in HEROES and h != old}):
            a, b = g.clone(), g.clone()
            b.facedown[seat] = new
            swap_with_deck(b, old, new)
            leak = same_decisions(
                a,
                b,
                random.Random(new),
                60,
                exercised,
                until=lambda x, y, seat=seat: seat in x.revealers + y.revealers,
            )
            if leak:
                leaks.append(f"seat {seat} hero {old} vs {new}: {leak}")
    assert not leaks, "face-down heroes leak through the decisions posed:\n" + "\n".join(leaks[:5])
    assert len(states) >= 25


def test_shopper_tokens_do_not_leak_through_the_decisions_posed():
    """Until a token is flipped, its number changes no decision posed: the
    numbers of every face-down token are rotated among their squares."""
    leaks, exercised = [], Counter()

    def pred(g):
        return g.a_node < 0 and not g.h_targets and two_values(g) is not None

    for k, g in enumerate(find(pred, count=GAMES)):
        cells = unflipped(g)
        a, b = g.clone(), g.clone()
        values = [g.token[v] for v in cells]
        for v, value in zip(cells, values[1:] + values[:1], strict=True):
            b.token[v] = value

        def flipped(x, y, cells=cells):
            return x.a_node >= 0 or x.h_targets or not all(x.token[v] for v in cells)

        leak = same_decisions(a, b, random.Random(k), 300, exercised, until=flipped)
        if leak:
            leaks.append(f"state {k}: {leak}")
    assert not leaks, "shopper tokens leak through the decisions posed:\n" + "\n".join(leaks)


def test_every_secret_of_the_visibility_model_has_a_leak_test():
    check_leak_tests(Visible, globals())
