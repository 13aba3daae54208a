"""Zombies!!! 3: Mall Walkers rules, standalone: 2 to 6 players race through a mall
that grows tile by tile from the Front Door to the Helipad.

Everyone starts at the Front Door, on the table with its crossroads (a four-way
hall set aside); the other tiles (the Helipad shuffled in, or at the bottom) form
the stack.  A turn, in the rulebook's order, is the task list of ``turn``: draw
and place a tile (``draw_tile`` / ``on_place_tile``), fight a zombie on your
square (``fight_here``), draw up to 3 event cards (``draw_cards``), play at most
one card a round (``card_window``, or in a fight), roll and move (``movement``,
``step_choice`` / ``on_move``; or crawl through an air duct, ``on_start_move``),
roll and move that many zombies one square each (``zombie_phase`` /
``on_move_zombies``) and discard a card if you like (``discard_step``).  Fights
are ``fights.py`` (``fight_zombie`` / ``combat_roll`` / ``on_fight``; being killed
is ``killed``: the pawn has no life until its next ``turn`` brings 3 life and 3
bullets), playing event cards ``events.py`` (``card_window`` / ``on_play_card``),
the Keys scenario's duels ``keys.py``, all bases of the engine, on the state
``state.py`` declares.  The mall's geometry is ``mall.py``; the cards ``cards.py``.

State (stable names, read by the observation, render, bots and narration):

- ``tiles``: placed tiles ``[kind, row, col, turns, floor]`` in placement order
  (tile ``k``'s squares are ids ``9 k .. 9 k + 8``; see ``mall.py``), public;
  ``stack`` (tile kinds, top last; its order hidden from all), ``drawn`` (the tile
  being placed, -1), ``lost_tiles`` (tiles discarded, public);
- per seat: ``pos`` (pawn square), ``life``, ``bullets``, ``trophies`` (zombies
  killed), ``hands`` (event cards by kind: counts, private to the seat; their
  sizes are public), ``items`` (cards in play by kind: counts, public),
  ``rescued`` (Search and Rescue tokens), ``duct`` (1: ended its last move on an
  air duct square), ``jammed`` and ``unlucky`` (cards played on it), ``played``
  (1: has played its card of this round);
- per square (``mall.MAX_SQUARES`` entries, byte arrays: ``BYTE_FIELDS``):
  ``zombies`` (0/1), ``life_tokens``, ``bullet_tokens``, ``rescue_tokens``;
- ``deck`` (event cards, top last; order hidden from all) and ``discard``
  (public); the stack and deck sizes are public;
- the turn: ``active``, ``first`` (the seat that opens each round), ``round``,
  ``moves_left``, ``zombie_moves``, ``zmoved`` (squares of zombies moved this
  phase), ``combat`` (``[square, die, bonus, weapon]``, square -1: none),
  ``card`` (the card waiting for a target or a pick, -1), ``sprinkler``,
  ``barricades`` (``[tile, seat]``: store doorways closed to zombies);
- the Keys scenario: ``keeper`` (seat holding the keys, -1), ``keys_at`` (square
  where dropped keys lie, -1), ``keys_first`` (1 until the keeper's first move),
  ``duel`` (``[challenger, its roll, the keeper's roll]``), ``dueled`` (the active
  player has tried for the keys this turn);
- ``winner`` (seat, -1); the pending decision is the core's ``decision`` /
  ``legal`` / ``current_player``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import ClassVar

from ...core.deck import counts, draw, from_counts, redeal, reshuffle, reshuffled, shuffled
from ...core.dice import roll
from ...core.game import mypyc_attr
from ...core.game_type import GameType
from .actions import (
    A_DISCARD,
    A_DUCT,
    A_KEEP,
    A_PLACE,
    A_ROLL,
    A_STEP,
    A_STOP,
    A_ZOMBIE,
    PLACE_AT,
)
from .cards import (
    HAND,
    KINDS,
    LIFE_CAP,
    START_BULLETS,
    START_LIFE,
    event_deck,
)
from .declaration import GAME, KIND
from .events import EventCards
from .mall import (
    ALL_TILES,
    CELLS,
    CROSSROADS,
    FRONT_DOOR,
    HELIPAD,
    MAX_SQUARES,
    TILES,
    build,
    placement_index,
    turned,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # a test rig subclasses it
class MallWalkers(EventCards):
    game_type: ClassVar[GameType] = GAME
    FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "game": (
            "tiles", "stack", "lost_tiles", "pos", "life", "bullets", "trophies", "hands",
            "items", "rescued", "duct", "jammed", "unlucky", "played", "zombies",
            "life_tokens", "bullet_tokens", "rescue_tokens", "deck", "discard", "first",
            "round", "barricades", "keeper", "keys_at", "keys_first", "winner",
        ),
        "turn": ("active", "drawn", "moves_left", "zombie_moves", "zmoved", "sprinkler", "dueled"),
        "fight or card": ("combat", "card", "duel"),
    }  # fmt: skip
    SHARED_ITEMS: ClassVar[tuple[str, ...]] = ("tiles",)  # a placed tile never changes
    #: the four per-square counts: most of what a copy would copy item by item
    BYTE_FIELDS: ClassVar[tuple[str, ...]] = (
        "zombies", "life_tokens", "bullet_tokens", "rescue_tokens",
    )  # fmt: skip

    def attach(self) -> None:
        """The mall follows from the placed tiles: rebuilt (memoised) after loads."""
        tiles = getattr(self, "tiles", None)
        self.mall = build(tuple(map(tuple, tiles))) if tiles else None

    # ----- set up ---------------------------------------------------------
    def setup(self) -> None:
        n = self.num_players
        self.tiles = [[FRONT_DOOR, 0, 0, 0, 1], [CROSSROADS, -1, 0, 0, 1]]
        self.attach()
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        stack = list(ALL_TILES)
        stack.remove(FRONT_DOOR)
        stack.remove(CROSSROADS)
        shuffled(self.rng, stack)
        if self.options["helipad"] == "bottom":
            stack.remove(HELIPAD)
            stack.insert(0, HELIPAD)
        self.stack, self.drawn, self.lost_tiles = stack, -1, []
        start = mall.start
        self.pos = [start] * n
        self.life = [START_LIFE] * n
        self.bullets = [START_BULLETS] * n
        self.trophies = [0] * n
        self.hands = [[0] * KINDS for _ in range(n)]
        self.items = [[0] * KINDS for _ in range(n)]
        self.rescued = [0] * n
        self.duct, self.jammed, self.unlucky, self.played = [0] * n, [0] * n, [0] * n, [0] * n
        self.zombies = bytearray(MAX_SQUARES)
        self.life_tokens = bytearray(MAX_SQUARES)
        self.bullet_tokens = bytearray(MAX_SQUARES)
        self.rescue_tokens = bytearray(MAX_SQUARES)
        self.deck = shuffled(self.rng, event_deck())
        self.discard = []
        self.active, self.first, self.round = 0, 0, 1
        self.moves_left = self.zombie_moves = 0
        self.zmoved = []
        self.combat = [-1, 0, 0, -1]
        self.card = -1
        self.sprinkler = 0
        self.barricades = []
        self.keeper, self.keys_at, self.keys_first = -1, -1, 0
        self.duel = [-1, 0, 0]
        self.dueled = 0
        self.winner = -1
        # "Place Zombies on these tiles as normal" (Z3-040)
        self.populate(0)
        self.populate(1)
        for s in range(n):
            self.draw_cards(s)
        if self.scenario == "keys":
            self.roll_for_keys()
        self.push(("turn", self.first))

    @property
    def scenario(self) -> str:
        return self.options["scenario"]

    # ----- tiles ------------------------------------------------------------
    def populate(self, k: int) -> None:
        """Put tile ``k``'s zombies, life and bullet tokens on it: zombies one per
        free square (no zombie or player there) in the tile's order (the Helipad's
        centre, store spaces, hall squares, the middle square last), the excess lost;
        tokens one per square in the same order, round again if there are more.  In
        Search and Rescue a three-space store holds a rescue token on each space and
        its zombies go on the tile's hall squares instead (Z3-003, Z3-004)."""
        kind, _, _, turns, _ = self.tiles[k]
        tile, t = TILES[kind], turned(kind, turns)
        base = CELLS * k
        players = set(self.pos)
        cells = t.order
        if self.scenario == "search_and_rescue" and tile.store_spaces == 3:
            for cell in cells:
                if t.room[cell]:
                    self.rescue_tokens[base + cell] += 1
            cells = tuple(c for c in cells if not t.room[c])
        left = tile.zombies
        for cell in cells:
            if not left:
                break
            sq = base + cell
            if not self.zombies[sq] and sq not in players:
                self.zombies[sq] = 1
                left -= 1
        order = t.order
        for i in range(tile.life + tile.bullets):
            sq = base + order[i % len(order)]
            if i < tile.life:
                self.life_tokens[sq] += 1
            else:
                self.bullet_tokens[sq] += 1

    def draw_tile(self) -> None:
        """Step 1: draw the top tile and place it.  The Helipad goes back into the
        stack (at a random place under the top, so the player draws another tile)
        while it cannot be placed (before the Escalator, Z3-065), and is discarded
        when it cannot be placed as the last tile; any other tile that fits nowhere
        is discarded (assumed, from the base game)."""
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        while self.stack:
            kind = draw(self.stack)
            options = mall.placements(kind)
            if options:
                self.drawn = kind
                legal = [A_PLACE + placement_index(r, c, t) for r, c, t, _ in options]
                self.ask(self.active, KIND.place_tile, legal, public=True)
                return
            if kind == HELIPAD and self.stack:
                self.stack.insert(roll(self.rng, len(self.stack)), HELIPAD)
                continue
            self.lost_tiles.append(kind)
            return

    def on_place_tile(self, action: int) -> None:
        r, c, turns = PLACE_AT[action - A_PLACE]
        kind = self.drawn
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        floor = mall.fit(kind, (r, c), turns)
        self.tiles.append([kind, r, c, turns, floor])
        self.drawn = -1
        self.attach()
        self.populate(len(self.tiles) - 1)

    # ----- a turn -----------------------------------------------------------
    def turn(self, seat: int) -> None:
        """A player killed since its last turn starts this one with 3 life and 3
        bullets (Z3B-12); then the steps, in the rulebook's order."""
        self.active = seat
        if not self.life[seat]:
            self.life[seat], self.bullets[seat] = START_LIFE, START_BULLETS
        self.played[seat] = 0
        self.dueled = 0
        self.barricades = [b for b in self.barricades if b[1] != seat]
        self.push(
            ("draw_tile",),
            ("fight_here",),
            ("challenge_here",),
            ("draw_cards", seat),
            ("card_window",),
            ("movement",),
            ("zombie_phase",),
            ("discard_step",),
            ("end_turn", seat),
        )

    def end_turn(self, seat: int) -> None:
        """The next seat; after the last turn of round ``max_rounds`` the game is
        truncated: the rulebook has no time limit (Z3-049), so that safety cap ends it
        with no winner."""
        self.sprinkler = 0
        self.jammed[seat] = 0
        self.moves_left = self.zombie_moves = 0
        self.zmoved = []
        nxt = (seat + 1) % self.num_players
        if nxt == self.first:
            if self.round >= self.options["max_rounds"]:
                self.end_game(truncated=True)  # a cap, not a rule: nobody has won
                return
            self.round += 1
        self.push(("turn", nxt))

    def fight_here(self) -> None:
        """Step 2: fight a zombie on your own square (a pawn on the Helipad's centre may
        win there: in the scenarios it may have come to meet their condition since)."""
        s = self.active
        if self.zombies[self.pos[s]]:
            self.push(("fight_zombie", self.pos[s]))
        self.push(("check_win",))

    def draw_cards(self, seat: int) -> None:
        """Step 3: draw event cards until the hand holds 3 (the discards are shuffled
        into a new deck when it runs out)."""
        hand = self.hands[seat]
        while sum(hand) < HAND:
            if not self.deck:
                reshuffle(self.rng, self.deck, self.discard)
                if not self.deck:
                    return
            hand[draw(self.deck)] += 1

    # ----- movement ---------------------------------------------------------
    def movement(self) -> None:
        """Step 4: roll and move; or, having ended the last move on a store's air
        duct, crawl to the duct of a store touching it instead (Z3-059 to Z3-063)."""
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        s = self.active
        here = self.pos[s]
        store = mall.store[here]
        links = mall.links[store] if store >= 0 and mall.duct[store] == here else ()
        if self.duct[s] and links:
            legal = [A_ROLL] + [A_DUCT + k for k in links]
            self.ask(s, KIND.start_move, legal, public=True)
        else:
            self.push(("roll_move",))

    def on_start_move(self, action: int) -> None:
        if action == A_ROLL:
            self.push(("roll_move",))
            return
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        s = self.active
        square = mall.duct[action - A_DUCT]
        self.pos[s] = square
        self.push(("enter", square), ("end_move",))

    def roll_move(self) -> None:
        s = self.active
        if self.keys_first and self.keeper == s:
            self.keys_first = 0
            self.moves_left = sum(self.roll_told(2, 6)) + 2
        else:
            self.moves_left = roll(self.rng, 6) + 1
        if self.unlucky[s]:
            self.unlucky[s] = 0
            self.moves_left = 1
        self.push(("step_choice",), ("end_move",))

    def step_choice(self) -> None:
        if self.moves_left <= 0:
            return
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        s = self.active
        nbr = mall.nbr[self.pos[s]]
        legal = [A_STEP + d for d in range(4) if nbr[d] >= 0] + [A_STOP]
        self.ask(s, KIND.move, legal, public=True)

    def on_move(self, action: int) -> None:
        if action == A_STOP:
            return
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        s = self.active
        square = mall.nbr[self.pos[s]][action - A_STEP]
        self.moves_left -= 1
        self.pos[s] = square
        self.push(("enter", square), ("step_choice",))

    def enter(self, square: int) -> None:
        """Entering a square: fight its zombie, then pick up what lies there."""
        if self.zombies[square]:
            self.push(("fight_zombie", square), ("arrive", square))
        else:
            self.arrive(square)

    def arrive(self, square: int) -> None:
        """Pick up life tokens (up to 5 life; the rest stay), bullets, rescue tokens
        and dropped keys (Z3-020: "as if they were a life or bullet token"); then a
        player and the keeper who come to share the square meet (``meet_keeper``)."""
        s = self.active
        room = LIFE_CAP - self.life[s]
        took = min(room, self.life_tokens[square])
        self.life[s] += took
        self.life_tokens[square] -= took
        self.bullets[s] += self.bullet_tokens[square]
        self.bullet_tokens[square] = 0
        self.rescued[s] += self.rescue_tokens[square]
        self.rescue_tokens[square] = 0
        if self.keys_at == square:
            self.keeper, self.keys_at = s, -1
        self.push(("check_win",))
        self.meet_keeper()

    def end_move(self) -> None:
        """Ending the move on a store's air duct square opens the duct next turn."""
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        s = self.active
        here = self.pos[s]
        store = mall.store[here]
        self.duct[s] = int(store >= 0 and mall.duct[store] == here)
        self.moves_left = 0

    # ----- winning ----------------------------------------------------------
    def check_win(self) -> None:
        """On the Helipad's centre with no zombie left there: the standard game is
        won; Search and Rescue needs the most rescued tokens, the Keys the keys."""
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        s = self.active
        centre = mall.centre
        if centre < 0 or self.pos[s] != centre or self.zombies[centre]:
            return
        if self.scenario == "search_and_rescue":
            # "with the most": no one holds more (a tied leader who arrives first wins;
            # reading it as strictly more left tied leaders unable to win at all)
            if not self.rescued[s] or self.rescued[s] < max(self.rescued):
                return
        elif self.scenario == "keys" and self.keeper != s:
            return
        self.win(s)

    # ----- zombies ----------------------------------------------------------
    def zombie_phase(self) -> None:
        """Step 5: roll a die and move that many zombies one square each (the active
        player picks which and where; at most one zombie a square, never through a
        duct or a barricaded doorway, each zombie once).  That many, not up to that
        many (Z3B-07): fewer only when no zombie left can move."""
        self.zombie_moves = 6 if self.sprinkler else roll(self.rng, 6) + 1
        self.zmoved = []
        self.push(("zombie_choice",))

    def zombie_options(self) -> list[int]:
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        zombies, exits = self.zombies, mall.exits
        barred = self.barred_doorway()
        moved = self.zmoved
        legal = []
        for sq in compress(range(MAX_SQUARES), zombies):  # the few squares with a zombie
            if sq in moved:
                continue
            for step, to, door in exits[sq]:
                if not zombies[to] and not (door and barred(sq, to)):
                    legal.append(A_ZOMBIE + step)
        return legal

    def options_after(self, sq: int, to: int) -> list[int]:
        """The zombie options once the zombie on ``sq`` has moved to ``to``, from
        those it was chosen from: its own go, and the steps into ``to``; steps
        into ``sq`` by zombies yet to move come in.  A few changes instead of
        every zombie's steps again, which a zombie phase would ask up to six
        times."""
        mall, zombies = self.mall, self.zombies
        assert mall is not None  # placed: typed, its calls are native
        zoptions = self.zoptions
        assert zoptions is not None  # the options this move was chosen from
        gone = {A_ZOMBIE + step for step, _, _ in mall.exits[sq]}
        gone.update(A_ZOMBIE + step for step, _, _ in mall.entries[to])
        legal = [a for a in zoptions if a not in gone]
        barred = self.barred_doorway()
        for step, near, door in mall.entries[sq]:
            if zombies[near] and near not in self.zmoved and not (door and barred(near, sq)):
                legal.append(A_ZOMBIE + step)
        legal.sort()
        return legal

    def barred_doorway(self) -> Callable[[int, int], bool]:
        """Whether a doorway between two squares is closed to zombies: one side of it
        is in a barricaded store (a test made once per question, for many steps)."""
        closed = {tile for tile, _ in self.barricades}
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        store = mall.store
        return lambda a, b: bool(closed) and (store[a] in closed or store[b] in closed)

    def zombie_choice(self, sq: int = -1, to: int = -1) -> None:
        """The next zombie move, after the one from ``sq`` to ``to`` if given."""
        if self.zombie_moves <= 0:
            return
        known = sq >= 0 and self.zoptions is not None
        legal = self.options_after(sq, to) if known else self.zombie_options()
        self.zoptions = tuple(legal)
        if legal:
            self.ask(self.active, KIND.move_zombies, legal, public=True)

    def on_move_zombies(self, action: int) -> None:
        mall = self.mall
        assert mall is not None  # placed: typed, its calls are native
        sq, d = divmod(action - A_ZOMBIE, 4)
        to = mall.nbr[sq][d]
        self.zombies[sq], self.zombies[to] = 0, 1
        self.zmoved.append(to)
        self.zombie_moves -= 1
        self.push(("zombie_choice", sq, to))

    # ----- step 6 -----------------------------------------------------------
    def discard_step(self) -> None:
        if any(self.hands[self.active]):
            self.ask_discard()

    def ask_discard(self) -> None:
        s = self.active
        hand = self.hands[s]
        self.ask(s, KIND.discard, [A_DISCARD + k for k in range(KINDS) if hand[k]] + [A_KEEP])

    def on_discard(self, action: int) -> None:
        if action == A_KEEP:
            return
        k = action - A_DISCARD
        self.hands[self.active][k] -= 1
        self.discard.append(k)

    # ----- results ----------------------------------------------------------
    def scores(self) -> list[int]:
        """1 for the winner and 0 for the others once someone has won; otherwise (in
        play, or truncated by the round cap) the zombies each seat has killed."""
        if self.winner >= 0:
            return [int(s == self.winner) for s in range(self.num_players)]
        return list(self.trophies)

    # ----- hidden information -------------------------------------------------
    def redraw_hidden(self, seat: int, rng) -> None:
        """Deal the hands ``seat`` cannot see (every other hand) again from those cards
        and the deck, keeping each hand's size; shuffle the deck and the tile stack (a
        Helipad known to lie at the bottom stays there)."""
        others = [p for p in range(self.num_players) if p != seat]
        cards = self.deck + [c for p in others for c in from_counts(self.hands[p])]
        sizes = [(len(self.deck), None)] + [(sum(self.hands[p]), None) for p in others]
        self.deck, *hands = redeal(rng, cards, sizes)
        for p, hand in zip(others, hands, strict=True):
            self.hands[p] = counts(hand, KINDS)
        bottom = self.options["helipad"] == "bottom" and self.stack[:1] == [HELIPAD]
        rest = self.stack[1:] if bottom else self.stack
        self.stack = ([HELIPAD] if bottom else []) + reshuffled(rng, rest)

    def reasks(self) -> dict:
        """Card options follow from the hand of the seat deciding, which may have
        been redrawn."""
        return {
            KIND.play_card: self.ask_card_window,
            KIND.fight: self.ask_fight,
            KIND.discard: self.ask_discard,
        }
