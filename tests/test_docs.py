"""The checked-in doc pages carry exactly the tables the code generates."""

import pytest

from tests.envs_under_test import ENV_NAMES, declared, skip_unless_bundled, skip_without_cards
from zombie_envs import ENVS
from zombie_envs.core.pettingzoo_ids import pettingzoo_id
from zombie_envs.docgen import END, START, page_path, render_page

#: every env under test, the toy (registered for each test) among them
every_env = pytest.mark.parametrize("env_name", ENV_NAMES)


@every_env
def test_generated_tables_are_current(env_name, monkeypatch):
    skip_unless_bundled(declared(env_name, monkeypatch), "doc page")
    text = page_path(env_name).read_text()
    assert START in text and END in text
    assert render_page(env_name, text) == text, (
        f"{page_path(env_name)} is stale: run `python -m zombie_envs.docgen --write`"
    )


@every_env
def test_every_action_and_observation_block_is_documented(env_name, monkeypatch):
    game = declared(env_name, monkeypatch)
    skip_unless_bundled(game, "doc page")
    engine_cls = game.engine_cls
    text = page_path(env_name).read_text()
    for layout in (engine_cls.action_layout, engine_cls.obs_layout, engine_cls.state_layout):
        for block in layout.blocks:
            assert f"`{block.name}`" in text


@every_env
def test_every_card_is_on_its_games_page_with_what_it_does(env_name, monkeypatch):
    game = declared(env_name, monkeypatch)
    skip_unless_bundled(game, "doc page")
    skip_without_cards(game)
    page = page_path(env_name).read_text()
    for name, text in game.card_texts.items():
        assert f"| {name} | {text} |" in page


@every_env
def test_every_env_has_its_readme_row(env_name, monkeypatch):
    """The README's env table has a row per registered env: its name, its PettingZoo id,
    its player counts and a link to its doc page."""
    game = declared(env_name, monkeypatch)
    skip_unless_bundled(game, "README row")
    readme = (page_path(env_name).parents[2] / "README.md").read_text()
    row = next((r for r in readme.splitlines() if r.startswith(f"| `{env_name}` |")), None)
    assert row, f"README.md has no env table row for {env_name}"
    page = f"docs/games/{game.name}.md"
    assert f"| `{pettingzoo_id(env_name)}` |" in row
    assert f"| {game.min_players}-{game.max_players}" in row
    assert f"[{page}]({page})" in row


# ----- snippets and figures of the README and the docs ---------------------------
import ast  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shlex  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: a block right after this line is part of a file, not a whole program: it must parse
FRAGMENT = "<!-- fragment"


def _blocks(lang: str):
    for page in PAGES:
        text = page.read_text()
        for m in re.finditer(rf"^```{lang}\n(.*?)^```", text, re.S | re.M):
            line = text[: m.start()].count("\n") + 1
            before = text[: m.start()].rstrip().rsplit("\n", 1)[-1]
            yield page.relative_to(ROOT), line, m.group(1), before.startswith(FRAGMENT)


PYTHON = list(_blocks("python"))


@pytest.mark.parametrize(
    ("page", "line", "code", "fragment"), PYTHON, ids=[f"{p}:{n}" for p, n, _, _ in PYTHON]
)
def test_every_python_snippet_runs(page, line, code, fragment, tmp_path):
    """Each snippet is run as a program, the repository's root on its path and
    a folder of its own as its working directory (with the repository's
    ``checkpoints`` and ``configs`` linked in), so what it writes stays out of
    the checkout (a fragment, marked so, must at least parse)."""
    ast.parse(code, f"{page}:{line}")
    if fragment:
        return
    for shared in ("checkpoints", "configs"):
        (tmp_path / shared).symlink_to(ROOT / shared)
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "OMP_NUM_THREADS": "1", "MPLBACKEND": "Agg", "PYTHONPATH": path}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, f"{page}:{line} failed:\n{done.stderr[-2000:]}"


def _commands():
    for page, line, code, _ in _blocks("bash"):
        joined = code.replace("\\\n", " ")
        for k, text in enumerate(joined.splitlines()):
            words = shlex.split(text, comments=True)
            if words[:1] == ["zombie-envs"] and not any(w.startswith("[") for w in words):
                yield f"{page}:{line + 1 + k}", words[1:]


COMMANDS = list(_commands())


@pytest.mark.parametrize(("where", "argv"), COMMANDS, ids=[w for w, _ in COMMANDS])
def test_every_command_in_the_docs_parses(where, argv, capsys):
    """Each ``zombie-envs`` line of a bash block is a command the CLI takes (its
    arguments parse; synopsis lines with ``[OPTIONAL]`` parts are left out)."""
    from zombie_envs.cli.main import build_parser

    try:
        build_parser().parse_args(argv)
    except SystemExit as e:
        pytest.fail(f"{where}: zombie-envs {' '.join(argv)}: {capsys.readouterr().err} ({e})")


def test_the_readmes_checkpoint_figures_are_the_metadatas():
    """Every shipped policy has its README row, and its steps and win rates are
    the ones its metadata holds (``zombie-envs agents`` prints the same)."""
    from zombie_envs.agents import pretrained_agents
    from zombie_envs.cli.main import _win_rate

    readme = (ROOT / "README.md").read_text().splitlines()
    shipped = pretrained_agents()
    assert shipped
    for agent in shipped:
        name = f"`checkpoints/{agent.name}/policy.zip`"
        row = next((r for r in readme if r.startswith(f"| {name}")), None)
        assert row, f"README.md has no row for {name}"
        cells = [c.strip() for c in row.strip("|").split("|")]
        meta = agent.metadata
        figures = meta.get("reevaluated") or meta["eval"]
        assert cells[1].startswith(f"{meta['steps'] / 1e6:.1f}M steps"), row
        for cell, kind in zip(cells[2:4], ("random", "heuristic"), strict=True):
            assert cell == _win_rate(figures, kind).rsplit(" (", 1)[0], (row, kind)


def test_the_pages_that_list_envs_and_configs_list_them_all():
    play = (ROOT / "docs" / "play.md").read_text()
    assert all(f"`{env}`" in play for env in ENVS)
    training = (ROOT / "docs" / "training.md").read_text()
    for config in sorted((ROOT / "configs").glob("*.yaml")):
        assert f"`{config.name}`" in training, config.name


def test_the_readme_says_what_make_demo_trains_and_how_long_it_takes():
    """The demo line names the steps the demo config trains, and the same
    minutes as the config's own comment (both measured, see docs/training.md)."""
    from zombie_envs.training.config import load_config

    config = ROOT / "configs" / "mall_of_horror_demo.yaml"
    steps = load_config(config).total_steps
    demo = next(line for line in (ROOT / "README.md").read_text().splitlines()
                if line.startswith("make demo"))  # fmt: skip
    assert f"for {steps:,} steps" in demo
    minutes = re.search(r"about (\d+) minutes", demo)
    assert minutes, demo
    assert f"about {minutes[1]} minutes" in config.read_text().splitlines()[0]
