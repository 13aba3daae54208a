"""Mall of Horror's twin states: a copy that differs only in what a seat may not see,
for the bots' blindness, the narration and the terminal screen checks."""

from __future__ import annotations

import random

from zombie_envs.games.mall_of_horror.data import NUM_CARDS
from zombie_envs.testing import reshuffle_deck, reshuffle_hands


def twin(g, seat: int, rng: random.Random):
    """A copy of ``g`` whose secrets hidden from ``seat`` changed (other hands, same
    sizes; pending ballots; secret destinations; unseen dice; the deck order; the
    card of a gift between others; the truck another seat searches; the RNG), and
    the visibility model's names of the secrets that actually changed."""
    h = g.clone()
    changed = {"hand"} if reshuffle_hands(h, seat, NUM_CARDS, rng) else set()
    for s in range(h.num_players):
        if s != seat:
            changed |= redraw_choices(h, s, rng)
    if h.dice[0] >= 0 and not h.dice_seen[seat] and reroll(h, rng):
        changed.add("arrival_dice")
    if reshuffle_deck(h, rng):
        changed.add("deck")
    giver, receiver, _ = h.gift
    if giver >= 0 and seat not in (giver, receiver):
        h.gift[2] = rng.randrange(NUM_CARDS)
        if h.gift != g.gift:
            changed.add("gift_card")
    h.rng.seed(rng.random())
    if h.truck and h.truck_seat != seat:
        i = rng.randrange(len(h.truck))
        h.truck[i] = rng.choice([k for k in range(NUM_CARDS) if k != h.truck[i]])
        changed.add("truck")
    return h, changed


def redraw_choices(h, s: int, rng: random.Random) -> set[str]:
    """Seat ``s``'s pending ballot and secret destination redrawn; what changed."""
    changed = set()
    if h.v_ballots[s] >= 0:
        others = [c for c in h.v_candidates if c != h.v_ballots[s]]
        if others:
            h.v_ballots[s] = rng.choice(others)
            changed.add("ballot")
    if h.dest[s] >= 0 and not h.dest_public[s]:
        h.dest[s] = rng.choice([L for L in range(6) if h.dest[s] != L])
        changed.add("destination")
    return changed


def reroll(h, rng: random.Random) -> bool:
    """The arrival dice rolled again; True if they show other numbers."""
    dice = [rng.randrange(6) for _ in h.dice]
    if sorted(dice) == sorted(h.dice):
        return False
    h.dice = dice
    return True
