"""Mall of Horror rules: c) Arrival of the Zombies (the hidden roll, Security Camera)."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_PASS,
    A_PLAY,
    CAMERA,
    MEGATOYS,
    PARKING,
    PIN,
    RESTROOM,
    SECURITY,
    SUPERMARKET,
    THREAT,
    TOUGH,
    Dice,
    act,
    asked,
    cast,
    finished,
    position,
    start,
)
from zombie_envs.games.mall_of_horror.data import CARD_COUNTS
from zombie_envs.games.mall_of_horror.observe import OBS

AT = {
    RESTROOM: [(0, PIN), (1, PIN)],
    MEGATOYS: [(2, PIN), (3, PIN)],
    SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH)],
}
ROLL = (RESTROOM, PARKING, PARKING, SUPERMARKET)


def _sees(g, seat: int) -> bool:
    obs = g.observation(seat)
    return bool(obs[OBS["dice_known"].start]) and obs[OBS["dice"].slice].sum() == 4


def _arrival(chief=0, elected=True, hands=None, at=AT):
    g = position(4, at=at, chief=chief, elected=elected, hands=hands)
    g.rng = Dice(*ROLL)
    return start(g, "arrival_of_zombies")


def test_moh_078_079_080_four_hidden_dice_no_zombies_yet():
    """MOH-078, MOH-079, MOH-080: "The Chief of Security places 4 dice under the dice box and
    shakes it." / "No one is allowed to peek at the result of this roll." / "The dice
    indicate the locations where 4 zombies will arrive." """
    g = _arrival(elected=False)
    assert finished(g)
    assert g.dice == list(ROLL)
    assert g.zombies == [0] * 6  # placed only when revealed in phase e)
    assert g.dice_seen == [0, 0, 0, 0]
    assert not any(_sees(g, s) for s in range(4))


def test_moh_081_elected_chief_peeks():
    """MOH-081: "Only the Chief of Security may secretly peek at the result of the roll, and
    only if they were elected Chief of Security this round." """
    g = _arrival(chief=2, elected=True)
    assert g.dice_seen == [0, 0, 1, 0]
    assert _sees(g, 2)
    assert not any(_sees(g, s) for s in (0, 1, 3))
    g = _arrival(chief=2, elected=False)
    assert g.dice_seen == [0, 0, 0, 0] and not _sees(g, 2)


def test_moh_082_empty_security_room_nobody_peeks():
    """MOH-082: "So, if the Security Room (location number 5) is empty, or if two ties
    occurred during phase b) Elect the Chief of Security, no one is allowed to peek at the
    result of the roll." """
    g = position(4, at=AT, chief=1, elected=True)
    g.rng = Dice(*ROLL)
    start(g, "elect_chief", "arrival_of_zombies")
    assert g.chief == 1 and g.chief_elected == 0
    assert g.dice_seen == [0, 0, 0, 0]
    at = {**AT, SECURITY: [(1, PIN), (2, PIN)], RESTROOM: [], MEGATOYS: []}
    g = position(4, at=at, chief=0, elected=True)
    g.rng = Dice(*ROLL)
    start(g, "elect_chief", "arrival_of_zombies")
    cast(g, {1: 2, 2: 1})
    cast(g, {0: 1, 1: 2, 2: 1, 3: 2})
    assert finished(g)
    assert g.chief == 0 and g.dice_seen == [0, 0, 0, 0]


def test_moh_083_084_085_security_camera_in_turn_order():
    """MOH-083, MOH-084, MOH-085: "At this point, in turn order, players holding Security
    Camera cards may play them." / "After doing so, they too may peek at the result of the
    roll if they wish." / "Played cards are then discarded." """
    g = _arrival(chief=2, elected=False, hands={3: [CAMERA], 1: [CAMERA, CAMERA]})
    assert g.decision == "camera" and sorted(g.legal) == [A_PLAY + CAMERA, A_PASS]
    act(g, 3, A_PASS, "camera")
    act(g, 1, A_PLAY + CAMERA, "camera")
    assert finished(g)
    assert asked(g, "camera", choice=True) == [3, 1]
    assert g.dice_seen == [0, 1, 0, 0]
    assert _sees(g, 1) and not _sees(g, 3)
    assert g.hands[1][CAMERA] == 1 and g.hands[3][CAMERA] == 1
    assert g.discards[CAMERA] == 1


def _posed_camera(g, seat: int) -> bool:
    """Whether ``seat``'s Camera window poses a question (a ``pass`` taken at once does not)."""
    g.decision = None
    g.camera_window(seat)
    return g.decision == "camera"


def test_moh_083_no_camera_question_when_all_know_there_is_no_camera():
    """MOH-083: "At this point, in turn order, players holding Security Camera cards may
    play them": a seat whose hand is empty for all to see is not asked, nor is anyone once
    every Camera has been played; a seat holding another card is asked as a holder is, so
    the question tells nothing of its hand."""
    g = position(4, at=AT, chief=2, elected=False, hands={1: [THREAT], 3: [CAMERA]})
    assert [_posed_camera(g, s) for s in range(4)] == [False, True, False, True]
    g.hands[3][CAMERA], g.hands[3][THREAT] = 0, 1
    g.discards[CAMERA] = CARD_COUNTS[CAMERA]
    assert not any(_posed_camera(g, s) for s in range(4))


def test_moh_083_elected_chief_needs_no_camera():
    """MOH-081, MOH-083: "Only the Chief of Security may secretly peek at the result of the
    roll, and only if they were elected Chief of Security this round." An elected chief
    already sees the dice and is not offered the Camera; other holders still are."""
    g = _arrival(chief=0, elected=True, hands={0: [CAMERA], 2: [CAMERA]})
    assert g.decision == "camera" and g.current_player == 2
    act(g, 2, A_PLAY + CAMERA, "camera")
    assert g.dice_seen == [1, 0, 1, 0]
    assert g.hands[0][CAMERA] == 1
