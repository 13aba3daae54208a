"""Mall of Horror rules: eliminated players, zombie players, end of game and scoring."""

from __future__ import annotations

import pytest

from tests.games.mall_of_horror.positions import (
    A_GIVE_TO,
    A_LOCATION,
    A_PASS,
    A_PLAY,
    CACHOU,
    EATEN,
    GIRL,
    GUN,
    MEGATOYS,
    PARKING,
    PIN,
    RESTROOM,
    SECURITY,
    SUPERMARKET,
    THREAT,
    TOUGH,
    act,
    asked,
    cast,
    finished,
    position,
    slot,
    start,
)
from zombie_envs.games.mall_of_horror.data import POINTS


def test_moh_146_last_character_eaten_player_is_out():
    """MOH-146: "If, at the end of an attack, a player has no character tokens left, they may no
    longer take part in the game, but they may still take part in group votes (the second
    votes that occur after a tie in the first round of voting)." """
    at = {
        MEGATOYS: [(2, PIN), (1, PIN)],
        SECURITY: [(0, GUN), (1, GUN), (3, GUN)],
        RESTROOM: [(0, PIN), (3, PIN)],
    }
    g = position(4, at=at, zombies={MEGATOYS: 2}, rnd=3)
    start(g, ("attack_location", MEGATOYS), "choose_destinations")
    cast(g, {1: 2, 2: 2})
    assert g.eliminated == [-1, -1, 3, -1]
    for seat in (0, 1, 3):
        act(g, seat, A_LOCATION + PARKING, "destination")
    assert finished(g)
    assert asked(g, "destination") == [0, 1, 3]
    g = position(4, at=at, eliminated={2: 1}, rnd=3, deck=[THREAT, THREAT, THREAT])
    g.loc[slot(2, PIN)] = EATEN
    start(g, "elect_chief")
    cast(g, {0: 1, 1: 3, 3: 0})  # a three-way tie
    assert g.v_runoff == 1 and g.v_weights == [2, 2, 1, 2]
    assert g.v_candidates == [0, 1, 3]
    cast(g, {0: 1, 1: 3, 2: 3, 3: 0})
    assert asked(g, "ballot") == [0, 1, 3, 0, 1, 2, 3]
    assert (g.chief, g.chief_elected) == (3, 1)


@pytest.mark.parametrize("mode, rounds_asked", [("every", [2, 3, 4]), ("once", [2]), ("never", [])])
def test_moh_147_eliminated_player_returns_as_a_zombie(mode, rounds_asked):
    """MOH-147: "At the end of the following round, that player may return as a zombie: they
    may place a zombie at a location of their choice at the end of phase d) Choose
    Destinations." """
    at = {RESTROOM: [(0, PIN), (1, PIN)], MEGATOYS: [(3, PIN), (3, TOUGH)]}
    g = position(4, at=at, eliminated={2: 1}, zombie_return=mode)
    seen = []
    for rnd in (1, 2, 3, 4):
        g.round = rnd
        start(g, "zombie_players")
        if g.decision == "zombie":
            seen.append(rnd)
            assert g.current_player == 2
            assert A_LOCATION + CACHOU not in g.legal  # closed
            assert sorted(g.legal) == [
                A_LOCATION + L for L in (RESTROOM, MEGATOYS, PARKING, SECURITY, SUPERMARKET)
            ] + [A_PASS]
            before = g.zombies[MEGATOYS]
            act(g, 2, A_LOCATION + MEGATOYS, "zombie")
            assert g.zombies[MEGATOYS] == before + 1
        assert finished(g)
    assert seen == rounds_asked


def test_moh_147_zombie_player_may_pass():
    """MOH-147 ("may"): returning as a zombie is optional; passing places nothing."""
    at = {RESTROOM: [(0, PIN), (1, PIN)], MEGATOYS: [(3, PIN)]}
    g = position(4, at=at, eliminated={2: 1}, rnd=2, zombie_return="once")
    act(start(g, "zombie_players"), 2, A_PASS, "zombie")
    assert g.zombies == [0] * 6 and g.zombie_used[2] == 0


def test_moh_149_150_151_all_survivors_in_one_location():
    """MOH-149, MOH-150, MOH-151, MOH-153: "The game ends when the rescue team arrives (which
    is, of course, far too late to save everyone)." / "Help arrives when one of the following
    two situations occurs:" / "All characters still alive are at the same location (except for
    the Parking Lot, location number 4)." / "The rescue helicopter arrives to save the
    survivors." """
    chars = [(s, k) for s in range(4) for k in (PIN, GUN)]
    g = start(position(4, at={SUPERMARKET: chars[:6]}), "after_moves")
    assert g.terminal
    g = start(position(4, at={PARKING: chars}), "after_moves")
    assert not g.terminal and finished(g)
    g = start(position(4, at={SUPERMARKET: chars[:6], RESTROOM: chars[6:]}), "after_moves")
    assert not g.terminal


@pytest.mark.parametrize("n, left", [(4, 4), (5, 4), (6, 6), (3, 4)])
def test_moh_152_few_survivors_end_the_game(n, left):
    """MOH-152: "Only 4 characters remain alive (in a 6-player game, the game ends when only 6
    characters remain)." """
    kinds = (PIN, TOUGH, GUN)
    chars = [(s, k) for k in kinds for s in range(n)][: left + 1]
    at = {PARKING: chars[:2], MEGATOYS: chars[2:-1], SUPERMARKET: chars[-1:]}
    g = position(n, at=at, zombies={PARKING: 1, SUPERMARKET: 2})
    start(g, *[("attack_location", L) for L in range(6)])
    assert not g.terminal and g.decision == "ballot" and g.v_loc == PARKING
    first, second = chars[0][0], chars[1][0]
    cast(g, {first: second, second: second})
    assert g.terminal
    assert sum(where >= 0 for where in g.loc) == left
    assert g.zombies[SUPERMARKET] == 2  # the attack stopped when help arrived
    assert g.loc[slot(*chars[-1])] == SUPERMARKET


def test_moh_152_one_more_survivor_goes_on():
    """MOH-152: "Only 4 characters remain alive (in a 6-player game, the game ends when only 6
    characters remain)." With five survivors (seven in a 6-player game) the game goes on."""
    chars = [(s, k) for k in (PIN, TOUGH) for s in range(6)][:7]
    g = start(position(6, at={PARKING: chars[:6], MEGATOYS: chars[6:]}), "after_moves")
    assert not g.terminal
    chars = [(s, k) for k in (PIN, TOUGH) for s in range(4)][:5]
    g = start(position(4, at={PARKING: chars[:4], MEGATOYS: chars[4:]}), "after_moves")
    assert not g.terminal


def test_moh_017_019_021_024_154_points_per_character():
    """MOH-017, MOH-019, MOH-021, MOH-024, MOH-154: Pin-Up "Worth 7 points.", Tough Guy
    "Worth 5 points.", Gunman "Worth 3 points.", Little Girl "Worth only 1 point." / "Each
    living character brings its owner as many points as it is worth." """
    assert POINTS == (7, 5, 3, 1)
    at = {
        PARKING: [(0, PIN), (0, TOUGH), (0, GUN), (0, GIRL)],
        MEGATOYS: [(1, TOUGH), (1, GIRL)],
        RESTROOM: [(2, GUN)],
    }
    g = position(3, at=at)
    assert g.scores() == [16, 6, 3]


def test_moh_026_155_most_points_wins():
    """MOH-026, MOH-155: "The winner is whoever manages to save the most of their own characters
    over the course of the game." / "The player with the most points wins the game." """
    at = {SUPERMARKET: [(0, GUN), (1, PIN), (2, TOUGH), (3, GUN), (3, TOUGH)]}
    g = position(4, at=at, hands={0: [THREAT, THREAT]})
    assert g.scores() == [3, 7, 5, 8]
    assert g.winners() == [3]
    assert g.returns("zero_sum") == [-1 / 3, -1 / 3, -1 / 3, 1.0]
    assert g.returns("score") == [3.0, 7.0, 5.0, 8.0]


def test_moh_156_tie_broken_by_cards_in_hand():
    """MOH-156: "In case of a tie, the player with the most cards in hand wins." """
    at = {SUPERMARKET: [(0, PIN), (1, PIN), (2, PIN), (3, GUN)]}
    g = position(4, at=at, hands={1: [THREAT, THREAT], 2: [THREAT], 3: [THREAT] * 3})
    assert g.winners() == [1]
    g.hands[2][THREAT] = 2
    assert g.winners() == [1, 2]
    assert g.returns("zero_sum") == [-0.5, 0.5, 0.5, -0.5]


def test_max_rounds_cap_truncates_the_game():
    """Assumed: the ``max_rounds`` safety cap (default 60) stops the game before a new round;
    no rule ended it, so it is truncated: no winner and no reward."""
    at = {RESTROOM: [(0, PIN), (1, PIN)], MEGATOYS: [(2, PIN), (3, PIN)]}
    g = start(position(4, at=at, rnd=5, max_rounds=5), "start_round")
    assert g.terminal and g.truncated and g.round == 5
    assert g.final_winners() == [] and g.returns() == [0.0] * 4
    g = start(position(4, at=at, rnd=4, max_rounds=5), "start_round")
    assert not g.terminal and g.round == 5
    assert position(4).options["max_rounds"] == 60


def test_moh_071_146_eliminated_player_gets_a_truck_card_and_threatens_in_runoffs():
    """MOH-064, MOH-071, MOH-146: "In turn order, before a vote, players holding Threat cards
    may play them to gain one extra vote in the current vote." / "They keep one of them, and
    give a second one to a player of their choice (that player does not need to have a
    character at the Parking Lot)." / "... they may still take part in group votes (the
    second votes that occur after a tie in the first round of voting)." """
    at = {PARKING: [(0, PIN)], SECURITY: [(0, GUN), (1, GUN)], RESTROOM: [(1, PIN), (3, PIN)]}
    g = position(4, at=at, eliminated={2: 1}, rnd=2, deck=[THREAT, THREAT, THREAT])
    start(g, "search_truck", "elect_chief")
    act(g, 0, A_GIVE_TO + 1, "give_to")  # seat 0 + 2: the eliminated player
    assert g.hands[2][THREAT] == 1
    act(g, 0, A_PASS, "threat")
    cast(g, {0: 1, 1: 0})  # 2 - 2
    act(g, 0, A_PASS, "threat")
    act(g, 2, A_PLAY + THREAT, "threat")
    cast(g, {0: 1, 1: 0, 2: 1, 3: 0})
    assert g.last_weights == [2, 2, 2, 1]
    assert (g.chief, g.chief_elected) == (1, 1)  # 2 + 2 votes against 2 + 1


def test_moh_150_151_the_end_is_checked_right_after_the_moves():
    """MOH-150, MOH-151: "Help arrives when one of the following two situations occurs:" / "All
    characters still alive are at the same location (except for the Parking Lot, location
    number 4)." The situation occurs with the last move, so the game ends before the Zombie
    Attack: zombies enough to break in eat nobody and no extra zombie comes."""
    chars = [(s, PIN) for s in range(4)] + [(0, GUN), (1, GUN)]
    g = position(4, at={SUPERMARKET: chars}, zombies={SUPERMARKET: 5})
    start(g, "after_moves", "zombie_attack")
    assert g.terminal
    assert g.zombies[SUPERMARKET] == 5 and g.loc.count(SUPERMARKET) == 6
