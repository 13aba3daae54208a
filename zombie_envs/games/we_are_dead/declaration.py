"""We Are Dead: the points to win set the player counts, the board has two sides, and
the horde can win against every seat; the hero that goes face down is a secret."""

from __future__ import annotations

from ...core.game_type import Checklist, Decision, GameType, Option
from .data import BOARDS, GOAL

GAME = GameType(
    package=__package__,
    title="We Are Dead",
    version=4,
    players=(min(GOAL), 3, max(GOAL)),
    cards=f"{__package__}.data:CARD_TEXT",
    checklists=(Checklist("WAD", 203),),
    outside_winner=True,  # the horde
    seats="the goal is " + ", ".join(f"{g} points for {n} players" for n, g in GOAL.items()),
    options=(
        Option(
            "board",
            "mall",
            "which side of the double-sided board (see [Boards](#boards))",
            BOARDS,
            board=True,
        ),
        Option(
            "shopper_placement",
            "random",
            "method 1 (all 66 tokens placed at random at once) or method 2 (the players place "
            "them one at a time, in turn)",
            ("random", "turns"),
        ),
        Option(
            "max_turns",
            400,
            "safety cap on the number of turns (**assumed**; the rulebook has none)",
            quick=24,
        ),
    ),
    # Secret: which hero goes face down (whether one was placed is public).
    decisions=(
        Decision("place_token", ("square",), "places a shopper token"),
        Decision("move", ("square", "card", "infection"), "moves"),
        Decision("attack", ("yes", "pass"), "may attack"),
        Decision("place_hero", ("card", "pass"), "may place a hero", secret=True),
        Decision("choose_hero", ("choose",), "picks a hero to fight"),
        Decision("reveal", ("yes", "pass"), "may reveal a hero"),
        Decision("skaters", ("card", "pass"), "may add Skaters"),
        Decision("panic", ("card", "pass"), "may panic the hero"),
        Decision("fight", ("card", "infection", "pass"), "fights"),
        Decision("slay", ("card", "infection", "pass"), "slays shoppers"),
        Decision("discard", ("card", "pass"), "discards"),
        Decision("revealer_draw", ("yes", "pass"), "may draw a card"),
        Decision("horde_target", ("square",), "aims the horde"),
        Decision("horde_pick", ("square",), "picks the horde that goes"),
        Decision("horde_hero", ("card", "pass"), "may stop the horde"),
    ),
)
KIND = GAME.kinds
