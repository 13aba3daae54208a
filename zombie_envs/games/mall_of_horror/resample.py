"""Mall of Horror's resampling: a state a seat cannot tell from the true one,
with every hand, the truck, the deck's unseen cards, unrevealed ballots and
destinations and unseen dice redrawn (what search agents plan on)."""

from __future__ import annotations

from typing import ClassVar, cast

from ...core.deck import counts, from_counts, redeal
from ...core.dice import pick, roll_dice
from ...core.game import mypyc_attr
from .data import ARRIVAL_DICE, NUM_CARDS, NUM_LOCATIONS
from .visible import Visible
from .zombie_attack import ZombieAttack


@mypyc_attr(allow_interpreted_subclasses=True)  # test rigs subclass the engine
class Resampling(ZombieAttack):
    """The engine's ``redraw_hidden`` and what it needs (``MallOfHorror.reasks`` poses
    a decision again); a base of ``MallOfHorror``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def redraw_hidden(self, seat: int, rng) -> None:
        """Deal the other hands, the truck and the deck again from the cards ``seat``
        has not seen: a card it gave stays with the receiver, a card it slid under
        the deck stays there, and a gift it did not see becomes one of the
        receiver's new cards.  Unrevealed ballots and destinations are redrawn
        among the legal ones, and the arrival dice unless it looked at them."""
        see = cast(Visible, self.visible(seat))
        others = [s for s in range(self.num_players) if not see.hand(s)]
        held, aside = self.redeal_unseen(seat, see, others, rng)
        self.redraw_gifts(seat, held, aside, rng)
        self.redraw_choices(see, others, rng)

    def given_by(self, seat: int) -> list[list[int]]:
        """The cards ``seat`` gave that each receiver still holds, by kind."""
        shown = [[0] * NUM_CARDS for _ in range(self.num_players)]
        for giver, receiver, card in self.gifts:
            if giver == seat:
                shown[receiver][card] += 1
        return shown

    def redeal_unseen(self, seat: int, see, others: list[int], rng) -> tuple[dict, list]:
        """Deal the cards ``seat`` has not seen again, each place keeping its size:
        the deck's places it did not fill, the truck unless it looked, a gift given
        but not yet placed, and the other hands but for the cards it gave them.
        Returns the cards dealt to each other hand and the gift's new card (if any)."""
        shown = self.given_by(seat)
        unseen = {s: [h - k for h, k in zip(self.hands[s], shown[s], strict=True)] for s in others}
        places = [i for i, s in enumerate(self.bottomed) if s != seat]
        places += range(len(self.bottomed), len(self.deck))
        truck = [] if see.truck() else self.truck
        giver, receiver, card = self.gift
        aside = [card] if giver not in (-1, seat) and receiver < 0 else []  # given, not yet placed
        cards = [self.deck[i] for i in places] + truck + aside
        cards += [c for s in others for c in from_counts(unseen[s])]
        sizes = [len(places), len(truck), len(aside)] + [sum(unseen[s]) for s in others]
        deck, truck, aside, *hands = redeal(rng, cards, [(size, None) for size in sizes])
        for i, card in zip(places, deck, strict=True):
            self.deck[i] = card
        if not see.truck():
            self.truck = truck
        held = dict(zip(others, hands, strict=True))
        for s in others:
            self.hands[s] = [
                a + b for a, b in zip(counts(held[s], NUM_CARDS), shown[s], strict=True)
            ]
        return held, aside

    def redraw_choices(self, see, others: list[int], rng) -> None:
        """The arrival dice unless seen, and the other seats' unrevealed ballots and
        destinations among the legal ones."""
        if self.dice[0] >= 0 and not see.arrival_dice():
            self.dice = roll_dice(rng, ARRIVAL_DICE, NUM_LOCATIONS)
        for s in others:
            if self.v_ballots[s] >= 0 and not see.ballot(s):
                self.v_ballots[s] = pick(rng, self.v_candidates)
            if self.dest[s] >= 0 and not see.destination(s):
                self.dest[s] = pick(rng, self.legal_destinations(s))

    def redraw_gifts(self, seat: int, held: dict, aside: list, rng) -> None:
        """Gifts ``seat`` neither gave nor received take cards of the receiver's new
        hand (``held``: the cards dealt to it); this round's gift, if already
        played, one of the receiver's plays this round."""
        current = list(self.gift)
        giver, receiver, _ = current
        if aside:
            self.gift[2] = aside[0]
        elif giver >= 0 and seat not in (giver, receiver) and current not in self.gifts:
            self.gift[2] = pick(rng, from_counts(self.played[receiver]))
        for gift in self.gifts:
            if seat not in gift[:2]:
                was = list(gift)
                cards = held[gift[1]]
                gift[2] = pick(rng, cards)
                cards.remove(gift[2])
                if was == current:
                    self.gift = list(gift)
