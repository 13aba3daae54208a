"""Narrators tell a rule step by the task that ran: its ``told_<task>`` method, named
after an engine method and checked against the engine when the narrator class is
made, so a task renamed in the engine fails at import instead of silently dropping
its line from the story.  So do the methods a narrator writes per decision kind and
the tables it keys by action block."""

from __future__ import annotations

import re

import pytest

from tests.core.toy_game import ToyVote
from zombie_envs import ENVS
from zombie_envs.core.narration import TOLD, Narrator, number, steps
from zombie_envs.registry import engine_class, game_type


class Toy(Narrator, engine=ToyVote):
    def changed(self, b, a, viewer):
        return ["changed"]

    def told_tally(self, b, a, viewer):
        return [f"points {a.points}"]

    def told_on_vote(self, b, a, viewer, action):
        return [f"{viewer} saw a ballot for {action}"]


def test_a_step_is_told_by_its_tasks_told_method_else_by_what_changed():
    g = ToyVote(3, seed=0)
    while sum(b >= 0 for b in g.ballots) < 2:  # the last ballot: the tally runs next
        g.apply(g.legal[0])
    told = {cause[0]: Toy().step(b, a, 0, cause) for b, a, cause in steps(g, g.legal[0])}
    assert told["on_vote"] == [f"0 saw a ballot for {g.legal[0]}"]  # the action is passed on
    assert told["tally"][0].startswith("points [")
    # a step with no told_ method of its own (the next round, or the winner's claim)
    rest = {cause: lines for cause, lines in told.items() if cause not in ("on_vote", "tally")}
    assert rest and all(lines == ["changed"] for lines in rest.values())


def test_a_told_method_of_no_engine_method_is_refused():
    with pytest.raises(TypeError, match=r"told_count\(\) tells no task: ToyVote has no count"):

        class Miscounted(Narrator, engine=ToyVote):
            def told_count(self, b, a, viewer):
                return []


def test_a_narrator_that_tells_tasks_names_its_engine():
    with pytest.raises(TypeError, match="names no engine"):

        class Unbound(Narrator):
            def told_tally(self, b, a, viewer):
                return []


class Doing(Narrator, engine=ToyVote, per_kind=("doing_",)):
    def doing_vote(self, g):
        return f"seat {g.current_player} votes"

    def doing_claim(self, g):
        return f"seat {g.current_player} claims"


def test_a_per_kind_method_is_found_by_the_pending_decision():
    g = ToyVote(3, seed=0)
    assert Doing().for_decision("doing_", g) == f"seat {g.current_player} votes"


def test_a_per_kind_method_of_no_decision_kind_is_refused():
    with pytest.raises(TypeError, match=r"doing_count\(\) names no decision kind of toy_vote"):

        class Miscounted(Doing):
            def doing_count(self, g):
                return ""


def test_a_per_kind_family_missing_a_decision_kind_is_refused():
    with pytest.raises(TypeError, match=r"no choose_vote\(\) for the decision kind 'vote'"):

        class Unchosen(Doing, per_kind=("doing_", "choose_")):
            pass


def test_a_by_block_table_names_every_block_of_the_actions_and_no_other():
    class Blocks(Narrator, engine=ToyVote, by_block={"vote": len, "claim": len}):
        pass

    assert Blocks.by_block == {"vote": len, "claim": len}
    with pytest.raises(TypeError, match="by_block names no block 'ballot' of toy actions"):
        type(
            "Misnamed",
            (Narrator,),
            {},
            engine=ToyVote,
            by_block={"vote": len, "claim": len, "ballot": len},
        )
    with pytest.raises(TypeError, match="by_block has no entry for the block 'vote'"):
        type("Unworded", (Narrator,), {}, engine=ToyVote, by_block={"claim": len, "ballot": len})


def test_a_narrator_of_decisions_or_blocks_names_its_engine():
    with pytest.raises(TypeError, match="words doing_<kind> but names no engine"):
        type("Unbound", (Narrator,), {}, per_kind=("doing_",))
    with pytest.raises(TypeError, match="words by_block but names no engine"):
        type("Unbound", (Narrator,), {}, by_block={"vote": len})


@pytest.mark.parametrize("env", sorted(ENVS))
def test_every_narrator_tells_its_games_engine(env):
    assert type(game_type(env).narration).engine is engine_class(env)


def renamed(engine: type, task: str) -> type:
    """A copy of ``engine`` whose method ``task`` is spelled ``task_renamed``:
    one class holding what the game's engine and its components define."""
    core = [k for k in engine.__mro__ if k.__module__.startswith("zombie_envs.core")]
    body = {}
    for klass in reversed(engine.__mro__[: engine.__mro__.index(core[0])]):
        body.update((k, v) for k, v in vars(klass).items() if k not in ("__dict__", "__weakref__"))
    if task:
        body[f"{task}_renamed"] = body.pop(task)
    return type(engine.__name__, (core[0],), body)


def told(env: str) -> list[tuple[str, str]]:
    narrator = type(game_type(env).narration)
    return [(env, n[len(TOLD) :]) for n in dir(narrator) if n.startswith(TOLD)]


@pytest.mark.parametrize("env, task", [pair for env in sorted(ENVS) for pair in told(env)])
def test_renaming_a_task_the_narrator_tells_fails_when_the_classes_are_made(env, task):
    """A task is refused by the narrator; a decision handler already by the engine,
    against its declaration."""
    narrator = type(game_type(env).narration)
    type("Copy", (narrator,), {}, engine=renamed(engine_class(env), ""))  # a copy is accepted
    with pytest.raises(TypeError, match=re.escape(f" {task}()")):
        type("Renamed", (narrator,), {}, engine=renamed(engine_class(env), task))


def test_a_score_is_written_as_people_write_it():
    """Whole scores lose the ``.0`` every front end would otherwise print."""
    assert [str(number(v)) for v in (3.0, 3, -1.0, 2.5)] == ["3", "3", "-1", "2.5"]
    assert type(number(4.0)) is int
