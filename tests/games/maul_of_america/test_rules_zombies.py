"""Maul of America rules: the Zombie Controller's turn (reinforcements, cards, moves, bites)."""

from __future__ import annotations

from tests.games.maul_of_america.positions import (
    MAUL,
    Rig,
    act,
    activations,
    asked,
    card,
    entries,
    position,
    shopper_turn,
    sq,
    squares,
    zombie_turn,
)
from zombie_envs.core.walls import ARROW, DOOR
from zombie_envs.games.maul_of_america.actions import (
    A_ACT,
    A_ACTIVATE,
    A_BITE,
    A_CARD,
    A_ENTER,
    A_NO,
    A_PASS,
    A_SQUARE,
    A_YES,
    ACTIONS,
    END_TURN,
    SEARCH,
)
from zombie_envs.games.maul_of_america.cards import NEXT_HIT, ZOMBIE_ACTIONS, ZOMBIE_CAP, ZOMBIE_HIT
from zombie_envs.games.maul_of_america.seats import ZC

#: a card in the ZC's hand keeps its turn open once every zombie has acted
KEEP = {ZC: ["Lurch"]}


def _sq(*rcs: tuple[int, int]) -> set[int]:
    return {sq(*rc) for rc in rcs}


def _activate(g: Rig, rc: tuple[int, int]) -> dict[int, int]:
    """Activate the zombie on ``rc``: {square it may end on: actions that costs}."""
    act(g, ZC, A_ACTIVATE + sq(*rc))
    assert g.decision == "destination"
    v = g.z_square
    return {w: g.zombie_stops(v, g.z_budget)[w] if w != v else 0 for w in squares(g)}


def _move(g: Rig, rc: tuple[int, int]) -> None:
    act(g, ZC, A_SQUARE + sq(*rc))


def _cards(g: Rig) -> set[int]:
    return {a for a in g.legal if ACTIONS.locate(a)[0].name == "card"}


def test_moa_118_130_134_four_actions_a_zombie_one_square_each():
    """MOA-118 "Each zombie automatically receives four actions during the Zombie
    Controller’s turn.", MOA-130 "The Zombie Controller has 4 actions available per zombie
    per turn plus any cards which may increase the actions available." and MOA-134 "Move -
    By spending an action, a zombie may move one square in any direction; up, down,
    sideways or diagonal.": a zombie in the open hall may end anywhere within four steps,
    diagonals included, and no further; every zombie gets its own four."""
    g = position(at={1: (13, 15)}, zombies=[(3, 8), (4, 10)])
    zombie_turn(g)
    stops = _activate(g, (3, 8))
    assert stops[sq(3, 12)] == 4 and sq(3, 13) not in stops
    assert stops[sq(4, 9)] == stops[sq(4, 7)] == 1  # diagonals
    _move(g, (3, 12))
    stops = _activate(g, (4, 10))
    assert stops[sq(4, 14)] == ZOMBIE_ACTIONS == 4 and sq(4, 15) not in stops


def test_moa_119_no_die_in_a_zc_turn_unless_a_card_says():
    """MOA-119 "There is no need to roll for the number of actions available each turn
    unless the ZC plays a Zombie card.": activating and moving draw no die; a Rampage rolls one
    and the next zombie gets that many more actions."""
    g = position(at={1: (13, 15)}, zombies=[(3, 8)], hands={ZC: ["Rampage"]})
    zombie_turn(g)  # no die scripted: drawing one would fail
    _activate(g, (3, 8))
    _move(g, (3, 12))
    g = position(at={1: (13, 15)}, zombies=[(3, 8)], hands={ZC: ["Rampage"]})
    zombie_turn(g, 2)
    act(g, ZC, card("Rampage"))
    stops = _activate(g, (3, 8))
    assert g.rng.values == [] and g.z_budget == 4 + 3
    assert sq(3, 15) in stops


def test_moa_120_121_122_one_reinforcement_per_living_shopper():
    """MOA-120 "The Zombie Controller receives 1 zombie reinforcement each turn for each
    Shopper still alive.", MOA-121 "There are 3 Shoppers still alive at the beginning of the
    Zombie Contoller’s turn." and MOA-122 "He therefore receives 3 zombies as
    reinforcements.": of four Shoppers one is dead: three come in, no fourth."""
    g = position(n=5, dead=(4,), hands=KEEP)
    zombie_turn(g)
    assert g.waiting == 3
    for _ in range(3):
        assert entries(g)
        act(g, ZC, A_ENTER + sq(0, 15))
        _move(g, (1, 15 - len(g.zombies)))
    assert len(g.zombies) == 3 and not entries(g)


def test_moa_123_124_125_reinforcements_step_in_at_any_exit_or_arrow():
    """MOA-123 "These reinforcements must enter the board from any Maul exit, thus their
    first action must be used to move into the Maul.", MOA-124 "Reinforcements may come in as
    a group or they may be brought in from separate entrances." and MOA-125 "Zombies may
    enter the board at any designated exit or at any arrow leading off the board’s edge.":
    every Maul exit and outer arrow square is offered (a Shopper's is not); entering costs
    the first action, so three are left; two may come in at one exit, a third elsewhere."""
    g = position(n=4, at={1: (3, 6), 2: (15, 3)}, hands=KEEP)
    zombie_turn(g)
    assert entries(g) == set(MAUL.exits) - {sq(15, 3)}
    arrows = {i for i, _, kind in MAUL.openings if kind == ARROW}
    doors = {i for i, _, kind in MAUL.openings if kind == DOOR}
    assert arrows and doors and arrows | doors == set(MAUL.exits)
    act(g, ZC, A_ENTER + sq(3, 0))
    stops = squares(g)
    assert sq(3, 3) in stops and sq(3, 4) not in stops and sq(3, 0) in stops
    _move(g, (3, 3))
    assert g.rng.values == [] and sq(3, 3) not in activations(g)
    act(g, ZC, A_ENTER + sq(3, 0))
    _move(g, (3, 0))
    act(g, ZC, A_ENTER + sq(15, 12))
    _move(g, (15, 12))
    assert sorted(g.zombies) == sorted(_sq((3, 3), (3, 0), (15, 12))) and not entries(g)


def test_moa_123_133_a_reinforcement_entering_on_a_zombie_moves_on_the_other_still_acts():
    """MOA-123 "These reinforcements must enter the board from any Maul exit, thus their
    first action must be used to move into the Maul." and MOA-133 "ALL actions for one
    zombie are completed before moving onto the next zombie, then the next etc… The
    following": a reinforcement entering where a zombie stands must move on with its three
    actions; the zombie it passed has not acted and may still be activated, the newcomer
    not again."""
    g = position(at={1: (13, 15)}, zombies=[(3, 0)], hands=KEEP)
    zombie_turn(g)
    act(g, ZC, A_ENTER + sq(3, 0))
    assert sq(3, 0) not in squares(g)
    _move(g, (3, 3))
    assert activations(g) == {sq(3, 0)}
    assert max(_activate(g, (3, 0)).values()) == ZOMBIE_ACTIONS
    _move(g, (3, 4))
    assert sorted(g.zombies) == [sq(3, 3), sq(3, 4)] and activations(g) == set()


def test_moa_126_127_at_most_25_zombies_the_rest_are_lost():
    """MOA-126 "There are a maximum of 25 zombies available for the Zombie Controller to
    have in the Maul at any one time." and MOA-127 "If there are not enough zombies
    available to take as reinforcements, those reinforcements are lost.": with 24 in and
    two Shoppers alive one comes in; with 25 none, and a search's zombies are lost too."""
    spots = [(r, c) for r in range(8, 16) for c in range(4)][:ZOMBIE_CAP]
    g = position(zombies=spots[:-1])
    zombie_turn(g)
    assert g.waiting == 1
    act(g, ZC, A_ENTER + sq(0, 15))
    _move(g, (0, 15))
    assert len(g.zombies) == ZOMBIE_CAP and not entries(g)
    g = position(zombies=spots)
    zombie_turn(g)
    assert g.waiting == 0 and not entries(g)
    g = position(at={1: (2, 6)}, zombies=spots, search=["2 Zombies"])
    shopper_turn(g, 1, 5)
    act(g, 1, A_ACT + SEARCH)
    assert len(g.zombies) == ZOMBIE_CAP and asked(g, "spawn") == []


def test_moa_128_129_zombie_cards_any_number_on_the_zcs_own_turn():
    """MOA-128 "Unless the card you wish to play says differently, the Zombie Controller may
    only play cards during his own turn." and MOA-129 "You may play any number of cards that
    you wish or you may opt to play no cards at all.": the ZC's choices on a Shopper's turn
    (placing searched zombies, the exit) offer no card; on its own turn two Lurches go on
    the same zombie, and the turn may end with cards unplayed."""
    g = position(at={1: (2, 6)}, search=["2 Zombies"], hands={ZC: ["Lurch", "Lurch", "Grab"]})
    shopper_turn(g, 1, 5)
    act(g, 1, A_ACT + SEARCH)
    assert g.decision == "spawn" and not _cards(g)
    g = position(at={1: (13, 15)}, zombies=[(3, 8)], hands={ZC: ["Lurch", "Lurch", "Grab"]})
    zombie_turn(g)
    assert _cards(g) == {card("Lurch"), card("Grab")} and A_ACT + END_TURN in g.legal
    act(g, ZC, card("Lurch"))
    act(g, ZC, card("Lurch"))
    stops = _activate(g, (3, 8))
    assert max(stops.values()) == 8 and sq(3, 0) in stops
    assert g.hands[ZC][card("Lurch") - A_CARD] == 0


def test_moa_130_131_132_no_actions_carried_to_another_zombie_or_turn():
    """MOA-130 "The Zombie Controller has 4 actions available per zombie per turn plus any
    cards which may increase the actions available.", MOA-131 "The ZC may spend as many
    actions in a turn as you wish up to the maximum available." and MOA-132 "He may not
    carry over actions from one turn to the next.": a zombie may stay or stop short; what it
    leaves goes to no other zombie nor the next turn; a Shambling Horde gives every zombie
    one more, a Lurch the next zombie only."""
    g = position(
        at={1: (13, 15)}, zombies=[(3, 8), (4, 10)], hands={ZC: ["Shambling Horde", "Lurch"]}
    )
    zombie_turn(g)
    stops = _activate(g, (3, 8))
    assert stops[sq(3, 8)] == 0  # staying put is a choice
    _move(g, (3, 9))
    assert max(_activate(g, (4, 10)).values()) == 4
    g = position(
        at={1: (13, 15)}, zombies=[(3, 8), (4, 10)], hands={ZC: ["Shambling Horde", "Lurch"]}
    )
    zombie_turn(g)
    act(g, ZC, card("Shambling Horde"))
    act(g, ZC, card("Lurch"))
    assert max(_activate(g, (3, 8)).values()) == 4 + 1 + 2
    _move(g, (3, 9))
    assert max(_activate(g, (4, 10)).values()) == 4 + 1
    _move(g, (4, 10))
    g.rng.values += [1, 1]
    act(g, ZC, A_ACT + END_TURN)
    g.rng.values += [1, 1]
    act(g, 1, A_ACT + END_TURN)
    g.rng.values += [1, 1]
    act(g, 2, A_ACT + END_TURN)
    assert g.decision == "command"
    assert max(_activate(g, (3, 9)).values()) == 4


def test_moa_133_one_zombie_finishes_before_the_next():
    """MOA-133 "ALL actions for one zombie are completed before moving onto the next zombie,
    then the next etc… The following": once activated, a zombie's move (and bite) is
    settled before any other zombie or card is offered, and it is not activated again."""
    g = position(at={1: (3, 4)}, zombies=[(3, 8), (4, 10)], hands={ZC: ["Lurch"]})
    zombie_turn(g)
    act(g, ZC, A_ACTIVATE + sq(3, 8))
    assert g.decision == "destination" and not _cards(g)
    _move(g, (3, 5))
    assert g.decision == "bite"
    act(g, ZC, A_PASS)
    assert g.decision == "command" and activations(g) == {sq(4, 10)}


def test_moa_135_136_140_141_142_zombie_steps_like_shoppers():
    """MOA-135 "Note: it is NOT permissible to move diagonally when moving around a corner
    or through a doorway.", MOA-136 "By spending two actions a zombie may move through a
    display window (designated by dashed lines)", MOA-140 "Moving to “A” is not allowed.",
    MOA-141 "Moving to “B” or “C” would take 2 actions." and MOA-142 "All other squares
    would require 1 action.": from beside Taco Hell's window (r1c3) the window square costs
    2 and the squares round the wall corners more than one; at the doorway (r1c4) the
    squares diagonally through it cost more than one."""
    g = position(zombies=[(1, 3)])
    zombie_turn(g)
    stops = _activate(g, (1, 3))
    one = {w for w, cost in stops.items() if cost == 1}
    assert one == _sq((0, 3), (0, 4), (1, 4), (2, 3), (2, 4))
    assert stops[sq(1, 2)] == 2 and stops[sq(0, 2)] > 1 and stops[sq(2, 2)] > 1
    g = position(zombies=[(1, 4)])
    zombie_turn(g)
    stops = _activate(g, (1, 4))
    assert stops[sq(1, 5)] == 1 and stops[sq(0, 5)] == stops[sq(2, 5)] == 2


def test_moa_137_through_other_zombies_never_ending_on_one():
    """MOA-137 "It is permissible to move through a square containing another Zombie as
    long as the zombie does not end his turn in the square.": a zombie in Orange Jugulus's
    doorway is passed through to the store beyond (r1c6, three actions), never stopped on."""
    g = position(zombies=[(0, 4), (1, 5)])
    zombie_turn(g)
    stops = _activate(g, (0, 4))
    assert stops[sq(1, 6)] == 3 and sq(1, 5) not in stops


def test_moa_138_a_zombie_sharing_a_square_may_only_move():
    """MOA-138 "The only action a zombie may make while in a square containing another
    zombie is a move action.": of two zombies on one square beside a Shopper, the one
    activated may not stay nor bite from there; one step away it may bite."""
    g = position(at={1: (3, 4)}, zombies=[(3, 5), (3, 5)])
    zombie_turn(g)
    stops = _activate(g, (3, 5))
    assert sq(3, 5) not in stops
    _move(g, (4, 5))
    assert g.decision == "bite"


def test_moa_139_never_into_a_shoppers_square():
    """MOA-139 "The ZC may never move a Zombie into a shopper’s square.": a Shopper in the
    doorway is neither a stop nor a way through: the store beyond is out of reach."""
    g = position(at={1: (1, 5)}, zombies=[(0, 4)])
    zombie_turn(g)
    stops = _activate(g, (0, 4))
    assert sq(1, 5) not in stops and sq(1, 6) not in stops and sq(1, 4) in stops


def _bite_from(g: Rig, rc: tuple[int, int], to: tuple[int, int]) -> None:
    _activate(g, rc)
    _move(g, to)


def test_moa_143_144_145_146_147_one_bite_as_the_last_action():
    """MOA-143 "Attack - A zombie may use an action to make an attack on any one adjacent
    Shopper.", MOA-144 "The zombie may make a maximum of one attack per turn and it must be
    the last action used.", MOA-145 "The Zombie Controller activates a zombie and spends two
    action moving the zombie next to a Shopper.", MOA-146 "He spends his 3rd action attacking
    the Shopper." and MOA-147 "His turn is now finished even though he has spent only 3
    actions.": two steps and a bite at one of two adjacent Shoppers end the zombie's
    activation; a zombie that spends all four moving may not bite."""
    g = position(at={1: (3, 4), 2: (4, 4)}, zombies=[(3, 7), (3, 8)])
    zombie_turn(g, 0)
    _bite_from(g, (3, 7), (3, 5))
    assert g.decision == "bite" and set(g.legal) == {A_BITE, A_BITE + 1, A_PASS}
    act(g, ZC, A_BITE + 1)
    assert g.rng.values == [] and g.wounds == [0, 0, 0]
    assert g.decision == "command" and activations(g) == {sq(3, 8)}
    _activate(g, (3, 8))
    _move(g, (4, 5))
    assert g.decision == "bite"
    g = position(at={1: (3, 4)}, zombies=[(3, 9)])
    zombie_turn(g)
    _bite_from(g, (3, 9), (3, 5))  # four squares: no action left
    assert g.decision == "command" and asked(g, "bite") == []


def test_moa_148_149_bites_hit_on_6_unless_a_zombie_card_helps():
    """MOA-148 "The base chance for a zombie attack to hit is the roll of a ‘6’ on a d6
    (rigor mortis puts a crimp in throwing effective punches)." and MOA-149 "Zombie Cards
    are the only thing which can increase the odds of hitting a Shopper.": a 5 misses, a 6
    wounds; after a Grab the next zombie wounds on a 5, the one after on a 6 again; a
    Shopper is asked about a Dodge only after a hit."""
    grab = NEXT_HIT[card("Grab") - A_CARD]
    for face, wounds in ((ZOMBIE_HIT - 2, 0), (ZOMBIE_HIT - 1, 1)):
        g = position(at={1: (3, 4)}, zombies=[(3, 5)])
        zombie_turn(g, face)
        _bite_from(g, (3, 5), (3, 5))
        act(g, ZC, A_BITE)
        assert g.wounds[1] == wounds and asked(g, "dodge") == [1] * wounds
    g = position(at={1: (3, 4), 2: (4, 4)}, zombies=[(3, 5), (4, 5)], hands={ZC: ["Grab"]})
    zombie_turn(g, grab - 1, grab - 1)
    act(g, ZC, card("Grab"))
    _bite_from(g, (3, 5), (3, 5))
    act(g, ZC, A_BITE)
    _bite_from(g, (4, 5), (4, 5))
    act(g, ZC, A_BITE + 1)
    assert g.wounds == [0, 1, 0] and grab < ZOMBIE_HIT


def test_moa_150_151_152_153_154_zombie_bites_follow_the_walls():
    """MOA-150 "Zombies are not allowed to attack diagonally through a doorway or around a
    corner, or to attack through walls.", MOA-151 "Zombies may attack through display
    windows with no penalty.", MOA-152 "Display windows are designated with a dashed
    border.", MOA-153 "Attacking “A” is not allowed." and MOA-154 "All other adjacent
    squares are eligible to be hit.": a zombie diagonally through a doorway, round a corner
    or behind a wall has no bite; one across a window, or on any other touching square,
    does, and hits on the usual 6."""
    for rc, bites in (
        ((0, 5), False),  # diagonally through Orange Jugulus's doorway from r1c4
        ((2, 5), False),
        ((1, 5), True),  # straight through it
        ((2, 3), True),
        ((0, 3), True),
    ):
        g = position(at={1: (1, 4)}, zombies=[rc])
        zombie_turn(g)
        _bite_from(g, rc, rc)
        assert (g.decision == "bite") == bites, rc
    for rc, bites in (((1, 2), True), ((2, 2), False), ((0, 2), False)):  # about r1c3
        g = position(at={1: (1, 3)}, zombies=[rc])
        zombie_turn(g, ZOMBIE_HIT - 1)
        _bite_from(g, rc, rc)
        assert (g.decision == "bite") == bites, rc
        if bites:
            act(g, ZC, A_BITE)
            assert g.wounds[1] == 1


def test_moa_052_a_dodge_is_played_against_a_bite_on_the_zcs_turn():
    """MOA-052 "Unless the card says differently, you may only play cards during your own
    turn.": a Dodge says it may be played when a zombie's attack wounds: asked after the
    hit, the Shopper plays it and takes no wound; without one the only answer is the wound."""
    for hand, wounds in ((["Dodge"], 0), ([], 1)):
        g = position(at={1: (3, 4)}, zombies=[(3, 5)], hands={1: hand})
        zombie_turn(g, ZOMBIE_HIT - 1)
        _bite_from(g, (3, 5), (3, 5))
        act(g, ZC, A_BITE)
        if hand:
            assert g.decision == "dodge" and set(g.legal) == {A_YES, A_NO}
            act(g, 1, A_YES)
            assert g.sdiscard == [card("Dodge") - A_CARD]
        assert g.wounds[1] == wounds and asked(g, "dodge") == [1]
        assert sum(g.hands[1]) == 0
