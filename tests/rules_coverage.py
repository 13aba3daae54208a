"""The checks behind the rules coverage test (``tests/games/test_rules_coverage.py``).

A game's doc page ``docs/games/<game>.md`` has a table with one row per id of the rule
checklists its declaration names (``GameType.checklists``): either covered by one or more
tests (which exist and name the id) or not a rule, with a word why.  The rulebook's
checklist is ``docs/rules/<game>_ids.md``, ids ``<prefix>-001`` ..., a copy of
``../shared/rules/<shared or game>.md``.  A game that stands on another game's rules (an
expansion) may also have a checklist of those base rules, written by the project:
``docs/rules/<game>_base.md``, ids ``<prefix>-01`` ... (two digits), listed in the same
table and checked the same way.  The game's rules tests are
``tests/games/<game>/test_rules_*.py``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.envs_under_test import skip_unless_bundled

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


def digits(checklist) -> int:
    """How many digits an id of ``checklist`` has after its prefix."""
    return 2 if checklist.base else 3


class Coverage:
    """The coverage checks of one game, one method per name of ``CHECKS``."""

    def __init__(self, game_type):
        skip_unless_bundled(game_type, "rulebook checklist")
        game = game_type.name
        self.doc = REPO / "docs" / "games" / f"{game}.md"
        self.here = REPO / "tests" / "games" / game
        self.checklists = game_type.checklists
        rulebook = [c for c in self.checklists if not c.base]
        assert len(rulebook) == 1, f"{game} declares {len(rulebook)} rulebook checklists"
        self.rules_copy = REPO / "docs" / "rules" / f"{game}_ids.md"
        self.rules_shared = REPO / ".." / "shared" / "rules" / f"{rulebook[0].shared or game}.md"
        self.rules_base = REPO / "docs" / "rules" / f"{game}_base.md"
        any_id = "|".join(rf"{c.prefix}-\d{{{digits(c)}}}" for c in game_type.checklists)
        self.row = re.compile(rf"^\|\s*({any_id})\s*\|.*\|\s*(.+?)\s*\|\s*$")

    def ids(self, checklist) -> list[str]:
        """The ids of ``checklist`` in the order its file lists them."""
        path = self.rules_base if checklist.base else self.rules_copy
        pattern = rf"\*\*({checklist.prefix}-\d{{{digits(checklist)}}})\*\*"
        return re.findall(pattern, path.read_text(encoding="utf-8"))

    def all_ids(self) -> list[str]:
        return [i for c in self.checklists for i in self.ids(c)]

    def table(self) -> dict[str, list[str]]:
        rows: dict[str, list[str]] = {}
        for line in self.doc.read_text(encoding="utf-8").splitlines():
            m = self.row.match(line)
            if m:
                rows.setdefault(m.group(1), []).append(m.group(2))
        return rows

    def ids_named(self, text: str) -> set[str]:
        """Ids a test names: ``MOH-012``, ``moh_012`` in its name, ``MOH-140 to MOH-145``
        (and the same of the base checklist: ``Z3B-04``, ``z3b_04``)."""
        found: set[str] = set()
        for c in self.checklists:
            p, d = c.prefix, digits(c)
            found |= set(re.findall(rf"{p}-\d{{{d}}}(?!\d)", text))
            found |= {f"{p}-{i}" for i in re.findall(rf"{p.lower()}_(\d{{{d}}})(?!\d)", text)}
            for a, b in re.findall(rf"{p}-(\d{{{d}}}) to {p}-(\d{{{d}}})", text):
                found |= {f"{p}-{i:0{d}d}" for i in range(int(a), int(b) + 1)}
        return found

    def test_in_repo_rules_copy_matches_the_shared_checklist(self):
        for c in self.checklists:
            assert self.ids(c) == [f"{c.prefix}-{i:0{digits(c)}d}" for i in range(1, c.count + 1)]
        if not self.rules_shared.exists():
            pytest.skip("the shared rules checklist is not next to this checkout")
        shared = self.rules_shared.read_text(encoding="utf-8")
        assert self.rules_copy.read_text(encoding="utf-8") == shared

    def test_every_id_appears_exactly_once(self):
        rows = self.table()
        found = self.all_ids()
        assert [i for i in found if i not in rows] == []
        assert {i: len(v) for i, v in rows.items() if len(v) != 1} == {}
        assert sorted(set(rows) - set(found)) == []

    def test_every_status_is_covered_or_not_a_rule(self):
        bad = [
            f"{i}: {status}"
            for i, statuses in self.table().items()
            for status in statuses
            if not (status.startswith("covered by ") and REF.search(status))
            and not NOT_A_RULE.match(status)
        ]
        assert bad == []

    def test_every_referenced_test_exists_and_names_the_id(self):
        missing, unnamed = [], []
        cache: dict[Path, dict[str, str]] = {}
        for rule_id, statuses in self.table().items():
            for file, name in REF.findall(" ".join(statuses)):
                path = REPO / file
                if path not in cache:
                    cache[path] = rules_tests_in(path) if path.exists() else {}
                tests = cache[path]
                if name not in tests:
                    missing.append(f"{rule_id}: {file}::{name}")
                elif rule_id not in self.ids_named(tests[name]):
                    unnamed.append(f"{rule_id}: {file}::{name}")
        assert missing == []
        assert unnamed == []

    def test_rules_tests_quote_the_rulebook(self):
        """Every rules test names at least one id and has a docstring."""
        lacking = []
        paths = sorted(self.here.glob("test_rules_*.py"))
        assert paths, f"no rules tests in {self.here}"
        for path in paths:
            for name, text in rules_tests_in(path).items():
                docstring = text.split("\n", 1)[1]
                if not docstring or not (self.ids_named(text) or "Assumed" in docstring):
                    lacking.append(f"{path.name}::{name}")
        assert lacking == []
