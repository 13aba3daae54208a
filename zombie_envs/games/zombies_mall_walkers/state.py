"""Mall Walkers' state: every field the rules, the views and the bots read, in one
class the rule parts (``keys.py``, ``fights.py``, ``events.py``) and the engine
build on, and how a copy copies them.

The fields are declared here so that the compiled build (mypyc) keeps them in slots
and ``_copy`` copies them one by one; the pure build keeps them in ``__dict__`` as
every engine does, and copies them as ``Engine.clone`` says.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.game import _BLANK, Engine, mypyc_attr
from .mall import Mall


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class MallState(Engine):
    """The state of a Mall Walkers game (``MallWalkers.FIELDS`` lists it by
    lifetime, ``engine.py`` says what each field holds) and the small helpers
    every part of the rules calls."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    # game
    tiles: list[list[int]]
    stack: list[int]
    lost_tiles: list[int]
    pos: list[int]
    life: list[int]
    bullets: list[int]
    trophies: list[int]
    hands: list[list[int]]
    items: list[list[int]]
    rescued: list[int]
    duct: list[int]
    jammed: list[int]
    unlucky: list[int]
    played: list[int]
    zombies: bytearray
    life_tokens: bytearray
    bullet_tokens: bytearray
    rescue_tokens: bytearray
    deck: list[int]
    discard: list[int]
    first: int
    round: int
    barricades: list[list[int]]
    keeper: int
    keys_at: int
    keys_first: int
    winner: int
    # turn
    active: int
    drawn: int
    moves_left: int
    zombie_moves: int
    zmoved: list[int]
    sprinkler: int
    dueled: int
    # fight or card
    combat: list[int]
    card: int
    duel: list[int]
    # derived from the placed tiles (``attach``): not state, shared by copies
    mall: Mall | None
    #: the zombie moves last worked out, which the next is worked out from; not
    #: state (a loaded game works them out again)
    zoptions: tuple[int, ...] | None = None

    def _copy(self) -> MallState:
        """Every field, lists copied as ``core.copying.dup`` copies them (a table's
        rows too, but for the placed tiles, which never change), the mall shared."""
        new = type(self)(_BLANK)
        self._copy_base(new)
        new.tiles = self.tiles[:]
        new.stack = self.stack[:]
        new.lost_tiles = self.lost_tiles[:]
        new.pos = self.pos[:]
        new.life = self.life[:]
        new.bullets = self.bullets[:]
        new.trophies = self.trophies[:]
        new.hands = [row[:] for row in self.hands]
        new.items = [row[:] for row in self.items]
        new.rescued = self.rescued[:]
        new.duct = self.duct[:]
        new.jammed = self.jammed[:]
        new.unlucky = self.unlucky[:]
        new.played = self.played[:]
        new.zombies = self.zombies[:]
        new.life_tokens = self.life_tokens[:]
        new.bullet_tokens = self.bullet_tokens[:]
        new.rescue_tokens = self.rescue_tokens[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.first = self.first
        new.round = self.round
        new.barricades = [row[:] for row in self.barricades]
        new.keeper = self.keeper
        new.keys_at = self.keys_at
        new.keys_first = self.keys_first
        new.winner = self.winner
        new.active = self.active
        new.drawn = self.drawn
        new.moves_left = self.moves_left
        new.zombie_moves = self.zombie_moves
        new.zmoved = self.zmoved[:]
        new.sprinkler = self.sprinkler
        new.dueled = self.dueled
        new.combat = self.combat[:]
        new.card = self.card
        new.duel = self.duel[:]
        new.mall = self.mall
        new.zoptions = self.zoptions
        return new

    def end_turn(self, seat: int) -> None:
        """The end of ``seat``'s turn (``MallWalkers.end_turn``), named by the rule
        parts that cut a turn short."""
        raise NotImplementedError

    def win(self, s: int) -> None:
        self.winner = s
        self.end_game()
