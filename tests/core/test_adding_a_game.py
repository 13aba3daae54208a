"""``docs/adding_a_game.md`` tells how a game is made, and the suite follows it:
the code it quotes is the toy game's own, the toy has every part it names, and
every game of the suite is cut into the same files, its engine class setting
nothing the declaration carries."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.core import toy_game
from zombie_envs import ENVS
from zombie_envs.core.game_type import GameType
from zombie_envs.core.narration import TOLD, narrator_of, story
from zombie_envs.core.raster import Canvas
from zombie_envs.registry import game_key, game_type
from zombie_envs.web.svg import SvgCanvas

ROOT = Path(__file__).parents[2]
GUIDE = (ROOT / "docs" / "adding_a_game.md").read_text()
QUOTED = re.findall(
    r"<!-- fragment: from tests/core/toy_game.py -->\n```python\n(.*?)```", GUIDE, re.S
)
#: the files every game's package has, as the guide's table names them
FILES = re.findall(r"^\| `(\w+)\.py` \|", GUIDE, re.M)
#: what the declaration carries or finds (``encode``, ``label``): no engine class body sets it
DECLARED = ("action_layout", "obs_layout", "state_layout", "visibility", "encode", "label")
GAMES = sorted({game_key(env) for env in ENVS})


def test_the_code_the_guide_quotes_is_the_toys_own():
    source = Path(toy_game.__file__).read_text()
    assert len(QUOTED) >= 8
    for block in QUOTED:
        assert block in source, f"not in tests/core/toy_game.py:\n{block}"


def test_the_toy_has_every_part_the_guide_names():
    toy = toy_game.TOY
    for field in ("engine", "text", "picture", "heuristic", "narrator", "actions"):
        assert getattr(toy, field).startswith(toy_game.__name__), field
    assert toy.engine_cls is toy_game.ToyVote and toy.heuristic_cls is toy_game.Greedy
    assert narrator_of(toy_game.ToyVote(2, seed=0)) is toy_game.NARRATOR
    assert isinstance(toy_game.ToyVote.FIELDS, dict)
    g = toy_game.ToyVote(3, seed=2, **toy.quick_options)
    for canvas_type in (Canvas, SvgCanvas):
        assert isinstance(toy_game.draw(g, 1, canvas_type), canvas_type)
    assert toy_game.rgb(g).shape[2] == 3


def test_the_toys_narrator_tells_each_tally_and_prize_by_its_told_methods():
    g = toy_game.ToyVote(3, seed=4)
    told = []
    while not g.terminal:
        told += story(g, g.legal[-1], 0)
        g.apply(g.legal[-1])
    won = [line for line in told if line.endswith("won the vote")]
    assert len(won) + told.count("the vote was tied: nobody scored") == g.options["max_rounds"]
    drew = [line for line in told if line.endswith("drew a card")]
    scored = [line for line in told if " scored " in line]  # the last ones once the deck is out
    assert drew and scored and len(drew) + len(scored) == len(won)
    told_methods = [n for n in dir(toy_game.ToyNarrator) if n.startswith(TOLD)]
    assert told_methods == ["told_on_claim", "told_tally"]


def test_every_field_the_guide_names_is_declared():
    fields = set(GameType.__dataclass_fields__)
    named = set(re.findall(r"`(\w+)`", GUIDE.split("## 1. Declare the game")[1].split("## 2.")[0]))
    for field in ("decisions", "options", "checklists", "version", "cards"):
        assert field in named and field in fields
    assert "bundled" in named and "bundled" in fields


def runs_over_every_env(path: Path) -> bool:
    """Whether a test file runs over every registered env (or every env under test)."""
    return re.search(r"\bENVS\b|envs_under_test", path.read_text()) is not None


def test_the_guide_says_what_each_test_over_every_env_asks():
    """A fifth game learns from the guide alone what each such test file needs."""
    table = GUIDE.split("## 11. What the tests over every env ask")[1]
    rows = {
        name: row.rsplit("|", 2)[-2]
        for row in table.splitlines()
        for name in re.findall(r"`(tests/[\w/]+\.py)`", row.split("|")[1] if "|" in row else "")
    }
    files = sorted(p for p in (ROOT / "tests").rglob("test_*.py") if runs_over_every_env(p))
    assert len(files) > 20
    for path in files:
        name = path.relative_to(ROOT).as_posix()
        assert rows.get(name, "").strip(), f"{name} runs over every env; the guide does not say it"
    assert sorted(rows) == [p.relative_to(ROOT).as_posix() for p in files]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_cut_into_the_same_files(game):
    folder = ROOT / "zombie_envs" / "games" / game
    assert {
        "declaration",
        "actions",
        "engine",
        "observe",
        "text",
        "picture",
        "narrate",
        "bots",
    } <= set(FILES)
    for name in FILES:
        assert (folder / f"{name}.py").is_file(), f"{game} has no {name}.py"
    decl = game_type(game)
    assert decl.text == f"zombie_envs.games.{game}.text"
    assert decl.picture == f"zombie_envs.games.{game}.picture"
    assert decl.actions.startswith(f"zombie_envs.games.{game}.actions:")
    assert (ROOT / "zombie_envs" / f"{game}_v0.py").is_file()


@pytest.mark.parametrize("engine", [*GAMES, "toy"])
def test_no_engine_class_sets_what_the_declaration_carries(engine):
    cls = toy_game.ToyVote if engine == "toy" else game_type(engine).engine_cls
    for klass in cls.__mro__:
        if klass.__module__.startswith(("zombie_envs.core", "builtins", "abc")):
            continue
        # (from the source file: a compiled class has no source of its own)
        source = ROOT.joinpath(*klass.__module__.split(".")).with_suffix(".py")
        (tree,) = [
            node
            for node in ast.parse(source.read_text()).body
            if isinstance(node, ast.ClassDef) and node.name == klass.__name__
        ]
        body = tree.body
        for node in body:
            targets = []
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    targets += t.elts if isinstance(t, ast.Tuple) else [t]
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            assert not names & set(DECLARED), f"{klass.__name__} sets {names & set(DECLARED)}"
