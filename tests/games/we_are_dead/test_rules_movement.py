"""We Are Dead rules: 1. Movement (3 spaces, boosts, escalators, tunnels, the Fire Fighter)."""

from __future__ import annotations

from tests.games.we_are_dead.positions import (
    A_INFECTION,
    A_PASS,
    A_YES,
    act,
    asked,
    card,
    finished,
    held,
    node,
    position,
    sq,
    squares,
    start,
)


def _within(g, where: int, k: int) -> set[int]:
    return {v for v in range(g.board.size) if g.board.dist[where][v] <= k}


def _moving(at=None, **kw):
    """Seat 0 about to move; a far-away token keeps the game going."""
    g = position(3, at={0: at} if at is not None else None, **kw)
    g.token[node(6, 19)] = 1
    return start(g, "start_turn")


def test_wad_042_068_up_to_three_spaces():
    """WAD-042 "Movement: Move up to 3 spaces." and WAD-068 "On their turn, each player may
    move up to 3 spaces.": every square at most 3 moves away, staying put included, and none
    further."""
    g = _moving()
    cart = g.board.start
    assert g.decision == "move" and g.current_player == 0
    assert squares(g) == _within(g, cart, 3)
    assert cart in squares(g)
    assert node(12, 9) in squares(g)  # 3 away
    assert node(12, 8) not in squares(g)  # 4 away
    act(g, 0, sq(node(12, 9)), "move")
    assert g.pos[0] == node(12, 9)


def test_wad_071_no_diagonal_moves():
    """WAD-071 "Players may not move diagonally.": the store square diagonally next to a
    corridor square is two moves away, not one."""
    g = position(3, at={0: node(16, 5)})
    here, diagonal = node(16, 5), node(17, 6)
    g.budget = 1
    start(g, "movement")
    assert diagonal not in squares(g)
    assert squares(g) == {here, node(15, 5), node(16, 4), node(16, 6)}
    g.budget = 2
    start(g, "movement")
    assert diagonal in squares(g)


def test_wad_070_players_share_squares():
    """WAD-070 "Players may occupy the same square with each other."."""
    g = position(3)
    there = node(12, 10)
    g.pos[1] = g.pos[2] = there
    start(g, "movement")
    assert there in squares(g)
    act(g, 0, sq(there), "move")
    assert g.pos == [there, there, there]


def test_wad_072_073_escalator_is_one_space_and_movement_goes_on():
    """WAD-072 "Escalators: When a player moves onto an escalator space they automatically
    move their token up or down the escalator and may continue their movement." and WAD-073
    "Moving onto the escalator counts as one space and puts the player in one of the
    non-diagonal adjacent spaces at the top or bottom (depending on which way they were
    going).": from the lower corridor, one step, the ride, one step on the upper floor."""
    g = position(3, at={0: node(12, 5)})
    start(g, "movement")
    top, beyond = node(3, 5), node(2, 5)
    assert g.board.floor[top] == "Upper"
    assert {top, node(5, 5), beyond} <= squares(g)
    assert node(2, 4) not in squares(g)  # 4 moves
    act(g, 0, sq(beyond), "move")
    assert g.pos[0] == beyond
    # riding counts one space: from the foot of the escalator the top is one move
    assert g.board.dist[node(13, 5)][top] == 1


def test_wad_074_075_076_maintenance_tunnel():
    """WAD-074 "Maintenance Tunnel: These spaces represent the tunnels running throughout the
    mall.", WAD-075 "Players may use the maintenance tunnel to come out of the other
    maintenance tunnel on the same short side of the board." and WAD-076 "Moving into a
    maintenance tunnel counts as one space.": into the west tunnel (1), out of the other
    (2), one more step (3)."""
    g = position(3, at={0: node(12, 1)})
    start(g, "movement")
    west_lower, west_upper = node(12, 0), node(2, 0)
    assert {west_lower, west_upper, node(2, 1)} <= squares(g)
    assert node(2, 2) not in squares(g)
    assert g.board.floor[west_upper] == "Upper"


def test_wad_062_065_077_078_discards_and_infection_add_spaces():
    """WAD-042 "+1 for each card discarded or infection token.", WAD-060 "Additionally,
    players will use a resource in the form of infection tokens.",
    WAD-061 "Infection tokens: Infection tokens can be spent in 3 ways:" (here the first; the
    others in test_rules_attack), WAD-062 "Move 1 additional space during the movement
    step", WAD-065 "Players can use as
    many of their infection tokens as they want during their turn.", WAD-077 "In addition to
    the 3 spaces, a player may discard cards (while keeping at least one in their hand) and
    spend infection tokens during their movement step." and WAD-078 "That player may move one
    additional space for every card discarded or infection token spent in this way, and must
    complete this extra movement before proceeding to the attack step."."""
    g = _moving(hands={0: [1, 4]}, infection={0: 2})
    cart = g.board.start
    assert {card(1), card(4), A_INFECTION} <= set(g.legal)
    act(g, 0, card(1), "move")
    assert g.budget == 4 and held(g, 0) == 1 and g.discard == [1]
    assert card(4) not in g.legal  # the last card is kept
    act(g, 0, A_INFECTION, "move")
    act(g, 0, A_INFECTION, "move")
    assert g.budget == 6 and g.infection[0] == 0
    assert A_INFECTION not in g.legal
    assert squares(g) == _within(g, cart, 6)
    far = next(v for v in squares(g) if g.board.dist[cart][v] == 6)
    act(g, 0, sq(far), "move")
    assert g.pos[0] == far and g.active == 1  # the move ended the step


def test_wad_077_a_single_card_cannot_be_discarded_to_move():
    """WAD-077 "a player may discard cards (while keeping at least one in their hand)"."""
    g = _moving(hands={0: [3]})
    assert all(a == A_INFECTION or a < card(0) for a in g.legal)
    assert squares(g) == _within(g, g.board.start, 3)


def test_wad_183_184_fire_fighter_costs_three_spaces_next_turn():
    """WAD-183 "Argiefire (Fire Fighter) – Toughness 7 – The active player has -3 movement
    during their next turn if they cannot defeat Fire Fighter." and WAD-184 "The player may
    still discard cards and spend infection tokens normally to move during their movement
    step."."""
    g = position(3, hands={0: [0, 0]}, infection={0: 1})
    g.token[node(6, 19)] = 1
    g.fire[0] = 1
    start(g, "start_turn")
    cart = g.board.start
    assert squares(g) == {cart}
    act(g, 0, card(0), "move")
    act(g, 0, A_INFECTION, "move")
    assert squares(g) == _within(g, cart, 2)
    act(g, 0, sq(node(12, 10)), "move")
    assert g.fire[0] == 0  # only that one turn
    g.active = 0
    start(g, "start_turn")
    assert squares(g) == _within(g, node(12, 10), 3)


def test_wad_069_ending_on_a_token_may_flip_it():
    """WAD-069 "If a player ends their movement on a space with a shopper token they may flip
    it over and proceed to the attack step.": ending there offers the flip; passing leaves
    the token face down; passing through a token offers nothing."""
    g = position(3)
    token = node(13, 10)
    g.token[token] = 3
    g.token[node(6, 19)] = 1
    start(g, "attack_step")
    assert finished(g) and asked(g, "attack") == []  # not on a token
    g.pos[0] = node(12, 10)  # came through the token square
    start(g, "attack_step")
    assert asked(g, "attack") == []
    g.pos[0] = token
    start(g, "attack_step")
    assert g.decision == "attack" and set(g.legal) == {A_YES, A_PASS}
    act(g, 0, A_PASS, "attack")
    assert finished(g) and g.token[token] == 3 and g.a_value == -1 and g.score[0] == 0
