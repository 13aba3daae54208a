"""We Are Dead's state: every field the rules, the views and the bots read, in one
class the horde's rules (``horde.py``) and the engine build on, and how a copy
copies them.

The fields are declared here so that the compiled build (mypyc) keeps them in slots
and ``_copy`` copies them one by one; the pure build keeps them in ``__dict__`` as
every engine does, and copies them as ``Engine.clone`` says.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.game import _BLANK, Engine, mypyc_attr
from ...core.grid import Board
from .actions import A_CARD, A_PASS
from .data import HAND_KINDS, NUM_ATTACK

HEROES = range(NUM_ATTACK, HAND_KINDS)


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class DeadState(Engine):
    """The state of a We Are Dead game (``WeAreDead.FIELDS`` lists it by lifetime)
    and the small helpers every part of the rules calls."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    # game
    turn: int
    pos: list[int]
    score: list[int]
    damage: list[int]
    infection: list[int]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    reshuffles: int
    token: list[int]
    pool: list[int]
    fire: list[int]
    wounded: list[int]
    last_lost: int
    winner: int
    # turn
    active: int
    budget: int
    chef: int
    clerk: int
    guard: int
    mother: int
    panic: int
    # attack
    a_node: int
    a_value: int
    facedown: list[int]
    main_seat: int
    main_kind: int
    toughness: int
    skaters: int
    fight_total: int
    in_attack: list[int]
    revealers: list[int]
    hero_defeated: int
    slain: int
    slay_units: int
    # horde
    hordes: list[int]
    horde_score: int
    horde_armed: int
    h_triggered: int
    h_moved: list[int]
    h_claimed: list[int]
    h_prey: int
    h_targets: list[int]
    h_reduction: int
    h_passes: int
    # derived from the options (``attach``): not state, shared by copies
    board: Board
    goal: int

    def _copy(self) -> DeadState:
        """Every field, lists copied as ``core.copying.dup`` copies them (the hands'
        rows too), the board shared."""
        new = type(self)(_BLANK)
        self._copy_base(new)
        new.turn = self.turn
        new.pos = self.pos[:]
        new.score = self.score[:]
        new.damage = self.damage[:]
        new.infection = self.infection[:]
        new.hands = [row[:] for row in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.reshuffles = self.reshuffles
        new.token = self.token[:]
        new.pool = self.pool[:]
        new.fire = self.fire[:]
        new.wounded = self.wounded[:]
        new.last_lost = self.last_lost
        new.winner = self.winner
        new.active = self.active
        new.budget = self.budget
        new.chef = self.chef
        new.clerk = self.clerk
        new.guard = self.guard
        new.mother = self.mother
        new.panic = self.panic
        new.a_node = self.a_node
        new.a_value = self.a_value
        new.facedown = self.facedown[:]
        new.main_seat = self.main_seat
        new.main_kind = self.main_kind
        new.toughness = self.toughness
        new.skaters = self.skaters
        new.fight_total = self.fight_total
        new.in_attack = self.in_attack[:]
        new.revealers = self.revealers[:]
        new.hero_defeated = self.hero_defeated
        new.slain = self.slain
        new.slay_units = self.slay_units
        new.hordes = self.hordes[:]
        new.horde_score = self.horde_score
        new.horde_armed = self.horde_armed
        new.h_triggered = self.h_triggered
        new.h_moved = self.h_moved[:]
        new.h_claimed = self.h_claimed[:]
        new.h_prey = self.h_prey
        new.h_targets = self.h_targets[:]
        new.h_reduction = self.h_reduction
        new.h_passes = self.h_passes
        new.board = self.board
        new.goal = self.goal
        return new

    def spend(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.discard.append(card)

    def heroes_or_pass(self, seat: int) -> list[int]:
        """A hero of the hand, or pass: a hero offer in an attack or against the horde."""
        hand = self.hands[seat]
        return [A_CARD + k for k in HEROES if hand[k]] + [A_PASS]
