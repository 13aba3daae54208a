"""A declaration names only what differs: every part a game keeps where every game
keeps it (``core.game_type.PARTS``) is found from its package, the engine takes
``encode`` and ``label`` from its layouts' modules, and the player maximum is read
from the declaration alone."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from tests.core import toy_game
from tests.core.test_game_type import TINY, engine_with, handler
from zombie_envs.core.game import Engine
from zombie_envs.core.game_type import PARTS, GameType
from zombie_envs.games.maul_of_america import actions as maul_actions
from zombie_envs.registry import game_type

GAMES = Path(__file__).parents[2] / "zombie_envs" / "games"
BARE = {
    "title": "Bare",
    "version": 1,
    "players": (2, 3, 5),
    "decisions": (),
}


def test_a_declaration_that_names_no_part_finds_each_in_its_package():
    bare = GameType(package="zombie_envs.games.maul_of_america", **BARE)
    real = game_type("maul_of_america")
    assert bare.name == "maul_of_america"
    for part in PARTS:
        assert bare.load(part) is real.load(part), part
    assert real.engine_cls.__name__ == "MaulOfAmerica"


def test_a_missing_conventional_module_is_named():
    bare = GameType(package="tests.core", **BARE)
    with pytest.raises(ImportError, match=r"core: its heuristic should be in tests\.core\.bots"):
        bare.load("heuristic")
    elsewhere = GameType(package="zombie_envs.games.mall_of_horror", **BARE)
    with pytest.raises(ImportError, match=r"its cards should be in .*mall_of_horror\.cards"):
        elsewhere.card_texts  # noqa: B018 - its cards are in data, which it does not say


def test_a_declaration_without_a_package_names_its_parts():
    with pytest.raises(TypeError, match="bare: names no engine and no package"):
        GameType(name="bare", **BARE)
    toy = toy_game.TOY
    assert toy.cards == "" and toy.visibility.endswith(":Seen")


def test_an_engine_takes_encode_and_label_from_its_layouts_modules():
    game = replace(TINY, observation=f"{toy_game.__name__}:OBS")
    cls = engine_with(game, on_agree=handler, on_object=handler)
    assert cls.game_functions == {"encode": toy_game.encode}  # the actions' module has no label
    assert cls.encode is Engine.encode and cls.label is Engine.label  # which call them
    own = engine_with(game, on_agree=handler, on_object=handler, encode=handler)
    assert own.encode is handler
    maul = game_type("maul_of_america").engine_cls
    assert {k: f.__module__ for k, f in maul.game_functions.items()} == {
        "encode": "zombie_envs.games.maul_of_america.observe",
        "label": "zombie_envs.games.maul_of_america.actions",
    }
    g = maul(3, seed=1)
    block, offset = g.action_layout.locate(g.legal[0])
    assert g.action_name(g.legal[0]) == maul_actions.label(g, block.name, offset)


@pytest.mark.parametrize("module", sorted(GAMES.glob("*/*.py")), ids=lambda p: p.stem)
def test_the_player_maximum_is_the_declarations(module):
    for node in ast.walk(ast.parse(module.read_text())):
        if isinstance(node, ast.Assign) and "MAX_PLAYERS" in [
            getattr(t, "id", "") for t in node.targets
        ]:
            assert ast.unparse(node.value) == "GAME.max_players", module
