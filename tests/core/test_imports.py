"""Imports run one way: core <- games <- entries, with agents, tools, training and
the command line above; nothing imports upward and no import closes a cycle.
The test helpers (``testing``) sit beside the library: they may use it, it never
uses them.

``pytest -s -q tests/core/test_imports.py -k arrows`` prints the import graph.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs.core.agent import Agent
from zombie_envs.registry import ENVS, engine_class, game_key, heuristic_class

ROOT = Path(__file__).parents[2]
PACKAGE = ROOT / "zombie_envs"
GAMES = sorted({game_key(env) for env in ENVS})

#: layer -> the layers its modules may import (its own included where listed)
ALLOWED = {
    "core": {"core"},
    "games": {"core", "games"},  # and only their own game: see test_import_arrows
    "entries": {"core", "games"},
    "registry": {"core", "registry"},  # entries and bots are named, imported on first use
    "helpers": {"helpers"},
    "agents": {"core", "registry", "helpers", "agents"},
    "tools": {"core", "games", "entries", "registry", "helpers", "agents", "tools"},
    "training": {"core", "games", "entries", "registry", "helpers", "agents", "tools", "training"},
    "cli": set(),  # filled below: the command line may import anything but the test helpers
    "testing": {"core", "registry", "entries", "games", "agents", "testing"},
}
ALLOWED["cli"] = set(ALLOWED) - {"testing"}
#: third-party packages only these layers may import (the env library never imports torch,
#: and nothing in it needs a test runner)
EXTERNAL = {
    "torch": {"training"},
    "stable_baselines3": {"training"},
    "sb3_contrib": {"training"},
    "pytest": set(),
    "hypothesis": set(),
    "pyspiel": {"tools"},
    "starlette": {"tools"},
    "uvicorn": {"tools"},
    "ray": {"training"},  # zombie_envs.training.rllib alone: see test_ray_loads_only_for_rllib
}


def layer(module: str) -> str:
    parts = module.split(".")[1:]
    if not parts or parts == ["registry"]:
        return "registry"
    head = parts[0]
    if head in ("core", "games", "agents", "helpers", "training", "testing"):
        return head
    if re.fullmatch(r"\w+_v\d+", head):
        return "entries"
    return "cli" if head == "cli" else "tools"


def modules() -> dict[str, Path]:
    """Every module of the package, by import path."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(module: str, path: Path, known) -> set[str]:
    """The modules ``module`` imports anywhere in its file (function bodies
    included), as absolute import paths; ``from pkg import name`` counts as
    importing ``pkg.name`` when that is a module."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            subs = [f"{base}.{alias.name}" for alias in node.names]
            found.update(s for s in subs if s in known)
            if not all(s in known for s in subs):
                found.add(base)
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (third-party names kept as ``!name``)."""
    mods = modules()
    out = {}
    for module, path in mods.items():
        deps = imports(module, path, mods)
        inside = {d for d in deps if d in mods or d.split(".")[0] == "zombie_envs"}
        outside = {"!" + d.split(".")[0] for d in deps - inside}
        out[module] = {d for d in inside if d != module} | outside
    return out


def short(module: str) -> str:
    return module.removeprefix("zombie_envs.") or "zombie_envs"


def test_import_arrows():
    g = graph()
    print()
    for name in ALLOWED:
        layer_mods = sorted(m for m in g if layer(m) == name)
        if not layer_mods:
            continue
        used = sorted({layer(d) for m in layer_mods for d in g[m] if not d.startswith("!")})
        print(f"{name:9} -> {', '.join(used) or '(nothing in the package)'}")
        for m in layer_mods:
            deps = sorted(short(d) for d in g[m] if not d.startswith("!"))
            print(f"    {short(m):34} {', '.join(deps)}")
    wrong = []
    for m, deps in g.items():
        for d in deps:
            if d.startswith("!"):
                allowed = EXTERNAL.get(d[1:])
                if allowed is not None and layer(m) not in allowed:
                    wrong.append(f"{m} imports {d[1:]}")
            elif layer(d) not in ALLOWED[layer(m)]:
                wrong.append(f"{m} ({layer(m)}) imports {d} ({layer(d)})")
            elif layer(m) == layer(d) == "games" and d.split(".")[:3] != m.split(".")[:3]:
                wrong.append(f"{m} imports another game: {d}")
    assert not wrong, "imports against the arrows:\n" + "\n".join(sorted(wrong))


def test_no_import_cycle():
    """Counting imports inside functions too, so none can hide a cycle."""
    g = {m: {d for d in deps if not d.startswith("!")} for m, deps in graph().items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(m, path):
        state[m] = 1
        for d in sorted(g.get(m, ())):
            if state.get(d) == 1:
                cycle = path[path.index(d) :] + [d]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if d not in state:
                visit(d, [*path, d])
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            visit(m, [m])


def test_graph_sees_upward_and_cyclic_imports(tmp_path):
    """The walker resolves the relative forms that would break the arrows."""
    path = tmp_path / "bots.py"
    path.write_text(
        "from ...agents import make_agent\n"
        "def f():\n"
        "    from ... import arena\n"
        "    from ..we_are_dead import engine\n"
    )
    known = {"zombie_envs.arena", "zombie_envs.games.we_are_dead.engine"}
    found = imports("zombie_envs.games.mall_of_horror.bots", path, known)
    assert found == {"zombie_envs.agents", "zombie_envs.arena", *known}
    assert layer("zombie_envs.agents") not in ALLOWED["games"]
    assert layer("zombie_envs.arena") == "tools" and layer("zombie_envs.cli.main") == "cli"
    assert {layer(f"zombie_envs.helpers.{m}") for m in ("tables", "arguments")} == {"helpers"}


def test_the_seats_matches_and_server_import_nothing_of_the_command_line():
    """The command line sits on top: what it shares with the rooms below it
    (argument types, tables) lives in ``helpers``, so none of them reaches up."""
    rooms = ("zombie_envs.play", "zombie_envs.match", "zombie_envs.web")
    upward = sorted(
        f"{m} imports {d}"
        for m, deps in graph().items()
        if m.startswith(rooms)
        for d in deps
        if d.startswith("zombie_envs.cli")
    )
    assert upward == []


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


HEAVY = ("pettingzoo", "gymnasium", "torch", "pyspiel", "starlette", "uvicorn", "ray")


@pytest.mark.parametrize("game", GAMES)
def test_an_engine_loads_no_pettingzoo_and_no_other_game(game):
    parts = ["engine", "observe", "text", "picture", "bots", "data"]
    code = "\n".join(f"import zombie_envs.games.{game}.{p}" for p in parts)
    loaded = loaded_after(code + f"\nzombie_envs.games.{game}.engine")
    assert f"zombie_envs.games.{game}.bots" in loaded
    unwanted = {*HEAVY, "zombie_envs.core.aec", *(f"zombie_envs.games.{g}" for g in GAMES)}
    unwanted.discard(f"zombie_envs.games.{game}")
    assert not unwanted & loaded


def test_the_package_root_loads_envs_on_first_use():
    import zombie_envs

    assert set(dir(zombie_envs)) >= {"ENVS", "make", *ENVS}
    assert not hasattr(zombie_envs, "no_such_env_v0")
    loaded = loaded_after("import zombie_envs")
    assert not {*HEAVY, *(f"zombie_envs.{env}" for env in ENVS)} & loaded
    first, other = sorted(ENVS)[:2]
    loaded = loaded_after(f"import zombie_envs\nzombie_envs.{first}.env()")
    assert {"pettingzoo", f"zombie_envs.{first}"} <= loaded
    assert not {"torch", f"zombie_envs.{other}", f"zombie_envs.games.{game_key(other)}"} & loaded


def test_the_command_line_loads_no_web_server_until_serve_runs():
    loaded = loaded_after("from zombie_envs.cli.main import build_parser\nbuild_parser()")
    assert not {"starlette", "uvicorn"} & loaded


def test_ray_loads_only_for_rllib():
    """Ray starts slowly and pins its own gymnasium: the SB3 trainer and the
    command line never load it; only the rllib backend's module imports it."""
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")
    code = (
        "import zombie_envs.training.train\n"
        "from zombie_envs.cli.main import build_parser\n"
        "build_parser().parse_args(['train', '--backend', 'rllib'])"
    )
    assert "ray" not in loaded_after(code)
    importers = {m for m, deps in graph().items() if "!ray" in deps}
    package = "zombie_envs.training.rllib"
    assert package in importers  # the package checks the extra before any module of it
    assert all(m == package or m.startswith(f"{package}.") for m in importers)


def test_bots_play_an_engine_without_pettingzoo():
    code = (
        "from zombie_envs.agents import make_agent\n"
        "from zombie_envs.arena import play_game\n"
        "from zombie_envs.games.mall_of_horror import MallOfHorror\n"
        "agents = [make_agent('heuristic', 'mall_of_horror', seed=s) for s in range(4)]\n"
        "assert play_game(MallOfHorror, agents, seed=1).moves > 0"
    )
    assert not {*HEAVY, "zombie_envs.core.aec"} & loaded_after(code)


def test_test_helpers_need_no_test_runner_and_no_game():
    """A game's author can use ``zombie_envs.testing`` with plain asserts, no torch."""
    loaded = loaded_after("import zombie_envs.testing")
    assert not {*HEAVY, "pytest", "hypothesis", "zombie_envs.games"} & loaded


def test_no_module_shadows_the_standard_library():
    """A folder on ``sys.path`` (a script's, a test runner's) must not hide a stdlib module."""
    found = [
        path.relative_to(ROOT).as_posix()
        for folder in ("zombie_envs", "tests", "benchmarks")
        for path in (ROOT / folder).rglob("*")
        if (path.suffix == ".py" and path.stem in sys.stdlib_module_names)
        or (path.is_dir() and path.name in sys.stdlib_module_names)
    ]
    assert found == []


@pytest.mark.parametrize("env", ENV_NAMES)
def test_registry_names_match_the_engines(env, monkeypatch):
    """Each entry module ``<name>_v<N>`` plays the game it declares (a registered one too)."""
    game = declared(env, monkeypatch)
    assert game.env == env and game.name == game_key(env) == engine_class(env).name
    assert engine_class(game_key(env)) is ENVS[env].raw_env.engine_cls is game.engine_cls
    assert issubclass(heuristic_class(env), Agent)


@pytest.mark.skipif(
    importlib.util.find_spec("setuptools") is None, reason="building a wheel needs setuptools"
)
def test_wheel_installs_training_checkpoints_and_configs_inside_the_suite(tmp_path):
    """A non-editable install has ``zombie_envs.training``, the shipped checkpoints
    and configs, and no top-level ``training``; run outside the repository, it
    plays the pretrained agent and reads a packaged config by its name."""
    src = tmp_path / "src"
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so")
    for name in ("zombie_envs", "checkpoints", "configs"):
        shutil.copytree(ROOT / name, src / name, ignore=skip)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, src / name)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
        + ["-w", str(tmp_path / "dist"), str(src)],
        check=True,
        capture_output=True,
        env={**os.environ, "ZOMBIE_ENVS_COMPILE": "0"},  # what it holds, not how fast
    )
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"{module.replace('.', '/')}{'/__init__' if path.name == '__init__.py' else ''}.py"
        for module, path in modules().items()
    }
    source = ROOT / "zombie_envs"
    data = [*source.glob("games/*/data/*"), *source.glob("web/static/*")]  # boards, the page
    expected |= {p.relative_to(ROOT).as_posix() for p in data if p.is_file()}
    shipped = [*ROOT.glob("checkpoints/*/policy.zip"), *ROOT.glob("configs/*.yaml")]
    assert len(shipped) >= 4
    expected |= {f"zombie_envs/{p.relative_to(ROOT).as_posix()}" for p in shipped}
    assert expected <= names
    assert not any(n.startswith(("training/", "checkpoints/", "configs/")) for n in names)
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (
        "import importlib.util, zombie_envs, zombie_envs.training.config as c\n"
        "from zombie_envs.agents import make_agent\n"
        "print(c.__file__)\n"
        "print(importlib.util.find_spec('training'))\n"
        "print(','.join(zombie_envs.ENVS))\n"
        "print(make_agent('pretrained', 'mall_of_horror_v0', num_players=4).source)\n"
        "print(c.config_path('mall_of_horror'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": ""},
    ).stdout.split()
    package = target / "zombie_envs"
    assert out == [
        str(package / "training" / "config.py"),
        "None",
        ",".join(ENVS),  # the installed registry finds every env
        str(package / "checkpoints" / "mall_of_horror" / "policy.zip"),
        str(package / "configs" / "mall_of_horror.yaml"),
    ]
