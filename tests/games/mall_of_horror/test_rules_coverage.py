"""The rules coverage table of docs/games/mall_of_horror.md is complete and points at real tests.

Every MOH id of the rule checklist appears exactly once in the table, either as covered
by one or more tests (which exist and name the id) or as not a rule, with a word why.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DOC = REPO / "docs" / "games" / "mall_of_horror.md"
RULES_COPY = REPO / "docs" / "rules" / "mall_of_horror_ids.md"
RULES_SHARED = REPO / ".." / "shared" / "rules" / "mall_of_horror.md"

ROW = re.compile(r"^\|\s*(MOH-\d{3})\s*\|.*\|\s*(.+?)\s*\|\s*$")
REF = re.compile(r"`([\w/.]+\.py)::(\w+)`")
NOT_A_RULE = re.compile(r"^not a rule — (flavour|example|component|heading)$")
ID = re.compile(r"\*\*(MOH-\d{3})\*\*")


def _ids(path: Path) -> list[str]:
    return ID.findall(path.read_text(encoding="utf-8"))


def _table() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows.setdefault(m.group(1), []).append(m.group(2))
    return rows


def _ids_named(text: str) -> set[str]:
    """Ids a test names: ``MOH-012``, ``moh_012`` in its name, ``MOH-140 to MOH-145``."""
    found = set(re.findall(r"MOH-\d{3}", text))
    found |= {f"MOH-{i}" for i in re.findall(r"moh_(\d{3})", text)}
    for a, b in re.findall(r"MOH-(\d{3}) to MOH-(\d{3})", text):
        found |= {f"MOH-{i:03d}" for i in range(int(a), int(b) + 1)}
    return found


def _tests(path: Path) -> dict[str, str]:
    """Test functions of a file: name -> name and docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name: node.name + "\n" + (ast.get_docstring(node) or "")
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def test_in_repo_rules_copy_matches_the_shared_checklist():
    ids = _ids(RULES_COPY)
    assert ids == [f"MOH-{i:03d}" for i in range(1, len(ids) + 1)] and len(ids) == 156
    if not RULES_SHARED.exists():
        pytest.skip("the shared rules checklist is not next to this checkout")
    assert RULES_COPY.read_text(encoding="utf-8") == RULES_SHARED.read_text(encoding="utf-8")


def test_every_id_appears_exactly_once():
    rows = _table()
    ids = _ids(RULES_COPY)
    assert [i for i in ids if i not in rows] == []
    assert {i: len(v) for i, v in rows.items() if len(v) != 1} == {}
    assert sorted(set(rows) - set(ids)) == []


def test_every_status_is_covered_or_not_a_rule():
    bad = [
        f"{i}: {status}"
        for i, statuses in _table().items()
        for status in statuses
        if not (status.startswith("covered by ") and REF.search(status))
        and not NOT_A_RULE.match(status)
    ]
    assert bad == []


def test_every_referenced_test_exists_and_names_the_id():
    missing, unnamed = [], []
    cache: dict[Path, dict[str, str]] = {}
    for rule_id, statuses in _table().items():
        for file, name in REF.findall(" ".join(statuses)):
            path = REPO / file
            if path not in cache:
                cache[path] = _tests(path) if path.exists() else {}
            tests = cache[path]
            if name not in tests:
                missing.append(f"{rule_id}: {file}::{name}")
            elif rule_id not in _ids_named(tests[name]):
                unnamed.append(f"{rule_id}: {file}::{name}")
    assert missing == []
    assert unnamed == []


def test_rules_tests_quote_the_rulebook():
    """Every rules test names at least one id and has a docstring."""
    here = Path(__file__).parent
    lacking = []
    for path in sorted(here.glob("test_rules_*.py")):
        if path.name == Path(__file__).name:
            continue
        for name, text in _tests(path).items():
            doc = text.split("\n", 1)[1]
            if not doc or not (_ids_named(text) or "Assumed" in doc):
                lacking.append(f"{path.name}::{name}")
    assert lacking == []
