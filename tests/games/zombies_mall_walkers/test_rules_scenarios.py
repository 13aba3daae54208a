"""Mall Walkers rules: the bonus scenarios, Search and Rescue and Kill the Guy With the
Keys."""

from __future__ import annotations

import random

from tests.games.zombies_mall_walkers.positions import (
    PLAN,
    act,
    position,
    sq,
    step,
    tile,
    turn,
)
from zombie_envs.games.zombies_mall_walkers import MallWalkers
from zombie_envs.games.zombies_mall_walkers.actions import (
    A_CHALLENGE,
    A_DUEL,
    A_PLACE,
    DUEL_BULLET,
    DUEL_GIVE_UP,
    DUEL_LIFE,
)
from zombie_envs.games.zombies_mall_walkers.declaration import KIND
from zombie_envs.games.zombies_mall_walkers.mall import CELLS, TILES, placement_index

SAR = {"scenario": "search_and_rescue"}
KEYS = {"scenario": "keys"}
CROSS = (-2, 1)
BELOW_CENTRE = (-10, 1)
TRY, LEAVE = A_CHALLENGE, A_CHALLENGE + 1


def place(r: int, c: int, turns: int) -> int:
    return A_PLACE + placement_index(r, c, turns)


def placed_tile(kind: int, r: int, c: int, turns: int, **options):
    """Seat 0 draws ``kind`` and places it; the new tile's squares."""
    g = position(stack=[kind], **options)
    turn(g, 0, 0)
    act(g, 0, place(r, c, turns))
    k = len(PLAN)
    return g, range(CELLS * k, CELLS * k + CELLS)


def test_z3_002_z3_003_z3_004_rescue_tokens_fill_the_three_space_stores():
    """Z3-002 "Players must race around the mall and rescue the people who have been
    trapped inside by the zombie horde.", Z3-003 "For this scenario, instead of zombies,
    place tokens (pennies work well) inside the stores that have three spaces." and
    Z3-004 "Place the zombies from that store on all the available spaces outside that
    store.": a three-space Costume Shop gets a rescue token on each store space and its
    3 zombies on its hall squares; a larger store gets its zombies as usual."""
    costume = tile("Costume Shop")
    g, squares = placed_tile(costume, 0, 2, 0, **SAR)
    store = [i for i in squares if g.mall.store[i] >= 0]
    hall = [i for i in squares if g.mall.char[i] and g.mall.store[i] < 0]
    assert len(store) == 3 and all(g.rescue_tokens[i] == 1 for i in store)
    assert not any(g.zombies[i] for i in store)
    assert sum(g.zombies[i] for i in hall) == TILES[costume].zombies == 3
    g, squares = placed_tile(costume, 0, 2, 0)
    assert not any(g.rescue_tokens[i] for i in squares)  # only in this scenario
    g, squares = placed_tile(tile("Appliance Store"), 0, 2, 1, **SAR)
    assert not any(g.rescue_tokens[i] for i in squares)
    assert sum(g.zombies[i] for i in squares if g.mall.store[i] >= 0) == 4


def test_z3_005_a_token_is_collected_with_the_hearts_and_bullets_there():
    """Z3-005 "When you land on a space with a token, you collect that along with any
    hearts or bullets that may be there."."""
    g = position(
        at={0: CROSS},
        rescue_tokens={(-3, 1): 1},
        life_tokens={(-3, 1): 1},
        bullet_tokens={(-3, 1): 2},
        **SAR,
    )
    turn(g, 0, 0, 0)
    act(g, 0, step("north"))
    assert (g.rescued[0], g.life[0], g.bullets[0]) == (1, 4, 5)
    assert g.rescue_tokens[sq(-3, 1)] == 0


def test_z3_006_killed_players_lose_their_rescued_tokens():
    """Z3-006 "If a player is killed by the zombies they lose all their rescued
    tokens."."""
    g = position(zombies=[(1, 1)], life={0: 1}, bullets={0: 0}, **SAR)
    g.rescued = [3, 2]
    turn(g, 0, 0)
    assert g.rescued == [0, 2] and g.pos[0] == g.mall.start


def test_z3_007_otherwise_the_game_is_played_normally():
    """Z3-007 "Otherwise, the game is played normally.": in Search and Rescue 25 zombies
    still win, and tiles, fights and moves go as in the standard game."""
    g = position(zombies=[(1, 1)], trophies={0: 24}, **SAR)
    turn(g, 0, 4)
    assert g.terminal and g.winner == 0
    for seed in range(3):
        a, b = MallWalkers(3, seed=seed), MallWalkers(3, seed=seed, **SAR)
        assert a.stack == b.stack and a.deck == b.deck and a.legal == b.legal


def test_z3_008_the_most_rescued_tokens_at_the_helipads_centre_win():
    """Z3-008 "The first player to reach the center of the helipad with the most rescued
    tokens wins the game.": with the most tokens it wins on the centre, tied for the most
    too (assumed: no one holds more); behind, or with none, it does not."""
    for mine, won in ((2, True), (1, True), (0, False)):
        g = position(at={0: BELOW_CENTRE}, **SAR)
        g.rescued = [mine, 1]
        turn(g, 0, 0, 0)
        act(g, 0, step("north"))
        assert g.terminal == won and (g.winner == 0) == won
    g = position(at={0: BELOW_CENTRE}, **SAR)
    g.rescued = [1, 2]
    turn(g, 0, 0, 0)
    act(g, 0, step("north"))
    assert not g.terminal  # behind the leader: on the centre, no win
    g.rescued = [1, 0]  # seat 1 has lost its tokens since: seat 0 leads, on the centre
    turn(g, 0)
    assert g.terminal and g.winner == 0


def test_z3_010_z3_015_a_player_on_the_keepers_square_may_try_for_the_keys():
    """Z3-010 "The other players try to take them from him and get to the helipad
    first." and Z3-015 "Also, if a player is on the same square as the player with the
    keys, he may try to take them.": entering the keeper's square, or starting the turn
    on it, the player may try for the keys or leave them (once a turn, assumed)."""
    g = position(at={0: CROSS, 1: (-3, 1)}, **KEYS)
    g.keeper = 1
    turn(g, 0, 1)
    act(g, 0, step("north"))
    assert g.decision == KIND.challenge and set(g.legal) == {TRY, LEAVE}
    act(g, 0, LEAVE)
    assert g.keeper == 1 and g.decision == KIND.move
    g = position(at={0: CROSS, 1: CROSS}, **KEYS)
    g.keeper = 1
    turn(g, 0)
    assert g.decision == KIND.challenge


def test_z3_015_a_player_the_keeper_walks_onto_may_try_for_the_keys():
    """Z3-015 "Also, if a player is on the same square as the player with the keys, he
    may try to take them.": any player, not only the one whose turn it is: the keeper
    entering another player's square gives that player the choice (each time it
    enters), and the duel goes as any other."""
    g = position(at={0: CROSS, 1: (-3, 1)}, **KEYS)
    g.keeper = 0
    turn(g, 0, 1)  # 2 moves
    g.rng.values = [4, 2]  # the duel: seat 1's 5 against the keeper's 3
    act(g, 0, step("north"))
    assert g.decision == KIND.challenge and g.current_player == 1
    assert set(g.legal) == {TRY, LEAVE}
    act(g, 1, TRY)
    assert g.decision == KIND.duel and g.current_player == 0  # the keeper is behind
    act(g, 0, A_DUEL + DUEL_GIVE_UP)
    assert g.keeper == 1 and g.decision == KIND.move and g.current_player == 0
    g = position(at={0: CROSS, 1: (-3, 1)}, **KEYS)
    g.keeper = 0
    turn(g, 0, 1)
    act(g, 0, step("north"))
    act(g, 1, LEAVE)
    assert g.keeper == 0 and g.decision == KIND.move and g.moves_left == 1


def test_z3_016_both_roll_and_the_higher_takes_the_keys():
    """Z3-016 "When this happens, both players roll one six-sided die, the highest result
    wins and has possession of the keys.": the challenger's 5 beats the keeper's 3; the
    keeper, with nothing to spend, gives them up."""
    g = position(at={0: CROSS, 1: CROSS}, life={1: 1}, bullets={1: 0}, **KEYS)
    g.keeper = 1
    turn(g, 0, 4, 2, 0)  # the duel: 5 against 3; then the move roll
    act(g, 0, TRY)
    assert g.keeper == 0 and g.duel == [-1, 0, 0]
    assert [k for _, k, _ in g.asked][:2] == [KIND.challenge, KIND.duel]


def test_z3_017_hearts_and_bullets_adjust_a_duel_roll():
    """Z3-017 "Players may spend hearts and bullets as normal to adjust their roll.": the
    side behind spends a bullet for +1 or a life to roll again (never its last life,
    assumed), until it leads or gives up."""
    g = position(at={0: CROSS, 1: CROSS}, bullets={0: 1}, life={0: 2}, **KEYS)
    g.keeper = 1
    turn(g, 0, 1, 3)  # the challenger's 2 against the keeper's 4
    act(g, 0, TRY)
    assert g.decision == KIND.duel and g.current_player == 0
    duel = {a - A_DUEL for a in g.legal}
    assert duel == {DUEL_BULLET, DUEL_LIFE, DUEL_GIVE_UP}
    act(g, 0, A_DUEL + DUEL_BULLET)  # 3 against 4
    assert g.bullets[0] == 0 and g.duel[1] == 3
    assert {a - A_DUEL for a in g.legal} == {DUEL_LIFE, DUEL_GIVE_UP}
    g.rng.values = [5]
    act(g, 0, A_DUEL + DUEL_LIFE)  # a new roll: 6 against 4; the keeper is behind
    assert g.life[0] == 1 and g.duel[1] == 6 and g.current_player == 1
    act(g, 1, A_DUEL + DUEL_BULLET)
    g.rng.values = [0]  # the move roll after the duel
    act(g, 1, A_DUEL + DUEL_BULLET)  # 6 against 6: the keeper leads on a tie
    last = [legal for _, kind, legal in g.asked if kind == KIND.duel][-1]
    assert last == (A_DUEL + DUEL_GIVE_UP,)  # the challenger has nothing left to spend
    assert g.keeper == 1 and g.bullets == [0, 1] and g.decision == KIND.move


def test_z3_018_a_tied_duel_leaves_the_keys_with_the_keeper():
    """Z3-018 "In the case of a tie, the person who has the keys keeps them."."""
    g = position(at={0: CROSS, 1: CROSS}, bullets={0: 0}, life={0: 1}, **KEYS)
    g.keeper = 1
    turn(g, 0, 3, 3, 0)  # 4 against 4: the challenger, behind, gives up
    act(g, 0, TRY)
    assert g.keeper == 1


def test_z3_019_z3_020_the_keys_drop_where_the_keeper_falls_and_are_picked_up():
    """Z3-019 "If the player with the keys is killed by the zombies, they drop the keys on
    the space where they were killed." and Z3-020 "Any player landing on the space with
    the keys may pick them up as if they were a life or bullet token."."""
    g = position(at={0: CROSS}, zombies=[CROSS], life={0: 1}, bullets={0: 0}, **KEYS)
    g.keeper = 0
    turn(g, 0, 0)
    assert g.keeper == -1 and g.keys_at == sq(*CROSS) and g.pos[0] == g.mall.start
    g.rng.values = [0]
    turn(g, 1, 0, 0)
    act(g, 1, step("north"))
    assert g.pos[1] == sq(0, 1)
    g = position(at={1: (-1, 1)}, **KEYS)
    g.keys_at = sq(*CROSS)
    turn(g, 1, 0, 0)
    act(g, 1, step("north"))
    assert g.keeper == 1 and g.keys_at == -1


def test_z3_021_the_keys_at_the_helipads_centre_win():
    """Z3-021 "The first player to the center of the helipad with the keys wins the
    game.": without the keys the centre wins nothing."""
    for keeper, won in ((0, True), (1, False)):
        g = position(at={0: BELOW_CENTRE}, **KEYS)
        g.keeper = keeper
        turn(g, 0, 0, 0)
        act(g, 0, step("north"))
        assert g.terminal == won


def test_z3_014_the_keeper_rolls_two_dice_for_the_first_move():
    """Z3-014 "The game is played normally except that the player with the keys gets to
    roll two dice for their first movement.": 3 + 4 = 7 moves, then one die again."""
    g = position(**KEYS)
    g.keeper, g.keys_first = 0, 1
    turn(g, 0, 2, 3)
    assert g.moves_left == 7 and g.keys_first == 0
    turn(g, 0, 2)
    assert g.moves_left == 3


def test_the_keys_scenario_plays_to_the_end():
    """Assumed: a keys game runs like any other, the keys changing hands by duels and
    deaths; whole random games end."""
    for seed in range(3):
        g = MallWalkers(4, seed=seed, **KEYS)
        rng = random.Random(seed)
        while not g.terminal:
            g.apply(rng.choice(g.legal))
        assert g.keeper >= 0 or g.keys_at >= 0
