"""We Are Dead rules: components, set up, shopper placement, goals and the order of a turn."""

from __future__ import annotations

import pytest

from tests.games.we_are_dead.positions import (
    A_YES,
    HORDE,
    HORDE_INFECTION,
    MOTHER,
    POLICE,
    Dice,
    Rig,
    act,
    asked,
    card,
    node,
    position,
    sq,
    squares,
    start,
)
from zombie_envs.games.we_are_dead import engine as engine_module
from zombie_envs.games.we_are_dead.data import (
    ATTACK_VALUES,
    CARD_NAMES,
    GOAL,
    HAND_KINDS,
    HERO_NAMES,
    NUM_ATTACK,
    STUBBORN,
    TOUGHNESS,
    deck_cards,
    shopper_tokens,
)
from zombie_envs.games.we_are_dead.engine import WeAreDead


def _all_cards(g: WeAreDead) -> list[int]:
    held = [k for hand in g.hands for k in range(HAND_KINDS) for _ in range(hand[k])]
    return sorted(held + g.deck + g.discard)


def test_wad_003_006_047_ninety_four_cards_of_three_types():
    """WAD-003 "94 Card Deck:", WAD-004 "64 Zombie Attack cards", WAD-005 "25 Hero cards",
    WAD-006 "5 Horde cards" and WAD-047 "In the deck there are three card types: attack,
    heroes, and horde."."""
    cards = deck_cards()
    assert len(cards) == 94
    attack = [k for k in cards if k < NUM_ATTACK]
    heroes = [k for k in cards if NUM_ATTACK <= k < HAND_KINDS]
    horde = [k for k in cards if k in (HORDE, HORDE_INFECTION)]
    assert (len(attack), len(heroes), len(horde)) == (64, 25, 5)
    assert ATTACK_VALUES == (0, 1, 2, 3, 4)
    assert {k for k in attack} == set(range(NUM_ATTACK))


def test_wad_089_097_toughness_and_stubborn_heroes():
    """WAD-089 "Hero cards have a toughness number (the number in the shield icon in the upper
    left corner)." and WAD-097 "Some heroes are Stubborn.": the eleven heroes of the Card
    Effects section (WAD-157, WAD-170, WAD-171, WAD-172, WAD-173, WAD-175, WAD-178, WAD-183,
    WAD-185, WAD-187, WAD-189) with their toughness; Police Officer (WAD-175) and Protective
    Mother (WAD-187) are the Stubborn ones."""
    assert dict(zip(HERO_NAMES, TOUGHNESS, strict=True)) == {
        "Skaters": 4,
        "Gun Nut": 6,
        "Mall Security Guard": 6,
        "Sporting Goods Clerk": 6,
        "Restaurant Chef": 6,
        "Police Officer": 7,
        "Panicked Human": 7,
        "Fire Fighter": 7,
        "S.W.A.T.": 7,
        "Protective Mother": 8,
        "National Guard": 8,
    }
    stubborn = {NUM_ATTACK + i for i, s in enumerate(STUBBORN) if s}
    assert stubborn == {POLICE, MOTHER}
    assert CARD_NAMES[POLICE] == "Police Officer"


def test_wad_009_two_to_five_players():
    """WAD-009 "5 Zombie Player tokens": two to five players (the goal table starts at
    two)."""
    for n in (2, 3, 4, 5):
        assert WeAreDead(n, seed=n).num_players == n
    for n in (1, 6):
        with pytest.raises(ValueError):
            WeAreDead(n, seed=0)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_wad_033_six_cards_and_two_infection_tokens_each(n):
    """WAD-033 "Deal out 6 cards and 2 infection tokens to each player."."""
    g = WeAreDead(n, seed=3)
    assert [sum(h) for h in g.hands] == [6] * n
    assert g.infection == [2] * n


def test_wad_019_deck_shuffled_and_complete():
    """WAD-019 "Shuffle the deck of cards and set the deck where all players can reach it.":
    every card is in the deck, a hand or (opening horde cards) the discard pile, and the
    order depends on the seed."""
    a, b = WeAreDead(3, seed=1), WeAreDead(3, seed=2)
    assert _all_cards(a) == _all_cards(b) == sorted(deck_cards())
    assert a.deck != b.deck


def test_wad_022_023_024_start_at_zero_on_the_cart_without_hordes():
    """WAD-022 "Each player places their scoring token (the smaller of the two) and the horde
    score token on the "0" space on the scoring track.", WAD-023 "Next, each player places
    their zombie token on the hotdog cart in the middle of the game board" and WAD-024 "For now,
    set aside the 2 zombie horde tokens."."""
    g = WeAreDead(4, seed=5)
    assert g.score == [0] * 4 and g.horde_score == 0
    assert g.pos == [g.board.start] * 4
    assert g.board.label(g.board.start) == "Hotdog cart"
    assert g.hordes == []
    assert g.damage == [0] * 4


def test_wad_034_opening_horde_cards_are_replaced(monkeypatch):
    """WAD-034 "If any player has a horde card in their opening hand that player discards it
    and draws a new card.": the hand still has 6 cards, the horde card lies in the discard
    pile, and it sets no horde off."""
    # the deal takes cards from the end: seat 0 meets a horde card as its third card
    stack = [2] * 20 + [1] * 4 + [HORDE_INFECTION] + [3] * 2
    monkeypatch.setattr(engine_module, "deck_cards", lambda: list(stack))
    g = Rig.__new__(Rig)
    g.asked = []
    g.num_players, g.options, g.seed = 3, Rig.check_options({}), 0
    g.rng = Dice(0)
    g.attach()
    g.tasks, g.decision, g.legal, g.current_player, g.terminal = [], None, [], -1, False
    g.setup()
    assert g.active == 0
    assert g.discard == [HORDE_INFECTION]
    assert g.hands[0][3] == 2 and g.hands[0][1] == 4
    assert [sum(h) for h in g.hands] == [6, 6, 6]
    assert g.hordes == [] and g.infection == [2, 2, 2]


def test_wad_035_first_player_drawn_then_clockwise():
    """WAD-035 "The player who last visited a mall starts (ties go to the youngest player)
    and play proceeds clockwise.": the seed draws the first player, who moves first; the
    turn then passes to the next seat."""
    firsts = set()
    for seed in range(20):
        g = WeAreDead(4, seed=seed)
        firsts.add(g.active)
        assert g.decision == "move" and g.current_player == g.active
    assert firsts == {0, 1, 2, 3}
    g = position(4, active=3)
    g.token[node(2, 1)] = 1  # a shopper token left: the game goes on
    start(g, "next_turn")
    assert g.active == 0 and g.decision == "move" and g.current_player == 0


def test_wad_013_025_026_027_029_030_032_random_placement():
    """WAD-013 "66 Shopper tokens", WAD-025 "Turn all shopper tokens facedown and mix the
    pile.", WAD-026 "Players must agree on a method they would prefer to place the shoppers on
    the game board.", WAD-027 "Method 1: Players, as a group, place the tokens randomly at the
    same time (this is the faster method).", WAD-029 "Shopper tokens may be placed in any open
    space on the board including the 3 spaces in each store.", WAD-030 "However, they may not
    be placed in the escalator or maintenance tunnel special spaces." and WAD-032 "If the
    first method is chosen make sure all players agree on the placement of the tokens before
    beginning the game." (all are placed before the first turn)."""
    assert len(shopper_tokens()) == 66
    for board in ("mall", "carnival"):
        g = WeAreDead(3, seed=7, board=board, shopper_placement="random")
        placed = [v for v in range(g.board.size) if g.token[v]]
        assert len(placed) == 66
        assert sorted(g.token[v] for v in placed) == sorted(shopper_tokens())
        assert set(placed) <= set(g.board.token_cells)
        tunnels = {i for a, b, _ in g.board.links for i in (a, b)}
        assert not tunnels & set(placed)
        assert g.board.start not in placed
        assert g.decision == "move"  # the game begins with every token placed
        # store spaces hold tokens too
        stores = {c for cells in g.board.areas.values() for c in cells}
        assert stores & set(placed)
    mall = [WeAreDead(3, seed=seed).token for seed in (7, 8)]
    assert mall[0] != mall[1]  # mixed: the seed decides where each number lies


def test_wad_025_tokens_lie_face_down():
    """WAD-025 "Turn all shopper tokens facedown and mix the pile.": a seat sees where the
    tokens are, not their numbers; only the full state (for critics) holds them."""
    g = WeAreDead(3, seed=4)
    obs = g.observation(g.active)
    lay = g.obs_layout
    tokens = obs[lay["tokens"].slice][: g.board.size]
    assert list(tokens) == [1 if v else 0 for v in g.token]
    assert not obs[lay["flipped"].slice].any()
    state = g.state_vector()
    assert list(state[g.state_layout["token_values"].slice][: g.board.size]) == g.token


def test_wad_026_028_turns_placement():
    """WAD-026 (an agreed method) and WAD-028 "Method 2: Players take turns placing tokens on
    the board one piece at a time.": seats place clockwise from the first player, one token
    each time, on any free token space, without seeing its number."""
    g = Rig(3, seed=11, shopper_placement="turns")
    first = g.active
    seats = []
    while g.decision == "place_token":
        seats.append(g.current_player)
        free = squares(g)
        assert free == {c for c in g.board.token_cells if not g.token[c]}
        assert len(g.pool) == 66 - len(seats) + 1
        g.apply(sq(min(free)))
    assert len(seats) == 66
    assert seats == [(first + i) % 3 for i in range(66)]
    assert g.pool == []
    assert sorted(v for v in g.token if v) == sorted(shopper_tokens())
    assert sorted(v for v, t in enumerate(g.token) if t) == sorted(g.board.token_cells)[:66]
    assert g.decision == "move" and g.current_player == first


@pytest.mark.parametrize("n, goal", [(2, 50), (3, 45), (4, 35), (5, 30)])
def test_wad_037_040_victory_point_goal(n, goal):
    """WAD-037 "| 2 | 50 |", WAD-038 "| 3 | 45 |", WAD-039 "| 4 | 35 |", WAD-040 "| 5 | 30 |"."""
    assert GOAL[n] == goal
    assert WeAreDead(n, seed=0).goal == goal


def test_wad_041_044_150_the_steps_of_a_turn_in_order():
    """WAD-041 "On a player's turn they may perform each step in order", WAD-042 "Movement:
    Move up to 3 spaces.", WAD-043 "Attack: Flip shopper token, defeat heroes, and attack the
    shoppers.", WAD-044 "Discard/ draw cards back up to 6." and WAD-150 "Pass the turn."."""
    g = position(3, active=1, hands={1: [2, 3]}, deck=[1] * 10)
    cart = g.board.start
    target = node(12, 10)  # two spaces north of the cart
    g.token[target] = 2
    g.token[node(2, 1)] = 1  # the game goes on
    start(g, "start_turn")
    act(g, 1, sq(target), "move")
    act(g, 1, A_YES, "attack")
    assert asked(g, "place_hero") == [2, 0]
    act(g, 1, card(2), "slay")
    act(g, 1, card(3), "slay")  # the hand is empty: nothing to discard
    kinds = [k for _, k, _ in g.asked]
    assert kinds[:2] == ["move", "attack"] and kinds[-3:] == ["slay", "discard", "move"]
    assert g.score[1] == 2 and g.token[target] == 0 and g.pos[1] == target != cart
    assert sum(g.hands[1]) == 6  # drew back up to 6
    assert g.active == 2 and g.current_player == 2 and g.decision == "move"
