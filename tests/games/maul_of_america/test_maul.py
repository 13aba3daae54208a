"""The Maul's eight faces and their assembly into a Maul."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from zombie_envs import compiled
from zombie_envs.core.grid import UNREACHABLE
from zombie_envs.core.tiles import SIDES, beside, frontier
from zombie_envs.core.walls import ARROW, DOOR, WINDOW, WallGrid
from zombie_envs.games.maul_of_america import maul
from zombie_envs.games.maul_of_america.maul import (
    FACE_SIZE,
    FACES,
    FACES_FILE,
    LEGEND,
    OTHER_SIDE,
    SECTION,
    SECTIONS,
    SLOTS,
    available,
    build,
    load_faces,
    placement_at,
    placement_index,
    placements,
    random_plan,
)

PLANS = [random_plan(random.Random(seed)) for seed in range(200)]
#: each face turned each way, as the Maul lays it
TURNED = {(f, t): FACES[f].piece.rotated(t) for f in range(len(FACES)) for t in range(4)}


def connected(grid: WallGrid) -> bool:
    return len(grid.reach(0, 4 * grid.size)) == grid.size - 1


def arrow_sides(grid: WallGrid) -> dict[int, list[int]]:
    """Side -> the positions along it (from its west or north end) of arrow squares."""
    out: dict[int, list[int]] = {}
    for i, side, kind in grid.openings:
        if kind == ARROW:
            out.setdefault(side, []).append(grid.rc[i][1 if side in (0, 2) else 0])
    return {side: sorted(k) for side, k in out.items()}


def across(grid: WallGrid, i: int, kind: str) -> list[int]:
    """The squares beside ``i`` across an edge of ``kind``."""
    r, c = grid.rc[i]
    return [
        grid.ids[r + dr, c + dc]
        for side, (dr, dc) in enumerate(SIDES)
        if (r + dr, c + dc) in grid.ids and grid.side(i, side) == kind
    ]


def test_the_eight_faces_are_the_two_sides_of_four_sections():
    ids = [face.name.split()[0] for face in FACES]
    assert ids == ["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B"]
    assert all(len(face.name.split()) > 2 for face in FACES)  # each with a store theme
    assert SECTION == (0, 0, 1, 1, 2, 2, 3, 3)
    assert OTHER_SIDE == (1, 0, 3, 2, 5, 4, 7, 6)
    assert available(()) == tuple(range(8))
    assert available(((3, 0, 0, 0), (4, 0, 1, 0))) == (0, 1, 6, 7)


@pytest.mark.parametrize("face", range(8), ids=[f.name.split()[0] for f in FACES])
def test_every_face_is_laid_out_as_stated(face):
    f = FACES[face]
    grid = f.piece
    assert (grid.height, grid.width) == (FACE_SIZE, FACE_SIZE)
    sides = arrow_sides(grid)
    assert all(where == [3, 4] for where in sides.values())
    assert tuple(side in sides for side in range(4)) == f.arrows
    assert 2 <= len(sides) <= 4
    count = {ch: grid.char.count(ch) for ch in "?FE"}
    assert 3 <= count["?"] <= 5 and count["F"] >= 2 and count["E"] >= 1
    assert connected(grid)
    arrows = {i for i, _, kind in grid.openings if kind == ARROW}
    assert len({grid.room[i] for i in arrows}) == 1  # one corridor joins every arrow
    stores = [room for room in grid.rooms if not arrows & set(room)]
    assert 2 <= len(stores) <= 4
    alone = build(((face, 0, 0, 0),))
    assert all(alone.store[room[0]] for room in stores)  # every store is named
    assert len({alone.store[room[0]] for room in stores}) == len(stores)
    assert sum(1 for i in alone.search if alone.store[i]) > count["?"] / 2
    for room in stores:  # each store has a doorway to another room
        assert any(j not in room for i in room for j in across(grid, i, DOOR))
    assert any(across(grid, i, WINDOW) for i in range(grid.size))


def test_a_lone_face_exits_by_its_doors_and_by_every_arrow():
    for face in range(8):
        m = build(((face, 0, 0, 0),))
        expected = {i for i, ch in enumerate(m.char) if ch == "E"}
        expected |= {i for i, _, kind in m.openings if kind == ARROW}
        assert set(m.exits) == expected
        assert {i for i, _, kind in m.openings if kind == DOOR} <= expected


def test_placements_never_overlap_and_are_exactly_those_lining_up_an_arrow():
    checked = 0
    for plan in PLANS[:25]:
        for size in range(1, SECTIONS):
            prefix = plan[:size]
            taken = {(row, col) for _, row, col, _ in prefix}
            turned = {(row, col): arrow_sides(TURNED[f, t]) for f, row, col, t in prefix}
            for face in available(prefix):
                options = placements(prefix, face)
                assert options and len(set(options)) == len(options)
                for pos in frontier(dict.fromkeys(taken)):
                    for turns in range(4):
                        mine = arrow_sides(TURNED[face, turns])
                        meets = any(
                            side in mine and (side + 2) % 4 in turned[beside(pos, side)]
                            for side in range(4)
                            if beside(pos, side) in taken
                        )
                        assert ((*pos, turns) in options) == meets
                        checked += meets
                for row, col, _ in options:
                    assert (row, col) not in taken and (row, col) in SLOTS
    assert checked > 500


def test_two_hundred_random_plans_build_connected_mauls():
    fc_count = [face.piece.char.count("F") for face in FACES]
    for plan in PLANS:
        assert len(plan) == SECTIONS and plan[0][1:] == (0, 0, 0)
        assert sorted(SECTION[f] for f, *_ in plan) == list(range(SECTIONS))
        for k in range(1, SECTIONS):
            assert plan[k][1:] in placements(plan[:k], plan[k][0])
        m = build(plan)
        assert connected(m)
        assert m.exits
        assert len(m.food_court) == sum(fc_count[f] for f, *_ in plan) >= 8
        assert sorted(m.face_of) == sorted(f for f, *_ in plan for _ in range(FACES[f].piece.size))
        assert m.faces == tuple(FACES[f].name for f, *_ in plan)


def expected_exits(plan) -> set[int]:
    """Exits worked out from the plan alone: a face's doors and arrows to the
    outside, less those facing a slot that holds another face."""
    m = build(plan)
    top, left = m.origin
    slots = {(row, col) for _, row, col, _ in plan}
    out = set()
    for f, row, col, turns in plan:
        piece = TURNED[f, turns]
        for i, side, kind in piece.openings:
            if kind in (ARROW, DOOR) and beside((row, col), side) not in slots:
                r, c = piece.rc[i]
                out.add(m.ids[FACE_SIZE * row + r - top, FACE_SIZE * col + c - left])
    return out


def test_exits_are_the_doors_and_arrows_no_face_covers():
    covered_exit = uncovered_arrow = 0
    for plan in PLANS[:60]:
        m = build(plan)
        assert set(m.exits) == expected_exits(plan)
        covered_exit += sum(1 for i in range(m.size) if m.char[i] == "E" and i not in m.exits)
        uncovered_arrow += sum(1 for _, _, kind in m.openings if kind == ARROW)
    assert covered_exit and uncovered_arrow  # the sample has both cases


def test_an_arrow_is_one_way_out_of_two_squares_and_a_maul_exit_one_of_one():
    """MOA-169 "Remember, any arrow leading off the board counts as an exit for shoppers
    trying to escape from the mall.": the ways out split the exits into Maul exits (one
    E square, its door outside) and arrows (two neighbouring squares on the same side of
    one face), each exit square in exactly one."""
    for plan in PLANS[:60]:
        m = build(plan)
        assert sorted(i for way in m.ways_out for i in way) == list(m.exits)
        for way in m.ways_out:
            assert all(m.way_out[i] == way for i in way)
            kinds = {kind for i, _, kind in m.openings if i in way}
            if len(way) == 1:
                assert kinds == {DOOR} and m.char[way[0]] == "E"
            else:
                a, b = way
                assert len(way) == 2 and kinds == {ARROW} and b in m.touches[a]
                assert m.face_of[a] == m.face_of[b]
                sides = [{side for i, side, _ in m.openings if i == j} for j in way]
                assert sides[0] & sides[1]


def test_a_covered_maul_exit_is_no_exit_and_an_open_arrow_is_one():
    # 2A's exit r0c0 opens north; 4A turned twice lies north of it, its south side
    # a wall there and its arrows meeting 2A's north arrow
    m = build(((2, 0, 0, 0), (6, -1, 0, 2)))
    exit_square = m.ids[FACE_SIZE, 0]
    assert m.char[exit_square] == "E" and exit_square not in m.exits
    south_arrow = [m.ids[2 * FACE_SIZE - 1, c] for c in (3, 4)]
    assert set(south_arrow) <= set(m.exits)  # 2A's south arrow leads off the board
    north_joined = [m.ids[FACE_SIZE, c] for c in (3, 4)]
    assert not set(north_joined) & set(m.exits)
    assert m.edge(m.ids[FACE_SIZE - 1, 3], north_joined[0]) == "open"
    assert build(((2, 0, 0, 0),)).exits[0] == 0  # uncovered, the same exit counts


def test_build_is_memoised_on_the_plan():
    plan = PLANS[0]
    assert build(plan) is build(tuple(tuple(p) for p in [list(q) for q in plan]))
    assert UNREACHABLE not in build(plan).dist[0]


def test_the_ascii_map_reads_back_as_the_same_maul():
    for plan in PLANS[:10]:
        m = build(plan)
        back = WallGrid(m.ascii().splitlines(), LEGEND)
        assert (back.rc, back.char, back.steps, back.touches) == (m.rc, m.char, m.steps, m.touches)
        assert (back.rooms, back.openings) == (m.rooms, m.openings)
        r, c = m.rc[5]
        assert m.ascii({5: "Z"}).splitlines()[2 * r + 1][2 * c + 1] == "Z"


def test_squares_are_named_by_their_store():
    m = build(((0, 0, 0, 0),))
    assert m.name(m.ids[0, 0]) == "r0c0 (Taco Hell)"
    assert m.name(m.ids[3, 3]) == "r3c3 (Food Court)"
    assert m.name(m.ids[3, 0]) == "r3c0"
    turned = build(((0, 0, 0, 1),))  # a quarter turn brings Taco Hell to the north-east
    assert turned.name(turned.ids[0, 7]) == "r0c7 (Taco Hell)"
    assert turned.store == tuple(
        m.store[m.ids[FACE_SIZE - 1 - c, r]] for r, c in turned.rc
    )  # (r, c) turned clockwise came from (7 - c, r)


def test_placements_are_numbered_by_slot_and_turns():
    assert len(SLOTS) == 25 and (0, 0) in SLOTS and (3, 0) in SLOTS and (2, 2) not in SLOTS
    for index in range(4 * len(SLOTS)):
        assert placement_index(*placement_at(index)) == index
    assert {(row, col) for plan in PLANS for _, row, col, _ in plan} <= set(SLOTS)
    with pytest.raises(ValueError, match=r"no placement at slot \(2, 2\)"):
        placement_index(2, 2, 0)


class Dice:
    """A generator with ``randrange`` only, recording each draw."""

    def __init__(self, draws) -> None:
        self.draws = draws
        self.seen: list[int] = []

    def randrange(self, n: int) -> int:
        self.seen.append(n)
        return self.draws(n)


def test_a_random_plan_is_drawn_by_randrange_alone():
    rng = random.Random(7)
    dice = Dice(rng.randrange)
    plan = random_plan(dice)
    assert plan == random_plan(Dice(random.Random(7).randrange))
    assert dice.seen[0] == len(FACES) and len(dice.seen) == 1 + 2 * (SECTIONS - 1)


@pytest.mark.skipif(
    compiled.loaded_compiled()["zombie_envs.games.maul_of_america.maul"],
    reason="compiled, the module calls its own placements directly: a patch is not seen",
)
def test_a_face_that_fits_nowhere_gives_way_to_another(monkeypatch):
    assert [f for f, *_ in random_plan(Dice(lambda n: 0))] == [0, 2, 4, 6]
    real = maul.placements
    monkeypatch.setattr(maul, "placements", lambda plan, f: [] if f == 2 else real(plan, f))
    assert [f for f, *_ in random_plan(Dice(lambda n: 0))] == [0, 3, 4, 6]


FACES_TEXT = FACES_FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "+-+-+-+A+A+-+-+-+\n|?",
            "+-+-+A+A+-+-+-+-+\n|?",
            "face 1A: the north side has arrows at squares \\[2, 3\\]",
        ),
        ("face: 1B", "face: 2B", "^faces.txt:40: expected 'face: 1B <name>'"),
        (
            "store: r0c5 Orange",
            "store: r9c9 Orange",
            "^faces.txt:19: store 'Orange Jugulus': r9c9 is no square",
        ),
        ("store: r0c5 Orange", "store: r3c3 Orange", "r3c3 is in a corridor"),
        ("store: r0c5 Orange", "store: r1c1 Orange", "r1c1 is in 'Taco Hell' already"),
        (
            "store: r0c5 Orange",
            "store: 0,5 Orange",
            "^faces.txt:19: expected 'store: r<row>c<col> <name>'",
        ),
        (
            "|? . .|. .|",
            "|x . .|. .|",
            "^faces.txt:23:2: unknown square character 'x'",
        ),
        ("|E .|. . . .|. .|\n+d+", "|E .|. . . .|. .|\n+-+", "face 1A: Maul exit r7c0 has no door"),
        (
            "|. . .|. .|. ? .|\n+-+d+",
            "|. . .|. .|. ? .d\n+-+d+",
            "r2c7 has a door on its east side",
        ),
    ],
)
def test_a_faulty_faces_file_is_refused_naming_the_place(tmp_path, old, new, message):
    assert FACES_TEXT.count(old) >= 1
    path = tmp_path / "faces.txt"
    path.write_text(FACES_TEXT.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_faces(path)


def test_a_faces_file_cut_short_is_refused(tmp_path):
    path = tmp_path / "faces.txt"
    path.write_text("\n".join(FACES_TEXT.splitlines()[:30]), encoding="utf-8")
    cut_short = "^faces.txt:22: face '1A .*' needs 17 map lines, the file ends after 9"
    with pytest.raises(ValueError, match=cut_short):
        load_faces(path)
    path.write_text(FACES_TEXT.split("face: 2A")[0], encoding="utf-8")
    with pytest.raises(ValueError, match="2 faces, expected 8"):
        load_faces(path)


def test_the_faces_file_has_no_trailing_spaces():
    lines = Path(FACES_FILE).read_text(encoding="utf-8").splitlines()
    assert not [n for n, line in enumerate(lines, 1) if line != line.rstrip()]


def test_mauls_of_past_games_are_let_go():
    """Engines, observations and the step tables memoise per Maul; none of them may
    keep a Maul alive once ``build`` has let it go, or a long run fills memory."""
    import gc

    from zombie_envs.games.maul_of_america.engine import MaulOfAmerica

    def alive() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if type(o) is maul.Maul)

    before = alive()
    for seed in range(10_000, 10_200):  # 200 games, nearly all on Mauls not built before
        MaulOfAmerica(3, seed=seed).observation(1)
    assert alive() <= before + build.cache_info().maxsize  # not one per game


def test_a_weapons_text_is_made_from_the_numbers_the_rules_read():
    """The cards' texts (legend, ``help``, hover, the game page) say what each weapon
    does from the same hit, range, shots and area the attacks use, so they cannot
    disagree: the data file holds no text for a weapon."""
    from zombie_envs.games.maul_of_america import cards

    weapons = [c for c in cards.DATA["search"] if c["type"] == "weapon"]
    assert weapons and not any("text" in c for c in weapons)
    for k in cards.WEAPONS:
        text = cards.CARD_TEXT[cards.SEARCH_NAMES[k]]
        assert f"on {cards.HIT[k]}-6" in text
        if cards.RANGE[k]:
            assert f"up to {cards.RANGE[k]} squares" in text and f"{cards.AMMO[k]} shot" in text
    pistol = next(c for c in weapons if c["name"] == "Pistol")
    changed = cards.weapon_text({**pistol, "hit": 5, "range": 1, "ammo": 1})
    assert changed == "ranged weapon: kills a zombie up to 1 square away on 5-6; 1 shot"
