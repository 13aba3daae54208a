"""Maul of America: the Zombie Controller against up to four Shoppers, on a Maul whose
map sections are drafted at random or played; no decision is secret."""

from __future__ import annotations

from ...core.game_type import Checklist, Decision, GameType, Option

GAME = GameType(
    package=__package__,
    title="Maul of America",
    version=2,
    players=(2, 3, 5),
    checklists=(Checklist("MOA", 176),),
    seats="seat 0 is the Zombie Controller, seats 1.. are the Shoppers in turn order",
    roles=("zombie_controller", "shopper"),
    options=(
        Option(
            "map_draft",
            "random",
            "`random`: the four map sections are drafted with random choices from the seed; "
            "`play`: the Zombie Controller and the first Shopper draft them as decisions, "
            "in the rulebook's order (ZC, Shoppers, ZC, Shoppers)",
            ("random", "play"),
        ),
        Option.round_cap(
            14,
            "the two-hour time limit as Shopper rounds: the Zombie Controller wins after the "
            "last Shopper's turn of this round (**assumed**; see the measured default)",
            quick=6,
        ),
    ),
    # No kind is secret: equipment, moves, attacks, trades and played cards are all public
    # (a hand's content is private, and is never revealed by which options are posed).
    decisions=(
        Decision("face", ("face",), "picks a map section"),
        Decision("placement", ("placement",), "places the map section"),
        Decision("start", ("square",), "picks a Food Court square"),
        Decision("place_zombie", ("square",), "places a starting zombie"),
        Decision("act", ("step", "act", "attack_with", "card", "trade_with"), "takes an action"),
        Decision("target", ("square",), "aims an attack"),
        Decision("out_of_ammo", ("reload",), "is out of ammo"),
        Decision("trade", ("give", "take", "trade_end"), "offers a trade"),
        Decision("accept", ("answer",), "answers a trade offer"),
        Decision("dodge", ("answer",), "is hit and may dodge"),
        Decision("designate", ("square",), "designates the escape exit"),
        Decision("command", ("activate", "enter", "card", "act"), "picks a zombie to move"),
        Decision("destination", ("square",), "moves the zombie"),
        Decision("bite", ("bite", "pass"), "may attack a Shopper with the zombie"),
        Decision("spawn", ("square",), "places a searched zombie"),
    ),
)
KIND = GAME.kinds
