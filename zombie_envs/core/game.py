"""The engine side of every game: the Game protocol and the machinery all engines share.

An engine is pure game logic (no PettingZoo).  Its rules are written as *tasks*
(one method per phase or step, named as the rulebook names them) that run from
a stack until a seat must decide something.  A decision is a kind (the name of
its ``on_<kind>`` handler), the seat that decides and the list of legal
actions.  Because the stack holds plain tuples and every field is an int, a
list or a tuple, an engine clones, serialises and replays exactly, and the RNG
travels with the state so clones roll the same dice.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, ClassVar, Final, cast

import numpy as np

from .copying import copied, copy_random, dup, list_fields, to_json
from .dice import roll_dice
from .game_type import HANDLER, GameType
from .layout import Layout
from .visibility import Visibility

try:  # mypyc reads the decorator when it compiles; it does nothing at run time
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure build without mypy

    def mypyc_attr(*_args, **_attrs):  # type: ignore[misc]
        return lambda cls: cls


#: ``Engine(_BLANK)`` makes an engine with no state yet, for ``clone`` to fill in (a
#: compiled class has no ``__new__`` that skips ``__init__``)
_BLANK: Final = object()

_CLOCKWISE = {
    n: [tuple((first + i) % n for i in range(n)) for first in range(n)] for n in range(1, 17)
}


#: ``{engine class: {task name: its function}}`` and ``{engine class: {decision kind:
#: its handler}}``, each filled as the names are first met: ``_run`` and ``apply``
#: call the function on the engine, never looking a name up on it (a compiled
#: engine would look it up by its text on every call)
_TASKS: dict[type, dict[str, Any]] = {}
_HANDLERS: dict[type, dict[str, Any]] = {}


def _method(table: dict[type, dict[str, Any]], cls: type, key: str, name: str) -> Any:
    """``cls``'s function ``name``, noted in ``table`` under ``key``."""
    methods = table.get(cls)
    if methods is None:
        methods = table[cls] = {}
    fn = methods[key] = getattr(cls, name)
    return fn


def _as_int(action) -> int | None:
    """The action as an int, or None when it is not an integer (floats, bools, text)."""
    if isinstance(action, np.integer):  # first: what masked samplers hand over
        return int(action)
    if isinstance(action, bool):
        return None
    if isinstance(action, int):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    return None


def _flat_fields(engine: str, groups: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The names of ``FIELDS``' groups in one tuple; a name in two groups is refused."""
    names = tuple(name for group in groups.values() for name in group)
    doubled = sorted({n for n in names if names.count(n) > 1})
    if doubled:
        raise TypeError(f"{engine}: state fields {doubled} listed twice in FIELDS")
    return names


@mypyc_attr(allow_interpreted_subclasses=True)
class Engine:
    """Base class of a game engine.

    Subclasses name their declaration as ``game_type`` (which names their
    layouts and visibility model), list their mutable state in ``FIELDS`` by
    lifetime, implement ``setup`` (which pushes the first tasks), the task
    methods, one ``on_<kind>`` handler per declared decision kind, ``scores`` and
    ``redraw_hidden``.  The class that names ``game_type`` takes its layouts from
    it, and the ``encode`` and ``label`` functions of the layouts' modules, and is
    checked against it when it is created.
    """

    game_type: ClassVar[GameType]
    # from the declaration:
    name: ClassVar[str]
    version: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    #: decision kinds whose choice the other seats must not learn (replays and
    #: spectators name these moves only to the seat that made them)
    secret_decisions: ClassVar[frozenset[str]]
    #: the game's visibility model (its ``observe.Visible``): who may see each secret
    visibility: ClassVar[type[Visibility]]
    #: the game's functions kept beside its layouts (``GameType.methods``: ``encode``,
    #: maybe ``label``), which the methods of those names call: a compiled engine
    #: calls its own methods, so none is set on the class
    game_functions: ClassVar[dict[str, Any]]
    action_layout: ClassVar[Layout]
    obs_layout: ClassVar[Layout]
    state_layout: ClassVar[Layout]
    #: the mutable state, grouped by how long a value lives (``{"game": (names...),
    #: "round": (...)}``, the groups named as the game's rules divide time)
    FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: every attribute a saved state holds, in order: the task stack's, then ``FIELDS``
    state_fields: ClassVar[tuple[str, ...]]
    #: list fields whose items (rows) are only added or removed, never changed in
    #: place: copies share the rows, which saves copying them
    SHARED_ITEMS: ClassVar[tuple[str, ...]] = ()
    #: fields held as a ``bytearray`` (small counts per square): a copy is one block
    #: copy with no reference counts, which a long list of ints would pay per item;
    #: saved as lists of ints like any other
    BYTE_FIELDS: ClassVar[tuple[str, ...]] = ()
    _BASE_FIELDS: ClassVar[tuple[str, ...]] = (
        "tasks",
        "decision",
        "legal",
        "current_player",
        "terminal",
        "truncated",
    )
    #: the faces of the last ``roll_told`` roll, for the story to show the dice
    rolled: tuple[int, ...] = ()
    num_players: int
    options: dict[str, Any]
    seed: int | None
    _rng: Any
    _rng_shared: bool
    tasks: list[tuple]
    decision: str | None
    legal: list[int]
    current_player: int
    terminal: bool
    truncated: bool
    _lists: tuple[tuple[str, ...], tuple[str, ...]]

    def __init__(self, num_players: object, seed: int | None = None, rng=None, **options):
        """``rng``: draw chance from it instead of ``random.Random(seed)`` (a
        ``core.chance.ChanceLog`` to log the draws, ``testing.Dice`` to script them)."""
        if num_players is _BLANK:  # a shell for clone to fill in
            return
        if not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise ValueError(
                f"{self.game_type.env}: num_players must be an int from {self.min_players} "
                f"to {self.max_players}, got {num_players!r}"
            )
        self.num_players = num_players
        self.options = self.check_options(options)
        self.seed = seed
        self.rng = random.Random(seed) if rng is None else rng
        self.attach()
        self.tasks = []
        self.decision = None
        self.legal = []
        self.current_player = -1
        self.terminal = False
        self.truncated = False
        self.setup()
        self._run()
        self._lists = list_fields(_state_dict(self), self.SHARED_ITEMS)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "game_type"):
            if vars(cls).get("engine_part"):  # a part of an engine: its state, a rule module
                return
            raise TypeError(f"{cls.__name__} names no game_type (a core.game_type.GameType)")
        game = vars(cls).get("game_type")
        if game is None:  # a subclass of a game's engine keeps its declaration
            return
        left = [m for m in _WRITTEN_BY_THE_GAME if getattr(cls, m) is getattr(Engine, m)]
        if left:
            raise TypeError(f"{cls.__name__} leaves abstract {', '.join(left)}: a game writes them")
        cls.name, cls.version = game.name, game.version
        cls.min_players, cls.max_players = game.min_players, game.max_players
        cls.default_players = game.default_players
        cls.secret_decisions = game.secret_decisions
        cls.action_layout, cls.obs_layout, cls.state_layout, cls.visibility = game.views()
        cls.game_functions = game.methods()
        cls.state_fields = cls._BASE_FIELDS + _flat_fields(cls.__name__, cls.FIELDS)
        game.check_handlers(cls)
        game.check_blocks(cls.action_layout)

    @classmethod
    def check_options(cls, options: dict) -> dict:
        return cls.game_type.check_options(options)

    def attach(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Set attributes derived from the options alone (a board, tables): they
        are not state, so loaded states get them here again; copies share them."""

    # ----- the task stack -------------------------------------------------
    def setup(self) -> None:
        """Set the initial state and push the first tasks."""
        raise NotImplementedError

    def push(self, *tasks: tuple) -> None:
        """Schedule tasks to run next, in the order given (a native loop in the
        compiled build)."""
        stack = self.tasks
        for k in range(len(tasks) - 1, -1, -1):
            stack.append(tasks[k])

    def ask(self, seat: int, kind: str, legal: list[int], public: bool = False) -> None:
        """Pose a decision to ``seat``.

        When the legal options follow from public information only
        (``public=True``), a single option is taken without asking, as the
        next step (its handler as a task, so the story tells it as a move of
        its own): skipping it reveals nothing.  A choice whose options depend
        on a secret (a hand, cards drawn) is always posed, even with one
        option, so the public sequence of decisions never leaks the secret.
        A decision always has an option: with none, no seat could ever act
        and the game would hang."""
        if self.terminal:
            return
        assert legal, f"{self.name}: decision '{kind}' posed to seat {seat} with no legal action"
        self.current_player = seat
        if public and len(legal) == 1:
            self.push((HANDLER + kind, legal[0]))
            return
        self.decision = kind
        self.legal = legal

    def roll_told(self, count: int, sides: int) -> tuple[int, ...]:
        """``count`` dice whose faces the story tells, where the rules keep only
        their sum: the faces stay beside the state (``rolled``), not in it, so
        saved states, records and observations are as they were; the story
        reads them in the step that rolled."""
        self.rolled = tuple(roll_dice(self.rng, count, sides))
        return self.rolled

    def end_game(self, truncated: bool = False) -> None:
        """The game is over; ``truncated`` when a safety cap, not a rule, ended it
        (no seat has won or lost)."""
        self.terminal = True
        self.truncated = truncated
        self.tasks = []
        self.decision = None
        self.legal = []
        self.current_player = -1

    def _run(self) -> None:
        methods = _TASKS.get(type(self)) or {}
        while self.decision is None and not self.terminal:
            task = self.tasks.pop()
            name = task[0]
            fn = methods.get(name) or _method(_TASKS, type(self), name, name)
            if len(task) == 1:
                fn(self)
            elif len(task) == 2:
                fn(self, task[1])
            else:
                fn(self, *task[1:])

    def clockwise(self, first: int) -> tuple[int, ...]:
        """Every seat, clockwise from ``first`` (a shared, precomputed table)."""
        return _CLOCKWISE[self.num_players][first]

    # ----- the Game protocol ----------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.action_layout.size

    def legal_actions(self) -> list[int]:
        return list(self.legal)

    def legal_mask(self, out: np.ndarray | None = None) -> np.ndarray:
        """The int8 mask of legal actions (written into ``out`` if given)."""
        if out is not None:
            out.fill(0)
            for a in self.legal:  # a few items: cheaper than fancy indexing with a list
                out[a] = 1
            return out
        mask = bytearray(self.action_layout.size)
        for a in self.legal:
            mask[a] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def apply(self, action) -> None:
        """Play ``action`` (an int, numpy integer or 0-d integer array, as
        ``Discrete.contains`` accepts) for the current player;
        anything else, or an illegal one, raises ``ValueError`` and leaves the
        state untouched."""
        a = action if type(action) is int else _as_int(action)
        if a is None or a not in self.legal:
            raise ValueError(self._illegal_message(action))
        kind = cast(str, self.decision)
        self.decision = None
        cls = type(self)
        methods = _HANDLERS.get(cls)
        fn = methods.get(kind) if methods is not None else None
        (fn or _method(_HANDLERS, cls, kind, HANDLER + kind))(self, a)
        self._run()

    def _illegal_message(self, action) -> str:
        if self.terminal:
            return f"{self.game_type.env}: action {action!r} given but the game is over"
        legal = ", ".join(f"{a} ({self.action_name(a)})" for a in self.legal)
        return (
            f"{self.game_type.env}: illegal action {action!r} for player_{self.current_player} "
            f"deciding '{self.decision}'; legal actions: {legal}"
        )

    def action_name(self, action: int) -> str:
        """Readable name of an action for the player about to act."""
        block, offset = self.action_layout.locate(int(action))
        return self.label(block.name, offset)

    def label(self, block: str, offset: int) -> str:
        """An action's name; a game whose names follow from the state writes
        ``label(g, block, offset)`` in its ``actions.py``, which this calls."""
        named = self.game_functions.get("label")
        if named is not None:
            return named(self, block, offset)
        return f"{block} {self.action_layout[block].labels[offset]}"

    def relative_player(self, rel: int) -> str:
        """``player_2``: the seat ``rel`` places after the deciding one; action blocks
        are sized for the most seats, so a smaller game names the ones it lacks."""
        if rel >= self.num_players:
            return f"seat +{rel} (not in this game)"
        return f"player_{(self.current_player + rel) % self.num_players}"

    def planes(self, observation) -> dict[str, np.ndarray]:
        """An observation of this game as named arrays, its per-square blocks laid on
        the board as rows and columns (``Layout.planes``, with this game's options)."""
        return self.obs_layout.planes(observation, self.options)

    def visible(self, viewer: int | str | None) -> Visibility:
        """What ``viewer`` (a seat, ``None``: a spectator, ``GOD``: everything) may
        see of this state; every view of the game asks it."""
        return self.visibility(self, viewer)

    def observation(self, seat: int) -> np.ndarray:
        """What ``seat`` may see, as int8 counts and flags (see ``encode``)."""
        out = bytearray(self.obs_layout.size)
        self.encode(seat, out, False)
        return np.frombuffer(out, dtype=np.int8)

    def state_vector(self) -> np.ndarray:
        """Everything, secrets included, from seat 0's point of view."""
        out = bytearray(self.state_layout.size)
        self.encode(0, out, True)
        return np.frombuffer(out, dtype=np.int8)

    def encode(self, seat: int, out: bytearray, god: bool) -> None:
        """Write ``seat``'s view (everything if ``god``) into the zeroed ``out``.
        Games write it as ``encode(g, seat, out, god)`` in their ``observe.py`` (the
        module of the observation layout), the one place that decides visibility,
        which this calls; a bytearray takes item writes far cheaper than numpy."""
        encode = self.game_functions.get("encode")
        if encode is None:
            raise NotImplementedError(
                f"{type(self).__name__}: no encode(g, seat, out, god) beside "
                f"{self.game_type.observation}"
            )
        encode(self, seat, out, god)

    def scores(self) -> Sequence[float]:
        """Each seat's points (final points at the end of the game)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats with the best score (games override to add tie-breaks)."""
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    def final_winners(self) -> list[int]:
        """The seats that won the finished game: none when a safety cap
        truncated it, since no rule decided it (``winners`` ranks by the rules)."""
        return [] if self.truncated else self.winners()

    def returns(self, mode: str = "zero_sum") -> list[float]:
        """Final rewards.  ``zero_sum``: winners share +1, losers share -1
        (all zero if everyone wins; all share -1 if no seat won);
        ``score``: the final points.  A truncated game has no result: 0 each
        in ``zero_sum``."""
        if mode == "score":
            return [float(v) for v in self.scores()]
        n = self.num_players
        if self.truncated:
            return [0.0] * n
        won = self.final_winners()
        if not won:  # a party outside the seats won (e.g. a horde): every seat lost
            return [-1.0 / n] * n
        if len(won) == n:
            return [0.0] * n
        lose = -1.0 / (n - len(won))
        return [1.0 / len(won) if i in won else lose for i in range(n)]

    # ----- search ---------------------------------------------------------
    def resample(self, seat: int, rng: random.Random) -> Engine:
        """A full state that ``seat`` cannot tell from this one: the same
        observation, legal actions and everything it has seen, with all that is
        hidden from it redrawn among what was possible (OpenSpiel's
        ``ResampleFromInfostate``, what search agents plan on).  The copy gets a
        generator seeded from ``rng``, so its future dice are not this game's."""
        new = self.clone(rng=random.Random(rng.getrandbits(64)))
        new.redraw_hidden(seat, rng)
        if new.current_player != seat:
            new.pose_again()
        return new

    def pose_again(self) -> None:
        """Ask the pending decision again: after a redraw, its options may follow
        from what was redrawn (another seat's hand, a truck)."""
        again = self.reasks().get(self.decision)
        if again is not None:
            again()

    def reasks(self) -> dict:
        """``{decision kind: a call that poses it again}`` for the kinds whose
        options follow from something ``redraw_hidden`` may change; none by default."""
        return {}

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Redraw in place, from ``rng``, every item hidden from ``seat`` (other
        hands, deck order, unrevealed choices and dice), keeping what it has seen
        and every public count; ``resample`` calls it on a copy, then poses the
        pending decision of another seat again (``reasks``)."""
        raise NotImplementedError

    # ----- chance and copies ---------------------------------------------
    @property
    def rng(self) -> Any:
        """The generator every chance draw comes from.  Exact copies share it
        until one of them draws: that one takes a copy first (see ``clone``)."""
        if self._rng_shared:
            self._rng = copy_random(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng) -> None:
        self._rng = rng
        self._rng_shared = False

    def clone(self, rng=None) -> Engine:
        """A copy to play on without touching this game.  With ``rng`` (a
        ``random.Random`` or anything with its methods) the copy draws its chance
        from it, as a search wants its own dice.  Without, its future dice are
        this game's: the two share the generator until one draws, since copying
        a generator costs more than copying the rest of the state; a stand-in
        that is not a ``random.Random`` (a log, scripted dice) gives the copy a
        plain generator in its state.

        Every attribute is carried over, lists copied (``core.copying.dup``) and the rest
        shared: derived ones (``attach``) follow from what is copied.  Which
        attributes hold flat lists was noted once (``list_fields``), so a copy
        looks neither at the others nor into those."""
        storage = _STORAGE.get(type(self))
        if storage is None:
            storage = _storage(self)
        if storage != _IN_DICT:  # a compiled Engine: the state in slots, but for what
            new = self._copy()  # an interpreted subclass adds (the toy, a test rig)
            if storage == _MIXED:
                state = _state_dict(self)
                if state:
                    new.__dict__ = copied(state, self._lists)
            if rng is not None:
                new._rng, new._rng_shared = rng, False
            elif type(self._rng) is random.Random:
                new._rng_shared = self._rng_shared = True
            else:
                new._rng = copy_random(self._rng)
            return new
        d = copied(_state_dict(self), self._lists)
        if rng is not None:
            d["_rng"], d["_rng_shared"] = rng, False
        elif type(self._rng) is random.Random:
            d["_rng_shared"] = self._rng_shared = True
        else:
            d["_rng"] = copy_random(self._rng)
        new = cast(Engine, object.__new__(type(self)))
        new.__dict__ = d
        return new

    def _copy_base(self, new: Engine) -> None:
        """Copy the base's fields into the shell ``new`` (a compiled engine's slots)."""
        new.num_players = self.num_players
        new.options = self.options
        new.seed = self.seed
        new._rng = self._rng
        new._rng_shared = self._rng_shared
        new.tasks = self.tasks[:]
        new.decision = self.decision
        new.legal = self.legal[:]
        new.current_player = self.current_player
        new.terminal = self.terminal
        new.truncated = self.truncated
        new.rolled = self.rolled
        new._lists = self._lists

    def _copy(self) -> Engine:
        """With a compiled ``Engine``, a copy of what is kept in slots: the base's
        fields here; a compiled engine copies its own too, field by field (lists
        copied as ``dup`` copies them, what ``attach`` derived shared).  An
        interpreted subclass's fields are in ``__dict__``, which ``clone`` copies."""
        new = type(self)(_BLANK)
        self._copy_base(new)
        return new

    def __reduce__(self) -> tuple:
        """Pickled as its saved state (``to_dict``), which a compiled engine and the
        boards ``attach`` builds pickle alike: loading calls ``from_dict``."""
        return (type(self).from_dict, (self.to_dict(),))

    def to_dict(self) -> dict:
        """A JSON-ready dict of the whole state, RNG included."""
        d = {
            "game": self.name,
            "version": self.version,
            "num_players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": to_json(self._rng.getstate()),  # reading it leaves it shared
        }
        for name in self.state_fields:
            d[name] = to_json(getattr(self, name))
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Engine:
        if d.get("game") != cls.name:
            raise ValueError(f"state is for game {d.get('game')!r}, not {cls.name!r}")
        if d.get("version") != cls.version:
            raise ValueError(
                f"{cls.name}: state version {d.get('version')!r} differs from engine "
                f"version {cls.version}"
            )
        new = cls(_BLANK)
        new.num_players = d["num_players"]
        new.options = cls.check_options(d["options"])
        new.seed = d["seed"]
        version, internal, gauss = d["rng"]
        new.rng = random.Random.__new__(random.Random)
        new.rng.setstate((version, tuple(internal), gauss))
        for name in cls.state_fields:
            setattr(new, name, bytearray(d[name]) if name in cls.BYTE_FIELDS else dup(d[name]))
        new.tasks = [tuple(t) for t in d["tasks"]]
        new.attach()
        new._lists = list_fields(_state_dict(new), cls.SHARED_ITEMS)
        return new


#: what a class naming a game must write, checked when it is made (not ``abc``: a
#: compiled class would share the ``ABC`` base's subclass caches with every other)
_WRITTEN_BY_THE_GAME = ("setup", "scores", "redraw_hidden")

#: where an engine class's instances keep their state: all in ``__dict__`` (the pure
#: build), all in a compiled class's slots, or in slots and ``__dict__`` (an
#: interpreted subclass of a compiled class); noted by class at its first clone
_IN_DICT, _IN_SLOTS, _MIXED = 0, 1, 2
_STORAGE: dict[type, int] = {}


def _storage(engine: Engine) -> int:
    """Where ``engine``'s class keeps its state (``_STORAGE``), noted."""
    cls = type(engine)
    if "tasks" in _state_dict(engine):
        kind = _IN_DICT
    else:  # a class compiled with its module keeps all in slots; an interpreted
        # subclass of one adds its own attributes in __dict__
        module = sys.modules.get(getattr(cls, "__module__", ""))
        source = getattr(module, "__file__", None) or ""
        kind = _MIXED if source.endswith(".py") else _IN_SLOTS
    _STORAGE[cls] = kind
    return kind


def _state_dict(engine: Engine) -> dict[str, Any]:
    """The attributes ``engine`` keeps in ``__dict__``: all of them in the pure build,
    an interpreted subclass's own with a compiled ``Engine``, none for a compiled engine."""
    return cast("dict[str, Any]", getattr(engine, "__dict__", None) or {})
