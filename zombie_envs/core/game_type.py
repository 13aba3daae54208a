"""A game, declared once.

Each game's package holds one ``GameType`` (OpenSpiel's ``_GAME_TYPE`` is the
model): its name and so its env id, where its engine, text view, picture and
heuristic live, its rule checklists, player counts, options (and those that keep
a game short) and its table of decision kinds.  Everything else derives from it:
the registry and the generated docs read it; the engine takes its name, version,
player counts, options and secret set from it; the observation's decision
one-hot, the render's words for what a seat is doing and the bots' dispatch read
the decision table.  A kind is spelled once, in the table; code names it as
``KIND.<name>``.

The engine, text view, picture, heuristic and narrator, the action, observation and state
layouts, the visibility model and the card texts are ``"module:attribute"`` strings,
imported on first use, so a declaration costs no import of its game.  A game of the
suite names none of them: each game keeps each part in the module of the same name
(``PARTS``), so its ``package`` says where all of them are.
"""

from __future__ import annotations

import importlib
from collections import namedtuple
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import Any

#: prefix of the method that handles a decision kind, in engines and in bots
HANDLER = "on_"


#: the doc of a round cap that no rule sets (``Option.round_cap``)
SAFETY_CAP = (
    "safety cap on the number of rounds: a game no one has won by the end of this round "
    "is truncated, with no winner (**assumed**; the rulebook has none)"
)


@dataclass(frozen=True)
class Option:
    """An engine option: its default, the values it may take (``choices``;
    none: any int >= 1) and one line for the docs.  ``board``: each value is another
    board (We Are Dead's two sides), so the generic env suite plays it at every
    player count."""

    name: str
    default: Any
    doc: str
    choices: tuple = ()
    board: bool = False
    #: the value a short game takes (tests, demos, the web page's quick games);
    #: ``None``: the default
    quick: Any = None

    def check(self, env: str, value) -> Any:
        if not self.choices:
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{env}: option {self.name} must be an int >= 1, got {value!r}")
        elif value not in self.choices:
            raise ValueError(
                f"{env}: option {self.name} must be one of {list(self.choices)}, got {value!r}"
            )
        return value

    @classmethod
    def round_cap(cls, default: int, doc: str = SAFETY_CAP, quick: int | None = None) -> Option:
        """``max_rounds``: the round a game ends at, a rule's time limit (``doc`` says
        which) or by default a safety cap, which OpenSpiel reads as the bound of a
        game's length."""
        return cls("max_rounds", default, doc, quick=quick)


@dataclass(frozen=True)
class Decision:
    """A kind of decision: its name (its handlers are ``on_<name>``), the action
    blocks its choices lie in, what a seat deciding it is doing in words
    ("votes") and whether the other seats may not learn the choice."""

    name: str
    blocks: tuple[str, ...]
    doing: str
    secret: bool = False


@dataclass(frozen=True)
class Checklist:
    """A checklist of the game's rules, one id per rule, that the doc page's rules
    coverage table covers: ids ``<prefix>-001`` .. ``<prefix>-<count>`` of the
    rulebook (its shared copy named ``shared``, by default the game's name), or with
    ``base`` ``<prefix>-01`` .. of the project's list of the base game's rules, for
    an expansion."""

    prefix: str
    count: int
    base: bool = False
    shared: str = ""


#: where every game of the suite keeps each part: ``"module:attribute"`` in its package
#: (a bare module: the module itself; the engine: the class in it that declares the game)
PARTS = {
    "engine": "engine",
    "text": "text",
    "picture": "picture",
    "heuristic": "bots:HeuristicAgent",
    "actions": "actions:ACTIONS",
    "observation": "observe:OBS",
    "state": "observe:STATE",
    "visibility": "observe:Visible",
    "narrator": "narrate:NARRATOR",
    "cards": "cards:CARD_TEXT",
}
#: the parts a game without a package may leave out: everything public, the generic
#: narrator, no cards
_GENERIC = {
    "visibility": f"{__package__}.visibility:Visibility",
    "narrator": f"{__package__}.narration:GENERIC",
    "cards": "",
}
#: the engine's methods a game keeps beside a layout: (method, the part whose module has it)
METHODS = (("encode", "observation"), ("label", "actions"))


@dataclass(frozen=True, kw_only=True)
class GameType:
    """Everything the suite needs to know about a game, in one place."""

    #: the env id's stem; by default the last name of ``package``
    name: str = ""
    #: what people call it, in the text views
    title: str
    #: bumped when the rules change, so records and policies of another version are refused
    version: int
    #: the player counts: ``(fewest, the default, most)``
    players: tuple[int, int, int]
    #: the kinds of decision, in the order of the observation's decision one-hot:
    #: append, never reorder
    decisions: tuple[Decision, ...]
    #: the package whose modules hold every part not named below, as ``PARTS`` says
    #: (a game of the suite: ``__package__``, so its name is its folder's); empty: each
    #: part is named
    package: str = ""
    #: ``"module:Class"`` of the engine (a bare module: the class in it whose
    #: ``game_type`` is this declaration); ``"module"`` of the text view (``ansi``,
    #: ``legend``) and of the picture (``draw``, ``rgb``); ``"module:Class"`` of the
    #: heuristic agent.  ``None``: where ``PARTS`` puts it in ``package``
    engine: str | None = None
    text: str | None = None
    picture: str | None = None
    heuristic: str | None = None
    #: ``"module:object"`` of the action layout (a ``core.layout.Layout``), of the
    #: observation's and of the central state's
    actions: str | None = None
    observation: str | None = None
    state: str | None = None
    #: ``"module:Class"`` of the visibility model (a ``core.visibility.Visibility``):
    #: who may see each secret; without a package everything is public
    visibility: str | None = None
    options: tuple[Option, ...] = ()
    #: the rule checklists the game's rules tests cover (the rulebook's first)
    checklists: tuple[Checklist, ...] = ()
    #: what seat *i* is, for the docs (``"seat i plays colour i of ..."``)
    seats: str = ""
    #: the role of each seat in an asymmetric game, the last one repeating for the
    #: remaining seats (``("zombie_controller", "shopper")``); empty when every seat
    #: plays the same game, so that figures per role compare like with like
    roles: tuple[str, ...] = ()
    #: a party that is no seat can win (We Are Dead's horde): every seat then loses,
    #: so the zero-sum returns do not always sum to zero (OpenSpiel's GENERAL_SUM)
    outside_winner: bool = False
    env_version: int = 0
    #: ``"module:object"`` of the game's words for text seats (a ``core.narration.Narrator``);
    #: without a package the generic one, which names decisions and actions only
    narrator: str | None = None
    #: ``"module:object"`` of what each of the game's cards does, by card name (a dict
    #: of data), for people to look up; empty for a game without cards
    cards: str | None = None
    #: one of the suite's own games, shipped with its doc page (and README row), its
    #: rulebook checklist and a trained policy; ``False`` for a game registered from
    #: elsewhere (a plugin, a test's toy), which the tests of those files then skip
    bundled: bool = True

    def __post_init__(self):
        if not self.name:
            object.__setattr__(self, "name", self.package.rpartition(".")[2])
        if not self.name:
            raise TypeError("a GameType needs a name or a package")
        for what, items in (("decision", self.decisions), ("option", self.options)):
            names = [item.name for item in items]
            doubled = sorted({n for n in names if names.count(n) > 1})
            if doubled:
                raise ValueError(f"{self.name}: {what} {doubled} declared twice")
        for part in PARTS:
            if getattr(self, part) is None:
                object.__setattr__(self, part, self._conventional(part))
        fewest, default, most = self.players
        if not 1 <= fewest <= default <= most:
            raise ValueError(f"{self.name}: players {self.players} are not (fewest, default, most)")
        self.check_options(self.quick_options)

    @property
    def min_players(self) -> int:
        return self.players[0]

    @property
    def default_players(self) -> int:
        return self.players[1]

    @property
    def max_players(self) -> int:
        return self.players[2]

    @property
    def quick_options(self) -> dict[str, Any]:
        """The options of a short game (tests, demos): each option's ``quick`` value."""
        return {o.name: o.quick for o in self.options if o.quick is not None}

    def _conventional(self, part: str) -> str:
        """Where ``part`` is when the declaration does not name it."""
        if self.package:
            return f"{self.package}.{PARTS[part]}"
        if part in _GENERIC:
            return _GENERIC[part]
        raise TypeError(f"{self.name}: names no {part} and no package to find it in")

    def role_of(self, seat: int) -> str:
        """The role seat ``seat`` plays (``"player"`` in a symmetric game)."""
        if not self.roles:
            return "player"
        return self.roles[min(seat, len(self.roles) - 1)]

    def seats_of(self, role: str, num_players: int) -> tuple[int, ...]:
        """The seats that play ``role`` at ``num_players``; an unknown role is refused
        with the game's roles."""
        seats = tuple(s for s in range(num_players) if self.role_of(s) == role)
        if not seats:
            known = ", ".join(dict.fromkeys(self.roles or ("player",)))
            raise ValueError(f"{self.name} has no role {role!r}; its roles: {known}")
        return seats

    @property
    def env(self) -> str:
        """The env id, as PettingZoo names envs (``mall_of_horror_v0``)."""
        return f"{self.name}_v{self.env_version}"

    # ----- the decision table ---------------------------------------------------
    @cached_property
    def kinds(self):
        """The kind names as attributes (``KIND.ballot == "ballot"``), in table order."""
        names = [d.name for d in self.decisions]
        return namedtuple("Kinds", names)(*names)

    @cached_property
    def by_kind(self) -> dict[str, Decision]:
        return {d.name: d for d in self.decisions}

    @cached_property
    def secret_decisions(self) -> frozenset[str]:
        return frozenset(d.name for d in self.decisions if d.secret)

    def one_hot(self) -> dict[str, bytes]:
        """Each kind's row of the observation's decision one-hot, in table order."""
        size = len(self.decisions)
        return {
            d.name: bytes(1 if i == k else 0 for i in range(size))
            for k, d in enumerate(self.decisions)
        }

    def check_handlers(self, cls: type) -> None:
        """``cls`` has one ``on_<kind>`` method per declared kind and no other."""
        declared = {HANDLER + d.name for d in self.decisions}
        present = {n for n in dir(cls) if n.startswith(HANDLER) and callable(getattr(cls, n))}
        problems = [
            f"no {n}() for the declared decision {n[len(HANDLER) :]!r}"
            for n in sorted(declared - present)
        ]
        problems += [f"{n}() handles no declared decision" for n in sorted(present - declared)]
        if problems:
            raise TypeError(f"{cls.__name__} ({self.name}): " + "; ".join(problems))

    def check_blocks(self, layout) -> None:
        """Every block a decision names is a block of the action ``layout``."""
        names = {b.name for b in layout.blocks}
        wrong = [f"{d.name}: {b}" for d in self.decisions for b in d.blocks if b not in names]
        if wrong:
            raise TypeError(f"{self.name}: decisions name unknown action blocks: {wrong}")

    # ----- options ----------------------------------------------------------------
    def check_options(self, options: dict) -> dict:
        """The options with defaults filled in; a bad name or value raises ``ValueError``."""
        known = [o.name for o in self.options]
        unknown = set(options) - set(known)
        if unknown:
            raise ValueError(
                f"{self.env}: unknown option(s) {sorted(unknown)}; known: {sorted(known)}"
            )
        return {o.name: o.check(self.env, options.get(o.name, o.default)) for o in self.options}

    # ----- what it names, imported on first use -------------------------------------
    def _module(self, part: str) -> ModuleType:
        """The module that holds ``part``; one that does not exist is named."""
        name = getattr(self, part).partition(":")[0]
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as error:
            if name != error.name and not name.startswith(f"{error.name}."):
                raise  # the module exists; something it imports does not
            missing = f"{self.name}: its {part} should be in {name}, no such module"
            raise ImportError(missing) from None

    def load(self, part: str):
        """``part`` (``"engine"``, ``"actions"``, ...), imported."""
        module, attr = self._module(part), getattr(self, part).partition(":")[2]
        if not attr:
            return module
        if not hasattr(module, attr):
            raise ImportError(f"{self.name}: its {part} should be {attr} in {module.__name__}")
        return getattr(module, attr)

    def views(self) -> tuple:
        """The action, observation and state layouts and the visibility model, imported
        (the engine class takes them when it is created)."""
        return tuple(map(self.load, ("actions", "observation", "state", "visibility")))

    def methods(self) -> dict:
        """The engine's methods kept beside its layouts (``METHODS``): ``encode`` in the
        observation's module, ``label`` in the actions' where there is one; the engine
        class takes those it does not write itself."""
        found = {name: getattr(self._module(part), name, None) for name, part in METHODS}
        return {name: method for name, method in found.items() if callable(method)}

    @cached_property
    def engine_cls(self) -> type:
        cls = self.load("engine")
        if isinstance(cls, ModuleType):
            cls = self._declaring(cls)
        if cls.__dict__.get("game_type") is not self:
            raise TypeError(f"{self.engine} does not declare itself as the game {self.name!r}")
        return cls

    def _declaring(self, module: ModuleType) -> type:
        """The class of ``module`` whose ``game_type`` is this declaration (in a game's
        ``engine.py``, its engine alone)."""
        found = [
            v
            for v in vars(module).values()
            if isinstance(v, type) and v.__dict__.get("game_type") is self
        ]
        if len(found) != 1:
            raise TypeError(
                f"{module.__name__} has {len(found)} classes with game_type {self.name!r}, not one"
            )
        return found[0]

    @cached_property
    def text_module(self):
        return self.load("text")

    @cached_property
    def picture_module(self):
        return self.load("picture")

    @cached_property
    def heuristic_cls(self) -> type:
        return self.load("heuristic")

    @cached_property
    def card_texts(self) -> dict[str, str]:
        """What each card does, by name (``cards``); empty for a game without cards."""
        return dict(self.load("cards")) if self.cards else {}

    @cached_property
    def narration(self):
        """The game's narrator (``core.narration.Narrator``)."""
        return self.load("narrator")
