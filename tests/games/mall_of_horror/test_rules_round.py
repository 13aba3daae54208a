"""Mall of Horror rules: the round and its six phases."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_LOCATION,
    A_PASS,
    A_PLAY,
    GUN,
    HARDWARE,
    HIDDEN,
    MEGATOYS,
    PARKING,
    PIN,
    RESTROOM,
    SECURITY,
    SUPERMARKET,
    THREAT,
    TOUGH,
    WEAPON1,
    act,
    asked,
    position,
    slot,
    start,
)

PHASES = [
    "search_truck",
    "elect_chief",
    "arrival_of_zombies",
    "choose_destinations",
    "zombie_players",
    "move_characters",
    "zombie_attack",
    "end_round",
]


def test_moh_046_047_048_six_phases_in_order():
    """MOH-046, MOH-047, MOH-048: "The game is played over a series of consecutive
    rounds." / "Each round consists of the following 6 phases:" / "a) Search the Truck
    b) Elect the Chief of Security c) Arrival of the Zombies d) Choose Destinations e) Move
    Characters f) Zombie Attack" """
    g = position(4, at={RESTROOM: [(0, PIN)], MEGATOYS: [(1, PIN)]}, rnd=3)
    g.tasks = []
    g.start_round()
    assert g.round == 4
    assert [t[0] for t in reversed(g.tasks)] == PHASES


def test_moh_048_phases_happen_in_order_in_play():
    """MOH-048: "a) Search the Truck b) Elect the Chief of Security c) Arrival of the Zombies
    d) Choose Destinations e) Move Characters f) Zombie Attack", played through one round."""
    at = {
        PARKING: [(0, PIN), (1, PIN)],
        SECURITY: [(2, PIN), (3, PIN)],
        MEGATOYS: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH)],
    }
    g = position(4, at=at, deck=[HIDDEN, HARDWARE, WEAPON1, THREAT], rnd=0)
    start(g, "start_round")
    assert g.round == 1
    steps = []
    while not g.terminal and g.round == 1:
        step = (g.decision, g.v_loc) if g.decision == "ballot" else (g.decision, -1)
        if step not in steps:
            steps.append(step)
        g.apply(g.legal[0])
    assert steps.index(("ballot", PARKING)) < steps.index(("keep", -1))
    assert steps.index(("keep", -1)) < steps.index(("ballot", SECURITY))
    assert steps.index(("ballot", SECURITY)) < steps.index(("destination", -1))
    assert steps.index(("destination", -1)) < steps.index(("move", -1))
    assert g.terminal or g.round == 2


def test_moh_148_next_round_begins_and_round_state_resets():
    """MOH-148, MOH-121, MOH-128: "The next round then begins." Hardware and Hidden count
    only for the round in which they are played."""
    at = {
        RESTROOM: [(0, PIN), (1, PIN)],
        MEGATOYS: [(2, PIN), (3, PIN)],
        SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, GUN)],
    }
    g = position(4, at=at, deck=[THREAT])
    g.hidden[slot(0, PIN)] = 1
    g.hardware[RESTROOM] = 1
    g.dest = [MEGATOYS, MEGATOYS, RESTROOM, RESTROOM]
    start(g, "end_round")
    assert g.round == 2
    assert g.hidden == [0] * 16
    assert g.hardware == [0] * 6
    assert g.dest == [-1] * 4
    assert (g.decision, g.current_player) == ("destination", 0)  # round 2 is under way


def test_moh_076_order_is_chief_then_clockwise():
    """MOH-076: "For the rest of the round, every action is performed first by the Chief of
    Security, then by the other players in clockwise order." """
    at = {
        RESTROOM: [(0, PIN), (1, PIN)],
        MEGATOYS: [(2, PIN), (3, PIN)],
        SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH)],
    }
    g = position(4, at=at, chief=2, hands={s: [THREAT] for s in range(4)})
    g.dice = [SECURITY] * 4
    start(g, "choose_destinations", "move_characters")
    for seat in (2, 3, 0, 1):
        act(g, seat, A_LOCATION + PARKING, "destination")
    g.zombies[SUPERMARKET] = 4
    for seat in (2, 3, 0, 1):
        assert g.current_player == seat and g.decision == "move"
        g.apply(g.legal[0])
    assert asked(g, "destination") == [2, 3, 0, 1]
    assert asked(g, "move") == [2, 3, 0, 1]
    start(g, ("attack_location", SUPERMARKET))
    for seat in (2, 3, 0, 1):
        assert A_PLAY + THREAT in g.legal
        act(g, seat, A_PASS, "cards")
    assert g.decision == "ballot" and g.current_player == 2
