"""We Are Dead told in words: the turn and its step, what each rule step did,
choices keyed by square coordinates or letter, a text board whose numbers
match those coordinates, and nothing told that the viewer may not see."""

from __future__ import annotations

import random

import pytest

from tests.games.we_are_dead.twins import twin
from tests.play.twins import check_games
from zombie_envs.core.narration import count
from zombie_envs.games.we_are_dead.actions import A_CARD, A_SQUARE
from zombie_envs.games.we_are_dead.data import BOARDS
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.games.we_are_dead.narrate import NARRATOR
from zombie_envs.games.we_are_dead.observe import Visible
from zombie_envs.games.we_are_dead.text import ansi, display_chars, legend


def test_what_a_viewer_is_told_does_not_depend_on_what_it_may_not_see():
    setups = [(n, b) for b in ("mall", "carnival") for n in (3, 5)]
    games = (WeAreDead(n, seed=900 + i, board=b) for i, (n, b) in enumerate(setups))
    counts = check_games(games, twin, moves=250)
    assert counts["steps"] > 1000
    missing = set(Visible.secrets) - set(counts)
    assert not missing, f"secrets never changed under the narration: {missing} ({counts})"


def random_states(seed: int, players: int = 3, board: str = "mall"):
    """Every state at a decision of a seeded random game."""
    g = WeAreDead(players, seed=seed, board=board)
    rng = random.Random(seed)
    while not g.terminal:
        yield g
        g.apply(rng.choice(g.legal))


def map_rows(text: str, board) -> list[str]:
    """The map rows of a text board (under its title and column numbers), without
    their row numbers."""
    width = len(str(board.height - 1)) + 1
    return [line[width:] for line in text.splitlines()[3 : 3 + board.height]]


@pytest.mark.parametrize("board", BOARDS)
def test_the_board_numbers_rows_and_columns_as_square_names_do(board):
    g = WeAreDead(3, seed=0, board=board)
    b = g.board
    lines = ansi(g, 0).splitlines()
    tens, units = lines[1], lines[2]
    pad = len(str(b.height - 1)) + 1
    assert units[pad:] == "".join(str(c % 10) for c in range(b.width))
    assert tens[pad:].split() == [str(c // 10) for c in range(0, b.width, 10)]
    for r in range(b.height):
        assert lines[3 + r].split()[0] == str(r)
    for v in range(b.size):
        r, c = b.rc[v]
        h = g.clone()
        h.pos = [v, b.neighbours[v][0], b.neighbours[v][0]]
        rows = map_rows(ansi(h, 0), b)
        assert rows[r][c] == "0", (v, b.label(v))
        other = b.rc[b.neighbours[v][0]]
        assert rows[other[0]][other[1]] == "+"
        label = b.label(v)
        assert f"r{r}c{c}" in label or label in ansi(h, 0)


@pytest.mark.parametrize("board", BOARDS)
def test_inside_the_map_a_digit_is_always_a_player(board):
    for g in random_states(2, players=5, board=board):
        rows = map_rows(ansi(g, 1), g.board)
        digits = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch.isdigit()}
        alone = [v for v in g.pos if g.pos.count(v) + g.hordes.count(v) == 1]
        assert digits == {g.board.rc[v] for v in alone}
        for r, c in digits:
            assert g.pos[int(rows[r][c])] == g.board.node_at(r, c)
        if g.turn > 80:
            break


@pytest.mark.parametrize("board", BOARDS)
def test_the_legend_names_every_mark_of_the_board(board):
    g = WeAreDead(4, seed=1, board=board)
    lines = legend(g)
    marks = {mark for line in lines for mark in line.split(": ")[0].split() if len(mark) == 1}
    areas = next(line for line in lines if line.startswith(("stores:", "rides:")))
    marks |= {part.split()[0] for part in areas.split(": ", 1)[1].split(", ")}
    shown = set("".join(map_rows(ansi(g, 0), g.board)))
    missing = {ch for ch in shown - marks if not ch.isdigit()}
    assert not missing, (missing, lines)
    assert not any(ch.isdigit() for ch in display_chars(g.board).values())


def test_choices_key_squares_by_coordinates_and_the_rest_by_letters():
    kinds = set()
    for g in random_states(5):
        choices = NARRATOR.choices(g)
        keys = [c.key for c in choices]
        assert len(set(keys)) == len(keys)
        for c in choices:
            if c.action < A_CARD:
                r, col = g.board.rc[c.action - A_SQUARE]
                assert c.key == f"r{r}c{col}"
            else:
                assert c.key.isalpha() and c.key.islower()
        kinds.add(g.decision)
        if g.turn > 40:
            break
    assert {"move", "discard", "place_hero"} <= kinds


def test_the_phase_line_says_the_turn_and_its_step():
    steps_seen = set()
    for g in random_states(6, players=4):
        line = NARRATOR.phase(g, 0)
        whose = "your" if g.active == 0 else f"Player {g.active}'s"
        assert line.startswith(f"Turn {g.turn}, {whose} turn - ")
        step = line.split(" - ")[1]
        steps_seen.add(step)
        expected = {
            "move": "1. Movement",
            "attack": "2. Attack",
            "fight": "2. Attack",
            "slay": "2. Attack",
            "discard": "3. Discard",
            "revealer_draw": "3. Draw",
            "horde_hero": "4. The horde",
            "horde_target": "4. The horde",
        }.get(g.decision)
        if expected:
            assert step == expected, (g.decision, line)
        if g.decision == "move":
            assert f"{count(g.budget, 'move')} left" in line
    assert {"1. Movement", "2. Attack", "3. Discard", "4. The horde"} <= steps_seen
