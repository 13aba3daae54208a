"""The mall's tiles and their placement, whole random games, copies and resampling."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest

from zombie_envs import zombies_mall_walkers_v0
from zombie_envs.core.tiles import SIDES, beside, opposite, rotate
from zombie_envs.core.walls import ARROW
from zombie_envs.games.zombies_mall_walkers import MallWalkers
from zombie_envs.games.zombies_mall_walkers.actions import A_PLACE
from zombie_envs.games.zombies_mall_walkers.cards import KINDS, event_deck
from zombie_envs.games.zombies_mall_walkers.mall import (
    ALL_TILES,
    CELLS,
    CROSSROADS,
    ESCALATOR,
    FRONT_DOOR,
    HELIPAD,
    MAX_SQUARES,
    MAX_TILES,
    NAMES,
    TILE_SIZE,
    TILES,
    WINDOW,
    WINDOW_RADIUS,
    Mall,
    build,
    placement_at,
    rotations,
    turned,
)
from zombie_envs.games.zombies_mall_walkers.text import fitting
from zombie_envs.testing import MAX_DECISIONS, random_play

SCENARIOS = ("standard", "search_and_rescue", "keys")


def is_store(kind: int) -> bool:
    return TILES[kind].kind in ("store", "helipad")


def grown(seed: int, count: int = MAX_TILES):
    """A mall grown at random by the placement rules, and the kinds that fit nowhere."""
    rng = random.Random(seed)
    tiles = ((FRONT_DOOR, 0, 0, 0, 1), (CROSSROADS, -1, 0, 0, 1))
    stack = list(ALL_TILES)
    stack.remove(FRONT_DOOR)
    stack.remove(CROSSROADS)
    rng.shuffle(stack)
    lost = []
    while stack and len(tiles) < count:
        kind = stack.pop()
        options = build(tiles).placements(kind)
        if options:
            tiles += ((kind, *rng.choice(options)),)
        else:
            lost.append(kind)
    return build(tiles), lost


MALLS = [grown(seed)[0] for seed in range(150)]


def test_the_sixteen_tiles():
    assert MAX_TILES == 16 and len(ALL_TILES) == 16 and MAX_SQUARES == 144
    names = [NAMES[k] for k in ALL_TILES]
    assert names.count("Four-Way Hall") == 3
    assert sum(1 for k in ALL_TILES if TILES[k].kind == "store") == 10
    assert sorted(TILES[k].store_spaces for k in ALL_TILES if TILES[k].kind == "store") == [
        3, 3, 3, 3, 3, 5, 5, 5, 7, 7,
    ]  # fmt: skip
    for kind, tile in enumerate(TILES):
        assert tile.piece.char.count("@") == (tile.kind in ("store", "helipad"))
        assert len(rotations(kind)) == (1 if kind == CROSSROADS else 4)


def test_the_game_stores_duct_is_on_its_door_square():
    game = TILES[NAMES.index("Game Store")].piece
    duct = game.char.index("@")
    assert any(game.side(duct, side) == "door" for side in range(4))


def test_turning_a_tile_turns_its_halls_as_core_tiles_does():
    for kind in range(len(TILES)):
        base = turned(kind, 0).halls
        for turns in range(4):
            t = turned(kind, turns)
            assert t.halls == rotate(base, turns)
            for side in range(4):
                middle = (1, 5, 7, 3)[side]
                assert (t.hall_cell[side] == middle) == t.halls[side]
            if kind == ESCALATOR:
                assert t.foot == (2 + turns) % 4  # the foot is drawn on the south side
    grid = TILES[FRONT_DOOR].piece
    assert {side for _, side, kind in grid.openings if kind == ARROW} == {0, 1, 3}


def test_the_window_holds_every_legal_mall():
    """Every tile is placed touching a placed tile, so the k-th tile placed (the Front
    Door 0th at (0, 0)) lies at most k steps (|row| + |col|) from it: 16 tiles never
    leave the diamond of radius 15, which has 481 positions."""
    assert WINDOW_RADIUS == MAX_TILES - 1 and len(WINDOW) == 481
    for mall in MALLS:
        for k, (_, row, col, _, _) in enumerate(mall.tiles):
            assert abs(row) + abs(col) <= k
            if k:
                assert any(beside((row, col), s) in mall.at for s in range(4))
    # the bound is reached: a straight line of hall tiles out of the Front Door
    line = ((FRONT_DOOR, 0, 0, 0, 1),) + tuple(
        (CROSSROADS, 0, c, 0, 1) for c in range(1, MAX_TILES)
    )
    assert max(abs(r) + abs(c) for _, r, c, _, _ in line) == WINDOW_RADIUS
    assert build(line).placements(CROSSROADS)


def test_placements_are_legal_and_complete():
    """Every listed placement fits (halls line up, a hall joins, one floor, no store
    beside a store of the other floor, the Helipad on the second floor) and every
    position and rotation of the window that fits is listed."""
    for mall in MALLS[:40]:
        for kind in range(len(TILES)):
            listed = {(r, c, t): f for r, c, t, f in mall.placements(kind)}
            for pos in WINDOW:
                for turns in rotations(kind):
                    floor = mall.fit(kind, pos, turns)
                    assert (floor > 0) == ((*pos, turns) in listed)
                    if floor:
                        check_fit(mall, kind, pos, turns, floor)


def check_fit(mall, kind, pos, turns, floor):
    t = turned(kind, turns)
    joined = []
    for side in range(4):
        k = mall.at.get(beside(pos, side))
        if k is None:
            continue
        o_kind, _, _, o_turns, o_floor = mall.tiles[k]
        assert turned(o_kind, o_turns).halls[opposite(side)] == t.halls[side]
        if t.halls[side]:
            joined.append(mall.floor_across(k, opposite(side)))
        if is_store(kind) and is_store(o_kind):
            assert o_floor == floor
    assert set(joined) <= {floor if kind != ESCALATOR else 1}
    assert joined or kind == HELIPAD
    if kind == HELIPAD:
        assert floor == 2


def test_floors_follow_the_escalator():
    """Everything joined to the Escalator's top side and beyond is the second floor;
    first-floor halls never join second-floor ones except through the Escalator."""
    seen_second = 0
    for mall in MALLS:
        for k, (kind, row, col, turns, floor) in enumerate(mall.tiles):
            if floor == 2:
                seen_second += 1
                assert mall.escalator >= 0 and k > mall.escalator
            t = turned(kind, turns)
            for side in range(4):
                j = mall.at.get(beside((row, col), side))
                if j is None or not t.halls[side]:
                    continue
                if kind == ESCALATOR:
                    assert mall.tiles[j][4] == (1 if side == t.foot else 2)
                elif mall.tiles[j][0] != ESCALATOR:
                    assert mall.tiles[j][4] == floor
    assert seen_second > 50


def test_the_helipad_only_on_the_second_floor():
    placed = 0
    for mall in MALLS:
        kinds = [kind for kind, *_ in mall.tiles]
        if HELIPAD in kinds:
            placed += 1
            k = kinds.index(HELIPAD)
            assert mall.tiles[k][4] == 2 and ESCALATOR in kinds[:k]
            assert mall.centre == CELLS * k + turned(HELIPAD, mall.tiles[k][3]).centre
        else:
            assert mall.centre == -1
    assert placed > 30
    first_floor_only = build(((FRONT_DOOR, 0, 0, 0, 1), (CROSSROADS, -1, 0, 0, 1)))
    assert first_floor_only.placements(HELIPAD) == ()


def test_steps_are_symmetric_and_follow_the_halls():
    for mall in MALLS[:40]:
        for i in mall.squares:
            r, c = mall.rc[i]
            for d, j in enumerate(mall.nbr[i]):
                if j < 0:
                    continue
                assert mall.nbr[j][opposite(d)] == i
                assert mall.rc[j] == (r + SIDES[d][0], c + SIDES[d][1])
                if j // CELLS != i // CELLS:  # between tiles: only hall to hall
                    assert mall.char[i] in ".S" or mall.store[i] >= 0
        # every square is reachable from the Front Door on foot or by duct
        reached, todo = {mall.start}, [mall.start]
        while todo:
            i = todo.pop()
            near = [j for j in mall.nbr[i] if j >= 0]
            k = mall.store[i]
            if k >= 0 and mall.duct[k] == i:
                near += [mall.duct[j] for j in mall.links[k]]
            for j in near:
                if j not in reached:
                    reached.add(j)
                    todo.append(j)
        assert reached == set(mall.squares)


def test_ducts_link_touching_stores_of_one_floor_diagonals_included():
    diagonal = 0
    for mall in MALLS:
        for k, links in enumerate(mall.links):
            _, row, col, _, floor = mall.tiles[k]
            for j in links:
                _, r, c, _, f = mall.tiles[j]
                assert max(abs(r - row), abs(c - col)) == 1 and f == floor
                assert k in mall.links[j] and mall.duct[j] >= 0
                diagonal += abs(r - row) == abs(c - col) == 1
            for j, (_, r, c, _, f) in enumerate(mall.tiles):
                if j != k and max(abs(r - row), abs(c - col)) == 1 and f == floor:
                    assert (j in links) == (mall.duct[j] >= 0 and mall.duct[k] >= 0)
    assert diagonal > 0


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_end(num_players, scenario):
    for seed in range(2):
        g = MallWalkers(num_players, seed=seed, scenario=scenario, max_rounds=30)
        actions = random_play(g, random.Random(seed))
        assert g.terminal and len(actions) < MAX_DECISIONS
        assert (g.winner >= 0) != (g.truncated and g.round == 30)
        check_accounting(g)


def check_accounting(g):
    """Every event card is somewhere, once; the tiles are all placed, stacked or lost."""
    in_hands = [k for hand in g.hands for k in range(KINDS) for _ in range(hand[k])]
    in_play = [k for items in g.items for k in range(KINDS) for _ in range(items[k])]
    assert sorted(g.deck + g.discard + in_hands + in_play) == sorted(event_deck())
    placed = [kind for kind, *_ in g.tiles]
    drawn = [g.drawn] if g.drawn >= 0 else []
    assert sorted(placed + g.stack + g.lost_tiles + drawn) == sorted(ALL_TILES)
    assert all(0 <= life <= 5 for life in g.life)  # 0: killed, back at its next turn
    assert sum(g.zombies) == sum(1 for i in g.mall.squares if g.zombies[i])


def test_the_round_cap_is_a_pettingzoo_truncation():
    """Assumed: after round ``max_rounds`` the env truncates the game (every agent's
    ``truncations`` flag, no termination) and nobody wins: 0 reward each."""
    env = zombies_mall_walkers_v0.env(num_players=3, max_rounds=2)
    env.reset(seed=4)
    rng = random.Random(4)
    ends = {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            ends[agent] = (termination, truncation, reward)
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    g = env.unwrapped.game
    assert g.winner < 0 and g.round == 2 and g.final_winners() == []
    assert ends == dict.fromkeys(env.possible_agents, (False, True, 0.0))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_clones_and_dicts_replay_the_game(scenario):
    for seed in range(2):
        g = MallWalkers(4, seed=seed, scenario=scenario, helipad=("shuffled", "bottom")[seed])
        rng = random.Random(seed)
        step = 0
        while not g.terminal:
            if step % 13 == 0:
                c = g.clone()
                d = MallWalkers.from_dict(json.loads(json.dumps(g.to_dict())))
                assert c.to_dict() == d.to_dict() == g.to_dict()
                tail = random_play(g.clone(), random.Random(step), 40)
                for other in (c, d):
                    for a in tail:
                        other.apply(a)
                ref = g.clone()
                for a in tail:
                    ref.apply(a)
                assert c.to_dict() == d.to_dict() == ref.to_dict()
            g.apply(rng.choice(g.legal))
            step += 1


def view(g, seat):
    """All a seat may see: everything on the table, its own hand, every hand's size,
    the stack's and deck's sizes, the pending decision (and its options when the
    seat decides)."""
    fields = [name for group in g.FIELDS.values() for name in group]
    public = {name: getattr(g, name) for name in fields if name not in ("stack", "deck", "hands")}
    return (
        public,
        g.hands[seat],
        [sum(h) for h in g.hands],
        len(g.stack),
        len(g.deck),
        g.options["helipad"] == "bottom" and g.stack[:1] == [HELIPAD],
        (g.current_player, g.decision, g.terminal),
        g.legal if g.current_player == seat else None,
    )


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_resample_keeps_the_seats_view_and_redraws_the_rest(scenario):
    rng = random.Random(1)
    varied = set()
    for seed in range(2):
        g = MallWalkers(3, seed=seed, scenario=scenario, helipad=("shuffled", "bottom")[seed])
        play = random.Random(seed)
        step = 0
        while not g.terminal:
            if step % 17 == 0:
                before = g.to_dict()
                for seat in range(3):
                    r = g.resample(seat, rng)
                    assert view(r, seat) == view(g, seat)
                    assert r.rng.getstate() != g.rng.getstate()
                    if r.current_player >= 0:
                        assert r.legal  # the pending decision is posed again from the redrawn hand
                    varied |= {
                        name
                        for name, f in (
                            (
                                "other hands",
                                lambda x, s=seat: [h for p, h in enumerate(x.hands) if p != s],
                            ),
                            ("deck", lambda x, s=seat: x.deck),
                            ("stack", lambda x, s=seat: x.stack),
                        )
                        if f(r) != f(g)
                    }
                    random_play(r, random.Random(step), 30)
                assert g.to_dict() == before
            g.apply(play.choice(g.legal))
            step += 1
    assert varied == {"other hands", "deck", "stack"}


def test_tile_placements_are_named():
    g = MallWalkers(2, seed=0)
    assert g.decision == "place_tile"
    name = g.action_name(g.legal[0])
    r, c, t = placement_at(g.legal[0] - A_PLACE)
    squares = f"({3 * r},{3 * c})..({3 * r + 2},{3 * c + 2})"  # as the text map numbers them
    assert name == f"place {NAMES[g.drawn]} at ({r},{c}) rotated {90 * t}, on squares {squares}"


def test_a_mall_grown_by_a_tile_is_the_mall_of_its_tiles_and_the_smaller_stays_as_it_was():
    """Each mall of a game is the one before it with a tile laid (``build`` grows
    it): what it says of every square and tile is what the mall of those tiles
    built at once says, and the mall it grew from is not changed."""
    names = (*Mall.PER_SQUARE, "ids", "at", "duct", "links", "squares")
    names += ("start", "centre", "escalator", "tiles")

    def facts(m):
        """Each attribute as plain lists, in an order of its own."""
        out = {}
        for n in names:
            v = getattr(m, n)
            out[n] = sorted(v.items()) if isinstance(v, dict) else v
            out[n] = list(out[n]) if isinstance(out[n], tuple | list) else out[n]
        return out

    rng = random.Random(7)
    grown = 0
    for seed in range(6):
        g = MallWalkers(4, seed=seed)
        while not g.terminal:
            g.apply(rng.choice(g.legal))
        tiles = tuple(map(tuple, g.tiles))
        for k in range(2, len(tiles)):
            smaller = build(tiles[:k])
            before = facts(smaller)
            larger = smaller.grown(tiles[k])
            assert facts(larger) == facts(Mall(tiles[: k + 1]))
            assert facts(smaller) == before
            assert larger.placements(HELIPAD) == Mall(tiles[: k + 1]).placements(HELIPAD)
            grown += 1
    assert grown > 40


def test_a_placements_words_name_the_doorway_by_the_store_square_and_the_hall_square():
    """``doorway between r0c1 and r1c1``: one square alone would not say which of
    its sides the doorway is on."""
    for kind, tile in enumerate(TILES):
        for turns in range(4):
            fit = fitting(kind, 0, 0, turns)
            joined = re.findall(r"doorway between r(\d+)c(\d+) and r(\d+)c(\d+)", fit.words)
            assert len(joined) == (tile.kind == "store"), fit.words
            if joined:
                r0, c0, r1, c1 = map(int, joined[0])
                t = turned(kind, turns)
                assert abs(r1 - r0) + abs(c1 - c0) == 1
                # one is the store's, the other the hall's
                assert t.room[TILE_SIZE * r0 + c0] != t.room[TILE_SIZE * r1 + c1]
