"""Mall of Horror's visibility model, ``Visible`` (``observe.Visible``): the single place
that decides who may see each secret (see ``observe.py``).  Kept apart from the
encoder, which the compiled build compiles: a compiled module's classes take no
``__slots__``, and this one is made for every observation."""

from __future__ import annotations

from ...core.visibility import Visibility


class Visible(Visibility):
    """Mall of Horror's secrets, and who may see each."""

    __slots__ = ()

    def hand(self, s: int) -> bool:
        """The cards in a hand: its holder (how many is public)."""
        return self.god or s == self.seat

    def arrival_dice(self) -> bool:
        """The arrival dice, once rolled: the elected chief and Security Camera users."""
        g = self.g
        return g.dice[0] >= 0 and (self.god or (self.seat is not None and g.dice_seen[self.seat]))

    def destination(self, s: int) -> bool:
        """A chosen destination: its chooser; everyone once announced or revealed."""
        g = self.g
        return g.dest[s] >= 0 and (g.dest_public[s] or self.god or s == self.seat)

    def ballot(self, s: int) -> bool:
        """A ballot not yet tallied: its voter."""
        return self.g.v_ballots[s] >= 0 and (self.god or s == self.seat)

    def truck(self) -> bool:
        """The truck cards still to keep or give: the searcher."""
        return bool(self.g.truck) and (self.god or self.g.truck_seat == self.seat)

    def gift_card(self) -> bool:
        """The truck card given this round: its giver and receiver (who gave it
        to whom is public)."""
        giver, receiver, _ = self.g.gift
        return giver >= 0 and (self.god or self.seat in (giver, receiver))

    def deck(self) -> bool:
        """The order and make-up of the deck: nobody (its size is public)."""
        return self.god
