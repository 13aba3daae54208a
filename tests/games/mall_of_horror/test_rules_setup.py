"""Mall of Horror rules: components, setup, initial placement of characters and zombies."""

from __future__ import annotations

import pytest

from tests.games.mall_of_horror.positions import (
    A_CHARACTER,
    A_LOCATION,
    CACHOU,
    CLOSED,
    GIRL,
    GUN,
    MEGATOYS,
    OPEN,
    OUT,
    PARKING,
    PIN,
    RESTROOM,
    SECURITY,
    SUPERMARKET,
    TOUGH,
    Dice,
    Rig,
    act,
    asked,
    position,
    slot,
    start,
)
from zombie_envs.games.mall_of_horror.data import (
    CAPACITY,
    CARD_COUNTS,
    CARD_KILLS,
    CARD_NAMES,
    CHARACTER_MAX_PLAYERS,
    CHARACTER_NAMES,
    COLOURS,
    LOCATION_NAMES,
    WEAPON1,
    WEAPON2,
)
from zombie_envs.games.mall_of_horror.engine import UNPLACED


def _play_placement(g: Rig, pick=lambda legal: legal[0]) -> None:
    while g.decision in ("place_location", "place_character"):
        g.apply(pick(g.legal))


def test_moh_002_005_six_locations_and_their_capacities():
    """MOH-002, MOH-005: "6 locations (3 shops, a supermarket, a security room, and a
    parking lot)." / "the number of spaces available for characters" """
    assert LOCATION_NAMES == (
        "Restroom",
        "Cachou",
        "Megatoys",
        "Parking Lot",
        "Security HQ",
        "Supermarket",
    )
    assert CAPACITY == (3, 4, 4, None, 3, 6)


def test_moh_009_twenty_one_character_tokens_in_six_colours():
    """MOH-009: "21 character tokens in 6 colors" """
    assert len(COLOURS) == 6
    tokens = sum(
        1 for seat in range(6) for kind in range(4) if CHARACTER_MAX_PLAYERS[kind] == 6 or seat < 3
    )
    assert tokens == 21


def test_moh_013_twenty_one_action_cards():
    """MOH-013: "21 action cards (3 Threat cards, 3 Security Camera cards, 3 Sprint cards,
    3 Hardware cards, 6 Weapon cards, 3 Hidden cards)" """
    counts = dict(zip(CARD_NAMES, CARD_COUNTS, strict=True))
    assert counts["Threat"] == counts["Security Camera"] == counts["Sprint"] == 3
    assert counts["Hardware"] == counts["Hidden"] == 3
    assert counts["Weapon (kills 1)"] + counts["Weapon (kills 2)"] == 6
    assert sum(CARD_COUNTS) == 21
    assert (CARD_KILLS[WEAPON1], CARD_KILLS[WEAPON2]) == (1, 2)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_moh_015_016_018_020_025_028_three_characters_each(n):
    """MOH-015, MOH-016, MOH-018, MOH-020, MOH-025, MOH-028: "Each player receives:" a
    Pin-Up, a Tough Guy and a Gunman; "Each player controls 3 characters (4 in a 3-player
    game)"; "Each player chooses a color, takes the matching 3 characters (Pin-Up, Tough Guy,
    and Gunman) and a voting wheel." """
    g = Rig(n, seed=1)
    assert CHARACTER_NAMES[:3] == ("Pin-Up", "Tough Guy", "Gunman")
    for seat in range(n):
        kinds = [k for k in range(4) if g.loc[slot(seat, k)] != OUT]
        assert kinds == [PIN, TOUGH, GUN]
    _play_placement(g)
    placed = [c for c, where in enumerate(g.loc) if where >= 0]
    assert len(placed) == 3 * n


def test_moh_022_023_025_030_little_girl_only_with_three_players():
    """MOH-022, MOH-023, MOH-025, MOH-030: "In a 3-player game, each player also receives
    one more character:" "A Little Girl (the Pin-Up's younger sister)." / "each player
    also receives an extra character: the Little Girl." """
    g = Rig(3, seed=2)
    assert CHARACTER_NAMES[GIRL] == "Little Girl"
    for seat in range(3):
        assert g.loc[slot(seat, GIRL)] != OUT
    _play_placement(g)
    assert all(where >= 0 for where in g.loc)
    assert len(g.loc) == 12
    for n in (4, 5, 6):
        g = Rig(n, seed=2)
        assert all(g.loc[slot(s, GIRL)] == OUT for s in range(n))


@pytest.mark.parametrize("n, state", [(3, CLOSED), (4, CLOSED), (5, OPEN), (6, OPEN)])
def test_moh_029_location_2_closed_with_3_or_4_players(n, state):
    """MOH-029: "In a game with 3 or 4 players, place the "closed location" marker on
    location number 2: it will not be used during the game." """
    g = Rig(n, seed=3)
    assert g.closed[CACHOU] == state
    assert all(g.closed[L] == OPEN for L in range(6) if L != CACHOU)
    if state == CLOSED:
        _play_placement(g)
        assert g.loc.count(CACHOU) == 0


def test_moh_031_three_player_colours():
    """MOH-031: "In a 3-player game, you must play with the following colors: yellow, red,
    and blue." """
    g = Rig(3, seed=0)
    g.current_player = 0
    names = [g.action_name(g.action_layout["vote"].start + r) for r in range(3)]
    assert names == [
        "vote for yellow (player_0)",
        "vote for red (player_1)",
        "vote for blue (player_2)",
    ]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_moh_033_034_first_player_takes_the_chief_badge(n):
    """MOH-033, MOH-034: "The oldest player goes first." / "They take the Chief of Security
    badge and place it in front of them." """
    firsts = set()
    for seed in range(40):
        g = Rig(n, seed=seed)
        assert g.chief == g.first_player
        assert g.chief_elected == 0
        assert g.asked[0][:2] == (g.first_player, "place_location")
        firsts.add(g.first_player)
    assert firsts == set(range(n))


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_moh_035_036_one_card_each_rest_is_the_deck(n):
    """MOH-035, MOH-036: "They shuffle the action cards and deal one face-down card to each
    player." / "The rest of the cards are placed face-down in a deck next to the board." """
    decks = set()
    for seed in range(5):
        g = Rig(n, seed=seed)
        assert [sum(h) for h in g.hands] == [1] * n
        assert len(g.deck) == 21 - n
        total = [sum(h[c] for h in g.hands) + g.deck.count(c) for c in range(7)]
        assert total == list(CARD_COUNTS)
        decks.add(tuple(g.deck))
    assert len(decks) == 5


def _placing(n=4, dice=(0, 0), seat=0, at=None, closed=None):
    g = position(n, at=at, closed=closed)
    for kind in (PIN, TOUGH, GUN):
        if g.loc[slot(seat, kind)] < 0:
            g.loc[slot(seat, kind)] = UNPLACED
    g.rng = Dice(*dice)
    return start(g, ("place", seat))


def test_moh_037_038_roll_two_dice_choose_one():
    """MOH-037, MOH-038: "The first player rolls 2 dice." / "They choose one of them and
    place one of their characters at the location matching that number." """
    g = _placing(dice=(RESTROOM, SUPERMARKET))
    assert g.place_dice == [RESTROOM, SUPERMARKET]
    assert g.decision == "place_location"
    assert sorted(g.legal) == [A_LOCATION + RESTROOM, A_LOCATION + SUPERMARKET]
    act(g, 0, A_LOCATION + SUPERMARKET)
    assert g.decision == "place_character"
    assert sorted(g.legal) == [A_CHARACTER + k for k in (PIN, TOUGH, GUN)]
    act(g, 0, A_CHARACTER + TOUGH)
    assert g.loc[slot(0, TOUGH)] == SUPERMARKET
    assert g.loc[slot(0, PIN)] == UNPLACED


def test_moh_039_040_full_location_forces_the_other_die():
    """MOH-039, MOH-040: "No location may hold more characters than the number of pins on its
    yellow card indicates." / "So if one die shows a location that is already full, the
    player must choose the other die." """
    full = {SECURITY: [(1, PIN), (2, PIN), (3, PIN)]}
    g = _placing(dice=(SECURITY, MEGATOYS), at=full)
    assert g.asked[0][:2] == (0, "place_location")
    assert g.pending_place == MEGATOYS  # the only legal die was taken
    assert g.decision == "place_character"
    act(g, 0, A_CHARACTER + PIN)
    assert g.loc[slot(0, PIN)] == MEGATOYS
    assert g.loc.count(SECURITY) == 3


def test_moh_040_closed_location_counts_as_full():
    """MOH-040 (closed location = full): "So if one die shows a location that is already
    full, the player must choose the other die." """
    g = _placing(dice=(CACHOU, PARKING))
    assert g.pending_place == PARKING
    assert g.decision == "place_character"


def test_moh_041_both_dice_full_any_location_with_room():
    """MOH-041: "If both locations are full, they may place their character at any location
    that still has room." """
    full = {
        RESTROOM: [(1, PIN), (2, PIN), (3, PIN)],
        SECURITY: [(1, TOUGH), (2, TOUGH), (3, TOUGH)],
    }
    g = _placing(dice=(RESTROOM, SECURITY), at=full)
    assert g.decision == "place_location"
    assert sorted(g.legal) == [A_LOCATION + L for L in (MEGATOYS, PARKING, SUPERMARKET)]
    g = _placing(dice=(RESTROOM, CACHOU), at=full)
    assert CACHOU not in [a - A_LOCATION for a in g.legal]
    assert sorted(g.legal) == [A_LOCATION + L for L in (MEGATOYS, PARKING, SUPERMARKET)]


@pytest.mark.parametrize("n", [3, 4, 6])
def test_moh_042_043_placement_goes_clockwise_until_all_placed(n):
    """MOH-042, MOH-043: "Play continues clockwise." / "Subsequent players do the same,
    until every player has placed all their characters." """
    g = Rig(n, seed=7)
    _play_placement(g)
    placers = asked(g, "place_location")
    per = 4 if n == 3 else 3
    first = g.first_player
    assert placers == [(first + i) % n for i in range(n)] * per
    assert all(where >= 0 for where in g.loc if where != OUT)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_moh_006_039_placement_never_overfills(n):
    """MOH-006, MOH-039: "No location may ever hold more characters than its yellow card
    indicates." """
    for seed in range(25):
        g = Rig(n, seed=seed)
        _play_placement(g, pick=lambda legal: legal[-1])
        for L, cap in enumerate(CAPACITY):
            if cap is not None:
                assert g.loc.count(L) <= cap


def test_moh_044_045_four_initial_zombies():
    """MOH-044, MOH-045: "The first player rolls 4 dice." / "They place a zombie in front of
    each location indicated by the dice." """
    g = position(5)
    g.rng = Dice(RESTROOM, RESTROOM, CACHOU, SUPERMARKET)
    start(g, "initial_zombies")
    assert g.zombies == [2, 1, 0, 0, 0, 1]
    g = position(4)
    g.rng = Dice(RESTROOM, CACHOU, PARKING, PARKING)
    start(g, "initial_zombies")
    assert g.zombies == [1, 0, 0, 2, 0, 0]  # the die on closed location 2 is ignored
    for seed in range(10):
        g = Rig(5, seed=seed)
        _play_placement(g)
        assert sum(g.zombies) == 4
