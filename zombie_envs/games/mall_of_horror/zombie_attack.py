"""Mall of Horror's phase f), the Zombie Attack (MOH-106 to MOH-145): the extra
zombies, each location in turn, the cards played before a vote, the break-in and
the Parking Lot's one bite a zombie."""

from __future__ import annotations

from typing import ClassVar

from ...core.game import mypyc_attr
from .actions import A_CHARACTER, A_PASS, A_PLAY
from .data import (
    CARD_KILLS,
    HARDWARE,
    HIDDEN,
    KINDS,
    NUM_LOCATIONS,
    PARKING,
    PIN_UP,
    SUPERMARKET,
    SUPERMARKET_BREAK_IN,
    THREAT,
    WEAPON1,
    WEAPON2,
)
from .declaration import KIND
from .voting import ATTACK, Voting


@mypyc_attr(allow_interpreted_subclasses=True)  # test rigs subclass the engine
class ZombieAttack(Voting):
    """Phase f), location by location; a base of ``MallOfHorror``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def zombie_attack(self) -> None:
        counts = [self.loc.count(L) for L in range(NUM_LOCATIONS)]
        pinups = [0] * NUM_LOCATIONS
        for s in range(self.num_players):
            where = self.loc[s * KINDS + PIN_UP]
            if where >= 0:
                pinups[where] += 1
        self.extra = [unique_max(counts), unique_max(pinups)]
        for L in self.extra:
            if L >= 0:
                self.add_zombie(L)
        self.push(*[("attack_location", L) for L in range(NUM_LOCATIONS)])

    def attack_location(self, L: int) -> None:
        self.a_loc = L
        if L == PARKING:
            self.push(("parking_bite", 1))
        elif self.threatened(L):
            self.push(*self.card_windows(L), ("break_in", L))

    def card_windows(self, L: int, runoff: bool = False) -> list[tuple]:
        """A card window for each seat with a character at ``L``; before a runoff
        every other seat votes too, so it gets a Threat window in its turn."""
        present = self.seats_at(L)
        if not runoff:
            return [("card_window", s, L) for s in present]
        return [
            ("card_window", s, L) if s in present else ("threat_window", s) for s in self.order()
        ]

    def card_window(self, seat: int, L: int) -> None:
        """One chance per seat to play cards before the vote (asked even with
        nothing playable, unless its hand is empty for all to see).  Threat needs a
        ballot in the coming vote: a visible character there, or any seat before a
        runoff (its vote block is set while its windows are open); Hidden needs a
        visible character; Hardware is useless at the Parking Lot and against the 4
        zombies that break into the Supermarket, so it cannot be played there."""
        hand = self.hands[seat]
        legal = [A_PLAY + c for c in (WEAPON1, WEAPON2) if hand[c]]
        visible = self.chars_at(seat, L, visible_only=True)
        if hand[THREAT] and (visible or self.v_purpose == ATTACK):
            legal.append(A_PLAY + THREAT)
        if hand[HIDDEN] and visible:
            legal.append(A_PLAY + HIDDEN)
        if (
            hand[HARDWARE]
            and L != PARKING
            and not (L == SUPERMARKET and self.zombies[L] >= SUPERMARKET_BREAK_IN)
        ):
            legal.append(A_PLAY + HARDWARE)
        self.ask(seat, KIND.cards, sorted(legal) + [A_PASS], public=not any(hand))

    def on_cards(self, action: int) -> None:
        if action == A_PASS:
            return
        seat, L, card = self.current_player, self.a_loc, action - A_PLAY
        self.discard(seat, card)
        self.push(("card_window", seat, L))  # the player may play more cards
        if card == THREAT:
            self.v_threats[seat] += 1
        elif card == HARDWARE:
            self.hardware[L] += 1
        elif card in (WEAPON1, WEAPON2):
            self.zombies[L] = max(0, self.zombies[L] - CARD_KILLS[card])
        else:
            kinds = self.chars_at(seat, L, visible_only=True)
            self.ask(seat, KIND.hide, [A_CHARACTER + k for k in kinds], public=True)

    def on_hide(self, action: int) -> None:
        self.hidden[self.current_player * KINDS + action - A_CHARACTER] = 1

    def break_in(self, L: int) -> None:
        if self.threatened(L):
            self.start_vote(ATTACK, L)
        else:  # weapons or hardware turned the attack away; played threats are spent
            self.v_threats = [0] * self.num_players

    def parking_bite(self, first: int) -> None:
        """One vote per zombie at the Parking Lot, cards before each vote."""
        if self.zombies[PARKING] == 0:
            return
        if self.loc.count(PARKING) == 0:
            if not first:  # leftovers after everyone was eaten are removed
                self.zombies[PARKING] = 0
            return
        self.push(*self.card_windows(PARKING), ("parking_vote",))

    def parking_vote(self) -> None:
        if self.zombies[PARKING] == 0 or not self.seats_at(PARKING, visible_only=True):
            self.zombies[PARKING] = 0  # nobody left that can be eaten
            self.v_threats = [0] * self.num_players
            return
        self.push(("parking_bite", 0))
        self.start_vote(ATTACK, PARKING)


def unique_max(values: list[int]) -> int:
    """Index of the single largest positive value, or -1 on a tie or all zero."""
    best = max(values)
    if best <= 0 or values.count(best) > 1:
        return -1
    return values.index(best)
