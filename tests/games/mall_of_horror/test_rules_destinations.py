"""Mall of Horror rules: d) Choose Destinations."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_LOCATION,
    CACHOU,
    GUN,
    MEGATOYS,
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
    start,
)
from zombie_envs.games.mall_of_horror.observe import OBS

AT = {
    RESTROOM: [(0, PIN), (1, PIN)],
    MEGATOYS: [(2, PIN), (3, PIN), (0, GUN)],
    SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH)],
}


def _shown(g, viewer: int, seat: int) -> list[int]:
    """Destinations of ``seat`` that ``viewer``'s observation shows."""
    block = OBS["destinations"]
    row = block.start + ((seat - viewer) % g.num_players) * 6
    return [L for L in range(6) if g.observation(viewer)[row + L]]


def test_moh_086_087_088_every_player_picks_a_location_only():
    """MOH-086, MOH-087, MOH-088: "All players secretly choose a location to which they will
    move one of their characters." / "To do so, they select the destination location on their
    voting wheel." / "Careful: only the destination location is chosen, not which character
    will move there." """
    g = start(position(4, at=AT), "choose_destinations")
    before = list(g.loc)
    picks = {0: PARKING, 1: SECURITY, 2: RESTROOM, 3: SUPERMARKET}
    for seat in range(4):
        assert all(a - A_LOCATION in range(6) for a in g.legal)
        act(g, seat, A_LOCATION + picks[seat], "destination")
    assert finished(g)
    assert g.dest == [PARKING, SECURITY, RESTROOM, SUPERMARKET]
    assert g.loc == before  # nobody has moved yet
    assert asked(g, "move") == [] and asked(g, "character") == []


def test_moh_089_a_character_must_move():
    """MOH-089: "Regardless of the situation, a character must always be moved: you cannot
    simply leave a character where it currently is (so if all of a player's characters are
    at the same location, they may not choose that location as their destination)." """
    at = {
        SUPERMARKET: [(0, PIN), (0, TOUGH), (0, GUN), (1, PIN)],
        RESTROOM: [(1, TOUGH)],
        MEGATOYS: [(2, PIN), (3, PIN)],
    }
    g = start(position(4, at=at), "choose_destinations")
    assert g.current_player == 0
    assert sorted(g.legal) == [A_LOCATION + L for L in (RESTROOM, MEGATOYS, PARKING, SECURITY)]
    act(g, 0, A_LOCATION + PARKING)
    assert sorted(g.legal) == [
        A_LOCATION + L for L in (RESTROOM, MEGATOYS, PARKING, SECURITY, SUPERMARKET)
    ]


def test_moh_029_096_closed_locations_are_no_destination():
    """MOH-029, MOH-096: location 2 in a 3-4 player game and an overrun location cannot be
    chosen ("characters may no longer go there")."""
    g = position(4, at=AT, closed={MEGATOYS: OVERRUN})
    start(g, "choose_destinations")
    assert A_LOCATION + CACHOU not in g.legal
    assert A_LOCATION + MEGATOYS not in g.legal
    assert sorted(g.legal) == [A_LOCATION + L for L in (RESTROOM, PARKING, SECURITY, SUPERMARKET)]


def test_moh_090_elected_chief_announces_first():
    """MOH-090: "If a Chief of Security was elected this round, they must choose their location
    before the other players and announce their choice." """
    g = start(position(4, at=AT, chief=2, elected=True), "choose_destinations")
    act(g, 2, A_LOCATION + SECURITY, "destination")
    assert g.current_player == 3
    assert g.dest_public == [0, 0, 1, 0]
    for viewer in (3, 0, 1):
        assert _shown(g, viewer, 2) == [SECURITY]


def test_moh_091_others_choose_secretly():
    """MOH-091: "Then, all other players secretly choose their locations, but do not move
    their characters yet." """
    g = start(position(4, at=AT, chief=2, elected=True), "choose_destinations")
    act(g, 2, A_LOCATION + SECURITY, "destination")
    act(g, 3, A_LOCATION + PARKING, "destination")
    assert g.observation(3)[OBS["my_destination"].start + PARKING] == 1
    for viewer in (0, 1, 2):
        assert _shown(g, viewer, 3) == []
    assert g.dest_public == [0, 0, 1, 0]


def test_moh_090_unelected_chief_chooses_first_but_secretly():
    """MOH-090: "If a Chief of Security was elected this round, they must choose their
    location before the other players and announce their choice." A chief not elected this
    round goes first (turn order) but announces nothing."""
    g = start(position(4, at=AT, chief=1, elected=False), "choose_destinations")
    act(g, 1, A_LOCATION + PARKING, "destination")
    assert g.dest_public == [0, 0, 0, 0]
    assert _shown(g, 2, 1) == []
    assert asked(g, "destination") == [1, 2]


def test_moh_146_eliminated_players_choose_no_destination():
    """MOH-146: a player with no characters left "may no longer take part in the game"."""
    at = {RESTROOM: [(0, PIN), (1, PIN)], MEGATOYS: [(3, PIN), (3, TOUGH)]}
    g = start(position(4, at=at, eliminated={2: 0}), "choose_destinations")
    for seat in (0, 1, 3):
        act(g, seat, A_LOCATION + PARKING, "destination")
    assert finished(g)
    assert asked(g, "destination") == [0, 1, 3]
    assert g.dest[2] == -1


def test_moh_089_nowhere_to_go():
    """MOH-089: "Regardless of the situation, a character must always be moved: you cannot
    simply leave a character where it currently is (so if all of a player's characters are
    at the same location, they may not choose that location as their destination)." With every
    other location closed or overrun, characters all at the Parking Lot cannot be moved: no
    destination is asked, nobody moves, and the round goes on to the Zombie Attack."""
    at = {PARKING: [(0, PIN), (0, TOUGH), (1, PIN), (2, PIN), (3, GUN)]}
    closed = dict.fromkeys((RESTROOM, MEGATOYS, SECURITY, SUPERMARKET), OVERRUN)
    g = position(4, at=at, closed=closed, hands={0: [SPRINT]})
    g.dice = [RESTROOM, MEGATOYS, SECURITY, SUPERMARKET]  # all ignored
    before = list(g.loc)
    start(g, "choose_destinations", "zombie_players", "move_characters", "zombie_attack")
    assert asked(g, "destination") == [] and asked(g, "move") == []
    assert g.dest == [-1] * 4 and g.loc == before and g.hands[0][SPRINT] == 1
    assert g.zombies[PARKING] == 2  # most characters and most Pin-Ups
    assert (g.decision, g.v_loc) == ("ballot", PARKING)
