"""Hand-set We Are Dead positions for the rules tests.

``position(...)`` builds an engine with chosen squares, hands, shopper tokens and
deck; ``start(g, *tasks)`` runs rule tasks from there until a seat must decide or
the tasks are done (``finished(g)``).  Cards are the engine's kinds: attack values
0-4 are kinds 0-4, heroes follow under their names.  ``Dice`` scripts the
engine's random draws.
"""

from __future__ import annotations

from zombie_envs.games.we_are_dead.actions import (
    A_CARD,
    A_CHOOSE,
    A_INFECTION,
    A_PASS,
    A_SQUARE,
    A_YES,
)
from zombie_envs.games.we_are_dead.data import (
    CHEF,
    CLERK,
    FIRE,
    GUN_NUT,
    HAND_KINDS,
    HORDE,
    HORDE_INFECTION,
    MOTHER,
    MOVEMENT,
    NATIONAL,
    PANIC,
    POLICE,
    SECURITY,
    SKATERS,
    SWAT,
)
from zombie_envs.games.we_are_dead.data import board as load
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.testing import Dice, act, asked, finished, rigged, settle, start

__all__ = [
    "A_CARD",
    "A_CHOOSE",
    "A_INFECTION",
    "A_PASS",
    "A_SQUARE",
    "A_YES",
    "CHEF",
    "CLERK",
    "FIRE",
    "GUN_NUT",
    "HAND_KINDS",
    "HORDE",
    "HORDE_INFECTION",
    "MOTHER",
    "NATIONAL",
    "PANIC",
    "POLICE",
    "SECURITY",
    "SKATERS",
    "SWAT",
    "Dice",
    "Rig",
    "act",
    "asked",
    "card",
    "choose",
    "finished",
    "first_way",
    "held",
    "node",
    "position",
    "settle",
    "sq",
    "squares",
    "start",
]


Rig = rigged(WeAreDead)


def position(
    n: int = 3,
    board: str = "mall",
    active: int = 0,
    at: dict[int, int] | None = None,
    hands: dict[int, list[int]] | None = None,
    infection: dict[int, int] | None = None,
    tokens: dict[int, int] | None = None,
    deck: list[int] | None = None,
    discard: list[int] | None = None,
    score: dict[int, int] | None = None,
    damage: dict[int, int] | None = None,
    hordes: list[int] | None = None,
    seed: int = 0,
    **options,
) -> Rig:
    """An engine at the start of ``active``'s turn: seats on the squares ``at``
    {seat: node} (the start otherwise), hands holding exactly the listed card kinds,
    ``infection`` tokens (none otherwise), shopper tokens only
    where ``tokens`` {node: number} says, the deck (top = last) and discard pile as
    given (empty otherwise), horde tokens on the ``hordes`` squares."""
    g = Rig(n, seed=seed, board=board, **options)
    g.active = active
    g.turn = 1
    g.pos = [g.board.start] * n
    for seat, where in (at or {}).items():
        g.pos[seat] = where
    g.hands = [[0] * HAND_KINDS for _ in range(n)]
    for seat, cards in (hands or {}).items():
        for kind in cards:
            g.hands[seat][kind] += 1
    g.infection = [0] * n
    for seat, count in (infection or {}).items():
        g.infection[seat] = count
    g.token = [0] * g.board.size
    for where, value in (tokens or {}).items():
        g.token[where] = value
    g.pool = []
    g.deck = list(deck or [])
    g.discard = list(discard or [])
    g.score = [0] * n
    for seat, points in (score or {}).items():
        g.score[seat] = points
    g.damage = [0] * n
    for seat, count in (damage or {}).items():
        g.damage[seat] = count
    g.hordes = list(hordes or [])
    g.budget = MOVEMENT
    return g


def node(row: int, col: int, board: str = "mall") -> int:
    """The square at a map position of a board (``data/mall.txt``, ``data/carnival.txt``)."""
    return load(board).cell_id(row, col)


def sq(where: int) -> int:
    """The action that picks a board square."""
    return A_SQUARE + where


def card(kind: int) -> int:
    """The action that plays a card kind."""
    return A_CARD + kind


def choose(g: Rig, seat: int) -> int:
    """The action with which the active player fights ``seat``'s face-down hero."""
    return A_CHOOSE + (seat - g.active) % g.num_players - 1


def squares(g: Rig) -> set[int]:
    """The squares among the pending decision's legal actions."""
    return {a - A_SQUARE for a in g.legal if A_SQUARE <= a < A_CARD}


def first_way(g: Rig) -> None:
    """Send each horde that may go either way to its token (WAD-138) by the first way
    offered."""
    while g.decision == "horde_target" and g.h_prey >= 0:
        act(g, g.active, g.legal[0], "horde_target")


def held(g: Rig, seat: int) -> int:
    """Cards in a seat's hand."""
    return sum(g.hands[seat])
