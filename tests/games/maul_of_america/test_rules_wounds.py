"""Maul of America rules: wounds, healing, and a Shopper killed and turned zombie."""

from __future__ import annotations

import random

from tests.games.maul_of_america.positions import (
    Rig,
    act,
    activations,
    attack_with,
    kind,
    position,
    shopper_turn,
    sq,
    step,
    zombie_turn,
)
from zombie_envs.games.maul_of_america.actions import (
    A_ACT,
    A_ACTIVATE,
    A_BITE,
    A_ENTER,
    A_SQUARE,
    END_TURN,
    USE_MEDKIT,
)
from zombie_envs.games.maul_of_america.cards import DEADLY_WOUND, HAND_NAMES, MELEE_HIT, ZOMBIE_CAP
from zombie_envs.games.maul_of_america.seats import DEAD, PLAYING, ZC


def bite(g: Rig, zombie: tuple[int, int], seat: int, face: int) -> None:
    """The ZC activates the zombie on ``zombie``, leaves it there and bites ``seat``, the
    die showing ``face``; a Shopper holding no Dodge takes the wound."""
    act(g, ZC, A_ACTIVATE + sq(*zombie))
    act(g, ZC, A_SQUARE + sq(*zombie))
    g.rng.values.append(face)
    act(g, ZC, A_BITE + seat - 1)


def test_moa_107_shoppers_begin_healthy():
    """MOA-107 "While all Shoppers begin the game healthy, it is highly likely that they
    will sustain wounds over the course of a game."."""
    g = Rig(4, seed=7)
    rng = random.Random(7)
    while g.decision != "act":
        g.apply(rng.choice(g.legal))
    assert g.wounds == [0, 0, 0, 0]


def test_moa_109_110_155_three_wounds_survived_the_fourth_kills():
    """MOA-109 "To reflect this, a Shopper may survive with up to 3 wounds.", MOA-110 "Any
    wound after the 3rd results in the player being eliminated from the game." and MOA-155
    "If at anytime a Zombie causes a Shopper to sustain a 4th wound, the Shopper is dead
    (killed, KIA, toasties, wormfood, etc).": a bite on 2 wounds leaves a living Shopper on
    3; a bite on 3 kills it, and it takes no more turns."""
    g = position(at={1: (3, 4)}, zombies=[(3, 5)], wounds={1: 2})
    zombie_turn(g)
    bite(g, (3, 5), 1, 5)
    assert g.wounds[1] == 3 and g.status[1] == PLAYING
    g = position(at={1: (3, 4)}, zombies=[(3, 5)], wounds={1: DEADLY_WOUND - 1})
    zombie_turn(g)
    bite(g, (3, 5), 1, 5)
    assert g.status[1] == DEAD and g.pos[1] == -1
    g.rng.values += [1, 1]
    act(g, ZC, A_ACT + END_TURN)
    assert g.active == 2 and not g.terminal
    assert DEADLY_WOUND == 4


def test_moa_111_112_113_114_a_medkit_at_three_wounds_allows_three_more():
    """MOA-111 "Of course it is possible to heal wounds, which lowers the number of wounds
    sustained accordingly.", MOA-112 "Jim has sustained 3 wounds and is on the verge of
    death.", MOA-113 "He uses a Medkit as a last gasp and recovers all wounds sustained."
    and MOA-114 "He now can sustain another 3 wounds.": healed, Jim walks into a zombie's
    square three times, wounded by each free attack, and lives."""
    g = position(at={1: (3, 4)}, zombies=[(3, 5)], wounds={1: 3}, items={1: ["Medkit"]})
    shopper_turn(g, 1, 12, 5, 5, 5)
    act(g, 1, A_ACT + USE_MEDKIT)
    assert g.wounds[1] == 0
    for direction in ("east", "west", "east", "west", "east"):
        act(g, 1, step(direction))
    assert g.wounds[1] == 3 and g.status[1] == PLAYING
    assert g.actions == 12 - 3 - 1 - 5


def test_moa_117_wounds_cost_actions_and_nothing_else():
    """MOA-117 "There are no penalties for wounds other than the decrease in the number of
    available actions.": with the same actions, a Shopper on 3 wounds has exactly the
    options of an unhurt one, and hits as well."""
    legal = []
    for wounds, total in ((3, 11), (0, 8)):
        g = position(
            at={1: (3, 6), 2: (3, 5)},
            zombies=[(3, 7), (4, 7)],
            wounds={1: wounds},
            items={1: ["Pistol", "Food"], 2: ["Medkit"]},
            hands={1: ["Adrenaline"]},
        )
        shopper_turn(g, 1, total, 4)
        assert g.actions == 8
        legal.append(list(g.legal))
        act(g, 1, attack_with())
        act(g, 1, A_SQUARE + sq(3, 7))
        assert g.zombies == [sq(4, 7)]
    assert legal[0] == legal[1]


def test_moa_156_157_the_dead_shopper_stays_as_a_zombie_from_the_next_zc_turn():
    """MOA-156 "Being true to films, whenever a Shopper is killed, the Shopper token remains
    in place and joins the Living Dead under the control of the Zombie Controller for the
    remainder of the game." and MOA-157 "Beginning with the next Zombie Controller’s turn it
    is activated like any other zombie.": a zombie stands where the Shopper died, not
    activated in the turn it died, activated in the ZC's next one."""
    g = position(
        at={1: (3, 4)}, zombies=[(3, 5), (7, 12)], wounds={1: 3}, hands={1: ["Adrenaline"]}
    )
    zombie_turn(g)
    bite(g, (3, 5), 1, 5)
    assert sorted(g.zombies) == sorted([sq(3, 5), sq(7, 12), sq(3, 4)])
    assert activations(g) == {sq(7, 12)}
    assert sum(g.hands[1]) == 0 and g.sdiscard == [HAND_NAMES.index("Adrenaline")]
    g.rng.values += [1, 1]
    act(g, ZC, A_ACT + END_TURN)  # Shopper 2's turn
    g.rng.values += [1, 1]
    act(g, 2, A_ACT + END_TURN)
    assert g.decision == "command" and sq(3, 4) in activations(g)


def test_moa_156_a_shopper_killed_on_its_own_turn_turns_where_it_fell():
    """MOA-156 "Being true to films, whenever a Shopper is killed, the Shopper token remains
    in place and joins the Living Dead under the control of the Zombie Controller for the
    remainder of the game.": killed by the free attack as it steps into a zombie's square,
    a second zombie stands there and the turn passes on; its equipment is discarded."""
    g = position(at={1: (3, 4)}, zombies=[(3, 5)], wounds={1: 3}, items={1: ["Food"]})
    shopper_turn(g, 1, 8, 5, 1, 1)
    act(g, 1, step("east"))
    assert g.status[1] == DEAD and g.zombies == [sq(3, 5), sq(3, 5)]
    assert g.active == 2 and g.items[1] == [] and g.search_discard == [kind("Food")]


def test_moa_158_the_turned_shopper_may_be_attacked():
    """MOA-158 "When a Shopper becomes a Zombie it may be attacked by other Shoppers from
    that point forward; it’s now just another Zombie.": killed beside Shopper 2, it is hit
    bare-handed and removed like any zombie."""
    g = position(at={1: (3, 4), 2: (3, 3)}, zombies=[(2, 4)], wounds={1: 3})
    zombie_turn(g)
    bite(g, (2, 4), 1, 5)
    g.rng.values += [1, 2, 4]  # Shopper 2 rolls 5, then hits with a 5
    act(g, ZC, A_ACT + END_TURN)
    assert g.active == 2
    act(g, 2, attack_with())
    act(g, 2, A_SQUARE + sq(3, 4))
    assert g.zombies == [sq(2, 4)]


def test_moa_159_160_161_162_each_turned_shopper_raises_the_cap_by_one():
    """MOA-159 "If the Shopper/Zombie is killed by another Shopper, it may be brought back
    as a reinforcement or from a revealed Search card.", MOA-160 "Every Shopper turned into
    a Zombie adds one to the normal maximum of 25 zombies.", MOA-161 "Two Shoppers have
    been Mauled and turned into Zombies." and MOA-162 "That means that the Zombie
    Controller now has 27 zombies available to use.": with two Shoppers dead and 26 zombies
    in, the one living Shopper brings one reinforcement (27); with 27 in, none."""
    spots = [(r, c) for r in range(8, 16) for c in range(4)][: ZOMBIE_CAP + 1]
    g = position(n=4, dead=(2, 3), zombies=spots)
    zombie_turn(g)
    assert g.cap() == ZOMBIE_CAP + 2 == 27 and g.waiting == 1 and _entries(g)
    g = position(n=4, dead=(2, 3), zombies=[*spots, (3, 4)])  # the 27th beside Shopper 1
    zombie_turn(g)
    assert g.waiting == 0 and not _entries(g)
    g.rng.values += [1, 2, MELEE_HIT - 1]  # Shopper 1 rolls 5 and kills it
    act(g, ZC, A_ACT + END_TURN)
    act(g, 1, attack_with())
    assert len(g.zombies) == 26
    act(g, 1, A_ACT + END_TURN)
    assert g.decision == "command" and g.waiting == 1 and _entries(g)


def _entries(g) -> set[int]:
    return {a for a in g.legal if A_ENTER <= a < A_ENTER + g.maul.size}
