"""Maul of America told in words: where the game is, what each rule step did, squares
keyed by their coordinates, and nothing told that the viewer may not see."""

from __future__ import annotations

import random

from tests.games.maul_of_america.moa_positions import position, shopper_turn
from tests.games.maul_of_america.twins import twin
from tests.play.twins import check_games
from zombie_envs.core.narration import narrator_of, story
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.games.maul_of_america.observe import Visible


def test_what_a_viewer_is_told_does_not_depend_on_what_it_may_not_see():
    games = (MaulOfAmerica(n, seed=700 + n) for n in (2, 3, 5))
    counts = check_games(games, twin, moves=300)
    assert counts["steps"] > 500
    missing = set(Visible.secrets) - set(counts)
    assert not missing, f"secrets never changed under the narration: {missing} ({counts})"


def test_the_story_tells_rolls_moves_zombies_and_the_end():
    g = MaulOfAmerica(3, seed=5)
    rng = random.Random(5)
    told = []
    while not g.terminal:
        action = rng.choice(g.legal)
        told += story(g, action, 1)
        g.apply(action)
    text = "\n".join(told)
    assert "you rolled" in text
    assert "you moved" in text and "A zombie moved from" in text
    assert f"Round {g.options['max_rounds']} of" in text or "escaped" in text or "killed" in text
    assert told[-1].startswith("The game is over")


def test_phase_and_square_keys():
    g = MaulOfAmerica(3, seed=2)
    narrator = narrator_of(g)
    assert narrator.phase(g, 1).startswith("Setup")  # Shoppers pick their starting squares
    choices = narrator.choices(g)
    assert choices and all(c.key in c.text for c in choices)  # squares keyed as they are named
    while g.round == 0:
        g.apply(g.legal[0])
    assert narrator.phase(g, 1).startswith("Round 1 of 14, your turn")


def test_a_shoppers_action_roll_is_told_by_both_dice():
    """MOA-040 "At the beginning of his turn, a Shopper rolls 2d6 to determine how many
    actions he has to spend for the turn.", MOA-041 "This die roll is modified by -1 for
    each wound the Shopper has sustained.": the story shows each die, the sum, the
    wounds taken off and the actions left."""
    before = position(wounds={1: 1})
    after = shopper_turn(before.clone(), 1, 9)  # scripted faces 5 and 2: a 6 and a 3
    told = narrator_of(after).turn(before, after, 2)
    assert told == ["Shopper 1 rolled 6 and 3: 9, less 1 wound, 8 actions"]
