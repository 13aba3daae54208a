"""Mall of Horror rules: a) Search the Truck."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_GIVE,
    A_GIVE_TO,
    A_KEEP,
    CAMERA,
    HARDWARE,
    HIDDEN,
    MEGATOYS,
    PARKING,
    PIN,
    RESTROOM,
    SPRINT,
    THREAT,
    TOUGH,
    WEAPON1,
    WEAPON2,
    act,
    asked,
    cast,
    finished,
    position,
    start,
)


def test_moh_050_069_parking_lot_characters_vote():
    """MOH-050, MOH-069: "go to the truck in the parking lot (location number 4) during phase
    a) Search the Truck." / "All characters present at the Parking Lot (location number 4)
    vote to decide who among them will search the truck for supplies." """
    at = {PARKING: [(1, PIN), (3, PIN), (3, TOUGH)], RESTROOM: [(0, PIN), (2, PIN)]}
    g = start(position(4, at=at, deck=[THREAT, WEAPON1, WEAPON2]), "search_truck")
    assert g.v_loc == PARKING and g.v_candidates == [1, 3]
    cast(g, {1: 1, 3: 1})
    assert asked(g, "ballot") == [1, 3]
    assert g.decision == "keep" and g.current_player == 1


def test_moh_069_single_colour_at_parking_searches_without_vote():
    """MOH-069: "All characters present at the Parking Lot (location number 4) vote to decide
    who among them will search the truck for supplies." One colour there searches without
    ballots."""
    at = {PARKING: [(2, PIN), (2, TOUGH)], RESTROOM: [(0, PIN)]}
    g = start(position(4, at=at, deck=[THREAT, WEAPON1, WEAPON2]), "search_truck")
    assert asked(g, "ballot") == []
    assert g.decision == "keep" and g.current_player == 2


def test_moh_069_nobody_at_parking_nobody_searches():
    """MOH-069: "All characters present at the Parking Lot (location number 4) vote ..." With
    nobody there, nobody searches."""
    g = start(position(4, at={RESTROOM: [(0, PIN)]}, deck=[THREAT, WEAPON1]), "search_truck")
    assert finished(g) and g.deck == [THREAT, WEAPON1]


def test_moh_070_071_072_draw_three_keep_give_bottom():
    """MOH-070, MOH-071, MOH-072: "The chosen character draws three action cards." / "They
    keep one of them, and give a second one to a player of their choice (that player does
    not need to have a character at the Parking Lot)." / "They place the third card at the
    bottom of the deck." """
    deck = [HIDDEN, HARDWARE, THREAT, WEAPON2, CAMERA]  # the top card is the last
    at = {PARKING: [(1, PIN)], RESTROOM: [(0, PIN), (2, PIN), (3, PIN)]}
    g = start(position(4, at=at, deck=deck), "search_truck")
    assert sorted(g.truck) == sorted([CAMERA, WEAPON2, THREAT])
    assert g.deck == [HIDDEN, HARDWARE]
    assert sorted(g.legal) == [A_KEEP + c for c in sorted([THREAT, CAMERA, WEAPON2])]
    act(g, 1, A_KEEP + WEAPON2, "keep")
    assert sorted(g.legal) == [A_GIVE + THREAT, A_GIVE + CAMERA]
    act(g, 1, A_GIVE + CAMERA, "give")
    assert g.decision == "give_to"
    assert sorted(g.legal) == [A_GIVE_TO + r for r in range(3)]  # any other player
    act(g, 1, A_GIVE_TO + 1, "give_to")  # seat 1 + 2 = seat 3, not at the Parking Lot
    assert finished(g)
    assert g.hands[1] == [0, 0, 0, 0, 0, 1, 0]
    assert g.hands[3] == [0, 1, 0, 0, 0, 0, 0]
    assert g.deck == [THREAT, HIDDEN, HARDWARE]
    assert g.gift == [1, 3, CAMERA]


def test_moh_071_truck_card_goes_to_another_player():
    """MOH-071: "... and give a second one to a player of their choice" (another player: the
    searcher cannot give it to themselves)."""
    at = {PARKING: [(0, PIN)], RESTROOM: [(1, PIN), (2, PIN)]}
    g = start(position(3, at=at, deck=[THREAT, THREAT, THREAT]), "search_truck")
    assert g.decision == "give_to"  # keep and give had a single option each
    assert sorted(g.legal) == [A_GIVE_TO, A_GIVE_TO + 1]  # seats 1 and 2 only
    act(g, 0, A_GIVE_TO + 1, "give_to")
    assert [h[THREAT] for h in g.hands] == [1, 0, 1]


def test_moh_070_fewer_than_three_cards_left():
    """MOH-070, MOH-072: "The chosen character draws three action cards." With fewer than
    three cards left the searcher draws what is left and keeps / gives as far as they go."""
    at = {PARKING: [(1, PIN)], RESTROOM: [(0, PIN)]}
    g = start(position(4, at=at, deck=[SPRINT, HIDDEN]), "search_truck")
    assert g.deck == []
    act(g, 1, A_KEEP + HIDDEN, "keep")
    assert g.gift == [1, -1, SPRINT]  # the only card left is the one given
    act(g, 1, A_GIVE_TO + 0, "give_to")
    assert finished(g) and g.deck == []
    assert g.hands[1][HIDDEN] == 1 and g.hands[2][SPRINT] == 1
    g = start(position(4, at=at, deck=[SPRINT]), "search_truck")
    assert finished(g)  # the one card is kept (a single option is taken at once)
    assert g.hands[1][SPRINT] == 1 and g.deck == []


def test_moh_073_empty_truck_skips_the_phase():
    """MOH-073: "When the deck of action cards runs out, it means the truck is now empty, and
    this phase is skipped for the rest of the game." """
    at = {PARKING: [(1, PIN), (2, PIN), (3, PIN)], MEGATOYS: [(0, PIN)]}
    g = start(position(4, at=at, deck=[], hands={1: [THREAT]}), "search_truck")
    assert finished(g)
    assert g.asked == [] and g.v_purpose == -1
    assert g.hands[1][THREAT] == 1
