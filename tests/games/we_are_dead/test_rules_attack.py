"""We Are Dead rules: 2. Attack (the flip, heroes placed face down, the fight, the shoppers)."""

from __future__ import annotations

from tests.games.we_are_dead.positions import (
    A_CHOOSE,
    A_INFECTION,
    A_PASS,
    A_YES,
    CHEF,
    CLERK,
    FIRE,
    GUN_NUT,
    MOTHER,
    POLICE,
    SWAT,
    Dice,
    act,
    asked,
    card,
    choose,
    finished,
    node,
    position,
    start,
)
from zombie_envs.games.we_are_dead.observe import PER_SEAT

TOKEN = node(13, 10)  # next to the hotdog cart
FAR = node(6, 19)  # a token left elsewhere keeps the game going


def _attack(value: int, n: int = 3, **kw):
    """Seat 0 has moved onto a shopper token of ``value`` and flips it; the attack is run
    until a decision with a choice (opponents holding no hero pass at once)."""
    g = position(n, at={0: TOKEN}, tokens={TOKEN: value, FAR: 1}, **kw)
    start(g, "attack_step")
    act(g, 0, A_YES, "attack")
    return g


def _seat_field(g, observer: int, seat: int, field: str) -> int:
    base = g.obs_layout["seats"].start
    rel = (seat - observer) % g.num_players
    return int(g.observation(observer)[base + rel * len(PER_SEAT) + PER_SEAT.index(field)])


def test_wad_079_080_099_flipping_shows_the_number():
    """WAD-079 "Once a player has moved their token onto a space with mall shoppers they flip
    over that token.", WAD-080 "The number on the token represents the number of shoppers
    (potential victims) in that group." and WAD-099 "Shopper tokens: The number shown on the
    bottom of a shopper token represents the number of normal potential victims in that
    group.": the number becomes public and caps the shoppers slain."""
    g = _attack(3, hands={0: [0, 0, 0, 0]})
    assert g.a_value == 3
    flipped = g.obs_layout["flipped"].start
    for seat in range(3):
        assert g.observation(seat)[flipped + TOKEN] == 3
    for _ in range(3):
        act(g, 0, card(0), "slay")
    assert finished(g) and g.score[0] == 3 and g.hands[0][0] == 1


def test_wad_052_081_082_each_opponent_may_place_a_hero_face_down():
    """WAD-052 "Hero card: Heroes are played against opposing players while they are
    attempting to slay mall shoppers.", WAD-081 "Now their opponents have the opportunity to
    play hero cards." and WAD-082 "Each opponent may place a hero face down in front of
    them.": every opponent is asked in turn, hero or not; the active player is not; the
    others see that a hero was placed, not which."""
    g = _attack(2, hands={1: [POLICE, GUN_NUT, 3], 2: [SWAT]})
    assert g.current_player == 1 and g.decision == "place_hero"
    assert set(g.legal) == {card(POLICE), card(GUN_NUT), A_PASS}
    act(g, 1, card(POLICE), "place_hero")
    assert g.facedown[1] == POLICE and g.hands[1][POLICE] == 0
    assert _seat_field(g, 2, 1, "hero_placed") == 1
    mine = g.obs_layout["my_facedown"].start
    assert not g.observation(2)[mine : mine + 11].any()
    assert g.observation(1)[mine + POLICE - 5] == 1
    act(g, 2, A_PASS, "place_hero")
    assert asked(g, "place_hero") == [1, 2]
    assert asked(g, "choose_hero") == [0] and g.damage[0] == 1  # the only hero is fought
    # a seat holding no hero is asked all the same
    g = _attack(2, hands={0: [1]})
    assert asked(g, "place_hero") == [1, 2]
    assert [legal for _, k, legal in g.asked if k == "place_hero"] == [(A_PASS,)] * 2


def test_wad_083_the_active_player_chooses_one_face_down_hero():
    """WAD-083 "Once each opponent has placed a card or passed, the active player chooses one
    face down hero to fight."."""
    g = _attack(2, hands={1: [CHEF], 2: [FIRE]})
    act(g, 1, card(CHEF), "place_hero")
    act(g, 2, card(FIRE), "place_hero")
    assert g.decision == "choose_hero" and g.current_player == 0
    assert set(g.legal) == {choose(g, 1), choose(g, 2)} == {A_CHOOSE, A_CHOOSE + 1}
    act(g, 0, choose(g, 2), "choose_hero")
    assert (g.main_seat, g.main_kind, g.toughness) == (2, FIRE, 7)


def test_wad_084_085_086_087_heroes_not_chosen_added_or_returned():
    """WAD-084 "The face down heroes not chosen may be revealed.", WAD-085 "Any hero revealed
    this way is added to the attack.", WAD-086 "The added heroes' toughness and effects are
    ignored." and WAD-087 "However, every additional hero played on the first adds +1
    toughness to that hero.": a revealed Police Officer takes no card; a Gun Nut taken back
    goes home to its owner's hand."""
    g = _attack(2, n=4, hands={0: [1], 1: [CLERK], 2: [POLICE], 3: [GUN_NUT]})
    g.rng = Dice()  # any random draw would fail the test
    act(g, 1, card(CLERK), "place_hero")
    act(g, 2, card(POLICE), "place_hero")
    act(g, 3, card(GUN_NUT), "place_hero")
    act(g, 0, choose(g, 1), "choose_hero")
    assert asked(g, "reveal") == [2]
    act(g, 2, A_YES, "reveal")
    act(g, 3, A_PASS, "reveal")
    assert g.toughness == 6 + 1
    assert g.hands[3][GUN_NUT] == 1 and g.facedown == [-1] * 4
    assert g.hands[0][1] == 1  # the added Police Officer took nothing
    assert g.revealers == [1, 2]
    act(g, 0, A_PASS, "fight")
    assert g.damage[0] == 1  # the Clerk's damage alone: the Gun Nut is not in the attack
    assert g.clerk == 1


def test_wad_088_100_all_pass_no_hero_to_fight():
    """WAD-088 "If all players pass then the active player may attack the shoppers on the
    token without fighting a hero." and WAD-100 "Once heroes are slain or ignored, or their
    opponents pass, the current player may slay as many shoppers as they can from that
    group."."""
    g = _attack(2, hands={0: [2, 2], 1: [SWAT]})
    act(g, 1, A_PASS, "place_hero")
    assert g.decision == "slay" and g.current_player == 0
    assert asked(g, "fight") == [] and asked(g, "choose_hero") == []
    act(g, 0, card(2), "slay")
    act(g, 0, card(2), "slay")
    assert finished(g) and g.score[0] == 2


def test_wad_049_090_091_095_meeting_the_toughness_defeats_the_hero():
    """WAD-049 "The attack number on these cards is used to beat a hero's toughness.", WAD-090
    "This number must be met or beat by the active player in order to defeat them and negate
    the hero's damage and effect.", WAD-091 "Here players use the attack number on their
    attack cards to reach or exceed the toughness of the hero." and WAD-095 "When a hero is
    defeated, the player who defeated them earns one point on the score track."."""
    g = _attack(2, hands={0: [4, 2, 1], 1: [CHEF]})
    act(g, 1, card(CHEF), "place_hero")
    act(g, 0, card(4), "fight")
    assert g.decision == "fight" and g.fight_total == 4
    act(g, 0, card(2), "fight")  # 6 meets the Chef's 6
    assert g.decision == "slay" and g.hero_defeated == 1
    assert g.damage[0] == 0 and g.chef == 0
    act(g, 0, card(1), "slay")
    assert finished(g) and g.score[0] == 2
    assert {CHEF, 4, 2, 1} <= set(g.discard)


def test_wad_063_092_infection_adds_one_to_the_attack():
    """WAD-061 (three ways to spend infection), WAD-063 "+1 to attack while fighting a hero"
    and WAD-092 "If the total attack number
    plus infection tokens spent cannot meet the toughness of the hero the active player must
    take damage and apply the negative effect of that hero."."""
    g = _attack(1, hands={0: [4, 1], 1: [CLERK]}, infection={0: 1})
    act(g, 1, card(CLERK), "place_hero")
    act(g, 0, card(4), "fight")
    act(g, 0, card(1), "fight")
    assert g.fight_total == 5 and A_INFECTION in g.legal
    act(g, 0, A_INFECTION, "fight")  # 6: defeated; nothing left to slay with
    assert finished(g) and g.score[0] == 1 and g.infection[0] == 0 and g.damage[0] == 0
    # one short: damage and the Clerk's effect
    g = _attack(1, hands={0: [4, 1], 1: [CLERK]})
    act(g, 1, card(CLERK), "place_hero")
    act(g, 0, card(4), "fight")
    act(g, 0, card(1), "fight")  # 5, and nothing left to add
    assert g.damage[0] == 1 and g.clerk == 1 and g.score[0] == 0


def test_wad_053_093_094_115_undefeated_hero_damages_then_shoppers():
    """WAD-053 "If a hero is not defeated it always damages the zombie player for 1 and
    triggers hero card's negative effects.", WAD-093 "Then they may attempt to attack any
    shoppers, if able.", WAD-094 "NOTE: Players do not have to defeat the hero in order to
    attack the mall shoppers; they apply all damage and negative effects then proceed
    normally." and WAD-115 "If a hero is not slain the player takes 1 damage token and
    performs the negative effect described on the hero card."."""
    g = _attack(2, hands={0: [3, 3, 0], 1: [FIRE]})
    act(g, 1, card(FIRE), "place_hero")
    act(g, 0, card(3), "fight")
    act(g, 0, card(3), "fight")
    act(g, 0, A_PASS, "fight")
    assert g.damage[0] == 1 and g.fire[0] == 1
    assert g.decision == "slay"
    act(g, 0, card(0), "slay")
    assert finished(g) and g.score[0] == 1


def test_wad_095_096_151_one_point_however_many_heroes_were_added():
    """WAD-095 (one point for a defeated hero), WAD-096 "Only one point is earned regardless
    of how many extra heroes were added on." and WAD-151 "Players score one point for each
    shopper and hero they slay."."""
    g = _attack(3, n=4, hands={0: [4, 4, 1], 1: [CHEF], 2: [GUN_NUT], 3: [MOTHER]})
    act(g, 1, card(CHEF), "place_hero")
    act(g, 2, card(GUN_NUT), "place_hero")
    act(g, 3, card(MOTHER), "place_hero")
    act(g, 0, choose(g, 1), "choose_hero")
    act(g, 2, A_YES, "reveal")
    act(g, 3, A_YES, "reveal")
    assert g.toughness == 8
    act(g, 0, card(4), "fight")
    act(g, 0, card(4), "fight")
    assert g.hero_defeated == 1 and g.mother == 0  # an added Mother has no effect
    act(g, 0, card(1), "slay")  # the hand is empty: the attack ends
    assert finished(g) and g.score[0] == 1 + 1


def test_wad_048_050_051_064_101_102_one_card_of_any_value_per_shopper():
    """WAD-048 "Attack card (Bite, Claw, and Spit): These cards are used to slay heroes and
    mall shoppers so the player may score points.", WAD-050 "If the card is used to slay a
    shopper on a token, this attack number is ignored.", WAD-051 "Each shopper requires one
    attack card to slay regardless of which card type (bite, claw, or spit) or attack
    number.", WAD-064 "Slay a shopper.", WAD-101 "To slay shoppers the player must use an
    attack card (bite, claw, spit)." and WAD-102 "Each shopper from a shopper token requires
    one attack card, regardless of that attack card's power (this number is only used to
    fight heroes) or an infection token."."""
    g = _attack(3, hands={0: [0, 4, 2, 2, POLICE]}, infection={0: 1})
    assert set(g.legal) == {card(0), card(2), card(4), A_INFECTION, A_PASS}  # no hero
    act(g, 0, card(0), "slay")
    act(g, 0, card(4), "slay")
    assert g.slain == 2
    act(g, 0, A_INFECTION, "slay")
    assert asked(g, "slay") == [0, 0, 0]  # three shoppers, three slain: no more to ask
    assert finished(g) and g.score[0] == 3
    assert g.hands[0][2] == 2 and g.infection[0] == 0


def test_wad_103_104_105_the_rest_flee_and_the_token_goes():
    """WAD-103 "Any shoppers who are not slain in that group are considered to have fled and
    are successfully hiding from the zombies.", WAD-104 "Each shopper slain by players earns
    those players one point on the score track." and WAD-105 "Once an attack is resolved, the
    player removes the token from the board and proceeds to the discard step."."""
    g = position(3, at={0: TOKEN}, tokens={TOKEN: 4, FAR: 1}, hands={0: [1, 1, 3]})
    start(g, "attack_step", "discard_step")
    act(g, 0, A_YES, "attack")
    act(g, 0, card(1), "slay")
    act(g, 0, A_PASS, "slay")
    assert g.score[0] == 1 and g.token[TOKEN] == 0
    assert g.decision == "discard" and g.current_player == 0
    assert g.a_value == -1


def test_wad_106_113_josh_fights_the_fire_fighter():
    """WAD-106 to WAD-113, the example: "Example: On Josh's turn he flips over a shopper token with
    a group number of 3." / "Brynna plays the Fire Fighter hero card face down, which is the
    hero Josh chooses." / "The Fire Fighter's toughness is 7." / "Kevin reveals the hero he
    played, the Protective Mother, and plays her to increase the Fire Fighter's toughness by +1
    bringing his total to 8 (the Protective Mother's toughness and effects are ignored)." /
    "Josh has five attack cards in his hand." / "He uses a "Bite 4", "Bite 3", and "Claw 2" for
    a total attack of 9 to defeat the Fire Fighter." / "He then uses the rest of his attack
    cards, a "Claw 2" to slay one of the shoppers, and a "Spit 0" to slay another." / "He will
    score 3 points (2 for the shoppers and 1 for the hero) and ignore the effects of the slain
    Fire Fighter."."""
    josh, brynna, kevin = 0, 1, 2
    g = _attack(3, hands={josh: [4, 3, 2, 2, 0], brynna: [FIRE], kevin: [MOTHER]})
    act(g, brynna, card(FIRE), "place_hero")
    act(g, kevin, card(MOTHER), "place_hero")
    act(g, josh, choose(g, brynna), "choose_hero")
    assert g.toughness == 7
    act(g, kevin, A_YES, "reveal")
    assert g.toughness == 8
    for value in (4, 3, 2):
        act(g, josh, card(value), "fight")
    assert g.hero_defeated == 1 and g.fire[josh] == 0 and g.damage[josh] == 0
    act(g, josh, card(2), "slay")
    act(g, josh, card(0), "slay")
    assert finished(g) and g.score[josh] == 3 and g.mother == 0
