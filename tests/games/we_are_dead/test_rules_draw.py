"""We Are Dead rules: 3. Discard/ Draw (down to one, back up to six, revealers, reshuffles)."""

from __future__ import annotations

from tests.games.we_are_dead.positions import (
    A_PASS,
    A_YES,
    HORDE,
    HORDE_INFECTION,
    act,
    asked,
    card,
    finished,
    held,
    node,
    position,
    start,
)

FAR = node(6, 19)


def test_wad_123_discard_down_to_one_card():
    """WAD-123 "After attacks are resolved, players may discard down to one card."."""
    g = position(3, hands={0: [0, 2, 2]})
    start(g, "discard_step")
    assert g.decision == "discard" and set(g.legal) == {card(0), card(2), A_PASS}
    act(g, 0, card(2), "discard")
    act(g, 0, card(0), "discard")
    assert finished(g) and held(g, 0) == 1 and g.discard == [2, 0]
    assert g.asked[-1][2] == (A_PASS,)  # with one card left, only passing remains
    g = position(3, hands={0: [3, 3, 3]})
    start(g, "discard_step")
    act(g, 0, A_PASS, "discard")  # discarding is optional
    assert finished(g) and held(g, 0) == 3


def test_wad_044_124_draw_back_up_to_six():
    """WAD-044 "Discard/ draw cards back up to 6." and WAD-124 "Players draw back up to 6
    cards at the end of their turn.": the top card first; a full hand draws nothing."""
    g = position(3, hands={0: [1, 1]}, deck=[0, 4, 3, 3, 2, 2])
    start(g, "draw_step")
    assert finished(g) and held(g, 0) == 6
    assert g.hands[0][:5] == [0, 2, 2, 2, 0] and g.deck == [0, 4]
    g = position(3, hands={0: [1] * 7}, deck=[0])
    start(g, "draw_step")
    assert held(g, 0) == 7 and g.deck == [0]


def test_wad_125_169_revealers_may_draw_one_clockwise_after_the_active_player():
    """WAD-125 "Starting clockwise after the active player has drawn their cards, players who
    revealed hero cards may draw 1 card." and WAD-169 (one card, however many heroes they
    played): seat 3 then seat 0 after the active seat 2; seat 1 revealed nothing.  "May": each
    revealer chooses, and declining draws nothing."""
    g = position(4, active=2, hands={2: [1] * 5}, deck=[0, 3, 2, 1, 4])
    g.revealers = [0, 3]
    start(g, "draw_step")
    assert g.hands[2][4] == 1  # the active player drew first (the top card)
    assert g.decision == "revealer_draw" and set(g.legal) == {A_YES, A_PASS}
    act(g, 3, A_YES, "revealer_draw")
    assert g.hands[3][1] == 1 and held(g, 3) == 1
    act(g, 0, A_PASS, "revealer_draw")
    assert finished(g) and held(g, 0) == 0
    assert held(g, 1) == 0 and g.deck == [0, 3, 2]
    assert g.revealers == [] and asked(g, "revealer_draw") == [3, 0]


def test_wad_125_declining_keeps_the_horde_asleep():
    """WAD-125 "players who revealed hero cards may draw 1 card": a revealer who declines does
    not turn over the horde card on top of the deck; one who draws sets the horde off."""
    for choice, hordes in ((A_PASS, 0), (A_YES, 1)):
        g = position(3, hands={0: [1] * 6}, deck=[1] * 5 + [HORDE])
        g.token[FAR] = 1
        g.revealers = [1]
        start(g, "draw_step")
        act(g, 1, choice, "revealer_draw")
        assert len(g.hordes) == hordes and (HORDE in g.discard) == bool(hordes)


def test_wad_126_reshuffle_when_the_last_card_is_drawn():
    """WAD-126 "When the last card is drawn from the deck reshuffle the discard pile and place
    it face down as the new draw pile and continue drawing cards as normal.": at that moment,
    so cards discarded later stay in the discard pile."""
    g = position(3, hands={0: [1] * 5}, deck=[4], discard=[3, 3, 0])
    start(g, "draw_step")
    assert held(g, 0) == 6 and g.hands[0][4] == 1  # the last card
    assert g.reshuffles == 1 and g.discard == [] and sorted(g.deck) == [0, 3, 3]
    assert g.horde_armed == 1
    start(g, "discard_step")  # a card discarded afterwards is not in the new deck
    act(g, 0, card(1), "discard")
    act(g, 0, A_PASS, "discard")
    assert g.discard == [1] and sorted(g.deck) == [0, 3, 3]


def test_wad_126_reshuffle_the_discard_pile():
    """WAD-126 "When the last card is drawn from the deck reshuffle the discard pile and place
    it face down as the new draw pile and continue drawing cards as normal."."""
    g = position(3, hands={0: [1] * 3}, deck=[2], discard=[3, 3, 3, 4, 4])
    start(g, "draw_step")
    assert held(g, 0) == 6 and g.hands[0][2] == 1
    assert g.reshuffles == 1 and g.discard == []
    assert len(g.deck) == 3 and g.hands[0][3] + g.hands[0][4] == 2


def test_wad_045_129_133_horde_cards_face_up_and_drawing_goes_on():
    """WAD-045 "Reveal all horde cards drawn.", WAD-129 "Whenever a player draws a horde card
    they must immediately lay it face up on the table." and WAD-133 "The active player
    continues drawing until they have the correct amount of cards."."""
    g = position(3, hands={0: [1] * 4}, deck=[1] * 30 + [2, 3, HORDE, 4])
    g.token[FAR] = 1
    start(g, "draw_step")
    assert g.hands[0][:5] == [0, 4, 0, 1, 1] and held(g, 0) == 6
    assert HORDE in g.discard
    pile = g.obs_layout["discard_pile"].start
    for seat in range(3):
        assert g.observation(seat)[pile + HORDE] == 1
    assert len(g.hordes) == 1


def test_wad_130_only_the_first_horde_card_of_a_draw_step_counts():
    """WAD-130 "If more than one horde card is revealed during the same player's draw step
    ignore all but the first revealed horde card.": one horde move, one infection gift (from
    the first card only), both cards replaced."""
    g = position(3, hands={0: [1] * 3}, deck=[2] * 30 + [HORDE_INFECTION, 3, HORDE])
    g.token[FAR] = 1
    g.token[node(12, 10)] = 2  # two spaces from the cart
    start(g, "draw_step")
    assert held(g, 0) == 6 and g.hands[0][2] == 2
    assert g.discard == [HORDE, HORDE_INFECTION]
    assert g.infection == [0, 0, 0]  # the infection card came second: ignored
    assert len(g.hordes) == 1
    assert asked(g, "horde_hero") == [0, 1, 2]  # the horde was resolved once
    assert g.horde_score == 2


def test_wad_126_127_a_horde_card_drawn_last_is_not_reshuffled():
    """WAD-126 (reshuffle when the last card is drawn) with WAD-127 "When the first horde card
    is drawn from the reshuffled deck, add the extra horde token to the center of the
    board.": a horde card that was the last card lies face up while the pile is reshuffled, so
    it is not in the new deck, and it is not the first horde card of the new deck."""
    g = position(3, hands={0: [1] * 5}, deck=[HORDE], discard=[2, 2, 3, 3])
    g.token[FAR] = 1
    start(g, "draw_step")
    assert g.reshuffles == 1 and HORDE not in g.deck and HORDE in g.discard
    assert len(g.hordes) == 1 and g.horde_armed == 1 and held(g, 0) == 6
