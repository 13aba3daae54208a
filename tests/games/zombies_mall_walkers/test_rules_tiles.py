"""Mall Walkers rules: drawing and placing tiles, the Escalator's second floor and the
Helipad."""

from __future__ import annotations

from tests.games.zombies_mall_walkers.positions import (
    COSTUME,
    ESC,
    MALL,
    PLAN,
    act,
    position,
    sq,
    tile,
    turn,
)
from zombie_envs.games.zombies_mall_walkers.actions import A_PLACE
from zombie_envs.games.zombies_mall_walkers.declaration import KIND
from zombie_envs.games.zombies_mall_walkers.mall import (
    CELLS,
    CROSSROADS,
    ESCALATOR,
    FRONT_DOOR,
    HELIPAD,
    TILES,
    build,
    placement_index,
    turned,
)

BEFORE_ESCALATOR = PLAN[:ESC]
FOOD_COURT, GAME_STORE, APPLIANCE = tile("Food Court"), tile("Game Store"), tile("Appliance Store")


def place(r: int, c: int, turns: int) -> int:
    return A_PLACE + placement_index(r, c, turns)


def test_z3b_03_z3_041_a_turn_starts_with_the_top_tile_placed_where_the_player_chooses():
    """Z3B-03 "First, draw a map tile, place it and add its zombies and tokens." and
    Z3-041 "From this point in the game forward, players may place tiles from either
    stack.": standalone there is one stack, the mall's; the top tile is drawn, the
    player chooses among every legal position and turn, and the tile's zombies, life
    and bullet tokens go on it."""
    g = position(stack=[GAME_STORE, FOOD_COURT])
    turn(g, 0, 0)
    assert g.decision == KIND.place_tile and g.drawn == FOOD_COURT
    assert g.stack == [GAME_STORE]
    legal = {place(r, c, t) for r, c, t, _ in MALL.placements(FOOD_COURT)}
    assert set(g.legal) == legal and len(legal) > 3
    act(g, 0, place(0, 2, 1))  # joined to the Game Store's east hall
    k = len(PLAN)
    assert g.tiles[k] == [FOOD_COURT, 0, 2, 1, 1]
    squares = range(CELLS * k, CELLS * k + CELLS)
    food = TILES[FOOD_COURT]
    assert sum(g.zombies[i] for i in squares) == food.zombies == 6
    assert sum(g.life_tokens[i] for i in squares) == food.life == 3
    assert sum(g.bullet_tokens[i] for i in squares) == food.bullets == 1
    assert all(g.mall.store[i] == k for i in squares if g.zombies[i])  # in the store first


def test_z3_042_z3_060_z3b_21_tiles_join_the_mall_hall_to_hall():
    """Z3-042 "But, Z3 tiles must be attached to the mall.", Z3-060 "Hallways must still
    line up, though." and Z3B-21 "Tiles must join hall to hall.": a tile goes only
    beside the mall, with at least one hall joining a hall, and never with a hall
    against a wall."""
    mall = build(PLAN)
    assert mall.fit(GAME_STORE, (0, 2), 0) == 1  # its west hall meets the Game Store's east
    assert mall.fit(GAME_STORE, (0, 2), 1) == 0  # turned, walls meet that hall
    assert mall.fit(GAME_STORE, (0, 4), 0) == 0  # not beside the mall
    assert mall.fit(GAME_STORE, (1, 0), 0) == 0  # under the Front Door: wall to wall, no join
    for r, c, t, _ in mall.placements(FOOD_COURT):
        halls = turned(FOOD_COURT, t).halls
        joins = [
            s
            for s, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1)))
            if (r + dr, c + dc) in mall.at and halls[s]
        ]
        assert joins


def test_z3b_22_a_tile_that_fits_nowhere_is_discarded():
    """Z3B-22 "A tile that cannot be placed is discarded.": three dead-end stores close
    every hall of the Front Door; a drawn store fits nowhere and is discarded, the turn
    goes on."""
    dept = tile("Department Store")
    closed = (
        (FRONT_DOOR, 0, 0, 0, 1),
        (dept, -1, 0, 0, 1),
        (dept, 0, 1, 1, 1),
        (dept, 0, -1, 3, 1),
    )
    for kind, r, c, t, _ in closed[1:]:
        assert build(closed[: closed.index((kind, r, c, t, 1))]).fit(kind, (r, c), t) == 1
    g = position(plan=closed, stack=[GAME_STORE])
    turn(g, 0, 0)
    assert g.lost_tiles == [GAME_STORE] and g.stack == [] and len(g.tiles) == 4
    assert KIND.place_tile not in {k for _, k, _ in g.asked}


def test_z3_043_once_the_stack_is_exhausted_no_tile_is_drawn():
    """Z3-043 "This includes the new "Helipad." Also, once a stack is exhausted,
    players must play from the other stack.": the Helipad too joins the mall; with the
    one stack of a standalone mall empty, step 1 is skipped."""
    g = position(stack=[])
    turn(g, 0, 0)
    assert KIND.place_tile not in {k for _, k, _ in g.asked} and len(g.tiles) == len(PLAN)
    pad = PLAN[8]
    assert pad[0] == HELIPAD
    assert any((pad[1] + dr, pad[2] + dc) in build(PLAN[:8]).at for dr, dc in ((1, 0), (0, 1)))


def test_z3_053_everything_beyond_the_escalator_is_the_second_floor():
    """Z3-053 "When it is drawn, it is played like any other mall tile except that
    everything attached to it is on the second floor of the mall.": the Escalator
    stands on a first-floor hall by its foot; the tile on its top side is the second
    floor, and so is every tile joined to the second floor after it."""
    before = build(BEFORE_ESCALATOR)
    assert before.fit(ESCALATOR, (-2, 0), 0) == 1  # the foot (south) on the crossroads
    assert before.fit(ESCALATOR, (-2, 0), 2) == 0  # its top may not stand on the first floor
    assert [t[4] for t in PLAN] == [1, 1, 1, 1, 1, 1, 2, 2, 2, 2]
    assert MALL.floor_across(ESC, 0) == 2 and MALL.floor_across(ESC, 2) == 1
    # a tile joining the second floor is second floor, even beside first-floor tiles
    assert MALL.fit(FOOD_COURT, (-3, 2), 1) == 2


def test_z3_054_first_floor_stores_never_touch_second_floor_stores():
    """Z3-054 "Stores on the first floor MAY NOT attach to stores on the second floor.":
    a first-floor Appliance Store that fits by its halls and walls is refused beside a
    second-floor Game Store, and accepted where that store is not."""
    base = (
        (FRONT_DOOR, 0, 0, 0, 1),
        (ESCALATOR, -1, 0, 0, 1),  # foot on the Front Door's north hall
        (CROSSROADS, -2, 0, 0, 2),
        (CROSSROADS, 0, 1, 0, 1),  # first floor, east of the Front Door
    )
    upper = base + ((GAME_STORE, -2, 1, 0, 2),)  # second floor, its wall side south
    for i in range(1, len(upper)):
        kind, r, c, t, floor = upper[i]
        assert build(upper[:i]).fit(kind, (r, c), t) == floor
    assert build(base).fit(APPLIANCE, (-1, 1), 0) == 1
    assert build(upper).fit(APPLIANCE, (-1, 1), 0) == 0


def test_z3_055_z3_064_the_helipad_goes_only_on_the_second_floor():
    """Z3-055 "Additionally, the mall helipad MUST be attached to the second floor." and
    Z3-064 "As stated earlier, the Helipad may only be attached to the second floor of
    the mall.": no first-floor spot takes it, even one where its hall would join."""
    assert build(BEFORE_ESCALATOR).placements(HELIPAD) == ()
    upper = build(PLAN[:8])
    spots = upper.placements(HELIPAD)
    assert spots and all(floor == 2 for *_, floor in spots)
    assert upper.fit(HELIPAD, (-1, 1), 1) == 0  # its hall would join the crossroads
    assert (-4, 0, 0, 2) in spots


def test_z3_065_a_helipad_drawn_too_early_is_shuffled_back():
    """Z3-065 "If it appears before the Escalator tile, simply shuffle it back into the
    tile stack.": it goes back at a random place below the top (here the bottom) and the
    player draws the next tile."""
    g = position(plan=BEFORE_ESCALATOR, stack=[GAME_STORE, HELIPAD])
    turn(g, 0, 0)  # 0: the Helipad goes back under the one tile left
    assert g.decision == KIND.place_tile and g.drawn == GAME_STORE
    assert g.stack == [HELIPAD] and g.lost_tiles == []


def test_z3b_29_z3b_30_the_helipad_is_discarded_when_the_tiles_run_out():
    """Z3B-29 "If the Helipad comes before the Escalator it is shuffled back." and Z3B-30
    "If the Helipad cannot be placed once mall tiles run out, it is discarded.": the
    Helipad drawn with other tiles left goes back; as the last tile, with no place on a
    second floor, it is lost."""
    g = position(plan=BEFORE_ESCALATOR, stack=[GAME_STORE, HELIPAD])
    turn(g, 0, 0)
    assert g.stack == [HELIPAD]
    g = position(plan=BEFORE_ESCALATOR, stack=[HELIPAD])
    turn(g, 0, 0)
    assert g.lost_tiles == [HELIPAD] and g.stack == []
    assert KIND.place_tile not in {k for _, k, _ in g.asked}


def test_z3_066_z3_067_the_helipad_beside_a_store_is_reached_through_the_ducts():
    """Z3-066 "Also, the Helipad may be attached to a hallway or to the outside of a
    store." and Z3-067 "This is possible because players may reach the helipad via the
    ductwork.": the Helipad may lie against the Costume Shop's back wall with its hall
    facing nothing; the Costume Shop's duct then reaches it."""
    upper = PLAN[:8]
    mall = build(upper)
    floor = mall.fit(HELIPAD, (-4, 1), 2)  # its hall north, its south wall on the shop
    assert floor == 2
    with_pad = build(upper + ((HELIPAD, -4, 1, 2, 2),))
    pad = len(upper)
    assert pad in with_pad.links[COSTUME] and COSTUME in with_pad.links[pad]
    assert all(j < 0 or j // CELLS == pad for i in range(CELLS * pad, CELLS * pad + CELLS)
               if with_pad.char[i] for j in with_pad.nbr[i])  # fmt: skip
    g = position(plan=upper + ((HELIPAD, -4, 1, 2, 2),), at={0: (-9, 5)})
    g.duct[0] = 1
    turn(g, 0)
    assert g.decision == KIND.start_move
    assert sq(-9, 5) == with_pad.duct[COSTUME]
