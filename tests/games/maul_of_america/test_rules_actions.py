"""Maul of America rules: a Shopper's actions (the roll, a 7, cards, spending) and moving."""

from __future__ import annotations

import pytest

from tests.games.maul_of_america.positions import (
    Dice,
    act,
    acts,
    asked,
    attack_with,
    position,
    shopper_turn,
    sq,
    start,
    step,
    steps,
    trade_with,
)
from zombie_envs.games.maul_of_america.actions import (
    A_ACT,
    A_ATTACK,
    A_CALL_OFF,
    A_CARD,
    ACTIONS,
    END_TURN,
    SEARCH,
    USE_MEDKIT,
)
from zombie_envs.games.maul_of_america.cards import HAND_NAMES, MEDKIT
from zombie_envs.games.maul_of_america.seats import ZC

ADRENALINE, STEADY_AIM, DODGE = (HAND_NAMES.index(n) for n in ("Adrenaline", "Steady Aim", "Dodge"))
LURCH, GRAB = HAND_NAMES.index("Lurch"), HAND_NAMES.index("Grab")


def _blocks(g) -> set[str]:
    return {ACTIONS.locate(a)[0].name for a in g.legal}


@pytest.mark.parametrize(
    ("total", "wounds", "actions"),
    [(9, 0, 9), (9, 3, 6), (6, 3, 3), (5, 3, 2), (4, 3, 2), (2, 0, 2), (12, 1, 11)],
)
def test_moa_040_041_042_two_dice_less_wounds_at_least_two(total, wounds, actions):
    """MOA-040 "At the beginning of his turn, a Shopper rolls 2d6 to determine how many
    actions he has to spend for the turn.", MOA-041 "This die roll is modified by -1 for
    each wound the Shopper has sustained." and MOA-042 "Any result less than a 2 is
    considered a 2."."""
    g = shopper_turn(position(wounds={1: wounds}), 1, total)
    assert g.rng.values == []  # two dice rolled
    assert g.roll == total and g.actions == actions


def test_moa_043_044_bob_rolls_8_with_two_wounds():
    """MOA-043 "Bob rolls 2d6 for actions and rolls an “8”." and MOA-044 "Bob has sustained
    two wounds (we told him the Taco Hell burrito was not a real weapon) and therefore his
    total actions for the turn is 6(8-2=6)."."""
    g = shopper_turn(position(wounds={1: 2}), 1, 8)
    assert g.actions == 6


def test_moa_045_046_047_048_a_seven_draws_a_card_for_both_sides():
    """MOA-045 "Whenever a shopper rolls a “7” for his number of actions, he immediately
    receives a Shopper card.", MOA-046 "In addition, the Zombie Controller immediately
    receives the top card of the Zombie deck, but may receive a maximum of 1 card per turn
    this way.", MOA-047 "Shopper 1 rolls a “7” for her actions." and MOA-048 "She receives a
    Shopper card and the Zombie Controller receives a Zombie card.": the top card of each
    deck, before the first action."""
    g = position(sdeck=[ADRENALINE, STEADY_AIM], zdeck=[LURCH, GRAB])
    shopper_turn(g, 1, 7)
    assert g.decision == "act" and g.spent == 0
    assert g.hands[1][STEADY_AIM] == 1 and sum(g.hands[1]) == 1
    assert g.hands[ZC][GRAB] == 1 and sum(g.hands[ZC]) == 1
    assert g.sdeck == [ADRENALINE] and g.zdeck == [LURCH]
    other = shopper_turn(position(sdeck=[ADRENALINE], zdeck=[LURCH]), 1, 8)
    assert sum(other.hands[1]) == sum(other.hands[ZC]) == 0


def test_moa_049_050_051_one_zombie_card_between_two_zc_turns():
    """MOA-049 "Shopper 2 also rolls a “7” and receives a Shopper card.", MOA-050 "The
    Zombie Controller does not receive a card; he has already received a card between his
    turns." and MOA-051 "He will have to wait until after his next turn to be eligible to
    receive a card again.": a second 7 before the ZC's turn draws the Shopper card only;
    after the ZC's turn a 7 draws a Zombie card again."""
    g = position(sdeck=[ADRENALINE] * 3, zdeck=[LURCH, GRAB])
    g.round = 0
    g.rng = Dice(2, 3, 3, 2, 2, 3)  # 7, 7, and after the ZC's turn 7 again
    start(g, ("next_turn", ZC))
    assert g.hands[ZC][GRAB] == 1
    act(g, 1, A_ACT + END_TURN)
    assert g.current_player == 2 and g.hands[2][ADRENALINE] == 1
    assert sum(g.hands[ZC]) == 1 and g.zdeck == [LURCH]
    act(g, 2, A_ACT + END_TURN)
    assert g.decision == "command"
    act(g, ZC, A_ACT + END_TURN)
    assert g.current_player == 1 and g.hands[ZC][LURCH] == 1 and g.zdeck == []


def test_moa_052_053_shopper_cards_any_number_on_ones_own_turn():
    """MOA-052 "Unless the card says differently, you may only play cards during your own
    turn." and MOA-053 "You may play any number of cards that you wish or you may opt to
    play no cards at all.": two Adrenalines in a row add their actions, ending the turn
    needs none; another Shopper answering a trade on this turn is offered no card, and a
    Dodge (which says it may) is never played as a turn's card but only against a bite."""
    g = position(
        at={1: (3, 4), 2: (3, 5)},
        hands={1: ["Adrenaline", "Adrenaline", "Dodge"], 2: ["Adrenaline"]},
        items={2: ["Food"]},
    )
    shopper_turn(g, 1, 5)
    assert A_ACT + END_TURN in g.legal
    assert {a - A_CARD for a in g.legal if ACTIONS.locate(a)[0].name == "card"} == {ADRENALINE}
    act(g, 1, A_CARD + ADRENALINE)
    act(g, 1, A_CARD + ADRENALINE)
    assert g.actions == 9 and g.hands[1][ADRENALINE] == 0
    act(g, 1, trade_with(g, 2))
    act(g, 1, g.legal[0])  # ask for the Food
    act(g, 1, next(a for a in g.legal if ACTIONS.locate(a)[0].name == "trade_end"))
    assert g.decision == "accept" and g.current_player == 2 and _blocks(g) == {"answer"}


def test_moa_054_055_056_actions_are_spent_and_never_carried_over():
    """MOA-054 "In order to do anything, shoppers must spend actions.", MOA-055 "You may
    spend as many actions in a turn as you wish up to the maximum available." and MOA-056
    "You may spend less than the number rolled, but you may not carry over actions from one
    turn to the next, nor may you give or trade actions with another Shopper.": each move
    costs one; the turn may end with actions left, which the next roll does not add to; an
    exchange offers equipment only, never actions."""
    g = position(at={1: (3, 4), 2: (3, 6)}, items={1: ["Food"]})
    shopper_turn(g, 1, 6)
    act(g, 1, step("east"))
    assert g.actions == 5 and g.spent == 1
    assert _blocks(g) >= {"trade_with"}
    act(g, 1, trade_with(g, 2))
    assert g.actions == 4
    assert _blocks(g) == {"give", "trade_end"}
    act(g, 1, A_CALL_OFF)
    g.rng = Dice(0, 0, 0, 1)  # Shopper 2 rolls 2, then Shopper 1 rolls 3
    act(g, 1, A_ACT + END_TURN)  # 4 actions unspent
    act(g, 2, A_ACT + END_TURN)
    act(g, ZC, A_ACT + END_TURN)
    assert g.active == 1 and g.actions == 3
    g = shopper_turn(position(hands={1: ["Steady Aim"]}), 1, 2)
    for _ in range(2):
        act(g, 1, step("north"))
    assert g.actions == 0 and set(g.legal) == {A_ACT + END_TURN, A_CARD + STEADY_AIM}


def test_moa_058_059_068_069_070_eight_directions_not_round_corners():
    """MOA-058 "Move - By spending an action a Shopper may move one square in any direction;
    up, down, sideways or diagonal.", MOA-059 "Note: it is NOT permissible to move diagonal
    when going around a corner or through a doorway.", MOA-068 "Moving to “A” is not
    allowed.", MOA-069 "Moving to “B” or “C” would take 2 actions." and MOA-070 "All other
    squares would require 1 action.": in the open hall all eight squares; beside Taco Hell's
    display window (r1c3) the window square costs 2 and the two diagonals round the wall
    corners are refused; at a doorway (r1c4, r2c1) no diagonal goes through it."""
    g = shopper_turn(position(at={1: (4, 3)}), 1, 8)
    assert len(steps(g)) == 8
    g = shopper_turn(position(at={1: (1, 3)}), 1, 8)
    assert steps(g) == {
        "north": sq(0, 3),
        "north-east": sq(0, 4),
        "east": sq(1, 4),
        "south-east": sq(2, 4),
        "south": sq(2, 3),
        "west": sq(1, 2),
    }
    act(g, 1, step("west"))
    assert g.pos[1] == sq(1, 2) and g.actions == 6
    act(g, 1, step("south"))
    assert g.actions == 5
    g = shopper_turn(position(at={1: (1, 4)}), 1, 8)
    assert "east" in steps(g) and not {"north-east", "south-east"} & set(steps(g))
    act(g, 1, step("east"))
    assert g.pos[1] == sq(1, 5) and g.actions == 7
    g = shopper_turn(position(at={1: (2, 1)}), 1, 8)
    assert steps(g)["south"] == sq(3, 1)
    assert not {"south-east", "south-west"} & set(steps(g))


def test_moa_060_a_display_window_takes_two_actions():
    """MOA-060 "By spending two actions a Shopper may move through a display window
    designated by the dashed lines.": with one action left the window is refused."""
    g = shopper_turn(position(at={1: (0, 3)}, hands={1: ["Steady Aim"]}), 1, 3)
    act(g, 1, step("south"))
    assert "west" in steps(g)  # r1c3 -> r1c2 through the window, 2 actions left
    act(g, 1, step("north"))
    act(g, 1, step("south"))
    assert g.actions == 0 and "west" not in steps(g)
    g = shopper_turn(position(at={1: (1, 3)}), 1, 3)
    act(g, 1, step("north"))
    act(g, 1, step("south"))
    assert g.actions == 1 and "west" not in steps(g) and "north" in steps(g)


def test_moa_061_pass_through_occupied_squares_never_end_there():
    """MOA-061 "It is permissible to move through a square containing another player or
    Zombie as long as the Shopper does not end his turn in the square.": a zombie's or a
    Shopper's square may be entered only with the actions to leave it for a free one
    (back to where the move began counts), and while there the turn cannot end."""
    g = position(at={1: (3, 4), 2: (4, 6)}, zombies=[(3, 6)])
    shopper_turn(g, 1, 2)
    act(g, 1, step("east"))
    assert not {"east", "south-east"} & set(steps(g))  # 1 action left: it would stay there
    g = position(at={1: (3, 4), 2: (4, 6)}, zombies=[(3, 6)], hands={1: ["Steady Aim"]})
    shopper_turn(g, 1, 3, 0)  # the free attack misses
    act(g, 1, step("east"))
    assert {"east", "south-east"} <= set(steps(g))
    act(g, 1, step("east"))
    assert g.pos[1] == sq(3, 6) and A_ACT + END_TURN not in g.legal
    assert sq(4, 6) not in steps(g).values()  # the other Shopper's square: no action after
    act(g, 1, step("east"))
    assert g.pos[1] == sq(3, 7) and A_ACT + END_TURN in g.legal
    # a dead end: in and back out is a move through
    g = position(at={1: (6, 0)}, zombies=[(7, 0), (6, 1), (7, 1)], hands={1: ["Steady Aim"]})
    shopper_turn(g, 1, 2, 0)
    assert "south" in steps(g)
    act(g, 1, step("south"))
    assert steps(g) == {"north": sq(6, 0)}
    act(g, 1, step("north"))
    assert g.pos[1] == sq(6, 0) and A_ACT + END_TURN in g.legal


def test_moa_062_only_moves_while_sharing_a_square():
    """MOA-062 "The only action a Shopper may make while in a square containing someone
    else is a move action.": on a zombie's search square, beside a Shopper and another
    zombie, holding a Medkit and a weapon: only steps (and cards, which are no action)."""
    g = position(
        at={1: (1, 6), 2: (1, 7)},
        zombies=[(2, 6), (2, 7)],
        items={1: ["Medkit", "Fire Axe"], 2: ["Food"]},
        hands={1: ["Adrenaline"]},
        search=["Food"],
    )
    shopper_turn(g, 1, 6, 0)
    assert {"act", "attack_with", "trade_with"} <= _blocks(g)
    act(g, 1, step("south"))
    assert g.pos[1] == sq(2, 6)
    assert _blocks(g) == {"step", "card"}
    assert acts(g) == set()
    assert not {A_ACT + SEARCH, A_ACT + USE_MEDKIT, A_ATTACK, attack_with("Fire Axe")} & set(
        g.legal
    )
    assert [k for k, _ in g.items[1]].count(MEDKIT) == 1


def test_moa_063_064_065_066_067_free_attack_on_entering_a_zombie_square():
    """MOA-063 "SPECIAL: When moving into a square that contains a zombie, the Zombie
    controller gets a free attack.", MOA-064 "He rolls a d6.", MOA-065 "If he rolls a “6”,
    you sustain a wound (see Wounds).", MOA-066 "If the result in anything else, you have
    managed to dodge the zombie!" and MOA-067 "This wound cannot be countered by playing a
    card.": one die as the Shopper steps in; a 6 wounds even a Shopper holding a Dodge,
    who is not asked; a 5 does nothing; a Shopper's square draws no attack."""
    for face, wounds in ((5, 1), (4, 0)):
        g = position(at={1: (3, 4)}, zombies=[(3, 5)], hands={1: ["Dodge"]})
        shopper_turn(g, 1, 4, face)
        act(g, 1, step("east"))
        assert g.rng.values == [] and g.wounds[1] == wounds
        assert asked(g, "dodge") == [] and g.hands[1][DODGE] == 1
    g = position(at={1: (3, 4), 2: (3, 5)})
    shopper_turn(g, 1, 4)
    act(g, 1, step("east"))  # no die scripted: none is rolled
    assert g.wounds[1] == 0 and g.pos[1] == sq(3, 5)
