"""Mall Walkers rules: the base game's fights, death and winning."""

from __future__ import annotations

from tests.games.zombies_mall_walkers.positions import (
    act,
    card,
    position,
    sq,
    step,
    turn,
    use,
)
from zombie_envs.games.zombies_mall_walkers.actions import A_BULLETS, A_WOUND, ACTIONS
from zombie_envs.games.zombies_mall_walkers.cards import NAMES
from zombie_envs.games.zombies_mall_walkers.declaration import KIND

START = (1, 1)
CROSS = (-2, 1)


def fight_at_start(*dice, **kw):
    """Seat 0's turn with a zombie on its square: the scripted dice are the fight's."""
    g = position(zombies=[START], **kw)
    turn(g, 0, *dice)
    return g


def test_z3b_09_four_to_six_kills_and_the_zombie_is_a_trophy():
    """Z3B-09 "Combat: roll a d6; 4 to 6 kills the zombie, which is kept as a trophy.":
    a 4 and a 6 kill at once; a 3 does not."""
    for face in (3, 5):
        g = fight_at_start(face, 0)
        assert g.trophies[0] == 1 and not g.zombies[sq(*START)] and g.decision == KIND.move
    g = fight_at_start(2)
    assert g.decision == KIND.fight and g.zombies[sq(*START)] and g.trophies[0] == 0


def test_z3b_10_bullets_reach_four_or_a_life_buys_another_roll():
    """Z3B-10 "On 1 to 3, spend bullets at +1 each to reach 4, or lose a life token and
    roll again.": a 2 needs 2 bullets; with only 1 bullet the player can only lose a
    life and roll again."""
    g = fight_at_start(1)
    assert set(g.legal) == {A_BULLETS, A_WOUND}
    assert g.action_name(A_BULLETS) == "spend 2 bullets"
    g.rng.values = [0]
    act(g, 0, A_BULLETS)
    assert g.bullets[0] == 1 and g.trophies[0] == 1 and g.life[0] == 3
    g = fight_at_start(1, 4, 0, bullets={0: 1})  # a 2, then (a life lost) a 5
    fights = [legal for _, kind, legal in g.asked if kind == KIND.fight]
    assert fights == [(A_WOUND,)]  # one option, taken at once
    assert g.life[0] == 2 and g.trophies[0] == 1 and g.bullets[0] == 1


def test_z3b_11_no_retreat_from_a_fight():
    """Z3B-11 "There is no retreat from a fight.": after a miss, every option fights on
    (bullets, a life, a card): none moves the pawn or ends the fight."""
    g = fight_at_start(0, hands={0: ["Lucky Shot"]}, items={0: ["Crossbow"]})
    blocks = {ACTIONS.locate(a)[0].name for a in g.legal}
    assert blocks == {"fight", "use"}
    assert g.pos[0] == sq(*START)


def test_z3b_12_killed_back_to_the_start_with_half_the_trophies():
    """Z3B-12 "With no life left, the pawn returns to the start, loses half its zombies
    (rounded up) and its weapons in play, and starts its next turn with 3 life and 3
    bullets.": a pawn with 1 life, no bullets and 7 trophies misses and loses its last
    life: it is back at the Front Door with 3 trophies, its Crossbow discarded and no
    life (until its next turn), and its turn is over (assumed)."""
    g = position(
        at={0: CROSS},
        zombies=[CROSS],
        life={0: 1},
        bullets={0: 0},
        trophies={0: 7},
        items={0: ["Crossbow"]},
    )
    turn(g, 0, 0)
    assert set(g.legal) == {A_WOUND, use("Crossbow")}
    act(g, 0, A_WOUND)
    assert g.pos[0] == g.mall.start and g.trophies[0] == 3
    assert g.items[0] == [0] * len(NAMES) and [NAMES[k] for k in g.discard] == ["Crossbow"]
    assert g.life[0] == 0
    assert g.decision == "halt" and KIND.move not in {k for _, k, _ in g.asked}
    assert g.zombies[sq(*CROSS)]  # the zombie stays


def test_z3b_12_death_loses_the_weapons_in_play_and_keeps_the_items():
    """Z3B-12 "With no life left, the pawn returns to the start, loses half its zombies
    (rounded up) and its weapons in play, and starts its next turn with 3 life and 3
    bullets.": the Crossbow (a weapon) goes to the discard pile; Aww, Isn't He Cute! (an
    item: Z3-026 makes a card in play count "as a weapon or item", not as both) stays in
    front of its owner."""
    cute = "Aww, Isn't He Cute!"
    g = position(
        at={0: CROSS},
        zombies=[CROSS],
        life={0: 1},
        bullets={0: 0},
        items={0: ["Crossbow", cute]},
    )
    turn(g, 0, 0)
    act(g, 0, A_WOUND)
    assert g.pos[0] == g.mall.start
    assert [NAMES[k] for k in g.discard] == ["Crossbow"]
    assert g.items[0][NAMES.index(cute)] == 1 and g.items[0][NAMES.index("Crossbow")] == 0


def test_z3b_12_three_life_and_three_bullets_at_the_next_turn():
    """Z3B-12 "With no life left, the pawn returns to the start, loses half its zombies
    (rounded up) and its weapons in play, and starts its next turn with 3 life and 3
    bullets.": until that turn the pawn has no life; a card played in between (We're
    All Gonna Die!, a bullet from every other player in a hall) does not change what it
    starts the turn with."""
    panic = "We're All Gonna Die!"
    g = position(
        n=3,
        at={0: CROSS, 2: (-3, 1)},
        zombies=[CROSS],
        life={0: 1},
        bullets={0: 0},
        hands={1: [panic]},
    )
    turn(g, 0, 0)  # a miss with nothing to spend: the last life goes
    assert g.pos[0] == g.mall.start and g.life[0] == 0
    g.zombies[sq(*CROSS)] = 0
    turn(g, 1, 0, 0)
    act(g, 1, card(panic))
    assert g.bullets[2] == 2
    act(g, 1, step("stop"))
    turn(g, 0, 0)
    assert (g.life[0], g.bullets[0]) == (3, 3)


def test_z3b_18_one_weapon_per_combat():
    """Z3B-18 "One weapon per combat.": with two Crossbows in play, one is used (+1 to
    every roll of the fight); the other is not offered again in that fight."""
    g = fight_at_start(0, items={0: ["Crossbow", "Crossbow"]}, bullets={0: 0})
    assert use("Crossbow") in g.legal
    g.rng.values = [2, 0]  # after the life is lost: 3 + 1 kills; then the move roll
    act(g, 0, use("Crossbow"))  # 1 + 1 = 2: still a miss
    fights = [legal for _, kind, legal in g.asked if kind == KIND.fight]
    assert fights == [tuple(sorted((A_WOUND, use("Crossbow")))), (A_WOUND,)]
    assert g.trophies[0] == 1 and g.life[0] == 2
    assert g.items[0][NAMES.index("Crossbow")] == 2  # a weapon stays in play


def test_z3b_19_reach_the_helipads_centre_and_kill_its_zombie():
    """Z3B-19 "Win: reach the Helipad's centre and kill the zombie there.": stepping onto
    the centre and killing its zombie wins at once; an empty centre wins on arrival
    (assumed: its zombie was moved off or killed)."""
    g = position(at={0: (-10, 1)}, zombies=[(-11, 1)])
    turn(g, 0, 2)
    g.rng.values = [0]  # a miss
    act(g, 0, step("north"))
    assert not g.terminal and g.decision == KIND.fight
    g.rng.values = [5]
    act(g, 0, A_WOUND)
    assert g.terminal and g.winner == 0 and g.scores() == [1, 0]
    g = position(at={0: (-10, 1)})
    turn(g, 0, 2)
    act(g, 0, step("north"))
    assert g.terminal and g.winner == 0


def test_z3b_20_twenty_five_zombies_win():
    """Z3B-20 "Win: hold 25 zombies.": the 25th trophy wins at once."""
    g = fight_at_start(4, trophies={0: 24})
    assert g.terminal and g.winner == 0 and g.trophies[0] == 25
