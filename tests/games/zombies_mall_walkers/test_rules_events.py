"""Mall Walkers rules: event cards, their location words and each card's (assumed)
effect."""

from __future__ import annotations

import json
import re

from tests.games.zombies_mall_walkers.positions import (
    GAME_STORE,
    act,
    card,
    position,
    sq,
    step,
    turn,
    use,
    zombie_move,
)
from zombie_envs.games.zombies_mall_walkers import events
from zombie_envs.games.zombies_mall_walkers.actions import (
    A_BULLETS,
    A_CARD,
    A_KEEP,
    A_PASS,
    A_PICK,
    A_WOUND,
)
from zombie_envs.games.zombies_mall_walkers.cards import DATA, NAMES, OUTSIDE_WORDS, WHERE
from zombie_envs.games.zombies_mall_walkers.declaration import KIND

START = (1, 1)
IN_STORE = (0, 3)  # a Game Store space
CROSS = (-2, 1)


def named(cards) -> list[str]:
    return sorted(NAMES[k] for k in cards)


def offered(g) -> set[str]:
    """The cards the last card window offered (one with nothing to offer is passed at
    once)."""
    legal = [legal for _, kind, legal in g.asked if kind == KIND.play_card][-1]
    return {NAMES[a - A_CARD] for a in legal if A_CARD <= a < A_CARD + len(NAMES)}


#: a deck to draw from, so that the discard pile is not shuffled into a new one
DECK = ["Lucky Shot"] * 6


def test_z3b_16_one_event_card_a_round():
    """Z3B-16 "One event card per round (from your turn to your next).": a Lucky Shot
    played in the fight on the pawn's square uses the round's card, so no card window
    opens that turn; a card played in the window bars the Lucky Shot in a later fight
    of the turn."""
    g = position(zombies=[START], hands={0: ["Lucky Shot", "Crossbow"]})
    turn(g, 0, 0, 0)
    assert use("Lucky Shot") in g.legal
    act(g, 0, use("Lucky Shot"))
    assert g.trophies[0] == 1 and g.played[0] == 1 and g.decision == KIND.move
    assert KIND.play_card not in {k for _, k, _ in g.asked}
    g = position(zombies=[(0, 1)], hands={0: ["Lucky Shot", "Crossbow"]})
    turn(g, 0, 0)
    act(g, 0, card("Crossbow"))
    g.rng.values = [0]
    act(g, 0, step("north"))
    assert g.decision == KIND.fight
    assert use("Lucky Shot") not in g.legal and use("Crossbow") in g.legal
    g = position(hands={0: ["Crossbow"]})
    g.played[0] = 1
    turn(g, 0, 0)
    assert g.played[0] == 0 and g.decision == KIND.play_card  # a new round for seat 0


def test_z3b_17_items_stay_in_play():
    """Z3B-17 "Items stay in play in front of you.": a Crossbow played stays in front of
    its owner, turn after turn, and is used in fights from there."""
    g = position(hands={0: ["Crossbow"]})
    turn(g, 0, 0, 0)
    act(g, 0, card("Crossbow"))
    act(g, 0, step("stop"))
    assert named(g.discard) == [] and g.items[0][NAMES.index("Crossbow")] == 1
    g.zombies[sq(*START)] = 1
    turn(g, 0, 0)
    assert use("Crossbow") in g.legal and g.items[0][NAMES.index("Crossbow")] == 1


def test_z3_026_cards_in_play_count_as_weapons_or_items():
    """Z3-026 "First, a slight rules clarification, unless stated otherwise, any card that
    is played on the table in front of you counts as a weapon or item for purposes of
    things such as the "Butter Fingers" event card.": Now That's Just Gross! takes every
    card a player has in play, the I Will Survive! and the pet as well as the Crossbow;
    it is not offered against a player with nothing in play."""
    gross = "Now That's Just Gross!"
    g = position(hands={0: [gross]}, items={1: ["I Will Survive!", "Aww, Isn't He Cute!"]})
    turn(g, 0, 0)
    assert gross in offered(g)
    act(g, 0, card(gross))  # seat 1 is the only target: taken at once
    assert g.items[1] == [0] * len(NAMES)
    assert named(g.discard) == sorted(["I Will Survive!", "Aww, Isn't He Cute!", gross])
    g = position(hands={0: [gross]})
    turn(g, 0, 0)
    assert gross not in offered(g)


def test_z3_045_z3_046_z3_047_town_road_and_building_cards_have_no_use_in_the_mall():
    """Z3-045 "Cards that contain the words "town," "road" or "building" can only be used
    on tiles that meet those requirements.", Z3-046 "The mall is not in town, does not
    contain any roads and is not a building." and Z3-047 "Nor are the interior stores
    considered buildings.": a card with such a word is never offered, in a hall or in a
    store; none of the 32 cards says those words."""
    for where in ("town", "road", "building"):
        patched = list(WHERE)
        patched[NAMES.index("Crossbow")] = where
        for at in (START, IN_STORE):
            g = position(at={0: at}, hands={0: ["Crossbow"]})
            old = events.WHERE
            events.WHERE = tuple(patched)
            try:
                turn(g, 0, 0)
                assert offered(g) == set()
                assert [legal for _, k, legal in g.asked if k == KIND.play_card] == [(A_PASS,)]
            finally:
                events.WHERE = old
    assert set(OUTSIDE_WORDS) == {"town", "road", "building"}
    for c in DATA["events"]:
        assert c["where"] in ("any", "hall", "store")
        assert not re.search(r"\b(town|road|building)s?\b", c["text"], re.I)
    assert "no legal use" in json.dumps(DATA["_comment"])


def test_z3_048_hall_and_store_cards_follow_their_word():
    """Z3-048 "Conversely, if an event card says "hall" or "store" it can not be used in
    "town," on a "road" or in a "building." Are we clear on this?!?!": a store card is
    used in a store and not in a hall; a hall card acts on players in halls only (the
    mall has no town, road or building to refuse them)."""
    g = position(at={0: START}, hands={0: ["Clearance Sale"]})
    turn(g, 0, 0)
    assert "Clearance Sale" not in offered(g)
    g = position(at={0: IN_STORE}, hands={0: ["Clearance Sale"]})
    turn(g, 0, 0)
    act(g, 0, card("Clearance Sale"))
    assert g.bullets[0] == 5
    g = position(n=3, at={0: START, 1: CROSS, 2: IN_STORE}, hands={0: ["We're All Gonna Die!"]})
    turn(g, 0, 0)
    act(g, 0, card("We're All Gonna Die!"))
    assert g.bullets == [3, 2, 3]
    assert {g.mall.where(i) for i in g.mall.squares} == {"hall", "store", "helipad"}


def test_you_want_fries_with_that_gives_life_in_a_store():
    """Assumed: You Want Fries with That? gives 2 life tokens in a store, never above 5."""
    g = position(at={0: IN_STORE}, life={0: 4}, hands={0: ["You Want Fries with That?"]})
    turn(g, 0, 0)
    act(g, 0, card("You Want Fries with That?"))
    assert g.life[0] == 5


def test_one_mans_garbage_takes_a_card_from_the_discard_pile():
    """Assumed: One Man's Garbage takes any card of the discard pile into the hand; it is
    not offered when the pile is empty."""
    g = position(hands={0: ["One Man's Garbage"]}, discard=["Crossbow", "Jammed"], deck=DECK)
    turn(g, 0, 0)
    act(g, 0, card("One Man's Garbage"))
    assert g.decision == KIND.pick
    assert set(g.legal) == {A_PICK + NAMES.index("Crossbow"), A_PICK + NAMES.index("Jammed")}
    act(g, 0, A_PICK + NAMES.index("Crossbow"))
    assert g.hands[0][NAMES.index("Crossbow")] == 1
    assert named(g.discard) == ["Jammed", "One Man's Garbage"]
    g = position(hands={0: ["One Man's Garbage"]}, deck=DECK)
    turn(g, 0, 0)
    assert offered(g) == set()


def test_the_pet_is_a_weapon_that_kills_once():
    """Assumed: Aww, Isn't He Cute! is played in a store and stays in play; in a fight it
    is discarded to kill the zombie, as that fight's weapon (not after a Crossbow)."""
    g = position(at={0: IN_STORE}, hands={0: ["Aww, Isn't He Cute!"]})
    turn(g, 0, 0)
    act(g, 0, card("Aww, Isn't He Cute!"))
    assert g.items[0][NAMES.index("Aww, Isn't He Cute!")] == 1
    g = position(zombies=[START], items={0: ["Aww, Isn't He Cute!"]}, deck=DECK)
    turn(g, 0, 0, 0)
    act(g, 0, use("Aww, Isn't He Cute!"))
    assert g.trophies[0] == 1 and named(g.discard) == ["Aww, Isn't He Cute!"]
    g = position(zombies=[START], bullets={0: 0}, items={0: ["Aww, Isn't He Cute!", "Crossbow"]})
    turn(g, 0, 0)
    g.rng.values = [5, 0]
    act(g, 0, use("Crossbow"))
    fights = [legal for _, kind, legal in g.asked if kind == KIND.fight]
    assert use("Aww, Isn't He Cute!") in fights[0] and fights[1] == (A_WOUND,)


def test_clean_up_in_aisle_5_empties_the_store():
    """Assumed: Clean Up in Aisle 5 removes every zombie of the player's store, with no
    trophies; the hall's zombies stay."""
    g = position(
        at={0: IN_STORE}, zombies=[(0, 5), (0, 4), (1, 3)], hands={0: ["Clean Up in Aisle 5"]}
    )
    turn(g, 0, 0)
    act(g, 0, card("Clean Up in Aisle 5"))
    assert [g.zombies[sq(0, 4)], g.zombies[sq(0, 5)], g.zombies[sq(1, 3)]] == [0, 0, 1]
    assert g.trophies[0] == 0


def test_barricade_the_door_keeps_zombies_out_until_the_next_turn():
    """Assumed: Barricade the Door closes the player's store's doorway to zombies until
    the start of that player's next turn."""
    g = position(at={0: IN_STORE}, zombies=[(1, 4), (0, 5)], hands={0: ["Barricade the Door"]})
    turn(g, 0, 0, 5)
    act(g, 0, card("Barricade the Door"))
    assert g.barricades == [[GAME_STORE, 0]]
    act(g, 0, step("stop"))
    assert g.decision == KIND.move_zombies
    assert zombie_move((1, 4), "north") not in g.legal  # through the doorway
    assert zombie_move((0, 5), "west") in g.legal  # inside the store: no doorway crossed
    while g.decision == KIND.move_zombies:
        act(g, 0, g.legal[0])
    turn(g, 0, 0)
    assert g.barricades == []


def test_abandon_all_hope_discards_two_cards_at_random():
    """Assumed: Abandon All Hope makes another player discard 2 event cards at random."""
    g = position(hands={0: ["Abandon All Hope"], 1: ["Crossbow", "Jammed", "Lucky Shot"]})
    turn(g, 0, 0)
    g.rng.values = [0, 1, 0]  # the cards lost: the 1st of three, the 2nd of two; the move
    act(g, 0, card("Abandon All Hope"))
    assert named(g.discard) == sorted(["Abandon All Hope", "Crossbow", "Lucky Shot"])
    assert g.hands[1][NAMES.index("Jammed")] == 1 and sum(g.hands[1]) == 1


def test_hello_may_i_help_you_brings_a_zombie_to_a_player_in_a_store():
    """Assumed: Hello, May I Help You? puts a zombie on another player's square in a
    store (one with no zombie); it is fought at the start of that player's turn."""
    g = position(at={1: IN_STORE}, hands={0: ["Hello, May I Help You?"]})
    turn(g, 0, 0)
    act(g, 0, card("Hello, May I Help You?"))
    assert g.zombies[sq(*IN_STORE)]
    g = position(at={1: CROSS}, hands={0: ["Hello, May I Help You?"]})
    turn(g, 0, 0)
    assert offered(g) == set()


def test_i_will_survive_saves_the_last_life_once():
    """Assumed: I Will Survive! in play is discarded instead of its owner being killed:
    1 life left, and the fight goes on."""
    g = position(
        zombies=[START], life={0: 1}, bullets={0: 0}, items={0: ["I Will Survive!"]}, deck=DECK
    )
    turn(g, 0, 0, 5, 0)
    assert g.life[0] == 1 and g.trophies[0] == 1 and g.pos[0] == sq(*START)
    assert named(g.discard) == ["I Will Survive!"]


def test_jammed_bars_bullets_until_the_end_of_the_targets_next_turn():
    """Assumed: Jammed: the player it is played on may not spend bullets until the end of
    their next turn."""
    g = position(at={1: CROSS}, zombies=[CROSS], hands={0: ["Jammed"]}, deck=DECK)
    turn(g, 0, 0)
    act(g, 0, card("Jammed"))
    assert g.jammed == [0, 1]
    turn(g, 1, 0, 5, 0, 0)  # a miss, a life for a 6; the move and zombie rolls
    fights = [legal for _, kind, legal in g.asked if kind == KIND.fight]
    assert fights == [(A_WOUND,)] and A_BULLETS not in fights[0] and g.bullets[1] == 3
    act(g, 1, step("stop"))
    act(g, 1, A_KEEP)
    assert g.jammed == [0, 0]


def test_lots_of_luck_with_that_makes_the_next_move_one():
    """Assumed: Lots of Luck with That!: the next movement roll of the player it is
    played on counts as 1."""
    g = position(hands={0: ["Lots of Luck with That!"]}, deck=DECK)
    turn(g, 0, 0)
    act(g, 0, card("Lots of Luck with That!"))
    turn(g, 1, 5)
    assert g.moves_left == 1 and g.unlucky == [0, 0]


def test_z3b_31_the_sprinkler_system_stirs_the_zombies_inside_the_mall():
    """Z3B-31 "The Sprinkler System affects only zombies inside the mall.": standalone,
    every zombie is inside the mall: the player moves 6 zombies this turn, no roll
    (assumed effect)."""
    g = position(zombies=[(-3, 1)], hands={0: ["Sprinkler System"]})
    turn(g, 0, 0)
    act(g, 0, card("Sprinkler System"))
    act(g, 0, step("stop"))
    assert g.decision == KIND.move_zombies and g.zombie_moves == 6
    assert g.rng.values == []
