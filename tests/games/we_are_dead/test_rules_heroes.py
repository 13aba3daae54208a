"""We Are Dead rules: the Card Effects of the eleven heroes."""

from __future__ import annotations

from tests.games.we_are_dead.positions import (
    A_INFECTION,
    A_PASS,
    A_YES,
    CHEF,
    CLERK,
    FIRE,
    GUN_NUT,
    MOTHER,
    NATIONAL,
    PANIC,
    POLICE,
    SECURITY,
    SKATERS,
    SWAT,
    Dice,
    act,
    asked,
    card,
    choose,
    finished,
    held,
    node,
    position,
    start,
)

TOKEN = node(13, 10)
FAR = node(6, 19)


def _fight(hero: int, value: int = 3, n: int = 3, hand=(), place=None, **kw):
    """Seat 0 flips a token of ``value``; seat 1 places ``hero``; the seats in ``place``
    {seat: hero} place theirs too, the others pass.  With one face-down hero, it is
    fought."""
    hands = {0: list(hand), 1: [hero]}
    hands.update(kw.pop("hands", {}))
    g = position(n, at={0: TOKEN}, tokens={TOKEN: value, FAR: 1}, hands=hands, **kw)
    start(g, "attack_step", "discard_step", "draw_step")
    act(g, 0, A_YES, "attack")
    act(g, 1, card(hero), "place_hero")
    while g.decision == "place_hero":
        seat = g.current_player
        act(g, seat, card(place[seat]) if seat in (place or {}) else A_PASS)
    return g


# ---------------------------------------------------------------- Skaters
def test_wad_157_160_skaters_combine_into_one_hero():
    """WAD-157 "If a Skaters card is revealed as the main hero, any opponent may reveal (from
    their hand or the non-chosen facedown heroes) a Skaters to combine with the main one.",
    WAD-158 "Any amount of Skaters may be played during the attack.", WAD-159 "The active
    player must defeat the Skaters as one hero with toughness equal to the total of all
    Skaters played this turn." and WAD-160 "Two Skaters equal 8 toughness; three Skaters
    equal 12 Toughness etc..."."""
    hands = {0: [4, 4, 4, 1], 1: [SKATERS], 2: [SKATERS], 3: [SKATERS, SKATERS]}
    g = position(4, at={0: TOKEN}, tokens={TOKEN: 2, FAR: 1}, hands=hands)
    start(g, "attack_step")
    act(g, 0, A_YES, "attack")
    act(g, 1, card(SKATERS), "place_hero")
    act(g, 2, card(SKATERS), "place_hero")
    act(g, 3, A_PASS, "place_hero")
    act(g, 0, choose(g, 1), "choose_hero")
    act(g, 2, A_YES, "reveal")  # a non-chosen face-down Skaters
    assert g.toughness == 8
    assert g.decision == "skaters" and g.current_player == 3
    act(g, 3, card(SKATERS), "skaters")  # from the hand
    assert g.toughness == 12 and g.current_player == 3
    act(g, 3, card(SKATERS), "skaters")
    assert g.toughness == 16 and g.skaters == 4
    assert asked(g, "skaters") == [1, 2, 3, 3, 3]
    for value in (4, 4, 4):
        act(g, 0, card(value), "fight")
    act(g, 0, A_PASS, "fight")
    assert g.damage[0] == 1  # 12 short of 16


def test_wad_161_162_skaters_one_point_or_one_damage():
    """WAD-161 "If the player defeats the Skaters, the player scores 1 point." and WAD-162 "If
    the player cannot defeat the Skaters they receive 1 Damage token."."""
    g = _fight(SKATERS, hand=[4, 4, 4], hands={2: [SKATERS]})
    act(g, 2, card(SKATERS), "skaters")
    assert g.toughness == 8
    act(g, 0, card(4), "fight")
    act(g, 0, card(4), "fight")
    act(g, 0, card(4), "slay")
    assert g.score[0] == 2 and g.damage[0] == 0
    g = _fight(SKATERS, hand=[3], hands={2: [SKATERS, SKATERS]})
    act(g, 2, card(SKATERS), "skaters")
    act(g, 2, card(SKATERS), "skaters")
    act(g, 0, card(3), "fight")
    assert g.damage[0] == 1 and g.score[0] == 0


def test_wad_163_164_skaters_add_four_only_to_skaters():
    """WAD-163 "Skaters only add +4 toughness if a Skater was the first hero played." and
    WAD-164 "Other heroes still only add +1 to the toughness and Skaters only add +1 to
    non-Skater heroes."."""
    g = _fight(CLERK, hand=[1], hands={2: [SKATERS, SKATERS]}, place={2: SKATERS})
    act(g, 0, choose(g, 1), "choose_hero")
    act(g, 2, A_YES, "reveal")
    assert g.toughness == 6 + 1
    assert asked(g, "skaters") == []  # no Skaters from hands on a Clerk
    g = _fight(SKATERS, hand=[1], hands={2: [NATIONAL]}, place={2: NATIONAL})
    act(g, 0, choose(g, 1), "choose_hero")
    act(g, 2, A_YES, "reveal")
    assert g.toughness == 4 + 1


def test_wad_165_169_kevin_fights_three_skaters_and_a_police_officer():
    """WAD-165 to WAD-169, the example: "Example: Kevin is attacking a group of shoppers." / "After
    revealing Brynna's Skaters as the main hero, Josh reveals his facedown card as a Police
    Officer, which he includes in the attack giving +1 toughness to the Skaters." /
    "Additionally, Josh reveals Skaters from his hand and adds it to the main Skaters for a
    total of 9 Toughness." / "NOTE: If Brynna and/or Josh had more Skaters in their hands they
    can be added to this play as well." / "Regardless of how many Skaters/ hero cards played,
    Brynna and Josh will only draw one card at the end of turn."."""
    kevin, brynna, josh = 0, 1, 2
    hands = {kevin: [4, 4, 2], brynna: [SKATERS, SKATERS, 1], josh: [POLICE, SKATERS, 1]}
    g = position(3, at={0: TOKEN}, tokens={TOKEN: 2, FAR: 1}, hands=hands, deck=[3] * 20)
    g.rng = Dice()  # the Police Officer is only added: no card is lost at random
    start(g, "attack_step", "discard_step", "draw_step")
    act(g, kevin, A_YES, "attack")
    act(g, brynna, card(SKATERS), "place_hero")
    act(g, josh, card(POLICE), "place_hero")
    act(g, kevin, choose(g, brynna), "choose_hero")
    act(g, josh, A_YES, "reveal")
    assert g.toughness == 5
    act(g, brynna, A_PASS, "skaters")  # she could add her second Skaters
    act(g, josh, card(SKATERS), "skaters")  # his last one
    assert g.toughness == 9
    act(g, kevin, card(4), "fight")
    act(g, kevin, card(4), "fight")
    act(g, kevin, card(2), "fight")  # 10 beats 9
    act(g, brynna, A_YES, "revealer_draw")
    act(g, josh, A_YES, "revealer_draw")
    assert finished(g)
    assert g.score[kevin] == 1
    assert held(g, brynna) == 2 + 1 and held(g, josh) == 1 + 1
    assert held(g, kevin) == 6


# ------------------------------------------------------------ one each
def test_wad_170_gun_nut_two_extra_damage():
    """WAD-170 "Skip Sealy (Gun Nut) – Toughness 6 – The active player receives 2 extra damage
    tokens if they cannot defeat Gun Nut.": 3 damage in all, a significant wound; defeated,
    he does nothing (WAD-090)."""
    g = _fight(GUN_NUT, hand=[1])
    act(g, 0, card(1), "fight")
    assert g.damage[0] == 0 and g.wounded[0] == 1  # wounded: damage returned, hand lost
    assert g.pos[0] == g.board.start and g.token[TOKEN] == 0
    g = _fight(GUN_NUT, hand=[4, 2, 1])
    act(g, 0, card(4), "fight")
    act(g, 0, card(2), "fight")
    assert g.damage[0] == 0 and g.wounded[0] == 0


def test_wad_171_security_guard_lets_every_shopper_get_away():
    """WAD-171 "Sofia "Brainbasher" Bengtsson (Mall Security Guard) – Toughness 6 – All
    shoppers get away (and cannot be slain) if the active player cannot defeat Mall Security
    Guard."."""
    g = _fight(SECURITY, value=4, hand=[3, 1, 1, 1, 1])
    act(g, 0, card(3), "fight")
    act(g, 0, A_PASS, "fight")
    assert asked(g, "slay") == []
    assert g.damage[0] == 1 and g.score[0] == 0 and g.token[TOKEN] == 0
    assert g.hands[0][1] == 4  # nothing spent on shoppers


def test_wad_172_sporting_goods_clerk_two_cards_per_shopper():
    """WAD-172 "Bert the Moose (Sporting Goods Clerk) – Toughness 6 – For this turn the player
    must use 2 attack cards to slay each shopper if the active player cannot defeat the
    Sporting Goods Clerk.": an infection token still slays one (assumed)."""
    g = _fight(CLERK, value=3, hand=[0, 1, 1, 2], infection={0: 1})
    act(g, 0, A_PASS, "fight")
    act(g, 0, card(0), "slay")
    assert g.slain == 0 and g.slay_units == 1
    act(g, 0, card(1), "slay")
    assert g.slain == 1
    act(g, 0, card(1), "slay")
    act(g, 0, A_INFECTION, "slay")
    assert g.slain == 2
    act(g, 0, A_PASS, "slay")  # the single card left over slays nobody
    assert g.score[0] == 2


def test_wad_173_174_restaurant_chef_hand_of_four():
    """WAD-173 "Harley Baconstein (Restaurant Chef) – Toughness 6 – The active player may only
    draw to a maximum hand size of 4 at the end of this turn." and WAD-174 "If the player has
    more than 4 cards, they must discard down to 4."."""
    g = _fight(CHEF, value=1, hand=[0, 0, 1, 2, 3, 3, 4], deck=[2] * 10)
    act(g, 0, card(4), "fight")
    act(g, 0, A_PASS, "fight")
    act(g, 0, A_PASS, "slay")
    assert g.chef == 1 and g.decision == "discard" and held(g, 0) == 6
    assert A_PASS not in g.legal
    act(g, 0, card(0), "discard")
    assert A_PASS not in g.legal
    act(g, 0, card(0), "discard")
    assert held(g, 0) == 4 and A_PASS in g.legal
    act(g, 0, A_PASS, "discard")
    act(g, 1, A_PASS, "revealer_draw")  # the hero's owner may draw; declines here
    assert finished(g) and held(g, 0) == 4
    # with fewer cards, the draw stops at 4
    g = _fight(CHEF, value=1, hand=[4, 0], deck=[2] * 10)
    act(g, 0, card(4), "fight")
    act(g, 0, A_PASS, "fight")
    act(g, 0, A_PASS, "slay")
    act(g, 1, A_PASS, "revealer_draw")
    assert finished(g) and held(g, 0) == 4


def test_wad_098_175_177_police_officer_takes_a_random_card_first():
    """WAD-098 "Stubborn heroes have their effect triggered immediately (when revealed)
    regardless if they are defeated or not.", WAD-175 "Officer Will McAdoo (Police Officer) –
    Toughness 7 – Stubborn (this effect occurs regardless if this hero is defeated or not).",
    WAD-176 "The active player immediately loses a card from their hand at random." and WAD-177
    "This effect happens before the player attempts to defeat the Police Officer."."""
    g = _fight(POLICE, hand=[0, 3, 4, 4])
    g.rng = Dice(1)  # of the cards in kind order [0, 3, 4, 4], the second: the Attack 3
    # the placement chose the hero; the loss came before the first fight decision
    assert g.decision == "fight" and g.hands[0] == [1, 0, 0, 0, 2] + [0] * 11
    assert card(3) not in g.legal and g.last_lost == 3 and 3 in g.discard
    act(g, 0, card(4), "fight")
    act(g, 0, card(4), "fight")  # defeated, and the card is still lost
    assert g.hero_defeated == 1 and g.damage[0] == 0


def test_wad_178_panicked_human_as_a_normal_hero():
    """WAD-178 "Sweetchuck (Panicked Human) – Toughness 7 – Panicked Human may be played
    normally as a hero and the active player will receive the normal 1 damage token if
    Panicked Human is not defeated."."""
    g = _fight(PANIC, hand=[4, 2])
    act(g, 0, card(4), "fight")
    act(g, 0, card(2), "fight")
    assert g.damage[0] == 1 and g.score[0] == 0


def test_wad_179_182_panicked_human_played_by_the_active_player():
    """WAD-179 "Alternately, Panicked Human may be played by the active player to remove any
    hero card played against them this attack.", WAD-180 "The active player receives no
    points for either hero this turn.", WAD-181 "Panicked Human also cancels any Stubborn
    effect during the turn in which it is played." and WAD-182 "The player may attack
    shoppers normally."."""
    hands = {0: [PANIC, 1, 1], 1: [POLICE], 2: [MOTHER]}
    g = position(3, at={0: TOKEN}, tokens={TOKEN: 3, FAR: 1}, hands=hands)
    g.rng = Dice()  # the Police Officer's random loss must not happen
    start(g, "attack_step")
    act(g, 0, A_YES, "attack")
    act(g, 1, card(POLICE), "place_hero")
    act(g, 2, card(MOTHER), "place_hero")
    act(g, 0, choose(g, 1), "choose_hero")
    act(g, 2, A_YES, "reveal")
    assert g.decision == "panic" and set(g.legal) == {card(PANIC), A_PASS}
    act(g, 0, card(PANIC), "panic")
    assert asked(g, "fight") == [] and g.decision == "slay"
    assert g.hands[0] == [0, 2] + [0] * 14
    assert {POLICE, MOTHER, PANIC} <= set(g.discard)
    act(g, 0, card(1), "slay")
    act(g, 0, card(1), "slay")
    assert finished(g) and g.score[0] == 2 and g.damage[0] == 0
    # a Protective Mother fought alone is cancelled too: no point lost
    g = _fight(MOTHER, value=2, hand=[PANIC, 1])
    act(g, 0, card(PANIC), "panic")
    act(g, 0, card(1), "slay")
    assert g.score[0] == 1


def test_wad_183_fire_fighter_marks_the_next_turn():
    """WAD-183 "The active player has -3 movement during their next turn if they cannot defeat
    Fire Fighter." (the next turn itself: test_rules_movement)."""
    g = _fight(FIRE, hand=[4, 2])
    act(g, 0, card(4), "fight")
    act(g, 0, card(2), "fight")
    assert g.fire[0] == 1 and g.damage[0] == 1
    g = _fight(FIRE, hand=[4, 3])
    act(g, 0, card(4), "fight")
    act(g, 0, card(3), "fight")
    assert g.fire[0] == 0 and g.damage[0] == 0


def test_wad_185_swat_as_a_normal_hero():
    """WAD-185 "Leone "0 dB" (S.W.A.T) – Toughness 7 – S.W.A.T. may be played normally as a
    hero and the active player will receive 1 damage token if S.W.A.T. is not defeated."."""
    g = _fight(SWAT, hand=[4, 1, 1])
    act(g, 0, card(4), "fight")
    act(g, 0, A_PASS, "fight")
    assert g.damage[0] == 1
    act(g, 0, card(1), "slay")
    act(g, 0, card(1), "slay")
    assert g.score[0] == 2


def test_wad_098_187_188_protective_mother_takes_one_point_either_way():
    """WAD-098 (Stubborn: regardless if defeated), WAD-187 "Dawn of the Pens (Protective
    Mother) – Toughness 8 – Stubborn (this effect occurs regardless if this hero is defeated
    or not)." and WAD-188 "Once all attacks are made, reduce the number of slain shoppers
    (heroes and shoppers) by 1."."""
    g = _fight(MOTHER, value=3, hand=[4, 4, 1, 1])
    act(g, 0, card(4), "fight")
    act(g, 0, card(4), "fight")
    act(g, 0, card(1), "slay")
    act(g, 0, card(1), "slay")
    assert g.score[0] == 1 + 2 - 1
    g = _fight(MOTHER, value=3, hand=[4, 1, 1])
    act(g, 0, card(4), "fight")
    act(g, 0, A_PASS, "fight")
    assert g.damage[0] == 1
    act(g, 0, card(1), "slay")
    act(g, 0, card(1), "slay")
    assert g.score[0] == 2 - 1
    g = _fight(MOTHER, value=3, hand=[4], score={0: 5})
    act(g, 0, A_PASS, "fight")
    act(g, 0, A_PASS, "slay")
    assert g.score[0] == 5  # nothing slain: nothing to take away


def test_wad_189_national_guard_one_extra_damage():
    """WAD-189 "Sven "Doc" Berglow & 1st Squad (National Guard) – Toughness 8 – The active
    player receives 1 extra damage token if they cannot defeat the National Guard."."""
    g = _fight(NATIONAL, hand=[4, 3])
    act(g, 0, card(4), "fight")
    act(g, 0, card(3), "fight")
    assert g.damage[0] == 2 and g.wounded[0] == 0
