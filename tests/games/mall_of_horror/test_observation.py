"""The fast observation encoder writes exactly what a plain one writes.

``reference`` fills each named view of the layout (``observe.views``) with
straightforward loops over the state and the visibility model: slow but easy
to check against the rulebook; the fast ``encode`` must match it byte for byte
for every seat, and the central state too, on random states of every player
count."""

from __future__ import annotations

import numpy as np
import pytest

from zombie_envs.core.visibility import GOD
from zombie_envs.games.mall_of_horror import MallOfHorror
from zombie_envs.games.mall_of_horror.data import KINDS
from zombie_envs.games.mall_of_horror.declaration import GAME
from zombie_envs.games.mall_of_horror.engine import EATEN
from zombie_envs.games.mall_of_horror.observe import OBS, STATE, views
from zombie_envs.testing import state_clones
from zombie_envs.testing.secrecy import differing


def reference(g, seat: int, god: bool) -> np.ndarray:
    out = np.zeros((STATE if god else OBS).size, np.int8)
    v = views(out)
    see = g.visible(GOD if god else seat)
    n = g.num_players

    def rel(s):
        return (s - seat) % n

    v["my_colour"][seat] = 1
    v["in_game"][:n] = 1
    v["chief"][rel(g.chief)] = 1
    if g.decision is not None:
        v["to_act"][rel(g.current_player)] = 1
        v["decision"][GAME.kinds.index(g.decision)] = 1
    v["zombies"][:] = g.zombies
    v["closed"][:] = g.closed
    v["hardware"][:] = g.hardware
    v["hand"][:] = g.hands[seat]
    v["discards"][:] = g.discards
    v["deck"][0] = len(g.deck)
    v["round"][0] = min(g.round, 127)
    v["chief_elected"][0] = g.chief_elected
    for c, where in enumerate(g.loc):
        s, kind = divmod(c, KINDS)
        if where >= 0:
            v["characters"][rel(s), kind, where] = 1
        v["eaten"][rel(s), kind] = where == EATEN
        v["hidden"][rel(s), kind] = g.hidden[c]
    for s in range(n):
        v["hand_sizes"][rel(s)] = sum(g.hands[s])
        v["eliminated"][rel(s)] = g.eliminated[s] >= 0
        v["played_round"][rel(s)] = g.played[s]
        v["vote_threats"][rel(s)] = g.v_threats[s]
        # the seat's own destination has a block of its own until it is public
        if see.destination(s) and (god or s != seat or g.dest_public[s]):
            v["destinations"][rel(s), g.dest[s]] = 1
    if see.destination(seat):
        v["my_destination"][g.dest[seat]] = 1
    if see.arrival_dice():
        v["dice_known"][0] = 1
        for L in g.dice:
            v["dice"][L] += 1
    for name, dice in (("last_dice", g.last_dice), ("place_dice", g.place_dice)):
        for L in dice:
            if L >= 0:
                v[name][L] += 1
    if g.v_purpose >= 0:
        v["vote_purpose"][g.v_purpose] = 1
        v["vote_location"][g.v_loc] = 1
        v["vote_runoff"][0] = g.v_runoff
        for s in g.v_candidates:
            v["vote_candidates"][rel(s)] = 1
        for s in range(n):
            v["vote_weights"][rel(s)] = g.v_weights[s]
    if see.ballot(seat):
        v["my_ballot"][rel(g.v_ballots[seat])] = 1
    if g.last_vote[0] >= 0:
        purpose, L, runoff = g.last_vote
        row = v["last_vote"]
        row[purpose] = 1
        row[3 + L] = 1
        row[-1] = runoff
        for s in range(n):
            if g.last_ballots[s] >= 0:
                v["last_ballots"][rel(s), rel(g.last_ballots[s])] = 1
            v["last_weights"][rel(s)] = g.last_weights[s]
    if see.truck():
        for card in g.truck:
            v["truck"][card] += 1
    giver, receiver, card = g.gift
    if giver >= 0:
        v["gift_from"][rel(giver)] = 1
        if receiver >= 0:
            v["gift_to"][rel(receiver)] = 1
        if see.gift_card():
            v["gift_card"][card] = 1
    if g.a_loc >= 0:
        v["attack_location"][g.a_loc] = 1
    for row, L in enumerate(g.extra):
        if L >= 0:
            v["extra_zombies"][row, L] = 1
    if god:
        for s in range(n):
            v["all_hands"][s] = g.hands[s]
            if see.ballot(s):
                v["all_ballots"][s, g.v_ballots[s]] = 1
            if see.destination(s):
                v["all_destinations"][s, g.dest[s]] = 1
        if see.arrival_dice():
            for L in g.dice:
                v["all_dice"][L] += 1
        for card in g.deck:
            v["deck_cards"][card] += 1
    return out


@pytest.mark.parametrize("num_players", [3, 4, 5, 6])
def test_the_fast_encoder_matches_the_plain_one(num_players):
    checked = 0
    for seed in range(12):
        for g in state_clones(MallOfHorror, num_players, seed, every=2):
            for seat in range(num_players):
                fast, plain = g.observation(seat), reference(g, seat, False)
                assert np.array_equal(fast, plain), differing(OBS, fast, plain)
            fast, plain = g.state_vector(), reference(g, 0, True)
            assert np.array_equal(fast, plain), differing(STATE, fast, plain)
            checked += 1
    assert checked > 200


def test_views_are_named_shaped_windows_on_the_vector():
    g = MallOfHorror(4, seed=3)
    obs = g.observation(2)
    v = views(obs)
    assert v["characters"].shape == (6, KINDS, 6) and v["characters"].base is obs
    mine = np.flatnonzero(v["characters"][0].sum(axis=1) == 0).tolist()
    assert mine == [k for k in range(KINDS) if g.loc[2 * KINDS + k] < 0]
    assert set(views(g.state_vector())) == {b.name for b in STATE.blocks}
