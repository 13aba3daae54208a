"""Code that looks for a task on the stack compares it with the engine's function
(``MallOfHorror.elect_chief.__name__``), never with its name written out: a task
renamed in the engine then fails where it is looked for, instead of never being
found again."""

from __future__ import annotations

import ast
from pathlib import Path

#: where the engines and the code reading their task stacks live
GAMES = Path(__file__).resolve().parents[2] / "zombie_envs" / "games"


def _is_task_name(node) -> bool:
    """``task[0]``, ``g.tasks[-1][0]``: the name of a task on the stack."""
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value == 0
    )


def task_literals(root: Path = GAMES) -> list[str]:
    """Where the source under ``root`` compares a task's name with a string."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Compare):
                continue
            operands = [node.left, *node.comparators]
            spelled = [n.value for n in operands if isinstance(n, ast.Constant)]
            if any(map(_is_task_name, operands)) and any(isinstance(v, str) for v in spelled):
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_task_is_looked_for_by_its_name_written_out():
    assert task_literals() == []


def test_the_check_finds_a_task_named_by_a_string(tmp_path):
    (tmp_path / "narrate.py").write_text(
        "def f(g, E):\n"
        "    a = g.tasks[-1][0] == 'bitten'\n"
        "    b = any(t[0] == 'elect_chief' for t in g.tasks)\n"
        "    return a, b, g.tasks[-1][0] == E.bitten.__name__, g.combat[0] == -1\n"
    )
    assert task_literals(tmp_path) == ["narrate.py:2", "narrate.py:3"]
