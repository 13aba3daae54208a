"""Mall of Horror rules.

Each task method is one phase or step of the rulebook, named as the rulebook
names it; each ``on_<kind>`` method applies a seat's decision.  Locations are
indexed 0-5 (rulebook numbers 1-6), character slots are ``seat * 4 + kind``.
Seats in the action space are relative to the deciding seat (0 = self), so one
policy can play every seat.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.deck import deal, draw, from_counts, shuffled, to_bottom
from ...core.dice import roll, roll_dice
from ...core.game import mypyc_attr
from ...core.game_type import GameType
from .actions import (
    A_CHARACTER,
    A_GIVE,
    A_GIVE_TO,
    A_KEEP,
    A_LOCATION,
    A_PASS,
    A_PLAY,
    A_SPRINT,
)
from .data import (
    ARRIVAL_DICE,
    CAMERA,
    CARD_COUNTS,
    CHARACTER_MAX_PLAYERS,
    INITIAL_ZOMBIE_DICE,
    KINDS,
    NUM_CARDS,
    NUM_LOCATIONS,
    OVERRUN_ZOMBIES,
    PARKING,
    SECURITY,
    SMALL_GAME_CLOSED,
    SMALL_GAME_MAX,
    SPRINT,
)
from .declaration import GAME, KIND
from .resample import Resampling
from .state import CLOSED, EATEN, OPEN, OUT, OVERRUN, UNPLACED
from .voting import CHIEF, TRUCK

__all__ = ["CLOSED", "EATEN", "KINDS", "OPEN", "OUT", "OVERRUN", "UNPLACED", "MallOfHorror"]


@mypyc_attr(allow_interpreted_subclasses=True)  # test rigs subclass it
class MallOfHorror(Resampling):
    game_type: ClassVar[GameType] = GAME
    FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "game": (
            "first_player", "round", "loc", "zombies", "closed", "hands", "deck",
            "discards", "chief", "eliminated", "zombie_used",
        ),
        "initial placement": ("place_dice", "pending_place"),
        "round": (
            "hidden", "played", "chief_elected", "dice", "dice_seen", "last_dice", "dest",
            "dest_public", "truck", "truck_seat", "gift", "a_loc", "hardware", "extra",
            "last_eaten",
        ),
        "vote": (
            "v_purpose", "v_loc", "v_runoff", "v_candidates", "v_weights", "v_ballots",
            "v_threats", "last_vote", "last_ballots", "last_weights",
        ),
        "kept for resampling": ("gifts", "bottomed"),
    }  # fmt: skip

    # ----- setup ----------------------------------------------------------
    def setup(self) -> None:
        n = self.num_players
        rng = self.rng
        self.first_player = roll(rng, n)  # "The oldest player goes first."
        self.round = 0
        kinds = [k for k in range(KINDS) if n <= CHARACTER_MAX_PLAYERS[k]]
        self.loc = [UNPLACED if k in kinds else OUT for _ in range(n) for k in range(KINDS)]
        self.hidden = [0] * (n * KINDS)
        self.zombies = [0] * NUM_LOCATIONS
        self.closed = [OPEN] * NUM_LOCATIONS
        if n <= SMALL_GAME_MAX:
            self.closed[SMALL_GAME_CLOSED] = CLOSED
        self.deck = shuffled(rng, from_counts(CARD_COUNTS))
        self.hands = [[0] * NUM_CARDS for _ in range(n)]
        self.discards = [0] * NUM_CARDS
        self.played = [[0] * NUM_CARDS for _ in range(n)]
        self.chief = self.first_player
        self.chief_elected = 0
        for seat in self.order():
            self.hands[seat][draw(self.deck)] += 1
        self.place_dice = [-1, -1]
        self.pending_place = -1
        self.dice = [-1] * ARRIVAL_DICE
        self.dice_seen = [0] * n
        self.last_dice = [-1] * ARRIVAL_DICE
        self.dest = [-1] * n
        self.dest_public = [0] * n
        self.eliminated = [-1] * n
        self.zombie_used = [0] * n
        self.v_purpose = self.v_loc = -1
        self.v_runoff = 0
        self.v_candidates = []
        self.v_weights = [0] * n
        self.v_ballots = [-1] * n
        self.v_threats = [0] * n
        self.last_vote = [-1, -1, 0]
        self.last_ballots = [-1] * n
        self.last_weights = [0] * n
        self.truck = []
        self.truck_seat = -1
        self.gift = [-1, -1, -1]
        self.a_loc = -1
        self.hardware = [0] * NUM_LOCATIONS
        self.extra = [-1, -1]
        self.last_eaten = -1
        # What only some seats know, kept so that ``resample`` keeps it: each truck
        # card given, as [giver, receiver, card], while the receiver surely still
        # holds it (until it plays a card of that kind), and the seat that slid
        # each card under the deck, bottom first.
        self.gifts = []
        self.bottomed = []
        placements = [("place", s) for _ in kinds for s in self.order()]
        self.push(*placements, ("initial_zombies",), ("start_round",))

    # ----- initial placement ----------------------------------------------
    def place(self, seat: int) -> None:
        self.place_dice = roll_dice(self.rng, 2, NUM_LOCATIONS)
        options = sorted({d for d in self.place_dice if self.has_room(d)})
        if not options:
            options = [L for L in range(NUM_LOCATIONS) if self.has_room(L)]
        self.ask(seat, KIND.place_location, [A_LOCATION + L for L in options], public=True)

    def on_place_location(self, action: int) -> None:
        seat = self.current_player
        self.pending_place = action - A_LOCATION
        kinds = [k for k in range(KINDS) if self.loc[seat * KINDS + k] == UNPLACED]
        self.ask(seat, KIND.place_character, [A_CHARACTER + k for k in kinds], public=True)

    def on_place_character(self, action: int) -> None:
        self.loc[self.current_player * KINDS + action - A_CHARACTER] = self.pending_place
        self.pending_place = -1

    def initial_zombies(self) -> None:
        for L in roll_dice(self.rng, INITIAL_ZOMBIE_DICE, NUM_LOCATIONS):
            self.add_zombie(L)
        self.place_dice = [-1, -1]

    # ----- the round ------------------------------------------------------
    def start_round(self) -> None:
        if self.round >= self.options["max_rounds"]:
            self.end_game(truncated=True)  # a cap, not a rule: nobody has won
            return
        self.round += 1
        self.push(
            ("search_truck",),
            ("elect_chief",),
            ("arrival_of_zombies",),
            ("choose_destinations",),
            ("zombie_players",),
            ("move_characters",),
            ("zombie_attack",),
            ("end_round",),
        )

    def end_round(self) -> None:
        n = self.num_players
        self.hidden = [0] * (n * KINDS)
        self.hardware = [0] * NUM_LOCATIONS
        self.played = [[0] * NUM_CARDS for _ in range(n)]
        self.dest = [-1] * n
        self.dest_public = [0] * n
        self.dice_seen = [0] * n
        self.last_dice = [-1] * ARRIVAL_DICE
        self.gift = [-1, -1, -1]
        self.extra = [-1, -1]
        self.a_loc = -1
        self.last_eaten = -1
        self.push(("start_round",))

    # ----- a) Search the Truck --------------------------------------------
    def search_truck(self) -> None:
        if self.deck:  # once the truck is empty the phase is skipped
            self.start_vote(TRUCK, PARKING)

    def search(self, seat: int) -> None:
        self.truck_seat = seat
        self.truck = deal(self.deck, 3)
        del self.bottomed[len(self.deck) :]  # slid cards drawn again are no longer under it
        self.offer_truck(KIND.keep)

    def offer_truck(self, kind: str) -> None:
        """Ask the searcher which truck card to keep, or to give."""
        base = A_KEEP if kind == KIND.keep else A_GIVE
        self.ask(self.truck_seat, kind, [base + c for c in sorted(set(self.truck))])

    def on_keep(self, action: int) -> None:
        seat = self.truck_seat
        self.truck.remove(action - A_KEEP)
        self.hands[seat][action - A_KEEP] += 1
        if self.truck:
            self.offer_truck(KIND.give)
        else:
            self.truck_seat = -1

    def on_give(self, action: int) -> None:
        self.truck.remove(action - A_GIVE)
        self.gift = [self.truck_seat, -1, action - A_GIVE]
        self.ask(
            self.truck_seat,
            KIND.give_to,
            [A_GIVE_TO + r for r in range(self.num_players - 1)],
            public=True,
        )

    def on_give_to(self, action: int) -> None:
        seat = self.truck_seat
        to = (seat + 1 + action - A_GIVE_TO) % self.num_players
        self.gift[1] = to
        self.hands[to][self.gift[2]] += 1
        self.gifts.append(list(self.gift))
        self.bottomed[:0] = [seat] * len(self.truck)
        to_bottom(self.deck, self.truck)  # the third card goes to the bottom
        self.truck = []
        self.truck_seat = -1

    # ----- b) Elect the Chief of Security --------------------------------
    def elect_chief(self) -> None:
        self.chief_elected = 0  # the previous chief remains unless someone is elected
        self.start_vote(CHIEF, SECURITY)

    # ----- c) Arrival of the Zombies ---------------------------------------
    def arrival_of_zombies(self) -> None:
        self.dice = roll_dice(self.rng, ARRIVAL_DICE, NUM_LOCATIONS)
        self.dice_seen = [0] * self.num_players
        if self.chief_elected:
            self.dice_seen[self.chief] = 1
        self.push(*[("camera_window", s) for s in self.order() if self.alive(s)])

    def camera_window(self, seat: int) -> None:
        if not self.dice_seen[seat]:
            legal = [A_PLAY + CAMERA, A_PASS] if self.hands[seat][CAMERA] else [A_PASS]
            self.ask(seat, KIND.camera, legal, public=self.none_left(seat, CAMERA))

    def on_camera(self, action: int) -> None:
        if action != A_PASS:
            self.discard(self.current_player, CAMERA)
            self.dice_seen[self.current_player] = 1

    # ----- d) Choose Destinations ------------------------------------------
    def choose_destinations(self) -> None:
        self.push(*[("destination", s) for s in self.order() if self.alive(s)])

    def destination(self, seat: int) -> None:
        """With every other location closed or overrun, characters all at the Parking
        Lot have nowhere to go: no destination, and no move in phase e)."""
        legal = [A_LOCATION + L for L in self.legal_destinations(seat)]
        if legal:
            self.ask(seat, KIND.destination, legal, public=True)

    def on_destination(self, action: int) -> None:
        seat = self.current_player
        self.dest[seat] = action - A_LOCATION
        if self.chief_elected and seat == self.chief:  # the chief announces first
            self.dest_public[seat] = 1

    def zombie_players(self) -> None:
        """Eliminated players return as zombies from the round after."""
        mode = self.options["zombie_return"]
        self.push(
            *[
                ("zombie_player", s)
                for s in self.order()
                if 0 <= self.eliminated[s] < self.round
                and (mode == "every" or (mode == "once" and not self.zombie_used[s]))
            ]
        )

    def zombie_player(self, seat: int) -> None:
        open_locs = [A_LOCATION + L for L in range(NUM_LOCATIONS) if self.is_open(L)]
        self.ask(seat, KIND.zombie, open_locs + [A_PASS])

    def on_zombie(self, action: int) -> None:
        if action != A_PASS:
            self.zombie_used[self.current_player] += 1
            self.add_zombie(action - A_LOCATION)

    # ----- e) Move Characters ----------------------------------------------
    def move_characters(self) -> None:
        self.dest_public = [1] * self.num_players
        for L in self.dice:  # dice on a closed location are ignored
            self.add_zombie(L)
        self.last_dice = self.dice
        self.dice = [-1] * ARRIVAL_DICE
        for L in range(NUM_LOCATIONS):
            if (
                L != PARKING
                and self.closed[L] == OPEN
                and self.loc.count(L) == 0
                and self.zombies[L] >= OVERRUN_ZOMBIES
            ):
                self.closed[L] = OVERRUN
                self.zombies[L] = 0
        self.push(*[("move", s) for s in self.order() if self.alive(s)], ("after_moves",))

    def move(self, seat: int) -> None:
        D = self.dest[seat]
        if D < 0:  # nowhere to go (see ``destination``)
            return
        mine = self.loc[seat * KINDS : (seat + 1) * KINDS]
        # After a Sprint a character may even return to the location it left.
        sprinted = self.played[seat][SPRINT]
        legal = [
            A_CHARACTER + k
            for k, where in enumerate(mine)
            if where >= 0 and (sprinted or where != D)
        ]
        if self.hands[seat][SPRINT]:
            legal += [A_SPRINT + L for L in range(NUM_LOCATIONS) if L != D and self.is_open(L)]
        self.ask(seat, KIND.move, legal)

    def on_move(self, action: int) -> None:
        seat = self.current_player
        if action >= A_SPRINT and action < A_SPRINT + NUM_LOCATIONS:
            self.discard(seat, SPRINT)
            self.dest[seat] = action - A_SPRINT
            self.push(("move", seat))
            return
        D = self.dest[seat]
        # A full (or overrun) destination sends the character to the Parking Lot.
        c = seat * KINDS + action - A_CHARACTER
        self.loc[c] = D if self.loc[c] == D or self.has_room(D) else PARKING

    def after_moves(self) -> None:
        self.check_end()

    # ----- search ---------------------------------------------------------
    def reasks(self) -> dict:
        """The options of a card window or the truck follow from a hand or truck
        that may have been redrawn."""
        seat = self.current_player
        return {
            KIND.threat: lambda: self.threat_window(seat),
            KIND.camera: lambda: self.camera_window(seat),
            KIND.cards: lambda: self.card_window(seat, self.a_loc),
            KIND.move: lambda: self.move(seat),
            KIND.keep: lambda: self.offer_truck(KIND.keep),
            KIND.give: lambda: self.offer_truck(KIND.give),
        }
