"""How the heuristic Mall Walkers player plays, aims and keeps its event cards:
each card worth what it does now (an item, a card on a rival, a card played once),
played when worth more than keeping, thrown away when worth little."""

from __future__ import annotations

from ...core.agent import DecisionAgent
from ...core.game import mypyc_attr
from . import routes
from .actions import A_CARD, A_DISCARD, A_KEEP, A_PASS, A_PICK, A_TARGET
from .cards import EFFECT, IN_PLAY, KINDS, LIFE_CAP, NAMES, TYPE, kind

CROSSBOW = kind("Crossbow")
CUTE = kind("Aww, Isn't He Cute!")
LUCKY_SHOT = kind("Lucky Shot")
SURVIVE = EFFECT.index("survive")

#: what a card in the hand is worth keeping, before the situation adjusts it
KEEP_VALUE = {
    "You Want Fries with That?": 5,
    "Crossbow": 7,
    "Now That's Just Gross!": 3,
    "One Man's Garbage": 3,
    "Aww, Isn't He Cute!": 6,
    "Clearance Sale": 5,
    "Clean Up in Aisle 5": 2,
    "Barricade the Door": 1,
    "We're All Gonna Die!": 2,
    "Abandon All Hope": 3,
    "Hello, May I Help You?": 4,
    "I Will Survive!": 8,
    "Jammed": 4,
    "Lots of Luck with That!": 5,
    "Lucky Shot": 9,
    "Sprinkler System": 2,
}
KEEP = tuple(KEEP_VALUE[name] for name in NAMES)
FRIES = kind("You Want Fries with That?")
SALE = kind("Clearance Sale")


@mypyc_attr(allow_interpreted_subclasses=True)  # the heuristic and tests' bots build on it
class CardPlay(DecisionAgent):
    """The event-card decisions of the heuristic player (``bots.HeuristicAgent``
    builds on it), and how much each rival is worth hindering, which they weigh."""

    def threat(self, g, seat: int, p: int) -> float:
        """How much opponent ``p`` is worth hindering."""
        mall, scenario = g.mall, g.options["scenario"]
        w = 0.5 + g.trophies[p] / 10
        if scenario == "keys":
            if g.keeper == p:
                w += 4.0
            elif g.keeper == seat:
                w += 2.0 / (1 + routes.halls(mall, g.pos[seat])[g.pos[p]] / 3)
        elif scenario == "search_and_rescue":
            w += g.rescued[p] / 2
        if mall.centre >= 0:
            w += 3.0 / (1 + routes.walk(mall, mall.centre)[g.pos[p]] / 3)
        return w

    def top_threat(self, g, seat: int, among=None) -> int:
        seats = [p for p in range(g.num_players) if p != seat] if among is None else among
        return max(seats, key=lambda p: (self.threat(g, seat, p), -((p - seat) % g.num_players)))

    def card_value(self, g, seat: int, k: int) -> float:
        """What playing card ``k`` now is worth (0: keep it)."""
        if IN_PLAY[k]:
            return self._item_value(g, seat, k)
        if TYPE[k] == "target":
            return self._target_value(g, seat, k)
        return self._event_value(g, seat, k)

    @staticmethod
    def _item_value(g, seat: int, k: int) -> float:
        """A card that stays in play in front of its player."""
        items = g.items[seat]
        if k == CROSSBOW:
            return 0.0 if items[CROSSBOW] else 7.0
        if EFFECT[k] == "survive":
            return 10.0 if g.life[seat] <= 2 else 8.0
        return 6.0 if items[k] < 2 else 1.0

    def _target_value(self, g, seat: int, k: int) -> float:
        """A card played on another seat: worth more on a bigger threat."""
        targets = self.card_targets(g, seat, k)
        if not targets:
            return 0.0
        p = self.top_threat(g, seat, targets)
        w = self.threat(g, seat, p)
        effect = EFFECT[k]
        if effect == "unlucky":
            return 1.0 + 1.5 * w
        if effect == "jam":
            return 0.5 + w if g.bullets[p] else 0.0
        if effect == "clerk":
            return 1.0 + w
        if effect == "drop_items":
            return 1.0 + 2.0 * sum(g.items[p]) + 0.5 * w
        if effect == "lose_cards":
            return 1.0 + 0.5 * sum(g.hands[p]) + 0.3 * w  # only its size: public
        return 1.0

    def _event_value(self, g, seat: int, k: int) -> float:
        """A card played once, on the table or on its player."""
        effect, life = EFFECT[k], g.life[seat]
        if effect == "garbage":
            best = max((KEEP[c] for c in g.discard), default=0)
            return best - 2.0
        if effect == "clear_store":
            return 6.0 if life <= 2 else 1.0
        if effect == "barricade":
            return 2.5 if life <= 1 else 0.0
        if effect == "panic":
            hit = sum(
                self.threat(g, seat, p)
                for p in range(g.num_players)
                if p != seat and g.bullets[p] and g.mall.where(g.pos[p]) == "hall"
            )
            return 1.0 + hit
        if effect == "sprinkler":
            return 1.5
        if k == FRIES:
            return 0.0 if life >= LIFE_CAP else 8.0 - 1.5 * life
        if k == SALE:
            return 7.0 if g.bullets[seat] <= 2 else 4.0
        return 0.0

    def card_targets(self, g, seat: int, k: int) -> list[int]:
        """The seats card ``k`` may be played on (the engine's rule, from public facts)."""
        out = []
        effect = EFFECT[k]
        for p in range(g.num_players):
            if p == seat or not g.where_ok(k, g.pos[p]):
                continue
            if effect == "drop_items" and not any(g.items[p]):
                continue
            if effect == "lose_cards" and not any(g.hands[p]):  # the size is public
                continue
            if effect == "clerk" and g.zombies[g.pos[p]]:
                continue
            out.append(p)
        return out

    def on_play_card(self, g, seat: int) -> int:
        hand = g.hands[seat]
        best, best_value = A_PASS, 2.0
        if hand[LUCKY_SHOT] and g.life[seat] <= 2:
            best_value = 6.0  # keep the round's card for the Lucky Shot
        for a in g.legal:
            if a == A_PASS:
                continue
            v = self.card_value(g, seat, a - A_CARD)
            if v > best_value:
                best, best_value = a, v
        return best

    def on_target(self, g, seat: int) -> int:
        n = g.num_players
        seats = {(seat + 1 + a - A_TARGET) % n: a for a in g.legal}
        return seats[self.top_threat(g, seat, sorted(seats))]

    def on_pick(self, g, seat: int) -> int:
        return max(g.legal, key=lambda a: (KEEP[a - A_PICK], -a))

    def on_discard(self, g, seat: int) -> int:
        hand = g.hands[seat]
        cards = [k for k in range(KINDS) if hand[k]]

        def worth(k):
            if k == CROSSBOW and g.items[seat][CROSSBOW]:
                return 1
            return KEEP[k]

        worst = min(cards, key=lambda k: (worth(k), k))
        return A_DISCARD + worst if worth(worst) <= 2 else A_KEEP
