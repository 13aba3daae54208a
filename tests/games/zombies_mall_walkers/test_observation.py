"""The Mall Walkers observation: one size for a mall that grows, proved to hold every
legal mall, and each block holding what the docs say on hand-built positions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.games.zombies_mall_walkers.positions import (
    DEPARTMENT,
    PAD,
    PET_STORE,
    PLAN,
    position,
    sq,
)
from zombie_envs.core.tiles import beside
from zombie_envs.games.zombies_mall_walkers import MallWalkers
from zombie_envs.games.zombies_mall_walkers.actions import A_PLACE, A_USE
from zombie_envs.games.zombies_mall_walkers.cards import KINDS, NAMES
from zombie_envs.games.zombies_mall_walkers.declaration import GAME, KIND
from zombie_envs.games.zombies_mall_walkers.mall import (
    CELLS,
    CROSSROADS,
    FRONT_DOOR,
    HELIPAD,
    MAX_SQUARES,
    MAX_TILES,
    TILES,
    WINDOW_RADIUS,
    build,
    placement_at,
    placement_index,
)
from zombie_envs.games.zombies_mall_walkers.observe import (
    COUNTS,
    EDGE_CODES,
    OBS,
    PER_SEAT,
    SQUARE_OFFSET,
    STATE,
    TILE_FIELDS,
    TILE_OFFSET,
)
from zombie_envs.testing import Dice

SCENARIOS = GAME.options[0].choices


def view(g, seat: int) -> dict[str, np.ndarray]:
    return OBS.views(g.observation(seat))


def state_view(g) -> dict[str, np.ndarray]:
    return STATE.views(g.state_vector())


def counts(v) -> dict[str, int]:
    return dict(zip(COUNTS, v["counts"].tolist(), strict=True))


def seat_row(v, rel: int) -> dict[str, int]:
    return dict(zip(PER_SEAT, v["seats"][rel].tolist(), strict=True))


# ----- the bound ---------------------------------------------------------------------------
def test_the_state_is_the_observation_and_the_secrets():
    assert [b.name for b in STATE.blocks[: len(OBS.blocks)]] == [b.name for b in OBS.blocks]
    assert STATE.blocks[len(OBS.blocks) - 1].stop == OBS.size
    assert {b.name for b in STATE.blocks[len(OBS.blocks) :]} == {
        "all_hands",
        "deck_cards",
        "deck_top",
        "stack_order",
    }
    assert MallWalkers.obs_layout is OBS and MallWalkers.state_layout is STATE


def decoded_tiles(v) -> list[tuple[int, ...]]:
    """The placed tiles as the observation gives them: (kind, row, col, turns, floor)."""
    out = []
    for k in range(MAX_TILES):
        placed, row, col, turns, floor, _ = v["tiles"][k].tolist()
        if not placed:
            assert not v["tile_kind"][k].any()
            continue
        (kind,) = np.flatnonzero(v["tile_kind"][k])
        out.append((int(kind), row - TILE_OFFSET, col - TILE_OFFSET, turns, floor))
    return out


def check_the_bound(g) -> None:
    """Every placed tile has a slot and fits the window; every square's coordinates
    and every entry stay inside 0..127, and the tiles read back from the vector."""
    assert len(g.tiles) <= MAX_TILES
    for k, (_, row, col, _, _) in enumerate(g.tiles):
        assert abs(row) + abs(col) <= min(k, WINDOW_RADIUS)
    for i in g.mall.squares:
        r, c = g.mall.rc[i]
        assert 0 <= r + SQUARE_OFFSET <= 127 and 0 <= c + SQUARE_OFFSET <= 127
    for seat in range(g.num_players):
        o = g.observation(seat)
        assert o.min() >= 0  # an entry past 127 would wrap to a negative int8
        assert decoded_tiles(OBS.views(o)) == [tuple(t) for t in g.tiles]
    assert g.state_vector().min() >= 0


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_legal_mall_leaves_the_encoding(scenario):
    """The tile count bounds the mall: every tile is placed touching a placed tile,
    so the k-th tile lies at most k tile steps from the Front Door; the game has
    ``MAX_TILES`` = 16 tiles, so at most 16 slots, rows and columns in -15..15 (0..30
    in the vector) and squares in -45..47 (0..92).  Random games of every player
    count fill the mall and stay inside it."""
    full = 0
    for seed in range(10):
        n = 2 + seed % 5
        g = MallWalkers(n, seed=seed, scenario=scenario, helipad=("shuffled", "bottom")[seed % 2])
        rng = random.Random(seed)
        step = 0
        while not g.terminal:
            if step % 25 == 0 or g.decision == KIND.place_tile:
                check_the_bound(g)
            g.apply(rng.choice(g.legal))
            step += 1
        check_the_bound(g)
        full += len(g.tiles) + len(g.lost_tiles) == MAX_TILES
    assert full >= 5  # most games place (or discard) every tile


@pytest.mark.parametrize("side", range(4))
def test_the_farthest_mall_fits(side):
    """A straight line of halls out of the Front Door reaches the window's edge: its
    last tile lies 15 steps away, and the vector still holds it and its squares."""
    tiles = [[FRONT_DOOR, 0, 0, 0, 1]]
    for _ in range(1, MAX_TILES):
        r, c = beside(tuple(tiles[-1][1:3]), side)
        tiles.append([CROSSROADS, r, c, 0, 1])
    assert build(tuple(map(tuple, tiles))).placements(CROSSROADS)  # every one is legal
    g = position(n=3)
    g.tiles = tiles
    g.attach()
    g.pos = [g.mall.start] * 3
    check_the_bound(g)
    v = view(g, 0)
    far = v["tiles"][MAX_TILES - 1].tolist()
    assert abs(far[1] - TILE_OFFSET) + abs(far[2] - TILE_OFFSET) == WINDOW_RADIUS
    assert v["square"].sum() == len(g.mall.squares)


# ----- the blocks on a hand-built position ----------------------------------------------------
def test_tiles_and_squares_describe_the_test_mall():
    g = position(n=2)
    v = view(g, 0)
    assert decoded_tiles(v) == list(PLAN)
    assert v["tiles"][len(PLAN) :].sum() == 0 and v["tile_kind"][len(PLAN) :].sum() == 0
    mall = g.mall
    assert np.flatnonzero(v["square"]).tolist() == list(mall.squares)
    for i in mall.squares:
        r, c = mall.rc[i]
        assert (v["row"][i], v["col"][i]) == (r + SQUARE_OFFSET, c + SQUARE_OFFSET)
        assert v["floor"][i] == PLAN[i // CELLS][4]
        assert v["hall"][i] + v["store"][i] + v["roof"][i] == 1
        assert v["hall"][i] == (mall.where(i) == "hall")
        assert v["roof"][i] == (mall.where(i) == "helipad")
    assert np.flatnonzero(v["start"]).tolist() == [sq(1, 1)] == [mall.start]
    assert np.flatnonzero(v["centre"]).tolist() == [sq(-11, 1)]
    assert set(np.flatnonzero(v["duct"])) == {d for d in mall.duct if d >= 0}
    assert v["floor"][sq(-11, 1)] == 2 and v["floor"][sq(-3, 1)] == 1
    # the Front Door's start square: halls west and east, a wall south, the crossroads north
    start = sq(1, 1)
    assert [v[f"edge_{s}"][start] for s in ("north", "east", "south", "west")] == [
        EDGE_CODES["open"],
        EDGE_CODES["open"],
        EDGE_CODES["wall"],
        EDGE_CODES["open"],
    ]
    # the Game Store's hall leaves the mall eastward: a hall end; its doorway is a door
    assert v["edge_east"][sq(1, 5)] == EDGE_CODES["hall_end"]
    assert v["edge_north"][sq(1, 4)] == EDGE_CODES["door"]
    assert v["edge_south"][sq(0, 4)] == EDGE_CODES["door"]
    # a hall end joined by a tile is open: the crossroads meets the Front Door
    assert v["edge_south"][sq(-1, 1)] == EDGE_CODES["open"]
    for i in mall.squares:
        for side, name in enumerate(("north", "east", "south", "west")):
            assert (v[f"edge_{name}"][i] in (0, 1)) == (mall.nbr[i][side] >= 0)


def test_pieces_tokens_and_seats():
    g = position(
        n=3,
        at={0: (-2, 1), 1: (-2, 1), 2: (0, 4)},
        zombies=[(-2, 2), (0, 3)],
        life={1: 5},
        bullets={2: 7},
        trophies={0: 4},
        hands={0: ["Crossbow", "Jammed", "Jammed"], 1: ["Lucky Shot"], 2: []},
        items={2: ["Crossbow", "I Will Survive!"]},
        life_tokens={(-2, -2): 2},
        bullet_tokens={(0, 5): 1},
        rescue_tokens={(1, 4): 1},
        discard=["Sprinkler System", "Sprinkler System", "Jammed"],
        deck=["Lucky Shot"],
        stack=[HELIPAD, CROSSROADS],
    )
    g.rescued[1] = 2
    g.keeper, g.keys_at = 2, -1
    g.jammed[0], g.unlucky[1], g.duct[2], g.played[0] = 1, 1, 1, 1
    g.barricades = [[DEPARTMENT, 1]]
    g.round, g.first, g.active = 7, 1, 2
    for seat in range(3):
        v = view(g, seat)
        assert v["my_seat"].tolist() == [int(s == seat) for s in range(6)]
        assert v["in_game"].tolist() == [1, 1, 1, 0, 0, 0]
        assert np.flatnonzero(v["active"]).tolist() == [(2 - seat) % 3]
        assert np.flatnonzero(v["first"]).tolist() == [(1 - seat) % 3]
        assert v["hand"].tolist() == g.hands[seat]
        for s in range(3):
            row = seat_row(v, (s - seat) % 3)
            r, c = g.mall.rc[g.pos[s]]
            assert row["life"] == g.life[s] and row["bullets"] == g.bullets[s]
            assert row["trophies"] == g.trophies[s] and row["hand_size"] == sum(g.hands[s])
            assert row["rescued"] == g.rescued[s] and row["keeper"] == (s == 2)
            assert (row["jammed"], row["unlucky"], row["duct"], row["played"]) == (
                g.jammed[s],
                g.unlucky[s],
                g.duct[s],
                g.played[s],
            )
            assert row["barricade"] == (s == 1)
            assert (row["tile"], row["cell"]) == divmod(g.pos[s], CELLS)
            assert (row["row"], row["col"]) == (r + SQUARE_OFFSET, c + SQUARE_OFFSET)
            assert v["items"][(s - seat) % 3].tolist() == g.items[s]
        assert np.flatnonzero(v["zombies"]).tolist() == sorted([sq(-2, 2), sq(0, 3)])
        assert v["life_tokens"][sq(-2, -2)] == 2 and v["life_tokens"].sum() == 2
        assert v["bullet_tokens"][sq(0, 5)] == 1 and v["bullet_tokens"].sum() == 1
        assert v["rescue_tokens"][sq(1, 4)] == 1
        assert v["me"][g.pos[seat]] == 1 and v["me"].sum() == 1
        assert v["others"].sum() == 2
        assert v["others"][g.pos[seat]] == (1 if seat in (0, 1) else 0)
        assert v["discard_pile"][NAMES.index("Sprinkler System")] == 2
        assert v["discard_pile"].sum() == 3
        assert v["stack_tiles"][HELIPAD] == 1 and v["stack_tiles"][CROSSROADS] == 1
        assert v["tiles"][DEPARTMENT][TILE_FIELDS.index("barricaded")] == 1
        assert v["tiles"][:, TILE_FIELDS.index("barricaded")].sum() == 1
        c = counts(v)
        assert (c["round"], c["max_rounds"], c["stack"], c["deck"], c["discard"]) == (
            7, 60, 2, 1, 3,
        )  # fmt: skip
        assert c["zombies"] == 2 and c["tiles_placed"] == len(PLAN) and c["keys_in_play"] == 1
        assert c["helipad_at_bottom"] == 0  # shuffled in: nobody knows where it lies
    g.options = {**g.options, "helipad": "bottom"}
    assert counts(view(g, 0))["helipad_at_bottom"] == 1


def test_the_tile_being_placed_and_where_it_may_go():
    """The ``placements`` block lists, beside each tile, what the ``place`` actions allow."""
    g = position(n=2, stack=[tile_kind("Food Court")])
    g.push(("draw_tile",))
    g._run()
    assert g.decision == KIND.place_tile
    for seat in range(2):
        v = view(g, seat)
        assert np.flatnonzero(v["drawn"]).tolist() == [tile_kind("Food Court")]
        assert from_block(g, v["placements"]) == from_legal(g)
        assert set(v["placements"].ravel()) <= {0, 1, 2}


def tile_kind(name: str) -> int:
    return next(k for k, t in enumerate(TILES) if t.name == name)


def from_block(g, block) -> set[tuple[int, int, int, int]]:
    """(row, col, turns, floor) of every placement the block gives."""
    out = set()
    for k, side, turns in zip(*np.nonzero(block), strict=True):
        row, col = beside(tuple(g.tiles[k][1:3]), int(side))
        out.add((row, col, int(turns), int(block[k, side, turns])))
    return out


def from_legal(g) -> set[tuple[int, int, int, int]]:
    out = set()
    for a in g.legal:
        r, c, t = placement_at(a - A_PLACE)
        out.add((r, c, t, g.mall.fit(g.drawn, (r, c), t)))
    return out


def test_placements_follow_the_mask_in_random_games():
    seen = 0
    for seed in range(4):
        g = MallWalkers(3, seed=seed)
        rng = random.Random(seed)
        while not g.terminal:
            v = view(g, (g.current_player + 1) % 3)  # another seat sees them too
            if g.decision == KIND.place_tile:
                assert from_block(g, v["placements"]) == from_legal(g)
                for r, c, t, _ in from_block(g, v["placements"]):
                    assert A_PLACE + placement_index(r, c, t) in g.legal
                seen += 1
            else:
                assert not v["placements"].any() and not v["drawn"].any()
            g.apply(rng.choice(g.legal))
    assert seen > 20


def test_the_pending_decision_fight_and_card():
    g = position(n=3, at={0: (-2, 1)}, zombies=[(-2, 1)], items={0: ["Crossbow"]}, bullets={0: 0})
    g.rng = Dice(0, 0)
    g.push(("fight_zombie", sq(-2, 1)))
    g._run()
    assert g.decision == KIND.fight
    v = view(g, 1)
    assert v["decision"].tolist() == list(GAME.one_hot()[KIND.fight])
    assert np.flatnonzero(v["to_act"]).tolist() == [2]  # seat 0, two seats after seat 1
    assert np.flatnonzero(v["fight"]).tolist() == [sq(-2, 1)]
    c = counts(v)
    assert (c["fighting"], c["fight_die"], c["fight_bonus"]) == (1, 1, 0)
    crossbow = NAMES.index("Crossbow")
    g.apply(A_USE + crossbow)  # +1: a 2 still misses, the Crossbow stays the fight's weapon
    v = view(g, 1)
    assert np.flatnonzero(v["fight_weapon"]).tolist() == [crossbow]


def test_keys_and_duel():
    g = position(n=3, at={0: (-2, 1), 1: (-2, 1)}, scenario="keys")
    g.keeper, g.keys_at = -1, sq(-5, 1)
    v = view(g, 2)
    assert np.flatnonzero(v["keys"]).tolist() == [sq(-5, 1)]
    assert not any(seat_row(v, r)["keeper"] for r in range(3))
    g.keeper, g.keys_at, g.duel = 1, -1, [0, 2, 5]
    v = view(g, 2)
    assert not v["keys"].any() and seat_row(v, 2)["keeper"] == 1  # seat 1 is two after seat 2
    assert np.flatnonzero(v["duel_challenger"]).tolist() == [1]  # seat 0, one after seat 2
    c = counts(v)
    assert (c["duel_challenger_roll"], c["duel_keeper_roll"]) == (2, 5)
    assert v["scenario"].tolist() == [int(s == "keys") for s in SCENARIOS]


def test_the_state_vector_adds_every_hand_the_deck_and_the_stack_order():
    g = position(
        n=3,
        hands={0: ["Crossbow"], 1: ["Jammed", "Jammed"], 2: ["Lucky Shot"]},
        deck=["Sprinkler System", "Crossbow", "Lucky Shot"],
        stack=[HELIPAD, CROSSROADS, tile_kind("Food Court")],
    )
    v = state_view(g)
    for s in range(3):
        assert v["all_hands"][s].tolist() == g.hands[s]
    assert v["all_hands"][3:].sum() == 0
    assert v["hand"].tolist() == g.hands[0]  # seat 0's view, plus the secrets
    assert v["deck_cards"][NAMES.index("Crossbow")] == 1 and v["deck_cards"].sum() == 3
    assert np.flatnonzero(v["deck_top"]).tolist() == [NAMES.index("Lucky Shot")]
    order = [int(np.flatnonzero(row)[0]) for row in v["stack_order"] if row.any()]
    assert order == [tile_kind("Food Court"), CROSSROADS, HELIPAD]  # the next tile first
    for s in range(3):
        o = OBS.views(g.observation(s))
        assert o["hand"].tolist() == g.hands[s]


def test_counts_are_capped_at_127():
    g = position(n=2, bullets={0: 300}, max_rounds=500)
    v = view(g, 0)
    assert seat_row(v, 0)["bullets"] == 127 and counts(v)["max_rounds"] == 127
    assert g.observation(1).min() >= 0


def test_every_square_block_has_one_entry_per_square_id():
    for block in OBS.blocks:
        if block.name in ("zombies", "square", "edge_west", "others"):
            assert block.size == MAX_SQUARES
    assert OBS["hand"].size == KINDS
    assert OBS["placements"].shape == (MAX_TILES, 4, 4)
    assert PET_STORE < PAD < MAX_TILES
