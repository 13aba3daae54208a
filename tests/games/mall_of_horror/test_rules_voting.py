"""Mall of Horror rules: voting (majority, several characters, Gunman, Threat, runoffs)."""

from __future__ import annotations

from tests.games.mall_of_horror.positions import (
    A_CHARACTER,
    A_PASS,
    A_PLAY,
    A_VOTE,
    CAMERA,
    EATEN,
    GUN,
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
    Dice,
    act,
    asked,
    cast,
    finished,
    position,
    slot,
    start,
    vote_action,
)
from zombie_envs.games.mall_of_horror.data import CARD_COUNTS
from zombie_envs.games.mall_of_horror.observe import OBS
from zombie_envs.testing import check_secret

DECK = [WEAPON1, WEAPON2, THREAT]


def _truck_vote(at, **kw):
    """Start Search the Truck with the given characters (deck of three cards)."""
    kw.setdefault("deck", list(DECK))
    return start(position(4, at=at, **kw), "search_truck")


def test_moh_053_present_players_vote_secretly_then_reveal():
    """MOH-053: "All players with a character at the voting location secretly choose a color
    on their voting wheels, then everyone reveals their choice simultaneously." """
    g = _truck_vote({PARKING: [(1, PIN), (2, PIN), (3, PIN)], RESTROOM: [(0, PIN)]})
    ballot = OBS["my_ballot"].slice
    revealed = OBS["last_ballots"].slice
    act(g, 1, vote_action(g, 1, 2), "ballot")
    assert g.decision == "ballot" and g.current_player == 2
    assert g.observation(1)[ballot].sum() == 1
    for other in (0, 2, 3):
        assert g.observation(other)[ballot].sum() == 0
        assert g.observation(other)[revealed].sum() == 0
    act(g, 2, vote_action(g, 2, 3), "ballot")
    act(g, 3, vote_action(g, 3, 2), "ballot")
    assert asked(g, "ballot") == [1, 2, 3]
    assert g.last_ballots == [-1, 2, 3, 2]
    assert g.observation(0)[revealed].sum() == 3


def test_moh_054_055_most_votes_wins_and_self_vote_allowed():
    """MOH-054, MOH-055: "The character whose color appears most often on the voting wheels
    is chosen." / "You may vote for yourself." """
    g = _truck_vote({PARKING: [(1, PIN), (2, PIN), (3, PIN)]})
    assert A_VOTE + 0 in g.legal  # seat 1 may vote for itself
    cast(g, {1: 1, 2: 1, 3: 3})
    assert g.truck_seat == 1 and g.decision == "keep" and g.current_player == 1


def test_moh_056_one_vote_per_character_present():
    """MOH-056: "If a player has several characters at the same location, they have as many
    votes as they have characters there." """
    g = _truck_vote({PARKING: [(1, PIN), (1, TOUGH), (2, PIN), (3, PIN)]})
    cast(g, {1: 3, 2: 1, 3: 2})
    assert g.last_weights == [0, 2, 1, 1]
    assert g.truck_seat == 3


def test_moh_067_068_gunman_extra_vote():
    """MOH-067, MOH-068: "During a vote, the Gunman can more easily persuade others to vote
    his way by threatening them with his weapon." / "He gets an extra vote in every vote
    where he is present." """
    g = _truck_vote({PARKING: [(1, GUN), (2, PIN), (3, PIN)]})
    cast(g, {1: 2, 2: 3, 3: 1})
    assert g.last_weights == [0, 2, 1, 1]
    assert g.truck_seat == 2
    g = _truck_vote({PARKING: [(1, GUN), (1, PIN), (2, PIN), (2, TOUGH)]})
    cast(g, {1: 2, 2: 1})
    assert g.last_weights == [0, 3, 2, 0]
    assert g.truck_seat == 2


def test_moh_057_owner_picks_which_character():
    """MOH-057: "If their color is chosen, they decide which of their characters present at
    that location is selected." """
    at = {
        SUPERMARKET: [(1, PIN), (1, TOUGH), (2, PIN), (2, GUN)],
        RESTROOM: [(0, PIN), (0, TOUGH), (3, PIN)],
        MEGATOYS: [(3, TOUGH), (2, TOUGH)],
    }
    g = start(position(4, at=at, zombies={SUPERMARKET: 4}), ("attack_location", SUPERMARKET))
    cast(g, {1: 2, 2: 1})  # 2 votes against 3
    assert g.decision == "victim" and g.current_player == 1
    assert sorted(g.legal) == [A_CHARACTER + PIN, A_CHARACTER + TOUGH]
    act(g, 1, A_CHARACTER + TOUGH)
    assert g.loc[slot(1, TOUGH)] == EATEN and g.loc[slot(1, PIN)] == SUPERMARKET


def test_moh_058_059_runoff_everyone_votes_only_tied_colours():
    """MOH-058, MOH-059: "In case of a tie, a second vote is held in which every player takes
    part: players who have no character at the location where the vote is taking place get
    one vote." / "Only the tied characters may be voted for." """
    g = _truck_vote({PARKING: [(1, GUN), (2, PIN), (2, TOUGH), (3, PIN)]})
    cast(g, {1: 2, 2: 1, 3: 3})  # 2 - 2 - 1
    assert g.v_runoff == 1
    assert g.v_weights == [1, 2, 2, 1]
    assert g.current_player == 0 and g.decision == "ballot"
    assert sorted(g.legal) == sorted([vote_action(g, 0, 1), vote_action(g, 0, 2)])
    asked_seats = cast(g, {0: 1, 1: 2, 2: 1, 3: 1})
    assert asked_seats == [0, 1, 2, 3]
    assert g.last_vote[2] == 1 and g.last_weights == [1, 2, 2, 1]
    assert g.truck_seat == 1  # 1 + 2 + 1 votes against 2


def test_moh_060_061_second_tie_nobody_searches_the_truck():
    """MOH-060, MOH-061: "In case of another tie:" / "during the vote to decide who goes to
    search the truck (phase a, Search the Truck), no one goes to the truck." """
    g = _truck_vote({PARKING: [(1, PIN), (2, PIN)], RESTROOM: [(0, PIN), (3, PIN)]})
    cast(g, {1: 2, 2: 1})
    cast(g, {0: 1, 1: 2, 2: 1, 3: 2})
    assert finished(g)
    assert g.truck_seat == -1 and g.deck == DECK
    assert [sum(h) for h in g.hands] == [0, 0, 0, 0]


def test_moh_062_second_tie_nobody_elected():
    """MOH-062: "during the vote to elect the Chief of Security (phase b), no one is elected
    Chief of Security." """
    g = position(4, at={SECURITY: [(1, PIN), (2, PIN)], RESTROOM: [(3, PIN)]}, chief=3)
    start(g, "elect_chief")
    cast(g, {1: 2, 2: 1})
    cast(g, {0: 1, 1: 2, 2: 1, 3: 2})
    assert finished(g)
    assert (g.chief, g.chief_elected) == (3, 0)


def test_moh_063_second_tie_random_victim_among_tied():
    """MOH-063: "during the vote to choose a character to sacrifice (phase f, Zombie Attack),
    that character is chosen at random." """
    at = {
        SUPERMARKET: [(1, PIN), (1, GUN), (2, PIN), (2, TOUGH)],
        RESTROOM: [(0, PIN), (0, TOUGH), (3, PIN)],
        MEGATOYS: [(3, TOUGH), (1, TOUGH)],
    }
    eaten = set()
    for draw, expected in enumerate([slot(1, PIN), slot(2, PIN)]):
        g = position(4, at={**at, SUPERMARKET: [(1, PIN), (2, PIN)]}, zombies={SUPERMARKET: 2})
        g.rng = Dice(draw)
        start(g, ("attack_location", SUPERMARKET))
        cast(g, {1: 2, 2: 1})
        assert g.v_runoff == 1
        cast(g, {0: 1, 1: 2, 2: 1, 3: 2})
        assert finished(g)
        assert asked(g, "victim") == []
        assert g.loc[expected] == EATEN
        assert g.zombies[SUPERMARKET] == 0
        eaten.add(expected)
    assert eaten == {slot(1, PIN), slot(2, PIN)}


def test_moh_064_065_066_threat_cards_before_the_vote():
    """MOH-064, MOH-065, MOH-066: "In turn order, before a vote, players holding Threat cards
    may play them to gain one extra vote in the current vote." / "The played cards are then
    discarded." / "A player may use several Threat cards in a single vote." """
    at = {SECURITY: [(1, PIN), (2, PIN), (3, PIN)], RESTROOM: [(0, PIN)]}
    g = position(4, at=at, hands={0: [THREAT], 1: [THREAT], 2: [THREAT, THREAT]})
    start(g, "elect_chief")
    act(g, 1, A_PASS, "threat")
    act(g, 2, A_PLAY + THREAT, "threat")
    act(g, 2, A_PLAY + THREAT, "threat")
    assert g.decision == "ballot" and g.current_player == 1
    assert asked(g, "threat", choice=True) == [1, 2, 2]  # seat 0 holds a Threat but is not voting
    assert g.hands[2][THREAT] == 0 and g.hands[0][THREAT] == g.hands[1][THREAT] == 1
    assert g.discards[THREAT] == 2
    cast(g, {1: 1, 2: 2, 3: 1})  # without the Threats seat 1 would win 2 - 1
    assert g.last_weights == [0, 1, 3, 1]
    assert (g.chief, g.chief_elected) == (2, 1)


def test_moh_064_threat_may_be_declined_and_is_kept():
    """MOH-064: a Threat is optional ("may play them"); an unplayed card stays in hand."""
    at = {SECURITY: [(1, PIN), (2, PIN)]}
    g = position(4, at=at, hands={1: [THREAT]})
    start(g, "elect_chief")
    assert sorted(g.legal) == [A_PLAY + THREAT, A_PASS]
    act(g, 1, A_PASS, "threat")
    cast(g, {1: 1, 2: 2})
    assert g.v_runoff == 1 and g.hands[1][THREAT] == 1


def _posed_threat(g, seat: int) -> bool:
    """Whether ``seat``'s Threat window poses a question (a ``pass`` taken at once does not)."""
    g.decision = None
    g.threat_window(seat)
    return g.decision == "threat"


def test_moh_064_no_threat_question_when_all_know_there_is_no_threat():
    """MOH-064: "In turn order, before a vote, players holding Threat cards may play them":
    a voter whose hand is empty (hand sizes are public) is not asked, nor is anyone once
    every Threat has been played.  A voter holding other cards is asked as one holding a
    Threat is, so the others learn nothing of its hand from the question."""
    at = {SECURITY: [(1, PIN), (2, PIN), (3, PIN)]}
    g = position(4, at=at, hands={2: [CAMERA], 3: [THREAT]})
    assert [_posed_threat(g, s) for s in (1, 2, 3)] == [False, True, True]
    g.hands[3][THREAT], g.hands[3][SPRINT] = 0, 1
    g.discards[THREAT] = CARD_COUNTS[THREAT] - 1  # one is still somewhere
    assert _posed_threat(g, 2) and _posed_threat(g, 3)
    g.discards[THREAT] = CARD_COUNTS[THREAT]
    assert not _posed_threat(g, 2) and not _posed_threat(g, 3)
    twins = []
    for hand in ([CAMERA], [THREAT]):
        g = position(4, at=at, hands={2: hand, 3: [THREAT]})
        start(g, "elect_chief")  # seat 2's pass-only question is settled
        if g.current_player == 2:
            act(g, 2, A_PASS, "threat")
        assert g.decision == "threat" and g.current_player == 3
        twins.append(g)
    check_secret(*twins, seers={2})


def test_moh_058_runoff_is_a_new_vote_with_gunman_and_threats():
    """MOH-058, MOH-064, MOH-068: "He gets an extra vote in every vote where he is present."
    The runoff is a new vote: the Gunman bonus applies again and Threats may be played
    again; first-vote Threats are spent."""
    at = {PARKING: [(1, GUN), (2, PIN), (2, TOUGH)], RESTROOM: [(0, PIN), (3, PIN)]}
    g = _truck_vote(at, hands={1: [THREAT, THREAT], 3: [THREAT]})
    act(g, 1, A_PASS, "threat")
    cast(g, {1: 2, 2: 1})
    assert g.v_runoff == 1 and g.v_weights == [1, 2, 2, 1]
    act(g, 1, A_PLAY + THREAT, "threat")
    act(g, 1, A_PASS, "threat")
    act(g, 3, A_PLAY + THREAT, "threat")  # seat 3 is absent but votes in the runoff
    assert asked(g, "threat", choice=True) == [1, 1, 1, 3]
    cast(g, {0: 1, 1: 2, 2: 1, 3: 2})  # without the Threats: 3 - 3
    assert g.last_weights == [1, 3, 2, 2]
    assert g.truck_seat == 2  # 3 + 2 votes against 1 + 2
    assert g.hands[1][THREAT] == 1 and g.hands[3][THREAT] == 0
