"""Mall of Horror rules: e) Move Characters (the revealed dice, overrun locations, moves)."""

from __future__ import annotations

import pytest

from tests.games.mall_of_horror.positions import (
    A_CHARACTER,
    A_LOCATION,
    A_SPRINT,
    CACHOU,
    CLOSED,
    GUN,
    MEGATOYS,
    OPEN,
    OVERRUN,
    PARKING,
    PIN,
    RESTROOM,
    SECURITY,
    SPRINT,
    SUPERMARKET,
    TOUGH,
    act,
    asked,
    finished,
    position,
    slot,
    start,
)
from zombie_envs.games.mall_of_horror.observe import OBS

AT = {
    RESTROOM: [(0, PIN), (1, PIN)],
    MEGATOYS: [(2, PIN), (3, PIN)],
    SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH)],
}


def _moving(dest, dice=(PARKING,) * 4, n=4, at=AT, **kw):
    g = position(n, at=at, **kw)
    g.dest = list(dest)
    g.dice = list(dice)
    return start(g, "move_characters")


def test_moh_092_destinations_revealed():
    """MOH-092: "All players reveal their chosen locations." """
    g = _moving([PARKING, SECURITY, RESTROOM, SUPERMARKET])
    assert g.dest_public == [1, 1, 1, 1]
    obs = g.observation(1)
    row = OBS["destinations"].start
    shown = [L for r in range(4) for L in range(6) if obs[row + r * 6 + L]]
    assert shown == [SECURITY, RESTROOM, SUPERMARKET, PARKING]  # seats 1, 2, 3, 0


def test_moh_093_094_dice_revealed_and_zombies_placed():
    """MOH-093, MOH-094: "Then the Chief of Security reveals the zombie dice in the dice box,
    showing the locations where the 4 zombies will appear." / "The 4 zombies are placed in
    front of the locations indicated by the dice." """
    g = _moving([PARKING] * 4, dice=(RESTROOM, RESTROOM, MEGATOYS, SUPERMARKET))
    assert g.zombies == [2, 0, 1, 0, 0, 1]
    assert g.last_dice == [RESTROOM, RESTROOM, MEGATOYS, SUPERMARKET]
    assert g.dice == [-1] * 4
    assert g.decision == "move"  # placed before anyone moves


@pytest.mark.parametrize("n, added", [(4, 0), (5, 2)])
def test_moh_095_die_on_closed_location_2_ignored(n, added):
    """MOH-095: "In a 3- or 4-player game, if a die shows location number 2, which is closed,
    that die is ignored." """
    g = _moving([PARKING] * n, dice=(CACHOU, CACHOU, PARKING, RESTROOM), n=n)
    assert g.zombies[CACHOU] == added
    assert g.zombies[PARKING] == 1 and g.zombies[RESTROOM] == 1


def test_moh_010_thirty_zombie_figures():
    """MOH-010: "30 zombie figures" (no more than 30 zombies on the board)."""
    g = _moving([PARKING] * 4, dice=(RESTROOM,) * 4, zombies={SECURITY: 7, SUPERMARKET: 22})
    assert sum(g.zombies) == 30 and g.zombies[RESTROOM] == 1


def test_moh_096_097_empty_location_with_8_zombies_is_overrun():
    """MOH-096, MOH-097: "Note: if an empty location already has 8 or more zombies in front of
    it, that location's fate is sealed: characters may no longer go there, and no more zombies
    may be added there." / "All zombies in front of that location are removed from the
    board." """
    g = _moving(
        [SECURITY, PARKING, PARKING, PARKING],
        dice=(SECURITY, MEGATOYS, MEGATOYS, MEGATOYS),
        zombies={SECURITY: 7, MEGATOYS: 6},
    )
    assert g.closed[SECURITY] == OVERRUN and g.zombies[SECURITY] == 0
    assert g.closed[MEGATOYS] == OPEN and g.zombies[MEGATOYS] == 9  # not empty
    act(g, 0, A_CHARACTER + PIN, "move")
    assert g.loc[slot(0, PIN)] == PARKING  # an overrun destination is like a full one
    g.dice = [SECURITY] * 4
    start(g, "move_characters")
    assert g.zombies[SECURITY] == 0
    start(g, ("destination", 0))
    assert A_LOCATION + SECURITY not in g.legal


def test_moh_098_parking_lot_is_never_overrun():
    """MOH-098: "This rule does not apply to the Parking Lot (location number 4)." """
    g = _moving([RESTROOM] * 4, dice=(PARKING,) * 4, zombies={PARKING: 6})
    assert g.closed[PARKING] == OPEN and g.zombies[PARKING] == 10


def test_moh_099_100_turn_order_player_picks_a_character_not_there():
    """MOH-099, MOH-100: "In turn order, each player chooses one of their characters and places
    it at the location they chose using their voting wheel." / "The player must choose a
    character that is not already at that location." """
    at = {**AT, MEGATOYS: [(2, PIN), (3, PIN), (0, GUN)]}
    g = _moving([MEGATOYS, SUPERMARKET, PARKING, PARKING], at=at, chief=3)
    assert g.current_player == 3
    act(g, 3, A_CHARACTER + TOUGH, "move")
    assert g.current_player == 0
    assert sorted(g.legal) == [A_CHARACTER + PIN, A_CHARACTER + TOUGH]  # not the Gunman
    act(g, 0, A_CHARACTER + TOUGH)
    assert g.current_player == 2  # seat 1 had a single choice: its Pin-Up
    assert g.loc[slot(1, PIN)] == SUPERMARKET
    act(g, 2, A_CHARACTER + PIN, "move")
    assert finished(g)
    assert asked(g, "move") == [3, 0, 1, 2]
    assert g.loc[slot(3, TOUGH)] == PARKING and g.loc[slot(0, TOUGH)] == MEGATOYS
    assert g.loc[slot(2, PIN)] == PARKING


def test_moh_101_sprint_changes_destination():
    """MOH-101: "Players holding Sprint cards may play them during this turn and discard them
    to change their destination." """
    g = _moving([MEGATOYS, PARKING, PARKING, PARKING], hands={0: [SPRINT]})
    sprints = sorted(a - A_SPRINT for a in g.legal if a >= A_SPRINT and a < A_SPRINT + 6)
    assert sprints == [RESTROOM, PARKING, SECURITY, SUPERMARKET]  # not the chosen one
    act(g, 0, A_SPRINT + SECURITY, "move")
    assert g.hands[0][SPRINT] == 0 and g.discards[SPRINT] == 1
    assert g.dest[0] == SECURITY and g.current_player == 0
    act(g, 0, A_CHARACTER + TOUGH, "move")
    assert g.loc[slot(0, TOUGH)] == SECURITY


def test_moh_102_sprint_may_return_to_the_location_left():
    """MOH-102: "They may move their character to a location other than the one originally
    chosen, and may even return to the location they left." """
    at = {RESTROOM: [(0, PIN), (0, TOUGH), (1, PIN)], MEGATOYS: [(2, PIN), (3, PIN)]}
    g = _moving([MEGATOYS, PARKING, PARKING, PARKING], at=at, hands={0: [SPRINT]})
    assert A_SPRINT + RESTROOM in g.legal  # back where all its characters are
    act(g, 0, A_SPRINT + RESTROOM, "move")
    assert A_CHARACTER + TOUGH in g.legal
    act(g, 0, A_CHARACTER + TOUGH, "move")
    assert g.loc[slot(0, TOUGH)] == RESTROOM and g.loc[slot(0, PIN)] == RESTROOM


def test_moh_102_returning_character_keeps_its_place_in_a_full_location():
    """MOH-102, MOH-103: "... and may even return to the location they left." A character
    that returns to the location it left keeps its place even when that location is full."""
    at = {
        RESTROOM: [(0, PIN), (1, PIN), (2, PIN)],
        MEGATOYS: [(0, TOUGH), (3, PIN)],
        SUPERMARKET: [(1, TOUGH), (2, TOUGH), (3, TOUGH)],
    }
    g = _moving([MEGATOYS, PARKING, PARKING, PARKING], at=at, hands={0: [SPRINT]})
    act(g, 0, A_SPRINT + RESTROOM, "move")
    act(g, 0, A_CHARACTER + PIN, "move")
    assert g.current_player == 1
    assert g.loc[slot(0, PIN)] == RESTROOM and g.loc.count(RESTROOM) == 3


def test_moh_103_full_destination_sends_to_the_parking_lot():
    """MOH-103, MOH-006: "If a player moving a character finds that their intended destination
    has become full, they may not place the character there and must instead end their move
    at the Parking Lot (location number 4)." """
    at = {**AT, SECURITY: [(2, GUN), (3, GUN)]}
    g = _moving([SECURITY, SECURITY, PARKING, PARKING], at=at)
    act(g, 0, A_CHARACTER + PIN, "move")
    act(g, 1, A_CHARACTER + TOUGH, "move")
    assert g.loc[slot(0, PIN)] == SECURITY
    assert g.loc[slot(1, TOUGH)] == PARKING
    assert g.loc.count(SECURITY) == 3


def test_moh_104_already_at_parking_stays():
    """MOH-104: "If a character already at the Parking Lot (location number 4) would
    have to move to a location that has become full, it instead stays at the Parking Lot
    (location number 4)." """
    at = {
        SECURITY: [(2, GUN), (3, GUN), (0, GUN)],
        PARKING: [(1, PIN)],
        MEGATOYS: [(2, PIN), (3, PIN), (1, TOUGH)],
        RESTROOM: [(0, PIN)],
    }
    g = _moving([PARKING, SECURITY, RESTROOM, RESTROOM], at=at)
    act(g, 0, A_CHARACTER + PIN, "move")
    act(g, 1, A_CHARACTER + PIN, "move")
    assert g.loc[slot(1, PIN)] == PARKING


def test_moh_007_parking_lot_has_unlimited_space():
    """MOH-007: "The Parking Lot (location number 4) has unlimited space, but zombies attack
    there as soon as they spot a victim." (space)"""
    at = {
        PARKING: [(s, k) for s in range(4) for k in (PIN, TOUGH)],
        SUPERMARKET: [(s, GUN) for s in range(4)],
    }
    g = _moving([PARKING] * 4, at=at)
    assert finished(g)  # every move had one option
    assert g.loc.count(PARKING) == 12
    assert g.closed[CACHOU] == CLOSED
