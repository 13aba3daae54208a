"""Mall Walkers' twin states: a copy that differs only in what a seat may not see,
for the bots' blindness, the narration and the terminal screen checks."""

from __future__ import annotations

import random

from zombie_envs.games.zombies_mall_walkers.cards import KINDS
from zombie_envs.games.zombies_mall_walkers.mall import HELIPAD
from zombie_envs.testing import reshuffle_deck, reshuffle_hands


def shuffle_stack(h, rng: random.Random) -> bool:
    """Put the tile stack in another order (a Helipad known to lie at the bottom stays
    there); True if that was possible."""
    bottom = h.options["helipad"] == "bottom" and h.stack[:1] == [HELIPAD]
    rest = h.stack[1:] if bottom else h.stack
    if len(set(rest)) <= 1:
        return False
    before = list(rest)
    while rest == before:
        rng.shuffle(rest)
    h.stack = ([HELIPAD] if bottom else []) + rest
    return True


def twin(g, seat: int, rng: random.Random):
    """A copy of ``g`` that differs only in what ``seat`` may not see (the other
    hands, same sizes; the order of the event deck and of the tile stack; the future
    dice), and the names of the secrets changed."""
    h = g.clone()
    changed = set()
    if reshuffle_hands(h, seat, KINDS, rng):
        changed.add("hand")
    if reshuffle_deck(h, rng):
        changed.add("deck")
    if shuffle_stack(h, rng):
        changed.add("stack")
    h.rng.seed(rng.random())
    return h, changed
