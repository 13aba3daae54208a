"""Mall Walkers rules: what is in the box and how a standalone game is set up."""

from __future__ import annotations

import random
from collections import Counter

from zombie_envs.core.deck import counts
from zombie_envs.games.zombies_mall_walkers import MallWalkers
from zombie_envs.games.zombies_mall_walkers.cards import DATA, KINDS, NAMES, event_deck
from zombie_envs.games.zombies_mall_walkers.mall import (
    ALL_TILES,
    CROSSROADS,
    ESCALATOR,
    FRONT_DOOR,
    HELIPAD,
    TILES,
    turned,
)
from zombie_envs.testing import Dice


def test_z3_023_z3b_23_the_sixteen_map_tiles():
    """Z3-023 "16 Map Tiles" and Z3B-23 "Mall Walkers has 16 tiles: the Front Door,
    three four-way halls, the Escalator, the Helipad and ten stores.": the data holds
    exactly those, and a game uses each of them once."""
    kinds = Counter(TILES[k].kind for k in ALL_TILES)
    assert len(ALL_TILES) == 16
    assert kinds == {"front_door": 1, "hall": 3, "escalator": 1, "helipad": 1, "store": 10}
    g = MallWalkers(4, seed=0)
    placed = [kind for kind, *_ in g.tiles]
    assert sorted(placed + g.stack + [g.drawn]) == sorted(ALL_TILES)


def test_z3b_25_five_stores_have_three_store_spaces():
    """Z3B-25 "Five stores have 3 store spaces.": five store tiles have exactly three
    store spaces (the others more)."""
    spaces = [TILES[k].store_spaces for k in ALL_TILES if TILES[k].kind == "store"]
    assert spaces.count(3) == 5 and min(s for s in spaces if s != 3) > 3


def test_z3_024_z3b_26_thirty_two_event_cards_of_sixteen_kinds():
    """Z3-024 "32 Event Cards" and Z3B-26 "32 event cards: 16 kinds x 2.": the deck,
    hands and discards of a new game hold 32 cards, two of each of 16 kinds."""
    assert KINDS == 16 and len(event_deck()) == 32
    assert counts(event_deck(), KINDS) == [2] * KINDS
    g = MallWalkers(3, seed=1)
    held = [k for hand in g.hands for k in range(KINDS) for _ in range(hand[k])]
    assert sorted(g.deck + held) == sorted(event_deck())


def test_z3_029_z3b_32_standalone_everyone_starts_at_the_front_door():
    """Z3-029 "You can play it by itself using the original Zombies!!! rules and all the
    players starting at the front door, although you will need the zombies and tokens
    from the original set." and Z3B-32 "The default mode is Mall Walkers standalone:
    everyone starts at the Front Door.": every pawn starts on the Front Door's start
    square, for every player count."""
    for n in range(2, 7):
        g = MallWalkers(n, seed=n)
        assert g.pos == [g.mall.start] * n
        assert g.mall.char[g.mall.start] == "S" and g.tiles[0][0] == FRONT_DOOR


def test_z3b_01_three_life_three_bullets_three_cards():
    """Z3B-01 "Each player starts with 3 life, 3 bullets and 3 event cards."."""
    g = MallWalkers(5, seed=2)
    assert g.life == [3] * 5 and g.bullets == [3] * 5
    assert [sum(h) for h in g.hands] == [3] * 5
    assert DATA["start_life"] == DATA["start_bullets"] == DATA["hand"] == 3


def test_z3_031_z3_032_the_deck_is_the_mall_walkers_cards_shuffled():
    """Z3-031 "Shuffling the new event cards with the old ones." and Z3-032 "Feel free to
    use them all or remove the ones that you don't like.": standalone, the deck is the
    Mall Walkers cards alone, shuffled by the seed; its make-up is the counts of
    data/events.json (a card removed is a count of 0)."""
    decks = {tuple(MallWalkers(2, seed=s).deck) for s in range(5)}
    assert len(decks) == 5
    assert [c["count"] for c in DATA["events"]] == counts(event_deck(), KINDS)


def test_z3_033_z3_034_z3_038_the_front_door_starts_on_the_table():
    """Z3-033 "Do not shuffle the tiles together.", Z3-034 "(Unless you really want to.)
    Take the new tile called "Front Door" and shuffle it with the original tiles or the
    army base tiles." and Z3-038 "The game is played as with the original rules until
    someone draws the front door tile.": standalone there are no original tiles, so the
    game starts as if the Front Door had just been drawn: it lies on the table at (0, 0)
    and the stack holds only Mall Walkers tiles, the Front Door not among them."""
    g = MallWalkers(3, seed=3)
    assert g.tiles[0] == [FRONT_DOOR, 0, 0, 0, 1]
    assert FRONT_DOOR not in g.stack and g.drawn != FRONT_DOOR
    assert set(g.stack) <= set(ALL_TILES)


def test_z3_035_z3_039_z3_040_the_crossroads_joins_the_front_door_with_zombies():
    """Z3-035 "Take one "four way" tile and and place it to the side.", Z3-039 "When this
    tile is drawn and played, immediately connect the four way tile you set aside
    earlier to it." and Z3-040 "Place Zombies on these tiles as normal.": a four-way
    hall is joined to the Front Door's hall at once, and both tiles get their zombies
    (3 on the Front Door, one per exit of the four-way), never on the start square."""
    g = MallWalkers(4, seed=4)
    assert g.tiles[1] == [CROSSROADS, -1, 0, 0, 1]
    assert all(turned(CROSSROADS, 0).halls)
    front = [i for i in range(9) if g.zombies[i]]
    cross = [i for i in range(9, 18) if g.zombies[i]]
    assert len(front) == TILES[FRONT_DOOR].zombies == 3
    assert len(cross) == TILES[CROSSROADS].zombies == 4
    assert g.mall.start not in front
    assert {g.mall.char[i] for i in cross} == {"."} and 9 + 4 not in cross  # not the middle
    assert [kind for kind in g.stack + [g.drawn]].count(CROSSROADS) == 2  # two more


def test_z3_036_z3_037_the_helipad_is_shuffled_in_or_at_the_bottom():
    """Z3-036 "Shuffle the rest of Z3 tiles (including the "Helipad") and place them next
    to the other stack of tiles." and Z3-037 "Alternately, you can put the helipad on
    the bottom of the stack so you have a sure escape route.": with ``helipad=
    "shuffled"`` the Helipad lies anywhere in the stack, with ``"bottom"`` it is last."""
    places = set()
    for seed in range(40):
        g = MallWalkers(2, seed=seed)
        stack = g.stack + [g.drawn]
        places.add(stack.index(HELIPAD))
        g = MallWalkers(2, seed=seed, helipad="bottom")
        assert g.stack[0] == HELIPAD
        assert sorted(g.stack + [g.drawn]) == sorted(stack)
    assert len(places) > 5


def test_z3_009_z3_012_z3_013_a_roll_off_for_the_keys():
    """Z3-009 "One of the players finds the helicopter keys at the beginning of the
    game.", Z3-012 "Players begin the game by rolling a die one extra time." and
    Z3-013 "The player with the highest roll gets the keys and gets to go first.":
    seat 2 rolls highest and holds the keys and the first turn; a tie for the highest
    rolls again among the tied (assumed)."""
    # dice: the stack and deck shuffles take none; the roll-off 2,5,6 (0-based 1,4,5)
    g = MallWalkers(3, rng=Dice(1, 4, 5), scenario="keys")
    assert g.keeper == 2 and g.first == 2 and g.active == 2 and g.keys_at == -1
    # 6, 6, 1: seats 0 and 1 roll again: 3, 5
    g = MallWalkers(3, rng=Dice(5, 5, 0, 2, 4), scenario="keys")
    assert g.keeper == g.first == 1
    assert MallWalkers(3, seed=0).keeper == -1  # no keys outside the scenario


def test_the_round_limit_option():
    """Assumed: the option ``max_rounds`` (default 60) bounds a game; bad values are
    refused."""
    assert MallWalkers(2, seed=0).options["max_rounds"] == 60
    for bad in (0, "10", 2.5):
        try:
            MallWalkers(2, seed=0, max_rounds=bad)
        except ValueError as e:
            assert "max_rounds" in str(e)
        else:
            raise AssertionError("accepted a bad max_rounds")
    g = MallWalkers(2, seed=0, max_rounds=1)
    rng = random.Random(0)
    while not g.terminal:
        g.apply(rng.choice(g.legal))
    assert g.round == 1


def test_cards_are_named_after_the_published_kinds():
    """Assumed: the 16 kinds carry the names known from the published game."""
    assert set(NAMES) == {
        "You Want Fries with That?",
        "Crossbow",
        "Now That's Just Gross!",
        "One Man's Garbage",
        "Aww, Isn't He Cute!",
        "Clearance Sale",
        "Clean Up in Aisle 5",
        "Barricade the Door",
        "We're All Gonna Die!",
        "Abandon All Hope",
        "Hello, May I Help You?",
        "I Will Survive!",
        "Jammed",
        "Lots of Luck with That!",
        "Lucky Shot",
        "Sprinkler System",
    }
    assert ESCALATOR != HELIPAD


def test_z3b_33_the_three_scenarios_are_options():
    """Z3B-33 "The three scenarios are options: standard, Search and Rescue, Kill the Guy
    With the Keys.": the option ``scenario`` takes exactly those, standard by default."""
    assert MallWalkers(2, seed=0).options["scenario"] == "standard"
    for scenario in ("standard", "search_and_rescue", "keys"):
        assert MallWalkers(2, seed=0, scenario=scenario).options["scenario"] == scenario
    try:
        MallWalkers(2, seed=0, scenario="zombie_apocalypse")
    except ValueError as e:
        assert "search_and_rescue" in str(e)
    else:
        raise AssertionError("accepted an unknown scenario")
