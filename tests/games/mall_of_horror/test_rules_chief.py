"""Mall of Horror rules: b) Elect the Chief of Security."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_LOCATION,
    GUN,
    MEGATOYS,
    PARKING,
    PIN,
    RESTROOM,
    SECURITY,
    SUPERMARKET,
    TOUGH,
    act,
    asked,
    cast,
    finished,
    position,
    start,
)
from zombie_envs.games.mall_of_horror.observe import OBS

AT = {
    SECURITY: [(1, PIN), (2, PIN), (2, GUN)],
    RESTROOM: [(0, PIN), (3, PIN)],
    MEGATOYS: [(0, TOUGH), (1, TOUGH), (3, TOUGH)],
}


def test_moh_051_074_075_security_room_elects_the_chief():
    """MOH-051, MOH-074, MOH-075: "become Chief of Security during phase b) Elect the Chief of
    Security." / "All characters present at the Security Room (location number 5) vote to
    elect a Chief of Security for this round." / "The chosen player takes the Chief of
    Security badge and places it in front of them." """
    g = start(position(4, at=AT, chief=0), "elect_chief")
    assert g.v_loc == SECURITY and g.v_candidates == [1, 2]
    cast(g, {1: 2, 2: 1})  # 1 vote against 3 (Pin-Up + Gunman with his extra vote)
    assert asked(g, "ballot") == [1, 2]
    assert finished(g)
    assert (g.chief, g.chief_elected) == (1, 1)
    obs = g.observation(3)
    assert obs[OBS["chief"].start + 2] == 1  # seat 1 is two seats after seat 3
    assert obs[OBS["chief_elected"].start] == 1


def test_moh_074_single_colour_in_security_is_elected():
    """MOH-074: "All characters present at the Security Room (location number 5) vote to elect
    a Chief of Security for this round." One colour there is elected without ballots."""
    at = {SECURITY: [(3, PIN), (3, TOUGH)], RESTROOM: [(0, PIN)]}
    g = start(position(4, at=at, chief=0), "elect_chief")
    assert finished(g) and asked(g, "ballot") == []
    assert (g.chief, g.chief_elected) == (3, 1)


def test_moh_076_new_chief_acts_first_for_the_rest_of_the_round():
    """MOH-076: "For the rest of the round, every action is performed first by the Chief of
    Security, then by the other players in clockwise order." """
    g = start(position(4, at=AT, chief=0), "elect_chief", "choose_destinations")
    cast(g, {1: 2, 2: 2})
    assert g.chief == 2
    for seat in (2, 3, 0, 1):
        act(g, seat, A_LOCATION + SUPERMARKET, "destination")
    assert asked(g, "destination") == [2, 3, 0, 1]
    assert list(g.order()) == [2, 3, 0, 1]


def test_moh_077_empty_security_room_previous_chief_stays():
    """MOH-077: "If this location is empty, or if two ties occur during the vote and no one is
    elected Chief of Security, the Chief of Security from the previous round remains in
    place." """
    at = {PARKING: [(0, PIN), (1, PIN)], RESTROOM: [(2, PIN), (3, PIN)]}
    g = position(4, at=at, chief=3, elected=True)
    start(g, "elect_chief")
    assert finished(g) and g.asked == []
    assert (g.chief, g.chief_elected) == (3, 0)


def test_moh_077_two_ties_previous_chief_stays():
    """MOH-077: "... or if two ties occur during the vote and no one is elected Chief of
    Security, the Chief of Security from the previous round remains in place." """
    at = {SECURITY: [(1, PIN), (2, PIN)], RESTROOM: [(0, PIN), (3, PIN)]}
    g = start(position(4, at=at, chief=3, elected=True), "elect_chief")
    cast(g, {1: 2, 2: 1})
    assert g.v_runoff == 1
    cast(g, {3: 1, 0: 2, 1: 1, 2: 2})
    assert finished(g)
    assert (g.chief, g.chief_elected) == (3, 0)
