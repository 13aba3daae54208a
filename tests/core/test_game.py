"""The Engine base class: options, the task stack, ``ask``, ``apply``, copies and returns."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from zombie_envs.core.chance import ChanceLog
from zombie_envs.core.game import Engine
from zombie_envs.core.game_type import Decision, GameType, Option
from zombie_envs.core.layout import Layout
from zombie_envs.games.mall_of_horror.engine import MallOfHorror

TOY_ACTIONS = Layout("toy actions")
TOY_ACTIONS.add("bet", 3, "add this to the roll", ("zero", "one", "two"))
TOY_ACTIONS.add("pass", 1, "do nothing")
TOY_OBS = Layout("toy observation")
TOY_OBS.add("points", 4, "points per seat")
TOY_STATE = Layout("toy state")
TOY_STATE.add("points", 4, "points per seat")
TOY_STATE.add("rolls", 1, "rolls so far")


TOY = GameType(
    name="toy",
    title="Toy",
    version=3,
    players=(2, 2, 4),
    engine=f"{__name__}:Toy",
    text=__name__,
    picture=__name__,
    heuristic="zombie_envs.core.agent:RandomAgent",
    decisions=(Decision("bet", ("bet",), "bets"), Decision("pass_only", ("pass",), "passes")),
    options=(Option("rounds", 2, "rounds"), Option("style", "plain", "looks", ("plain", "fancy"))),
    actions=f"{__name__}:TOY_ACTIONS",
    observation=f"{__name__}:TOY_OBS",
    state=f"{__name__}:TOY_STATE",
)


class Toy(Engine):
    """Each seat in turn rolls a die, then bets; a roll of 0 forces a zero bet."""

    game_type = TOY
    FIELDS = {"game": ("points", "rolls", "grid", "log")}

    def setup(self):
        n = self.num_players
        self.points = [0] * n
        self.rolls = []
        self.grid = [[0, 0] for _ in range(n)]
        self.log = []
        turns = [("turn", s) for _ in range(self.options["rounds"]) for s in range(n)]
        self.push(("note", "start"), *turns, ("finish",))

    def note(self, text):
        self.log.append(text)

    def turn(self, seat):
        roll = self.rng.randrange(3)
        self.rolls.append(roll)
        self.ask(seat, "bet", [0, 1, 2] if roll else [0], public=True)

    def on_bet(self, action):
        seat = self.current_player
        self.points[seat] += action + self.rolls[-1]
        self.grid[seat][action % 2] += 1
        self.log.append(f"{seat}:{action}")

    def ask_pass(self, seat):
        self.ask(seat, "pass_only", [3])

    def on_pass_only(self, action):
        self.log.append("passed")

    def finish(self):
        self.end_game()

    def scores(self):
        return list(self.points)

    def redraw_hidden(self, seat, rng):
        pass  # every roll and bet is public: nothing to redraw

    def encode(self, seat, out, god):
        out[: self.num_players] = bytes(self.points)
        if god:
            out[4] = len(self.rolls)


def play(game, rng, steps=None):
    """Play random legal actions (all of them or ``steps``); return the actions."""
    actions = []
    while not game.terminal and (steps is None or len(actions) < steps):
        a = rng.choice(game.legal)
        game.apply(a)
        actions.append(a)
    return actions


# ----- construction and options --------------------------------------------


def test_defaults_and_first_decision():
    g = Toy(2, seed=1)
    assert g.options == {"rounds": 2, "style": "plain"}
    assert g.log[0] == "start"
    assert g.decision == "bet" or g.terminal
    assert g.num_actions == 4


@pytest.mark.parametrize("n", [1, 5, 2.0, "3", None])
def test_bad_num_players(n):
    with pytest.raises(ValueError, match="num_players must be an int from 2 to 4"):
        Toy(n)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"colour": 1}, r"unknown option\(s\) \['colour'\]; known: \['rounds', 'style'\]"),
        ({"rounds": 0}, "option rounds must be an int >= 1, got 0"),
        ({"rounds": "2"}, "option rounds must be an int >= 1"),
        ({"style": "x"}, r"option style must be one of \['plain', 'fancy'\], got 'x'"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(ValueError, match=message):
        Toy(2, **options)


def test_check_options_fills_defaults():
    assert Toy.check_options({"style": "fancy"}) == {"rounds": 2, "style": "fancy"}


# ----- the task stack and ask -------------------------------------------------


def test_push_runs_tasks_in_the_order_given():
    g = Toy(2, seed=0)
    g.tasks = []
    g.decision = None
    g.push(("note", "a"), ("note", "b"))
    g.push(("note", "first"))
    while g.tasks:
        task = g.tasks.pop()
        getattr(g, task[0])(*task[1:])
    assert g.log[-3:] == ["first", "a", "b"]


def test_forced_choice_is_taken_as_the_next_step():
    """A public choice with one option is not posed: its handler runs as the next
    task, before the tasks already waiting, so the story tells it as a step."""
    g = Toy(2, seed=0)
    g.decision = None
    g.current_player = 0
    g.tasks = [("note", "later")]
    before = list(g.log)
    g.ask(1, "bet", [0], public=True)
    assert g.decision is None and g.current_player == 1
    assert g.tasks == [("note", "later"), ("on_bet", 0)]
    while g.tasks:
        task = g.tasks.pop()
        getattr(g, task[0])(*task[1:])
    assert g.log == before + ["1:0", "later"]


def test_forced_choice_on_a_secret_is_still_posed():
    """A one-option choice that depends on a secret is asked anyway, so the
    sequence of decisions reveals nothing."""
    g = Toy(2, seed=0)
    g.decision = None
    g.ask_pass(1)
    assert g.decision == "pass_only"
    assert g.legal == [3]
    assert g.current_player == 1
    g.apply(3)
    assert "passed" in g.log


def test_ask_after_the_end_does_nothing():
    g = Toy(2, seed=0)
    play(g, random.Random(0))
    g.ask(0, "bet", [0, 1])
    assert g.terminal and g.decision is None and g.legal == [] and g.current_player == -1


def test_rolls_of_zero_never_pose_a_decision():
    for seed in range(30):
        g = Toy(3, seed=seed)
        decisions = 0
        while not g.terminal:
            assert g.legal == [0, 1, 2]
            g.apply(1)
            decisions += 1
        assert decisions == sum(1 for r in g.rolls if r)


def test_legal_mask():
    g = Toy(2, seed=5)
    while g.legal != [0, 1, 2]:
        g.apply(g.legal[0])
    mask = g.legal_mask()
    assert mask.dtype == np.int8 and mask.tolist() == [1, 1, 1, 0]
    out = np.ones(4, dtype=np.int8)
    assert g.legal_mask(out) is out and out.tolist() == [1, 1, 1, 0]
    assert g.legal_actions() == [0, 1, 2] and g.legal_actions() is not g.legal


def test_end_game_clears_everything():
    g = Toy(2, seed=0)
    play(g, random.Random(1))
    assert g.terminal and g.tasks == [] and g.legal == [] and g.decision is None
    assert g.legal_mask().sum() == 0


def test_action_names():
    g = Toy(2, seed=0)
    assert g.action_name(0) == "bet zero"
    assert g.action_name(2) == "bet two"
    assert g.action_name(3) == "pass 0"


# ----- apply ---------------------------------------------------------------


def first_decision(seed=0):
    g = Toy(2, seed=seed)
    while g.legal != [0, 1, 2]:
        g.apply(g.legal[0])
    return g


@pytest.mark.parametrize("action", [3, -1, 4, 99, None, 1.5, "a", "1", [1]])
def test_illegal_action_raises_and_changes_nothing(action):
    g = first_decision()
    before = g.to_dict()
    with pytest.raises(ValueError) as err:
        g.apply(action)
    message = str(err.value)
    assert repr(action) in message
    assert "legal actions: 0 (bet zero), 1 (bet one), 2 (bet two)" in message
    assert f"player_{g.current_player}" in message and "'bet'" in message
    assert g.to_dict() == before
    g.apply(1)


def test_numpy_and_integral_actions_accepted():
    g = first_decision()
    g.apply(np.int64(1))
    g2 = first_decision()
    g2.apply(1)
    assert g.to_dict() == g2.to_dict()


def test_action_after_the_end():
    g = Toy(2, seed=0)
    play(g, random.Random(0))
    with pytest.raises(ValueError, match="game is over"):
        g.apply(0)


# ----- returns -------------------------------------------------------------


@pytest.mark.parametrize(
    "points, zero_sum",
    [
        ([3, 1], [1.0, -1.0]),
        ([3, 3, 1, 0], [0.5, 0.5, -0.5, -0.5]),
        ([1, 4, 2], [-0.5, 1.0, -0.5]),
        ([5, 5, 5, 2], [1 / 3, 1 / 3, 1 / 3, -1.0]),
        ([2, 2, 2], [0.0, 0.0, 0.0]),
    ],
)
def test_returns(points, zero_sum):
    g = Toy(len(points), seed=0)
    g.points = points
    assert g.returns() == pytest.approx(zero_sum)
    assert sum(g.returns("zero_sum")) == pytest.approx(0.0)
    assert g.returns("score") == [float(p) for p in points]
    assert g.winners() == [i for i, p in enumerate(points) if p == max(points)]


# ----- clone and serialisation ----------------------------------------------


def test_clone_has_the_same_future_including_chance():
    g = Toy(3, seed=11, rounds=6)
    play(g, random.Random(2), steps=3)
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    rng = random.Random(3)
    while not g.terminal:
        a = rng.choice(g.legal)
        g.apply(a)
        c.apply(a)
        assert c.to_dict() == g.to_dict()
    assert c.terminal


def test_clone_is_independent():
    g = Toy(3, seed=4, rounds=5)
    play(g, random.Random(0), steps=2)
    c = g.clone()
    snapshot = c.to_dict()
    play(g, random.Random(1))
    assert c.to_dict() == snapshot
    g2 = c.clone()
    c.grid[0][0] += 7
    c.points[1] += 7
    c.log.append("x")
    c.rng.random()
    assert g2.to_dict() == snapshot


def test_a_clone_given_a_generator_draws_from_it_alone():
    g = Toy(2, seed=3, rounds=6)
    play(g, random.Random(0), steps=2)
    before = g.to_dict()
    mine = random.Random(42)
    c = g.clone(rng=mine)
    assert c.rng is mine
    play(c, random.Random(1))
    assert g.to_dict() == before  # the original's generator did not move
    twin = random.Random(42)
    new_rolls = c.rolls[len(g.rolls) :]
    assert new_rolls and new_rolls == [twin.randrange(3) for _ in new_rolls]


def test_exact_copies_roll_the_same_dice_whichever_draws_first():
    g = Toy(2, seed=5)
    c = g.clone()
    c2 = c.clone()
    first = [g.rng.random() for _ in range(3)]
    assert [c2.rng.random() for _ in range(3)] == first
    assert [c.rng.random() for _ in range(3)] == first
    assert g.rng is not c.rng is not c2.rng is not g.rng


def test_copies_of_a_logged_generator_get_a_plain_one_in_its_state():
    log = ChanceLog(4)
    g = Toy(2, rng=log)
    c = g.clone()
    assert type(c.rng) is random.Random and c.rng.getstate() == log.getstate()
    assert c.rng.random() == log._rng.random()


def test_a_hand_set_state_with_something_else_where_a_list_was_still_copies():
    g = Toy(3, seed=2)
    g.points = None
    c = g.clone()
    assert c.points is None
    c.grid[0][0] += 7
    c.rolls.append(9)
    assert g.grid[0][0] != c.grid[0][0] and g.rolls != c.rolls


def test_to_dict_json_round_trip():
    g = Toy(4, seed=9, rounds=4, style="fancy")
    play(g, random.Random(5), steps=4)
    d = g.to_dict()
    assert d["game"] == "toy" and d["version"] == 3 and d["num_players"] == 4
    assert d["options"] == {"rounds": 4, "style": "fancy"}
    loaded = Toy.from_dict(json.loads(json.dumps(d)))
    assert loaded.to_dict() == d
    assert type(loaded) is Toy and loaded.num_players == 4
    rng = random.Random(6)
    while not g.terminal:
        a = rng.choice(g.legal)
        g.apply(a)
        loaded.apply(a)
        assert loaded.to_dict() == g.to_dict()


def test_from_dict_does_not_share_lists_with_the_dict():
    g = Toy(2, seed=1)
    d = json.loads(json.dumps(g.to_dict()))
    snapshot = json.loads(json.dumps(d))
    loaded = Toy.from_dict(d)
    loaded.grid[0][0] = 99
    loaded.points[0] = 99
    loaded.tasks.pop()
    assert d == snapshot


def test_from_dict_refuses_other_game_or_version():
    d = Toy(2, seed=1).to_dict()
    with pytest.raises(ValueError, match="state is for game 'toy', not 'mall_of_horror'"):
        MallOfHorror.from_dict(d)
    with pytest.raises(ValueError, match="state version 2 differs from engine version 3"):
        Toy.from_dict({**d, "version": 2})
    with pytest.raises(ValueError, match="state is for game None"):
        Toy.from_dict({k: v for k, v in d.items() if k != "game"})


def test_from_dict_checks_options():
    d = Toy(2, seed=1).to_dict()
    with pytest.raises(ValueError, match="option style"):
        Toy.from_dict({**d, "options": {"rounds": 2, "style": "odd"}})


def test_unseeded_games_differ_but_replay_from_their_state():
    g = Toy(2, seed=None, rounds=8)
    d = g.to_dict()
    loaded = Toy.from_dict(json.loads(json.dumps(d)))
    play(g, random.Random(0))
    play(loaded, random.Random(0))
    assert loaded.to_dict() == g.to_dict()
