"""We Are Dead rules: horde cards, horde tokens and 4. Stopping the Horde."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.we_are_dead.positions import (
    A_PASS,
    CHEF,
    HORDE,
    HORDE_INFECTION,
    POLICE,
    SWAT,
    Dice,
    act,
    asked,
    card,
    finished,
    first_way,
    held,
    node,
    position,
    sq,
    squares,
    start,
)
from zombie_envs.core.grid import UNREACHABLE
from zombie_envs.games.we_are_dead.data import BOARDS, HORDE_REACH

NORTH, SOUTH = node(12, 10), node(16, 10)  # both two spaces from the hotdog cart
FAR = node(6, 19)  # fourteen spaces from the cart
FILLER = [1] * 40  # plenty of attack cards under the cards a test draws


def _horde(deck_top: list[int], n: int = 3, active: int = 0, **kw):
    """The active player draws one card (``deck_top``: the next cards, top last)."""
    hands = {active: [1] * 5}
    hands.update(kw.pop("hands", {}))
    return position(n, active=active, hands=hands, deck=FILLER + deck_top, **kw)


def test_wad_056_057_131_first_horde_card_puts_a_horde_on_the_cart():
    """WAD-046 "Resolve horde attacks (if any).", WAD-056 "Drawing and playing a horde card
    triggers horde tokens.", WAD-057 "If this is
    the first time the card has been drawn during the game, place 1 horde token on the hotdog
    cart." and WAD-131 "If this is the first time the card has been drawn, place 1 horde
    token on the hotdog cart."; then it hunts (WAD-058 "Then follow the rules listed in the
    "Stopping the Horde" section.")."""
    g = _horde([HORDE], tokens={NORTH: 3, FAR: 1})
    start(g, "draw_step")
    assert finished(g)
    assert g.hordes == [NORTH] and g.horde_score == 3 and g.token[NORTH] == 0


def test_wad_011_059_127_132_second_horde_token_after_a_reshuffle():
    """WAD-011 "2 Horde tokens", WAD-059 "After the deck of cards has been played through once
    and the next horde card is drawn place the second horde token on the hotdog cart.",
    WAD-127 "When the first horde card is drawn from the reshuffled deck, add the extra horde
    token to the center of the board." and WAD-132 "When the deck has been reshuffled add the
    second horde token to the hotdog cart when the next horde card is drawn."."""
    cart = position(3).board.start
    # before any reshuffle a horde card adds no token
    g = _horde([HORDE], hordes=[FAR], tokens={FAR: 1, node(2, 1): 1})
    start(g, "draw_step")
    assert len(g.hordes) == 1
    # the deck runs out; the first horde card of the reshuffled deck adds the second
    g = _horde([], hordes=[FAR], discard=FILLER + [HORDE], tokens={NORTH: 2, node(2, 1): 1})
    g.deck = []
    g.rng = Dice()  # the reshuffled pile keeps its order: the horde card is on top
    start(g, "draw_step")
    first_way(g)  # the old horde's way toward r2c1
    assert g.reshuffles == 1 and held(g, 0) == 6
    assert len(g.hordes) == 2
    # the new horde came from the cart (two spaces from NORTH); the old one is too far
    assert g.hordes[1] == NORTH and g.board.dist[cart][NORTH] == 2
    assert g.horde_score == 2
    # never a third
    g = _horde([], hordes=[FAR, node(2, 1)], discard=FILLER + [HORDE], tokens={NORTH: 2})
    g.deck = []
    g.rng = Dice()
    g.token[node(2, 3)] = 1
    start(g, "draw_step")
    assert g.reshuffles == 1 and len(g.hordes) == 2


def test_wad_066_134_infection_icon_gives_everyone_a_token():
    """WAD-066 "Players each gain 1 infection token every time a horde card with an infection
    symbol on it is drawn." and WAD-134 "If the horde card has an infection icon in the lower
    left corner every player immediately gets 1 infection token."; a plain one gives none."""
    g = _horde([HORDE_INFECTION], tokens={FAR: 1}, infection={0: 1})
    start(g, "draw_step")
    assert g.infection == [2, 1, 1]
    g = _horde([HORDE], tokens={FAR: 1}, infection={0: 1})
    start(g, "draw_step")
    assert g.infection == [1, 0, 0]


def test_wad_014_066_infection_every_time_beyond_the_box():
    """WAD-066 "Players each gain 1 infection token every time a horde card with an infection
    symbol on it is drawn.": every time, even when the players already hold more than the box's
    WAD-014 "20 Infection tokens" (the rulebook sets no cap)."""
    g = _horde([HORDE_INFECTION], active=1, tokens={FAR: 1}, infection={0: 8, 1: 7, 2: 5})
    start(g, "draw_step")
    assert g.infection == [9, 8, 6] and sum(g.infection) > 20


def test_wad_055_135_139_144_horde_eats_the_nearest_token():
    """WAD-055 "All horde tokens will attempt to eat the group of shoppers closest to it (this
    includes moving up or down the escalators).", WAD-135 "When a horde card is revealed move
    all horde tokens, currently on the board, up to 10 spaces each to the nearest shopper
    tokens.", WAD-139 "Flip over the shopper token(s)." and WAD-144 "The horde receives points
    equal to the combined number shown on the shopper token(s) minus the number of hero cards
    played against the horde."."""
    g = _horde([HORDE], tokens={node(11, 7): 4, node(17, 13): 5, FAR: 1}, hands={2: [SWAT]})
    start(g, "draw_step")
    # both tokens are 6 away: the active player picks (below); here the first one
    assert g.decision == "horde_target" and squares(g) == {node(11, 7), node(17, 13)}
    act(g, 0, sq(node(17, 13)), "horde_target")
    assert g.hordes == [node(17, 13)]
    flipped = g.obs_layout["flipped"].start
    assert g.decision == "horde_hero" and g.current_player == 2
    assert g.observation(1)[flipped + node(17, 13)] == 5
    act(g, 2, A_PASS, "horde_hero")
    assert finished(g) and g.horde_score == 5 and g.token[node(17, 13)] == 0
    assert g.token[node(11, 7)] == 4


def test_wad_135_beyond_ten_the_horde_walks_ten_spaces():
    """WAD-135 "move all horde tokens, currently on the board, up to 10 spaces each to the
    nearest shopper tokens": a token 14 away is not reached; the horde ends 10 spaces along
    and eats nothing."""
    g = _horde([HORDE], tokens={FAR: 3})
    cart = g.board.start
    start(g, "draw_step")
    first_way(g)  # up or down the escalator (WAD-138, a tie in direction)
    assert finished(g) and asked(g, "horde_hero") == []
    (where,) = g.hordes
    assert g.board.dist[cart][where] == 10 and g.board.dist[where][FAR] == 4
    assert g.token[FAR] == 3 and g.horde_score == 0


def test_wad_135_138_out_of_reach_ties_are_the_active_players_too():
    """WAD-135 (up to 10 spaces to the nearest shopper tokens) with WAD-138 "If there are any
    ties for distance (in direction or with the other horde token) the active player decides
    where they go.": two tokens 12 away, west and east; the active player sends the horde
    east, and it ends 10 spaces along, 2 short."""
    west, east = node(1, 6), node(1, 14)
    g = _horde([HORDE], active=2, tokens={west: 1, east: 2})
    cart = g.board.start
    assert g.board.dist[cart][west] == g.board.dist[cart][east] == 12
    start(g, "draw_step")
    assert g.decision == "horde_target" and g.current_player == 2
    assert squares(g) == {west, east}
    act(g, 2, sq(east), "horde_target")
    assert finished(g) and asked(g, "horde_hero") == []
    (where,) = g.hordes
    assert g.board.dist[cart][where] == 10 and g.board.dist[where][east] == 2
    assert g.token[west] == 1 and g.token[east] == 2 and g.horde_score == 0


def test_wad_136_horde_rides_the_escalator():
    """WAD-136 "The horde(s) will even move up and down the escalator to catch their prey.":
    from the upper corridor, a token at the foot of the escalator (2 moves) is nearer than
    one on the same floor (4 moves)."""
    top, foot, same_floor = node(2, 5), node(15, 5), node(2, 9)
    g = _horde([HORDE], hordes=[top], tokens={foot: 2, same_floor: 3})
    assert g.board.dist[top][foot] == 2 and g.board.dist[top][same_floor] == 4
    start(g, "draw_step")
    assert g.hordes == [foot] and g.horde_score == 2 and g.token[same_floor] == 3


def test_wad_137_138_147_two_hordes_on_one_square_need_no_answer():
    """WAD-137 "Additionally, they will not go for the same shopper token.", WAD-138 "If
    there are any ties for distance (in direction or with the other horde token) the active
    player decides where they go." and WAD-147 "The horde(s) use the same score token while
    earning points." (WAD-012 "1 Horde score token"): both hordes on the cart, a token two
    spaces north and one two spaces south; whichever goes first, one horde ends on each, so
    the tie is no question."""
    cart = position(3).board.start
    g = _horde([HORDE], active=1, hordes=[cart, cart], tokens={NORTH: 2, SOUTH: 3, FAR: 1})
    start(g, "draw_step")
    assert finished(g) and asked(g, "horde_target", choice=True) == []
    assert sorted(g.hordes) == sorted([NORTH, SOUTH])
    assert g.horde_score == 2 + 3 and g.token[FAR] == 1


def test_wad_137_138_147_two_hordes_a_tie_that_matters_is_asked():
    """WAD-137 "Additionally, they will not go for the same shopper token.", WAD-138 "If
    there are any ties for distance (in direction or with the other horde token) the active
    player decides where they go." and WAD-147 "The horde(s) use the same score token while
    earning points.": the horde on r12c3 has the 1 and the 2 two spaces away, the one on
    r12c15 the 3.  The east horde takes the 3 whatever the answer, so the one question is
    the west horde's: the 1 or the 2."""
    west, east, one, two, three = node(12, 3), node(12, 15), node(12, 1), node(12, 5), node(12, 13)
    for prey, score in ((one, 1 + 3), (two, 2 + 3)):
        g = _two_hordes([west, east], {one: 1, two: 2, three: 3}, active=2)
        assert g.decision == "horde_target" and g.current_player == 2
        assert squares(g) == {one, two}
        act(g, 2, sq(prey), "horde_target")
        assert finished(g) and g.hordes == [prey, three] and g.horde_score == score
        assert asked(g, "horde_target", choice=True) == [2]


def test_wad_137_138_which_horde_goes_is_asked_only_when_it_matters():
    """WAD-137 "they will not go for the same shopper token" and WAD-138 "If there are any
    ties for distance (in direction or with the other horde token) the active player decides
    where they go.": the hordes on r12c3 and r12c7 are both two spaces from the 5 and three
    from the 1; whichever takes the 5, the other takes the 1, so nobody is asked which goes
    (``test_wad_137_138_hordes_tied_for_a_token_the_active_player_decides`` is asked)."""
    a, b, five, one = node(12, 3), node(12, 7), node(12, 5), node(13, 5)
    g = _two_hordes([a, b], {five: 5, one: 1})
    assert g.board.dist[a][one] == g.board.dist[b][one] == 3
    assert finished(g) and asked(g, "horde_pick") == []
    assert sorted(g.hordes) == sorted([five, one]) and g.horde_score == 6


def test_wad_135_138_out_of_reach_on_one_road_is_no_choice():
    """WAD-135 "move all horde tokens, currently on the board, up to 10 spaces each to the
    nearest shopper tokens" with WAD-138 "the active player decides where they go": two
    tokens 12 away, on r2c3 and r2c7 of the upper floor; ten spaces toward either end on
    r2c5, between them, so the tie is no question."""
    left, right, there = node(2, 3), node(2, 7), node(2, 5)
    g = _horde([HORDE], tokens={left: 1, right: 2})
    cart = g.board.start
    assert g.board.dist[cart][left] == g.board.dist[cart][right] == 12
    start(g, "draw_step")
    assert finished(g) and asked(g, "horde_target", choice=True) == []
    assert g.hordes == [there] and g.horde_score == 0


def test_wad_138_a_tie_in_direction_is_the_active_players():
    """WAD-138 "If there are any ties for distance (in direction or with the other horde
    token) the active player decides where they go.": one horde on the hotdog cart, one
    token on r2c10 of the upper floor, 15 spaces away by either escalator.  Ten spaces
    along, the horde ends on r2c5 or on r2c15: the active player says which, and the
    question shows every seat the token it goes for."""
    prey, west, east = node(2, 10), node(2, 5), node(2, 15)
    for way in (west, east):
        g = _horde([HORDE], active=1, tokens={prey: 3})
        cart = g.board.start
        assert g.board.dist[cart][prey] == 15
        assert g.board.dist[cart][west] == g.board.dist[cart][east] == HORDE_REACH
        start(g, "draw_step")
        assert g.decision == "horde_target" and g.current_player == 1
        assert squares(g) == {west, east}
        block = g.obs_layout["prey"].start
        assert all(g.observation(s)[block + prey] == 1 for s in range(3))
        act(g, 1, sq(way), "horde_target")
        assert finished(g) and asked(g, "horde_hero") == []
        assert g.hordes == [way] and g.token[prey] == 3 and g.horde_score == 0
        assert g.observation(0)[block + prey] == 0


def test_wad_140_143_heroes_in_turn_until_all_pass():
    """WAD-140 "The players now have the chance to stop the horde(s).", WAD-141 "Starting
    clockwise from the active player each may play a hero card or pass.", WAD-142 "This
    continues until all players have passed." and WAD-143 "Players may play more than one
    hero card if they choose."."""
    hands = {1: [1] * 3 + [POLICE, CHEF], 2: [SWAT], 0: [POLICE]}
    g = _horde([HORDE], active=1, hands=hands, tokens={NORTH: 5, FAR: 1})
    start(g, "draw_step")
    assert g.decision == "horde_hero" and g.current_player == 1
    act(g, 1, card(POLICE), "horde_hero")
    act(g, 2, card(SWAT), "horde_hero")  # seat 2's last hero: it passes from now on
    act(g, 0, A_PASS, "horde_hero")
    act(g, 1, card(CHEF), "horde_hero")  # a second hero from the same player
    act(g, 0, A_PASS, "horde_hero")
    assert finished(g)
    assert asked(g, "horde_hero") == [1, 2, 0, 1, 2, 0, 1]
    assert g.horde_score == 5 - 1 - 2 - 1


def test_wad_145_146_186_each_hero_one_point_swat_two():
    """WAD-145 "Each hero card reduces the points received for the horde by 1.", WAD-146
    "Their toughness and effects are ignored unless their effect is targeted against the
    horde; e.g. the S.W.A.T. hero card reduces the horde points by 2." and WAD-186 "If
    S.W.A.T. is played during a horde attack reduce the number of points received by 2.": a
    Police Officer takes no card here; the horde never scores below zero (assumed)."""
    g = _horde([HORDE], tokens={NORTH: 4, FAR: 1}, hands={0: [1] * 4 + [SWAT], 1: [POLICE]})
    g.rng = Dice()  # no random card is lost
    start(g, "draw_step")
    act(g, 0, card(SWAT), "horde_hero")
    act(g, 1, card(POLICE), "horde_hero")  # then nobody holds a hero: all pass
    assert finished(g) and g.horde_score == 4 - 2 - 1
    assert held(g, 0) == 6  # refilled
    g = _horde([HORDE], tokens={NORTH: 1, FAR: 1}, hands={0: [1] * 4 + [SWAT]})
    start(g, "draw_step")
    act(g, 0, card(SWAT), "horde_hero")
    assert finished(g) and g.horde_score == 0


def test_wad_148_149_everyone_refills_and_horde_cards_are_replaced():
    """WAD-148 "Starting with the active player, each player draws to his or her maximum
    hand size." and WAD-149 "Any additional horde cards drawn are discarded and
    replaced."."""
    deck = [3, 3, 3, 3, 3, HORDE_INFECTION, 2, 4]  # top last
    g = _horde(deck + [HORDE], active=2, hands={2: [1] * 4 + [SWAT], 0: [1] * 5, 1: [1] * 4})
    g.token[NORTH] = 3
    g.token[FAR] = 1
    start(g, "draw_step")
    act(g, 2, card(SWAT), "horde_hero")
    assert finished(g)
    # the draw step gave the active player the Attack 4; after the horde it drew the Attack
    # 2 for its S.W.A.T., then seat 0 met the infection horde card and drew an Attack 3 in
    # its place, then seat 1 drew two Attack 3
    assert g.hands[2][4] == 1 and g.hands[2][2] == 1
    assert g.hands[0][3] == 1 and g.hands[1][3] == 2
    assert [held(g, s) for s in range(3)] == [6, 6, 6]
    assert g.infection == [0, 0, 0] and len(g.hordes) == 1
    assert g.discard.count(HORDE_INFECTION) == 1


# ------------------------------------------------------------ two hordes, one token each
def _two_hordes(hordes, tokens, active=0):
    g = _horde([HORDE], hordes=hordes, tokens=tokens, active=active)
    g.horde_armed = 0  # no reshuffle: no third horde token
    start(g, "draw_step")
    return g


def test_wad_137_138_hordes_tied_for_a_token_the_active_player_decides():
    """WAD-137 "Additionally, they will not go for the same shopper token." and WAD-138 "If
    there are any ties for distance (in direction or with the other horde token) the active
    player decides where they go.": both hordes are 2 spaces from the 5; the active player says
    which one takes it, and the other goes for its own nearest token."""
    a, b, five, one, four = node(12, 3), node(12, 7), node(12, 5), node(11, 1), node(12, 10)
    tokens = {five: 5, one: 1, four: 4}
    for horde, other, score in ((a, four, 9), (b, one, 6)):
        g = _two_hordes([a, b], tokens)
        assert g.decision == "horde_pick" and g.current_player == 0
        assert squares(g) == {a, b}
        assert "r12c3" in g.action_name(sq(a)) and "r12c7" in g.action_name(sq(b))
        assert "takes Lower r12c5" in g.action_name(sq(a))
        prey = g.obs_layout["prey"].start
        assert all(g.observation(s)[prey + five] == 1 for s in range(3))  # public
        act(g, 0, sq(horde), "horde_pick")
        assert sorted(g.hordes) == sorted([five, other])
        assert g.hordes[[a, b].index(horde)] == five
        settle_horde(g)
        assert g.horde_score == score


def test_wad_138_a_tie_that_changes_nothing_is_not_asked():
    """WAD-138 "If there are any ties for distance (in direction or with the other horde
    token) the active player decides where they go.": only a tie whose answer changes where
    a horde goes is a decision.  The horde on r12c3 has the 2 two spaces away and the one on
    r12c15 the 3 (WAD-055 "All horde tokens will attempt to eat the group of shoppers
    closest to it"); either token first, each horde takes its own, so nobody is asked."""
    west, east, two, three = node(12, 3), node(12, 15), node(12, 5), node(12, 13)
    g = _two_hordes([west, east], {two: 2, three: 3})
    dist = g.board.dist
    assert dist[west][two] == dist[east][three] == 2 < dist[west][three] == dist[east][two]
    assert asked(g, "horde_target", choice=True) == [] and asked(g, "horde_pick") == []
    assert finished(g) and g.hordes == [two, three] and g.horde_score == 2 + 3


def test_wad_055_137_the_nearer_horde_has_the_token():
    """WAD-055 "All horde tokens will attempt to eat the group of shoppers closest to it" and
    WAD-137 "they will not go for the same shopper token": the 4 is 3 spaces from the first
    horde and 1 from the second, so the second eats it and the first goes for the 1."""
    a, b, four, one, three = node(12, 2), node(12, 6), node(12, 5), node(2, 1), node(12, 11)
    g = _two_hordes([a, b], {four: 4, one: 1, three: 3})
    assert g.hordes == [one, four]
    settle_horde(g)
    assert g.horde_score == 5 and g.token[three] == 3


def test_wad_135_137_a_token_out_of_reach_is_still_taken():
    """WAD-135 "move all horde tokens, currently on the board, up to 10 spaces each to the
    nearest shopper tokens." with WAD-137 "they will not go for the same shopper token": both
    hordes on the cart, tokens only 11 and 12 away: one walks toward each."""
    g = position(3)
    cart, dist = g.board.start, g.board.dist[g.board.start]
    near = next(v for v in g.board.token_cells if dist[v] == 11)
    far = max(
        (v for v in g.board.token_cells if dist[v] == 12), key=lambda v: g.board.dist[near][v]
    )
    g = _two_hordes([cart, cart], {near: 1, far: 2})
    first_way(g)
    here = [g.board.dist[h] for h in g.hordes]
    assert here[0][near] == 1 and here[1][far] == 2  # 10 spaces each, toward different prey
    assert g.horde_score == 0 and g.token[near] == 1 and g.token[far] == 2


def test_wad_056_129_a_horde_card_in_a_wounded_players_new_hand():
    """WAD-056 "Drawing and playing a horde card triggers horde tokens." and WAD-129 "Whenever
    a player draws a horde card they must immediately lay it face up on the table.": the new
    hand of a significantly wounded player (WAD-121) is no exception (only the opening hands,
    WAD-034, and later cards of one draw, WAD-130 and WAD-149, are)."""
    g = position(3, deck=FILLER + [HORDE_INFECTION, 1, 1], tokens={NORTH: 3, FAR: 1})
    g.wounded[0] = 1
    start(g, "start_turn")
    assert g.decision == "move" and held(g, 0) == 6
    assert g.hordes == [NORTH] and g.horde_score == 3 and g.infection == [1, 1, 1]


def _every_ending(b, hordes, tokens, moved=(), reached=()):
    """The rule played every way: the nearest horde and token pair goes, any pair of
    the nearest (WAD-138), along any shortest way (WAD-138, a tie in direction), until
    no horde or token is left; the endings as the squares the hordes end on, sorted,
    and the tokens they reach."""
    waiting = [i for i in range(len(hordes)) if i not in moved]
    if not waiting or not tokens:
        return {(tuple(sorted(hordes)), frozenset(reached))}
    best = min(b.dist[hordes[i]][v] for i in waiting for v in tokens)
    out = set()
    for i in waiting:
        for v in tokens:
            if b.dist[hordes[i]][v] == best:
                for where in _stops(b, hordes[i], v):
                    now = hordes[:i] + (where,) + hordes[i + 1 :]
                    eaten = (*reached, v) if where == v else reached
                    out |= _every_ending(b, now, tokens - {v}, (*moved, i), eaten)
    return out


def _stops(b, start, prey):
    """The token when it is at most 10 spaces away; else every square 10 spaces along a
    shortest way to it (the horde stays put when there is none)."""
    far = b.dist[start][prey]
    if far <= HORDE_REACH or far >= UNREACHABLE:
        return [prey if far <= HORDE_REACH else start]
    return [w for w in range(b.size) if b.dist[start][w] == HORDE_REACH == far - b.dist[w][prey]]


def _answers(g, questions):
    """The endings of the horde moves under every answer to every question asked."""
    if g.decision in ("horde_target", "horde_pick"):
        endings = [_answers(_answered(g, a), questions) for a in g.legal]
        questions.append(endings)
        return set().union(*endings)
    assert finished(g)
    return {(tuple(sorted(g.hordes)), frozenset(g.h_targets))}


def _answered(g, action):
    c = g.clone()
    c.apply(action)
    return c


@settings(max_examples=60, deadline=None)
@given(data=st.data(), board=st.sampled_from(BOARDS), two=st.booleans())
def test_wad_138_the_ties_asked_are_the_ties_that_matter(data, board, two):
    """WAD-138 "If there are any ties for distance (in direction or with the other horde
    token) the active player decides where they go.", WAD-135 (up to 10 spaces to the
    nearest shopper tokens) and WAD-137 "they will not go for the same shopper token", on
    drawn positions: answering the questions asked every way reaches every ending the rule
    allows, and every question asked matters (no answer reaches all its endings, no two
    answers reach the same ones)."""
    g = position(3, board=board)
    b = g.board
    nodes = [v for v in range(b.size) if b.dist[b.start][v] < UNREACHABLE]
    hordes = data.draw(st.lists(st.sampled_from(nodes), min_size=1 + two, max_size=1 + two))
    near = sorted(b.token_cells, key=lambda v: (b.dist[hordes[0]][v], v))[:14]
    tokens = data.draw(st.sets(st.sampled_from(near), min_size=1, max_size=5))
    g.hordes = list(hordes)
    for v in tokens:
        g.token[v] = 1
    start(g, *["horde_move"] * len(hordes))
    questions = []
    assert _answers(g, questions) == _every_ending(b, tuple(hordes), frozenset(tokens))
    for endings in questions:
        every = set().union(*endings)
        assert len(endings) > 1 and all(e != every for e in endings)
        assert len({frozenset(e) for e in endings}) == len(endings)


def settle_horde(g):
    """Everyone passes on the horde: it feeds."""
    while g.decision == "horde_hero":
        act(g, g.current_player, A_PASS, "horde_hero")
