"""Observations read as named arrays: ``game.planes`` lays every per-square block on
the board as ``(channels, rows, cols)`` planes with a mask of real squares, so a
convolutional network can read an observation without knowing how square ids are
numbered; the doc pages name every entry of every block and say where each square lies."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from tests.core.test_action_names import CASES, IDS
from tests.envs_under_test import ENV_NAMES, MODULES, declared
from zombie_envs import ENVS
from zombie_envs.docgen import generated_section
from zombie_envs.games.maul_of_america import observe as maul_observe
from zombie_envs.games.maul_of_america.maul import SECTIONS
from zombie_envs.games.we_are_dead.data import BOARDS, board
from zombie_envs.games.zombies_mall_walkers.observe import SQUARE_OFFSET
from zombie_envs.testing.random_games import play_env


def engine_squares(g) -> dict[int, tuple[int, int]]:
    """Where the engine says each square id lies, on the planes' rows and columns."""
    if g.name == "we_are_dead":
        return dict(enumerate(g.board.rc))
    if g.name == "maul_of_america":  # the Maul is drawn once all its sections lie
        return dict(enumerate(g.maul.rc)) if len(g.plan) == SECTIONS else {}
    if g.name == "zombies_mall_walkers" and g.mall is not None:
        return {i: (g.mall.rc[i][0] + SQUARE_OFFSET, g.mall.rc[i][1] + SQUARE_OFFSET)
                for i in g.mall.squares}  # fmt: skip
    return {}


ON_BOARDS = [i for i, (n, _) in enumerate(CASES) if MODULES[n].raw_env.engine_cls.obs_layout.grid]


@pytest.mark.parametrize(
    ("env_name", "options"), [CASES[i] for i in ON_BOARDS], ids=[IDS[i] for i in ON_BOARDS]
)
def test_every_square_entry_lands_on_the_square_the_engine_says(env_name, options):
    env = ENVS[env_name].env(**options)
    env.reset(seed=5)
    game = env.unwrapped.game
    layout = game.obs_layout
    names = [b.name for b in layout.per_square]
    rng = random.Random(5)
    seen = 0
    while not game.terminal and seen < 12:
        for agent in env.agents:
            obs = env.observe(agent)["observation"]
            flat = layout.views(obs)
            named = game.planes(obs)
            stack, mask = named["planes"], named["square_mask"]
            assert stack.shape[0] == len(names) and mask.shape == stack.shape[1:]
            where = engine_squares(game)
            assert set(zip(*np.nonzero(mask), strict=True)) == set(where.values())
            for c, name in enumerate(names):
                assert named[name] is not None and np.shares_memory(named[name], stack)
                for v, (r, col) in where.items():
                    assert stack[c, r, col] == flat[name][v], (name, v, r, col)
                # nothing lost: every entry of the block is on the board
                assert stack[c].sum() == flat[name].astype(int).sum(), name
                assert not stack[c][~mask].any(), name
            seen += int(bool(where))
        play_env(env, rng, 20)
    assert seen, "the game never laid out a board to check"


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_the_planes_have_one_shape_whatever_the_options(env_name, monkeypatch):
    """A network built for one option set reads every other."""
    declared(env_name, monkeypatch)
    shapes = set()
    for name, options in CASES:
        if name == env_name:
            env = ENVS[name].env(**options)
            env.reset(seed=1)
            named = env.unwrapped.game.planes(env.observe(env.agents[0])["observation"])
            shapes.add(tuple((k, np.shape(v)) for k, v in named.items()))
    assert len(shapes) == 1


def test_a_game_without_a_board_gets_its_blocks_by_name():
    env = ENVS["mall_of_horror_v0"].env()
    env.reset(seed=0)
    game = env.unwrapped.game
    obs = env.observe(env.agents[0])["observation"]
    named = game.planes(obs)
    assert "planes" not in named and "square_mask" not in named
    assert [*named] == [b.name for b in game.obs_layout.blocks]
    assert named["characters"].shape == game.obs_layout["characters"].shape


def test_a_vector_of_the_wrong_size_is_refused():
    env = ENVS["we_are_dead_v0"].env()
    env.reset(seed=0)
    game = env.unwrapped.game
    with pytest.raises(ValueError, match=f"{game.obs_layout.size}"):
        game.planes(np.zeros(game.obs_layout.size + 1, dtype=np.int8))


def test_a_board_that_depends_on_an_option_needs_it():
    layout = ENVS["we_are_dead_v0"].raw_env.engine_cls.obs_layout
    vector = np.zeros(layout.size, dtype=np.int8)
    with pytest.raises(ValueError, match="board.*mall.*carnival"):
        layout.planes(vector, {})
    with pytest.raises(ValueError, match="'fair'.*mall.*carnival"):
        layout.planes(vector, {"board": "fair"})


# ----- the docs ----------------------------------------------------------------


def _row(section: str, title: str, name: str) -> str:
    part = section.split(title, 1)[1]
    return next(line for line in part.splitlines() if f"| `{name}` |" in line)


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_the_docs_name_every_entry_of_every_block(env_name, monkeypatch):
    """Each block's row, or its list below the table, names each of its entries (a
    per-square block points to the squares section instead)."""
    engine_cls = declared(env_name, monkeypatch).engine_cls
    section = generated_section(env_name)
    for title, layout in (
        ("### Action space", engine_cls.action_layout),
        ("### Observation", engine_cls.obs_layout),
        ("### State", engine_cls.state_layout),
    ):
        public = {b.name for b in engine_cls.obs_layout.blocks}
        for block in layout.blocks:
            if layout is engine_cls.state_layout and block.name in public:
                continue
            row = _row(section, title, block.name)
            if block.per_square:
                assert "(#squares)" in row, row
                continue
            listed = row + _listed(section, title, block.name)
            for label in block.labels:
                for part in re.split(r":|@|->", label):
                    assert part in listed, (block.name, label)


def _listed(section: str, title: str, name: str) -> str:
    """The entries of a long block, listed after its table."""
    part = section.split(title, 1)[1]
    return next((line for line in part.splitlines() if line.startswith(f"- `{name}`")), "")


def test_maul_of_america_explains_its_edge_codes():
    for side in ("north", "east", "south", "west"):
        doc = maul_observe.OBS[f"edge_{side}"].doc
        for name, code in maul_observe.EDGE_CODES.items():
            assert f"{code} {name}" in doc, (side, name)


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_a_block_of_absolute_seats_is_not_labelled_relative(env_name, monkeypatch):
    for block in declared(env_name, monkeypatch).engine_cls.obs_layout.blocks:
        if "absolute" in block.doc and "relative" not in block.doc:
            assert not {"self", "+1"} & set(block.labels), block.name


def test_we_are_deads_page_places_every_square_of_every_board():
    """The squares table of the page gives each square id's map row and column."""
    section = generated_section("we_are_dead_v0")
    for name in BOARDS:
        rows = section.split(f"`{name}` board", 1)[1].split("\n\n", 2)[1].splitlines()[2:]
        placed = {}
        for line in rows:
            row, ids, cols = (cell.strip() for cell in line.strip("|").split("|"))
            ids, cols = _expand(ids), _expand(cols)
            assert len(ids) == len(cols), line
            placed.update({v: (int(row), c) for v, c in zip(ids, cols, strict=True)})
        assert placed == dict(enumerate(board(name).rc)), name


def _expand(spans: str) -> list[int]:
    out = []
    for span in spans.split(", "):
        first, _, last = span.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out
