"""Every game's board is clicked the same way: the keys of its places are made in
one module of the same name in each game (``places.py``), which the picture
(marking them) and the narrator (whose choices name them) both import, so a
click on the board picks the choice about that place."""

from __future__ import annotations

import importlib
import random

import pytest

from tests.core.test_imports import graph
from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs import ENVS
from zombie_envs.core.narration import narrator_of
from zombie_envs.registry import game_key, game_type

GAMES = sorted({game_key(env) for env in ENVS})


def reaches(g: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether ``start`` imports ``goal``, directly or through modules of the package."""
    seen, todo = set(), [start]
    while todo:
        m = todo.pop()
        if m == goal:
            return True
        if m not in seen:
            seen.add(m)
            todo += [d for d in g.get(m, ()) if d.startswith("zombie_envs.")]
    return False


def test_the_picture_and_the_narrator_of_every_game_take_their_keys_from_places():
    g = graph()
    for game in GAMES:
        places = importlib.import_module(f"zombie_envs.games.{game}.places").__name__
        gt = game_type(game)
        for module in (gt.picture, gt.narrator.partition(":")[0]):
            assert reaches(g, module, places), (module, places)


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_every_place_a_choice_names_is_on_its_seats_board_and_a_click_there_picks_it(
    env_name, monkeypatch
):
    gt = declared(env_name, monkeypatch)
    cls = gt.engine_cls
    placed = unplaced = 0
    for seed in (3, 4):
        g = cls(cls.default_players, seed=seed, **gt.quick_options)
        rng = random.Random(seed)
        for step in range(300):
            if g.terminal:
                break
            if step % 3 == 0:
                marked = gt.picture_module.draw(g, g.current_player).places
                choices = narrator_of(g).choices(g)
                for c in choices:
                    if not c.place:  # a button by the board
                        unplaced += 1
                        continue
                    placed += 1
                    assert c.place in marked, (g.decision, c)
                    # a click plays the one choice there, or offers a menu of the
                    # several that the page tells apart by their words
                    there = [o.text for o in choices if o.place == c.place]
                    assert len(set(there)) == len(there), (g.decision, there)
            g.apply(rng.choice(g.legal))
    assert placed > 4 * unplaced  # the board is the input; buttons are the exception
