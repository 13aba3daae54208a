"""What a text seat is told: where the game is, what happened since its last
decision, and what it may choose, built once for every text front end (the
terminal seat, replays, a browser seat) as plain lines.

A game words its story in a ``Narrator`` (its ``narrate.py``, named by its
declaration); this module drives it.  ``story`` plays a move on a copy one
rule step at a time, so each step can be told with its cause; ``screen``
lays out a decision; ``pick`` reads what a person typed.  A narrator reads
secrets only through the game's visibility model, and the leak tests compare
the lines told in twin states, so nothing here may show another seat's secret.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .compass import SHORT
from .game import Engine
from .game_type import HANDLER

#: prefix of a narrator's method that tells the rule step of one engine task or
#: decision handler (``told_move_characters``, ``told_on_fight``)
TOLD = "told_"

#: longest line of a laid-out list of choices
WIDTH = 100
#: more choices than this are laid out in columns
COLUMNS_FROM = 12


@dataclass(frozen=True)
class Choice:
    """One legal action as a person picks it: ``key`` is what to type (a
    location's number, a square's coordinates, else a letter), ``text`` its name
    as shown, ``names`` other words that choose it, ``detail`` what is shown
    after the name but does not choose it (counts, distances).  On the board:
    ``place`` is the key of the place the picture marks (``Canvas.place``) that
    picks it by a click, ``preview`` the places to light up while pointing at
    it (the path a move takes, the squares a tile would cover)."""

    action: int
    key: str
    text: str
    names: tuple[str, ...] = ()
    detail: str = ""
    place: str = ""
    preview: tuple[str, ...] = ()


def public_action_text(engine_before, viewer, action: int) -> str | None:
    """The name of ``action``, about to be played in ``engine_before``, as
    ``viewer`` (``None``: a spectator) may learn it, as the game's visibility
    model says: the mover always sees its own move, others only moves of a kind
    not declared secret.  ``None`` when it must stay hidden."""
    g = engine_before
    if g.visible(viewer).move(g.current_player, g.decision):
        return g.action_name(action)
    return None


def seat_label(seat: int) -> str:
    """A seat as people call it where the game gives it no name of its own
    (a colour, a role): ``Player 0``, ``Player 1``, ... as the pawns are numbered."""
    return f"Player {seat}"


def count(n: int, thing: str) -> str:
    """``1 zombie``, ``2 zombies``."""
    return f"{n} {thing}" + ("" if n == 1 else "s")


def number(v) -> int | float:
    """A score as people write it: 3, not 3.0."""
    return int(v) if float(v).is_integer() else float(v)


def faces(rolled) -> str:
    """Dice as a player reads them, from the engine's 0-based faces: ``4 and 5``."""
    shown = [str(f + 1) for f in rolled]
    return " and ".join(shown) if len(shown) < 3 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _spelled(i: int) -> str:
    """The ``i``-th word of a to z, then aa, ab, ..."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(ord("a") + r) + out
    return out


def _spelled_at(word: str) -> int:
    """Where ``word`` comes among ``_spelled``'s words."""
    at = 0
    for ch in word:
        at = 26 * at + ord(ch) - ord("a") + 1
    return at - 1


#: where the compass words come among the spelled words, in order
_COMPASS_AT = sorted(map(_spelled_at, SHORT))


def letters(i: int) -> str:
    """The ``i``-th list key: a to z, then aa, ab, ..., leaving out the compass
    words (``n``, ``ne``, ...), which type steps: never a digit either, so a list
    key is never taken for a location number, a square or a step."""
    for at in _COMPASS_AT:
        i += at <= i
    return _spelled(i)


def tasks(engine: type) -> frozenset[str]:
    """What can cause a rule step of ``engine``: the methods its game adds to
    ``Engine``, among them the tasks it pushes and its ``on_<kind>`` handlers."""
    return frozenset(
        n
        for n in dir(engine)
        if not n.startswith("_") and not hasattr(Engine, n) and callable(getattr(engine, n))
    )


class Narrator:
    """A game's words for its text seats.  This generic one names decisions and
    actions as the declaration and the engine do; a game's subclass tells what
    each rule step did, in the rulebook's words.

    A subclass names the engine it tells (``class MallNarrator(Narrator,
    engine=MallOfHorror)``) and tells a task's steps in a ``told_<task>`` method;
    each is checked against the engine's methods when the class is made, so a
    task renamed in the engine fails at import instead of leaving its line untold.
    So are the families it writes one method per decision kind (``per_kind=``),
    against the declared kinds, and a table it keys by action block
    (``by_block=``), against the action layout's blocks."""

    #: the engine whose rule steps the ``told_`` methods tell
    engine: ClassVar[type | None] = None

    #: prefixes of the families of methods written one per decision kind
    #: (``per_kind=("doing_",)``: ``doing_vote`` ...), found by ``for_decision``
    per_kind: ClassVar[tuple[str, ...]] = ()
    #: an entry per block of the engine's action layout, by the block's name
    #: (``by_block=``: Maul of America's words for a choice in each block)
    by_block: ClassVar[Mapping[str, object]] = {}
    #: each ``per_kind`` family's methods by decision kind, gathered with the class
    _by_kind: ClassVar[dict[str, dict[str, object]]] = {}

    def __init_subclass__(
        cls,
        engine: type | None = None,
        per_kind: Sequence[str] | None = None,
        by_block: Mapping[str, object] | None = None,
        **kwargs,
    ):
        super().__init_subclass__(**kwargs)
        if engine is not None:
            cls.engine = engine
        if per_kind is not None:
            cls.per_kind = tuple(per_kind)
        if by_block is not None:
            cls.by_block = by_block
        told = sorted(n for n in dir(cls) if n.startswith(TOLD))
        named = [*told, *(p + "<kind>" for p in cls.per_kind)] + ["by_block"] * bool(cls.by_block)
        if named and cls.engine is None:
            raise TypeError(f"{cls.__name__} words {', '.join(named)} but names no engine")
        wrong = _untold(cls, told) + _unkinded(cls) + _unblocked(cls)
        if wrong:
            raise TypeError(f"{cls.__name__}: " + "; ".join(wrong))
        cls._by_kind = {p: {k: getattr(cls, p + k) for k in _kinds(cls)} for p in cls.per_kind}

    def for_decision(self, prefix: str, g):
        """What the method of the ``per_kind`` family ``prefix`` for ``g``'s pending
        decision kind says of ``g``: found in a table checked when the class was made,
        never by a name spelled at run time."""
        return self._by_kind[prefix][g.decision](self, g)

    # ----- who ----------------------------------------------------------------
    def name(self, g, seat: int) -> str:
        """A seat as the other seats call it."""
        return seat_label(seat)

    def who(self, g, seat: int, viewer) -> str:
        """A seat as the subject of a past-tense line: ``you`` for the viewer."""
        return "you" if seat == viewer else self.name(g, seat)

    def named(self, g, seat: int, viewer) -> str:
        """A seat by name, marked when it is the viewer (for present-tense lines)."""
        return self.name(g, seat) + (" (you)" if seat == viewer else "")

    def whose(self, g, seat: int, viewer) -> str:
        return "your" if seat == viewer else f"{self.name(g, seat)}'s"

    def its(self, seat: int, viewer) -> str:
        return "your" if seat == viewer else "its"

    def was(self, g, seat: int, viewer) -> str:
        return "you were" if seat == viewer else f"{self.name(g, seat)} was"

    def drew(self, b, a, viewer, seat: int, names: Sequence[str]) -> str | None:
        """``seat`` drew cards between states ``b`` and ``a`` (hands as counts per
        kind): how many, and which only when ``viewer`` may see that hand."""
        got = sum(a.hands[seat]) - sum(b.hands[seat])
        if got <= 0:
            return None
        named = ""
        if a.visible(viewer).hand(seat):
            pairs = zip(b.hands[seat], a.hands[seat], strict=True)
            named = ": " + ", ".join(
                names[k] for k, (old, now) in enumerate(pairs) for _ in range(now - old)
            )
        return f"{self.who(a, seat, viewer)} drew {count(got, 'card')}{named}"

    # ----- a state ------------------------------------------------------------
    def phase(self, g, viewer) -> str:
        """Where the game is, in the game's words."""
        if g.terminal:
            return f"{g.game_type.title}: game over"
        doing = g.game_type.by_kind[g.decision].doing
        return f"{g.game_type.title}: {self.name(g, g.current_player)} {doing}"

    def board(self, g, viewer) -> str:
        """The text board as ``viewer`` may see it."""
        return g.game_type.text_module.ansi(g, viewer)

    def legend(self, g) -> list[str]:
        """What every abbreviation and mark of the text board means."""
        return []

    def choices(self, g) -> list[Choice]:
        """The pending decision's legal actions, keyed by letters in action order."""
        return [Choice(a, letters(i), g.action_name(a)) for i, a in enumerate(g.legal)]

    def public_forced(self, g) -> bool:
        """Whether the pending decision has one option and every seat could tell
        it is the only one, so it may be taken without asking (engines take such
        decisions themselves when they pose them as public)."""
        return False

    # ----- a move ---------------------------------------------------------------
    def decision(self, g, action: int, viewer) -> list[str]:
        """The lines for the decision itself, ``action`` about to be played in ``g``:
        its name when ``viewer`` may learn it, else only that it was taken."""
        mover, kind = g.current_player, g.decision
        who = self.named(g, mover, viewer)
        name = public_action_text(g, viewer, action)
        if name is None:
            return [f"{who} {g.game_type.by_kind[kind].doing} (secret choice)"]
        return [f"{who}: {name}"]

    def step(self, before, after, viewer, cause: tuple) -> list[str]:
        """What one rule step changed, as ``viewer`` may know it.  ``cause`` is the
        task that ran (``("move_characters",)``) or the decision handler with its
        action (``("on_ballot", 12)``): its ``told_<task>`` method tells it, given
        the task's arguments, where the narrator has one; else ``changed``."""
        told = getattr(self, TOLD + cause[0], None)
        if told is None:
            return self.changed(before, after, viewer)
        return told(before, after, viewer, *cause[1:])

    def changed(self, before, after, viewer) -> list[str]:
        """What a rule step changed, whichever task ran: what the two states show."""
        return []


def _untold(cls, told: Sequence[str]) -> list[str]:
    """The ``told_`` methods that name no task of the narrator's engine."""
    known = tasks(cls.engine) if told else frozenset()
    return [
        f"{n}() tells no task: {cls.engine.__name__} has no {n[len(TOLD) :]}()"
        for n in told
        if n[len(TOLD) :] not in known
    ]


def _kinds(cls) -> tuple[str, ...]:
    """The decision kinds the narrator's engine declares."""
    return tuple(cls.engine.game_type.by_kind)


def _unkinded(cls) -> list[str]:
    """Each ``per_kind`` family has one method per declared decision kind and no other."""
    if not cls.per_kind:
        return []
    kinds, wrong = _kinds(cls), []
    for prefix in cls.per_kind:
        written = {n[len(prefix) :] for n in dir(cls) if n.startswith(prefix)}
        wrong += [
            f"{prefix}{k}() names no decision kind of {cls.engine.game_type.name}"
            for k in sorted(written)
            if k not in kinds
        ]
        wrong += [
            f"no {prefix}{k}() for the decision kind {k!r}" for k in kinds if k not in written
        ]
    return wrong


def _unblocked(cls) -> list[str]:
    """``by_block`` has an entry for each block of the engine's action layout and no other."""
    if not cls.by_block:
        return []
    layout = cls.engine.action_layout
    blocks = [b.name for b in layout.blocks]
    wrong = [
        f"by_block names no block {k!r} of {layout.title}" for k in cls.by_block if k not in blocks
    ]
    wrong += [f"by_block has no entry for the block {b!r}" for b in blocks if b not in cls.by_block]
    return wrong


#: the narrator of a game that declares none
GENERIC = Narrator()


def narrator_of(g) -> Narrator:
    return type(g).game_type.narration


def steps(g, action: int) -> Iterator[tuple]:
    """The rule steps ``Engine.apply`` takes for ``action``, on a copy of ``g``
    (left as it is): ``(before, after, cause)`` for the decision's handler,
    then for each task until a seat must decide or the game ends.  A decision
    with one option that the engine took without asking is a step of its own,
    caused by its handler; the ``before`` of a handler's step is the decision
    as posed (its kind, seat and options: one when it was taken unasked)."""
    state = g.clone()
    cause: tuple = (HANDLER + g.decision, action)
    while True:
        before = state.clone()
        if state.decision is None and cause[0].startswith(HANDLER):  # taken unasked
            before.decision, before.legal = cause[0][len(HANDLER) :], [cause[1]]
        state.decision = None
        getattr(state, cause[0])(*cause[1:])
        yield before, state, cause
        if state.decision is not None or state.terminal:
            return
        cause = state.tasks.pop()


def story(g, action: int, viewer) -> list[str]:
    """The lines ``viewer`` (a seat, ``None``: a spectator) is told when ``action``
    is played in ``g``: the decision, then each rule step it sets off; a decision
    the engine took without asking (its only option) is told as if chosen."""
    narrator = narrator_of(g)
    lines = []
    for before, after, cause in steps(g, action):
        if cause[0].startswith(HANDLER):
            lines += narrator.decision(before, cause[1], viewer)
        lines += narrator.step(before, after, viewer, cause)
    return lines


def layout(choices: Sequence[Choice]) -> list[str]:
    """The choices as screen lines, ``key  text  detail`` (two spaces apart); a
    long list in columns (three spaces or more apart)."""
    width = max(len(c.key) for c in choices)
    cells = [f"{c.key:>{width}}  {c.text}" + (f"  {c.detail}" if c.detail else "") for c in choices]
    if len(cells) <= COLUMNS_FROM:
        return ["  " + cell for cell in cells]
    cell = max(map(len, cells)) + 3
    per_line = max(1, (WIDTH - 2) // cell)
    rows = -(-len(cells) // per_line)
    return [
        "  " + "".join(f"{cells[i]:<{cell}}" for i in range(r, len(cells), rows)).rstrip()
        for r in range(rows)
    ]


def told_lines(told: Sequence[str]) -> list[str]:
    """The story as screen lines: a line told several times running is shown once,
    with how many times."""
    out, runs = [], []
    for line in told:
        if runs and runs[-1][0] == line:
            runs[-1][1] += 1
        else:
            runs.append([line, 1])
    for line, times in runs:
        out.append(f"  {line}" + (f" ({times} times)" if times > 1 else ""))
    return out


def screen(
    g, viewer: int, told: Sequence[str], board: bool = True, choices: Sequence[Choice] = ()
) -> str:
    """What ``viewer`` is shown at its decision: its view of the board (left out
    with ``board=False``, for a decision that follows the seat's own last one
    with no other seat's move between: the story tells what its move changed),
    what happened since its last decision (``told``), where the game is and its
    choices (the narrator's, unless keyed otherwise by the front end: ``choices``).
    Built only from what the seat may see."""
    narrator = narrator_of(g)
    choices = choices or narrator.choices(g)
    lines = [narrator.board(g, viewer), ""] if board else []
    if told:
        lines += ["Since your last decision:", *told_lines(told), ""]
    lines.append(narrator.phase(g, viewer))
    lines.append(f"Your decision: {g.game_type.by_kind[g.decision].doing}")
    lines += layout(choices)
    if len(choices) == 1:
        lines.append(f"Enter: {choices[0].text} (your only choice); help: legend and commands.")
    else:
        lines.append(
            "Type a key or a name; show: the board; help: legend and commands; quit: stop."
        )
    return "\n".join(lines)


def _words(text: str) -> list[str]:
    for mark in "(),:;":
        text = text.replace(mark, " ")
    return text.lower().split()


def _is(typed: str, name: str) -> bool:
    """``typed`` is ``name`` itself: case, extra spaces and the marks ``(),:;``
    do not matter (``R12C3`` is ``r12c3``; ``tile-2,0`` is itself)."""
    return typed.lower().split() == name.lower().split() or _words(typed) == _words(name)


def _fits(typed: list[str], name: list[str]) -> bool:
    """Each typed word starts a word of ``name``, in order (``"shoe 2"`` fits
    ``"Shoe Store 2"``, ``"meg"`` fits ``"location 3 Megatoys"``)."""
    rest = iter(name)
    return all(any(word.startswith(t) for word in rest) for t in typed)


def _named(text: str, choices: Sequence[Choice]) -> list[Choice]:
    """The choices ``text`` is a whole name of; else those whose names' words it starts."""
    whole = [c for c in choices if any(_is(text, n) for n in (c.text, *c.names))]
    if whole:
        return whole
    typed = _words(text)
    return [c for c in choices if any(_fits(typed, _words(n)) for n in (c.text, *c.names))]


def pick(text: str, choices: Sequence[Choice]) -> Choice:
    """The choice ``text`` names: the one whose key it is; else the one it is a
    whole name of (its text or one of its ``names``), even when it also starts
    other choices' words (``n`` and ``north`` pick the choice named so though
    ``northeast`` starts with them); else the one whose name's words it starts.
    ``ValueError`` with a short message otherwise."""
    if not _words(text):
        raise ValueError("type the key or the name of a choice (help: legend and commands)")
    for choice in choices:
        if _is(text, choice.key):
            return choice
    hits = _named(text, choices)
    if len(hits) == 1:
        return hits[0]
    shown = text.strip()
    if not hits:
        keys = ", ".join(c.key for c in choices[:8]) + (", ..." if len(choices) > 8 else "")
        raise ValueError(f"no choice is called {shown!r}: type a key ({keys}) or a name")
    fits = ", ".join(f"{c.key} {c.text}" for c in hits[:3]) + (", ..." if len(hits) > 3 else "")
    raise ValueError(f"{shown!r} fits {len(hits)} choices ({fits}): type more of it")
