"""Mall Walkers rules: the base game's turn (fight on your square, draw, move, move the
zombies, discard), the mall's squares and the end of the game."""

from __future__ import annotations

import random

from tests.games.zombies_mall_walkers.positions import (
    MALL,
    act,
    discard,
    position,
    sq,
    step,
    turn,
    zombie_move,
)
from zombie_envs.games.zombies_mall_walkers import MallWalkers
from zombie_envs.games.zombies_mall_walkers.actions import A_KEEP, A_PASS, A_STEP, A_ZOMBIE, ACTIONS
from zombie_envs.games.zombies_mall_walkers.cards import NAMES
from zombie_envs.games.zombies_mall_walkers.declaration import KIND

START = (1, 1)
CROSS = (-2, 1)  # the crossroads' middle square
PET_DUCT, BESIDE_PET_DUCT = (-3, -1), (-3, -2)  # a zombie on the duct moves only west


def steps(g) -> set[str]:
    names = ("north", "east", "south", "west", "stop")
    return {names[a - A_STEP] for a in g.legal if A_STEP <= a < A_STEP + 5}


def test_z3b_04_fight_the_zombie_on_your_own_square_first():
    """Z3B-04 "Second, fight a zombie on your own space.": a zombie moved onto the pawn's
    square is fought before the cards are drawn and the pawn moves."""
    g = position(zombies=[START], deck=["Crossbow", "Jammed", "Lucky Shot"])
    turn(g, 0, 3, 0)  # the fight's 4 kills; the move roll is 1
    assert g.trophies[0] == 1 and not g.zombies[sq(*START)]
    assert sum(g.hands[0]) == 3 and g.decision == KIND.play_card
    act(g, 0, A_PASS)
    assert g.decision == KIND.move


def test_z3b_05_draw_up_to_three_event_cards():
    """Z3B-05 "Third, draw up to 3 event cards.": a hand of one draws two; a hand of
    three or more draws none."""
    g = position(hands={0: ["Crossbow"]}, deck=["Jammed", "Lucky Shot", "Sprinkler System"])
    turn(g, 0, 0)
    assert sum(g.hands[0]) == 3 and [NAMES[k] for k in g.deck] == ["Jammed"]
    g = position(hands={0: ["Crossbow"] * 2 + ["Jammed"] * 2}, deck=["Lucky Shot"])
    turn(g, 0, 0)
    assert sum(g.hands[0]) == 4 and len(g.deck) == 1


def test_z3b_06_z3b_13_move_up_to_the_roll_orthogonally():
    """Z3B-06 "Fourth, roll a d6 and move up to that many spaces, fighting every zombie you
    enter and picking up life and bullet tokens." and Z3B-13 "Moves are orthogonal
    only.": a roll of 3 gives three steps, each north, east, south or west through an
    opening; the pawn fights the zombie it walks into and takes the tokens there; it
    may stop early."""
    g = position(at={0: CROSS}, zombies=[(-3, 1)], bullet_tokens={(-3, 1): 2})
    turn(g, 0, 2)  # 3 moves
    assert g.decision == KIND.move and steps(g) == {"north", "east", "south", "west", "stop"}
    g.rng.values = [4]  # the fight's 5
    act(g, 0, step("north"))
    assert g.pos[0] == sq(-3, 1) and g.trophies[0] == 1 and g.bullets[0] == 5
    assert steps(g) == {"north", "south", "stop"}  # walls east and west of the arm
    act(g, 0, step("north"))
    assert g.pos[0] == sq(-4, 1) and g.moves_left == 1
    g.rng.values = [0]  # the zombie roll after the move
    act(g, 0, step("stop"))
    assert g.pos[0] == sq(-4, 1) and g.decision != KIND.move
    at_start = position()
    turn(at_start, 0, 5)
    assert steps(at_start) == {"north", "east", "west", "stop"}  # the doors south are walls


def test_z3b_07_z3b_14_the_active_player_moves_that_many_zombies_one_square_each():
    """Z3B-07 "Fifth, roll a d6 and move that many zombies one space each; the active
    player chooses." and Z3B-14 "One zombie per space.": a roll of 2 moves two zombies
    (each once), one square, never onto another zombie."""
    zs = [(-3, 1), (-2, 1), (-2, 0)]
    g = position(zombies=zs)
    turn(g, 0, 0, 1)  # 1 move, then a zombie roll of 2
    act(g, 0, step("stop"))
    assert g.decision == KIND.move_zombies and g.current_player == 0
    moves = set(g.legal)
    assert zombie_move((-2, 1), "north") not in moves  # a zombie stands there
    assert zombie_move((-2, 1), "south") in moves and zombie_move((-2, 0), "west") in moves
    assert zombie_move((-2, 0), "north") not in moves  # the arm's wall
    act(g, 0, zombie_move((-2, 1), "south"))
    assert g.zombies[sq(-1, 1)] and not g.zombies[sq(-2, 1)]
    assert all((a - A_ZOMBIE) // 4 != sq(-1, 1) for a in g.legal)
    act(g, 0, zombie_move((-3, 1), "south"))  # into the square just left
    assert g.zombies[sq(-2, 1)] and not g.zombies[sq(-3, 1)]
    assert g.zombie_moves == 0 and g.decision != KIND.move_zombies


def test_z3b_07_each_zombie_move_is_offered_from_the_position_as_it_is():
    """Z3B-07 "Roll one die; move that many zombies one space each.": the moves
    offered after a zombie has moved are worked out from those before it (a few
    changes); they are every move of the position itself, in a copy of the game
    and in one saved and loaded between two moves too."""
    rng = random.Random(3)
    checked = copied = 0
    for seed in range(4):
        g = MallWalkers(4, seed=seed)
        while not g.terminal:
            if g.decision == KIND.move_zombies:
                assert g.legal == sorted(g.zombie_options())
                checked += 1
                if rng.random() < 0.3:
                    copied += 1
                    g = g.clone() if copied % 2 else MallWalkers.from_dict(g.to_dict())
            g.apply(rng.choice(g.legal))
    assert checked > 300 and copied > 50


def test_z3b_07_the_roll_says_how_many_zombies_move_fewer_only_when_none_can():
    """Z3B-07 "Fifth, roll a d6 and move that many zombies one space each; the active
    player chooses.": that many, not up to that many (as the move of step 4 is): no
    zombie decision offers to stop, so a zombie whose only move is onto the player's own
    square must make it; fewer move only when no zombie left can (a roll of 4 with two
    zombies on the mall moves the two)."""
    g = position(zombies=[(-3, 1), (-2, 1), (-2, 0)])
    turn(g, 0, 0, 1)  # 1 move, then a zombie roll of 2
    act(g, 0, step("stop"))
    for left in (2, 1):
        assert g.decision == KIND.move_zombies and g.zombie_moves == left
        assert {ACTIONS.locate(a)[0].name for a in g.legal} == {"zombie"}
        act(g, 0, g.legal[0])
    assert g.zombie_moves == 0 and g.decision != KIND.move_zombies
    g = position(at={0: BESIDE_PET_DUCT}, zombies=[PET_DUCT])
    turn(g, 0, 0, 0)  # 1 move, then a zombie roll of 1
    act(g, 0, step("stop"))
    assert g.zombies[sq(*BESIDE_PET_DUCT)] and not g.zombies[sq(*PET_DUCT)]
    g = position(zombies=[(-3, 1), (-2, 0)])
    turn(g, 0, 0, 3)  # a zombie roll of 4
    act(g, 0, step("stop"))
    act(g, 0, g.legal[0])
    act(g, 0, g.legal[0])
    assert [k for _, k, _ in g.asked].count(KIND.move_zombies) == 2 and g.decision == "halt"


def test_z3b_15_players_never_hurt_players():
    """Z3B-15 "Players cannot hurt players.": a pawn walks onto another's square with no
    fight and nothing lost; zombies may join a player's square, to be fought on that
    player's turn."""
    g = position(at={0: CROSS, 1: (-3, 1)}, zombies=[(-2, 0)])
    turn(g, 0, 0, 0)
    act(g, 0, step("north"))
    assert g.pos == [sq(-3, 1)] * 2 and g.life == [3, 3] and g.trophies == [0, 0]
    act(g, 0, zombie_move((-2, 0), "east"))
    assert g.zombies[sq(*CROSS)]
    g = position(at={1: CROSS}, zombies=[CROSS])
    turn(g, 1, 3, 0)
    assert g.trophies[1] == 1


def test_z3b_08_discard_one_card_or_keep_them():
    """Z3B-08 "Sixth, you may discard one card.": at the end of the turn the player
    discards one card of the hand or none."""
    g = position(hands={0: ["Crossbow", "Jammed"]}, deck=[])
    turn(g, 0, 0, 0)
    act(g, 0, A_PASS)
    act(g, 0, step("stop"))
    assert g.decision == KIND.discard
    assert set(g.legal) == {discard("Crossbow"), discard("Jammed"), A_KEEP}
    act(g, 0, discard("Jammed"))
    assert [NAMES[k] for k in g.discard] == ["Jammed"] and sum(g.hands[0]) == 1
    g = position(hands={0: ["Crossbow"]})
    turn(g, 0, 0, 0)
    act(g, 0, A_PASS)
    act(g, 0, step("stop"))
    act(g, 0, A_KEEP)
    assert sum(g.hands[0]) == 1 and g.discard == []


def test_z3b_02_life_tokens_cap_at_five():
    """Z3B-02 "Life tokens cap at 5.": a pawn with 4 life takes one of three life tokens;
    the other two stay on the square."""
    g = position(at={0: CROSS}, life={0: 4}, life_tokens={(-3, 1): 3})
    turn(g, 0, 0, 0)
    act(g, 0, step("north"))
    assert g.life[0] == 5 and g.life_tokens[sq(-3, 1)] == 2


def test_z3_049_play_goes_on_until_someone_wins():
    """Z3-049 "Play continues as usual until someone achieves one of the winning
    conditions.": turns follow in seat order, round after round, until a win ends the
    game at once."""
    g = position(n=3, at={0: (-10, 1)})
    g.one_turn = False
    turn(g, 1, 0)  # seat 1's move roll: 1
    g.rng.values = [0, 0]  # seat 1's zombie roll (no zombie to move), seat 2's move roll
    act(g, 1, step("stop"))
    assert g.active == 2 and g.decision == KIND.move and g.round == 1
    g.rng.values = [0, 0]  # seat 2's zombie roll, seat 0's move roll
    act(g, 2, step("stop"))
    assert g.active == 0 and g.round == 2 and g.decision == KIND.move
    act(g, 0, step("north"))  # onto the Helipad's centre, no zombie there
    assert g.terminal and not g.truncated and g.winner == 0 and g.winners() == [0]
    games = [MallWalkers(4, seed=s) for s in range(3)]
    for s, game in enumerate(games):
        rng = random.Random(s)
        while not game.terminal:
            game.apply(rng.choice(game.legal))
        assert (game.winner >= 0) != game.truncated


def test_z3_049_the_round_cap_truncates_a_game_no_one_has_won():
    """Z3-049 "Play continues as usual until someone achieves one of the winning
    conditions.": the rulebook sets no time limit, so ``max_rounds`` is a safety cap,
    not a rule: the game it stops is truncated and nobody wins, whoever has killed the
    most zombies."""
    g = position(trophies={0: 5}, max_rounds=1)
    g.one_turn = False
    turn(g, 1, 0, 0)  # the last turn of round 1: 1 move, then a zombie roll
    act(g, 1, step("stop"))
    assert g.terminal and g.truncated and g.winner == -1
    assert g.final_winners() == [] and g.returns() == [0.0, 0.0]


def test_squares_are_named_by_their_global_row_and_column():
    """Assumed: a square is named by its global (row, column), rows southward."""
    assert MALL.name(sq(-11, 1)) == "(-11,1)" and MALL.char[sq(-11, 1)] == "*"
    g = position(zombies=[(-2, 1)])
    g.active = 0
    g.zombie_moves = 1
    g.decision, g.current_player = KIND.move_zombies, 0
    assert g.action_name(zombie_move((-2, 1), "south")) == "zombie (-2,1) -> (-1,1)"
