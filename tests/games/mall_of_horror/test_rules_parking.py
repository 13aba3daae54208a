"""Mall of Horror rules: the Parking Lot special case."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_PASS,
    A_PLAY,
    EATEN,
    GUN,
    HIDDEN,
    MEGATOYS,
    PARKING,
    PIN,
    SECURITY,
    THREAT,
    TOUGH,
    WEAPON1,
    act,
    asked,
    cast,
    finished,
    position,
    slot,
    start,
)

SAFE = {SECURITY: [(0, GUN), (1, GUN), (2, GUN)], MEGATOYS: [(3, GUN), (0, PIN)]}


def _parking(chars, zombies, **kw):
    g = position(4, at={**SAFE, PARKING: chars}, zombies={PARKING: zombies}, **kw)
    return start(g, ("attack_location", PARKING))


def test_moh_007_134_one_zombie_is_enough():
    """MOH-007, MOH-134: "The Parking Lot (location number 4) has unlimited space, but zombies
    attack there as soon as they spot a victim." / "Every zombie present at the Parking Lot
    (location number 4) eats one of the characters also present there, regardless of how many
    zombies there are." """
    g = _parking([(1, TOUGH), (2, TOUGH), (3, TOUGH)], 1)
    assert g.decision == "ballot" and g.v_loc == PARKING
    cast(g, {1: 2, 2: 3, 3: 2})
    assert finished(g)
    assert g.loc[slot(2, TOUGH)] == EATEN
    assert g.loc.count(PARKING) == 2 and g.zombies[PARKING] == 0


def test_moh_135_136_one_vote_at_a_time():
    """MOH-135, MOH-136: "As many votes are held as there are characters present." / "The
    votes must be resolved one at a time, removing the eaten character from the board after
    each vote (naturally, characters already eaten do not take part in subsequent votes)." """
    g = _parking([(1, PIN), (2, PIN), (3, TOUGH)], 2)
    assert g.v_candidates == [1, 2, 3]
    cast(g, {1: 2, 2: 1, 3: 1})
    assert g.loc[slot(1, PIN)] == EATEN
    assert g.zombies[PARKING] == 1
    assert g.decision == "ballot" and g.v_candidates == [2, 3]
    cast(g, {2: 3, 3: 2})
    cast(g, {0: 3, 1: 3, 2: 3, 3: 2})  # the runoff: seats 0 and 1 are absent but vote
    assert g.loc[slot(3, TOUGH)] == EATEN
    assert finished(g) and g.zombies[PARKING] == 0
    assert g.loc[slot(2, PIN)] == PARKING


def test_moh_137_leftover_zombies_removed():
    """MOH-137: "If there are still zombies left but no more characters to eat, the remaining
    zombies are immediately removed from the board." """
    g = _parking([(1, PIN), (2, PIN)], 5)
    cast(g, {1: 2, 2: 2})
    assert g.loc[slot(2, PIN)] == EATEN
    assert finished(g)  # the second vote had one candidate: seat 1's Pin-Up is eaten
    assert g.loc[slot(1, PIN)] == EATEN
    assert g.zombies[PARKING] == 0


def test_moh_133_137_empty_parking_keeps_its_zombies():
    """MOH-133, MOH-137: "If the zombies failed to get inside, or if they are in front of an
    empty location, they remain in play." Zombies in front of an empty Parking Lot stay; only
    leftovers after a feast are removed."""
    g = _parking([], 3)
    assert finished(g) and g.zombies[PARKING] == 3


def test_moh_138_cards_before_each_vote():
    """MOH-138: "Every player with a character at that location may play one or more cards
    before each vote." """
    hands = {3: [WEAPON1, THREAT]}
    g = _parking([(1, PIN), (2, PIN), (3, PIN)], 2, hands=hands)
    act(g, 3, A_PASS, "cards")
    cast(g, {1: 3, 2: 1, 3: 1})
    assert g.loc[slot(1, PIN)] == EATEN
    assert g.decision == "cards" and g.current_player == 3
    act(g, 3, A_PLAY + WEAPON1, "cards")
    assert g.zombies[PARKING] == 0
    act(g, 3, A_PASS, "cards")
    assert finished(g)
    assert asked(g, "cards", choice=True) == [3, 3, 3]
    assert g.loc[slot(2, PIN)] == g.loc[slot(3, PIN)] == PARKING


def test_moh_139_hidden_lasts_for_every_parking_vote():
    """MOH-139: "The Hidden card remains in effect for every vote held at this location for
    the rest of the round, from the moment it is played." """
    g = _parking([(1, PIN), (2, PIN), (3, PIN)], 2, hands={2: [HIDDEN]})
    act(g, 2, A_PLAY + HIDDEN, "cards")
    assert g.v_candidates == [1, 3]
    cast(g, {1: 3, 3: 3})
    assert g.loc[slot(3, PIN)] == EATEN
    assert finished(g)  # second vote: seat 1 is the only visible candidate
    assert g.loc[slot(1, PIN)] == EATEN
    assert g.loc[slot(2, PIN)] == PARKING and g.hidden[slot(2, PIN)] == 1
    assert g.zombies[PARKING] == 0


def test_moh_137_only_hidden_characters_left_zombies_removed():
    """MOH-126, MOH-137: "If there are still zombies left but no more characters to eat, the
    remaining zombies are immediately removed from the board." Hidden characters cannot be
    eaten, so with only hidden characters left the remaining zombies are removed."""
    g = _parking([(1, PIN), (2, PIN)], 3, hands={1: [HIDDEN], 2: [HIDDEN]})
    act(g, 1, A_PLAY + HIDDEN, "cards")
    act(g, 2, A_PLAY + HIDDEN, "cards")
    assert finished(g)
    assert g.loc[slot(1, PIN)] == g.loc[slot(2, PIN)] == PARKING
    assert g.zombies[PARKING] == 0


def test_moh_064_138_threat_before_a_parking_vote():
    """MOH-064, MOH-138: "Every player with a character at that location may play one or more
    cards before each vote." A Threat played there counts for the next vote only."""
    g = _parking([(1, PIN), (2, PIN), (3, PIN)], 2, hands={3: [THREAT, THREAT]})
    act(g, 3, A_PLAY + THREAT, "cards")
    act(g, 3, A_PASS, "cards")
    cast(g, {1: 2, 2: 1, 3: 1})  # 2 votes (with the Threat) against 1
    assert g.last_weights == [0, 1, 1, 2]
    assert g.loc[slot(1, PIN)] == EATEN
    act(g, 3, A_PASS, "cards")
    assert g.v_threats == [0, 0, 0, 0] and g.v_weights == [0, 0, 1, 1]


def test_moh_138_cards_before_a_parking_runoff():
    """MOH-134, MOH-138: "Every zombie present at the Parking Lot (location number 4) eats one
    of the characters also present there, regardless of how many zombies there are." / "Every
    player with a character at that location may play one or more cards before each vote."
    Cards are offered before a second vote too; when both tied colours hide, that vote eats
    nobody and the zombie holds the next vote among those still visible."""
    at = {
        PARKING: [(1, PIN), (2, GUN), (3, PIN)],
        SECURITY: [(0, GUN), (1, GUN)],
        MEGATOYS: [(3, GUN), (0, PIN)],
    }
    g = position(4, at=at, zombies={PARKING: 1}, hands={1: [HIDDEN], 2: [HIDDEN]})
    start(g, ("attack_location", PARKING))
    act(g, 1, A_PASS, "cards")
    act(g, 2, A_PASS, "cards")
    cast(g, {1: 2, 2: 1, 3: 2})  # 2 - 2 (the Gunman votes twice)
    act(g, 1, A_PLAY + HIDDEN, "cards")
    act(g, 2, A_PLAY + HIDDEN, "cards")
    assert finished(g)
    assert asked(g, "ballot") == [1, 2, 3]  # then seat 3 alone could be voted for
    assert g.loc[slot(3, PIN)] == EATEN and g.zombies[PARKING] == 0
    assert g.loc[slot(1, PIN)] == g.loc[slot(2, GUN)] == PARKING
