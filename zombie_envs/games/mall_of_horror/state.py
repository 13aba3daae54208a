"""Mall of Horror's state: every field the rules, the views and the bots read, in
one class the rule parts (``voting.py``, ``zombie_attack.py``, ``resample.py``) and
the engine build on, the helpers every part calls, and how a copy copies them.

The fields are declared here so that the compiled build (mypyc) keeps them in slots
and ``_copy`` copies them one by one; the pure build keeps them in ``__dict__`` as
every engine does, and copies them as ``Engine.clone`` says.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.game import _BLANK, Engine, mypyc_attr
from .data import (
    CAPACITY,
    CARD_COUNTS,
    KINDS,
    NUM_LOCATIONS,
    PARKING,
    POINTS,
    STRENGTH,
    SUPERMARKET,
    SUPERMARKET_BREAK_IN,
    ZOMBIE_FIGURES,
    end_survivors,
)

# Character slot states (values of ``loc`` below zero).
UNPLACED, EATEN, OUT = -1, -2, -3
# Location states (values of ``closed``).
OPEN, CLOSED, OVERRUN = 0, 1, 2


@mypyc_attr(allow_interpreted_subclasses=True)  # test rigs subclass the engine
class MallState(Engine):
    """The state of a Mall of Horror game (``MallOfHorror.FIELDS`` lists it by
    lifetime) and the small helpers every part of the rules calls."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    # game
    first_player: int
    round: int
    loc: list[int]
    zombies: list[int]
    closed: list[int]
    hands: list[list[int]]
    deck: list[int]
    discards: list[int]
    chief: int
    eliminated: list[int]
    zombie_used: list[int]
    # initial placement
    place_dice: list[int]
    pending_place: int
    # round
    hidden: list[int]
    played: list[list[int]]
    chief_elected: int
    dice: list[int]
    dice_seen: list[int]
    last_dice: list[int]
    dest: list[int]
    dest_public: list[int]
    truck: list[int]
    truck_seat: int
    gift: list[int]
    a_loc: int
    hardware: list[int]
    extra: list[int]
    last_eaten: int
    # vote
    v_purpose: int
    v_loc: int
    v_runoff: int
    v_candidates: list[int]
    v_weights: list[int]
    v_ballots: list[int]
    v_threats: list[int]
    last_vote: list[int]
    last_ballots: list[int]
    last_weights: list[int]
    # kept for resampling
    gifts: list[list[int]]
    bottomed: list[int]

    def _copy(self) -> MallState:
        """Every field, lists copied as ``core.copying.dup`` copies them (a table's
        rows too: the hands, the cards played, the gifts)."""
        new = type(self)(_BLANK)
        self._copy_base(new)
        new.first_player = self.first_player
        new.round = self.round
        new.loc = self.loc[:]
        new.zombies = self.zombies[:]
        new.closed = self.closed[:]
        new.hands = [row[:] for row in self.hands]
        new.deck = self.deck[:]
        new.discards = self.discards[:]
        new.chief = self.chief
        new.eliminated = self.eliminated[:]
        new.zombie_used = self.zombie_used[:]
        new.place_dice = self.place_dice[:]
        new.pending_place = self.pending_place
        new.hidden = self.hidden[:]
        new.played = [row[:] for row in self.played]
        new.chief_elected = self.chief_elected
        new.dice = self.dice[:]
        new.dice_seen = self.dice_seen[:]
        new.last_dice = self.last_dice[:]
        new.dest = self.dest[:]
        new.dest_public = self.dest_public[:]
        new.truck = self.truck[:]
        new.truck_seat = self.truck_seat
        new.gift = self.gift[:]
        new.a_loc = self.a_loc
        new.hardware = self.hardware[:]
        new.extra = self.extra[:]
        new.last_eaten = self.last_eaten
        new.v_purpose = self.v_purpose
        new.v_loc = self.v_loc
        new.v_runoff = self.v_runoff
        new.v_candidates = self.v_candidates[:]
        new.v_weights = self.v_weights[:]
        new.v_ballots = self.v_ballots[:]
        new.v_threats = self.v_threats[:]
        new.last_vote = self.last_vote[:]
        new.last_ballots = self.last_ballots[:]
        new.last_weights = self.last_weights[:]
        new.gifts = [row[:] for row in self.gifts]
        new.bottomed = self.bottomed[:]
        return new

    # ----- helpers --------------------------------------------------------
    def order(self) -> tuple[int, ...]:
        """Turn order: the Chief of Security first, then clockwise."""
        return self.clockwise(self.chief)

    def is_open(self, L: int) -> bool:
        return self.closed[L] == OPEN

    def has_room(self, L: int) -> bool:
        cap = CAPACITY[L]
        return self.closed[L] == OPEN and (cap is None or self.loc.count(L) < cap)

    def chars_at(self, seat: int, L: int, visible_only: bool = False) -> list[int]:
        """Kinds of ``seat``'s characters at ``L`` (hidden ones left out if asked)."""
        base = seat * KINDS
        kinds = [k for k, where in enumerate(self.loc[base : base + KINDS]) if where == L]
        if visible_only:
            hidden = self.hidden
            return [k for k in kinds if not hidden[base + k]]
        return kinds

    def alive(self, seat: int) -> bool:
        return max(self.loc[seat * KINDS : (seat + 1) * KINDS]) >= 0

    def seats_at(self, L: int, visible_only: bool = False) -> list[int]:
        """Seats with a character at ``L``, in turn order."""
        loc = self.loc
        if visible_only and 1 in self.hidden:
            hidden = self.hidden
            owners = {c // KINDS for c, where in enumerate(loc) if where == L and not hidden[c]}
            return [s for s in self.order() if s in owners]
        return [s for s in self.order() if L in loc[s * KINDS : (s + 1) * KINDS]]

    def add_zombie(self, L: int) -> None:
        """Place a zombie figure, as long as the box has one left."""
        if self.is_open(L) and sum(self.zombies) < ZOMBIE_FIGURES:
            self.zombies[L] += 1

    def defence(self, L: int) -> int:
        """How many zombies the characters at ``L`` hold off (Tough Guy counts 2)."""
        return self.hardware[L] + sum(
            STRENGTH[c % KINDS] for c, where in enumerate(self.loc) if where == L
        )

    def threatened(self, L: int) -> bool:
        z = self.zombies[L]
        if z == 0 or self.loc.count(L) == 0:
            return False
        if L == PARKING:
            return True
        if L == SUPERMARKET and z >= SUPERMARKET_BREAK_IN:
            return True
        return z >= self.defence(L)

    def discard(self, seat: int, card: int) -> None:
        if self.gifts:
            self.gifts = [g for g in self.gifts if g[1] != seat or g[2] != card]
        self.hands[seat][card] -= 1
        self.discards[card] += 1
        self.played[seat][card] += 1

    def none_left(self, seat: int, card: int) -> bool:
        """Whether every seat can tell ``seat`` holds no ``card``: its hand is
        empty (hand sizes are public) or every such card has been played.  Only
        then may a pass-only card question go unasked: asking a seat that holds
        other cards is what keeps its hand secret."""
        return not any(self.hands[seat]) or self.discards[card] == CARD_COUNTS[card]

    def scores(self) -> list[int]:
        out = [0] * self.num_players
        for c, where in enumerate(self.loc):
            if where >= 0:
                out[c // KINDS] += POINTS[c % KINDS]
        return out

    def winners(self) -> list[int]:
        """Most points; ties go to the most cards in hand; still tied, shared."""
        key = [(p, sum(h)) for p, h in zip(self.scores(), self.hands, strict=False)]
        best = max(key)
        return [s for s, k in enumerate(key) if k == best]

    def check_end(self) -> bool:
        """Help arrives: all survivors at one location (not the Parking Lot),
        or only 4 survivors left (6 in a 6-player game)."""
        alive = [where for where in self.loc if where >= 0]
        if len(alive) <= end_survivors(self.num_players) or (
            alive.count(alive[0]) == len(alive) and alive[0] != PARKING
        ):
            self.end_game()
            return True
        return False

    def legal_destinations(self, seat: int, exclude: int = -1) -> list[int]:
        """Open locations where the seat has a character that could go."""
        mine = [where for where in self.loc[seat * KINDS : (seat + 1) * KINDS] if where >= 0]
        return [
            L
            for L in range(NUM_LOCATIONS)
            if exclude != L and self.closed[L] == OPEN and mine.count(L) < len(mine)
        ]

    # ----- a character eaten (phase f) ------------------------------------
    def eat(self, c: int) -> None:
        L = self.loc[c]
        self.loc[c] = EATEN
        self.hidden[c] = 0
        self.last_eaten = c
        if L == PARKING:
            self.zombies[L] -= 1  # each zombie eats one character
        else:
            self.zombies[L] = 0  # after the feast the zombies leave
        seat = c // KINDS
        if not self.alive(seat):
            self.eliminated[seat] = self.round
        self.check_end()

    # ----- written by the parts built on this one -------------------------
    def search(self, seat: int) -> None:
        """The truck searched by ``seat`` (``MallOfHorror.search``)."""
        raise NotImplementedError

    def card_windows(self, L: int, runoff: bool = False) -> list[tuple]:
        """The card windows before a vote at ``L`` (``ZombieAttack.card_windows``)."""
        raise NotImplementedError
