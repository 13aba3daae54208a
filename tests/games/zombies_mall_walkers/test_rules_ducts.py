"""Mall Walkers rules: the stores' air ducts."""

from __future__ import annotations

from tests.games.zombies_mall_walkers.positions import (
    COSTUME,
    DEPARTMENT,
    GAME_STORE,
    LINGERIE,
    MALL,
    PAD,
    PET_STORE,
    act,
    position,
    sq,
    step,
    turn,
    zombie_move,
)
from zombie_envs.games.zombies_mall_walkers.actions import A_DUCT, A_ROLL
from zombie_envs.games.zombies_mall_walkers.declaration import KIND
from zombie_envs.games.zombies_mall_walkers.mall import TILES, turned

PET_DUCT, LINGERIE_DUCT = (-3, -1), (0, -3)


def test_z3_057_z3b_24_every_store_has_an_air_duct():
    """Z3-057 "Each store in the mall has an air duct somewhere in it." and Z3B-24 "Every
    store has an air duct.": one duct square in each store's room, turned as the tile
    is."""
    for kind, tile in enumerate(TILES):
        if tile.kind != "store":
            continue
        for turns in range(4):
            t = turned(kind, turns)
            assert t.duct >= 0 and t.room[t.duct] and t.chars.count("@") == 1
    for k, (kind, *_) in enumerate(MALL.tiles):
        if TILES[kind].kind == "store":
            assert MALL.store[MALL.duct[k]] == k


def test_z3_058_the_game_stores_duct_is_its_door_square():
    """Z3-058 "For example, the duct in the game store is on the same square as the
    door.": in the test mall, the Game Store's duct is the store square its doorway
    opens onto."""
    duct = MALL.duct[GAME_STORE]
    assert duct == sq(0, 4)
    assert MALL.door[duct][2] and MALL.nbr[duct][2] == sq(1, 4)


def test_z3_059_z3b_27_ducts_join_touching_stores_diagonals_too():
    """Z3-059 "Players may use these ducts to go from one store to an adjacent one
    (including diagonally) without using the hallways." and Z3B-27 "Stores touching
    even diagonally count as adjacent for the air ducts.": the Pet Store and the
    Lingerie Shop share a side; the Costume Shop touches the Helipad at a corner, as
    the Department Store does; stores far apart are not joined (ducts join stores of
    one floor, assumed)."""
    assert MALL.links[PET_STORE] == (LINGERIE,) and MALL.links[LINGERIE] == (PET_STORE,)
    assert MALL.links[COSTUME] == (PAD,) and MALL.links[PAD] == (COSTUME, DEPARTMENT)
    assert MALL.links[GAME_STORE] == ()


def test_z3_061_end_the_move_on_the_duct_square():
    """Z3-061 "If a player wishes to use an air duct, they must end their movement on an
    air duct space.": a pawn that stops on the Pet Store's duct may crawl next turn; one
    that walks on through it may not."""
    g = position(at={0: (-2, -2)})  # the hall square at the Pet Store's doorway
    turn(g, 0, 1, 0)  # 2 moves
    act(g, 0, step("north"))
    act(g, 0, step("east"))
    assert g.pos[0] == sq(*PET_DUCT) and g.duct == [1, 0]
    g = position(at={0: (-2, -2)})
    turn(g, 0, 2, 0)  # 3 moves
    act(g, 0, step("north"))
    act(g, 0, step("east"))
    act(g, 0, step("west"))
    assert g.duct == [0, 0]
    g = position(at={0: (-2, -2)})
    turn(g, 0, 2, 0)
    act(g, 0, step("north"))
    act(g, 0, step("east"))
    act(g, 0, step("stop"))
    assert g.pos[0] == sq(*PET_DUCT) and g.duct == [1, 0]


def test_z3_062_next_turn_crawl_to_the_other_store_without_a_roll():
    """Z3-062 "On their next turn, they forego their movement roll and then move from the
    space in a store with a duct to the air duct space inside the other store.": the
    player chooses the duct or the roll; the duct takes it to the Lingerie Shop's duct
    square with no die rolled, and it may crawl on from there the turn after."""
    g = position(at={0: PET_DUCT})
    g.duct[0] = 1
    turn(g, 0)
    assert g.decision == KIND.start_move
    assert set(g.legal) == {A_ROLL, A_DUCT + LINGERIE}
    g.rng.values = [0]  # the zombie roll
    act(g, 0, A_DUCT + LINGERIE)
    assert g.pos[0] == sq(*LINGERIE_DUCT) and g.duct[0] == 1
    assert KIND.move not in {k for _, k, _ in g.asked}


def test_z3_063_fight_the_zombie_on_your_square_before_crawling():
    """Z3-063 "No movement roll is made but all other normal turn rules apply, including
    fighting a zombie on your square before you move.": a zombie on the duct square is
    fought first; a zombie on the far duct square is fought on arrival."""
    g = position(at={0: PET_DUCT}, zombies=[PET_DUCT, LINGERIE_DUCT])
    g.duct[0] = 1
    turn(g, 0, 3)
    assert g.trophies[0] == 1 and g.decision == KIND.start_move
    g.rng.values = [4, 0]
    act(g, 0, A_DUCT + LINGERIE)
    assert g.trophies[0] == 2 and g.pos[0] == sq(*LINGERIE_DUCT)


def test_z3b_28_zombies_never_use_the_ducts():
    """Z3B-28 "Zombies cannot use ducts.": a zombie on a duct square moves one square
    through the store only (its one move, taken at once)."""
    g = position(zombies=[PET_DUCT])
    turn(g, 0, 0, 0)
    act(g, 0, step("stop"))
    moves = [legal for _, kind, legal in g.asked if kind == KIND.move_zombies]
    assert moves == [(zombie_move(PET_DUCT, "west"),)]
    assert MALL.nbr[sq(*PET_DUCT)].count(-1) == 3
