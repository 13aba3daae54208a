"""Maul of America told in words: where the game is, what each rule step did, squares
keyed by their coordinates, and nothing told that the viewer may not see."""

from __future__ import annotations

import random
from itertools import count

import pytest

from tests.games.maul_of_america.positions import (
    attack_with,
    kind,
    position,
    shopper_turn,
    sq,
)
from tests.games.maul_of_america.twins import twin
from tests.play.twins import check_games
from zombie_envs.core.narration import narrator_of, story
from zombie_envs.games.maul_of_america.cards import HIT
from zombie_envs.games.maul_of_america.choices import CHOICES
from zombie_envs.games.maul_of_america.engine import MaulOfAmerica
from zombie_envs.games.maul_of_america.narrate import MaulNarrator
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


def test_an_attack_on_the_only_target_is_told_and_so_is_the_emptied_weapon():
    """MOA-071 "Attack - A Shopper may make an attack for one action.": with one zombie
    in sight the game aims the Hunting Rifle for Shopper 1 without asking; each shot is
    still told as aimed, then its miss or its kill, and the last shot's empty weapon
    going to the discard pile."""
    g = position(at={1: (3, 2)}, zombies=[(3, 6)], items={1: ["Hunting Rifle"]})
    g.items[1][0][1] = 2  # two shots left
    shopper_turn(g, 1, 5)
    hit = HIT[kind("Hunting Rifle")]
    g.rng = random.Random(  # dice that miss, then hit
        next(s for s in count() if [f + 1 >= hit for f in _faces(s, 2)] == [False, True])
    )
    rifle = attack_with("Hunting Rifle")
    aimed = f"attacked {g.maul.name(sq(3, 6))} with the Hunting Rifle"
    assert story(g, rifle, 1) == [f"you {aimed}", "It missed"]
    g.apply(rifle)
    assert g.items[1] == [[kind("Hunting Rifle"), 1]] and g.decision == "act"
    fell = f"A zombie fell at {g.maul.label(sq(3, 6))}"
    assert story(g, rifle, None) == [
        f"Shopper 1 {aimed}",
        fell,
        "Shopper 1 discarded the empty Hunting Rifle",
    ]
    g.apply(rifle)
    assert g.items[1] == [] and g.zombies == []


def _faces(seed: int, n: int) -> list[int]:
    """The first ``n`` d6 faces (from 0) a generator seeded ``seed`` rolls."""
    rng = random.Random(seed)
    return [rng.randrange(6) for _ in range(n)]


def test_choices_keyed_by_a_block_the_actions_lack_fail_when_the_class_is_made():
    renamed = {("steps" if b == "step" else b): words for b, words in CHOICES.items()}
    with pytest.raises(
        TypeError, match="names no block 'steps' of .*no entry for the block 'step'"
    ):
        type("Misnamed", (MaulNarrator,), {}, by_block=renamed)
