"""We Are Dead rules: the Carnival Game Board (start outside, rides, gates, sky buckets)."""

from __future__ import annotations

from tests.games.we_are_dead.positions import (
    A_YES,
    HORDE,
    act,
    card,
    finished,
    node,
    position,
    squares,
    start,
)
from zombie_envs.games.we_are_dead.engine import WeAreDead


def at(row: int, col: int) -> int:
    return node(row, col, "carnival")


FAR = at(1, 20)
BOOTH = at(10, 11)


def _moving(where: int, budget: int = 3):
    g = position(3, board="carnival", at={0: where}, tokens={FAR: 1})
    g.budget = budget
    return start(g, "movement")


def test_wad_195_196_197_start_outside_through_the_ticket_booth():
    """WAD-195 "The game rules are exactly the same except that instead of visiting shops,
    players will go on rides in the park.", WAD-196 "Two of the major changes are the
    starting location and the sky bucket ride." and WAD-197 "Starting Location: Players begin
    the game outside of the carnival and have to travel through the parking lot to enter at
    the ticket booth."."""
    g = WeAreDead(4, seed=2, board="carnival")
    start_square = g.board.start
    assert g.pos == [start_square] * 4
    assert g.board.label(start_square) == "Parking lot start"
    assert g.decision == "move"
    assert all(g.board.kind[v] in ",S" for v, _ in g.board.within(start_square, 3))
    assert g.board.dist[start_square][BOOTH] == 8
    assert g.board.label(BOOTH) == "Ticket booth"
    assert len(g.token) == g.board.size and sum(1 for v in g.token if v) == 66


def test_wad_057_195_carnival_hordes_appear_at_the_ticket_booth():
    """WAD-057 (a horde token on the hotdog cart) with WAD-195 (rules exactly the same): the
    carnival has no hotdog cart, so horde tokens appear at the ticket booth (assumed)."""
    g = position(3, board="carnival", hands={0: [1] * 5}, deck=[1] * 30 + [HORDE])
    g.token[FAR] = 1
    start(g, "draw_step")
    assert finished(g) and len(g.hordes) == 1
    assert g.board.dist[BOOTH][g.hordes[0]] == 10  # set out from the booth toward FAR


def test_wad_198_199_shoppers_on_the_rides():
    """WAD-198 "Attractions: Many of the attractions at the carnival can be occupied by the
    normal humans (shopper tokens)." and WAD-199 "This means the zombie players can also go
    on the rides and attractions to slay them."."""
    ride = at(3, 2)
    g = position(3, board="carnival", at={0: ride}, tokens={ride: 2, FAR: 1}, hands={0: [0, 0]})
    assert g.board.label(ride).startswith("Carousel")
    start(g, "attack_step")
    act(g, 0, A_YES, "attack")
    act(g, 0, card(0), "slay")
    act(g, 0, card(0), "slay")
    assert finished(g) and g.score[0] == 2 and g.token[ride] == 0


def test_wad_200_rides_entered_from_either_side():
    """WAD-200 "Some of the rides can be entered from either direction.": the Carousel from
    the midway above and the midway below."""
    assert at(2, 2) in squares(_moving(at(1, 2), 1))
    assert at(4, 2) in squares(_moving(at(5, 2), 1))


def test_wad_201_arrows_guide_in_and_out():
    """WAD-201 "Others have arrow guides on the game board to show where players can enter
    and exit the ride.": the Haunted House is entered from below and left at the top, never
    the other way."""
    entry, room, exit_ = at(4, 6), at(3, 6), at(2, 6)
    g = _moving(at(5, 6))
    assert {entry, room, exit_} <= squares(g)
    g = _moving(at(1, 6))
    assert not {entry, room, exit_} & squares(g)


def test_wad_202_203_sky_buckets():
    """WAD-202 "Sky Buckets: This ride works in the same way as the maintenance tunnels in the
    mall." and WAD-203 "A player may spend one movement to move from one sky bucket to
    another.": from beside the east station, one move in, one across, one out."""
    east, west = at(2, 21), at(8, 1)
    g = _moving(at(3, 21))
    assert {east, west, at(9, 1), at(7, 1)} <= squares(g)
    assert at(6, 1) not in squares(g)
