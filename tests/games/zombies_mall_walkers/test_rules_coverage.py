"""The rules coverage table of docs/games/zombies_mall_walkers.md is complete and points at
real tests.

Every Z3 id of the rulebook's checklist and every Z3B id of the base rules checklist
(docs/rules/zombies_mall_walkers_base.md) appears exactly once in the table, either as
covered by one or more tests (which exist and name the id) or as not a rule, with a word
why.
"""

from __future__ import annotations

from pathlib import Path

from tests.rules_coverage import coverage_tests
from zombie_envs.games.zombies_mall_walkers.declaration import GAME

(
    test_in_repo_rules_copy_matches_the_shared_checklist,
    test_every_id_appears_exactly_once,
    test_every_status_is_covered_or_not_a_rule,
    test_every_referenced_test_exists_and_names_the_id,
    test_rules_tests_quote_the_rulebook,
) = coverage_tests(
    GAME, 67, Path(__file__).parent, base=("Z3B", 33), shared="zombies_3_mall_walkers"
)
