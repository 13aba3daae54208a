"""Hand-set Mall Walkers positions for the rules tests.

Every position lies on one fixed mall (``PLAN``, placed tiles in order, each
checked by the placement rules), so a square is named by its global row and
column: ``sq(1, 1)`` is the Front Door's start square.  Its map (``MALL.ascii()``),
rows -12 to 1, columns -3 to 5::

          +-+-+-+
          |@ o o|          Helipad (tile 8), second floor, its centre * at (-11,1)
          +     +
          |o * o|
          +     +
          |o o o|
    +-+-+-+-+A+-+-+-+-+
    |o o o|#|.|#|o o @|    Department Store (9) | four-way (6) | Costume Shop (7)
    + +-+-+-+ +-+-+-+d+    (second floor)
    |od. .A. . .A. . .A
    + +-+-+-+ +-+-+-+-+
    |o o @|#|.|########
    +-+-+-+#+A+########
          ##|.|##          Escalator (5): its foot on the crossroads, its top
          ##+ +##          on the second floor
          ##|.|##
          ##+ +##
          ##|.|##
    +-+-+-##+A+##
    |o o @|#|.|##          Pet Store (3) | the crossroads (1)
    +-+d+-+-+ +-+
    A. . .A. . .A
    +-+-+-+-+ +-+
    ########|.|##
    +-+-+-+#+A+#+-+-+-+
    |@ o o|#|.|#|o @ o|    Lingerie Shop (4) | Front Door (0) | Game Store (2)
    +d+-+-+-+ +-+-+d+-+
    A. . .A. S .A. . .A
    +-+-+-+-+-+-+-+-+-+

``position(...)`` builds an engine with chosen squares, life, bullets, trophies,
hands, cards in play, zombies and tokens, tile stack and event deck (tops last),
seat 0 active in round 1; ``turn`` runs one turn from there on scripted dice
(``Dice``: 0-based faces, a die showing 4 is ``3``) and stops at its end.
"""

from __future__ import annotations

from zombie_envs.core.compass import SIDE_WORDS
from zombie_envs.games.zombies_mall_walkers.actions import (
    A_CARD,
    A_DISCARD,
    A_STEP,
    A_TARGET,
    A_USE,
    A_ZOMBIE,
)
from zombie_envs.games.zombies_mall_walkers.cards import KINDS, NAMES
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.games.zombies_mall_walkers.mall import (
    CROSSROADS,
    ESCALATOR,
    FRONT_DOOR,
    HELIPAD,
    build,
)
from zombie_envs.games.zombies_mall_walkers.mall import NAMES as TILE_NAMES
from zombie_envs.testing import Dice, act, asked, finished, rigged, settle, start

__all__ = [
    "MALL",
    "PLAN",
    "Dice",
    "Rig",
    "act",
    "asked",
    "card",
    "discard",
    "finished",
    "position",
    "settle",
    "sq",
    "start",
    "step",
    "target",
    "tile",
    "turn",
    "use",
    "zombie_move",
]


def tile(name: str) -> int:
    """A tile kind by name."""
    return TILE_NAMES.index(name)


_PLAN = [
    (FRONT_DOOR, 0, 0, 0),
    (CROSSROADS, -1, 0, 0),
    (tile("Game Store"), 0, 1, 0),
    (tile("Pet Store"), -1, -1, 0),
    (tile("Lingerie Shop"), 0, -1, 0),
    (ESCALATOR, -2, 0, 0),
    (CROSSROADS, -3, 0, 0),
    (tile("Costume Shop"), -3, 1, 0),
    (HELIPAD, -4, 0, 0),
    (tile("Department Store"), -3, -1, 3),
]


def _placed(plan) -> tuple:
    tiles = ((*plan[0], 1),)
    for kind, r, c, t in plan[1:]:
        floor = build(tiles).fit(kind, (r, c), t)
        assert floor, f"the test mall breaks the placement rules at {TILE_NAMES[kind]}"
        tiles += ((kind, r, c, t, floor),)
    return tiles


PLAN = _placed(_PLAN)
MALL = build(PLAN)
#: the tile index (placement order) of each named tile of the test mall
GAME_STORE, PET_STORE, LINGERIE, ESC, UPPER_HALL, COSTUME, PAD, DEPARTMENT = 2, 3, 4, 5, 6, 7, 8, 9


class Rig(rigged(MallWalkers)):
    """The rigged engine; with ``one_turn`` a turn stops at its end."""

    one_turn = False

    def end_turn(self, seat: int) -> None:
        super().end_turn(seat)
        if self.one_turn and self.tasks and self.tasks[-1][0] == "turn":
            self.tasks.pop()


def sq(row: int, col: int) -> int:
    """The square at global ``row``, ``col`` of the test mall."""
    return MALL.ids[row, col]


def _cards(names) -> list[int]:
    out = [0] * KINDS
    for name in names:
        out[NAMES.index(name)] += 1
    return out


def position(
    n: int = 2,
    at: dict[int, tuple[int, int]] | None = None,
    zombies=(),
    life: dict[int, int] | None = None,
    bullets: dict[int, int] | None = None,
    trophies: dict[int, int] | None = None,
    hands: dict[int, list[str]] | None = None,
    items: dict[int, list[str]] | None = None,
    life_tokens: dict[tuple[int, int], int] | None = None,
    bullet_tokens: dict[tuple[int, int], int] | None = None,
    rescue_tokens: dict[tuple[int, int], int] | None = None,
    stack: list[int] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    plan=PLAN,
    seed: int = 0,
    **options,
) -> Rig:
    """An engine on the test mall (or another ``plan`` of placed tiles) in round 1,
    seat 0 to play: pawns ``at`` {seat: (row, col)} (the Front Door's start square
    otherwise), zombies on the listed squares, 3 life and 3 bullets unless given,
    hands and cards in play by name, tokens by square; the tile stack (kinds) and the
    event deck (names), tops last, empty unless given."""
    g = Rig(n, seed=seed, **options)
    g.one_turn = True
    g.tiles = [list(t) for t in plan]
    g.attach()
    g.drawn = -1
    g.stack = list(stack or [])
    g.lost_tiles = []
    home = g.mall.start
    g.pos = [sq(*(at or {})[s]) if s in (at or {}) else home for s in range(n)]
    g.life = [(life or {}).get(s, 3) for s in range(n)]
    g.bullets = [(bullets or {}).get(s, 3) for s in range(n)]
    g.trophies = [(trophies or {}).get(s, 0) for s in range(n)]
    g.hands = [_cards((hands or {}).get(s, [])) for s in range(n)]
    g.items = [_cards((items or {}).get(s, [])) for s in range(n)]
    g.rescued = [0] * n
    g.duct, g.jammed, g.unlucky, g.played = [0] * n, [0] * n, [0] * n, [0] * n
    size = len(g.zombies)
    g.zombies = bytearray(size)
    for z in zombies:
        g.zombies[sq(*z)] = 1
    g.life_tokens, g.bullet_tokens, g.rescue_tokens = (bytearray(size) for _ in range(3))
    for field, tokens in (
        (g.life_tokens, life_tokens),
        (g.bullet_tokens, bullet_tokens),
        (g.rescue_tokens, rescue_tokens),
    ):
        for rc, count in (tokens or {}).items():
            field[sq(*rc)] = count
    g.deck = [NAMES.index(x) for x in deck or []]
    g.discard = [NAMES.index(x) for x in discard or []]
    g.active, g.first, g.round = 0, 0, 1
    g.moves_left = g.zombie_moves = 0
    g.zmoved = []
    g.combat = [-1, 0, 0, -1]
    g.card, g.sprinkler, g.barricades = -1, 0, []
    g.keeper, g.keys_at, g.keys_first = -1, -1, 0
    g.duel, g.dueled, g.winner = [-1, 0, 0], 0, -1
    g.tasks, g.decision, g.legal, g.current_player = [], None, [], -1
    return g


def turn(g: Rig, seat: int, *dice: int) -> Rig:
    """Run ``seat``'s turn from its start on the scripted ``dice`` (0-based faces)."""
    g.rng = Dice(*dice)
    return start(g, ("turn", seat))


def step(direction: str) -> int:
    """The action that moves one square (``"north"``) or stops (``"stop"``)."""
    return A_STEP + (*SIDE_WORDS, "stop").index(direction)


def card(name: str) -> int:
    return A_CARD + NAMES.index(name)


def use(name: str) -> int:
    return A_USE + NAMES.index(name)


def discard(name: str) -> int:
    return A_DISCARD + NAMES.index(name)


def target(g: Rig, seat: int) -> int:
    """The action that plays the pending card on ``seat``."""
    return A_TARGET + (seat - g.active) % g.num_players - 1


def zombie_move(frm: tuple[int, int], direction: str) -> int:
    return A_ZOMBIE + 4 * sq(*frm) + SIDE_WORDS.index(direction)
