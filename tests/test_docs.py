"""The checked-in doc pages carry exactly the tables the code generates."""

import pytest

from zombie_envs import ENVS
from zombie_envs.docgen import END, START, page_path, render_page
from zombie_envs.registry import pettingzoo_id


@pytest.mark.parametrize("env_name", sorted(ENVS))
def test_generated_tables_are_current(env_name):
    text = page_path(env_name).read_text()
    assert START in text and END in text
    assert render_page(env_name, text) == text, (
        f"{page_path(env_name)} is stale: run `python -m zombie_envs.docgen --write`"
    )


@pytest.mark.parametrize("env_name", sorted(ENVS))
def test_every_action_and_observation_block_is_documented(env_name):
    engine_cls = ENVS[env_name].raw_env.engine_cls
    text = page_path(env_name).read_text()
    for layout in (engine_cls.action_layout, engine_cls.obs_layout, engine_cls.state_layout):
        for block in layout.blocks:
            assert f"`{block.name}`" in text


@pytest.mark.parametrize("env_name", sorted(ENVS))
def test_every_env_has_its_readme_row(env_name):
    """The README's env table has a row per registered env: its name, its PettingZoo id,
    its player counts and a link to its doc page."""
    readme = (page_path(env_name).parents[2] / "README.md").read_text()
    row = next((r for r in readme.splitlines() if r.startswith(f"| `{env_name}` |")), None)
    assert row, f"README.md has no env table row for {env_name}"
    game = ENVS[env_name].raw_env.engine_cls.game_type
    page = f"docs/games/{game.name}.md"
    assert f"| `{pettingzoo_id(env_name)}` |" in row
    assert f"| {game.min_players}-{game.max_players}" in row
    assert f"[{page}]({page})" in row
