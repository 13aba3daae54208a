"""Maul of America's twin states: a copy that differs only in what a seat may not see,
for the bots' blindness, the narration and the terminal screen checks."""

from __future__ import annotations

import random

from zombie_envs.games.maul_of_america.cards import SHOPPER_CARDS, ZOMBIE_CARDS
from zombie_envs.games.maul_of_america.seats import ZC

DECKS = ("search", "sdeck", "zdeck")


def twin(g, seat: int, rng: random.Random):
    """A copy of ``g`` that differs only in what ``seat`` may not see (the other
    hands, same sizes and same deck; the order of the three decks; the RNG), and
    the names of those that changed."""
    h = g.clone()
    changed = set()
    for s in range(h.num_players):
        if s == seat:
            continue
        kinds = ZOMBIE_CARDS if s == ZC else SHOPPER_CARDS
        hand = [0] * len(h.hands[s])
        for _ in range(sum(h.hands[s])):
            hand[rng.choice(kinds)] += 1
        if hand != h.hands[s]:
            h.hands[s] = hand
            changed.add("hand")
    for deck in DECKS:
        cards = getattr(h, deck)
        if len(set(cards)) > 1:
            before = list(cards)
            while cards == before:
                rng.shuffle(cards)
            changed.add("deck")
    h.rng.seed(rng.random())
    return h, changed
