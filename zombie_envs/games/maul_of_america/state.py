"""Maul of America's state: every field the rules, the views and the bots read, in
one class the rule mixins (``attacks.py``, ``zombie_turn.py``) and the engine build
on, and how a copy copies them.

The fields are declared here so that the compiled build (mypyc) keeps them in slots
and ``_copy`` copies them one by one; the pure build keeps them in ``__dict__`` as
every engine does, and copies them as ``Engine.clone`` says.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.game import _BLANK, Engine, mypyc_attr
from .maul import Maul
from .seats import PLAYING
from .steps import StepTable

SECTIONS = 4  # map sections in a Maul


def holds(squares: list[int], v: int) -> bool:
    """Whether ``v`` is among ``squares``: a loop the compiled build runs on native
    ints, where ``in`` would compare boxed objects."""
    return any(w == v for w in squares)


def count(squares: list[int], v: int) -> int:
    """How often ``v`` is among ``squares`` (``holds``' loop)."""
    n = 0
    for w in squares:
        if w == v:
            n += 1
    return n


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class MaulState(Engine):
    """The state of a Maul of America game (``MaulOfAmerica.FIELDS`` lists it by
    lifetime) and the small helpers every part of the rules calls."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    # map draft
    plan: list[list[int]]
    face: int
    # game
    status: list[int]
    pos: list[int]
    wounds: list[int]
    hands: list[list[int]]
    items: list[list[list[int]]]
    searched: list[int]
    zombies: list[int]
    dead: int
    search: list[int]
    search_discard: list[int]
    sdeck: list[int]
    sdiscard: list[int]
    zdeck: list[int]
    zdiscard: list[int]
    round: int
    exit: int
    winner: int
    # turn
    active: int
    roll: int
    actions: int
    spent: int
    on_food: int
    aim: int
    zc_bonus: int
    shot: int
    trade: list[Any]
    zdone: list[int]
    waiting: int
    # zombie move
    z_square: int
    z_budget: int
    z_hit: int
    z_all: int
    z_next_actions: int
    z_next_hit: int
    # derived from the plan (``attach``): not state, shared by copies
    maul: Maul | None
    moves: StepTable
    food_court: frozenset[int]
    search_squares: frozenset[int]
    #: the last zombie move worked out: (what it depends on, its stops); set by
    #: ``attach`` (a compiled class takes no dict as a default)
    _stops: tuple[tuple, tuple[list[int], list[int]]]

    def _copy(self) -> MaulState:
        """Every field, lists copied as ``core.copying.dup`` copies them (a table's
        rows and the equipment's items too; the trade offer's lists are shared,
        never changed in place), the Maul and its tables shared."""
        new = type(self)(_BLANK)
        self._copy_base(new)
        new.plan = [row[:] for row in self.plan]
        new.face = self.face
        new.status = self.status[:]
        new.pos = self.pos[:]
        new.wounds = self.wounds[:]
        new.hands = [row[:] for row in self.hands]
        new.items = [[item[:] for item in held] for held in self.items]
        new.searched = self.searched[:]
        new.zombies = self.zombies[:]
        new.dead = self.dead
        new.search = self.search[:]
        new.search_discard = self.search_discard[:]
        new.sdeck = self.sdeck[:]
        new.sdiscard = self.sdiscard[:]
        new.zdeck = self.zdeck[:]
        new.zdiscard = self.zdiscard[:]
        new.round = self.round
        new.exit = self.exit
        new.winner = self.winner
        new.active = self.active
        new.roll = self.roll
        new.actions = self.actions
        new.spent = self.spent
        new.on_food = self.on_food
        new.aim = self.aim
        new.zc_bonus = self.zc_bonus
        new.shot = self.shot
        new.trade = self.trade[:]
        new.zdone = self.zdone[:]
        new.waiting = self.waiting
        new.z_square = self.z_square
        new.z_budget = self.z_budget
        new.z_hit = self.z_hit
        new.z_all = self.z_all
        new.z_next_actions = self.z_next_actions
        new.z_next_hit = self.z_next_hit
        new.maul = self.maul
        if len(self.plan) == SECTIONS:
            new.moves = self.moves
            new.food_court = self.food_court
            new.search_squares = self.search_squares
        new._stops = self._stops
        return new

    def shoppers(self) -> range:
        """The Shoppers' seats (the rules loop over ``range(1, self.num_players)``
        itself, which the compiled build runs as a native loop)."""
        return range(1, self.num_players)

    def shopper_on(self, v: int) -> bool:
        """Whether a Shopper's token stands on ``v`` (a dead one's is off the board)."""
        pos = self.pos
        return any(pos[s] == v for s in range(1, self.num_players))

    def playing_squares(self) -> list[int]:
        """The squares of the Shoppers still in the Maul."""
        pos, status = self.pos, self.status
        return [pos[s] for s in range(1, self.num_players) if status[s] == PLAYING]

    def spend(self, n: int) -> None:
        self.actions -= n
        self.spent += n

    def discard_item(self, s: int, kind: int, empty: bool = False) -> None:
        items = self.items[s]
        i = next(i for i, it in enumerate(items) if it[0] == kind and (not empty or it[1] == 0))
        self.search_discard.append(items.pop(i)[0])

    def add_zombie(self, square: int, done: int) -> None:
        self.zombies.append(square)
        self.zdone.append(done)
