"""A toy game built from the core alone: a deck, a die and a secret vote.

Each seat holds a private card; every round a die is rolled, each seat in turn
(the first voter passing left each round) secretly votes for another, and a clear
winner claims the die's points or a card (only the points once the deck is empty,
taken without asking).  Hands count at the end.  The generic env suite, the
secrecy and blindness helpers and tournaments run on it, which shows a new game
needs nothing beyond the core.
"""

from dataclasses import replace

from zombie_envs.core.aec import make_entry
from zombie_envs.core.agent import DecisionAgent
from zombie_envs.core.deck import counts, from_counts, redeal, shuffled
from zombie_envs.core.deck import draw as draw_card
from zombie_envs.core.dice import pick, roll
from zombie_envs.core.game import Engine
from zombie_envs.core.game_type import Decision, GameType, Option
from zombie_envs.core.layout import Layout
from zombie_envs.core.narration import Narrator, count, seat_label
from zombie_envs.core.raster import Canvas
from zombie_envs.core.visibility import GOD, Visibility
from zombie_envs.core.vote import plurality

TOY = GameType(
    name="toy_vote", title="Toy vote", version=1, players=(2, 3, 4),
    engine=f"{__name__}:ToyVote", text=__name__, picture=__name__,
    heuristic=f"{__name__}:Greedy",
    options=(Option.round_cap(20, "rounds to play", quick=4),),
    decisions=(
        Decision("vote", ("vote",), "votes", secret=True),
        Decision("claim", ("claim",), "claims the prize"),
    ),
    actions=f"{__name__}:ACTIONS", observation=f"{__name__}:OBS", state=f"{__name__}:STATE",
    visibility=f"{__name__}:Seen", narrator=f"{__name__}:NARRATOR",
    bundled=False,
)  # fmt: skip
KIND = TOY.kinds
ACTIONS, OBS, STATE = Layout("toy actions"), Layout("toy obs"), Layout("toy state")
ACTIONS.add("vote", 4, "vote for a seat")
ACTIONS.add("claim", 2, "the winner's prize", ("the die's points", "a card"))
POINTS, CARD = range(ACTIONS["claim"].start, ACTIONS["claim"].stop)
for layout in (OBS, STATE):
    layout.add("decision", len(KIND), "kind of the pending decision", KIND)
    for name, size in ("me", 4), ("die", 6), ("points", 4), ("hand", 4):
        layout.add(name, size, name)
    layout.add("ballot", 4, "my pending ballot")
STATE.add("hands", 16, "every hand")
STATE.add("ballots", 16, "every pending ballot")
AT, ONE_HOT = {b.name: b.start for b in STATE.blocks}, TOY.one_hot()


class Seen(Visibility):
    """The toy's secrets: a hand and a pending ballot, each seen by its seat."""

    __slots__ = ()

    def hand(self, s):
        return self.owns(s)

    def ballot(self, s):
        return self.g.ballots[s] >= 0 and self.owns(s)


def encode(g, seat, out, god):
    """``ToyVote.encode``, which the class takes from the module of its observation
    layout when it is made (so it comes first)."""
    see = g.visible(GOD if god else seat)
    if g.decision:
        out[AT["decision"] : AT["me"]] = ONE_HOT[g.decision]
    out[AT["me"] + seat] = 1
    if g.die >= 0:
        out[AT["die"] + g.die] = 1
    out[AT["points"] : AT["hand"]] = bytes(min(p, 127) for p in g.points).ljust(4, b"\0")
    out[AT["hand"] : AT["ballot"]] = bytes(g.hands[seat])
    if see.ballot(seat):
        out[AT["ballot"] + g.ballots[seat]] = 1
    for s in range(g.num_players) if god else ():
        out[AT["hands"] + 4 * s : AT["hands"] + 4 * s + 4] = bytes(g.hands[s])
        if see.ballot(s):
            out[AT["ballots"] + 4 * s + g.ballots[s]] = 1


class ToyVote(Engine):
    game_type = TOY
    FIELDS = {"game": ("deck", "hands", "points", "round"), "round": ("die", "ballots", "winner")}

    def setup(self):
        n = self.num_players
        self.deck = shuffled(self.rng, from_counts([2] * 4))
        self.hands = [[0] * 4 for _ in range(n)]
        for hand in self.hands:
            hand[draw_card(self.deck)] += 1
        self.points, self.die, self.ballots, self.round, self.winner = [0] * n, -1, [-1] * n, 0, -1
        self.push(("start_round",))

    def start_round(self):
        if self.round == self.options["max_rounds"]:
            return self.end_game()
        self.round, self.die = self.round + 1, roll(self.rng, 6)
        first = self.round % self.num_players  # the first voter passes left each round
        self.push(*[("vote", s) for s in self.clockwise(first)], ("tally",), ("start_round",))

    def vote(self, seat):
        self.ask(seat, KIND.vote, [s for s in range(self.num_players) if s != seat])

    def on_vote(self, action):
        self.ballots[self.current_player] = action

    def tally(self):
        _, top = plurality(self.ballots, [1] * self.num_players)
        self.ballots, self.winner = [-1] * self.num_players, top[0] if len(top) == 1 else -1
        if self.winner >= 0:
            self.push(("claim", self.winner))

    def claim(self, seat):
        self.ask(seat, KIND.claim, [POINTS, CARD] if self.deck else [POINTS], public=True)

    def on_claim(self, action):
        if action == CARD:
            self.hands[self.winner][draw_card(self.deck)] += 1
        else:
            self.points[self.winner] += self.die + 1

    def scores(self):
        return [
            p + sum(k * c for k, c in enumerate(h))
            for p, h in zip(self.points, self.hands, strict=True)
        ]

    def redraw_hidden(self, seat, rng):
        see = self.visible(seat)
        others = [s for s in range(self.num_players) if not see.hand(s)]
        cards = self.deck + [c for s in others for c in from_counts(self.hands[s])]
        places = [len(self.deck)] + [sum(self.hands[s]) for s in others]
        self.deck, *hands = redeal(rng, cards, [(size, None) for size in places])
        for s, hand in zip(others, hands, strict=True):
            self.hands[s] = counts(hand, 4)
            if self.ballots[s] >= 0 and not see.ballot(s):
                self.ballots[s] = pick(rng, [t for t in range(self.num_players) if t != s])


def hand_text(hand) -> str:
    """A hand as the values of its cards."""
    return " ".join(str(k) for k in from_counts(hand)) or "none"


def ansi(g, seat=None):
    who = "spectator" if seat is None else seat_label(seat)
    lines = [f"{TOY.title}, round {g.round}, die {g.die + 1}, view of {who}"]
    see = g.visible(seat)
    for s in range(g.num_players):
        mine = f", hand: {hand_text(g.hands[s])}" if see.hand(s) else ""
        lines.append(f"{seat_label(s)}: {count(g.points[s], 'point')}, "
                     f"{count(sum(g.hands[s]), 'card')}{mine}")  # fmt: skip
    if g.decision:
        lines.append(f"{seat_label(g.current_player)} {TOY.by_kind[g.decision].doing}")
    return "\n".join(lines)


# ----- the picture: a row per seat, the die and the deck, each a place to click ----
ROW, LIGHT, DARK = 28, (240, 240, 240), (20, 20, 20)
SEAT_COLOURS = ((200, 90, 80), (90, 160, 90), (90, 120, 200), (200, 180, 80))


def seat_place(s: int) -> str:
    """The key of seat ``s``'s row, where a click votes for it."""
    return f"seat-{s}"


#: where a click claims each prize
PRIZE_PLACES = {POINTS: "die", CARD: "deck"}


def draw(g, seat=None, canvas_type=Canvas):
    """The table as seat ``seat`` sees it, on a new ``canvas_type`` (a raster
    ``Canvas``, the browser's ``SvgCanvas``): a row per seat with its points and
    cards (face up where ``seat`` may see them), the die and the deck."""
    see = g.visible(seat)
    canvas = canvas_type(380, 28 + ROW * max(g.num_players, 3), (30, 30, 30))
    canvas.text(4, 4, TOY.title, LIGHT)
    canvas.text(120, 4, f"round {g.round}", LIGHT)
    for s in range(g.num_players):
        y = 22 + ROW * s
        canvas.fill_rect(4, y, 270, ROW - 4, SEAT_COLOURS[s])
        canvas.text(8, y + 7, f"{seat_label(s)}: {count(g.points[s], 'point')}", DARK)
        faces = from_counts(g.hands[s]) if see.hand(s) else [-1] * sum(g.hands[s])
        for i, k in enumerate(faces):
            canvas.fill_rect(160 + 16 * i, y + 3, 12, ROW - 10, LIGHT if k >= 0 else DARK)
            canvas.text(163 + 16 * i, y + 7, str(k) if k >= 0 else "", DARK)
        canvas.place(seat_place(s), 4, y, 270, ROW - 4, seat_label(s))
    canvas.rect(284, 22, 40, 40, LIGHT)
    canvas.text(300, 36, str(g.die + 1) if g.die >= 0 else "", LIGHT)
    canvas.place(PRIZE_PLACES[POINTS], 284, 22, 40, 40, "the die")
    canvas.fill_rect(332, 22, 40, 56, DARK)
    canvas.text(340, 44, str(len(g.deck)), LIGHT)
    canvas.place(PRIZE_PLACES[CARD], 332, 22, 40, 56, "the deck")
    return canvas


def rgb(g):
    return draw(g).pixels


class ToyNarrator(Narrator, engine=ToyVote):
    """The toy's words: each round's tally and prize, told by their engine steps' names."""

    def told_tally(self, before, after, viewer):
        if after.winner < 0:
            return ["the vote was tied: nobody scored"]
        return [f"{self.who(after, after.winner, viewer)} won the vote"]

    def choices(self, g):
        """A vote picks a seat's row on the board, a prize the die or the deck."""
        return [
            replace(c, place=PRIZE_PLACES.get(c.action) or seat_place(c.action))
            for c in super().choices(g)
        ]

    def told_on_claim(self, before, after, viewer, action):
        scored = after.points[after.winner] - before.points[after.winner]
        got = f"scored {scored}" if scored else "drew a card"
        return [f"{self.who(after, after.winner, viewer)} {got}"]


NARRATOR = ToyNarrator()


class Greedy(DecisionAgent):
    """Votes for the player with the fewest points and claims the die's points when they
    beat an average card (it reads no ballot or hand)."""

    game_type = TOY

    def on_vote(self, g, seat):
        return min(g.legal, key=lambda s: (g.points[s], self.rng.random()))

    def on_claim(self, g, seat):
        return g.legal[0] if g.die >= 1 else g.legal[-1]


def twin(g, seat, rng):
    """A copy of ``g`` whose secrets hidden from ``seat`` were redrawn (other hands and
    the deck redealt, other pending ballots redrawn), and the names of the secrets
    that changed: the toy's ``tests/games/<game>/twins.py``."""
    h = g.clone()
    h.redraw_hidden(seat, rng)
    others = [s for s in range(g.num_players) if s != seat]
    changed = {"hand"} if any(h.hands[s] != g.hands[s] for s in others) else set()
    changed |= {"deck"} if h.deck != g.deck else set()
    return h, changed | ({"ballot"} if h.ballots != g.ballots else set())


raw_env, env = make_entry(TOY, __name__)
