"""Mall of Horror: three to six colours, one a seat; its secrets are the choices made
behind the screen (ballots, truck cards, destinations)."""

from __future__ import annotations

from ...core.game_type import Checklist, Decision, GameType, Option
from .data import COLOURS

GAME = GameType(
    package=__package__,
    title="Mall of Horror",
    # 2: cards before an attack's runoff, no destination when there is nowhere to go
    # 3: no pass-only card question of a hand empty for all to see
    version=3,
    players=(3, 4, len(COLOURS)),
    cards=f"{__package__}.data:CARD_TEXT",
    checklists=(Checklist("MOH", 156),),
    seats=f"seat *i* plays colour *i* of {', '.join(COLOURS)}",
    options=(
        Option(
            "zombie_return",
            "every",
            "how often an eliminated player places a zombie: every later round, once, or never",
            ("every", "once", "never"),
        ),
        Option.round_cap(60),
    ),
    # Secret: ballots until the reveal, destinations until the moves, truck cards kept and
    # given (the gift's card is seen by giver and receiver only).
    decisions=(
        Decision("place_location", ("location",), "chooses where to place a character"),
        Decision("place_character", ("character",), "chooses which character to place"),
        Decision("threat", ("play", "pass"), "may play a Threat"),
        Decision("ballot", ("vote",), "votes", secret=True),
        Decision("victim", ("character",), "gives up a character to the zombies"),
        Decision("keep", ("keep",), "chooses a truck card to keep", secret=True),
        Decision("give", ("give",), "chooses a truck card to give away", secret=True),
        Decision("give_to", ("give_to",), "chooses who gets the card"),
        Decision("camera", ("play", "pass"), "may use the Security Camera"),
        Decision("destination", ("location",), "chooses where to go", secret=True),
        Decision("zombie", ("location", "pass"), "may add a zombie"),
        Decision("move", ("character", "sprint"), "moves a character"),
        Decision("cards", ("play", "pass"), "may play cards"),
        Decision("hide", ("character",), "chooses the character that hides"),
    ),
)
KIND = GAME.kinds
