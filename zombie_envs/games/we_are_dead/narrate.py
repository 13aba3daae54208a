"""We Are Dead in words, for text seats: the turn and its step, what each rule
step did, and the choices, squares keyed by their row and column (``r12c3``).

Every line reads secrets through ``observe.Visible`` only: hands (their sizes
are public), face-down heroes and unflipped shopper numbers are told only to
the seats allowed to see them.
"""

from __future__ import annotations

import itertools
from collections import Counter

from ...core.compass import BY_STEP
from ...core.narration import Choice, Narrator, count, letters
from . import places
from .actions import A_CARD, A_CHOOSE, A_INFECTION, A_PASS, A_SQUARE, A_YES
from .data import (
    CARD_NAMES,
    CHEF,
    CLERK,
    EXTRA_DAMAGE,
    FIRE,
    FIRE_PENALTY,
    HERO_NAMES,
    HORDE,
    HORDE_INFECTION,
    HORDE_REACH,
    HORDE_REDUCTION,
    NUM_ATTACK,
    SECURITY,
    WOUND_PENALTY,
)
from .declaration import KIND
from .engine import WeAreDead
from .text import legend

#: the turn's steps, as the task that starts the next one
STEPS = (
    (WeAreDead.attack_step, "1. Movement"),
    (WeAreDead.discard_step, "2. Attack"),
    (WeAreDead.draw_step, "3. Discard"),
    (WeAreDead.next_turn, "3. Draw"),
)
HORDE_DECISIONS = (KIND.horde_target, KIND.horde_pick, KIND.horde_hero)
#: what a hero beaten in a fight leaves behind
AFTERMATH = {
    SECURITY: "the shoppers got away",
    CLERK: "each shopper now takes 2 cards",
    CHEF: "hand limit 4 this turn",
    FIRE: f"{FIRE_PENALTY} moves fewer next turn",
}


#: what spending an infection token does, by the decision
INFECTION_WORDS = {
    KIND.move: "spend an infection token to move 1 more",
    KIND.fight: "spend an infection token: attack 1 more",
    KIND.slay: "spend an infection token to slay a shopper",
}
#: what passing means, by the decision (the detail of a pass, and a name that picks it)
PASS_WORDS = {
    KIND.attack: "leave the shopper token alone",
    KIND.place_hero: "place no hero",
    KIND.reveal: "keep my hero hidden",
    KIND.skaters: "add no Skaters",
    KIND.panic: "do not panic the hero",
    KIND.fight: "stop fighting",
    KIND.slay: "stop slaying",
    KIND.discard: "discard no more",
    KIND.revealer_draw: "draw no card",
    KIND.horde_hero: "play no hero against the horde",
}


def hero(kind: int) -> str:
    return HERO_NAMES[kind - NUM_ATTACK]


def _shoppers(k: int) -> str:
    return count(k, "shopper")


def _card(action: int) -> str:
    """The card (or infection token) an action plays, or ``""``."""
    if action == A_INFECTION:
        return "an infection token"
    return CARD_NAMES[action - A_CARD] if A_CARD <= action < A_INFECTION else ""


def _played(kind: str, action: int, card: str) -> str:
    """What playing ``card`` at a decision of ``kind`` did, in words (``""``: told
    by what it changed)."""
    if kind == KIND.move:
        return f"spent {card} to move 1 more"
    if kind in (KIND.fight, KIND.slay):
        return f"{'fought' if kind == KIND.fight else 'slew'} with {card}"
    if kind == KIND.discard:
        return f"discarded {card}"
    if kind == KIND.horde_hero:
        saved = HORDE_REDUCTION[action - A_CARD - NUM_ATTACK]
        return f"played {card} against the horde: {_shoppers(saved)} saved"
    return ""


def _chose(g, kind: str, action: int) -> str:
    """What a choice with no card said, in words (``""``: told by what it changed)."""
    if kind == KIND.attack and action == A_PASS:
        return "left the shopper token alone"
    if kind == KIND.fight:
        return "stopped fighting"
    if kind == KIND.slay:
        return "stopped slaying"
    if kind == KIND.revealer_draw:
        return f"{'drew' if action == A_YES else 'did not draw'} a card for revealing a hero"
    if kind == KIND.horde_target and g.h_prey < 0:  # a way is told by the horde's move
        return f"sent the hordes hunting toward {g.board.label(action - A_SQUARE)}"
    return ""


class DeadNarrator(Narrator, engine=WeAreDead):
    def legend(self, g) -> list[str]:
        return legend(g)

    # ----- where the game is -------------------------------------------------------
    def phase(self, g, viewer) -> str:
        if g.terminal:
            return f"Turn {g.turn}: the game is over"
        who = self.named(g, g.current_player, viewer)
        doing = g.game_type.by_kind[g.decision].doing
        if g.decision == KIND.place_token:
            return f"Setup: {who} {doing}, {len(g.pool)} left to place"
        whose = "your" if g.active == viewer else f"{self.name(g, g.active)}'s"
        pending = {task[0] for task in g.tasks}
        step = next((name for task, name in STEPS if task.__name__ in pending), "3. Draw")
        if g.decision in HORDE_DECISIONS:
            step = "4. The horde"
        about = self.about(g)
        parts = [f"Turn {g.turn}, {whose} turn", step, about]
        if g.current_player != g.active or not about:
            parts.append(f"{who} {doing}")
        return " - ".join(part for part in parts if part)

    def about(self, g) -> str:
        """What the pending decision is about, where it says more than its name."""
        kind = g.decision
        if kind == KIND.move:
            return (
                f"{count(g.budget, 'move')} left; a discarded card or an infection token "
                "buys 1 more"
            )
        if kind == KIND.attack:
            return f"flip the shopper token at {g.board.label(g.pos[g.active])}?"
        if kind == KIND.place_hero:
            return (
                f"{self.name(g, g.active)} attacks {_shoppers(g.a_value)} at "
                f"{g.board.label(g.a_node)}: a hero face down may defend them"
            )
        if kind in (KIND.reveal, KIND.skaters, KIND.panic, KIND.fight):
            return (
                f"fighting {hero(g.main_kind)} of {self.name(g, g.main_seat)}: "
                f"attack {g.fight_total} against toughness {g.toughness}"
            )
        if kind == KIND.slay:
            return f"{g.slain} of {_shoppers(g.a_value)} slain"
        if kind == KIND.horde_hero:
            eaten = sum(g.token[v] for v in g.h_targets)
            return f"the horde reached {_shoppers(eaten)}, {g.h_reduction} saved so far"
        if kind == KIND.horde_pick:
            return f"two hordes are as near to {g.board.label(g.h_prey)}: which one goes?"
        if kind == KIND.horde_target and g.h_prey >= 0:
            return f"the horde goes for {g.board.label(g.h_prey)}: which way?"
        return ""

    # ----- choices ---------------------------------------------------------------------
    def choices(self, g) -> list[Choice]:
        """Squares keyed by their row and column (a move's next squares also by compass
        words), the rest by letters (never a compass word); each choice about
        something the picture shows names its place there."""
        compass = self.compass(g) if g.decision == KIND.move else {}
        keys = map(letters, itertools.count())
        out = []
        for a in g.legal:
            if a < A_CARD:
                out.append(self.square_choice(g, a - A_SQUARE, compass.get(a - A_SQUARE, ())))
            else:
                out.append(self.other_choice(g, a, next(keys)))
        return out

    def compass(self, g) -> dict[int, tuple[str, ...]]:
        """The squares one step from the moving pawn, by the compass words that point
        at them (north is up the board)."""
        b, here = g.board, g.pos[g.active]
        r, c = b.rc[here]
        return {v: BY_STEP[(b.rc[v][0] - r, b.rc[v][1] - c)] for v in b.adjacent[here]}

    def square_choice(self, g, v: int, compass: tuple[str, ...]) -> Choice:
        """A square: where to move (its path and cost), where a shopper token goes,
        which token the horde hunts, which way or which horde goes."""
        b, kind = g.board, g.decision
        key = places.square(b, v)
        detail, preview = "", ()
        if kind == KIND.move:
            moves = b.dist[g.pos[g.active]][v]
            detail = count(moves, "move") if moves else "stay"
            if compass:
                detail += f", {compass[1]}"
            preview = self.path(g, g.pos[g.active], v, moves) or (key,)
        elif kind == KIND.horde_target and g.h_prey >= 0:  # the way to a token out of reach
            start = g.hordes[g.h_moved[-1]]
            detail = f"the horde at {b.label(start)} stops here on its way to {b.label(g.h_prey)}"
            preview = (places.square(b, start), *self.path(g, start, v, HORDE_REACH))
        elif kind == KIND.horde_target:
            hunters = g.prey(*g.hunt()[:3])[v]
            start = g.hordes[hunters[0]]
            detail = f"the horde at {b.label(start)} goes for it, {count(b.dist[start][v], 'move')}"
            preview = sum(
                (
                    (places.square(b, g.hordes[i]), *self.path(g, g.hordes[i], v, HORDE_REACH))
                    for i in hunters
                ),
                (),
            )
        elif kind == KIND.horde_pick:
            detail = f"this horde goes for {b.label(g.h_prey)}"
            preview = (key, *self.path(g, v, g.h_prey, HORDE_REACH))
        names = (g.action_name(a := A_SQUARE + v), b.label(v), *compass)
        return Choice(a, key, self.square_text(g, v), names, detail, key, preview)

    def path(self, g, a: int, b: int, k: int) -> tuple[str, ...]:
        """The squares of the first ``k`` moves from ``a`` toward ``b``, as a pawn or a
        horde takes them."""
        board, out = g.board, []
        for _ in range(k):
            if a == b:
                break
            a = board.step_toward(a, b, 1)
            out.append(places.square(board, a))
        return tuple(out)

    def other_choice(self, g, a: int, key: str) -> Choice:
        """A card of the hand, an infection token, an opponent's hero, yes or pass, at
        its place on the picture where it has one."""
        name = g.action_name(a)
        if a < A_INFECTION:
            return Choice(a, key, name, place=places.card(a - A_CARD))
        if a == A_INFECTION:
            words = INFECTION_WORDS.get(g.decision, name)
            return Choice(a, key, words, (name,), place=places.INFECTION)
        if a < A_YES:
            seat = (g.current_player + 1 + a - A_CHOOSE) % g.num_players
            text = f"fight the hero of {self.name(g, seat)}"
            return Choice(a, key, text, (name,), place=places.seat(seat))
        place = ""
        if a == A_YES and g.decision == KIND.attack:
            place = places.square(g.board, g.pos[g.active])
        elif a == A_YES and g.decision == KIND.reveal:
            place = places.FACE_DOWN
        if a == A_PASS:  # "pass", and what passing means here
            meaning = PASS_WORDS.get(g.decision, "")
            return Choice(a, key, name, (meaning,) if meaning else (), meaning)
        return Choice(a, key, name, (name,), place=place)

    def square_text(self, g, v: int) -> str:
        """A square's name without the coordinates its key already gives."""
        b = g.board
        label = b.label(v)
        r, c = b.rc[v]
        if f"r{r}c{c}" not in label:
            return label
        kind = b.legend[b.kind[v]]
        return f"{b.floor[v]} {kind.name}".strip()

    def public_forced(self, g) -> bool:
        """One option that every seat can tell: no discard with one card or none in
        hand (hand sizes are public), or a single square to move to (no second card
        to discard, no infection token)."""
        if len(g.legal) != 1:
            return False
        if g.decision == KIND.discard:
            return sum(g.hands[g.current_player]) <= 1
        return g.decision == KIND.move

    # ----- what happened ----------------------------------------------------------------
    def decision(self, g, action: int, viewer) -> list[str]:
        seat, kind = g.current_player, g.decision
        if not g.visible(viewer).move(seat, kind):
            return []  # whether a hero went face down is told by what changed
        card = _card(action)
        said = (card and _played(kind, action, card)) or _chose(g, kind, action)
        return [f"{self.who(g, seat, viewer)} {said}"] if said else []

    def changed(self, b, a, viewer) -> list[str]:
        lines = self.moves(b, a, viewer)
        lines += self.heroes(b, a, viewer)
        lines += self.fight(b, a, viewer)
        lines += self.cards(b, a, viewer)
        lines += self.hordes(b, a, viewer)
        for s, (old, new) in enumerate(zip(b.score, a.score, strict=True)):
            if new > old:
                mother = " (1 less: Protective Mother)" if a.mother or b.mother else ""
                lines.append(
                    f"{self.who(a, s, viewer)} scored {new - old}{mother}: {count(new, 'point')}"
                )
        if a.terminal and not b.terminal:
            lines.append(self.ending(a, viewer))
        return lines

    def told_on_place_hero(self, b, a, viewer, action: int) -> list[str]:
        """A seat offered to defend that places no hero is told so."""
        s = b.current_player
        placed = a.facedown[s] >= 0 > b.facedown[s]
        return ([] if placed else [f"{self.who(a, s, viewer)} placed no hero"]) + self.changed(
            b, a, viewer
        )

    def told_on_reveal(self, b, a, viewer, action: int) -> list[str]:
        """A hero not revealed goes back to its owner's hand: told as taken back, not
        as a card drawn."""
        if len(a.in_attack) > len(b.in_attack):
            return self.changed(b, a, viewer)
        s = b.current_player
        return [f"{self.who(a, s, viewer)} took {self.its(s, viewer)} hero back"]

    def told_stubborn(self, b, a, viewer) -> list[str]:
        """The Police Officer's card lost at random, named to every seat."""
        lines = []
        if a.last_lost >= 0 and len(a.discard) > len(b.discard):
            lines.append(
                f"The Police Officer took a card from {self.whose(a, a.active, viewer)} hand "
                f"at random: {CARD_NAMES[a.last_lost]}"
            )
        return lines + self.changed(b, a, viewer)

    def moves(self, b, a, viewer) -> list[str]:
        """A new turn, shopper tokens placed, pawns moved, a token flipped."""
        lines = []
        if a.turn != b.turn:
            lines.append(f"Turn {a.turn}: {self.whose(a, a.active, viewer)} turn")
        for v, (old, new) in enumerate(zip(b.token, a.token, strict=True)):
            if new and not old:
                lines.append(
                    f"{self.who(a, b.current_player, viewer)} placed a shopper token "
                    f"at {a.board.label(v)}"
                )
        for s, (old, new) in enumerate(zip(b.pos, a.pos, strict=True)):
            if old != new and not a.wounded[s]:
                lines.append(
                    f"{self.who(a, s, viewer)} moved from {a.board.label(old)} to "
                    f"{a.board.label(new)}"
                )
        if a.a_node >= 0 > b.a_node:
            lines.append(
                f"{self.who(a, a.active, viewer)} flipped the shopper token at "
                f"{a.board.label(a.a_node)}: {_shoppers(a.a_value)}"
            )
        return lines

    def heroes(self, b, a, viewer) -> list[str]:
        """Heroes placed face down (named to whoever may see them), chosen, added and
        panicked."""
        lines = []
        for s in range(a.num_players):
            if a.facedown[s] >= 0 > b.facedown[s]:
                named = f": {hero(a.facedown[s])}" if a.visible(viewer).facedown(s) else ""
                lines.append(f"{self.who(a, s, viewer)} placed a hero face down{named}")
        if a.main_kind >= 0 > b.main_kind:
            lines.append(
                f"{self.who(a, a.active, viewer)} took on {self.whose(a, a.main_seat, viewer)} "
                f"hero: {hero(a.main_kind)}, toughness {a.toughness}"
            )
        elif len(a.in_attack) > len(b.in_attack):
            who = self.who(a, b.current_player, viewer)
            for kind in a.in_attack[len(b.in_attack) :]:
                lines.append(f"{who} added {hero(kind)}: toughness {a.toughness}")
        if a.panic and not b.panic:
            lines.append("Panicked Human: every hero of this attack fled")
        if a.mother and not b.mother:
            lines.append("Protective Mother: this attack scores 1 point less")
        return lines

    def fight(self, b, a, viewer) -> list[str]:
        """The fight's total, the hero's fate, the shoppers slain."""
        lines = []
        s = a.active
        if a.fight_total > b.fight_total:
            lines.append(f"Attack total {a.fight_total} against toughness {a.toughness}")
        if a.hero_defeated and not b.hero_defeated:
            lines.append(f"{hero(b.main_kind)} is defeated: 1 point")
        if a.wounded[s] and not b.wounded[s]:
            damage = 1 + EXTRA_DAMAGE[b.main_kind - NUM_ATTACK]
            lines.append(
                f"{self.was(a, s, viewer)} hit by {hero(b.main_kind)} for {damage} damage and "
                f"significantly wounded: back to {a.board.label(a.pos[s])}, "
                f"{WOUND_PENALTY} points lost, hand discarded; the turn ends"
            )
        elif a.damage[s] > b.damage[s]:
            kind = b.main_kind
            effect = f"; {AFTERMATH[kind]}" if kind in AFTERMATH else ""
            lines.append(
                f"{self.was(a, s, viewer)} hit by {hero(kind)}: damage {a.damage[s]}{effect}"
            )
        if a.slain > b.slain:
            lines.append(f"{a.slain} of {_shoppers(a.a_value)} slain")
        return lines

    def cards(self, b, a, viewer) -> list[str]:
        """Cards drawn (named to their holder only), horde cards and reshuffles."""
        lines = []
        if a.reshuffles > b.reshuffles:
            lines.append("The discard pile was shuffled into a new deck")
        laid = Counter(a.discard)  # horde cards go face up onto the discard pile
        if a.reshuffles == b.reshuffles:
            laid -= Counter(b.discard)
        infection = laid[HORDE_INFECTION]
        if laid[HORDE] + infection:
            text = f"{count(laid[HORDE] + infection, 'horde card')} drawn"
            if infection:
                text += f": every player gets {count(infection, 'infection token')}"
            lines.append(text)
        for _ in a.hordes[len(b.hordes) :]:
            lines.append(f"A horde token appears at {a.board.label(a.board.horde_start)}")
        drawn = (self.drew(b, a, viewer, s, CARD_NAMES) for s in range(a.num_players))
        return lines + [line for line in drawn if line]

    def hordes(self, b, a, viewer) -> list[str]:
        lines = []
        for old, new in zip(b.hordes, a.hordes, strict=False):
            if old != new:
                text = f"A horde moved from {a.board.label(old)} to {a.board.label(new)}"
                if new in a.h_targets and new not in b.h_targets:
                    text += f" and reached {_shoppers(a.token[new])}"
                lines.append(text)
        if b.h_targets and not a.h_targets:
            reached = sum(b.token[v] for v in b.h_targets)
            saved = f" (heroes saved {b.h_reduction})" if b.h_reduction else ""
            lines.append(
                f"The horde ate {a.horde_score - b.horde_score} of {_shoppers(reached)}{saved}: "
                f"the horde has {count(a.horde_score, 'point')}"
            )
        return lines

    def ending(self, a, viewer) -> str:
        points = ", ".join(f"{self.name(a, s)} {p}" for s, p in enumerate(a.score))
        if a.truncated:
            why = "the turn cap stops it"
        elif a.winner >= 0:
            why = f"{self.named(a, a.winner, viewer)} reached the goal of {a.goal}"
        else:
            why = "every shopper token has been flipped"
        return f"The game is over: {why}. Points: {points}, the horde {a.horde_score}"


NARRATOR = DeadNarrator()
