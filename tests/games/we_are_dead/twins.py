"""We Are Dead's twin states: a copy that differs only in what a seat may not see,
for the bots' blindness, the narration and the terminal screen checks."""

from __future__ import annotations

import random

from zombie_envs.games.we_are_dead.data import HAND_KINDS, NUM_ATTACK
from zombie_envs.testing import reshuffle_deck, reshuffle_hands

HEROES = range(NUM_ATTACK, HAND_KINDS)


def twin(g, seat: int, rng: random.Random):
    """A copy of ``g`` that differs only in secrets ``seat`` may not see (other
    hands, same sizes; other face-down heroes; unflipped token numbers, same
    squares; the deck order; the RNG), and the names of those that changed."""
    h = g.clone()
    changed = {"hand"} if reshuffle_hands(h, seat, HAND_KINDS, rng) else set()
    for s in range(h.num_players):
        if s == seat:
            continue
        if h.facedown[s] >= 0:
            h.facedown[s] = rng.choice([k for k in HEROES if k != h.facedown[s]])
            changed.add("facedown")
    public = set(h.h_targets) | {h.a_node}
    for v, value in enumerate(h.token):
        if value and v not in public:
            h.token[v] = rng.choice([x for x in range(1, 6) if x != value])
            changed.add("token")
    if h.pool:
        rng.shuffle(h.pool)
    if reshuffle_deck(h, rng):
        changed.add("deck")
    h.rng.seed(rng.random())
    return h, changed
