"""Maul of America rules: a Shopper's attacks (hand to hand, weapons, sight, ammo, areas)."""

from __future__ import annotations

from tests.games.maul_of_america.positions import (
    act,
    attack_with,
    card,
    kind,
    position,
    shopper_turn,
    sq,
    squares,
)
from zombie_envs.games.maul_of_america.actions import (
    A_ATTACK,
    A_DROP_AMMO,
    A_DROP_WEAPON,
    A_SQUARE,
    ACTIONS,
)
from zombie_envs.games.maul_of_america.cards import AMMO, HIT, MELEE_HIT, RANGE

PISTOL, AMMO_CARD = kind("Pistol"), kind("Ammo")
FLAMER, SHOTGUN = kind("Flame-thrower"), kind("Sawed-off Shotgun")
#: every square touching r1c4, the corridor square west of Orange Jugulus's doorway
AROUND = {(0, 3), (0, 4), (1, 3), (1, 5), (2, 3), (2, 4)}
#: diagonally through that doorway
THROUGH_DOOR = {(0, 5), (2, 5)}


def _aim(g, weapon: str | None = None) -> set[int]:
    """Start an attack with ``weapon`` (bare hands if None): the squares it may aim at."""
    act(g, g.active, attack_with(weapon))
    assert g.decision == "target"
    return squares(g)


def _sq(*rcs: tuple[int, int]) -> set[int]:
    return {sq(*rc) for rc in rcs}


def _weapons(g) -> set[int]:
    return {a for a in g.legal if ACTIONS.locate(a)[0].name == "attack_with"}


def test_moa_071_072_073_hand_to_hand_hits_an_adjacent_zombie_on_5_or_6():
    """MOA-071 "Attack - A Shopper may make an attack for one action.", MOA-072 "This can
    be a hand-to-hand attack in which case the zombie must be in an adjacent square OR it
    can be a ranged attack (assuming you have found the proper equipment)." and MOA-073
    "The base chance to hit in Hand-to Hand combat is a roll of a 5 or 6 on 1d6.": one
    action, one die; a 5 kills the zombie, a 4 does not; a zombie two squares off is no
    target, and without a ranged weapon no other attack is offered."""
    for face, killed in ((MELEE_HIT - 1, True), (MELEE_HIT - 2, False)):
        g = position(at={1: (3, 4)}, zombies=[(3, 5), (4, 5), (3, 6)])
        shopper_turn(g, 1, 5, face)
        assert _weapons(g) == {A_ATTACK}
        assert _aim(g) == _sq((3, 5), (4, 5))
        act(g, 1, A_SQUARE + sq(3, 5))
        assert g.actions == 4 and g.rng.values == []
        assert (sq(3, 5) not in g.zombies) == killed and len(g.zombies) == 3 - killed
    assert MELEE_HIT == 5


def test_moa_074_cards_and_weapons_change_the_roll_to_hit():
    """MOA-074 "This can be modified with cards and weapons.": a Steady Aim makes a 4 kill
    bare-handed; a Fire Axe kills on its own number (3) and misses below it."""
    g = position(at={1: (3, 4)}, zombies=[(3, 5)], hands={1: ["Steady Aim"]})
    shopper_turn(g, 1, 5, MELEE_HIT - 2)
    act(g, 1, card("Steady Aim"))
    act(g, 1, attack_with())  # the only target: the die is rolled at once
    assert g.zombies == []
    axe = HIT[kind("Fire Axe")]
    for face, left in ((axe - 1, []), (axe - 2, [sq(3, 5)])):
        g = position(at={1: (3, 4)}, zombies=[(3, 5)], items={1: ["Fire Axe"]})
        shopper_turn(g, 1, 5, face)
        act(g, 1, attack_with("Fire Axe"))
        assert g.zombies == left
    assert axe < MELEE_HIT


def test_moa_075_a_ranged_weapon_hits_on_its_own_number_within_its_range():
    """MOA-075 "The base chance to hit with a ranged attack is determined by the weapon
    itself and is listed on the appropriate equipment card.": a Pistol reaches its range
    and no further, kills on its number, misses below it, and spends a shot."""
    reach = RANGE[PISTOL]
    near, far = (3, 2 + reach), (3, 3 + reach)
    for face, killed in ((HIT[PISTOL] - 1, True), (HIT[PISTOL] - 2, False)):
        g = position(at={1: (3, 2)}, zombies=[near, far, (4, 6)], items={1: ["Pistol"]})
        shopper_turn(g, 1, 5, face)
        assert _aim(g, "Pistol") == _sq(near, (4, 6))
        act(g, 1, A_SQUARE + sq(*near))
        assert (sq(*near) not in g.zombies) == killed
        assert g.items[1] == [[PISTOL, AMMO[PISTOL] - 1]] and g.actions == 4


def test_moa_076_077_078_079_never_a_shopper_in_an_area_weapon():
    """MOA-076 "Shoppers are NEVER to attack another Shopper.", MOA-077 "This applies to
    weapons that affect more than one square as well.", MOA-078 "Chuck wants to fire his
    flame-thrower at a group of Zombies but notices that another Shopper would be hit as
    well." and MOA-079 "If he wishes to fire on the group of zombies he will either have to
    re-aim so as to not hit the shopper, move to get a better firing angle, or not fire at
    all and curse Buffy for getting in the way.": a Flame-thrower's stream through Buffy's
    square is refused and one past her allowed; no Shotgun spread may take her in; once
    she has gone the stream through her square is allowed."""
    buffy = {1: (3, 2), 2: (3, 4)}
    g = position(at=buffy, zombies=[(3, 5), (4, 4)], items={1: ["Flame-thrower"]})
    shopper_turn(g, 1, 5)
    aims = _aim(g, "Flame-thrower")
    assert sq(4, 4) in aims and sq(3, 5) not in aims
    assert all(sq(3, 4) not in g.area(g.pos[1], w, FLAMER) for w in aims)
    g = position(at=buffy, zombies=[(3, 5), (4, 4)], items={1: ["Sawed-off Shotgun"]})
    shopper_turn(g, 1, 5)
    aims = _aim(g, "Sawed-off Shotgun")
    assert aims and not aims & _sq((3, 5), (4, 4))
    assert all(sq(3, 4) not in g.area(g.pos[1], w, SHOTGUN) for w in aims)
    g = position(at={1: (3, 2)}, zombies=[(3, 5), (4, 4)], items={1: ["Flame-thrower"]})
    shopper_turn(g, 1, 5)
    assert sq(3, 5) in _aim(g, "Flame-thrower")


def test_moa_080_081_088_089_hand_to_hand_never_round_corners_or_through_walls():
    """MOA-080 "It is not permissible to attack diagonally through a doorway or around a
    corner, or to attack through walls.", MOA-081 "This applies to any form of attack.",
    MOA-088 "Attacking “A” is not allowed." and MOA-089 "All other adjacent squares are
    eligible to be hit.": beside a doorway every touching square may be hit bare-handed or
    with a melee weapon, the two diagonals through the doorway not; nor a square behind a
    wall or round its corner."""
    zombies = sorted(AROUND | THROUGH_DOOR)
    for weapon in (None, "Baseball Bat"):
        g = position(at={1: (1, 4)}, zombies=zombies, items={1: ["Baseball Bat"]})
        shopper_turn(g, 1, 5)
        assert _aim(g, weapon) == _sq(*AROUND)
    g = position(at={1: (0, 3)}, zombies=[(0, 2), (1, 2), (0, 4), (1, 3)])
    shopper_turn(g, 1, 5)
    assert _aim(g) == _sq((0, 4), (1, 3))


def test_moa_080_081_090_ranged_attacks_need_a_clear_line():
    """MOA-080 "It is not permissible to attack diagonally through a doorway or around a
    corner, or to attack through walls.", MOA-081 "This applies to any form of attack." and
    MOA-090 "Ranged weapons can not hit “B” or “C.” “D” and “E” would be eligible to be hit
    by ranged weapons.": from beside a doorway a Pistol reaches straight through it and
    through a display window, not diagonally through the doorway nor behind a wall."""
    d, e = (1, 6), (1, 1)  # beyond the doorway; beyond Taco Hell's window
    g = position(
        at={1: (1, 4)}, zombies=[*sorted(THROUGH_DOOR), d, e, (0, 2)], items={1: ["Pistol"]}
    )
    shopper_turn(g, 1, 5)
    assert _aim(g, "Pistol") == _sq(d, e)


def test_moa_082_083_084_attacks_through_display_windows():
    """MOA-082 "Shoppers may attack through display windows with no penalty.", MOA-083
    "This applies to both hand to hand attacks and ranged attacks." and MOA-084 "Display
    windows are designated with a dashed border.": a zombie across Taco Hell's window (the
    map's ``w`` edge) is hit bare-handed on the usual 5, and shot at from further off."""
    g = position(at={1: (1, 3)}, zombies=[(1, 2), (2, 2), (0, 4)])
    shopper_turn(g, 1, 5, MELEE_HIT - 1)
    assert _aim(g) == _sq((1, 2), (0, 4))
    act(g, 1, A_SQUARE + sq(1, 2))
    assert sq(1, 2) not in g.zombies and g.actions == 4
    g = position(at={1: (1, 4)}, zombies=[(1, 1), (1, 0)], items={1: ["Pistol"]})
    shopper_turn(g, 1, 5)
    assert _aim(g, "Pistol") == _sq((1, 1), (1, 0))


def _shot_empties(ammo_card: bool, choice: int | None = None):
    """Shopper 1 fires a Pistol's last shot (and a miss), holding an Ammo card or not."""
    g = position(
        at={1: (3, 2)},
        zombies=[(3, 5)],
        items={1: ["Pistol", "Ammo"] if ammo_card else ["Pistol"]},
    )
    g.items[1][0][1] = 1
    shopper_turn(g, 1, 5, 0)
    act(g, 1, attack_with("Pistol"))
    if choice is not None:
        assert g.decision == "out_of_ammo" and set(g.legal) == {A_DROP_WEAPON, A_DROP_AMMO}
        act(g, 1, choice)
    return g


def test_moa_085_086_087_out_of_ammo_discard_the_weapon_or_an_ammo_card():
    """MOA-085 "Out of Ammo? - If a weapon runs out of ammunition, the Shopper must discard
    that weapon card.", MOA-086 "However, if the shopper has an AMMO card, the Shopper may
    choose to discard the AMMO card instead." and MOA-087 "In that case, the Shopper keeps
    his handy-dandy weapon.": the empty Pistol goes to the discard pile; with an Ammo card
    its owner chooses, and keeping the Pistol spends the Ammo card and reloads it."""
    g = _shot_empties(False)
    assert g.items[1] == [] and g.search_discard == [PISTOL]
    assert "out_of_ammo" not in {kind for _, kind, _ in g.asked}  # nothing to choose
    g = _shot_empties(True, A_DROP_AMMO)
    assert g.items[1] == [[PISTOL, AMMO[PISTOL]]] and g.search_discard == [AMMO_CARD]
    assert attack_with("Pistol") in _weapons(g)
    g = _shot_empties(True, A_DROP_WEAPON)
    assert g.items[1] == [[AMMO_CARD, 0]] and g.search_discard == [PISTOL]
    assert attack_with("Pistol") not in _weapons(g)


def test_moa_174_175_176_shotgun_and_flame_thrower_hit_every_square_touched():
    """MOA-174 "The following cards have special areas of effect and are included here for
    further explanation.", MOA-175 (Sawed-off Shotgun) "Any square partially touched is
    eligible to be hit." and MOA-176 (Flame-thrower) "Any square partially touched is
    eligible to be hit.": one shot, a die for every zombie in the area (each kills on the
    weapon's number), none for a zombie outside it."""
    hit = HIT[FLAMER]
    g = position(
        at={1: (3, 2)},
        zombies=[(3, 3), (3, 4), (3, 4), (3, 5), (4, 5)],
        items={1: ["Flame-thrower"]},
    )
    shopper_turn(g, 1, 5, hit - 1, hit - 2, hit - 1, hit - 1)
    assert g.area(g.pos[1], sq(3, 5), FLAMER) == [sq(3, 3), sq(3, 4), sq(3, 5)]
    act(g, 1, attack_with("Flame-thrower"))
    act(g, 1, A_SQUARE + sq(3, 5))
    assert g.rng.values == [] and sorted(g.zombies) == [sq(3, 4), sq(4, 5)]
    assert g.items[1] == [[FLAMER, AMMO[FLAMER] - 1]] and g.actions == 4
    hit = HIT[SHOTGUN]
    g = position(
        at={1: (3, 2)}, zombies=[(3, 4), (4, 5), (2, 4), (3, 6)], items={1: ["Sawed-off Shotgun"]}
    )
    area = set(g.area(sq(3, 2), sq(3, 4), SHOTGUN))  # r2c3 is round Taco Hell's corner
    assert area == _sq((2, 4), (3, 3), (3, 4), (3, 5), (4, 3), (4, 4), (4, 5))
    shopper_turn(g, 1, 5, hit - 1, hit - 1, hit - 2)
    act(g, 1, attack_with("Sawed-off Shotgun"))
    act(g, 1, A_SQUARE + sq(3, 4))
    assert g.rng.values == [] and sorted(g.zombies) == [sq(3, 6), sq(4, 5)]
