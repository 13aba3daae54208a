"""Mall of Horror in words, for text seats: where the round is, what each rule
step did and the choices keyed by location number or letter.

Every line reads secrets through ``observe.Visible`` only: pending ballots,
secret destinations, unseen dice, hands, the truck and a gift's card are told
only to the seats allowed to see them.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.narration import Choice, Narrator, count, letters
from ...core.vote import plurality
from . import places
from .actions import A_CHARACTER, A_LOCATION, ACTIONS
from .data import (
    CAMERA,
    CAPACITY,
    CARD_NAMES,
    CHARACTER_NAMES,
    COLOURS,
    HARDWARE,
    HIDDEN,
    KINDS,
    LOCATION_NAMES,
    OVERRUN_ZOMBIES,
    PARKING,
    SECURITY,
    SPRINT,
    THREAT,
)
from .declaration import KIND
from .engine import EATEN, OPEN, OVERRUN, UNPLACED, MallOfHorror
from .text import legend
from .voting import ATTACK, CHIEF, TRUCK

#: the round's phases, as the task that starts each, in order
PHASES = (
    (MallOfHorror.search_truck, "a) Search the truck"),
    (MallOfHorror.elect_chief, "b) Elect the Chief of Security"),
    (MallOfHorror.arrival_of_zombies, "c) Arrival of the zombies"),
    (MallOfHorror.choose_destinations, "d) Choose destinations"),
    (MallOfHorror.zombie_players, "d) Choose destinations: zombie players"),
    (MallOfHorror.move_characters, "e) Move characters"),
    (MallOfHorror.zombie_attack, "f) Zombie attack"),
    (MallOfHorror.end_round, ""),
)
VOTED_ON = {
    TRUCK: "who searches the truck",
    CHIEF: "who becomes Chief of Security",
    ATTACK: "which colour gives up a character to the zombies",
}
#: what a decision's seat is about, told with the phase
ABOUT = {
    KIND.place_location: "pick where the next character goes",
    KIND.place_character: "pick the character that goes",
    KIND.camera: "the arrival dice are rolled: a Security Camera looks at them",
    KIND.destination: "pick where your characters head (secret until the moves)",
    KIND.zombie: "eliminated players may add a zombie",
    KIND.hide: "pick the character that hides",
}
#: what passing means, by decision
PASSING = {
    KIND.threat: "play no Threat",
    KIND.camera: "do not look at the arrival dice",
    KIND.zombie: "add no zombie",
}
#: the secret decisions, as the other seats hear of them and as their maker does
SECRETLY = {
    KIND.ballot: ("voted", "voted for {}"),
    KIND.keep: ("kept a card", "kept {}"),
    KIND.give: ("picked a card to give away", "picked {} to give away"),
    KIND.destination: ("chose a destination", "chose {} as destination"),
}
_LOCATION_BLOCKS = ("location", "sprint")
#: why a character was eaten (``who``: its colour; ``only``: that it had no other
#: character there, so its giving up was taken without asking)
GAVE_UP = "{who} gave it up to the zombies"
DRAWN = "drawn at random after a second tie"
LOST = "{who} lost the vote and {only}"
ONLY_TIED = "{who} was the only tied colour still there and {only}"
NO_CHOICE = "no other colour there could be chosen and {only}"


def place(L: int) -> str:
    return f"{L + 1} {LOCATION_NAMES[L]}"


def _seats(seats) -> str:
    return ", ".join(COLOURS[s] for s in sorted(seats))


def _dice(dice) -> str:
    return ", ".join(str(d + 1) for d in sorted(dice))


def _total(tally) -> str:
    return ", ".join(f"{COLOURS[s]} {v}" for s, v in enumerate(tally) if v)


def _zombies(z: int) -> str:
    return count(z, "zombie")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _voting(g) -> bool:
    """Whether a vote is the next task."""
    return bool(g.tasks) and g.tasks[-1][0] == MallOfHorror.vote.__name__


class MallNarrator(Narrator, engine=MallOfHorror):
    def name(self, g, seat: int) -> str:
        return COLOURS[seat]

    def legend(self, g) -> list[str]:
        return legend(g)

    # ----- where the game is -------------------------------------------------------
    def phase(self, g, viewer) -> str:
        if g.terminal:
            return f"Round {g.round}: the game is over"
        kind = g.decision
        if g.round == 0:
            return f"Setup: placing characters, placement dice {_dice(g.place_dice)}"
        pending = {task[0] for task in g.tasks}
        now = next(i for i, (task, _) in enumerate(PHASES) if task.__name__ in pending) - 1
        words = [f"Round {g.round}, {PHASES[now][1]}"]
        seat = g.current_player
        if g.v_purpose >= 0:
            words.append(self.vote_words(g))
        elif g.a_loc >= 0:
            words.append(self.attack_words(g, g.a_loc))
        named = self.named(g, seat, viewer)
        if kind == KIND.victim:
            words.append(f"{named} gives up a character to the zombies")
        elif kind in (KIND.keep, KIND.give, KIND.give_to):
            words.append(f"{named} searched the truck")
        elif kind == KIND.move and g.visible(viewer).destination(seat):
            words.append(f"one character at a time heads for {place(g.dest[seat])}")
        elif kind in ABOUT:
            words.append(ABOUT[kind])
        return " - ".join(words)

    def vote_words(self, g) -> str:
        """The vote under way: where, about what, who may be voted for, who votes."""
        runoff = "runoff " if g.v_runoff else ""
        votes = ", ".join(f"{COLOURS[s]} {w}" for s, w in enumerate(g.v_weights) if w)
        text = (
            f"{runoff}vote at {place(g.v_loc)} on {VOTED_ON[g.v_purpose]}: "
            f"candidates {_seats(g.v_candidates)}; voters (votes) {votes}"
        )
        threats = [f"{COLOURS[s]} +{t}" for s, t in enumerate(g.v_threats) if t]
        return text + (f"; Threats {', '.join(threats)}" if threats else "")

    def attack_words(self, g, L: int) -> str:
        z = _zombies(g.zombies[L])
        if L == PARKING:
            return f"zombie attack at {place(L)}: {z}, each eats a character"
        return f"zombie attack at {place(L)}: {z} against a defence of {g.defence(L)}"

    # ----- choices ---------------------------------------------------------------------
    def choices(self, g) -> list[Choice]:
        """Locations keyed by their number, everything else by letters; colours in
        seat order so a colour keeps its place from one vote to the next.  Each
        names the board place a click picks it by and what it would light up."""
        out, lettered = [], 0
        for a in sorted(g.legal, key=lambda a: (self.seat_of(g, a), a)):
            block, offset = ACTIONS.locate(a)
            if block.name in _LOCATION_BLOCKS:
                out.append(self.location_choice(g, a, block.name, offset))
                continue
            choice = CHOOSE[block.name](self, g, a, offset)
            out.append(replace(choice, key=letters(lettered)))
            lettered += 1
        return out

    def location_choice(self, g, a: int, block: str, L: int) -> Choice:
        name, where = LOCATION_NAMES[L], places.location(L)
        text = name if block == "location" else f"play Sprint, go to {name}"
        names = (g.action_name(a), name, place(L))
        return Choice(a, str(L + 1), text, names, self.room(g, L), where, (where,))

    def character_choice(self, g, a: int, kind: int) -> Choice:
        """A character: where it is, and where a move or a placement takes it."""
        seat = g.current_player
        slot = seat * KINDS + kind
        name, at, key = CHARACTER_NAMES[kind], g.loc[slot], places.character(slot)
        detail = f"at {place(at)}" if at >= 0 else ""
        goes = -1
        if g.decision == KIND.place_character:
            goes = g.pending_place
            detail = f"enters {place(goes)}"
        elif g.decision == KIND.move:
            goes = g.dest[seat] if at == g.dest[seat] or g.has_room(g.dest[seat]) else PARKING
            detail += f", goes to {place(goes)}"
            if goes != g.dest[seat]:
                detail += f" ({LOCATION_NAMES[g.dest[seat]]} is full)"
        preview = (key,) if goes < 0 else (key, places.location(goes))
        return Choice(a, "", name, (g.action_name(a),), detail, key, preview)

    def seat_choice(self, g, a: int, offset: int) -> Choice:
        """A colour to vote for or to give the card to: its row; a vote lights up
        its characters where the vote is."""
        seat, target = g.current_player, self.seat_of(g, a)
        verb = "vote for" if g.decision == KIND.ballot else "give it to"
        text = f"{verb} {COLOURS[target]}" + (" (you)" if target == seat else "")
        key = places.seat(target)
        preview = (key,)
        if g.decision == KIND.ballot:
            inside = range(target * KINDS, (target + 1) * KINDS)
            preview += tuple(places.character(c) for c in inside if g.loc[c] == g.v_loc)
        return Choice(a, "", text, (g.action_name(a), COLOURS[target]), "", key, preview)

    def card_choice(self, g, a: int, k: int) -> Choice:
        """A card of the hand (played) or of the truck (kept or given away)."""
        block, _ = ACTIONS.locate(a)
        key = places.card(k) if block.name == "play" else places.truck_card(k)
        preview = (key,)
        if block.name == "play" and g.a_loc >= 0:  # where the card works
            preview += (places.location(g.a_loc),)
        return Choice(a, "", g.action_name(a), (CARD_NAMES[k],), "", key, preview)

    def pass_choice(self, g, a: int, offset: int) -> Choice:
        return Choice(a, "", "pass", (), PASSING.get(g.decision, "play no (more) cards"))

    def seat_of(self, g, a: int) -> int:
        """The absolute seat a vote or give_to action names (-1 for other actions)."""
        block, offset = ACTIONS.locate(a)
        if block.name == "vote":
            return (g.current_player + offset) % g.num_players
        if block.name == "give_to":
            return (g.current_player + 1 + offset) % g.num_players
        return -1

    def room(self, g, L: int) -> str:
        """How full a location is and its zombies, shown beside its name."""
        cap = "inf" if CAPACITY[L] is None else CAPACITY[L]
        return f"[{g.loc.count(L)}/{cap}, {_zombies(g.zombies[L])}]"

    # ----- what happened ----------------------------------------------------------------
    def decision(self, g, action: int, viewer) -> list[str]:
        seat, kind = g.current_player, g.decision
        who = self.who(g, seat, viewer)
        if kind in SECRETLY:
            hidden, told = SECRETLY[kind]
            if not g.visible(viewer).move(seat, kind):
                return [f"{who} {hidden}"]
            block, offset = ACTIONS.locate(action)
            if block.name == "vote":
                what = COLOURS[self.seat_of(g, action)]
            elif block.name == "location":
                what = place(offset)
            else:
                what = CARD_NAMES[offset]
            return [f"{who} {told.format(what)}"]
        if kind == KIND.place_location:
            return [f"{who} picked {place(action - A_LOCATION)}"]
        return []  # every other decision is told by what it changed

    def changed(self, b, a, viewer, why: str = GAVE_UP) -> list[str]:
        """``why``: the reason a character eaten in this step was eaten."""
        lines = []
        if a.round != b.round:
            lines.append(f"Round {a.round} begins; {COLOURS[a.chief]} is Chief of Security.")
        if a.chief_elected and not b.chief_elected:
            lines.append(self.elected(a, viewer))
        lines += self.truck(b, a, viewer)
        lines += self.destinations(b, a, viewer)
        lines += self.cards(b, a, viewer)
        lines += self.overrun(b, a)
        lines += self.characters(b, a, viewer, why)
        if a.terminal and not b.terminal:
            lines.append(self.ending(a))
        return lines

    def elected(self, a, viewer) -> str:
        return f"{self.was(a, a.chief, viewer)} elected Chief of Security"

    # ----- each task's own lines, then what it changed ---------------------------------
    def told_place(self, b, a, viewer, seat: int) -> list[str]:
        rolled = f"{self.who(a, seat, viewer)} rolled the placement dice: {_dice(a.place_dice)}"
        return [rolled, *self.changed(b, a, viewer)]

    def told_initial_zombies(self, b, a, viewer) -> list[str]:
        return self.arrive(b, a) + self.changed(b, a, viewer)

    def told_vote(self, b, a, viewer, *vote) -> list[str]:
        return [f"The {self.vote_words(a)}", *self.changed(b, a, viewer)]

    def told_tally(self, b, a, viewer) -> list[str]:
        """The ballots revealed, the totals and what they decide."""
        purpose, L, runoff = a.last_vote
        ballots = ", ".join(
            f"{self.who(a, s, viewer)} for {COLOURS[t]} ({a.last_weights[s]})"
            for s, t in enumerate(a.last_ballots)
            if t >= 0
        )
        totals, top = plurality(a.last_ballots, a.last_weights)
        line = f"Ballots at {place(L)}: {ballots}; totals {_total(totals)}: "
        if len(top) == 1:
            verb = "loses" if purpose == ATTACK else "wins"
            return [line + f"{self.named(a, top[0], viewer)} {verb} the vote"] + self.changed(
                b, a, viewer
            )
        return [line + self.tie(a, _seats(top))] + self.changed(b, a, viewer, DRAWN)

    def tie(self, a, tied: str) -> str:
        """What a tie in the last vote leads to."""
        purpose, _, runoff = a.last_vote
        if not runoff:
            cards = "cards, then " if purpose == ATTACK else ""
            return f"a tie between {tied}: {cards}a runoff"
        if purpose == ATTACK:
            return f"a tie again between {tied}: the victim is drawn at random"
        if purpose == CHIEF:
            return f"a tie again: nobody is elected, {COLOURS[a.chief]} stays Chief"
        return "a tie again: nobody searches the truck"

    def told_on_victim(self, b, a, viewer, action: int) -> list[str]:
        return self.changed(b, a, viewer, GAVE_UP if len(b.legal) > 1 else self.unasked(b))

    def unasked(self, b) -> str:
        """Why the colour that gave up its only character at a zombie attack was
        the one: the only colour there, the loser of the vote there, or the only
        colour of a tie still there for the runoff."""
        L = b.loc[b.current_player * KINDS + b.legal[0] - A_CHARACTER]
        if len(b.seats_at(L, visible_only=True)) == 1:
            return NO_CHOICE
        _, top = plurality(b.last_ballots, b.last_weights)
        return ONLY_TIED if len(top) > 1 else LOST

    def told_search_truck(self, b, a, viewer) -> list[str]:
        """A truck search decided without a vote."""
        if _voting(a):
            lines = []
        elif not b.deck:
            lines = ["The truck is empty: nobody searches it"]
        elif a.truck_seat >= 0:
            lines = [f"Only {COLOURS[a.truck_seat]} is at {place(PARKING)}: no vote"]
        else:
            lines = [f"Nobody is at {place(PARKING)}: nobody searches the truck"]
        return lines + self.changed(b, a, viewer)

    def told_elect_chief(self, b, a, viewer) -> list[str]:
        """An election decided without a vote; the chief of last round elected again
        is told too."""
        if _voting(a):
            lines = []
        elif a.chief_elected:
            lines = [f"Only {COLOURS[a.chief]} is at {place(SECURITY)}: no vote"]
        else:
            lines = [f"Nobody is at {place(SECURITY)}: no election, {COLOURS[a.chief]} stays Chief"]
        if a.chief_elected and b.chief_elected:
            lines.append(self.elected(a, viewer))
        return lines + self.changed(b, a, viewer)

    def told_arrival_of_zombies(self, b, a, viewer) -> list[str]:
        seen = a.visible(viewer).arrival_dice()
        rolled = "The arrival dice were rolled in secret" + (
            f": you see {_dice(a.dice)}" if seen else ""
        )
        return [rolled, *self.changed(b, a, viewer)]

    def told_destination(self, b, a, viewer, seat: int) -> list[str]:
        """A destination posed as public is the only one, taken without asking."""
        lines = []
        taken = a.dest[seat] >= 0 > b.dest[seat] and not a.dest_public[seat]
        if taken and a.visible(viewer).destination(seat):
            lines.append(f"your characters can only head for {place(a.dest[seat])}")
        return lines + self.changed(b, a, viewer)

    def told_on_zombie(self, b, a, viewer, action: int) -> list[str]:
        lines = []
        if any(n > 0 for n in self.arrivals(b, a)):
            where = next(L for L in range(len(LOCATION_NAMES)) if a.zombies[L] > b.zombies[L])
            who = self.who(b, b.current_player, viewer)
            lines.append(f"{who} (out, a zombie now) added a zombie at {place(where)}")
        return lines + self.changed(b, a, viewer)

    def told_move_characters(self, b, a, viewer) -> list[str]:
        """The dice and the destinations revealed, the zombies they bring."""
        see = a.visible(viewer)
        lines = [f"The arrival dice are revealed: {_dice(a.last_dice)}"]
        shown = [
            f"{COLOURS[s]} {place(a.dest[s])}"
            for s in range(a.num_players)
            if a.dest[s] >= 0 and see.destination(s)
        ]
        if shown:
            lines.append(f"Destinations revealed: {', '.join(shown)}")
        return lines + self.arrive(b, a) + self.changed(b, a, viewer)

    def told_zombie_attack(self, b, a, viewer) -> list[str]:
        lines = []
        most, pinups = a.extra
        if most >= 0:
            lines.append(f"An extra zombie at {place(most)}: the most characters")
        if pinups >= 0:
            lines.append(f"An extra zombie at {place(pinups)}: the most Pin-Ups")
        return lines + self.changed(b, a, viewer)

    def told_attack_location(self, b, a, viewer, L: int) -> list[str]:
        return self.changed(b, a, viewer) + self.attack(a, L)

    def told_break_in(self, b, a, viewer, L: int) -> list[str]:
        lines = self.changed(b, a, viewer)
        if not a.threatened(L) and a.zombies[L]:
            lines.append(f"{place(L)} holds after the cards")
        return lines

    def told_parking_bite(self, b, a, viewer, *first) -> list[str]:
        """Zombies at the Parking Lot with nobody there they may eat leave."""
        lines = []
        if a.zombies[PARKING] < b.zombies[PARKING] and a.loc.count(EATEN) == b.loc.count(EATEN):
            lines.append(f"The zombies at {place(PARKING)} leave: nobody there can be eaten")
        return lines + self.changed(b, a, viewer)

    told_parking_vote = told_parking_bite

    # ----- what any step changed ---------------------------------------------------------
    def truck(self, b, a, viewer) -> list[str]:
        lines = []
        if a.truck_seat >= 0 and b.truck_seat < 0:
            found = ""
            if a.visible(viewer).truck():
                found = ": " + ", ".join(CARD_NAMES[c] for c in a.truck)
            lines.append(f"{self.who(a, a.truck_seat, viewer)} searched the truck{found}")
        giver, receiver, card = a.gift
        if receiver >= 0 and b.gift[1] < 0:
            what = CARD_NAMES[card] if a.visible(viewer).gift_card() else "a card"
            lines.append(
                f"{self.who(a, giver, viewer)} gave {what} to {self.who(a, receiver, viewer)}; "
                "the last card went under the deck"
            )
        return lines

    def destinations(self, b, a, viewer) -> list[str]:
        """The elected chief's destination, announced."""
        return [
            f"{self.who(a, s, viewer)} (the elected chief) announced {place(a.dest[s])}"
            for s in range(a.num_players)
            if a.dest[s] >= 0 > b.dest[s] and a.dest_public[s] and a.visible(viewer).destination(s)
        ]

    def cards(self, b, a, viewer) -> list[str]:
        """Cards played, with what each did."""
        lines = []
        for s in range(a.num_players):
            who = self.who(a, s, viewer)
            for card, (old, new) in enumerate(zip(b.played[s], a.played[s], strict=True)):
                if new <= old:
                    continue
                text = f"{who} played {CARD_NAMES[card]}"
                if card == THREAT:
                    text += ": +1 vote"
                elif card == CAMERA:
                    seen = viewer == s and a.visible(viewer).arrival_dice()
                    text += " and looked at the arrival dice" + (
                        f": {_dice(a.dice)}" if seen else ""
                    )
                elif card == SPRINT and a.visible(viewer).destination(s):
                    text += f": now heading for {place(a.dest[s])}"
                elif card == HARDWARE:
                    text += f" at {place(a.a_loc)}: +1 defence"
                elif card != HIDDEN:  # the character that hides is told with the characters
                    killed = b.zombies[a.a_loc] - a.zombies[a.a_loc]
                    text += f" at {place(a.a_loc)}: {_zombies(killed)} killed"
                lines.append(text)
        return lines

    def arrivals(self, b, a) -> list[int]:
        """The zombies that arrived at each location (at one overrun since, its dice)."""
        arrived = [new - old for old, new in zip(b.zombies, a.zombies, strict=True)]
        for L in range(len(LOCATION_NAMES)):
            if a.closed[L] == OVERRUN and b.closed[L] == OPEN:  # arrived, then overran it
                arrived[L] = a.last_dice.count(L)
        return arrived

    def arrive(self, b, a) -> list[str]:
        added = [f"{n} at {place(L)}" for L, n in enumerate(self.arrivals(b, a)) if n > 0]
        return [f"Zombies arrive: {', '.join(added)}"] if added else []

    def overrun(self, b, a) -> list[str]:
        return [
            f"{place(L)} is overrun ({OVERRUN_ZOMBIES} or more zombies, nobody inside): "
            "closed for good"
            for L in range(len(LOCATION_NAMES))
            if a.closed[L] == OVERRUN and b.closed[L] == OPEN
        ]

    def characters(self, b, a, viewer, why: str) -> list[str]:
        """Characters placed, moved, hidden and eaten, and why."""
        lines = []
        for c, (old, new) in enumerate(zip(b.loc, a.loc, strict=True)):
            if old == new:
                continue
            s = c // KINDS
            whose = f"{self.whose(a, s, viewer)} {CHARACTER_NAMES[c % KINDS]}"
            if old == UNPLACED:
                lines.append(f"{whose} entered {place(new)}")
            elif new == EATEN:
                lines.append(
                    f"{whose} was eaten at {place(old)}: {self.eaten(b, a, viewer, c, why)}"
                )
            elif new == PARKING and a.dest[s] != PARKING and a.visible(viewer).destination(s):
                D = a.dest[s]
                full = "overrun" if a.closed[D] == OVERRUN else "full"
                lines.append(f"{whose} went to the Parking Lot: {LOCATION_NAMES[D]} was {full}")
            else:
                lines.append(f"{whose} moved from {place(old)} to {place(new)}")
        for c, (old, new) in enumerate(zip(b.hidden, a.hidden, strict=True)):
            if new and not old:
                s = c // KINDS
                lines.append(
                    f"{self.whose(a, s, viewer)} {CHARACTER_NAMES[c % KINDS]} hides this round: "
                    "no vote, and it cannot be the victim"
                )
        for s in range(a.num_players):
            if a.eliminated[s] >= 0 > b.eliminated[s]:
                back = "" if a.options["zombie_return"] == "never" else ": a zombie from next round"
                who = self.who(a, s, viewer)
                lines.append(f"{who} lost {self.its(s, viewer)} last character{back}")
        return lines

    def eaten(self, b, a, viewer, c: int, why: str) -> str:
        """Why character ``c`` was eaten, and the points it leaves its colour."""
        s, L = c // KINDS, b.loc[c]
        who = self.who(a, s, viewer)
        reason = why.format(who=who, only=f"{who} had no other character there to give up")
        score = f" ({who}: {count(a.scores()[s], 'point')} now)"
        if L == PARKING and a.zombies[PARKING]:
            score += f"; {_zombies(a.zombies[PARKING])} still at the Parking Lot"
        return reason + score

    def attack(self, a, L: int) -> list[str]:
        z, inside = a.zombies[L], a.loc.count(L)
        if not z or not inside:
            return []
        if a.threatened(L):
            return [_sentence(self.attack_words(a, L))]
        return [f"{place(L)} holds: {_zombies(z)} against a defence of {a.defence(L)}"]

    def ending(self, a) -> str:
        points = ", ".join(f"{COLOURS[s]} {p}" for s, p in enumerate(a.scores()))
        why = "the round cap stops it" if a.truncated else "help arrives"
        return f"The game is over: {why}. Points: {points}"


#: how a choice of each action block (but the locations) is made, keyed later
CHOOSE = {
    "character": MallNarrator.character_choice,
    "vote": MallNarrator.seat_choice,
    "give_to": MallNarrator.seat_choice,
    "play": MallNarrator.card_choice,
    "keep": MallNarrator.card_choice,
    "give": MallNarrator.card_choice,
    "pass": MallNarrator.pass_choice,
}

NARRATOR = MallNarrator()
