"""Zombies!!! 3: Mall Walkers: a race to the Helipad in one of three scenarios, with
the Helipad shuffled in or at the bottom of the tile stack; no decision is secret."""

from __future__ import annotations

from ...core.game_type import Checklist, Decision, GameType, Option

GAME = GameType(
    package=__package__,
    title="Zombies!!! 3: Mall Walkers",
    version=2,
    players=(2, 4, 6),
    checklists=(
        Checklist("Z3", 67, shared="zombies_3_mall_walkers"),
        Checklist("Z3B", 33, base=True),
    ),
    seats="seat i is player i in turn order; everyone starts at the Front Door",
    options=(
        Option(
            "scenario",
            "standard",
            "`standard`: reach the Helipad's centre and kill its zombie, or hold 25 zombies; "
            "`search_and_rescue`: rescue the tokens in the three-space stores and reach the "
            "Helipad's centre with the most; `keys`: Kill the Guy With the Keys, reach the "
            "Helipad's centre holding the helicopter keys",
            ("standard", "search_and_rescue", "keys"),
        ),
        Option(
            "helipad",
            "shuffled",
            "`shuffled`: the Helipad is shuffled into the tile stack; `bottom`: it is the last "
            "tile of the stack (the rulebook's sure escape route)",
            ("shuffled", "bottom"),
        ),
        Option.round_cap(60, quick=6),
    ),
    # No kind is secret: tiles, moves, fights, played and discarded cards are all seen by
    # the table (a hand's content is private, and is never revealed by which options are
    # posed).
    decisions=(
        Decision("place_tile", ("place",), "places the tile drawn"),
        Decision("fight", ("fight", "use"), "fights a zombie"),
        Decision("play_card", ("card", "pass"), "may play an event card"),
        Decision("target", ("target",), "picks a player for the card"),
        Decision("pick", ("pick",), "takes a card from the discard pile"),
        Decision("start_move", ("roll", "duct"), "rolls to move or crawls through the duct"),
        Decision("move", ("step",), "moves"),
        Decision("move_zombies", ("zombie",), "moves the zombies"),
        Decision("discard", ("discard", "keep"), "may discard a card"),
        Decision("challenge", ("challenge",), "may try to take the keys"),
        Decision("duel", ("duel",), "duels for the keys"),
    ),
)
KIND = GAME.kinds
