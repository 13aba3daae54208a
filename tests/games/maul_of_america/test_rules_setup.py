"""Maul of America rules: the players, building the Maul, set up and the order of turns."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.games.maul_of_america.positions import Dice, Rig, act, position, start
from zombie_envs.games.maul_of_america.actions import A_ACT, A_PLACEMENT, A_SQUARE, END_TURN
from zombie_envs.games.maul_of_america.cards import (
    HAND,
    SHOPPER_CARDS,
    ZOMBIE_CARDS,
    search_deck,
    shopper_deck,
    zombie_deck,
)
from zombie_envs.games.maul_of_america.maul import SECTION, build, placement_at, random_plan
from zombie_envs.games.maul_of_america.seats import ZC


def _set_up(n: int, seed: int, **options) -> Rig:
    """A game set up by random choices, stopped at the first Shopper's first decision."""
    g = Rig(n, seed=seed, **options)
    rng = random.Random(seed)
    while g.decision != "act":
        g.apply(rng.choice(g.legal))
    return g


def _drafted(seed: int) -> Rig:
    """A 4-player game whose Maul the seats draft by random choices, stopped once built."""
    g = Rig(4, seed=seed, map_draft="play")
    rng = random.Random(seed)
    while len(g.plan) < 4 or g.face >= 0:
        g.apply(rng.choice(g.legal))
    return g


def _draft(g: Rig, kind: str) -> list[tuple[int, tuple[int, ...]]]:
    """(seat, legal actions) of each ``kind`` decision of the draft, in order."""
    return [(seat, legal) for seat, k, legal in g.asked if k == kind]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_moa_019_020_021_022_seat_0_is_the_single_zombie_controller(n):
    """MOA-019 "First, decide who will be Shoppers trying to escape from the Maul of America
    and who will be the Zombie Controller.", MOA-020 "There is only a single Zombie
    Controller; all other players will be Shoppers.", MOA-021 "The choice as to who will be
    the Zombie controller is left to the players." and MOA-022 "They can nominate another
    player, volunteer, or roll dice to determine who will be the Zombie Controller.": the
    seating is the choice, seat 0 the Zombie Controller: only it commands zombies and every
    other seat takes Shopper turns."""
    g = Rig(n, seed=n)
    rng = random.Random(n)
    while not g.terminal and len(g.asked) < 400:
        g.apply(rng.choice(g.legal))
    seats = {kind: {s for s, k, _ in g.asked if k == kind} for kind in ("command", "act")}
    assert seats == {"command": {ZC}, "act": set(range(1, n))}


def test_moa_023_024_027_the_zc_and_the_shoppers_take_turns_laying_sections():
    """MOA-023 "The next step is setting up the Maul of America.", MOA-024 "The Zombie
    Controller chooses one of the eight different Maul sections available (four two-sided
    sections), and places it on the table." and MOA-027 "The third map is placed by the ZC,
    and the final map is placed by the shoppers following the above guidelines for
    placement.": the ZC picks among all eight faces, then the sections go ZC, Shoppers,
    ZC, Shoppers, one face of each two-sided section."""
    for seed in range(6):
        g = _drafted(seed)
        faces = _draft(g, "face")
        assert [seat for seat, _ in faces] == [ZC, 1, ZC, 1]
        assert len(faces[0][1]) == 8
        assert [seat for seat, _ in _draft(g, "placement")] == [1, ZC, 1]
        assert sorted(SECTION[f] for f, *_ in g.plan) == [0, 1, 2, 3]


def test_moa_025_026_shoppers_line_their_section_up_with_an_arrow():
    """MOA-025 "The Shoppers (as a group then collectively choose a Maul section and place
    it on the table so that an arrow on the section they are placing lines up with an arrow
    on the section already placed." and MOA-026 "If the Shoppers cannot agree within two
    minutes, the Zombie player is allowed to select instead.": the first Shopper seat
    chooses for the group (no other Shopper is asked, so the choice never stalls), and each
    placement offered joins the new face to the Maul through arrows that meet: a piece can
    step across from a square of the new face to a placed one."""
    for seed in range(2):
        g = _drafted(seed)
        assert {seat for seat, k, _ in g.asked} == {ZC, 1}
        for k, (_, legal) in enumerate(_draft(g, "placement")):
            placed = tuple(tuple(p) for p in g.plan[: k + 1])
            face = g.plan[k + 1][0]
            for a in legal:
                maul = build((*placed, (face, *placement_at(a - A_PLACEMENT))))
                new = {i for i in range(maul.size) if maul.face_of[i] == face}
                assert any(j not in new for i in new for j, _ in maul.steps[i])


def test_moa_028_sections_never_overlap():
    """MOA-028 "Maul sections may not overlap one another.": no placement offered lies on a
    section already placed, drafted by the seats or at random."""
    for seed in range(6):
        g = _drafted(seed)
        for k, (_, legal) in enumerate(_draft(g, "placement")):
            taken = {(r, c) for _, r, c, _ in g.plan[: k + 1]}
            assert all(placement_at(a - A_PLACEMENT)[:2] not in taken for a in legal)
    for seed in range(50):
        plan = random_plan(random.Random(seed))
        assert len({(r, c) for _, r, c, _ in plan}) == 4


def test_moa_030_shoppers_start_in_turn_order_on_free_food_court_squares():
    """MOA-030 "Once the Maul has been built, starting with the Shopper to the Z’s left and
    proceeding around the table, Shoppers choose a Shopper token and place it on any Food
    Court square within the Maul.": seats 1, 2, 3 in turn, each offered every Food Court
    square not yet taken."""
    g = _set_up(4, seed=3)
    starts = [(seat, {a - A_SQUARE for a in legal}) for seat, k, legal in g.asked if k == "start"]
    assert [seat for seat, _ in starts] == [1, 2, 3]
    court = set(g.maul.food_court)
    assert starts[0][1] == court
    assert starts[1][1] == court - {g.pos[1]}
    assert starts[2][1] == court - {g.pos[1], g.pos[2]}
    assert {g.pos[s] for s in (1, 2, 3)} <= court


def test_moa_031_032_033_034_one_zombie_per_shopper_five_squares_away():
    """MOA-031 "Once this is done, the Zombie Controller places a number of zombies equal to
    the number of Shoppers anywhere in the Maul that is at least 5 squares away from all
    Shoppers.", MOA-032 "There are five players.", MOA-033 "Since one is the Zombie
    Controller, there are four Shoppers." and MOA-034 "After the Shoppers are placed, the
    ZC may place four zombies inside the mall.": with five players the ZC places four
    zombies, each on a free square 5 or more steps from every Shopper."""
    g = _set_up(5, seed=1)
    placing = [(seat, legal) for seat, k, legal in g.asked if k == "place_zombie"]
    assert [seat for seat, _ in placing] == [ZC] * 4
    assert len(g.zombies) == 4
    dist, shoppers = g.maul.dist, [g.pos[s] for s in g.shoppers()]
    nearest = {v: min(dist[v][p] for p in shoppers) for v in range(g.maul.size)}
    first = {a - A_SQUARE for a in placing[0][1]}
    assert first == {v for v in range(g.maul.size) if nearest[v] >= 5}
    assert 5 in {nearest[v] for v in first} and 4 in nearest.values()


def test_moa_035_three_cards_each_from_shuffled_decks():
    """MOA-035 "After making sure all three decks have been thoroughly shuffled, deal three
    Shopper Cards to each Shopper and three Zombie Cards to the Zombie Controller.": every
    Shopper holds three Shopper cards, the ZC three Zombie cards, none lost, and the seed
    decides the order of all three decks."""
    games = [_set_up(4, seed) for seed in (5, 6)]
    for g in games:
        for s in g.shoppers():
            assert sum(g.hands[s][k] for k in SHOPPER_CARDS) == HAND == sum(g.hands[s])
        assert sum(g.hands[ZC][k] for k in ZOMBIE_CARDS) == HAND == sum(g.hands[ZC])
        held = Counter(k for hand in g.hands for k, c in enumerate(hand) for _ in range(c))
        assert held + Counter(g.sdeck) + Counter(g.zdeck) == Counter(shopper_deck() + zombie_deck())
        assert sorted(g.search) == sorted(search_deck())
    a, b = games
    assert a.sdeck != b.sdeck and a.zdeck != b.zdeck and a.search != b.search


def test_moa_037_038_first_the_shopper_left_of_the_zc_then_clockwise():
    """MOA-037 "The game begins with the Shopper to the Zombie Controller’s left taking the
    first turn." and MOA-038 "Play then proceeds around the table in a clockwise
    direction.": seat 1, 2, 3, then the ZC, then seat 1 again."""
    g = position(4)
    g.round = 0  # as set-up leaves it
    g.rng = Dice(*[1] * 8)
    start(g, ("next_turn", ZC))
    seats = []
    for _ in range(4):
        seats.append(g.current_player)
        act(g, g.current_player, A_ACT + END_TURN)
    assert seats + [g.current_player] == [1, 2, 3, ZC, 1]
    assert g.active == 1 and g.round == 2  # the ZC's turn closed round 1
    assert _set_up(3, seed=2).current_player == 1
