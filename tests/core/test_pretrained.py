"""Shipped agents by name, envs in PettingZoo's registry, and agent kinds checked first."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pettingzoo
import pytest

from tests.envs_under_test import ENV_NAMES, declared, skip_unless_bundled
from zombie_envs.agents import PolicyAgent, check_kind, make_agent, pretrained_agents
from zombie_envs.agents.pretrained import pretrained_for, standing, verdict
from zombie_envs.cli.main import build_parser, main
from zombie_envs.core.pettingzoo_ids import pettingzoo_id
from zombie_envs.docgen import page_path, render_readme
from zombie_envs.play import terminal
from zombie_envs.play.seat import seat_specs
from zombie_envs.records import read_records
from zombie_envs.registry import ENVS, engine_class, shipped_folder

ROOT = Path(__file__).parents[2]


def run_python(code: str, cwd: Path) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=cwd
    ).stdout


def test_the_shipped_folders_hold_the_repository_files():
    for folder, pattern in (("checkpoints", "*/policy.zip"), ("configs", "*.yaml")):
        here, shipped = ROOT / folder, shipped_folder(folder)
        files = sorted(p.relative_to(here) for p in here.glob(pattern))
        assert files and files == sorted(p.relative_to(shipped) for p in shipped.glob(pattern))
        assert all((here / f).read_bytes() == (shipped / f).read_bytes() for f in files)


def test_every_shipped_checkpoint_is_listed_with_its_metadata():
    listed = {agent.name: agent for agent in pretrained_agents()}
    folders = {p.parent.name for p in shipped_folder("checkpoints").glob("*/policy.zip")}
    assert set(listed) == folders and folders
    for name, agent in listed.items():
        assert agent.path == shipped_folder("checkpoints") / name / "policy.zip"
        assert agent.metadata == json.loads((agent.path.parent / "metadata.json").read_text())


@pytest.mark.parametrize("agent", pretrained_agents(), ids=lambda a: a.name)
def test_pretrained_loads_the_shipped_policy_of_the_env(agent):
    env, players = agent.metadata["env"], agent.metadata["num_players"]
    loaded = make_agent("pretrained", env, seed=0, num_players=players)
    assert isinstance(loaded, PolicyAgent) and loaded.name == "pretrained"
    assert loaded.source == str(agent.path)
    assert pretrained_for(env.removesuffix("_v0")) == agent  # a game name finds it too


@pytest.mark.parametrize("env", ENV_NAMES)
def test_every_env_ships_a_policy_for_its_default_table(env, monkeypatch):
    game = declared(env, monkeypatch)
    skip_unless_bundled(game, "trained policy")
    assert pretrained_for(env, game.default_players).path.parent.name == game.name


def test_pretrained_loads_from_a_working_directory_outside_the_repository(tmp_path):
    code = (
        "from zombie_envs.agents import make_agent\n"
        "print(make_agent('pretrained', 'mall_of_horror_v0', num_players=4).source)"
    )
    out = run_python(code, tmp_path).strip()
    assert out == str(shipped_folder("checkpoints") / "mall_of_horror" / "policy.zip")


def test_no_pretrained_agent_for_the_player_count_names_the_shipped_ones():
    with pytest.raises(ValueError) as info:
        make_agent("pretrained", "mall_of_horror_v0", num_players=6)
    message = str(info.value)
    assert message.startswith("no pretrained agent plays mall_of_horror_v0 with 6 players")
    assert "mall_of_horror (mall_of_horror_v0, 4 players)" in message


@pytest.mark.parametrize("kind", ["wizard", "Pretrained", "ckpt", ""])
def test_an_unknown_kind_is_named_with_the_known_ones(kind):
    known = "random, heuristic, pretrained, ckpt:PATH, ismcts:SIMS[:ROLLOUT]"
    message = f"unknown agent kind {kind!r}; known: {known}"
    with pytest.raises(ValueError) as info:
        check_kind(kind)
    assert str(info.value) == message
    with pytest.raises(ValueError, match="unknown agent kind"):
        make_agent(kind, "mall_of_horror_v0")


def test_a_checkpoint_for_another_env_names_both_env_ids():
    agent = pretrained_for("mall_of_horror_v0")
    with pytest.raises(ValueError, match="trained on 'mall_of_horror_v0', not 'we_are_dead_v0'"):
        make_agent(f"ckpt:{agent.path}", "we_are_dead_v0")


# ----- PettingZoo's registry ---------------------------------------------------------


def test_pettingzoo_ids():
    assert pettingzoo_id("mall_of_horror_v0") == "zombie_envs/mall_of_horror-v0"
    assert pettingzoo_id("a_v1_b_v12") == "zombie_envs/a_v1_b-v12"


@pytest.mark.parametrize("how", ["register_pettingzoo", "entry", "make"])
def test_pettingzoo_makes_the_envs_once_they_are_registered(how, tmp_path):
    """``import zombie_envs`` loads no PettingZoo and registers nothing in its
    registry; ``register_pettingzoo()`` registers every env, importing an entry
    module (as ``zombie_envs.make`` does) registers its own."""
    register = {
        "register_pettingzoo": "zombie_envs.register_pettingzoo()",
        "entry": "from zombie_envs import mall_of_horror_v0",
        "make": "zombie_envs.make('mall_of_horror_v0')",
    }[how]
    code = (
        "import sys, json, zombie_envs\n"
        "loaded = 'pettingzoo' in sys.modules\n"
        "import pettingzoo\n"
        "def ids():\n"
        "    return sorted(k for k in pettingzoo.aec_registry if k.startswith('zombie_envs/'))\n"
        "before = ids()\n"
        f"{register}\n"
        "made = {}\n"
        "for env in zombie_envs.ENVS:\n"
        "    if zombie_envs.core.pettingzoo_ids.pettingzoo_id(env) in ids():\n"
        "        e = pettingzoo.make('aec', zombie_envs.core.pettingzoo_ids.pettingzoo_id(env))\n"
        "        e.reset(seed=0)\n"
        "        made[env] = [type(e).__module__, len(e.agents)]\n"
        "e = pettingzoo.make('aec', 'zombie_envs/mall_of_horror-v0', num_players=5)\n"
        "print(json.dumps([loaded, before, ids(), made, e.possible_agents]))"
    )
    loaded, before, ids, made, agents = json.loads(run_python(code, tmp_path))
    assert not loaded and before == []
    everyone = sorted(pettingzoo_id(env) for env in ENVS)
    assert ids == (
        everyone if how == "register_pettingzoo" else [pettingzoo_id("mall_of_horror_v0")]
    )
    assert len(made) == len(ids)
    for env, (module, players) in made.items():
        assert module == f"zombie_envs.{env}"
        assert players == engine_class(env).default_players
    assert agents == [f"player_{i}" for i in range(5)]


@pytest.mark.parametrize("env", ENV_NAMES)
def test_pettingzoo_makes_every_env_by_its_id(env, monkeypatch):
    """A game registered from outside the package is in PettingZoo's registry too."""
    game = declared(env, monkeypatch)
    made = pettingzoo.make("aec", pettingzoo_id(env))
    made.reset(seed=0)
    assert made.unwrapped.game.name == game.name
    assert len(made.agents) == game.default_players


# ----- seats at the terminal -----------------------------------------------------------


@pytest.mark.parametrize(
    "opponents, players, expected",
    [
        (None, None, (4, ["heuristic"] * 3)),
        (["random"], None, (4, ["random"] * 3)),  # one spec fills every other seat
        (["pretrained"], 5, (5, ["pretrained"] * 4)),
        (["random", "heuristic"], None, (3, ["random", "heuristic"])),
    ],
)
def test_seat_specs(opponents, players, expected):
    assert seat_specs("mall_of_horror_v0", opponents, players) == expected


@pytest.mark.parametrize("opponents", [["wizard"], ["random", "wizard"], ["wizard"] * 9])
def test_seat_specs_refuse_an_unknown_kind_before_counting_seats(opponents):
    with pytest.raises(ValueError, match="^unknown agent kind 'wizard'; known: random, "):
        seat_specs("mall_of_horror_v0", opponents, 2)


def end_of_input(prompt: str) -> str:
    raise EOFError  # the person leaves at once: the game is saved unfinished


@pytest.mark.parametrize("agent", pretrained_agents(), ids=lambda a: a.name)
def test_play_seats_the_pretrained_agent_at_every_other_seat(agent, tmp_path):
    env, players = agent.metadata["env"], agent.metadata["num_players"]
    game = terminal.TerminalGame(env, opponents=["pretrained"], input_fn=end_of_input)
    assert game.seated.engine.num_players == players
    assert {type(a) for a in game.seated.agents.values()} == {PolicyAgent}
    assert {a.source for a in game.seated.agents.values()} == {str(agent.path)}
    records = tmp_path / "games.jsonl"
    argv = ["play", env, "--opponents", "pretrained", "--no-ratings", "--record", str(records)]
    assert terminal.main(build_parser().parse_args(argv), end_of_input, io.StringIO()) == 0
    (record,) = read_records(records)
    assert record["seats"] == ["human"] + ["pretrained"] * (players - 1)


# ----- the command line ------------------------------------------------------------------


def test_agents_lists_every_shipped_policy_with_its_figures(capsys):
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    for agent in pretrained_agents():
        meta = agent.metadata
        (row,) = [line for line in out.splitlines() if line.startswith(agent.name + " ")]
        figures = meta.get("reevaluated") or meta["eval"]
        rate = f"{100 * figures['heuristic']['win_rate']:.1f}%"
        assert row.split()[1:5] == [
            meta["env"],
            str(meta["num_players"]),
            f"v{meta['engine_version']}",
            f"{meta['steps']:,}",
        ]
        assert f"{rate} [" in row and f"({figures['heuristic']['games']} games)" in row
    assert f"files: {shipped_folder('checkpoints')}" in out
    for agent in pretrained_agents():
        assert f"{agent.name}: {standing(agent.metadata)}" in out


def _edge(low, high):
    return {"heuristic": {"edge": {"edge": (low + high) / 2, "ci_low": low, "ci_high": high}}}


@pytest.mark.parametrize(
    ("figures", "said"),
    [
        ({}, "not measured against the heuristic in its place"),
        (_edge(0.01, 0.07), "beats the heuristic"),
        (_edge(-0.04, 0.04), "plays at the heuristic's level"),
        (_edge(-0.09, -0.01), "plays below the heuristic"),
        # every seat's edge is not enough where a role of the game shows none
        ({**_edge(0.01, 0.05), "roles": {"a": _edge(0.02, 0.08), "b": _edge(-0.03, 0.03)}},
         "beats the heuristic in some roles"),
    ],
)  # fmt: skip
def test_the_verdict_on_a_shipped_policy_follows_its_edges_over_the_heuristic(figures, said):
    meta = {"reevaluated": figures}
    assert verdict(meta) == said
    if figures:
        assert standing(meta).startswith(said + " (edge in points, 95% interval: ")


def test_what_is_shipped_is_said_from_the_metadata_in_every_place():
    """The README's table, each game page and ``zombie-envs agents`` (above) say
    the same of each shipped policy (the web set-up page: tests/web/test_api.py)."""
    readme = (ROOT / "README.md").read_text()
    assert render_readme(readme) == readme, "README is stale: python -m zombie_envs.docgen --write"
    for agent in pretrained_agents():
        meta = agent.metadata
        (row,) = [r for r in readme.splitlines() if r.startswith(f"| `checkpoints/{agent.name}/")]
        assert row.endswith(f"| {standing(meta)} |")
        page = page_path(meta["env"]).read_text()
        assert f"`checkpoints/{agent.name}/policy.zip` ({meta['num_players']} players) " \
            f"{standing(meta)}." in page  # fmt: skip
    # a copy of the heuristic is never offered as beating it
    maul = next(a for a in pretrained_agents() if a.name == "maul_of_america")
    assert verdict(maul.metadata) == "plays at the heuristic's level"


def test_evaluate_reads_env_players_and_options_from_the_metadata(capsys):
    path = ROOT / "checkpoints" / "we_are_dead" / "policy.zip"
    argv = ["evaluate", str(path), "--against", "random", "--games", "3", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    options = "board=mall, max_turns=400, shopper_placement=random"
    assert f"{path}: we_are_dead_v0, 3 players, {options}" in out
    assert "2 x random" in out
    with pytest.raises(SystemExit, match="trained for 3 players, not 4"):
        main([*argv, "--players", "4"])
    with pytest.raises(SystemExit, match="trained with board=mall, not board=carnival"):
        main([*argv, "--option", "board=carnival"])
    with pytest.raises(SystemExit, match="trained on 'we_are_dead_v0', not 'mall_of_horror_v0'"):
        main([*argv, "--env", "mall_of_horror_v0"])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 9}, "mall_of_horror_v0: num_players must be an int from 3 to 6"),
        ({"colour": 1}, r"mall_of_horror_v0: unknown option\(s\) \['colour'\]"),
        ({"max_rounds": 0}, "mall_of_horror_v0: option max_rounds must be an int >= 1"),
    ],
)
def test_engine_errors_name_the_env_id(kwargs, message):
    with pytest.raises(ValueError, match=f"^{message}"):
        engine_class("mall_of_horror_v0")(**{"num_players": 4, **kwargs})
    engine = engine_class("we_are_dead_v0")(3, seed=0)
    with pytest.raises(ValueError, match="^we_are_dead_v0: illegal action -1 for player_"):
        engine.apply(-1)
