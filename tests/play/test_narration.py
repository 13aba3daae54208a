"""The story a text seat is told (``core.narration``), as the terminal seat and
replays print it: scripted games from hand-set positions, typing by the
game's own names, forced public choices taken without asking, and replays
telling the same story."""

from __future__ import annotations

import io
import random
import re

import pytest

import zombie_envs
from tests.envs_under_test import ENV_NAMES, declared
from tests.games.mall_of_horror.positions import (
    CACHOU,
    HARDWARE,
    MEGATOYS,
    PARKING,
    PIN,
    RESTROOM,
    SUPERMARKET,
    TOUGH,
    position,
)
from tests.games.we_are_dead import positions as wad
from zombie_envs.cli.replay import replay_frames
from zombie_envs.core.agent import Agent
from zombie_envs.core.game_type import HANDLER
from zombie_envs.core.narration import Choice, layout, narrator_of, pick, screen, steps, story
from zombie_envs.games.mall_of_horror.engine import EATEN, MallOfHorror
from zombie_envs.games.we_are_dead.engine import WeAreDead
from zombie_envs.play.seat import SeatedGame
from zombie_envs.play.terminal import TerminalGame
from zombie_envs.records import replay_record
from zombie_envs.registry import engine_class
from zombie_envs.testing import rigged


class FirstLegal(Agent):
    """Always the first legal action: opponents a scripted game can foresee."""

    def act(self, game, seat: int) -> int:
        return game.legal[0]


class Typist:
    """Types the scripted lines, keeping what was shown before each prompt."""

    def __init__(self, *lines: str):
        self.lines = list(lines)
        self.output = io.StringIO()
        self.screens: list[str] = []
        self.seen = 0

    def __call__(self, prompt: str) -> str:
        text = self.output.getvalue()
        self.screens.append(text[self.seen :])
        self.seen = len(text)
        return self.lines.pop(0)


def phase(shown: str) -> str:
    """The line that says where the game is: the one above the decision."""
    lines = shown.splitlines()
    return lines[lines.index(next(x for x in lines if x.startswith("Your decision"))) - 1]


def seated(env: str, engine, typist: Typist, players: int) -> TerminalGame:
    """A terminal game at seat 0 that starts from ``engine``, other seats ``FirstLegal``."""
    game = TerminalGame(env, 0, ["random"], players, 1, input_fn=typist, output=typist.output)
    game.seated.engine = engine
    game.seated.agents = {s: FirstLegal() for s in range(1, players)}
    return game


def mall_at_destinations():
    """Round 1 of Mall of Horror at d) Choose destinations, yellow (seat 0) chief
    but not elected, holding a Hardware card: Megatoys is full of the others'
    characters; yellow's Tough Guy waits at the Restroom and its Pin-Up at the
    Supermarket; one zombie stands at the Parking Lot and the arrival dice all
    fall on closed Cachou."""
    g = position(
        4,
        at={
            RESTROOM: [(0, TOUGH)],
            SUPERMARKET: [(0, PIN)],
            MEGATOYS: [(1, PIN), (1, TOUGH), (2, PIN), (3, PIN)],
        },
        zombies={PARKING: 1},
        chief=0,
        hands={0: [HARDWARE]},  # no use at the Parking Lot, yet a hand: its questions are posed
    )
    g.dice = [CACHOU] * 4
    g = MallOfHorror.from_dict(g.to_dict())  # a plain engine, as a terminal game holds
    g.tasks = [("end_round",), ("zombie_attack",), ("move_characters",)]
    g.push(("choose_destinations",), ("zombie_players",))
    g.decision = None
    g._run()
    return g


def test_a_scripted_game_tells_where_it_is_and_what_happened_and_why():
    typist = Typist("meg", "tough", "", "quit")
    game = seated("mall_of_horror_v0", mall_at_destinations(), typist, 4)
    record = game.play()
    text = typist.output.getvalue()
    destination, move, cards, camera = typist.screens

    assert phase(destination).startswith("Round 1, d) Choose destinations")
    assert "  3  Megatoys  [4/4, 0 zombies]" in destination  # a location by its number
    assert "you: Megatoys" in text  # typed by name
    assert "you chose 3 Megatoys as destination" in move
    assert phase(move).startswith("Round 1, e) Move characters - ")
    assert "heads for 3 Megatoys" in move
    assert "a  Pin-Up  at 6 Supermarket" in move and "b  Tough Guy  at 1 Restroom" in move
    assert "your Tough Guy went to the Parking Lot: Megatoys was full" in cards
    assert phase(cards).startswith(
        "Round 1, f) Zombie attack - zombie attack at 4 Parking Lot: 1 zombie, each eats"
    )
    assert "Enter: pass (your only choice)" in cards  # a hand-made single option is asked

    # the victim was the only one there: the engine took that public choice, unasked
    assert len(typist.screens) == 4
    assert not any("picks the victim" in shown for shown in typist.screens)
    assert "your Tough Guy was eaten at 4 Parking Lot: no other colour there" in camera
    assert game.seated.engine.loc[TOUGH] == EATEN
    assert phase(camera).startswith("Round 2, c) Arrival of the zombies")
    assert "Nobody is at 5 Security HQ: no election, yellow stays Chief" in camera
    assert record["finished"] is False


def test_the_chief_elected_last_round_is_not_called_elected_this_round():
    g = mall_at_destinations()
    g.chief_elected = 1
    board = narrator_of(g).board(g, 0)
    assert "yellow (elected this round)" in board
    g.tasks.append(("elect_chief",))  # b) is still ahead: the election was last round's
    assert "yellow (elected last round)" in narrator_of(g).board(g, 0)


def wad_discard_turn():
    """We Are Dead, seat 0's turn at the hotdog cart with a single card in hand and
    nothing to flip nearby: after moving, its discard step has one choice (pass),
    which every seat can tell from its hand size."""
    far = wad.node(1, 1)  # a shopper token in the upper Shoe Store, out of reach
    g = wad.position(2, hands={0: [2], 1: [1, 1, 1, 1, 1, 1]}, tokens={far: 3}, deck=[3] * 12)
    g = WeAreDead.from_dict(g.to_dict())
    g.tasks = [("next_turn",), ("draw_step",), ("discard_step",), ("attack_step",)]
    g.push(("movement",))
    g.decision = None
    g._run()
    return g


def test_a_forced_choice_every_seat_can_tell_is_taken_and_logged():
    typist = Typist("r13c10", "quit")
    game = seated("we_are_dead_v0", wad_discard_turn(), typist, 2)
    game.play()
    text = typist.output.getvalue()
    move, later = typist.screens
    assert phase(move).startswith("Turn 1, your turn - 1. Movement - 3 moves left")
    assert "r13c10  Lower corridor  1 move" in move
    assert (
        "you: Lower corridor" in text
        and game.seated.engine.pos[0] != game.seated.engine.board.start
    )
    assert "you: pass (your only choice)" in text
    assert not any("Your decision: discards" in shown for shown in typist.screens)
    assert "you moved from Hotdog cart to Lower r13c10" in later
    assert "you drew 5 cards: Attack 3, Attack 3, Attack 3, Attack 3, Attack 3" in later
    assert game.seated.actions[1] == wad.A_PASS


def test_a_hand_made_single_choice_is_asked():
    """A seat with nothing to discard but two cards of one kind is asked: its
    hand is its own secret, so taking the choice at once would tell on it."""
    g = wad_discard_turn()
    g.apply(g.legal[0])  # stay put: the discard step comes next
    g.hands[0] = [0, 0, 2] + [0] * (len(g.hands[0]) - 3)
    g.chef = 1  # a hand limit of 4 is no reason to discard 2 cards: pass is legal too
    assert not narrator_of(g).public_forced(g)
    g.hands[0] = [0, 0, 1] + [0] * (len(g.hands[0]) - 3)
    assert g.decision == "discard" and narrator_of(g).public_forced(g)


# ----- typing -----------------------------------------------------------------------

CHOICES = [
    Choice(0, "3", "Megatoys", ("location 3 Megatoys",), "[4/4, 0 zombies]"),
    Choice(1, "4", "Parking Lot", ("location 4 Parking Lot",), "[0/inf, 1 zombie]"),
    Choice(2, "a", "vote for red", ("vote for red (player_1)",)),
    Choice(3, "b", "vote for green (you)", ("vote for green (player_3)",)),
    Choice(4, "c", "pass"),
    Choice(5, "d", "passage"),
    Choice(6, "r12c3", "Shoe Store 2", ("square Shoe Store 2",)),
]


@pytest.mark.parametrize(
    "typed, action",
    [
        ("3", 0),
        ("meg", 0),
        ("location 4", 1),
        ("  PARKING   lot ", 1),
        ("a", 2),
        ("red", 2),
        ("vote g", 3),
        ("player_3", 3),
        ("pass", 4),  # a whole name wins over a longer one it starts
        ("passa", 5),
        ("R12C3", 6),
        ("shoe 2", 6),
    ],
)
def test_typing_a_key_or_the_games_own_names(typed, action):
    assert pick(typed, CHOICES).action == action


@pytest.mark.parametrize(
    "typed, message",
    [
        ("", "type the key or the name of a choice"),
        ("1", "no choice is called '1': type a key (3, 4, a, b, c, d, r12c3) or a name"),
        ("vote", "'vote' fits 2 choices (a vote for red, b vote for green (you)): type more"),
        ("zzz", "no choice is called 'zzz'"),
    ],
)
def test_typing_what_fits_no_choice_or_several_says_so(typed, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        pick(typed, CHOICES)


COMPASS = [
    Choice(0, "a", "move north", ("north", "n")),
    Choice(1, "b", "move northeast", ("northeast", "ne")),
    Choice(2, "c", "move northwest", ("northwest", "nw")),
    Choice(3, "d", "shoot north", ("shoot n",)),
    Choice(4, "r1c2", "Food Court", ("square r1c2",)),
    Choice(5, "r1c20", "Fountain", ("square r1c20",)),
    Choice(6, "tile-2,0", "tile at the left", ("tile-2,0 left",)),
    Choice(7, "e", "end the turn", ("end", "done")),
    Choice(8, "f", "end the game", ("end",)),
]


@pytest.mark.parametrize(
    "typed, action",
    [
        ("north", 0),  # though it starts northeast, northwest and shoot north's words
        ("n", 0),
        ("  NORTH ", 0),
        ("ne", 1),
        ("northe", 1),  # the start of one name only
        ("nw", 2),
        ("shoot n", 3),
        ("r1c2", 4),  # a key, though it starts r1c20
        ("R1C20", 5),
        ("square r1c2", 4),
        ("tile-2,0", 6),  # a key with marks in it is itself
        ("done", 7),
    ],
)
def test_a_whole_key_or_name_picks_its_choice_though_it_starts_others(typed, action):
    assert pick(typed, COMPASS).action == action


@pytest.mark.parametrize(
    "typed, message",
    [
        ("nort", "'nort' fits 4 choices (a move north, b move northeast, c move northwest, ...)"),
        ("end", "'end' fits 2 choices (e end the turn, f end the game)"),  # a name of both
        ("west", "no choice is called 'west'"),
    ],
)
def test_a_name_of_several_choices_or_of_none_is_refused(typed, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        pick(typed, COMPASS)


def test_list_keys_never_look_like_location_numbers_and_keep_their_order():
    """Mall of Horror: locations keyed by their own number, the rest by letters;
    a colour keeps its place in every vote, whoever is chief."""
    g = engine_class("mall_of_horror_v0")(5, seed=3)
    rng = random.Random(3)
    orders = set()
    while not g.terminal:
        choices = narrator_of(g).choices(g)
        keys = [c.key for c in choices]
        assert len(set(keys)) == len(keys)
        for c in choices:
            block = g.action_layout.locate(c.action)[0].name
            assert c.key.isdigit() == (block in ("location", "sprint"))
        if g.decision == "ballot":
            named = [c.text.split()[2] for c in choices]
            orders.add(tuple(named))
            colours = zombie_envs.games.mall_of_horror.data.COLOURS
            assert named == sorted(named, key=colours.index)
        g.apply(rng.choice(g.legal))
    assert len(orders) > 1


def test_a_long_list_is_laid_out_in_columns():
    choices = [Choice(i, f"r{i}c{i}", f"square {i}") for i in range(40)]
    lines = layout(choices)
    assert len(lines) < 20 and max(map(len, lines)) <= 100
    assert sum(line.count("square") for line in lines) == 40


# ----- the same story everywhere ----------------------------------------------------


@pytest.mark.parametrize("env", ENV_NAMES)
def test_a_story_takes_the_steps_apply_takes(env, monkeypatch):
    """Each decision ``apply`` takes is a step of the story, as posed: the one chosen,
    then each the engine took without asking (its only option); the last step
    leaves the game where ``apply`` does."""
    cls = rigged(declared(env, monkeypatch).engine_cls)  # notes every decision asked
    g = cls(cls.min_players + 1, seed=4)
    rng = random.Random(4)
    unasked = 0
    for _ in range(400):
        if g.terminal:
            break
        action, asked = rng.choice(g.legal), len(g.asked)
        taken = [(g.current_player, g.decision, (action,))]
        told = list(steps(g, action))
        g.apply(action)
        # every decision asked meanwhile but the one now pending was taken unasked
        alone = g.asked[asked:] if g.terminal else g.asked[asked:-1]
        assert [
            (b.current_player, b.decision, (cause[1],))
            for b, _, cause in told
            if cause[0].startswith(HANDLER)
        ] == taken + alone
        assert told[-1][1].to_dict() == g.to_dict()
        unasked += len(alone)
    assert unasked, "no decision was taken without asking: the test proves little"


def live_story(env: str, seat: int, seed: int, moves: int = 120) -> tuple[list, dict]:
    """What a person at ``seat`` is told of each move in live play (random choices
    against random agents, forced moves taken for them), and the game's record."""
    game = SeatedGame.new(env, seat=seat, opponents=["random"], seed=seed)
    told, play = [], game.play

    def telling(action: int) -> None:
        start = len(game.log)
        play(action)
        told.append(game.log[start:])

    game.play = telling
    rng = random.Random(seed)
    game.advance()
    while not game.finished and len(game.actions) < moves:
        game.decide(rng.choice(game.engine.legal))
        game.advance()
    return told, game.record()


def replayed_story(record: dict, seat: int) -> list[list[str]]:
    """What ``zombie-envs replay --seat`` tells of each move: the lines between a
    move's heading and the board after it."""
    game = replay_record(record, upto=0)
    narrator = narrator_of(game)
    told = []
    frames = list(replay_frames(record, seat))[1:-1]  # the heading and the outcome left out
    for frame, action in zip(frames, record["actions"], strict=True):
        game.apply(action)
        after = "\n".join(["", narrator.board(game, seat), narrator.phase(game, seat)])
        assert frame.endswith(after)
        _heading, *lines = frame[: -len(after)].split("\n")
        told.append([line.removeprefix("  ") for line in lines])
    return told


@pytest.mark.parametrize("env", ENV_NAMES)
def test_live_play_and_its_replay_tell_each_seat_the_same_story(env, monkeypatch):
    """Every move, chosen or taken without asking, is told from each seat's view in
    the same words live and when the record is replayed, move by move."""
    for seat in range(declared(env, monkeypatch).default_players):
        live, record = live_story(env, seat, seed=seat)
        assert any(live) and replayed_story(record, seat) == live


def test_a_game_that_declares_no_narrator_is_told_by_the_generic_one():
    from tests.core.toy_game import ToyVote

    g = ToyVote(3, seed=0)
    mover, action = g.current_player, g.legal[0]
    other = (mover + 1) % 3
    assert story(g, action, mover) == [f"Player {mover} (you): {g.action_name(action)}"]
    assert story(g, action, other) == [f"Player {mover} votes (secret choice)"]
    shown = screen(g, mover, ["something happened"])
    assert f"Toy vote: Player {mover} votes\nYour decision: votes\n  a  " in shown
    assert "Since your last decision:\n  something happened\n" in shown
