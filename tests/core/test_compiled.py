"""The optional compiled build: ``make test-compiled`` runs these with the
extensions built (``ZOMBIE_ENVS_COMPILED=1``), ``make test`` without; each run
checks it tests what it means to, so a leftover extension cannot pass for the
pure-Python package, nor a failed build for the compiled one."""

import os
import random
import runpy
from pathlib import Path

import zombie_envs
from zombie_envs import compiled
from zombie_envs.core.agent import Agent, DecisionAgent, RandomAgent
from zombie_envs.core.game import Engine
from zombie_envs.games.maul_of_america import maul
from zombie_envs.registry import engine_class, heuristic_class

ROOT = Path(__file__).resolve().parents[2]
COMPILED_RUN = os.environ.get("ZOMBIE_ENVS_COMPILED") == "1"


def test_this_run_loads_every_listed_module_as_it_means_to():
    loaded = compiled.loaded_compiled()
    assert sorted(loaded) == sorted(compiled.module_name(p) for p in compiled.MODULES)
    assert set(loaded.values()) == {COMPILED_RUN}, loaded


def test_the_listed_modules_are_files_of_the_package_and_setup_reads_them():
    for path in compiled.MODULES:
        assert (ROOT / path).is_file(), path
    assert runpy.run_path(str(ROOT / "zombie_envs" / "compiled.py"))["MODULES"] == compiled.MODULES
    assert "compiled.py" in (ROOT / "setup.py").read_text(encoding="utf-8")


def test_a_grid_keeps_what_it_works_out_when_first_asked():
    """``lines`` and ``dist`` are drawn once a grid (a compiled class has no
    ``__dict__`` for ``cached_property`` to keep them in: each question would
    redraw the map, and a bot's distances would cost a search each)."""
    grid = maul.build(maul.random_plan(random.Random(3)))
    assert grid.lines is grid.lines
    assert grid.dist is grid.dist
    row = grid.dist[0]
    assert grid.dist[0] is row and row[0] == 0


def test_class_checks_answer_right_once_asked_before():
    """Compiled classes made no subclass of ``abc.ABC``: they would share its
    subclass caches, so once an engine was found an ``Engine``, a bot was one too
    (and a heuristic bot a ``RandomAgent``, which search then dropped)."""
    for _ in range(2):  # the second round answers from whatever the first kept
        for env in zombie_envs.ENVS:
            engine, bot = engine_class(env), heuristic_class(env)
            assert issubclass(engine, Engine) and issubclass(bot, DecisionAgent)
            assert not issubclass(bot, Engine) and not issubclass(engine, Agent)
            assert not isinstance(bot(0), RandomAgent)
