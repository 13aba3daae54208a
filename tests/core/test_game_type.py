"""Each game is declared once (``core.game_type``): the engine, the bots, the
observation's decision one-hot and the docs derive from that declaration, and
a class that disagrees with it fails when it is created."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs import ENVS
from zombie_envs.core.agent import DecisionAgent
from zombie_envs.core.game import Engine
from zombie_envs.core.game_type import Decision, GameType, Option
from zombie_envs.core.layout import Layout
from zombie_envs.core.visibility import Visibility
from zombie_envs.registry import engine_class, game_type

PACKAGE = Path(__file__).parents[2] / "zombie_envs"
ACTIONS = Layout("two blocks")
ACTIONS.add("yes", 1, "say yes")
ACTIONS.add("no", 1, "say no")


def declare(*decisions: Decision, players=(2, 2, 2)) -> GameType:
    return GameType(
        name="tiny",
        title="Tiny",
        version=1,
        players=players,
        engine="nowhere:Tiny",
        text="nowhere",
        picture="nowhere",
        heuristic="nowhere:Bot",
        decisions=decisions,
        actions=f"{__name__}:ACTIONS",
        observation=f"{__name__}:ACTIONS",
        state=f"{__name__}:ACTIONS",
    )


class Seen(Visibility):
    """A model of the tiny game's secrets (it has none)."""

    __slots__ = ()


TINY = declare(Decision("agree", ("yes", "no"), "agrees"), Decision("object", ("no",), "objects"))


#: what a class naming a game writes (``Engine`` leaves them abstract)
WRITTEN = {
    "setup": lambda self: None,
    "scores": lambda self: [],
    "redraw_hidden": lambda self, seat, rng: None,
}


def engine_with(game: GameType, **body) -> type:
    return type("Tiny", (Engine,), {"game_type": game, **WRITTEN, **body})


def handler(self, action):
    pass


def test_an_engine_takes_its_name_counts_and_secrets_from_the_declaration():
    game = declare(Decision("vote", ("yes",), "votes", secret=True))
    cls = engine_with(game, on_vote=handler)
    assert (cls.name, cls.version, cls.min_players, cls.max_players) == ("tiny", 1, 2, 2)
    assert cls.secret_decisions == {"vote"}


def test_player_counts_are_declared_fewest_default_most():
    game = declare(players=(2, 3, 5))
    assert (game.min_players, game.default_players, game.max_players) == (2, 3, 5)
    for wrong in (3, 2, 5), (2, 6, 5), (0, 1, 2):
        with pytest.raises(ValueError, match=r"tiny: players .* are not \(fewest, default, most\)"):
            declare(players=wrong)


def test_an_engine_takes_its_layouts_and_visibility_from_the_declaration():
    cls = engine_with(TINY, on_agree=handler, on_object=handler)
    assert cls.action_layout is cls.obs_layout is cls.state_layout is ACTIONS
    assert cls.visibility is Visibility
    seen = replace(TINY, visibility=f"{__name__}:Seen")
    assert engine_with(seen, on_agree=handler, on_object=handler).visibility is Seen


def test_state_fields_are_the_task_stack_then_the_lifetime_groups_in_order():
    fields = {"game": ("score", "turn"), "round": ("dice",)}
    cls = engine_with(TINY, on_agree=handler, on_object=handler, FIELDS=fields)
    assert cls.state_fields == (*Engine._BASE_FIELDS, "score", "turn", "dice")
    with pytest.raises(TypeError, match=r"state fields \['turn'\] listed twice in FIELDS"):
        fields = {"game": ("turn",), "round": ("turn",)}
        engine_with(TINY, on_agree=handler, on_object=handler, FIELDS=fields)


def test_an_engine_must_name_its_declaration():
    with pytest.raises(TypeError, match="Loose names no game_type"):
        type("Loose", (Engine,), {})


def test_an_engine_must_write_what_the_base_leaves_abstract():
    game = declare(Decision("vote", ("yes",), "votes"))
    with pytest.raises(TypeError, match="Tiny leaves abstract scores, redraw_hidden"):
        type("Tiny", (Engine,), {"game_type": game, "setup": WRITTEN["setup"], "on_vote": handler})


def test_a_declared_kind_without_a_handler_fails_at_class_creation():
    with pytest.raises(TypeError, match=r"no on_object\(\) for the declared decision 'object'"):
        engine_with(TINY, on_agree=handler)


def test_a_handler_without_a_declared_kind_fails_at_class_creation():
    with pytest.raises(TypeError, match=r"on_refuse\(\) handles no declared decision"):
        engine_with(TINY, on_agree=handler, on_object=handler, on_refuse=handler)


def test_a_decision_in_an_unknown_block_fails_at_class_creation():
    game = declare(Decision("agree", ("maybe",), "agrees"))
    with pytest.raises(TypeError, match=r"unknown action blocks: \['agree: maybe'\]"):
        engine_with(game, on_agree=handler)


def test_a_kind_declared_twice_is_refused():
    with pytest.raises(ValueError, match=r"decision \['agree'\] declared twice"):
        declare(Decision("agree", ("yes",), "agrees"), Decision("agree", ("no",), "agrees"))


def test_quick_options_are_each_options_quick_value_checked_as_options():
    rounds, board = Option("rounds", 9, "rounds to play", quick=2), Option("board", "a", "", ("a",))
    assert replace(TINY, options=(rounds, board)).quick_options == {"rounds": 2}
    with pytest.raises(ValueError, match="option rounds must be an int >= 1"):
        replace(TINY, options=(replace(rounds, quick=0),))


def test_bots_are_checked_and_dispatched_by_the_table():
    with pytest.raises(TypeError, match=r"no on_object\(\)"):
        type("Bot", (DecisionAgent,), {"game_type": TINY, "on_agree": lambda s, g, seat: 0})

    class Bot(DecisionAgent):
        game_type = TINY

        def on_agree(self, g, seat):
            return 10 + seat

        def on_object(self, g, seat):
            return 20 + seat

    class Pending:
        decision = TINY.kinds.object

    assert Bot().act(Pending(), 1) == 21


def test_kinds_are_the_table_in_order():
    assert tuple(TINY.kinds) == ("agree", "object") and TINY.kinds.object == "object"
    assert TINY.one_hot() == {"agree": b"\x01\x00", "object": b"\x00\x01"}


@pytest.mark.parametrize("env", ENV_NAMES)
def test_the_observation_one_hot_names_the_pending_decision(env, monkeypatch):
    game = declared(env, monkeypatch)
    cls = engine_class(env)
    block = cls.obs_layout["decision"]
    assert block.labels == tuple(game.kinds)
    g = cls(cls.default_players, seed=1)
    rng, seen = random.Random(1), set()
    while not g.terminal:
        row = g.observation(g.current_player)[block.slice]
        assert np.flatnonzero(row).tolist() == [list(game.kinds).index(g.decision)]
        seen.add(g.decision)
        g.apply(rng.choice(g.legal))
    assert len(seen) > 1


def kind_literals(kinds: set[str], root: Path = PACKAGE) -> list[str]:
    """Where the source under ``root`` spells a decision kind as a string: an
    ``ask`` argument, a comparison with a ``decision``, a dict keyed or a
    collection made only of kinds.  (The same word may still name a task, a
    state field or an action block.)"""

    def spelled(node) -> list[ast.Constant]:
        return [n for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in kinds]

    def only_kinds(items) -> bool:
        return all(isinstance(i, ast.Constant) and i.value in kinds for i in items)

    found = set()
    for path in sorted(root.rglob("*.py")):
        if path.name == "declaration.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            hits = []
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "ask":
                hits = [c for arg in node.args for c in spelled(arg)]
            elif isinstance(node, ast.Compare):
                named = [n for n in ast.walk(node) if getattr(n, "attr", None) == "decision"]
                hits = spelled(node) if named else []
            elif isinstance(node, ast.Dict) and node.keys and only_kinds(node.keys):
                hits = node.keys
            elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) > 1:
                hits = node.elts if only_kinds(node.elts) else []
            found |= {(path.name, h.lineno, h.col_offset, h.value) for h in hits}
    return [f"{name}:{line} {value!r}" for name, line, _, value in sorted(found)]


def test_each_decision_kind_is_spelled_once_in_its_declaration():
    kinds = {k for env in ENVS for k in game_type(env).kinds}
    assert kind_literals(kinds) == []


def test_the_spelling_check_finds_a_kind_written_out(tmp_path):
    (tmp_path / "bots.py").write_text(
        "def f(g):\n"
        "    g.ask(0, 'ballot', [1])\n"
        "    return g.decision in ('keep', 'give') or {'move': 1} or ('fight', 'slay')\n"
        "FIELDS = ('move', 'round')\n"
        "TASK = ('move', 0)\n"
    )
    found = kind_literals({"ballot", "keep", "give", "move", "fight", "slay"}, tmp_path)
    spelled = [f.split()[1] for f in found]
    assert spelled == ["'ballot'", "'keep'", "'give'", "'move'", "'fight'", "'slay'"]


def rng_calls(root: Path) -> list[str]:
    """Calls of a generator named ``rng`` in the source under ``root``, bots aside
    (an agent's own generator is its business)."""
    calls = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "bots.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            func = node.func if isinstance(node, ast.Call) else None
            owner = getattr(func, "value", None)
            if getattr(owner, "attr", getattr(owner, "id", None)) == "rng":
                calls.append(f"{path.name}:{node.lineno} rng.{func.attr}()")
    return calls


def test_engines_draw_chance_only_through_the_core_primitives(tmp_path):
    """Dice and decks (``core.dice``, ``core.deck``) take every draw of every
    game, so chance has one door."""
    assert rng_calls(PACKAGE / "games") == []
    (tmp_path / "engine.py").write_text(
        "def f(self, rng):\n    rng.shuffle([])\n    self.rng.random()\n"
    )
    assert rng_calls(tmp_path) == ["engine.py:2 rng.shuffle()", "engine.py:3 rng.random()"]
