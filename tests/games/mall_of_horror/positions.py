"""Hand-set Mall of Horror positions for the rules tests.

``position(...)`` builds an engine with a chosen board; ``start(g, *tasks)``
runs rule tasks from there until a seat must decide or the tasks are done
(``finished(g)``).  Locations use the engine's 0-5 indexes under rulebook
names; ``Dice`` scripts the engine's random draws.
"""

from __future__ import annotations

from zombie_envs.games.mall_of_horror.actions import (
    A_CHARACTER,
    A_GIVE,
    A_GIVE_TO,
    A_KEEP,
    A_LOCATION,
    A_PASS,
    A_PLAY,
    A_SPRINT,
    A_VOTE,
)
from zombie_envs.games.mall_of_horror.data import (
    CAMERA,
    HARDWARE,
    HIDDEN,
    SPRINT,
    THREAT,
    WEAPON1,
    WEAPON2,
)
from zombie_envs.games.mall_of_horror.engine import (
    CLOSED,
    EATEN,
    KINDS,
    OPEN,
    OUT,
    OVERRUN,
    MallOfHorror,
)
from zombie_envs.games.mall_of_horror.voting import ATTACK
from zombie_envs.testing import Dice, act, asked, finished, rigged, settle, start

RESTROOM, CACHOU, MEGATOYS, PARKING, SECURITY, SUPERMARKET = range(6)
PIN, TOUGH, GUN, GIRL = range(4)

__all__ = [
    "A_CHARACTER",
    "A_GIVE",
    "A_GIVE_TO",
    "A_KEEP",
    "A_LOCATION",
    "A_PASS",
    "A_PLAY",
    "A_SPRINT",
    "A_VOTE",
    "ATTACK",
    "CACHOU",
    "CAMERA",
    "CLOSED",
    "EATEN",
    "GIRL",
    "GUN",
    "HARDWARE",
    "HIDDEN",
    "KINDS",
    "MEGATOYS",
    "OPEN",
    "OUT",
    "OVERRUN",
    "PARKING",
    "PIN",
    "RESTROOM",
    "SECURITY",
    "SPRINT",
    "SUPERMARKET",
    "THREAT",
    "TOUGH",
    "WEAPON1",
    "WEAPON2",
    "Dice",
    "Rig",
    "act",
    "asked",
    "cast",
    "finished",
    "position",
    "settle",
    "slot",
    "start",
    "vote_action",
]


Rig = rigged(MallOfHorror)


def slot(seat: int, kind: int) -> int:
    return seat * KINDS + kind


def position(
    n: int = 4,
    at: dict[int, list[tuple[int, int]]] | None = None,
    zombies: dict[int, int] | None = None,
    hands: dict[int, list[int]] | None = None,
    chief: int = 0,
    elected: bool = False,
    deck: list[int] | None = None,
    closed: dict[int, int] | None = None,
    eliminated: dict[int, int] | None = None,
    rnd: int = 1,
    seed: int = 0,
    **options,
) -> Rig:
    """An engine in round ``rnd`` with characters ``at`` {location: [(seat, kind)]};
    every character not listed has been eaten.  Hands hold exactly the listed cards;
    the deck (top = last) is ``deck`` or empty.  Location 2 stays closed in 3-4 player
    games unless ``closed`` says otherwise."""
    g = Rig(n, seed=seed, **options)
    g.round = rnd
    g.loc = [EATEN if c < KINDS - 1 or n == 3 else OUT for _ in range(n) for c in range(KINDS)]
    for L, chars in (at or {}).items():
        for seat, kind in chars:
            g.loc[slot(seat, kind)] = L
    g.zombies = [0] * 6
    for L, z in (zombies or {}).items():
        g.zombies[L] = z
    for L, state in (closed or {}).items():
        g.closed[L] = state
    g.hands = [[0] * 7 for _ in range(n)]
    for seat, cards in (hands or {}).items():
        for card in cards:
            g.hands[seat][card] += 1
    g.deck = list(deck or [])
    g.chief = chief
    g.chief_elected = int(elected)
    g.eliminated = [-1] * n
    for seat, when in (eliminated or {}).items():
        g.eliminated[seat] = when
    g.place_dice = [-1, -1]
    g.pending_place = -1
    return g


def vote_action(g: Rig, voter: int, colour: int) -> int:
    """The ballot action of ``voter`` for the seat (colour) ``colour``."""
    return A_VOTE + (colour - voter) % g.num_players


def cast(g: Rig, choices: dict[int, int]) -> list[int]:
    """Cast one ballot per seat in ``choices`` while the engine asks those seats for one;
    returns the seats in the order asked."""
    order = []
    while g.decision == "ballot" and g.current_player in choices and g.current_player not in order:
        voter = g.current_player
        order.append(voter)
        g.apply(vote_action(g, voter, choices[voter]))
        settle(g)
    return order
