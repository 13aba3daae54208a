"""The checks behind every game's rules coverage test (``test_rules_coverage.py``).

A game's doc page ``docs/games/<game>.md`` has a table with one row per id of its rule
checklist (``docs/rules/<game>_ids.md``, a copy of ``../shared/rules/<game>.md``): either
covered by one or more tests (which exist and name the id) or not a rule, with a word why.
``coverage_tests`` builds those checks for one game; the game's test module binds them to
module-level names so pytest collects them there.

A game that stands on another game's rules (an expansion) may have a second checklist of
those base rules, written by the project: ``docs/rules/<game>_base.md``, ids
``<base prefix>-01`` ... (two digits), listed in the same table and checked the same way.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REF = re.compile(r"`([\w/.]+\.py)::(\w+)`")
NOT_A_RULE = re.compile(r"^not a rule — (flavour|example|component|heading)$")
CHECKS = (
    "test_in_repo_rules_copy_matches_the_shared_checklist",
    "test_every_id_appears_exactly_once",
    "test_every_status_is_covered_or_not_a_rule",
    "test_every_referenced_test_exists_and_names_the_id",
    "test_rules_tests_quote_the_rulebook",
)


def rules_tests_in(path: Path) -> dict[str, str]:
    """Test functions of a file: name -> name and docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name: node.name + "\n" + (ast.get_docstring(node) or "")
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def coverage_tests(
    game_type,
    count: int,
    here: Path,
    base: tuple[str, int] | None = None,
    shared: str | None = None,
) -> tuple[Callable, ...]:
    """The coverage checks for the ``count`` ids ``<prefix>-001`` .. of a game (its
    declaration names the prefix), whose rules tests (``test_rules_*.py``) live in the
    folder ``here``: five test functions, in the order of ``CHECKS``.  ``base``:
    ``(prefix, count)`` of the game's checklist of base-game rules, ids ``<prefix>-01``
    .. in ``docs/rules/<game>_base.md``, covered in the same table.  ``shared``: the
    file name (no ``.md``) of the shared checklist when it is not the game's name."""
    prefix, game = game_type.rule_prefix, game_type.name
    doc = REPO / "docs" / "games" / f"{game}.md"
    rules_copy = REPO / "docs" / "rules" / f"{game}_ids.md"
    rules_shared = REPO / ".." / "shared" / "rules" / f"{shared or game}.md"
    rules_base = REPO / "docs" / "rules" / f"{game}_base.md"
    # (prefix, digits) of each checklist
    lists = [(prefix, 3)] + ([(base[0], 2)] if base else [])
    any_id = "|".join(rf"{p}-\d{{{d}}}" for p, d in lists)
    row = re.compile(rf"^\|\s*({any_id})\s*\|.*\|\s*(.+?)\s*\|\s*$")

    def ids(path: Path, which: int = 0) -> list[str]:
        p, d = lists[which]
        return re.findall(rf"\*\*({p}-\d{{{d}}})\*\*", path.read_text(encoding="utf-8"))

    def all_ids() -> list[str]:
        return ids(rules_copy) + (ids(rules_base, 1) if base else [])

    def table() -> dict[str, list[str]]:
        rows: dict[str, list[str]] = {}
        for line in doc.read_text(encoding="utf-8").splitlines():
            m = row.match(line)
            if m:
                rows.setdefault(m.group(1), []).append(m.group(2))
        return rows

    def ids_named(text: str) -> set[str]:
        """Ids a test names: ``MOH-012``, ``moh_012`` in its name, ``MOH-140 to MOH-145``
        (and the same of the base checklist: ``Z3B-04``, ``z3b_04``)."""
        found: set[str] = set()
        for p, d in lists:
            found |= set(re.findall(rf"{p}-\d{{{d}}}(?!\d)", text))
            found |= {f"{p}-{i}" for i in re.findall(rf"{p.lower()}_(\d{{{d}}})(?!\d)", text)}
            for a, b in re.findall(rf"{p}-(\d{{{d}}}) to {p}-(\d{{{d}}})", text):
                found |= {f"{p}-{i:0{d}d}" for i in range(int(a), int(b) + 1)}
        return found

    def test_in_repo_rules_copy_matches_the_shared_checklist():
        found = ids(rules_copy)
        assert found == [f"{prefix}-{i:03d}" for i in range(1, len(found) + 1)]
        assert len(found) == count
        if base:
            found_base = ids(rules_base, 1)
            assert found_base == [f"{base[0]}-{i:02d}" for i in range(1, base[1] + 1)]
        if not rules_shared.exists():
            pytest.skip("the shared rules checklist is not next to this checkout")
        assert rules_copy.read_text(encoding="utf-8") == rules_shared.read_text(encoding="utf-8")

    def test_every_id_appears_exactly_once():
        rows = table()
        found = all_ids()
        assert [i for i in found if i not in rows] == []
        assert {i: len(v) for i, v in rows.items() if len(v) != 1} == {}
        assert sorted(set(rows) - set(found)) == []

    def test_every_status_is_covered_or_not_a_rule():
        bad = [
            f"{i}: {status}"
            for i, statuses in table().items()
            for status in statuses
            if not (status.startswith("covered by ") and REF.search(status))
            and not NOT_A_RULE.match(status)
        ]
        assert bad == []

    def test_every_referenced_test_exists_and_names_the_id():
        missing, unnamed = [], []
        cache: dict[Path, dict[str, str]] = {}
        for rule_id, statuses in table().items():
            for file, name in REF.findall(" ".join(statuses)):
                path = REPO / file
                if path not in cache:
                    cache[path] = rules_tests_in(path) if path.exists() else {}
                tests = cache[path]
                if name not in tests:
                    missing.append(f"{rule_id}: {file}::{name}")
                elif rule_id not in ids_named(tests[name]):
                    unnamed.append(f"{rule_id}: {file}::{name}")
        assert missing == []
        assert unnamed == []

    def test_rules_tests_quote_the_rulebook():
        """Every rules test names at least one id and has a docstring."""
        lacking = []
        for path in sorted(here.glob("test_rules_*.py")):
            if path.name == "test_rules_coverage.py":
                continue
            for name, text in rules_tests_in(path).items():
                docstring = text.split("\n", 1)[1]
                if not docstring or not (ids_named(text) or "Assumed" in docstring):
                    lacking.append(f"{path.name}::{name}")
        assert lacking == []

    checks = (
        test_in_repo_rules_copy_matches_the_shared_checklist,
        test_every_id_appears_exactly_once,
        test_every_status_is_covered_or_not_a_rule,
        test_every_referenced_test_exists_and_names_the_id,
        test_rules_tests_quote_the_rulebook,
    )
    assert tuple(f.__name__ for f in checks) == CHECKS
    return checks
