"""Maul of America rules: one Zombie Controller (seat 0) against up to four Shoppers.

The game runs as the rulebook tells it: the Maul is built from four map sections
(``maul.py``), the Shoppers pick Food Court squares, the Zombie Controller (ZC)
places one zombie per Shopper, the decks are dealt, and turns go round from the
Shopper on the ZC's left (seat 1) to the ZC.  Each task method is one step of a
turn, named as the rulebook names it; each ``on_<kind>`` method applies a seat's
decision.  A Shopper's attacks are ``attacks.py``, the Zombie Controller's turn
``zombie_turn.py``, mixed into the engine; the seats and a Shopper's standing are
``seats.py``.  Squares are the assembled Maul's square ids; a hand is a list of
counts per hand-card kind (``cards.HAND_NAMES``); a Shopper's equipment is a list
of ``[kind, shots left]`` items, public like everything on the table.
"""

from __future__ import annotations

from typing import ClassVar, cast

from ...core.deck import counts, draw, from_counts, redeal, reshuffle, reshuffled, shuffled
from ...core.dice import roll
from ...core.game import mypyc_attr
from ...core.game_type import GameType
from .actions import (
    A_ACT,
    A_ATTACK,
    A_CALL_OFF,
    A_CARD,
    A_FACE,
    A_GIVE,
    A_NO,
    A_PLACEMENT,
    A_PROPOSE,
    A_SQUARE,
    A_STEP,
    A_TAKE,
    A_TRADE,
    A_YES,
    ACTIONS,
    END_TURN,
    ESCAPE,
    REST,
    SEARCH,
    USE_MEDKIT,
)
from .cards import (
    ACTIONS_BONUS,
    AIM,
    AMMO,
    DEADLY_WOUND,
    DODGE,
    EQUIPMENT,
    FREE_ATTACK_HIT,
    HAND,
    HAND_NAMES,
    MEDKIT,
    MIN_ACTIONS,
    ROLL_ACTIONS,
    SEARCH_NAMES,
    SETUP_DISTANCE,
    SHOPPER_CARDS,
    SPAWN,
    WEAPONS,
    ZOMBIE_HIT,
    can_escape,
    search_deck,
    shopper_deck,
    zombie_deck,
)
from .declaration import GAME, KIND
from .maul import SLOTS, Plan, available, build, placement_index, placements, random_plan
from .seats import DEAD, ESCAPED, PLAYING, ZC
from .state import SECTIONS, count, holds
from .steps import tables
from .zombie_turn import ZombieTurn

_EQUIPMENT_INDEX = {k: i for i, k in enumerate(EQUIPMENT)}


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class MaulOfAmerica(ZombieTurn):
    game_type: ClassVar[GameType] = GAME
    FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "map draft": ("plan", "face"),
        "game": (
            "status", "pos", "wounds", "hands", "items", "searched", "zombies", "dead",
            "search", "search_discard", "sdeck", "sdiscard", "zdeck", "zdiscard", "round",
            "exit", "winner",
        ),
        "turn": (
            "active", "roll", "actions", "spent", "on_food", "aim", "zc_bonus", "shot",
            "trade", "zdone", "waiting",
        ),
        "zombie move": ("z_square", "z_budget", "z_hit", "z_all", "z_next_actions", "z_next_hit"),
    }  # fmt: skip

    def attach(self) -> None:
        """The Maul follows from the drafted plan; rebuilt (memoised) after copies
        (``__init__`` attaches before ``setup`` has drafted anything)."""
        plan = getattr(self, "plan", [])
        self._stops = ((), ([], []))
        self.maul = build(tuple(map(tuple, plan))) if plan else None
        if len(plan) == SECTIONS:
            self.moves, self.food_court, self.search_squares = tables(self.maul)

    # ----- set up ---------------------------------------------------------
    def setup(self) -> None:
        n = self.num_players
        self.plan = []
        self.face = -1
        self.status = [PLAYING] * n
        self.pos = [-1] * n
        self.wounds = [0] * n
        self.hands = [[0] * len(HAND_NAMES) for _ in range(n)]
        self.items = [[] for _ in range(n)]
        self.searched = [-1] * n
        self.zombies = []
        self.zdone = []
        self.dead = 0
        self.waiting = 0
        self.search = shuffled(self.rng, search_deck())
        self.sdeck = shuffled(self.rng, shopper_deck())
        self.zdeck = shuffled(self.rng, zombie_deck())
        self.search_discard = []
        self.sdiscard = []
        self.zdiscard = []
        self.active, self.round, self.roll, self.actions, self.spent = ZC, 0, 0, 0, 0
        self.on_food, self.aim, self.zc_bonus = 0, 0, 0
        self.exit, self.winner, self.shot = -1, -1, -1
        self.trade = [-1, [], []]
        self.z_square, self.z_budget, self.z_hit = -1, 0, ZOMBIE_HIT
        self.z_all, self.z_next_actions, self.z_next_hit = 0, 0, 0
        drafts = []
        if self.options["map_draft"] == "random":
            self.plan = [list(p) for p in random_plan(self.rng)]
            self.attach()
        else:  # the ZC, the Shoppers (their first seat decides), the ZC, the Shoppers
            drafts = [("draft", seat) for seat in (ZC, 1, ZC, 1)]
        self.push(
            *drafts,
            *[("choose_food_court", s) for s in range(1, self.num_players)],
            *[("place_starting_zombie",) for _ in range(1, self.num_players)],
            ("deal",),
            ("next_turn", ZC),
        )

    def draft(self, seat: int) -> None:
        """ "The Zombie Controller chooses one of the eight different Maul sections"; then
        the Shoppers (the first Shopper seat decides for them), the ZC, the Shoppers."""
        plan = cast(Plan, tuple(map(tuple, self.plan)))
        faces = [f for f in available(plan) if not plan or placements(plan, f)]
        self.ask(seat, KIND.face, [A_FACE + f for f in faces], public=True)

    def on_face(self, action: int) -> None:
        face = action - A_FACE
        if not self.plan:
            self.plan.append([face, 0, 0, 0])
            self.attach()
            return
        self.face = face
        options = placements(cast(Plan, tuple(map(tuple, self.plan))), face)
        legal = [A_PLACEMENT + placement_index(r, c, t) for r, c, t in options]
        self.ask(self.current_player, KIND.placement, legal, public=True)

    def on_placement(self, action: int) -> None:
        slot, turns = divmod(action - A_PLACEMENT, 4)
        self.plan.append([self.face, *SLOTS[slot], turns])
        self.face = -1
        self.attach()

    def choose_food_court(self, seat: int) -> None:
        """Shoppers in turn order place their token on any free Food Court square."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        taken = self.occupied()
        free = [A_SQUARE + v for v in maul.food_court if v not in taken]
        self.ask(seat, KIND.start, free, public=True)

    def on_start(self, action: int) -> None:
        self.pos[self.current_player] = action - A_SQUARE

    def place_starting_zombie(self) -> None:
        """One zombie per Shopper, at least 5 squares from every Shopper."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        taken, dist = self.occupied(), maul.dist
        rows = [dist[self.pos[s]] for s in range(1, self.num_players)]  # each asked once
        legal = [
            A_SQUARE + v
            for v in range(maul.size)
            if v not in taken and all(row[v] >= SETUP_DISTANCE for row in rows)
        ]
        if legal:
            self.ask(ZC, KIND.place_zombie, legal, public=True)

    def on_place_zombie(self, action: int) -> None:
        self.add_zombie(action - A_SQUARE, done=0)

    def deal(self) -> None:
        """Three Shopper cards to each Shopper and three Zombie cards to the ZC."""
        for s in range(1, self.num_players):
            for _ in range(HAND):
                self.draw_shopper_card(s)
        for _ in range(HAND):
            self.draw_zombie_card()

    # ----- turns ----------------------------------------------------------
    def next_turn(self, seat: int) -> None:
        """Clockwise from ``seat``: the next Shopper still in the Maul, then the ZC; a
        round starts with the first Shopper.  The time limit ends the game after the
        last Shopper's turn of the last round (MOA-171 to MOA-173)."""
        if seat == ZC:
            self.round += 1
        for s in range(seat + 1, self.num_players):
            if self.status[s] == PLAYING:
                self.push(("shopper_turn", s))
                return
        if self.round >= self.options["max_rounds"]:
            self.end_game()  # the two hours are up: the Zombie Controller wins
            return
        self.push(("zombie_turn",))

    # ----- a Shopper's turn -------------------------------------------------
    def shopper_turn(self, seat: int) -> None:
        """Roll 2d6 for actions, -1 per wound, at least 2; a 7 draws cards."""
        self.active = seat
        self.on_food = int(self.pos[seat] in self.food_court)
        self.roll = sum(self.roll_told(2, 6)) + 2
        if self.roll == 7:
            self.draw_shopper_card(seat)
            if not self.zc_bonus:  # at most one Zombie card between two ZC turns
                self.zc_bonus = 1
                self.draw_zombie_card()
        self.actions = max(self.roll - self.wounds[seat], MIN_ACTIONS)
        self.spent, self.aim = 0, 0
        self.push(("shopper_act",))

    def shopper_act(self) -> None:
        """Spend an action, play a card, or end the turn."""
        s = self.active
        self.ask(s, KIND.act, self.act_options(s))

    def act_options(self, s: int) -> list[int]:
        """The steps, what a Shopper alone on his square may do, and his cards."""
        legal = self.step_options(s)
        if self.crowd(self.pos[s]) <= 1:
            legal += self.alone_options(s)
        hand = self.hands[s]
        legal += [A_CARD + k for k in SHOPPER_CARDS if hand[k] and k != DODGE]
        return sorted(legal)

    def step_options(self, s: int) -> list[int]:
        """The steps his actions pay for (past other pieces only where he need not stop
        on them), and escaping, a move, so allowed on a shared square too."""
        v, left = self.pos[s], self.actions
        taken = self.zombies + [self.pos[p] for p in range(1, self.num_players) if p != s]
        legal = [
            A_STEP + d
            for d, (w, cost) in enumerate(self.moves[v])
            if 0 < cost <= left and (not holds(taken, w) or self.may_enter(w, left - cost, taken))
        ]
        if left >= 1 and v in self.way_out(s):
            legal.append(A_ACT + ESCAPE)
        return legal

    def alone_options(self, s: int) -> list[int]:
        """Searching, a Medkit, attacks and exchanges (an action each), resting on the
        Food Court before spending any, and ending the turn: none on a shared square."""
        legal = []
        if self.actions >= 1:
            if self.may_search(s):
                legal.append(A_ACT + SEARCH)
            if any(kind == MEDKIT for kind, _ in self.items[s]):
                legal.append(A_ACT + USE_MEDKIT)
            legal += [A_ATTACK + i for i in self.attack_kinds(s)]
            legal += [A_TRADE + (p - s) % self.num_players - 1 for p in self.partners(s)]
        if self.spent == 0 and self.on_food and self.wounds[s]:
            legal.append(A_ACT + REST)
        legal.append(A_ACT + END_TURN)
        return legal

    def may_enter(self, w: int, left: int, taken: list[int]) -> bool:
        """A Shopper may pass through an occupied square ``w`` but not end there: it
        needs the actions to reach a square no other piece holds (``taken``)
        afterwards, which may be the square it leaves (the mover itself occupies
        nothing), or to leave the Maul by the designated exit (the move off the
        board costs one)."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        if maul.moves(w, left, (), taken)[0]:
            return True
        out = self.way_out(self.active)
        return left >= 1 and (w in out or any(v in out for v in maul.moves(w, left - 1)[0]))

    def way_out(self, s: int) -> tuple[int, ...]:
        """The squares by which Shopper ``s`` may leave the Maul now: the designated
        exit's (both of an arrow's, MOA-169) once he meets the criteria (MOA-170)."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        if self.exit < 0 or not can_escape(self.items[s]):
            return ()
        return maul.way_out[self.exit]

    def may_search(self, s: int) -> bool:
        v = self.pos[s]
        return (
            v in self.search_squares
            and self.searched[s] != v  # not the same square twice running
            and bool(self.search or self.search_discard)
        )

    def partners(self, s: int) -> list[int]:
        """Shoppers adjacent to ``s`` (an exchange needs both to agree)."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        near = maul.touches[self.pos[s]]
        return [p for p in range(1, self.num_players) if p != s and self.status[p] == PLAYING
                and self.pos[p] in near]  # fmt: skip

    def on_act(self, action: int) -> None:
        s = self.active
        block = ACTIONS.block_of[action]
        if block == "step":
            self.step(s, action - A_STEP)
            return
        if block == "card":
            self.play_shopper_card(s, action - A_CARD)
        elif block == "attack_with":
            self.shot = -1 if action == A_ATTACK else WEAPONS[action - A_ATTACK - 1]
            legal = [A_SQUARE + w for w in self.targets(s, self.shot)]
            self.ask(s, KIND.target, legal, public=True)
            return
        elif block == "trade_with":
            partner = (s + 1 + action - A_TRADE) % self.num_players
            self.spend(1)
            self.trade = [partner, [], []]
            self.push(("trade_offer",))
            return
        else:
            what = action - A_ACT
            if what == END_TURN:
                self.push(("next_turn", s))
                return
            if what == REST:
                self.wounds[s] -= 1  # the whole turn spent to recover one wound
                self.push(("next_turn", s))
                return
            if what == ESCAPE:  # the move off the board by the designated exit
                self.spend(1)
                self.status[s], self.winner = ESCAPED, s
                self.end_game()
                return
            self.spend(1)
            if what == USE_MEDKIT:
                self.discard_item(s, MEDKIT)
                self.wounds[s] = 0
            else:
                self.search_square(s)
                return
        self.push(("shopper_act",))

    def step(self, s: int, d: int) -> None:
        """One square; a window costs two.  Entering a zombie's square gives the ZC a
        free attack that hits on a 6 and no card can stop."""
        w, cost = self.moves[self.pos[s]][d]
        self.spend(cost)
        self.pos[s] = w
        if holds(self.zombies, w) and roll(self.rng, 6) + 1 >= FREE_ATTACK_HIT:
            self.wound(s)
            if self.status[s] != PLAYING:
                return
        self.push(("shopper_act",))

    def play_shopper_card(self, s: int, card: int) -> None:
        self.hands[s][card] -= 1
        self.sdiscard.append(card)
        self.actions += ACTIONS_BONUS[card]
        if ROLL_ACTIONS[card]:
            self.actions += roll(self.rng, 6) + 1
        self.aim += AIM[card]

    # ----- search, equipment, trades ------------------------------------------
    def search_square(self, s: int) -> None:
        """The top Search card: equipment to the searcher, or zombies the ZC places
        next to the Shopper, in the same room; the excess is lost."""
        if not self.search:
            reshuffle(self.rng, self.search, self.search_discard)
        card = draw(self.search)
        self.searched[s] = self.pos[s]
        self.push(("shopper_act",))
        if SPAWN[card]:
            self.search_discard.append(card)
            self.push(("spawn_zombies", SPAWN[card]))
        else:
            self.items[s].append([card, AMMO[card]])
            self.announce(s)

    def spawn_zombies(self, count: int) -> None:
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        if count == 0 or not self.room_for_zombies():
            return
        v = self.pos[self.active]
        room, taken = maul.room, self.occupied()
        free = [w for w, _ in maul.steps[v] if room[w] == room[v] and w not in taken]
        if free:
            self.push(("spawn_zombies", count - 1))
            self.ask(ZC, KIND.spawn, [A_SQUARE + w for w in free], public=True)

    def on_spawn(self, action: int) -> None:
        self.add_zombie(action - A_SQUARE, done=0)

    def announce(self, *seats: int) -> None:
        """A Shopper who can escape announces it; the ZC designates the exit at once,
        the one exit for every Shopper from then on (once, when an exchange makes both
        Shoppers eligible)."""
        if self.exit < 0 and any(can_escape(self.items[s]) for s in seats):
            self.push(("designate_exit",))

    def designate_exit(self) -> None:
        """One choice an exit, named by its first square: an arrow's two squares are
        one exit (MOA-169)."""
        maul = self.maul
        assert maul is not None  # drafted: typed, its calls are native
        legal = [A_SQUARE + way[0] for way in maul.ways_out]
        self.ask(ZC, KIND.designate, legal, public=True)

    def on_designate(self, action: int) -> None:
        self.exit = action - A_SQUARE

    def trade_offer(self) -> None:
        """The active Shopper names what it gives and what it asks for, then proposes."""
        s, (partner, give, take) = self.active, self.trade
        legal = [A_GIVE + _EQUIPMENT_INDEX[k] for k in self.spare(s, give)]
        legal += [A_TAKE + _EQUIPMENT_INDEX[k] for k in self.spare(partner, take)]
        if give or take:
            legal.append(A_PROPOSE)
        legal.append(A_CALL_OFF)
        self.ask(s, KIND.trade, sorted(legal), public=True)

    def spare(self, s: int, named: list[int]) -> list[int]:
        """Equipment kinds ``s`` holds beyond those already named in the offer."""
        held = counts([kind for kind, _ in self.items[s]], len(SEARCH_NAMES))
        for kind in named:
            held[kind] -= 1
        return [k for k in EQUIPMENT if held[k] > 0]

    def on_trade(self, action: int) -> None:
        partner, give, take = self.trade
        if action == A_CALL_OFF:
            self.trade = [-1, [], []]
            self.push(("shopper_act",))
        elif action == A_PROPOSE:
            self.ask(partner, KIND.accept, [A_YES, A_NO], public=True)
        else:  # a new offer, never a change in place: copies of the state share its lists
            if ACTIONS.block_of[action] == "give":
                self.trade = [partner, give + [EQUIPMENT[action - A_GIVE]], take]
            else:
                self.trade = [partner, give, take + [EQUIPMENT[action - A_TAKE]]]
            self.push(("trade_offer",))

    def on_accept(self, action: int) -> None:
        s, (partner, give, take) = self.active, self.trade
        self.trade = [-1, [], []]
        self.push(("shopper_act",))
        if action == A_YES:
            moved_out = [self.take_item(s, k) for k in give]
            moved_in = [self.take_item(partner, k) for k in take]
            self.items[partner] += moved_out
            self.items[s] += moved_in
            self.announce(s, partner)

    def take_item(self, s: int, kind: int) -> list[int]:
        """Remove one item of ``kind`` from ``s`` (the one with most shots) and return it."""
        items = self.items[s]
        i = max((i for i, it in enumerate(items) if it[0] == kind), key=lambda i: items[i][1])
        return items.pop(i)

    # ----- wounds ------------------------------------------------------------
    def wound(self, s: int) -> None:
        """The 4th wound kills: the Shopper stays as a zombie of the ZC (one more
        zombie allowed), active from the ZC's next turn."""
        self.wounds[s] += 1
        if self.wounds[s] < DEADLY_WOUND:
            return
        self.status[s] = DEAD
        self.dead += 1
        self.add_zombie(self.pos[s], done=1)
        self.pos[s] = -1
        for kind, _ in self.items[s]:
            self.search_discard.append(kind)
        self.items[s] = []
        self.sdiscard += from_counts(self.hands[s])
        self.hands[s] = [0] * len(HAND_NAMES)
        if all(self.status[p] == DEAD for p in range(1, self.num_players)):
            self.end_game()  # every Shopper is dead: the Zombie Controller wins
        elif s == self.active:
            self.push(("next_turn", s))

    def bitten(self, s: int) -> None:
        """A zombie's attack hit: the Shopper may play a Dodge (asked even without
        one, so the question never tells the table what the hand holds)."""
        legal = ([A_YES] if self.hands[s][DODGE] else []) + [A_NO]
        self.ask(s, KIND.dodge, legal)

    def on_dodge(self, action: int) -> None:
        s = self.current_player
        if action == A_YES:
            self.hands[s][DODGE] -= 1
            self.sdiscard.append(DODGE)
        else:
            self.wound(s)

    # ----- cards and pieces ---------------------------------------------------------
    def draw_shopper_card(self, s: int) -> None:
        if not self.sdeck:
            reshuffle(self.rng, self.sdeck, self.sdiscard)
        if self.sdeck:
            self.hands[s][draw(self.sdeck)] += 1

    def draw_zombie_card(self) -> None:
        if not self.zdeck:
            reshuffle(self.rng, self.zdeck, self.zdiscard)
        if self.zdeck:
            self.hands[ZC][draw(self.zdeck)] += 1

    def occupied(self) -> set[int]:
        taken = set(self.zombies)
        for s in range(1, self.num_players):
            if self.pos[s] >= 0:
                taken.add(self.pos[s])
        return taken

    def crowd(self, v: int) -> int:
        """How many pieces stand on ``v``."""
        pos = self.pos
        return count(self.zombies, v) + sum(1 for s in range(1, self.num_players) if pos[s] == v)

    # ----- results --------------------------------------------------------------
    def scores(self) -> list[int]:
        """1 for the winner: the first Shopper out, else (time up, or every Shopper
        dead) the Zombie Controller; 0 for everyone else."""
        if not self.terminal:
            return [0] * self.num_players
        won = self.winner if self.winner >= 0 else ZC
        return [int(s == won) for s in range(self.num_players)]

    def redraw_hidden(self, seat: int, rng) -> None:
        """Deal the hands ``seat`` cannot see again, from the cards it has not seen
        (its own hand and the discards are seen): Shopper cards among the other
        Shoppers and the Shopper deck, Zombie cards between the ZC and the Zombie
        deck; the Search deck is shuffled."""
        see = self.visible(seat)
        others = [s for s in range(1, self.num_players) if not see.hand(s)]
        cards = self.sdeck + [c for s in others for c in from_counts(self.hands[s])]
        sizes = [(len(self.sdeck), None)] + [(sum(self.hands[s]), None) for s in others]
        self.sdeck, *hands = redeal(rng, cards, sizes)
        for s, hand in zip(others, hands, strict=True):
            self.hands[s] = counts(hand, len(HAND_NAMES))
        if not see.hand(ZC):
            cards = self.zdeck + from_counts(self.hands[ZC])
            self.zdeck, hand = redeal(
                rng, cards, [(len(self.zdeck), None), (sum(self.hands[ZC]), None)]
            )
            self.hands[ZC] = counts(hand, len(HAND_NAMES))
        self.search = reshuffled(rng, self.search)

    def reasks(self) -> dict:
        """Card options follow from the hand of the seat deciding, which may have
        been redrawn."""
        return {
            KIND.act: self.shopper_act,
            KIND.command: self.command,
            KIND.dodge: lambda: self.bitten(self.current_player),
        }
