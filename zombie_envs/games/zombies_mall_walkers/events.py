"""Mall Walkers' event cards in play (Z3-045 to Z3-048 and the cards' own words):
at most one a round, where its location word holds, on a target or a card picked
from the discards, and what each effect does."""

from __future__ import annotations

from typing import ClassVar

from ...core.deck import from_counts
from ...core.dice import roll
from ...core.game import mypyc_attr
from .actions import A_CARD, A_PASS, A_PICK, A_TARGET
from .cards import BULLETS, EFFECT, IN_PLAY, KINDS, LIFE, LIFE_CAP, OUTSIDE_WORDS, TYPE, WHERE
from .declaration import KIND
from .fights import Fights
from .mall import CELLS


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses the engine
class EventCards(Fights):
    """Event cards played from the hand outside fights; a base of ``MallWalkers``."""

    #: a part of the engine, which names the game
    engine_part: ClassVar[bool] = True

    def where_ok(self, k: int, square: int) -> bool:
        """The card's location word holds on ``square`` (Z3-045 to Z3-048)."""
        word = WHERE[k]
        if word == "any":
            return True
        if word in OUTSIDE_WORDS:
            return False  # the mall is not in town, has no roads and is no building
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        return mall.where(square) == word

    def targets(self, k: int) -> list[int]:
        s = self.active
        out = []
        for p in self.clockwise(s)[1:]:
            if TYPE[k] == "target" and not self.where_ok(k, self.pos[p]):
                continue
            effect = EFFECT[k]
            if effect == "drop_items" and not any(self.items[p]):
                continue
            if effect == "lose_cards" and not any(self.hands[p]):
                continue
            if effect == "clerk" and self.zombies[self.pos[p]]:
                continue
            out.append(p)
        return out

    def playable(self, k: int) -> bool:
        """Whether the active player may play card ``k`` from the hand now."""
        s = self.active
        here = self.pos[s]
        kind, effect = TYPE[k], EFFECT[k]
        if kind == "combat":
            return False
        if kind == "target":
            return bool(self.targets(k))
        if effect == "panic":
            return any(
                self.bullets[p] and self.where_ok(k, self.pos[p])
                for p in range(self.num_players)
                if p != s
            )
        if not self.where_ok(k, here):
            return False
        if effect == "garbage":
            return bool(self.discard)
        if effect == "clear_store":
            mall = self.mall
            assert mall is not None  # placed: typed, its calls are native
            store = mall.store[here]
            return any(self.zombies[i] for i in self.store_squares(store))
        return True

    def store_squares(self, k: int) -> list[int]:
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        store = mall.store
        return [i for i in range(CELLS * k, CELLS * k + CELLS) if store[i] == k]

    def card_window(self) -> None:
        """At most one event card a round (from your turn to your next), played
        after the draw (assumed: the one window of the turn outside fights)."""
        s = self.active
        if self.played[s] or not any(self.hands[s]):
            return
        self.ask_card_window()

    def ask_card_window(self) -> None:
        s = self.active
        hand = self.hands[s]
        legal = [A_CARD + k for k in range(KINDS) if hand[k] and self.playable(k)]
        self.ask(s, KIND.play_card, legal + [A_PASS])

    def on_play_card(self, action: int) -> None:
        if action == A_PASS:
            return
        s, k = self.active, action - A_CARD
        self.hands[s][k] -= 1
        self.played[s] = 1
        if IN_PLAY[k]:
            self.items[s][k] += 1
            return
        if TYPE[k] == "target":
            self.card = k
            legal = [A_TARGET + (p - s) % self.num_players - 1 for p in self.targets(k)]
            self.ask(s, KIND.target, legal, public=True)
            return
        effect = EFFECT[k]
        if effect == "garbage":
            self.card = k
            legal = sorted({A_PICK + c for c in self.discard})
            self.ask(s, KIND.pick, legal, public=True)
            return
        self.discard.append(k)
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        here = self.pos[s]
        if LIFE[k]:
            self.life[s] = min(LIFE_CAP, self.life[s] + LIFE[k])
        self.bullets[s] += BULLETS[k]
        if effect == "clear_store":
            for i in self.store_squares(mall.store[here]):
                self.zombies[i] = 0
        elif effect == "barricade":
            self.barricades.append([mall.store[here], s])
        elif effect == "panic":
            for p in range(self.num_players):
                if p != s and self.bullets[p] and self.where_ok(k, self.pos[p]):
                    self.bullets[p] -= 1
        elif effect == "sprinkler":
            self.sprinkler = 1

    def on_target(self, action: int) -> None:
        s, k = self.active, self.card
        p = (s + 1 + action - A_TARGET) % self.num_players
        self.card = -1
        self.discard.append(k)
        effect = EFFECT[k]
        if effect == "drop_items":
            for j in range(KINDS):
                self.discard += [j] * self.items[p][j]
            self.items[p] = [0] * KINDS
        elif effect == "lose_cards":
            for _ in range(2):
                cards = from_counts(self.hands[p])
                if cards:
                    lost = cards[roll(self.rng, len(cards))]
                    self.hands[p][lost] -= 1
                    self.discard.append(lost)
        elif effect == "clerk":
            self.zombies[self.pos[p]] = 1
        elif effect == "jam":
            self.jammed[p] = 1
        elif effect == "unlucky":
            self.unlucky[p] = 1

    def on_pick(self, action: int) -> None:
        s, k = self.active, action - A_PICK
        self.discard.remove(k)
        self.hands[s][k] += 1
        self.discard.append(self.card)
        self.card = -1
