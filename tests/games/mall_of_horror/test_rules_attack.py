"""Mall of Horror rules: f) Zombie Attack (extra zombies, break-ins, cards, the feast)."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_CHARACTER,
    A_PASS,
    A_PLAY,
    ATTACK,
    EATEN,
    GUN,
    HARDWARE,
    HIDDEN,
    MEGATOYS,
    PARKING,
    PIN,
    RESTROOM,
    SECURITY,
    SPRINT,
    SUPERMARKET,
    THREAT,
    TOUGH,
    WEAPON1,
    WEAPON2,
    act,
    asked,
    cast,
    finished,
    position,
    slot,
    start,
)

# Characters kept out of harm's way so that one victim does not end the game.
SAFE = [(0, GUN), (1, GUN), (2, GUN)]


def _attack(at, zombies, L, **kw):
    """Attack location ``L`` (no extra zombies) with the Security Room full of bystanders."""
    board = {SECURITY: SAFE, **at}
    return start(position(4, at=board, zombies=zombies, **kw), ("attack_location", L))


def test_moh_106_107_extra_zombie_at_most_characters():
    """MOH-106, MOH-107: "Once all moves have been made, determine which location holds the
    most characters." / "The smell of fresh meat attracts one additional zombie, who must
    immediately be placed in front of that location." """
    at = {
        SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH)],
        RESTROOM: [(0, PIN), (1, PIN)],
        MEGATOYS: [(2, PIN)],
    }
    g = start(position(4, at=at), "zombie_attack")
    assert finished(g)
    assert g.extra == [SUPERMARKET, RESTROOM]
    assert g.zombies == [1, 0, 0, 0, 0, 1]


def test_moh_108_110_no_extra_zombie_on_ties():
    """MOH-108, MOH-110: "If several locations are tied for the most characters, none of them
    attracts an extra zombie." / "If several locations are tied for the most Pin-Ups, none of
    them attracts an extra zombie." """
    at = {
        SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH)],
        RESTROOM: [(0, PIN), (1, PIN), (3, TOUGH)],
        MEGATOYS: [(3, PIN), (2, PIN)],
    }
    g = start(position(4, at=at), "zombie_attack")
    assert finished(g)
    assert g.extra == [-1, -1]
    assert g.zombies == [0] * 6


def test_moh_109_extra_zombie_at_most_pin_ups():
    """MOH-016, MOH-109: "A Pin-Up, whose terrified screams draw zombies." / "In addition, the
    location with the most Pin-Ups is the loudest, and it too attracts an additional zombie,
    who must immediately be placed in front of it." """
    at = {
        SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH), (0, GUN)],
        MEGATOYS: [(0, PIN), (1, PIN), (2, GUN), (3, GUN)],
        RESTROOM: [(2, PIN)],
    }
    g = start(position(4, at=at), "zombie_attack")
    assert finished(g)
    assert g.extra == [SUPERMARKET, MEGATOYS]
    assert g.zombies[SUPERMARKET] == 1 and g.zombies[MEGATOYS] == 1


def test_moh_111_locations_checked_1_to_6():
    """MOH-111: "Now check every location in turn, starting at location number 1 and ending at
    location number 6, to determine whether the zombies manage to break in and devour the
    living." """
    at = {
        SUPERMARKET: [(1, PIN), (2, PIN)],
        RESTROOM: [(0, PIN), (3, PIN)],
        MEGATOYS: [(0, TOUGH), (3, TOUGH)],
        SECURITY: SAFE,
    }
    g = position(4, at=at, zombies={RESTROOM: 2, SUPERMARKET: 2, MEGATOYS: 4})
    start(g, *[("attack_location", L) for L in range(6)])
    assert (g.decision, g.v_loc) == ("ballot", RESTROOM)
    cast(g, {0: 3, 3: 3})
    assert g.loc[slot(3, PIN)] == EATEN
    assert (g.decision, g.v_loc) == ("ballot", MEGATOYS)
    cast(g, {0: 3, 3: 3})
    assert g.loc[slot(3, TOUGH)] == EATEN
    assert (g.decision, g.v_loc) == ("ballot", SUPERMARKET)


def test_moh_112_113_zombies_equal_to_defenders_break_in():
    """MOH-112, MOH-113: "If the number of zombies in front of a location is greater than or
    equal to the number of characters at that location, the zombies break down the door and
    get inside to feed." / "All players with at least one character at that location vote to
    choose which one of them gets eaten." """
    at = {MEGATOYS: [(1, PIN), (2, PIN), (3, PIN)], RESTROOM: [(3, TOUGH)]}
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS)
    assert g.decision == "ballot" and g.v_candidates == [1, 2, 3]
    cast(g, {1: 2, 2: 3, 3: 2})
    assert asked(g, "ballot") == [1, 2, 3]
    assert g.loc[slot(2, PIN)] == EATEN
    g = _attack(at, {MEGATOYS: 2}, MEGATOYS)
    assert finished(g) and g.asked == []
    assert g.zombies[MEGATOYS] == 2


def test_moh_114_115_tough_guy_counts_twice():
    """MOH-114, MOH-115: "The Tough Guy counts as two characters when totaling up how many
    characters are holding off the zombies." / "So 2 Pin-Ups and 1 Tough Guy can hold off 3
    zombies, but cannot withstand 4 zombies (since it only takes an equal or greater number of
    zombies for them to break in)." """
    at = {MEGATOYS: [(1, PIN), (2, PIN), (3, TOUGH)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS)
    assert finished(g) and g.zombies[MEGATOYS] == 3
    g = _attack(at, {MEGATOYS: 4}, MEGATOYS)
    assert g.decision == "ballot" and g.v_loc == MEGATOYS


def test_moh_116_supermarket_falls_to_four():
    """MOH-116: "Note: the Supermarket (location number 6) is large, and it is impossible to
    guard every entrance. 4 zombies are enough to break in, even if there are more than 4
    characters present." """
    at = {SUPERMARKET: [(0, TOUGH), (1, TOUGH), (2, TOUGH), (3, TOUGH), (3, PIN)]}
    g = _attack(at, {SUPERMARKET: 4}, SUPERMARKET)
    assert g.decision == "ballot" and g.v_loc == SUPERMARKET
    g = _attack(at, {SUPERMARKET: 3}, SUPERMARKET)
    assert finished(g) and g.zombies[SUPERMARKET] == 3


def test_moh_117_118_cards_before_the_vote_chief_first():
    """MOH-117, MOH-118: "Before each vote, every player with a character at that location may
    play one or more of their cards." / "The Chief of Security does so first." """
    at = {MEGATOYS: [(0, PIN), (2, PIN), (3, PIN)], RESTROOM: [(1, PIN)]}
    hands = {0: [WEAPON1], 1: [WEAPON2], 2: [THREAT], 3: [HARDWARE]}
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS, chief=2, hands=hands)
    assert g.decision == "cards" and g.current_player == 2
    assert sorted(g.legal) == [A_PLAY + THREAT, A_PASS]
    act(g, 2, A_PASS)
    act(g, 3, A_PASS, "cards")
    act(g, 0, A_PASS, "cards")
    assert asked(g, "cards") == [2, 3, 0]  # seat 1 is not at the location
    assert g.decision == "ballot"


def test_moh_117_no_card_question_for_an_empty_hand():
    """MOH-117: "Before each vote, every player with a character at that location may play
    one or more of their cards": a seat whose hand is empty for all to see has nothing to
    play and is not asked; one holding an unplayable card is still asked."""
    at = {MEGATOYS: [(0, PIN), (2, PIN), (3, PIN)], RESTROOM: [(1, PIN)]}
    g = position(4, at={SECURITY: SAFE, **at}, zombies={MEGATOYS: 3}, hands={3: [SPRINT]})
    posed = []
    for seat in (2, 3, 0):
        g.decision = None
        g.card_window(seat, MEGATOYS)
        posed.append(g.decision == "cards")
    assert posed == [False, True, False] and g.legal == [A_PASS]


def test_moh_119_129_hardware_holds_off_one_more():
    """MOH-119, MOH-129, MOH-133: "Hardware: this card may be used to temporarily reinforce the
    door and thereby hold off 1 extra zombie (for example, 3 Pin-Ups plus a Hardware card can
    hold off 3 zombies)." / "Each card played is immediately discarded from the game." """
    at = {RESTROOM: [(0, PIN), (1, PIN), (2, PIN)], MEGATOYS: [(3, PIN)]}
    g = _attack(at, {RESTROOM: 3}, RESTROOM, hands={1: [HARDWARE]})
    act(g, 1, A_PLAY + HARDWARE, "cards")
    assert g.hardware[RESTROOM] == 1
    assert g.hands[1][HARDWARE] == 0 and g.discards[HARDWARE] == 1
    assert finished(g)
    assert all(g.loc[slot(s, PIN)] == RESTROOM for s in range(3))
    assert g.zombies[RESTROOM] == 3


def test_moh_120_no_hardware_at_the_parking_lot():
    """MOH-120: "This card cannot be used at the Parking Lot (location number 4)." """
    at = {PARKING: [(0, PIN), (1, PIN)], MEGATOYS: [(3, PIN)]}
    g = _attack(at, {PARKING: 1}, PARKING, hands={0: [HARDWARE, WEAPON1]})
    assert g.decision == "cards" and g.current_player == 0
    assert sorted(g.legal) == [A_PLAY + WEAPON1, A_PASS]


def test_moh_121_hardware_lasts_one_round():
    """MOH-121: "This bonus only counts for the current round." """
    at = {RESTROOM: [(0, PIN), (1, PIN), (2, PIN)], MEGATOYS: [(3, PIN)], SECURITY: SAFE}
    g = position(4, at=at, zombies={RESTROOM: 3})
    g.hardware[RESTROOM] = 1
    start(g, ("attack_location", RESTROOM))
    assert finished(g)
    g.end_round()
    assert g.hardware == [0] * 6
    start(g, ("attack_location", RESTROOM))
    assert g.decision == "ballot" and g.v_loc == RESTROOM


def test_moh_122_hardware_cannot_stop_four_at_the_supermarket():
    """MOH-122: "This card cannot be played to stop 4 zombies from entering the Supermarket
    (location number 6)." """
    at = {SUPERMARKET: [(0, TOUGH), (1, TOUGH), (3, PIN)]}
    g = _attack(at, {SUPERMARKET: 4}, SUPERMARKET, hands={1: [HARDWARE]})
    # seat 1's only card may not be played against the 4: its window offered only "pass"
    assert g.decision == "ballot" and g.v_loc == SUPERMARKET
    assert g.hands[1][HARDWARE] == 1 and g.hardware[SUPERMARKET] == 0
    at = {SUPERMARKET: [(0, PIN), (1, PIN), (3, PIN)]}
    g = _attack(at, {SUPERMARKET: 3}, SUPERMARKET, hands={1: [HARDWARE]})
    act(g, 1, A_PLAY + HARDWARE, "cards")
    assert finished(g)  # below 4 the Hardware works as anywhere else


def test_moh_123_weapons_kill_one_or_two():
    """MOH-123: "Weapon: immediately kills one or two zombies (depending on the number of
    zombie silhouettes shown on the card)." """
    at = {MEGATOYS: [(0, PIN), (1, PIN)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 5}, MEGATOYS, hands={0: [WEAPON1], 1: [WEAPON2]})
    act(g, 0, A_PLAY + WEAPON1, "cards")
    assert g.zombies[MEGATOYS] == 4
    act(g, 1, A_PLAY + WEAPON2, "cards")
    assert g.zombies[MEGATOYS] == 2
    assert g.decision == "ballot"  # 2 zombies still break in against 2 characters
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS, hands={1: [WEAPON2]})
    act(g, 1, A_PLAY + WEAPON2, "cards")
    assert finished(g) and g.zombies[MEGATOYS] == 1
    assert g.discards[WEAPON2] == 1


def test_moh_130_vote_only_if_still_a_threat():
    """MOH-130: "Once every player has had a chance to play one or more cards, if there is
    still a threat outside (i.e., there are still enough zombies to break into the location),
    a vote is held and a character is eaten." """
    at = {MEGATOYS: [(0, PIN), (1, PIN), (2, PIN)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 4}, MEGATOYS, hands={0: [WEAPON1, THREAT], 2: [WEAPON1]})
    act(g, 0, A_PLAY + WEAPON1, "cards")
    assert g.decision == "cards" and g.current_player == 0  # may play more
    act(g, 0, A_PASS)
    assert g.zombies[MEGATOYS] == 3 and g.current_player == 2  # seat 2 still has its chance
    act(g, 2, A_PLAY + WEAPON1, "cards")
    assert finished(g) and g.zombies[MEGATOYS] == 2


def test_moh_131_132_victim_removed_and_zombies_leave():
    """MOH-052, MOH-131, MOH-132: "be sacrificed to the zombies during phase f) Zombie
    Attack." / "Remove that character from the game." / "After the feast, remove all zombies
    in front of that location from the board." """
    at = {MEGATOYS: [(0, PIN), (1, PIN)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 6}, MEGATOYS)
    cast(g, {0: 1, 1: 1})
    assert g.loc[slot(1, PIN)] == EATEN and g.last_eaten == slot(1, PIN)
    assert g.zombies[MEGATOYS] == 0
    assert g.loc[slot(0, PIN)] == MEGATOYS
    assert finished(g)  # one victim per location


def test_moh_133_zombies_stay_after_failed_attack_or_at_empty_location():
    """MOH-133: "If the zombies failed to get inside, or if they are in front of an empty
    location, they remain in play." """
    at = {MEGATOYS: [(0, TOUGH), (1, TOUGH)], RESTROOM: [(3, PIN)]}
    g = position(4, at={**at, SECURITY: SAFE}, zombies={MEGATOYS: 3, SUPERMARKET: 5})
    start(g, *[("attack_location", L) for L in range(6)])
    assert finished(g)
    assert g.zombies[MEGATOYS] == 3 and g.zombies[SUPERMARKET] == 5


def test_moh_125_126_hidden_character_neither_votes_nor_is_voted():
    """MOH-125, MOH-126: "Hidden: the player's character hides in a corner and does not take
    part in the vote." / "It does not vote, and it cannot be voted for either." """
    at = {MEGATOYS: [(0, PIN), (1, PIN), (1, TOUGH), (2, PIN)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 6}, MEGATOYS, hands={0: [HIDDEN], 1: [HIDDEN]})
    act(g, 0, A_PLAY + HIDDEN, "cards")  # a single character: hidden at once
    assert g.hidden[slot(0, PIN)] == 1 and g.current_player == 1
    act(g, 1, A_PLAY + HIDDEN, "cards")
    assert g.decision == "hide" and sorted(g.legal) == [A_CHARACTER + PIN, A_CHARACTER + TOUGH]
    act(g, 1, A_CHARACTER + TOUGH, "hide")
    assert g.decision == "ballot"
    assert g.v_candidates == [1, 2] and g.v_weights == [0, 1, 1, 0]
    cast(g, {1: 2, 2: 1})
    cast(g, {0: 1, 1: 2, 2: 1, 3: 1})  # the runoff: hidden seat 0 votes like an absent player
    assert g.last_weights == [1, 1, 1, 1]
    assert g.loc[slot(1, PIN)] == EATEN
    assert g.loc[slot(1, TOUGH)] == MEGATOYS and g.loc[slot(0, PIN)] == MEGATOYS


def test_moh_127_hidden_character_still_holds_the_door():
    """MOH-127: "However, this character still counts when totaling up the number of characters
    needed to hold off the zombie attack." """
    at = {MEGATOYS: [(0, PIN), (1, TOUGH)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS, hands={1: [HIDDEN, WEAPON1]})
    act(g, 1, A_PLAY + HIDDEN, "cards")
    act(g, 1, A_PLAY + WEAPON1, "cards")
    assert g.hidden[slot(1, TOUGH)] == 1 and g.zombies[MEGATOYS] == 2
    assert finished(g)  # 2 zombies against Pin-Up + hidden Tough Guy (3)


def test_moh_128_hidden_lasts_one_round():
    """MOH-128: "This card only counts for the round in which it is played." """
    at = {MEGATOYS: [(0, PIN), (1, PIN)], RESTROOM: [(3, PIN)], SECURITY: SAFE}
    g = position(4, at=at, zombies={MEGATOYS: 3})
    g.hidden[slot(0, PIN)] = 1
    g.end_round()
    assert g.hidden[slot(0, PIN)] == 0
    start(g, ("attack_location", MEGATOYS))
    assert g.v_candidates == [0, 1]


def test_moh_140_145_useless_card_is_still_discarded():
    """MOH-140 to MOH-145: "Note: it can happen that a card becomes useless after certain
    events occur during the game." / "The card must still be discarded from the game
    regardless." / "For example, a player may play a card to hide one of their characters." /
    "Another player then kills 2 zombies with a Weapon card, which reduces the number of
    zombies below the number of characters present at that location." / "The attack does not
    happen." / "The Hidden card is still discarded from the game, even though it turned out
    not to be needed." """
    at = {MEGATOYS: [(0, PIN), (1, PIN), (2, PIN)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS, hands={0: [HIDDEN], 1: [WEAPON2]})
    act(g, 0, A_PLAY + HIDDEN, "cards")
    act(g, 1, A_PLAY + WEAPON2, "cards")
    assert finished(g)
    assert all(g.loc[slot(s, PIN)] == MEGATOYS for s in range(3))
    assert g.hands[0][HIDDEN] == 0 and g.discards[HIDDEN] == 1 and g.played[0][HIDDEN] == 1


def test_moh_064_threat_in_the_attack_card_window():
    """MOH-064, MOH-117: "In turn order, before a vote, players holding Threat cards may play
    them to gain one extra vote in the current vote." At an attack the Threat is played in
    the card window."""
    at = {MEGATOYS: [(0, PIN), (1, PIN)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS, hands={1: [THREAT]})
    act(g, 1, A_PLAY + THREAT, "cards")
    assert g.v_threats == [0, 1, 0, 0]
    cast(g, {0: 1, 1: 0})  # 1 vote against 2: no runoff
    assert g.last_weights == [1, 2, 0, 0]
    assert g.loc[slot(0, PIN)] == EATEN


def test_moh_126_every_character_hidden_no_victim():
    """MOH-126: "It does not vote, and it cannot be voted for either." When every character at
    the location is hidden there is no one to vote for: nobody is eaten and the zombies
    stay."""
    at = {MEGATOYS: [(0, PIN), (1, PIN)], RESTROOM: [(3, PIN)]}
    g = _attack(at, {MEGATOYS: 3}, MEGATOYS, hands={0: [HIDDEN], 1: [HIDDEN]})
    act(g, 0, A_PLAY + HIDDEN, "cards")
    act(g, 1, A_PLAY + HIDDEN, "cards")
    assert finished(g)
    assert g.loc[slot(0, PIN)] == g.loc[slot(1, PIN)] == MEGATOYS
    assert g.zombies[MEGATOYS] == 3


def test_moh_058_117_cards_before_the_runoff():
    """MOH-058, MOH-117, MOH-130: "In case of a tie, a second vote is held in which every
    player takes part: players who have no character at the location where the vote is taking
    place get one vote." / "Before each vote, every player with a character at that location
    may play one or more of their cards." The second vote is a vote too: every card is offered
    again, and a Weapon that ends the threat cancels it."""
    at = {RESTROOM: [(0, PIN), (1, PIN)]}
    hands = {0: [HIDDEN, WEAPON2], 1: [HARDWARE, THREAT]}
    for card in (WEAPON2, HIDDEN):
        g = _attack(at, {RESTROOM: 2}, RESTROOM, hands=hands)
        act(g, 0, A_PASS, "cards")
        act(g, 1, A_PASS, "cards")
        cast(g, {0: 1, 1: 0})  # 1 - 1
        assert g.decision == "cards" and g.current_player == 0
        assert sorted(g.legal) == [A_PLAY + WEAPON2, A_PLAY + HIDDEN, A_PASS]
        assert (g.v_purpose, g.v_loc, g.v_runoff, g.v_candidates) == (ATTACK, RESTROOM, 1, [0, 1])
        act(g, 0, A_PLAY + card, "cards")
        act(g, 0, A_PASS, "cards")
        assert g.current_player == 1
        assert sorted(g.legal) == [A_PLAY + THREAT, A_PLAY + HARDWARE, A_PASS]
        act(g, 1, A_PASS, "cards")
        assert finished(g)
        assert asked(g, "threat") == [2, 3]  # the absent seats vote, so they may threaten
        assert asked(g, "ballot") == [0, 1]  # no second vote
        assert g.loc[slot(0, PIN)] == RESTROOM
    assert g.hidden[slot(0, PIN)] == 1  # red alone could be voted for: it is eaten
    assert g.loc[slot(1, PIN)] == EATEN and g.zombies[RESTROOM] == 0


def test_moh_126_133_every_tied_colour_hides_before_the_runoff():
    """MOH-126, MOH-133: "It does not vote, and it cannot be voted for either." / "If the
    zombies failed to get inside, or if they are in front of an empty location, they remain in
    play." When every tied colour hides before the second vote there is no one to vote for:
    nobody is eaten, not even a visible colour that was not tied, and the zombies stay."""
    at = {RESTROOM: [(0, PIN), (1, GUN), (2, PIN)], SECURITY: [(0, GUN), (2, GUN), (3, GUN)]}
    g = position(4, at=at, zombies={RESTROOM: 3}, hands={0: [HIDDEN], 1: [HIDDEN]})
    start(g, ("attack_location", RESTROOM))
    act(g, 0, A_PASS, "cards")
    act(g, 1, A_PASS, "cards")
    cast(g, {0: 1, 1: 0, 2: 1})  # 2 - 2 (the Gunman votes twice), seat 2 none
    act(g, 0, A_PLAY + HIDDEN, "cards")
    act(g, 1, A_PLAY + HIDDEN, "cards")
    assert finished(g)
    assert asked(g, "ballot") == [0, 1, 2]
    assert [g.loc[slot(s, k)] for s, k in at[RESTROOM]] == [RESTROOM] * 3
    assert g.zombies[RESTROOM] == 3
