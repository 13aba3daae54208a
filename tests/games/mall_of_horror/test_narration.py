"""Mall of Horror told in words: where the round is, what each rule step did and
why, choices keyed by location number or letter, and nothing told that the
viewer may not see."""

from __future__ import annotations

import random
import re

from tests.games.mall_of_horror.positions import (
    A_SPRINT,
    GUN,
    MEGATOYS,
    PIN,
    RESTROOM,
    SECURITY,
    SPRINT,
    SUPERMARKET,
    THREAT,
    TOUGH,
    position,
    vote_action,
)
from tests.games.mall_of_horror.twins import twin
from tests.play.twins import check_games
from zombie_envs.core.narration import steps, story
from zombie_envs.games.mall_of_horror.data import COLOURS, LOCATION_NAMES
from zombie_envs.games.mall_of_horror.engine import MallOfHorror
from zombie_envs.games.mall_of_horror.narrate import NARRATOR
from zombie_envs.games.mall_of_horror.observe import Visible
from zombie_envs.games.mall_of_horror.text import ansi, legend
from zombie_envs.games.mall_of_horror.voting import CHIEF, TRUCK


def test_what_a_viewer_is_told_does_not_depend_on_what_it_may_not_see():
    games = (MallOfHorror(3 + i % 4, seed=700 + i) for i in range(5))
    counts = check_games(games, twin)
    assert counts["steps"] > 1000
    missing = set(Visible.secrets) - set(counts)
    assert not missing, f"secrets never changed under the narration: {missing} ({counts})"


# ----- where the game is ----------------------------------------------------------


def states(seed: int, players: int = 4):
    """Every state of a seeded random game at a decision, with the round's elections:
    ``elected[r]`` is the chief elected in round ``r``, seen step by step: a chief is
    elected in the round whose b) phase has run when the engine marks it elected."""
    g = MallOfHorror(players, seed=seed)
    rng = random.Random(seed)
    elected: dict[int, int] = {}
    election = 0  # the round of the last b) phase run
    while not g.terminal:
        yield g, elected
        action = rng.choice(g.legal)
        for _, after, cause in steps(g, action):
            if cause[0] == "elect_chief":
                election = after.round
            if after.chief_elected and election == after.round:
                elected[after.round] = after.chief
        g.apply(action)


def test_the_phase_line_says_the_round_the_phase_and_the_vote():
    seen = set()
    for g, _ in (state for seed in range(3) for state in states(seed, 3 + seed)):
        line = NARRATOR.phase(g, g.current_player)
        if g.round == 0:
            assert line.startswith("Setup: placing characters, placement dice ")
            continue
        assert line.startswith(f"Round {g.round}, ")
        step = line.split(", ", 1)[1][:2]
        seen.add(step)
        if g.v_purpose >= 0:
            runoff = "runoff " if g.v_runoff else ""
            what = {TRUCK: "who searches the truck", CHIEF: "who becomes Chief of Security"}
            words = what.get(g.v_purpose, "which colour gives up a character")
            assert f"{runoff}vote at {g.v_loc + 1} {LOCATION_NAMES[g.v_loc]} on {words}" in line
            voters = [f"{COLOURS[s]} {w}" for s, w in enumerate(g.v_weights) if w]
            assert "voters (votes) " + ", ".join(voters) in line
        expected = {
            "ballot": ("a)", "b)", "f)"),
            "threat": ("a)", "b)", "f)"),  # f): before an attack's runoff
            "camera": ("c)",),
            "destination": ("d)",),
            "move": ("e)",),
            "cards": ("f)",),
            "victim": ("f)",),
            "keep": ("a)",),
        }.get(g.decision)
        if expected:
            assert step in expected, (g.decision, line)
    assert {"a)", "b)", "c)", "d)", "e)", "f)"} <= seen


def test_elected_this_round_means_this_round_in_every_round():
    saw = {"this": 0, "last": 0}
    for seed in range(3):
        for g, elected in states(seed):
            first_line = ansi(g, None).splitlines()[1]
            if "(elected this round)" in first_line:
                assert elected.get(g.round) == g.chief
                saw["this"] += 1
            elif "(elected last round)" in first_line:
                assert elected.get(g.round - 1) == g.chief and g.round not in elected
                saw["last"] += 1
            else:
                assert not g.chief_elected
    assert saw["this"] and saw["last"], saw


def test_the_legend_explains_every_abbreviation_on_the_board():
    names = {"P": "Pin-Up", "T": "Tough Guy", "G": "Gunman", "g": "Little Girl"}
    for players in (3, 6):
        g = next(g for g, _ in states(players, players) if g.round >= 1)
        explained = "\n".join(legend(g))
        tags = set(re.findall(r"\b([a-z]{2})\.([PTGg])\b", ansi(g, 0)))
        short = {"bk" if c == "black" else c[:2]: c for c in COLOURS[:players]}
        assert {colour for colour, _ in tags} == set(short)
        for colour, kind in tags:
            assert f"{colour} {short[colour]}" in explained and f"{kind} {names[kind]}" in explained
        for word in ("CLOSED", "OVERRUN", "[2/3]", "(ye.P)", ">", "last vote", "destination N"):
            assert word in explained


# ----- what happened, and why --------------------------------------------------------


def plain(g) -> MallOfHorror:
    """A hand-set position as a plain engine, as play holds one."""
    return MallOfHorror.from_dict(g.to_dict())


def run_told(g, viewer) -> list[str]:
    """Run ``g``'s pending tasks one at a time, as ``Engine.apply`` does, and return
    what ``viewer`` is told of each."""
    lines = []
    while g.decision is None and not g.terminal:
        task = g.tasks.pop()
        before = g.clone()
        getattr(g, task[0])(*task[1:])
        lines += NARRATOR.step(before, g, viewer, task)
    return lines


def test_a_vote_is_told_with_its_ballots_totals_and_outcome():
    g = plain(position(4, at={SECURITY: [(0, GUN), (1, PIN), (2, PIN)]}, hands={1: [THREAT]}))
    g.tasks = [("choose_destinations",), ("arrival_of_zombies",), ("elect_chief",)]
    g.decision = None
    lines = run_told(g, 0)
    assert lines == [
        "The vote at 5 Security HQ on who becomes Chief of Security: candidates yellow, red, "
        "blue; voters (votes) yellow 2, red 1, blue 1"
    ]
    while g.decision in ("threat", "ballot"):
        seat = g.current_player
        if g.decision == "threat":
            action = g.legal[0]  # red plays its Threat; the others have none
        else:
            action = vote_action(g, seat, 1 if seat != 2 else 2)
        lines += story(g, action, 0)
        g.apply(action)
    assert "red played Threat: +1 vote" in lines
    assert "red voted" in lines and "you voted for red" in lines
    assert (
        "Ballots at 5 Security HQ: you for red (2), red for red (2), blue for blue (1); "
        "totals red 4, blue 1: red wins the vote"
    ) in lines
    assert "red was elected Chief of Security" in lines


def test_an_overrun_and_a_sprint_are_told_with_their_reasons():
    g = position(
        4,
        at={RESTROOM: [(0, PIN), (1, PIN)], SUPERMARKET: [(0, TOUGH), (1, TOUGH)]},
        zombies={MEGATOYS: 7},
        hands={0: [SPRINT]},
    )
    g = plain(g)
    g.dest = [MEGATOYS, SUPERMARKET, -1, -1]
    g.dice = [MEGATOYS, SECURITY, SECURITY, SECURITY]
    g.tasks, g.decision = [("after_moves",), ("move_characters",)], None
    lines = run_told(g, 1)
    assert lines[:3] == [
        "The arrival dice are revealed: 3, 5, 5, 5",
        "Destinations revealed: yellow 3 Megatoys, red 6 Supermarket",
        "Zombies arrive: 1 at 3 Megatoys, 3 at 5 Security HQ",
    ]  # the zombie that arrived at Megatoys overran it
    assert "3 Megatoys is overrun (8 or more zombies, nobody inside): closed for good" in lines
    pin = g.legal[0]
    assert story(g, pin, 1)[0] == "yellow's Pin-Up went to the Parking Lot: Megatoys was overrun"
    sprint = A_SPRINT + SECURITY
    assert story(g, sprint, 1) == ["yellow played Sprint: now heading for 5 Security HQ"]
    g.apply(sprint)
    assert story(g, pin, 1)[0] == "yellow's Pin-Up moved from 1 Restroom to 5 Security HQ"
