"""Maul of America rules: searching, exchanging equipment, the Medkit and the Food Court rest."""

from __future__ import annotations

from tests.games.maul_of_america.positions import (
    Dice,
    act,
    acts,
    attack_with,
    kind,
    position,
    shopper_turn,
    sq,
    squares,
    step,
    trade_with,
)
from zombie_envs.games.maul_of_america.actions import (
    A_ACT,
    A_CALL_OFF,
    A_GIVE,
    A_NO,
    A_PROPOSE,
    A_SQUARE,
    A_TAKE,
    A_YES,
    ACTIONS,
    END_TURN,
    REST,
    SEARCH,
    USE_MEDKIT,
)
from zombie_envs.games.maul_of_america.cards import AMMO, EQUIPMENT, HIT

FOOD, PISTOL, MEDKIT, BAT = kind("Food"), kind("Pistol"), kind("Medkit"), kind("Baseball Bat")
#: Orange Jugulus: its search square and the squares round it in the store
ORANGE = (2, 6)
IN_STORE = {(1, 5), (1, 6), (1, 7), (2, 5), (2, 7)}


def _give(k: int) -> int:
    return A_GIVE + EQUIPMENT.index(k)


def _take(k: int) -> int:
    return A_TAKE + EQUIPMENT.index(k)


def _held(g, s: int) -> list[int]:
    return sorted(k for k, _ in g.items[s])


def test_moa_091_092_093_094_search_a_question_mark_for_the_top_card():
    """MOA-091 "Search - By spending an action, a Shopper may search a square.", MOA-092
    "The only squares that are allowed to be searched are the squares marked with an “?”.",
    MOA-093 "When a square is searched, the player immediately takes the top card from the
    Search Deck and turns it over." and MOA-094 "If it is a piece of equipment he places it
    in front of him; it can be used immediately.": one action on a search square (none
    beside it) takes the top card; a Pistol found is loaded and fired the same turn."""
    g = position(at={1: (2, 5)}, zombies=[(0, 7)], search=["Food", "Pistol"])
    shopper_turn(g, 1, 5, HIT[PISTOL] - 1)
    assert SEARCH not in acts(g)
    act(g, 1, step("east"))
    assert SEARCH in acts(g)
    act(g, 1, A_ACT + SEARCH)
    assert g.actions == 3 and g.items[1] == [[PISTOL, AMMO[PISTOL]]]
    assert [k for k in g.search] == [FOOD]
    act(g, 1, attack_with("Pistol"))
    assert g.zombies == [] and g.actions == 2


def test_moa_095_096_zombies_found_are_placed_round_the_searcher_in_the_store():
    """MOA-095 "If it is a Zombie card, the ZC places the number of zombies specified
    adjacent to the searching Shopper (all zombies must be placed in the same room as the
    Shopper)." and MOA-096 "If there are more zombies than adjacent squares, the excess
    zombies are not received.": the ZC picks among the free squares next to the searcher in
    its store (not across the display window), and of three zombies with two such squares
    free the third is lost; the card goes to the discard pile."""
    g = position(at={1: ORANGE}, zombies=[(1, 5), (1, 6)], search=["3 Zombies"])
    shopper_turn(g, 1, 5)
    act(g, 1, A_ACT + SEARCH)
    assert g.decision == "spawn" and g.current_player == 0
    assert squares(g) == {sq(*rc) for rc in IN_STORE - {(1, 5), (1, 6)}}
    act(g, 0, A_SQUARE + sq(2, 7))
    assert squares(g) == {sq(1, 7), sq(2, 5)}
    act(g, 0, A_SQUARE + sq(1, 7))
    assert g.decision == "act" and g.current_player == 1  # the last square is forced
    assert sorted(g.zombies) == sorted(sq(*rc) for rc in IN_STORE)
    assert g.search_discard == [kind("3 Zombies")] and g.items[1] == []


def test_moa_097_not_the_same_search_square_twice_running():
    """MOA-097 "A Shopper may not search the same square again until he has performed a
    Search action on at least one other eligible Search square.": after searching r11c11
    it may not again, this turn or the next, until it has searched r12c12."""
    g = position(at={1: (11, 11)}, search=["Food"] * 4)
    shopper_turn(g, 1, 6)
    act(g, 1, A_ACT + SEARCH)
    assert SEARCH not in acts(g)
    g.rng = Dice(2, 2)
    act(g, 1, A_ACT + END_TURN)
    g.rng = Dice(2, 2)
    act(g, 2, A_ACT + END_TURN)
    act(g, 0, A_ACT + END_TURN)
    assert g.active == 1 and SEARCH not in acts(g)
    act(g, 1, step("south-east"))
    act(g, 1, A_ACT + SEARCH)
    act(g, 1, step("north-west"))
    assert SEARCH in acts(g)
    act(g, 1, A_ACT + SEARCH)
    assert _held(g, 1) == [FOOD] * 3


def _exchange(answer: int, **kw):
    """Shopper 1 offers its Food for Shopper 2's Pistol; Shopper 2 answers."""
    g = position(
        at={1: (3, 4), 2: (3, 5), 3: (3, 7)},
        n=4,
        items={1: ["Food", "Medkit"], 2: ["Pistol"], 3: ["Ammo"]},
        hands={1: ["Adrenaline"], 2: ["Dodge"]},
        **kw,
    )
    shopper_turn(g, 1, 5)
    assert {a for a in g.legal if ACTIONS.locate(a)[0].name == "trade_with"} == {trade_with(g, 2)}
    act(g, 1, trade_with(g, 2))
    offer = {a for a in g.legal if ACTIONS.locate(a)[0].name in ("give", "take")}
    assert offer == {_give(FOOD), _give(MEDKIT), _take(PISTOL)}
    act(g, 1, _give(FOOD))
    act(g, 1, _take(PISTOL))
    act(g, 1, A_PROPOSE)
    assert g.decision == "accept" and g.current_player == 2
    act(g, 2, answer)
    return g


def test_moa_098_099_100_101_exchange_equipment_when_both_agree():
    """MOA-098 "Exchange Equipment - If at any time during his turn a Shopper is adjacent to
    another Shopper, she may spend an action to trade equipment with the other shopper.",
    MOA-099 "Both Shoppers must agree to the exchange or else there is no trade.", MOA-100
    "The shoppers are free to exchange any or all of their equipment, but note that only
    Equipment is allowed to be exchanged." and MOA-101 "Shoppers may not exchange Shopper
    cards.": only the adjacent Shopper is offered; the offer names either side's equipment
    and never a card; a yes swaps the named pieces, a no leaves everything; an action is
    spent either way."""
    g = _exchange(A_YES)
    assert _held(g, 1) == sorted([MEDKIT, PISTOL]) and _held(g, 2) == [FOOD]
    assert g.items[1][-1] == [PISTOL, AMMO[PISTOL]]
    assert g.hands[1][0] == 1 and sum(g.hands[2]) == 1  # the cards stay put
    assert g.actions == 4 and g.decision == "act" and g.current_player == 1
    g = _exchange(A_NO)
    assert _held(g, 1) == sorted([FOOD, MEDKIT]) and _held(g, 2) == [PISTOL]
    assert g.actions == 4
    g = position(at={1: (2, 3), 2: (2, 2)}, items={2: ["Food"]})  # a wall between
    shopper_turn(g, 1, 5)
    assert not {a for a in g.legal if ACTIONS.locate(a)[0].name == "trade_with"}
    g = position(at={1: (3, 4), 2: (3, 5)}, items={1: ["Food"]})
    shopper_turn(g, 1, 5)
    act(g, 1, trade_with(g, 2))
    assert set(g.legal) == {_give(FOOD), A_CALL_OFF}


def test_moa_102_103_104_a_medkit_heals_every_wound_and_is_discarded():
    """MOA-102 "Use Medkit - If a shopper has a Medkit he may spend an action to use the
    Medkit.", MOA-103 "The Medkit is then placed on the discard pile." and MOA-104 "All
    wounds she is suffering now disappear."."""
    g = position(wounds={1: 3}, items={1: ["Medkit", "Food"]})
    shopper_turn(g, 1, 8)
    assert g.actions == 5
    act(g, 1, A_ACT + USE_MEDKIT)
    assert g.wounds[1] == 0 and g.actions == 4
    assert _held(g, 1) == [FOOD] and g.search_discard == [MEDKIT]
    assert USE_MEDKIT not in acts(g)


def test_moa_105_106_a_turn_begun_on_the_food_court_may_heal_one_wound():
    """MOA-105 "If at any time a Shopper begins his turn in a Food Court square he may, if he
    desires, spend all of his actions to recover one wound he has sustained." and MOA-106
    "The Shopper may not spend any other actions that turn.": offered only before any
    action of a turn begun there, it heals one wound and ends the turn; a Shopper who walks
    onto the Food Court, or has spent an action, may not."""
    g = position(at={1: (3, 3)}, wounds={1: 2})
    shopper_turn(g, 1, 9, 2, 2)  # then Shopper 2 rolls
    assert REST in acts(g)
    act(g, 1, A_ACT + REST)
    assert g.wounds[1] == 1 and g.active == 2
    g = position(at={1: (3, 3)}, wounds={1: 2})
    shopper_turn(g, 1, 9)
    act(g, 1, step("east"))
    act(g, 1, step("west"))
    assert g.pos[1] == sq(3, 3) and REST not in acts(g)
    g = position(at={1: (3, 2)}, wounds={1: 2})
    shopper_turn(g, 1, 9)
    act(g, 1, step("east"))
    assert g.pos[1] in g.food_court and REST not in acts(g)
    g = position(at={1: (3, 3)})
    shopper_turn(g, 1, 9)
    assert REST not in acts(g)
