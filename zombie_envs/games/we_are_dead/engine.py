"""We Are Dead: Zombie Mall Massacre rules.

A turn is the rulebook's four steps: movement, attack, discard/draw, the horde.
Each task method is one step or sub-step, named as the rulebook names it; each
``on_<kind>`` method applies a seat's decision.  The horde's steps are
``horde.py``, a base of the engine, and the state is declared in ``state.py``,
below it.  Board squares are node ids of ``core.grid.Board``; a hand is a list
of counts per card kind (attack values 0-4, then the eleven heroes).  Seats in
the ``choose`` block are relative to the deciding seat, so one policy can play
every seat.
"""

from __future__ import annotations

from typing import ClassVar, cast

from ...core.deck import counts, draw, from_counts, redeal, reshuffle, reshuffled, shuffled
from ...core.dice import pick, roll
from ...core.game import mypyc_attr
from ...core.game_type import GameType
from .actions import (
    A_CARD,
    A_CHOOSE,
    A_INFECTION,
    A_PASS,
    A_SQUARE,
    A_YES,
)
from .data import (
    ATTACK_VALUES,
    CHEF,
    CHEF_HAND_SIZE,
    CLERK,
    CLERK_COST,
    EXTRA_DAMAGE,
    FIRE,
    FIRE_PENALTY,
    GOAL,
    HAND_KINDS,
    HAND_SIZE,
    HORDE_INFECTION,
    MOTHER,
    MOVEMENT,
    NUM_ATTACK,
    OPENING_INFECTION,
    PANIC,
    POLICE,
    SECURITY,
    SKATERS,
    TOUGHNESS,
    WOUND_DAMAGE,
    WOUND_PENALTY,
    board,
    deck_cards,
    shopper_tokens,
)
from .declaration import GAME, KIND
from .horde import Horde
from .observe import Visible

ATTACKS = range(NUM_ATTACK)


def _is_hero(card: int) -> bool:
    return NUM_ATTACK <= card < HAND_KINDS


def _in_hand(card: int) -> bool:
    return card < HAND_KINDS


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class WeAreDead(Horde):
    game_type: ClassVar[GameType] = GAME
    FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "game": (
            "turn", "pos", "score", "damage", "infection", "hands", "deck", "discard",
            "reshuffles", "token", "pool", "fire", "wounded", "last_lost", "winner",
        ),
        "turn": ("active", "budget", "chef", "clerk", "guard", "mother", "panic"),
        "attack": (
            "a_node", "a_value", "facedown", "main_seat", "main_kind", "toughness", "skaters",
            "fight_total", "in_attack", "revealers", "hero_defeated", "slain", "slay_units",
        ),
        "horde": (
            "hordes", "horde_score", "horde_armed", "h_triggered", "h_moved", "h_claimed",
            "h_prey", "h_targets", "h_reduction", "h_passes",
        ),
    }  # fmt: skip

    def attach(self) -> None:
        self.board = board(self.options["board"])
        self.goal = GOAL[self.num_players]

    # ----- set up ---------------------------------------------------------
    def setup(self) -> None:
        n, rng, b = self.num_players, self.rng, self.board
        self.active = roll(rng, n)  # "the player who last visited a mall starts"
        self.turn = 0
        self.pos = [b.start] * n
        self.score = [0] * n
        self.damage = [0] * n
        self.infection = [OPENING_INFECTION] * n
        self.hands = [[0] * HAND_KINDS for _ in range(n)]
        self.deck = shuffled(rng, deck_cards())
        self.discard = []
        self.reshuffles = 0
        self.token = [0] * b.size
        self.pool = shuffled(rng, shopper_tokens())
        self.hordes = []
        self.horde_score = 0
        self.horde_armed = 0  # a reshuffle happened: the next horde card adds a token
        self.fire = [0] * n
        self.wounded = [0] * n
        self.budget = 0
        self.chef = self.clerk = self.guard = self.mother = self.panic = 0
        self.a_node = self.a_value = -1
        self.facedown = [-1] * n
        self.main_seat = self.main_kind = -1
        self.toughness = self.skaters = self.fight_total = 0
        self.in_attack = []
        self.revealers = []
        self.hero_defeated = self.slain = self.slay_units = 0
        self.h_triggered = 0
        self.h_moved, self.h_claimed, self.h_targets = [], [], []  # this horde attack
        self.h_prey = -1
        self.h_reduction = self.h_passes = 0
        self.last_lost = -1
        self.winner = -1
        for seat in self.order():
            self.draw(seat, HAND_SIZE, trigger=False)  # opening hordes are replaced
        placing = []
        if self.options["shopper_placement"] == "random":
            cells = shuffled(rng, list(b.token_cells))
            for cell, value in zip(cells, self.pool, strict=False):
                self.token[cell] = value
            self.pool = []
        else:
            order = self.order()
            placing = [("place_token", order[i % n]) for i in range(len(self.pool))]
        self.push(*placing, ("start_turn",))

    def order(self) -> tuple[int, ...]:
        """Turn order: the active player first, then clockwise."""
        return self.clockwise(self.active)

    def place_token(self, seat: int) -> None:
        free = [A_SQUARE + c for c in self.board.token_cells if not self.token[c]]
        self.ask(seat, KIND.place_token, free, public=True)

    def on_place_token(self, action: int) -> None:
        self.token[action - A_SQUARE] = draw(self.pool)  # face down: nobody knows it

    # ----- cards ------------------------------------------------------------
    def draw(self, seat: int, count: int, trigger: bool) -> None:
        """Draw ``count`` cards.  Horde cards are laid face up and replaced; while
        ``trigger`` holds, the first one of this draw sets the horde off."""
        hand = self.hands[seat]
        while count > 0:
            if not self.deck and not self.reshuffle():
                return  # nothing left to hold
            card = draw(self.deck)
            if card < HAND_KINDS:
                hand[card] += 1
                count -= 1
            elif trigger and not self.h_triggered:
                self.horde_card(card)
            if not self.deck:  # the last card was drawn: reshuffle at once
                self.reshuffle()
            if card >= HAND_KINDS:  # the horde card leaves the table after the reshuffle
                self.discard.append(card)

    def reshuffle(self) -> bool:
        """The discard pile becomes the deck, when it holds a card to draw."""
        if all(card >= HAND_KINDS for card in self.discard):
            return False  # only horde cards (or nothing): drawing could never end
        reshuffle(self.rng, self.deck, self.discard)
        self.reshuffles += 1
        self.horde_armed = 1
        return True

    def horde_card(self, card: int) -> None:
        self.h_triggered = 1
        if not self.hordes or (self.horde_armed and len(self.hordes) < 2):
            self.hordes.append(self.board.horde_start)
            if len(self.hordes) == 2:
                self.horde_armed = 0
        if card == HORDE_INFECTION:  # every player gets a token, every time
            for seat in range(self.num_players):
                self.infection[seat] += 1

    def spend_infection(self, seat: int) -> None:
        self.infection[seat] -= 1

    # ----- the turn ---------------------------------------------------------
    def start_turn(self) -> None:
        if self.turn >= self.options["max_turns"]:
            self.end_game(truncated=True)  # a cap, not a rule: nobody has won
            return
        self.turn += 1
        s = self.active
        self.budget = max(0, MOVEMENT - FIRE_PENALTY * self.fire[s])
        self.fire[s] = 0
        self.chef = self.clerk = self.guard = self.mother = self.panic = 0
        self.push(
            ("movement",), ("attack_step",), ("discard_step",), ("draw_step",), ("next_turn",)
        )
        if self.wounded[s]:  # a new hand of six at the start of the next turn
            self.wounded[s] = 0
            self.h_triggered = 0
            self.draw(s, HAND_SIZE - sum(self.hands[s]), trigger=True)
            self.release_the_horde()

    def movement(self) -> None:
        s = self.active
        legal = [A_SQUARE + v for v, _ in self.board.within(self.pos[s], self.budget)]
        hand = self.hands[s]
        if sum(hand) >= 2:  # discarding must keep at least one card in hand
            legal += [A_CARD + k for k in range(HAND_KINDS) if hand[k]]
        if self.infection[s]:
            legal.append(A_INFECTION)
        self.ask(s, KIND.move, sorted(legal))

    def on_move(self, action: int) -> None:
        s = self.active
        if action < A_CARD:
            self.pos[s] = action - A_SQUARE
            return
        if action == A_INFECTION:
            self.spend_infection(s)
        else:
            self.spend(s, action - A_CARD)
        self.budget += 1
        self.push(("movement",))

    def attack_step(self) -> None:
        if self.token[self.pos[self.active]]:
            self.ask(self.active, KIND.attack, [A_YES, A_PASS])

    def on_attack(self, action: int) -> None:
        if action == A_PASS:
            return
        self.a_node = self.pos[self.active]
        self.a_value = self.token[self.a_node]  # flipped: now public
        opponents = self.order()[1:]
        self.push(
            *[("hero_offer", o) for o in opponents],
            ("choose_hero",),
            ("slay",),
            ("end_attack",),
        )

    def hero_offer(self, seat: int) -> None:
        """Every opponent is asked, hero in hand or not, so asking reveals nothing."""
        self.ask(seat, KIND.place_hero, self.heroes_or_pass(seat))

    def on_place_hero(self, action: int) -> None:
        if action != A_PASS:
            seat = self.current_player
            self.hands[seat][action - A_CARD] -= 1
            self.facedown[seat] = action - A_CARD

    def choose_hero(self) -> None:
        placed = [o for o in self.order()[1:] if self.facedown[o] >= 0]
        if placed:
            n, s = self.num_players, self.active
            legal = [A_CHOOSE + (o - s) % n - 1 for o in placed]
            self.ask(s, KIND.choose_hero, legal, public=True)

    def on_choose_hero(self, action: int) -> None:
        s = self.active
        seat = (s + 1 + action - A_CHOOSE) % self.num_players
        kind = self.facedown[seat]
        self.facedown[seat] = -1
        self.main_seat, self.main_kind = seat, kind
        self.toughness = TOUGHNESS[kind - NUM_ATTACK]
        self.skaters = 1 if kind == SKATERS else 0
        self.in_attack = [kind]
        self.revealers = [seat]
        others = [o for o in self.order()[1:] if self.facedown[o] >= 0]
        tasks = [("reveal_offer", o) for o in others]
        if kind == SKATERS:
            tasks += [("skaters_offer", o) for o in self.order()[1:]]
        self.push(*tasks, ("panic_offer",), ("stubborn",), ("fight",))

    def reveal_offer(self, seat: int) -> None:
        self.ask(seat, KIND.reveal, [A_YES, A_PASS])

    def on_reveal(self, action: int) -> None:
        seat = self.current_player
        kind = self.facedown[seat]
        self.facedown[seat] = -1
        if action == A_PASS:  # the hero goes back to its owner's hand
            self.hands[seat][kind] += 1
            return
        self.add_hero(seat, kind)

    def add_hero(self, seat: int, kind: int) -> None:
        """+1 toughness, or +4 for Skaters joining a Skaters main hero."""
        self.in_attack.append(kind)
        if self.skaters and kind == SKATERS:
            self.skaters += 1
            self.toughness += TOUGHNESS[SKATERS - NUM_ATTACK]
        else:
            self.toughness += 1
        if seat not in self.revealers:
            self.revealers.append(seat)

    def skaters_offer(self, seat: int) -> None:
        legal = [A_CARD + SKATERS] if self.hands[seat][SKATERS] else []
        self.ask(seat, KIND.skaters, legal + [A_PASS])

    def on_skaters(self, action: int) -> None:
        if action != A_PASS:
            seat = self.current_player
            self.hands[seat][SKATERS] -= 1
            self.add_hero(seat, SKATERS)
            self.push(("skaters_offer", seat))

    def panic_offer(self) -> None:
        s = self.active
        legal = [A_CARD + PANIC] if self.hands[s][PANIC] else []
        self.ask(s, KIND.panic, legal + [A_PASS])

    def on_panic(self, action: int) -> None:
        """Panicked Human removes every hero played this attack (and Stubborn effects)."""
        if action != A_PASS:
            self.spend(self.active, PANIC)
            self.discard += self.in_attack
            self.in_attack = []
            self.panic = 1

    def stubborn(self) -> None:
        if self.panic:
            return
        s = self.active
        if self.main_kind == POLICE:  # a card lost at random before the fight
            cards = [k for k in range(HAND_KINDS) for _ in range(self.hands[s][k])]
            if cards:
                self.last_lost = pick(self.rng, cards)
                self.spend(s, self.last_lost)
        elif self.main_kind == MOTHER:
            self.mother = 1

    def fight(self) -> None:
        if self.panic:
            return
        if self.fight_total >= self.toughness:
            self.hero_beaten(True)
            return
        s = self.active
        hand = self.hands[s]
        legal = [A_CARD + k for k in ATTACKS if hand[k]]
        if self.infection[s]:
            legal.append(A_INFECTION)
        self.ask(s, KIND.fight, legal + [A_PASS])

    def on_fight(self, action: int) -> None:
        s = self.active
        if action == A_PASS:
            self.hero_beaten(False)
            return
        if action == A_INFECTION:
            self.spend_infection(s)
            self.fight_total += 1
        else:
            self.spend(s, action - A_CARD)
            self.fight_total += ATTACK_VALUES[action - A_CARD]
        self.push(("fight",))

    def hero_beaten(self, defeated: bool) -> None:
        s, kind = self.active, self.main_kind
        self.discard += self.in_attack
        self.in_attack = []
        if defeated:
            self.hero_defeated = 1
            return
        self.damage[s] += 1 + EXTRA_DAMAGE[kind - NUM_ATTACK]
        if kind == SECURITY:
            self.guard = 1
        elif kind == CLERK:
            self.clerk = 1
        elif kind == CHEF:
            self.chef = 1
        elif kind == FIRE:
            self.fire[s] = 1
        if self.damage[s] >= WOUND_DAMAGE:
            self.significantly_wounded(s)

    def significantly_wounded(self, s: int) -> None:
        """The turn ends at once: back to the cart, token gone, -2 points, hand lost."""
        self.token[self.a_node] = 0
        self.pos[s] = self.board.start
        self.damage[s] = 0
        self.score[s] = max(0, self.score[s] - WOUND_PENALTY)
        hand = self.hands[s]
        for k in range(HAND_KINDS):
            self.discard += [k] * hand[k]
            hand[k] = 0
        self.wounded[s] = 1
        self.revealers = []
        self.clear_attack()
        self.tasks = [("next_turn",)]

    def slay(self) -> None:
        if self.guard or self.slain >= self.a_value:
            return  # a beaten Security Guard lets every shopper get away
        s = self.active
        hand = self.hands[s]
        legal = [A_CARD + k for k in ATTACKS if hand[k]]
        if self.infection[s]:
            legal.append(A_INFECTION)
        self.ask(s, KIND.slay, legal + [A_PASS])

    def on_slay(self, action: int) -> None:
        s = self.active
        if action == A_PASS:
            return
        if action == A_INFECTION:
            self.spend_infection(s)
            self.slain += 1
        else:
            self.spend(s, action - A_CARD)
            self.slay_units += 1
            if self.slay_units >= (CLERK_COST if self.clerk else 1):
                self.slay_units = 0
                self.slain += 1
        self.push(("slay",))

    def end_attack(self) -> None:
        s = self.active
        points = self.slain + self.hero_defeated
        if self.mother:
            points = max(0, points - 1)
        self.score[s] += points
        self.token[self.a_node] = 0
        self.clear_attack()
        if self.score[s] >= self.goal:
            self.winner = s
            self.end_game()

    def clear_attack(self) -> None:
        self.a_node = self.a_value = -1
        self.main_seat = self.main_kind = -1
        self.toughness = self.skaters = self.fight_total = 0
        self.hero_defeated = self.slain = self.slay_units = 0
        self.in_attack = []

    # ----- discard / draw ---------------------------------------------------
    def discard_step(self) -> None:
        s = self.active
        hand = self.hands[s]
        held = sum(hand)
        forced = self.chef and held > CHEF_HAND_SIZE
        legal = [A_CARD + k for k in range(HAND_KINDS) if hand[k]] if held > 1 else []
        self.ask(s, KIND.discard, legal if forced else legal + [A_PASS])

    def on_discard(self, action: int) -> None:
        if action != A_PASS:
            self.spend(self.active, action - A_CARD)
            self.push(("discard_step",))

    def hand_limit(self, seat: int) -> int:
        return CHEF_HAND_SIZE if self.chef and seat == self.active else HAND_SIZE

    def draw_step(self) -> None:
        s = self.active
        self.h_triggered = 0
        self.draw(s, self.hand_limit(s) - sum(self.hands[s]), trigger=True)
        # then, clockwise, players who revealed heroes may draw one card
        self.push(
            *[("revealer_draw", o) for o in self.order()[1:] if o in self.revealers],
            ("release_the_horde",),
        )

    def revealer_draw(self, seat: int) -> None:
        self.ask(seat, KIND.revealer_draw, [A_YES, A_PASS])

    def on_revealer_draw(self, action: int) -> None:
        seat = self.current_player
        self.revealers.remove(seat)
        if action == A_YES:
            self.draw(seat, 1, trigger=True)

    # ----- the end of the turn ----------------------------------------------
    def refill(self) -> None:
        for seat in self.order():
            self.draw(seat, self.hand_limit(seat) - sum(self.hands[seat]), trigger=False)

    def next_turn(self) -> None:
        if not any(self.token):  # every shopper token has been flipped
            self.end_game()
            return
        self.active = (self.active + 1) % self.num_players
        self.push(("start_turn",))

    # ----- resampling -----------------------------------------------------------
    def redraw_hidden(self, seat: int, rng) -> None:
        """Deal the other hands, their face-down heroes and the deck again from the
        cards ``seat`` has not seen (not in its hand, the discard pile or face up):
        a face-down card gets a hero, a hand only hand cards, the deck the rest, in
        a new order.  Unflipped shopper tokens, on the board and still to place,
        swap numbers among themselves."""
        see = cast(Visible, self.visible(seat))
        others = [s for s in range(self.num_players) if not see.hand(s)]
        down = [s for s in others if self.facedown[s] >= 0 and not see.facedown(s)]
        cards = self.deck + [self.facedown[s] for s in down]
        cards += [c for s in others for c in from_counts(self.hands[s])]
        places = [(1, _is_hero)] * len(down)
        places += [(sum(self.hands[s]), _in_hand) for s in others]
        *dealt, self.deck = redeal(rng, cards, places + [(len(self.deck), None)])
        for s, (hero,) in zip(down, dealt, strict=False):
            self.facedown[s] = hero
        for s, hand in zip(others, dealt[len(down) :], strict=True):
            self.hands[s] = counts(hand, HAND_KINDS)
        cells = [v for v, value in enumerate(self.token) if value and not see.token(v)]
        numbers = reshuffled(rng, [self.token[v] for v in cells] + self.pool)
        for v, value in zip(cells, numbers, strict=False):
            self.token[v] = value
        self.pool = numbers[len(cells) :]

    def reasks(self) -> dict:
        """A hand's options follow from the cards it holds, which may have been
        redrawn."""
        seat = self.current_player
        return {
            KIND.move: self.movement,
            KIND.place_hero: lambda: self.hero_offer(seat),
            KIND.skaters: lambda: self.skaters_offer(seat),
            KIND.panic: self.panic_offer,
            KIND.fight: self.fight,
            KIND.slay: self.slay,
            KIND.discard: self.discard_step,
            KIND.horde_hero: lambda: self.horde_offer(seat),
        }

    # ----- results ------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        """The first to the goal; else the most points; nobody if the horde
        has more points than every player."""
        best = max(self.score)
        if self.horde_score > best:
            return []
        if self.winner >= 0:
            return [self.winner]
        return [s for s, v in enumerate(self.score) if v == best]
