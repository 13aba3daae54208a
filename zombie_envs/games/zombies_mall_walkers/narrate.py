"""Mall Walkers in words, for text seats: the round and whose turn it is, the tile
drawn and where it went, fights and their rolls, moves, zombie moves, cards drawn,
played and discarded, deaths, the keys and the end; squares named by their row
and column as the boards label them, ``r-4c2``, dice by the faces they show.

``choices`` gives each legal action the words a player types (compass words and
square names for a move) and the place on the picture a click picks
(``picture.py`` marks the same keys), with what to light up while pointing at it.

Every line reads secrets through ``observe.Visible`` only: a hand's cards are named
only to its holder (its size, the discard pile and every card in play are public).
"""

from __future__ import annotations

from ...core.compass import SIDE_SHORT, SIDE_WORDS
from ...core.narration import Choice, Narrator, count, faces, letters
from . import places
from .actions import (
    A_BULLETS,
    A_CARD,
    A_CHALLENGE,
    A_DISCARD,
    A_DUCT,
    A_DUEL,
    A_PICK,
    A_PLACE,
    A_STEP,
    A_STOP,
    A_TARGET,
    A_USE,
    A_WOUND,
    A_ZOMBIE,
    DUEL_BULLET,
    DUEL_LIFE,
    PLACE_AT,
)
from .cards import HIT, IN_PLAY, NAMES, START_BULLETS, START_LIFE
from .engine import MallWalkers
from .mall import CELLS
from .mall import NAMES as TILE_NAMES
from .places import edge, named, square
from .text import fitting, legend, result, slot


def _cards(kinds) -> str:
    return ", ".join(NAMES[k] for k in kinds)


def _gained(before: list[int], after: list[int]) -> list[int]:
    """Kinds counted more often in ``after`` than in ``before`` (counts by kind), once a copy."""
    return [k for k, (b, a) in enumerate(zip(before, after, strict=True)) for _ in range(a - b)]


def _pile(cards: list[int]) -> list[int]:
    return [cards.count(k) for k in range(len(NAMES))]


def _card_place(g, k: int) -> str:
    """Where the active seat's card ``k`` lies on its panel: in play, else in hand."""
    return places.in_play(k) if IN_PLAY[k] and g.items[g.active][k] else places.hand(k)


#: what the seat at a decision is doing, ``(to itself, to the others)``: ``doing_<kind>``
DOING = "doing_"
#: a decision's choices, each with what the story says of the seat taking it: ``choose_<kind>``
CHOOSE = "choose_"


class MallWalkersNarrator(Narrator, engine=MallWalkers, per_kind=(DOING, CHOOSE)):
    def opening(self, g, seat: int, viewer) -> str:
        """``Your`` or ``Player 2's``, to open a line."""
        return "Your" if seat == viewer else f"{self.name(g, seat)}'s"

    def legend(self, g) -> list[str]:
        return legend(g)

    # ----- where the game is ----------------------------------------------------------
    def phase(self, g, viewer) -> str:
        rounds = f"Round {g.round} of {g.options['max_rounds']}"
        if g.terminal:
            return f"{rounds}: the game is over, {result(g)}"
        head = f"{rounds}, {self.whose(g, g.active, viewer)} turn"
        if g.decision is None:
            return head
        you = g.current_player == viewer
        who = "you" if you else self.name(g, g.current_player)
        doing = self.for_decision(DOING, g)
        return f"{head}: {who} {doing[0] if you else doing[1]}"

    def doing_place_tile(self, g) -> tuple[str, str]:
        tile = TILE_NAMES[g.drawn]
        return f"choose where the {tile} goes", f"chooses where the {tile} goes"

    def doing_fight(self, g) -> tuple[str, str]:
        at, die, bonus, _ = g.combat
        plus = f" + {bonus}" if bonus else ""
        tail = f"the zombie at {square(g.mall, at)}: rolled {die}{plus}, {HIT} or more kills"
        return f"fight {tail}", f"fights {tail}"

    def doing_play_card(self, g) -> tuple[str, str]:
        return "may play an event card", "may play an event card"

    def doing_target(self, g) -> tuple[str, str]:
        card = NAMES[g.card]
        return f"choose who gets {card}", f"chooses who gets {card}"

    def doing_pick(self, g) -> tuple[str, str]:
        return "take a card from the discard pile", "takes a card from the discard pile"

    def doing_start_move(self, g) -> tuple[str, str]:
        return (
            "roll to move or crawl through the air duct",
            "rolls to move or crawls through the air duct",
        )

    def doing_move(self, g) -> tuple[str, str]:
        left = count(g.moves_left, "move")
        return f"move, {left} left", f"moves, {left} left"

    def doing_move_zombies(self, g) -> tuple[str, str]:
        left = count(g.zombie_moves, "zombie")
        return f"move {left}", f"moves {left}"

    def doing_discard(self, g) -> tuple[str, str]:
        return "may discard a card", "may discard a card"

    def doing_challenge(self, g) -> tuple[str, str]:
        keeper = self.name(g, g.keeper)
        return f"may try to take the keys from {keeper}", f"may try to take the keys from {keeper}"

    def doing_duel(self, g) -> tuple[str, str]:
        challenger, mine, theirs = g.duel
        stands = (
            f"behind in the duel for the keys: {self.name(g, challenger)} {mine} against "
            f"{self.name(g, g.keeper)} {theirs}"
        )
        return f"are {stands}", f"is {stands}"

    # ----- the choices ------------------------------------------------------------------
    def choices(self, g) -> list[Choice]:
        return [choice for choice, _ in self.options(g)]

    def options(self, g) -> list[tuple[Choice, str]]:
        """Each legal action as a choice, with what the story says of the seat that
        takes it (``goes north to r0c1``)."""
        return self.for_decision(CHOOSE, g)

    def decision(self, g, action: int, viewer) -> list[str]:
        """The decision in words: ``Player 1 (you) goes north to r0c1``."""
        who = self.named(g, g.current_player, viewer)
        if not g.visible(viewer).move(g.current_player, g.decision):
            return [f"{who} {g.game_type.by_kind[g.decision].doing} (secret choice)"]
        said = next(said for choice, said in self.options(g) if choice.action == action)
        return [f"{who} {said}"]

    def choose_place_tile(self, g) -> list[tuple[Choice, str]]:
        tile = TILE_NAMES[g.drawn]
        out = []
        for i, a in enumerate(g.legal):
            r, c, turns = PLACE_AT[a - A_PLACE]
            fit, where = fitting(g.drawn, r, c, turns), slot(r, c)
            shown = (
                *(named(*at) for at in fit.squares),
                *(edge(*at) for at in fit.doors + fit.halls),
            )
            names = (where, f"{where} {90 * turns}", f"{where} turned {90 * turns}")
            text = f"the {tile} around {where}: {fit.words}"
            choice = Choice(a, letters(i), f"place {text}", names, f"turned {90 * turns}",
                            places.tile(r, c), shown)  # fmt: skip
            out.append((choice, f"places {text}"))
        return out

    def choose_fight(self, g) -> list[tuple[Choice, str]]:
        at = square(g.mall, g.combat[0])
        need = HIT - g.combat[1] - g.combat[2]
        out = []
        for i, a in enumerate(g.legal):
            key = letters(i)
            if a == A_BULLETS:
                bullets = count(need, "bullet")
                text, said, place = (
                    f"spend {bullets}",
                    f"spends {bullets} on the zombie at {at}",
                    at,
                )
            elif a == A_WOUND:
                text, said, place = "lose a life and roll again", "loses a life to roll again", at
            else:
                k = a - A_USE
                said = f"uses {NAMES[k]} against the zombie at {at}"
                text, place = f"use {NAMES[k]}", _card_place(g, k)
            out.append((Choice(a, key, text, place=place, preview=(at,)), said))
        return out

    def choose_play_card(self, g) -> list[tuple[Choice, str]]:
        out = []
        for i, a in enumerate(g.legal):
            if a >= A_CARD and a - A_CARD < len(NAMES):
                card = NAMES[a - A_CARD]
                out.append((Choice(a, letters(i), f"play {card}", place=places.hand(a - A_CARD)),
                            f"plays {card}"))  # fmt: skip
            else:
                out.append((Choice(a, letters(i), "play no card"), "plays no card"))
        return out

    def choose_target(self, g) -> list[tuple[Choice, str]]:
        card, out = NAMES[g.card], []
        for i, a in enumerate(g.legal):
            p = (g.current_player + 1 + a - A_TARGET) % g.num_players
            name = self.name(g, p)
            at = square(g.mall, g.pos[p])
            choice = Choice(a, letters(i), f"play {card} on {name}", (name,), f"at {at}",
                            places.seat(p), (at,))  # fmt: skip
            out.append((choice, f"plays {card} on {name}"))
        return out

    def choose_pick(self, g) -> list[tuple[Choice, str]]:
        out = []
        for i, a in enumerate(g.legal):
            card = NAMES[a - A_PICK]
            text = f"take {card} from the discard pile"
            out.append((Choice(a, letters(i), text, (card,), place=places.pile(a - A_PICK)),
                        f"takes {card} from the discard pile"))  # fmt: skip
        return out

    def choose_start_move(self, g) -> list[tuple[Choice, str]]:
        here = square(g.mall, g.pos[g.active])
        out = []
        for i, a in enumerate(g.legal):
            if a < A_DUCT:
                out.append((Choice(a, letters(i), "roll to move"), "rolls to move"))
                continue
            k = a - A_DUCT
            to = square(g.mall, g.mall.duct[k])
            text = f"crawl through the air duct to the {g.mall.tile_name(k)} at {to}"
            choice = Choice(a, letters(i), text, (to,), place=to, preview=(here, to))
            out.append((choice, text.replace("crawl", "crawls", 1)))
        return out

    def choose_move(self, g) -> list[tuple[Choice, str]]:
        here_id = g.pos[g.active]
        here = square(g.mall, here_id)
        left = g.moves_left - 1
        out = []
        for a in g.legal:
            if a == A_STOP:
                choice = Choice(a, "stop", f"stop at {here}", (here,), place=here, preview=(here,))
                out.append((choice, f"stops at {here}"))
                continue
            d = a - A_STEP
            to_id = g.mall.nbr[here_id][d]
            to = square(g.mall, to_id)
            detail = f"{count(left, 'move')} left" + (
                ", a zombie to fight" if g.zombies[to_id] else ""
            )
            choice = Choice(a, SIDE_SHORT[d], f"go {SIDE_WORDS[d]} to {to}", (SIDE_WORDS[d], to),
                            detail, to, (here, to))  # fmt: skip
            out.append((choice, f"goes {SIDE_WORDS[d]} to {to}"))
        return out

    def choose_move_zombies(self, g) -> list[tuple[Choice, str]]:
        out = []
        for i, a in enumerate(g.legal):
            sq, d = divmod(a - A_ZOMBIE, 4)
            at, to = square(g.mall, sq), square(g.mall, g.mall.nbr[sq][d])
            way = f"{at} {SIDE_WORDS[d]} to {to}"
            names = (f"{at} {SIDE_WORDS[d]}", f"{at} {SIDE_SHORT[d]}", f"{at} {to}")
            choice = Choice(a, letters(i), f"move the zombie at {way}", names, place=at,
                            preview=(at, to))  # fmt: skip
            out.append((choice, f"moves the zombie at {way}"))
        return out

    def choose_discard(self, g) -> list[tuple[Choice, str]]:
        out = []
        for i, a in enumerate(g.legal):
            if a >= A_DISCARD and a - A_DISCARD < len(NAMES):
                card = NAMES[a - A_DISCARD]
                choice = Choice(a, letters(i), f"discard {card}", place=places.hand(a - A_DISCARD))
                out.append((choice, f"discards {card}"))
            else:
                out.append((Choice(a, letters(i), "keep every card"), "keeps every card"))
        return out

    def choose_challenge(self, g) -> list[tuple[Choice, str]]:
        keeper = self.name(g, g.keeper)
        said = {A_CHALLENGE: f"tries to take the keys from {keeper}",
                A_CHALLENGE + 1: f"leaves the keys with {keeper}"}  # fmt: skip
        text = {A_CHALLENGE: "try to take the keys", A_CHALLENGE + 1: "leave the keys"}
        return [(Choice(a, letters(i), text[a]), said[a]) for i, a in enumerate(g.legal)]

    def choose_duel(self, g) -> list[tuple[Choice, str]]:
        keeper = g.current_player == g.keeper
        words = {
            A_DUEL + DUEL_BULLET: ("spend a bullet: +1", "spends a bullet: +1"),
            A_DUEL + DUEL_LIFE: ("lose a life to roll again", "loses a life to roll again"),
        }
        give_up = ("give up the keys", "gives up the keys") if keeper else ("give up", "gives up")
        out = []
        for i, a in enumerate(g.legal):
            text, said = words.get(a, give_up)
            out.append((Choice(a, letters(i), text), said))
        return out

    # ----- what happened --------------------------------------------------------------
    def changed(self, b, a, viewer, fate=None) -> list[str]:
        """``fate``: what a task tells of a seat instead of its changes, where it
        tells something (``killed``, ``came_back``)."""
        lines = []
        if a.round != b.round:
            lines.append(f"Round {a.round} of {a.options['max_rounds']} begins")
        lines += self.tiles(b, a, self.who(a, a.active, viewer))
        for s in range(a.num_players):
            lines += (fate and fate(b, a, s, viewer)) or self.seat(b, a, s, viewer)
        lines += self.zombies(b, a)
        lines += self.cards(b, a, viewer)
        if a.keeper != b.keeper and a.keeper >= 0:
            lines.append(f"{self.who(a, a.keeper, viewer)} took the keys")
        if a.keys_at >= 0 > b.keys_at:
            lines.append(f"The keys lie at {square(a.mall, a.keys_at)}")
        if a.terminal and not b.terminal:
            lines.append(f"The game is over: {result(a)}")
        return lines

    def told_turn(self, b, a, viewer, seat: int) -> list[str]:
        opening = f"{self.opening(a, a.active, viewer)} turn begins"
        return [opening, *self.changed(b, a, viewer, self.came_back)]

    def came_back(self, b, a, s: int, viewer) -> list[str]:
        """A seat without life at its turn's start: it comes back."""
        if b.life[s]:
            return []
        who = self.who(a, s, viewer)
        return [f"{who} came back with {a.life[s]} life and {count(a.bullets[s], 'bullet')}"]

    def told_on_fight(self, b, a, viewer, action: int) -> list[str]:
        return self.changed(b, a, viewer, self.killed)

    def killed(self, b, a, s: int, viewer) -> list[str]:
        """A seat that lost its last life fighting: back at the start, for its next turn."""
        if not b.life[s] or a.life[s]:
            return []
        return [
            f"{self.was(a, s, viewer)} killed: back at the Front Door with "
            f"{count(a.trophies[s], 'zombie')} killed, {START_LIFE} life and "
            f"{count(START_BULLETS, 'bullet')} at the next turn"
        ]

    def told_combat_roll(self, b, a, viewer) -> list[str]:
        """The die and whether it kills (the next step, ``combat_check``, tells the kill)."""
        who = self.who(a, a.active, viewer)
        at, die, bonus, _ = a.combat
        plus = f" + {bonus}" if bonus else ""
        hit = "a hit" if die + bonus >= HIT else f"a miss ({HIT} or more kills)"
        return [f"{who} rolled {die}{plus} against the zombie at {square(a.mall, at)}: {hit}"]

    def told_roll_move(self, b, a, viewer) -> list[str]:
        """The die shows the moves, but for the keeper's first move (two dice, told
        by their faces) and a Lots of Luck with That! (1 move, whatever the die)."""
        who, moves = self.who(a, a.active, viewer), count(a.moves_left, "move")
        if b.unlucky[a.active]:
            line = f"{who} rolled, but Lots of Luck with That! makes it {moves}"
        elif b.keys_first and b.keeper == a.active:
            line = f"{who} rolled {faces(a.rolled)} for the keeper's first move: {moves}"
        else:
            line = f"{who} rolled {a.moves_left}: {moves}"
        return [line, *self.changed(b, a, viewer)]

    def told_zombie_phase(self, b, a, viewer) -> list[str]:
        who, zombies = self.who(a, a.active, viewer), count(a.zombie_moves, "zombie")
        if a.sprinkler:
            line = f"The sprinklers stir: {who} moves {zombies} without a roll"
        else:
            line = f"{who} rolled {a.zombie_moves}: {zombies} to move"
        return [line, *self.changed(b, a, viewer)]

    def duel_stands(self, g) -> str:
        challenger, mine, theirs = g.duel
        return (
            f"{self.name(g, challenger)} rolled {mine}, {self.name(g, g.keeper)} (the keeper) "
            f"rolled {theirs}"
        )

    def told_on_challenge(self, b, a, viewer, action: int) -> list[str]:
        lines = []
        if a.duel[0] >= 0:
            lines.append(
                f"{self.who(a, a.duel[0], viewer)} challenged {self.name(a, a.keeper)} for the "
                f"keys: {self.duel_stands(a)}"
            )
        return lines + self.changed(b, a, viewer)

    def told_on_duel(self, b, a, viewer, action: int) -> list[str]:
        if a.duel[0] < 0:
            return self.changed(b, a, viewer)
        stands = f"The duel for the keys stands: {self.duel_stands(a)}"
        return [stands, *self.changed(b, a, viewer)]

    def told_on_start_move(self, b, a, viewer, action: int) -> list[str]:
        """The decision tells the roll or the crawl, all that it changes."""
        return []

    def told_on_move(self, b, a, viewer, action: int) -> list[str]:
        """The decision tells the step, all that it changes."""
        return []

    def told_on_move_zombies(self, b, a, viewer, action: int) -> list[str]:
        """The decision names the zombie moved, all that it changes."""
        return []

    def told_on_discard(self, b, a, viewer, action: int) -> list[str]:
        """The decision names the card discarded, all that it changes."""
        return []

    def told_on_pick(self, b, a, viewer, action: int) -> list[str]:
        """The decision names the card picked into the hand; the card played goes to
        the discard pile."""
        return self.thrown(b, a)

    def told_draw_cards(self, b, a, viewer, seat: int) -> list[str]:
        lines = self.changed(b, a, viewer)
        if len(a.discard) < len(b.discard):
            lines.append("The discard pile was shuffled into a new event deck")
        return lines

    def tiles(self, b, a, who: str) -> list[str]:
        lines = []
        if a.drawn >= 0 and a.drawn != b.drawn:
            lines.append(f"{who} drew the {TILE_NAMES[a.drawn]}")
        for k in range(len(b.tiles), len(a.tiles)):
            kind, row, col, turns, floor = a.tiles[k]
            if b.drawn < 0:
                lines.append(f"{who} drew the {TILE_NAMES[kind]}")
            turn = f", turned {90 * turns}" if turns else ""
            squares = range(CELLS * k, CELLS * k + CELLS)
            on = [
                count(sum(field[i] for i in squares), thing)
                for field, thing in (
                    (a.zombies, "zombie"),
                    (a.life_tokens, "life token"),
                    (a.bullet_tokens, "bullet token"),
                    (a.rescue_tokens, "rescue token"),
                )
                if any(field[i] for i in squares)
            ]
            lines.append(
                f"The {TILE_NAMES[kind]} was placed around {slot(row, col)}{turn}, floor {floor}"
                + (f", with {', '.join(on)}" if on else "")
            )
        for kind in a.lost_tiles[len(b.lost_tiles) :]:
            lines.append(f"The {TILE_NAMES[kind]} fits nowhere: discarded")
        return lines

    def seat(self, b, a, s: int, viewer) -> list[str]:
        """What changed for seat ``s``: its pawn, life, bullets, kills, cards in play."""
        lines = []
        who = self.who(a, s, viewer)
        if a.pos[s] != b.pos[s]:
            lines.append(f"{who} moved to {square(a.mall, a.pos[s])}")
        if a.trophies[s] > b.trophies[s]:
            lines.append(
                f"{who} killed the zombie at {square(a.mall, b.combat[0])}: "
                f"{count(a.trophies[s], 'zombie')} killed"
            )
        if a.life[s] > b.life[s]:
            lines.append(f"{who} gained {a.life[s] - b.life[s]} life: {a.life[s]} now")
        elif a.life[s] < b.life[s]:
            lines.append(f"{who} lost a life: {a.life[s]} left")
        if a.bullets[s] > b.bullets[s]:
            lines.append(
                f"{who} got {count(a.bullets[s] - b.bullets[s], 'bullet')}: {a.bullets[s]} now"
            )
        elif a.bullets[s] < b.bullets[s]:
            lines.append(
                f"{who} lost {count(b.bullets[s] - a.bullets[s], 'bullet')}: {a.bullets[s]} left"
            )
        if a.rescued[s] > b.rescued[s]:
            saved = count(a.rescued[s] - b.rescued[s], "token")
            lines.append(f"{who} rescued {saved}: {a.rescued[s]} in all")
        put = _gained(b.items[s], a.items[s])
        if put:
            lines.append(f"{who} put {_cards(put)} in play")
        gone = _gained(a.items[s], b.items[s])
        if gone:
            lines.append(f"{self.opening(a, s, viewer)} {_cards(gone)} left play")
        return lines

    def zombies(self, b, a) -> list[str]:
        """Zombies that moved, appeared or were cleared (a killed one is told by its fight)."""
        gone = [i for i in b.mall.squares if b.zombies[i] and not a.zombies[i]]
        came = [i for i in a.mall.squares if a.zombies[i] and not b.zombies[i]]
        if b.combat[0] in gone and a.combat[0] < 0:
            gone.remove(b.combat[0])
        came = [i for i in came if i // CELLS < len(b.tiles)]  # a new tile's are told with it
        if len(gone) == len(came) == 1:
            return [f"A zombie moved from {square(a.mall, gone[0])} to {square(a.mall, came[0])}"]
        lines = []
        for where, verb in ((gone, "cleared"), (came, "appeared")):
            if where:
                squares = ", ".join(square(a.mall, i) for i in where)
                lines.append(f"{count(len(where), 'zombie')} {verb}: {squares}")
        return lines

    def cards(self, b, a, viewer) -> list[str]:
        """Cards drawn (named to their holder only) and discarded."""
        drawn = (self.drew(b, a, viewer, s, NAMES) for s in range(a.num_players))
        return [line for line in drawn if line] + self.thrown(b, a)

    def thrown(self, b, a) -> list[str]:
        thrown = _gained(_pile(b.discard), _pile(a.discard))
        return [f"To the discard pile: {_cards(thrown)}"] if thrown else []


NARRATOR = MallWalkersNarrator()
