"""Play a game of the suite in the terminal: one person at a seat, agents at the others.

The person sees only what their seat may see, as the game's narrator tells it
(``core.narration``): the board, a log of what happened since their last
decision (another seat's secret choice shows only that it was made), where
the game is, and the legal actions keyed by location number, square or
letter.  The board is shown once per decision that follows another seat's
move: between two decisions of the person in a row the log says what their
own move changed (``show`` prints the board on demand).  The game itself is
a ``seat.SeatedGame``; this module only prints its text and reads the
answers.  A finished game is saved as a record and rated on the shared
OpenSkill table, so people and bots are ranked together.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from ..core.narration import Choice, narrator_of, number, pick, screen, told_lines
from ..helpers.arguments import add_option_argument, add_ratings_arguments
from ..records import write_records
from ..registry import ENVS, env_argument
from .seat import SeatedGame, SetupError, check_ratings

DEFAULT_RECORD = "out/games/human.jsonl"

COMMANDS = """\
Commands:
  KEY      choose the action with that key: a location's number, a square's
           coordinates (r12c3) or a letter
  NAME     choose by name: case does not matter; a whole name picks its choice
           even when it starts other names too ("north", "n"), and the starts
           of its words are enough when they fit one choice only ("meg",
           "vote red", "shoe 2")
  Enter    take the only choice, when there is one
  show     show the board and the choices again (a decision that follows your
           own last one, with no other seat's move between, shows no board)
  help     this text, the legend of the board and what each card does
  help CARD  what one card does: its name, or a part of it ("help sprint")
  quit     stop here; the game so far is saved as an unfinished record (not rated)"""


def legend_text(engine) -> str:
    """What the marks of the board mean, and what each of the game's cards does."""
    lines = ["Legend of the board:"] + [f"  {line}" for line in narrator_of(engine).legend(engine)]
    cards = engine.game_type.card_texts
    if cards:
        lines += ["Cards (help CARD: one of them):"]
        lines += [f"  {name}: {text}" for name, text in cards.items()]
    return "\n".join(lines)


def card_text(engine, typed: str) -> str:
    """What the card ``typed`` names does: the card of that whole name, else the
    one card whose name holds it (case does not matter); else which cards there are."""
    cards = engine.game_type.card_texts
    if not cards:
        return f"{engine.game_type.title} has no cards"
    want = typed.strip().lower()
    hits = [n for n in cards if n.lower() == want] or [n for n in cards if want in n.lower()]
    if len(hits) == 1:
        return f"{hits[0]}: {cards[hits[0]]}"
    if hits:
        return f"{typed.strip()!r} fits several cards: {', '.join(hits)}"
    return f"no card is called {typed.strip()!r}; the cards: {', '.join(cards)}"


def help_text(engine) -> str:
    """The commands, the legend, then what the pending decision is about: the
    meaning of each action block its choices come from, named in words."""
    blocks = []
    for a in engine.legal:
        block, _ = engine.action_layout.locate(a)
        if block not in blocks:
            blocks.append(block)
    lines = [
        COMMANDS,
        "",
        legend_text(engine),
        "",
        f"Pending decision: {engine.game_type.by_kind[engine.decision].doing}. Its choices:",
    ]
    lines += [f"  {block.name.replace('_', ' ')}: {block.doc}" for block in blocks]
    return "\n".join(lines)


class TerminalGame:
    """A ``SeatedGame`` played in the terminal: the person's choices read from
    ``input_fn``, everything they are told written to ``output``.  A setting
    that cannot make a game raises ``ValueError`` (``seat.SetupError`` for the
    seat and the name) saying which."""

    def __init__(
        self,
        env_name: str,
        seat: int = 0,
        opponents: Sequence[str] | None = None,
        num_players: int | None = None,
        seed: int | None = None,
        name: str = "human",
        options: dict | None = None,
        input_fn: Callable[[str], str] = input,
        output: TextIO | None = None,
    ):
        self.seated = SeatedGame.new(env_name, seat, opponents, num_players, name, options, seed)
        self.input_fn = input_fn
        self.output = output if output is not None else sys.stdout
        #: the person's forced moves in the last ``advance``
        self.forced_moves = 0

    def write(self, text: str) -> None:
        self.output.write(text + "\n")
        self.output.flush()

    def play(self) -> dict:
        """Play until the game ends or the person quits; return the game record
        (``finished`` tells which)."""
        game = self.seated
        g = game.engine
        name = narrator_of(g).name
        others = ", ".join(f"{name(g, s)} {a}" for s, a in enumerate(game.names) if s != game.seat)
        # the seed fixes every hidden card and die: shown only once the game is over
        title = g.game_type.title
        self.write(f"{title}: you are {name(g, game.seat)}; playing against {others}")
        self.write(legend_text(game.engine))
        self.advance()
        board = True  # the first decision shows the board, whoever moved before it
        while not game.finished:
            action = self.ask(board)
            if action is None:
                self.write(
                    f"stopped: the game so far is kept as an unfinished record (seed {game.seed})"
                )
                return game.record()
            game.decide(action)
            board = self.advance()
        self.write(self.result())
        return game.record()

    def advance(self) -> bool:
        """Play up to the person's next decision or the end; whether another seat
        moved meanwhile, which is when the board is shown again."""
        game = self.seated
        start, self.forced_moves = len(game.actions), 0
        game.advance(self.forced)
        return len(game.actions) - start > self.forced_moves

    def forced(self, choice: Choice) -> None:
        self.forced_moves += 1
        self.write(f"you: {choice.text} (your only choice)")

    def ask(self, board: bool = True) -> int | None:
        """The person's action, or None when they quit (``quit``, end of input,
        Ctrl-C); the screen shows the board when ``board``."""
        game = self.seated
        g = game.engine
        choices = game.choices()
        self.write("\n" + screen(g, game.seat, game.log, board, choices))
        while True:
            try:
                text = self.input_fn("> ")
            except (EOFError, KeyboardInterrupt):
                self.write("")
                return None
            command = text.strip().lower()
            if command == "quit":
                return None
            if command == "help":
                self.write(help_text(g))
            elif command.startswith("help "):
                self.write(card_text(g, command[len("help ") :]))
            elif command == "show":
                self.write(screen(g, game.seat, game.log, choices=choices))
            elif not command and len(choices) == 1:
                self.write(f"you: {choices[0].text}")
                return choices[0].action
            else:
                try:
                    choice = pick(text, choices)
                except ValueError as e:
                    self.write(str(e))
                    continue
                self.write(f"you: {choice.text}")
                return choice.action

    def result(self) -> str:
        """The end of the game: what happened last, the final board, the scores
        and whether the person won."""
        game = self.seated
        result = game.result()
        lines = ["", "GAME OVER"]
        if game.log:
            lines += ["Since your last decision:", *told_lines(game.log)]
        lines += [narrator_of(game.engine).board(game.engine, game.seat), ""]
        g = game.engine
        named = narrator_of(g).named
        lines.append(
            "scores: "
            + ", ".join(
                f"{named(g, s, game.seat)} {number(v)}" for s, v in enumerate(result.scores)
            )
        )
        who = ", ".join(narrator_of(g).name(g, s) for s in result.winners) or result.nobody
        lines.append(f"winner(s): {who} - {result.verdict}")
        lines.append(f"seed {game.seed}: --seed {game.seed} deals this game again")
        return "\n".join(lines)


def main(args, input_fn: Callable[[str], str] = input, output: TextIO | None = None) -> int:
    """The ``play`` command: play, save the record, rate a finished game."""
    out = output if output is not None else sys.stdout
    try:
        game = TerminalGame(
            args.env,
            args.seat,
            args.opponents,
            args.players,
            args.seed,
            args.name,
            dict(args.option),
            input_fn,
            out,
        )
    except SetupError as e:
        raise SystemExit(f"--{e}") from None
    except ValueError as e:
        raise SystemExit(str(e)) from None
    if not args.no_ratings:
        try:  # a bad ratings file stops us before the game, not after
            check_ratings(args.ratings)
        except ValueError as e:
            raise SystemExit(f"{e} (or play with --no-ratings)") from None
    record = game.play()
    path = write_records(args.record, [record])
    game.write(f"game record saved to {path}")
    if game.seated.finished and not args.no_ratings:
        try:
            rating = game.seated.rate(args.ratings)
        except ValueError as e:
            raise SystemExit(f"{e}; the game record is saved but not rated") from None
        game.write(f"{rating.line()} in {rating.path}")
    return 0


def add_commands(subparsers) -> None:
    """Register ``play`` on the ``zombie-envs`` command line."""
    p = subparsers.add_parser(
        "play", help="play a game in the terminal against bots or trained checkpoints"
    )
    p.add_argument("env", type=env_argument, help=f"the env to play: {', '.join(sorted(ENVS))}")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument(
        "--opponents",
        nargs="+",
        metavar="SPEC",
        help="random, heuristic, pretrained (the shipped policy), ckpt:PATH or ismcts:SIMS: "
        "one per other seat, or one for all (default: heuristic at every other seat)",
    )
    p.add_argument(
        "--players",
        type=int,
        help="number of seats (default: one more than the specs given when several, "
        "else the game's default)",
    )
    p.add_argument(
        "--seed", type=int, help="game seed (default: drawn at random, shown when the game ends)"
    )
    p.add_argument("--name", default="human", help="your name in records and ratings")
    add_option_argument(p)
    p.add_argument(
        "--record",
        default=DEFAULT_RECORD,
        help=f"JSON-lines file the game is added to (default {DEFAULT_RECORD})",
    )
    add_ratings_arguments(p, "do not rate this game")
    p.set_defaults(func=main)
