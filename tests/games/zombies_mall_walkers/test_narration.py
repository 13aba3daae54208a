"""Mall Walkers told in words: where the game is, what each rule step did, and nothing
told that the viewer may not see."""

from __future__ import annotations

import random

import pytest

from tests.games.zombies_mall_walkers.positions import position, sq, step, turn, use
from tests.games.zombies_mall_walkers.twins import twin
from tests.play.twins import check_games
from zombie_envs.core.narration import narrator_of, steps, story
from zombie_envs.games.zombies_mall_walkers.actions import A_WOUND
from zombie_envs.games.zombies_mall_walkers.cards import NAMES
from zombie_envs.games.zombies_mall_walkers.declaration import KIND
from zombie_envs.games.zombies_mall_walkers.engine import MallWalkers
from zombie_envs.games.zombies_mall_walkers.mall import NAMES as TILE_NAMES
from zombie_envs.games.zombies_mall_walkers.narrate import MallWalkersNarrator
from zombie_envs.games.zombies_mall_walkers.observe import Visible
from zombie_envs.games.zombies_mall_walkers.text import result


def test_what_a_viewer_is_told_does_not_depend_on_what_it_may_not_see():
    games = (
        MallWalkers(n, seed=700 + n, scenario=scenario, helipad=helipad)
        for n, scenario, helipad in (
            (2, "standard", "bottom"),
            (4, "search_and_rescue", "shuffled"),
            (6, "keys", "shuffled"),
        )
    )
    counts = check_games(games, twin, moves=250)
    assert counts["steps"] > 500
    missing = set(Visible.secrets) - set(counts)
    assert not missing, f"secrets never changed under the narration: {missing} ({counts})"


def whole_game(n: int, seed: int, viewer: int, **options) -> tuple[MallWalkers, list[str]]:
    g = MallWalkers(n, seed=seed, **options)
    rng = random.Random(seed)
    told = []
    while not g.terminal:
        action = rng.choice(g.legal)
        told += story(g, action, viewer)
        g.apply(action)
    return g, told


def test_the_story_tells_tiles_rolls_fights_moves_zombies_cards_and_the_end():
    g, told = whole_game(3, 5, 1)
    text = "\n".join(told)
    for words in (
        "Round 2 of 60 begins",
        "Your turn begins",
        "Player 0's turn begins",
        "you drew the ",
        " was placed around r",
        "you rolled ",
        "Player 1 (you) goes ",
        " zombies to move",
        "against the zombie at r",
        "killed the zombie at r",
        "you drew 1 card: ",
        "Player 2 drew ",
        "To the discard pile: ",
    ):
        assert words in text, words
    assert told[-1] == f"The game is over: {result(g)}"


def test_cards_drawn_are_named_to_their_holder_only():
    g = MallWalkers(3, seed=11)
    rng = random.Random(11)
    named = hidden = 0
    while not g.terminal and (named < 5 or hidden < 5):
        action = rng.choice(g.legal)
        for before, after, cause in steps(g, action):
            for s in range(3):
                got = sum(after.hands[s]) - sum(before.hands[s])
                if got <= 0 or cause[0] == "on_pick":
                    continue
                for viewer in range(3):
                    lines = narrator_of(g).step(before, after, viewer, cause)
                    line = next(x for x in lines if " drew " in x and " card" in x)
                    new = [k for k in range(len(NAMES)) if after.hands[s][k] > before.hands[s][k]]
                    if viewer == s:
                        assert line.startswith("you drew") and all(NAMES[k] in line for k in new)
                        named += 1
                    else:
                        assert line == f"Player {s} drew {got} card{'s' * (got > 1)}"
                        hidden += 1
        g.apply(action)
    assert named >= 5 and hidden >= 5


def dice(*faces: int) -> random.Random:
    """A generator whose next six-sided rolls show ``faces`` (0-based, as ``Dice``):
    unlike ``Dice``, a copy of the engine (each rule step is told on one) rolls it too."""
    for seed in range(100_000):
        rng = random.Random(seed)
        if all(rng.randrange(6) == face for face in faces):
            return random.Random(seed)
    raise AssertionError(f"no seed rolls {faces}")


def run(g, rng: random.Random, *tasks: tuple) -> MallWalkers:
    """A plain engine (a rigged one cannot be copied) at the hand-set position ``g``,
    rolling ``rng``, after running ``tasks`` (then the end of seat 0's turn) to the
    first decision."""
    g.rng = rng
    plain = MallWalkers.from_dict(g.to_dict())
    plain.push(*tasks, ("end_turn", 0))
    plain._run()
    return plain


def test_a_fight_and_a_death_in_words():
    g = position(n=2, at={0: (-2, 1)}, zombies=[(-2, 0)], life={0: 1}, bullets={0: 0})
    g = run(g, dice(0, 1), ("movement",))  # a move of 1, then a 2 against the zombie
    assert g.decision == KIND.move
    told = story(g, step("west"), 0)
    assert "Player 0 (you) goes west to r-2c0" in told
    assert "you rolled 2 against the zombie at r-2c0: a miss (4 or more kills)" in told
    g.apply(step("west"))
    assert g.decision == KIND.fight
    assert narrator_of(g).phase(g, 1) == (
        "Round 1 of 60, Player 0's turn: Player 0 fights the zombie at r-2c0: rolled 2, "
        "4 or more kills"
    )
    told = story(g, A_WOUND, 1)
    assert told[0] == "Player 0 loses a life to roll again"
    assert any(
        line.startswith("Player 0 was killed: back at the Front Door with 0 zombies killed")
        for line in told
    ), told


def test_a_weapon_and_a_kill():
    g = position(n=2, at={0: (-2, 1)}, zombies=[(-2, 1)], items={0: ["Aww, Isn't He Cute!"]})
    g = run(g, dice(0), ("fight_zombie", sq(-2, 1)))
    told = story(g, use("Aww, Isn't He Cute!"), 1)
    assert "Player 0 killed the zombie at r-2c1: 1 zombie killed" in told
    assert "Player 0's Aww, Isn't He Cute! left play" in told
    assert "To the discard pile: Aww, Isn't He Cute!" in told


def test_a_tile_drawn_and_placed():
    g = MallWalkers(2, seed=3)
    assert g.decision == KIND.place_tile
    assert narrator_of(g).phase(g, 0) == (
        f"Round 1 of 60, your turn: you choose where the {TILE_NAMES[g.drawn]} goes"
    )
    told = story(g, g.legal[0], 1)
    assert told[0].startswith(f"Player 0 places the {TILE_NAMES[g.drawn]} around r")
    assert any(line.startswith(f"The {TILE_NAMES[g.drawn]} was placed around r") for line in told)


def test_a_pawn_killed_comes_back_at_its_next_turn():
    g = position(n=2, at={1: (-2, 1)}, life={0: 0}, bullets={0: 1})
    g = run(g, dice(0, 0, 0), ("turn", 1))  # seat 1 moves; seat 0 was killed before
    assert g.decision == KIND.move and g.current_player == 1
    told = story(g, step("stop"), 1)
    assert "Player 0 came back with 3 life and 3 bullets" in told, told


def test_the_keepers_first_move_is_told_by_both_dice():
    """Z3-014 "The game is played normally except that the player with the keys gets to
    roll two dice for their first movement.": the story shows both dice, then one."""
    g = position(scenario="keys")
    g.keeper, g.keys_first = 0, 1
    before = g.clone()
    turn(g, 0, 2, 3)
    assert narrator_of(g).told_roll_move(before, g, 1)[0] == (
        "Player 0 rolled 3 and 4 for the keeper's first move: 7 moves"
    )
    assert not g.keys_first  # the first move made: one die again
    before = g.clone(rng=random.Random(0))
    turn(g, 0, 4)
    assert narrator_of(g).told_roll_move(before, g, 0)[0] == "you rolled 5: 5 moves"


def test_words_for_a_decision_kind_the_game_does_not_declare_fail_when_the_class_is_made():
    with pytest.raises(TypeError, match=r"choose_haggle\(\) names no decision kind of zombies_"):

        class Haggling(MallWalkersNarrator):
            def choose_haggle(self, g):
                return []
