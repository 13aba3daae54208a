"""Hand-set Maul of America positions for the rules tests.

Every position lies on one fixed Maul (``PLAN``: faces 1A, 2A, 3A and 4A in a square,
2A turned once), so a square is named by its row and column there: ``sq(3, 4)`` is a
Food Court square of face 1A.  Its map, with ``MAUL.ascii()``::

    +-+-+-+A+A+-+-+-+-+-+-+-+-+-+-+-+
    |? . .|. .|. . .|. . . . . . . Ed      row 0
    +     +   +     +               +
    |. . .w. .d. . .|. . . . . ? . .|      row 1
    +     +   +     +               +
    |. . .|. .|. ? .|. ? . . . . . .|      row 2
    +-+d+-+   +-+w+-+-+d+-+w+-+d+-+-+
    A. . . F F . . . . . . . . . . .A      row 3
    +                               +
    A. . . F F . . . . . . . . . . .A      row 4
    +-+-+       +w+-+-+     +w+-+d+-+
    |. .d. . . .|. .|.d. F .|. . . .|      row 5
    +   +       +   + +     +       +
    |? .w. . . .d? .|?w. F .|. . . .|      row 6
    +   +       +   + +     +       +
    |E .|. . . .|. .|.|. . .|. . . ?|      row 7

``position(...)`` builds an engine past set-up with chosen squares, wounds,
equipment, hands, zombies and decks (a deck's top is the end of its list);
``shopper_turn`` and ``zombie_turn`` run a turn from there on scripted dice
(``Dice``, 0-based faces: a die showing 6 is ``5``).
"""

from __future__ import annotations

from zombie_envs.games.maul_of_america.actions import (
    A_ACT,
    A_ACTIVATE,
    A_ATTACK,
    A_CARD,
    A_ENTER,
    A_SQUARE,
    A_STEP,
    A_TRADE,
    ACT_NAMES,
    MAX_SQUARES,
)
from zombie_envs.games.maul_of_america.cards import (
    AMMO,
    HAND_NAMES,
    SEARCH_NAMES,
    WEAPONS,
    shopper_deck,
    zombie_deck,
)
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.games.maul_of_america.maul import build
from zombie_envs.games.maul_of_america.seats import DEAD, PLAYING, ZC
from zombie_envs.games.maul_of_america.steps import DIRECTION_NAMES
from zombie_envs.testing import Dice, act, asked, finished, rigged, settle, start

__all__ = [
    "MAUL",
    "PLAN",
    "Dice",
    "Rig",
    "act",
    "activations",
    "acts",
    "asked",
    "attack_with",
    "card",
    "entries",
    "finished",
    "kind",
    "position",
    "settle",
    "shopper_turn",
    "sq",
    "squares",
    "start",
    "step",
    "steps",
    "trade_with",
    "zombie_turn",
]

PLAN = ((0, 0, 0, 0), (2, 0, 1, 1), (4, 1, 0, 0), (6, 1, 1, 0))
MAUL = build(PLAN)
#: where the Shoppers stand unless a test says otherwise: far apart, none on a search square
HOME = {1: (3, 3), 2: (13, 5), 3: (13, 15), 4: (5, 10)}

Rig = rigged(MaulOfAmerica)


def sq(row: int, col: int) -> int:
    """The square at ``row``, ``col`` of the fixed Maul."""
    return MAUL.ids[row, col]


def kind(name: str) -> int:
    """A Search card kind by name (``"Pistol"``, ``"Medkit"``, ``"2 Zombies"``)."""
    return SEARCH_NAMES.index(name)


def card(name: str) -> int:
    """The action that plays a hand card (``"Dodge"``, ``"Lurch"``)."""
    return A_CARD + HAND_NAMES.index(name)


def step(direction: str) -> int:
    """The action that moves one square (``"north"``, ``"south-east"``)."""
    return A_STEP + DIRECTION_NAMES.index(direction)


def attack_with(name: str | None = None) -> int:
    """The action that attacks with a weapon by name, or with bare hands."""
    return A_ATTACK if name is None else A_ATTACK + 1 + WEAPONS.index(kind(name))


def trade_with(g: Rig, seat: int) -> int:
    """The action with which the active Shopper offers ``seat`` an exchange."""
    return A_TRADE + (seat - g.active) % g.num_players - 1


def position(
    n: int = 3,
    at: dict[int, tuple[int, int]] | None = None,
    zombies: list[tuple[int, int]] = (),
    wounds: dict[int, int] | None = None,
    items: dict[int, list[str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    dead: tuple[int, ...] = (),
    search: list[str] | None = None,
    sdeck: list[int] | None = None,
    zdeck: list[int] | None = None,
    exit: tuple[int, int] | None = None,
    seed: int = 0,
    **options,
) -> Rig:
    """An engine past set-up on the fixed Maul, in round 1: each Shopper on its square
    ``at`` {seat: (row, col)} (``HOME`` otherwise), the ``dead`` ones off the board; the
    ``zombies`` (one per listed square) not yet activated; ``wounds``; ``items``
    (equipment by name, weapons loaded) and ``hands`` (cards by name); the Search deck
    (names, top last; empty unless given), the Shopper and Zombie decks (kinds, top
    last; the full decks in file order unless given); the exit designated or not."""
    g = Rig(n, seed=seed, **options)
    g.plan = [list(p) for p in PLAN]
    g.attach()
    g.face = -1
    g.status = [DEAD if s in dead else PLAYING for s in range(n)]
    g.dead = len(dead)
    g.pos = [-1] * n
    for s in g.shoppers():
        if s not in dead:
            g.pos[s] = sq(*(at or {}).get(s, HOME[s]))
    g.wounds = [(wounds or {}).get(s, 0) for s in range(n)]
    g.hands = [[0] * len(HAND_NAMES) for _ in range(n)]
    for s, names in (hands or {}).items():
        for name in names:
            g.hands[s][HAND_NAMES.index(name)] += 1
    g.items = [[[kind(x), AMMO[kind(x)]] for x in (items or {}).get(s, [])] for s in range(n)]
    g.searched = [-1] * n
    g.zombies = [sq(*z) for z in zombies]
    g.zdone = [0] * len(g.zombies)
    g.waiting = 0
    g.search = [kind(x) for x in search or []]
    g.sdeck = shopper_deck() if sdeck is None else list(sdeck)
    g.zdeck = zombie_deck() if zdeck is None else list(zdeck)
    g.search_discard, g.sdiscard, g.zdiscard = [], [], []
    g.active, g.round = ZC, 1
    g.exit = -1 if exit is None else sq(*exit)
    return g


def shopper_turn(g: Rig, seat: int, total: int, *dice: int) -> Rig:
    """Start ``seat``'s turn with a 2d6 roll of ``total``, then the scripted ``dice``."""
    first = min(total - 2, 5)
    g.rng = Dice(first, total - 2 - first, *dice)
    return start(g, ("shopper_turn", seat))


def zombie_turn(g: Rig, *dice: int) -> Rig:
    """Start the Zombie Controller's turn, the scripted ``dice`` for what it rolls."""
    g.rng = Dice(*dice)
    return start(g, "zombie_turn")


def squares(g: Rig, base: int = A_SQUARE) -> set[int]:
    """The squares among the pending decision's legal actions (the ``square`` block, or
    ``A_ACTIVATE`` / ``A_ENTER``)."""
    return {a - base for a in g.legal if base <= a < base + MAX_SQUARES}


def entries(g: Rig) -> set[int]:
    """Exits where the ZC may bring a reinforcement in now."""
    return squares(g, A_ENTER)


def steps(g: Rig) -> dict[str, int]:
    """The active Shopper's legal steps: direction -> the square it leads to."""
    here = g.moves[g.pos[g.active]]
    return {name: here[d][0] for d, name in enumerate(DIRECTION_NAMES) if A_STEP + d in g.legal}


def acts(g: Rig) -> set[int]:
    """The ``act`` block's options now (search, Medkit, rest, escape, end)."""
    return {a - A_ACT for a in g.legal if A_ACT <= a < A_ACT + len(ACT_NAMES)}


def activations(g: Rig) -> set[int]:
    """Squares whose zombie the ZC may activate now."""
    return squares(g, A_ACTIVATE)
