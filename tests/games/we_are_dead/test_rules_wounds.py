"""We Are Dead rules: wounds and significant wounds."""

from __future__ import annotations

from tests.games.we_are_dead.positions import (
    A_PASS,
    A_YES,
    HORDE,
    NATIONAL,
    SWAT,
    act,
    asked,
    card,
    choose,
    first_way,
    held,
    node,
    position,
    sq,
    start,
)

TOKEN = node(13, 10)
FAR = node(6, 19)


def _wounding(damage: int, score: int = 5, **kw):
    """Seat 0 already has ``damage`` and fights a S.W.A.T. of seat 1 it cannot beat; seat
    2 adds a National Guard (so both are revealers)."""
    hands = {0: [1, 1, 2, SWAT], 1: [SWAT, 3], 2: [NATIONAL]}
    g = position(
        3,
        at={0: TOKEN},
        tokens={TOKEN: 3, FAR: 1},
        hands=hands,
        infection={0: 2},
        damage={0: damage},
        score={0: score},
        deck=[4] * 30,
        **kw,
    )
    start(g, "start_turn")
    act(g, 0, sq(TOKEN), "move")
    act(g, 0, A_YES, "attack")
    act(g, 1, card(SWAT), "place_hero")
    act(g, 2, card(NATIONAL), "place_hero")
    act(g, 0, choose(g, 1), "choose_hero")
    act(g, 2, A_YES, "reveal")
    act(g, 0, card(2), "fight")
    act(g, 0, A_PASS, "fight")
    return g


def test_wad_114_115_damage_adds_up_over_turns():
    """WAD-114 "Wounded/ Significantly Damaged: Players can receive wounds from hero cards."
    and WAD-115 "If a hero is not slain the player takes 1 damage token and performs the
    negative effect described on the hero card.": a second wound makes 2, not yet
    significant; the turn goes on."""
    g = _wounding(1)
    assert g.damage[0] == 2 and g.wounded[0] == 0
    assert g.decision == "slay" and g.current_player == 0


def test_wad_116_120_significant_wound_ends_the_turn():
    """WAD-116 "A player becomes significantly wounded if they receive a total of 3 or more
    damage tokens.", WAD-117 "When a player becomes significantly wounded that player's turn
    is immediately over and they return their zombie token to the hotdog cart at the center
    of the game board.", WAD-118 "They may not attack any of the shoppers they just revealed
    and must remove the shopper token from play.", WAD-119 "The player also returns all
    damage tokens to the pile, loses 2 points on the scoring track (players cannot have a
    negative score), and discards all cards in their hand." and WAD-120 "Players retain any
    unspent infection tokens."."""
    g = _wounding(2)
    assert asked(g, "slay") == [] and asked(g, "discard") == []
    assert g.pos[0] == g.board.start
    assert g.token[TOKEN] == 0 and g.score[0] == 3
    assert g.damage[0] == 0 and g.wounded[0] == 1
    assert held(g, 0) == 0 and g.discard.count(1) == 2 and SWAT in g.discard
    assert g.infection[0] == 2
    assert g.active == 1 and g.decision == "move"  # the next player's turn
    # the revealers drew nothing: the draw step never came (assumed)
    assert held(g, 1) == 1 and held(g, 2) == 0


def test_wad_119_score_never_below_zero():
    """WAD-119 "loses 2 points on the scoring track (players cannot have a negative
    score)"."""
    g = _wounding(2, score=1)
    assert g.wounded[0] == 1 and g.score[0] == 0


def test_wad_121_new_hand_of_six_next_turn():
    """WAD-121 "At the beginning of their next turn, that player draws a new hand of six
    cards and plays their turn normally."."""
    g = _wounding(2)
    assert held(g, 0) == 0
    g.active = 0
    start(g, "start_turn")
    assert held(g, 0) == 6 and g.wounded[0] == 0
    assert g.decision == "move" and g.current_player == 0 and g.budget == 3


def test_wad_121_148_six_cards_even_after_a_horde_refill():
    """WAD-121 (a new hand of six) with WAD-148 "Starting with the active player, each player
    draws to his or her maximum hand size.": a wounded player refilled by a horde on
    another turn still starts the next turn with six cards, not twelve."""
    g = position(3, hands={0: [1] * 5, 2: [1] * 6}, deck=[2] * 30 + [HORDE])
    g.token[FAR] = 1
    g.wounded[1] = 1
    start(g, "draw_step")
    first_way(g)  # toward the lone token, up or down the escalator
    assert held(g, 1) == 6  # the horde's refill
    g.active = 1
    start(g, "start_turn")
    assert held(g, 1) == 6 and g.wounded[1] == 0
