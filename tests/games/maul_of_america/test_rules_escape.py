"""Maul of America rules: the object, escaping by the designated exit, and the time limit."""

from __future__ import annotations

from tests.games.maul_of_america.positions import (
    MAUL,
    Dice,
    act,
    acts,
    asked,
    kind,
    position,
    shopper_turn,
    sq,
    squares,
    start,
    step,
    trade_with,
    zombie_turn,
)
from zombie_envs.games.maul_of_america.actions import (
    A_ACT,
    A_ACTIVATE,
    A_BITE,
    A_GIVE,
    A_PROPOSE,
    A_SQUARE,
    A_TAKE,
    A_YES,
    END_TURN,
    ESCAPE,
    SEARCH,
    USE_MEDKIT,
)
from zombie_envs.games.maul_of_america.cards import EQUIPMENT, ESCAPE_PIECES, ZOMBIE_HIT
from zombie_envs.games.maul_of_america.observe import OBS
from zombie_envs.games.maul_of_america.seats import ZC
from zombie_envs.games.maul_of_america.text import ansi

ONE_OF_EACH = ["Pistol", "Ammo", "Food", "Medkit"]
WEST = (3, 0)  # an arrow off the Maul's west edge, in the Food Court hall


def test_moa_014_015_016_one_of_each_type_or_seven_pieces_escapes():
    """MOA-014 "The object of the game is to be the first Shopper to accumulate 4 different
    types of equipment and escape from the Maul within a two hour time limit.", MOA-015 "The
    equipment necessary is: a weapon, ammunition (hereafter referred to as ammo, food, and a
    Medkit." and MOA-016 "Barring this, a player may also win by accumulating any 7 pieces of
    equipment and escaping within the time limit.": on the exit, escaping is offered with a
    weapon, ammo, food and a Medkit, or with seven Foods; not with six pieces lacking a
    Medkit; the one who escapes wins alone and the game ends."""
    for items, escapes in (
        (ONE_OF_EACH, True),
        (["Food"] * ESCAPE_PIECES, True),
        (["Golf Club", "Pistol", "Ammo", "Ammo", "Food", "Food"], False),
        (["Food"] * (ESCAPE_PIECES - 1), False),
    ):
        g = position(at={1: WEST}, items={1: items}, exit=WEST)
        shopper_turn(g, 1, 5)
        assert (ESCAPE in acts(g)) == escapes, items
    g = position(at={1: WEST}, items={1: ONE_OF_EACH}, exit=WEST)
    shopper_turn(g, 1, 5)
    act(g, 1, A_ACT + ESCAPE)
    assert g.terminal and g.scores() == [0, 1, 0] and g.winner == 1
    assert ESCAPE_PIECES == 7


def test_moa_017_every_shopper_dead_the_zc_wins():
    """MOA-017 "If no Shopper meets these conditions or if all Shoppers have been killed,
    then the Zombie Controller wins the game.": the last Shopper bitten to death ends the
    game at once, won by the ZC."""
    g = position(at={1: (3, 4)}, dead=(2,), zombies=[(3, 5), (8, 8)], wounds={1: 3})
    zombie_turn(g, ZOMBIE_HIT - 1)
    act(g, ZC, A_ACTIVATE + sq(3, 5))
    act(g, ZC, A_SQUARE + sq(3, 5))
    act(g, ZC, A_BITE)
    assert g.terminal and g.scores() == [1, 0, 0]


def _round(g, seat: int) -> None:
    """End ``seat``'s turn, the next Shopper rolling 2."""
    g.rng.values += [0, 0]
    act(g, seat, A_ACT + END_TURN)


def test_moa_017_039_171_172_173_time_runs_out_after_the_last_shoppers_turn():
    """MOA-017 "If no Shopper meets these conditions or if all Shoppers have been killed,
    then the Zombie Controller wins the game.", MOA-039 "Once the first player has rolled
    the dice, the two hour countdown begins.", MOA-171 "The two-hour time limit begins when
    the first Shopper begins his first turn and ends when the last Shopper takes his turn
    after the two hours have expired.", MOA-172 "In a five player game (4 Shoppers, 1 Zombie
    Controller) time expires after Shopper 1 finishes his turn." and MOA-173 "The game won’t
    end until Shoppers 2, 3 and 4 finish their turns.": the rounds count from the first
    Shopper's first turn; in the last round every Shopper still plays, then the game ends
    before the ZC's turn, won by the ZC."""
    g = position(n=5, max_rounds=2)
    g.round = 0  # as set-up leaves it
    g.rng = Dice(0, 0)
    start(g, ("next_turn", ZC))
    assert g.round == 1 and g.active == 1
    for seat in (1, 2, 3, 4):
        _round(g, seat)
    assert g.decision == "command" and not g.terminal
    act(g, ZC, A_ACT + END_TURN)  # Shopper 1 rolls the 2 scripted above
    assert g.round == 2
    for seat in (1, 2, 3):
        _round(g, seat)
        assert not g.terminal and g.active == seat + 1
    act(g, 4, A_ACT + END_TURN)
    assert g.terminal and g.scores() == [1, 0, 0, 0, 0]


def test_moa_163_164_165_qualifying_makes_the_zc_designate_an_exit_at_once():
    """MOA-163 "At any time a Shopper has enough equipment to escape (7 cards or one of each
    type of card) he is immediately eligible to escape from the Maul and must announce this
    to all other players.", MOA-164 "The Zombie Controller now designates the specific Maul
    exit the Shopper must exit from in order to win the game." and MOA-165 "The Zombie
    Controller may choose any entrance he desires, usually the entrance that would be the
    hardest for the Shopper to exit from.": the search that completes the set has the ZC
    choose among every exit (each named by its first square) before the Shopper acts
    again."""
    g = position(at={1: (2, 6)}, items={1: ["Pistol", "Ammo", "Food"]}, search=["Medkit"])
    shopper_turn(g, 1, 5)
    act(g, 1, A_ACT + SEARCH)
    assert g.decision == "designate" and g.current_player == ZC
    assert squares(g) == {way[0] for way in MAUL.ways_out}
    act(g, ZC, A_SQUARE + sq(15, 11))
    assert g.exit == sq(15, 11) and g.decision == "act" and g.current_player == 1


def _offer(g, seat: int, give: str, take: str) -> None:
    act(g, g.active, trade_with(g, seat))
    act(g, g.active, A_GIVE + EQUIPMENT.index(kind(give)))
    act(g, g.active, A_TAKE + EQUIPMENT.index(kind(take)))
    act(g, g.active, A_PROPOSE)
    act(g, seat, A_YES)


def test_moa_166_167_168_one_exit_for_every_shopper():
    """MOA-166 "Here’s the catch:", MOA-167 "Once the Zombie Controller has made her choice,
    that is the exit all Shoppers must escape from." and MOA-168 "Thereafter whenever a
    Shopper meets the criteria for escape he too will try to escape from the entrance
    already selected by the Zombie Controller.": an exchange that makes both Shoppers
    eligible has the ZC designate once; a Shopper qualifying later is not asked again, and
    may escape at that exit only."""
    g = position(
        at={1: (3, 4), 2: (3, 5)},
        items={1: ["Pistol", "Ammo", "Food", "Food"], 2: ["Golf Club", "Ammo", "Medkit", "Medkit"]},
    )
    shopper_turn(g, 1, 5)
    _offer(g, 2, "Food", "Medkit")
    assert asked(g, "designate") == [ZC]
    act(g, ZC, A_SQUARE + sq(*WEST))
    assert g.exit == sq(*WEST) and g.decision == "act" and g.current_player == 1
    g = position(at={1: WEST}, items={1: ONE_OF_EACH}, exit=(0, 15))
    shopper_turn(g, 1, 5)
    assert ESCAPE not in acts(g)  # an exit, not the designated one
    g = position(at={2: (2, 6)}, items={2: ["Food", "Ammo", "Golf Club"]}, search=["Medkit"])
    g.exit = sq(*WEST)
    shopper_turn(g, 2, 5)
    act(g, 2, A_ACT + SEARCH)
    assert asked(g, "designate") == [] and g.exit == sq(*WEST)


def test_moa_169_an_arrow_off_the_board_is_an_exit():
    """MOA-169 "Remember, any arrow leading off the board counts as an exit for shoppers
    trying to escape from the mall.": designated, the arrow square off the west edge is
    where the Shopper escapes, after walking onto it."""
    g = position(at={1: (3, 1)}, items={1: ONE_OF_EACH}, exit=WEST)
    shopper_turn(g, 1, 5)
    assert ESCAPE not in acts(g)
    act(g, 1, step("west"))
    act(g, 1, A_ACT + ESCAPE)
    assert g.terminal and g.winner == 1


def test_moa_170_a_medkit_used_loses_the_right_to_escape_until_regained():
    """MOA-170 "If for any reason a Shopper who was previously eligible to escape finds
    himself not meeting the criteria for escape (such as using a Medkit to heal wounds), he
    is not allowed to escape until he once again meets the criteria for escape.": after the
    Medkit, no escape at the exit; with a Medkit from a neighbour it is offered again, at
    the same exit."""
    g = position(
        at={1: WEST, 2: (4, 0)},
        wounds={1: 1},
        items={1: ONE_OF_EACH, 2: ["Medkit"]},
        exit=WEST,
    )
    shopper_turn(g, 1, 6)
    assert ESCAPE in acts(g)
    act(g, 1, A_ACT + USE_MEDKIT)
    assert ESCAPE not in acts(g)
    act(g, 1, trade_with(g, 2))
    act(g, 1, A_TAKE + EQUIPMENT.index(kind("Medkit")))
    act(g, 1, A_PROPOSE)
    act(g, 2, A_YES)
    assert ESCAPE in acts(g) and asked(g, "designate") == [] and g.exit == sq(*WEST)


def test_moa_062_123_164_a_zombie_on_the_exit_does_not_shut_it():
    """MOA-062 "The only action a Shopper may make while in a square containing someone
    else is a move action.", MOA-123 "These reinforcements must enter the board from any
    Maul exit, thus their first action must be used to move into the Maul." and MOA-164
    "The Zombie Controller now designates the specific Maul exit the Shopper must exit from
    in order to win the game.": leaving by the exit is a move off the board, the mirror of
    a reinforcement's move in, so a Shopper who may escape steps onto the exit a zombie
    holds (the ZC's free attack misses) and leaves with his next move; no other action is
    offered there."""
    g = position(
        at={1: (3, 1)},
        zombies=[WEST],
        items={1: ["Baseball Bat", "Ammo", "Food", "Medkit"]},
        exit=WEST,
    )
    shopper_turn(g, 1, 6, 0)  # the free attack's die shows 1: a miss
    act(g, 1, step("west"))
    assert g.pos[1] == sq(*WEST) and g.wounds[1] == 0
    assert acts(g) == {ESCAPE}
    act(g, 1, A_ACT + ESCAPE)
    assert g.terminal and g.winner == 1 and g.scores() == [0, 1, 0]


def test_moa_169_164_an_arrow_is_one_exit_of_two_squares():
    """MOA-169 "Remember, any arrow leading off the board counts as an exit for shoppers
    trying to escape from the mall." and MOA-164: the ZC designates an arrow, not a square
    of it (one choice an arrow, one a Maul exit), and a Shopper on either square of the
    designated arrow may leave."""
    g = position(at={1: (2, 6)}, items={1: ["Pistol", "Ammo", "Food"]}, search=["Medkit"])
    shopper_turn(g, 1, 5)
    act(g, 1, A_ACT + SEARCH)
    west = {sq(3, 0), sq(4, 0)}
    offered = squares(g)
    assert len(offered & west) == 1
    assert len(offered) == len(MAUL.ways_out) < len(MAUL.exits)
    act(g, ZC, A_SQUARE + min(offered & west))
    the_exit = OBS.views(g.observation(1))["the_exit"]
    assert set(the_exit.nonzero()[0]) == west  # the seats see the whole arrow designated
    assert "the exit to escape by: the arrow on r3c0 and r4c0" in ansi(g)
    for square in west:
        g = position(at={1: MAUL.rc[square]}, items={1: ONE_OF_EACH}, exit=WEST)
        shopper_turn(g, 1, 5)
        assert ESCAPE in acts(g), MAUL.label(square)
