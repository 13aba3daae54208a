"""Play a game of the suite in the terminal: one person at a seat, agents at the others.

The person sees only what their seat may see, as the game's narrator tells it
(``core.narration``): the board, a log of what happened since their last
decision (another seat's secret choice shows only that it was made), where
the game is, and the legal actions keyed by location number, square or
letter.  This module only prints that text and reads the answers.  A
finished game is saved as a record and rated on the shared OpenSkill table,
so people and bots are ranked together.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from ..agents import check_kind, make_agent
from ..cliutil import add_option_argument, add_ratings_arguments
from ..core.agent import Agent
from ..core.narration import narrator_of, pick, screen, story, told_lines
from ..records import seat_record, write_records
from ..registry import ENVS, env_argument

DEFAULT_RECORD = "out/games/human.jsonl"

COMMANDS = """\
Commands:
  KEY      choose the action with that key: a location's number, a square's
           coordinates (r12c3) or a letter
  NAME     choose by name: case does not matter, and the starts of its words are
           enough when they fit one choice only ("meg", "vote red", "shoe 2")
  Enter    take the only choice, when there is one
  show     show the board and the choices again
  help     this text and the legend of the board
  quit     stop here; the game so far is saved as an unfinished record (not rated)"""


def legend_text(engine) -> str:
    """What the marks of the board mean."""
    return "\n".join(
        ["Legend of the board:"] + [f"  {line}" for line in narrator_of(engine).legend(engine)]
    )


def help_text(engine) -> str:
    """The commands, the legend, then what the pending decision is about: the
    meaning of each action block its choices come from."""
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
        f"Pending decision: {engine.decision}. Its choices are:",
    ]
    lines += [f"  {block.name}: {block.doc}" for block in blocks]
    return "\n".join(lines)


def seat_specs(env_name: str, opponents: Sequence[str] | None, players: int | None):
    """``(num_players, specs)``: one agent spec per seat other than the person's.
    One spec (or none: heuristic) stands for every other seat of the game's
    default number of seats; several give the number of seats.  An unknown
    kind is refused first, as the mistake to fix before any count."""
    cls = ENVS[env_name].raw_env.engine_cls
    specs = list(opponents) if opponents else ["heuristic"]
    for spec in specs:
        check_kind(spec)
    if players is None:
        players = len(specs) + 1 if len(specs) > 1 else cls.default_players
    if not cls.min_players <= players <= cls.max_players:
        raise ValueError(
            f"{env_name} takes {cls.min_players} to {cls.max_players} players, not {players}"
        )
    if len(specs) == 1:
        specs *= players - 1
    if len(specs) != players - 1:
        raise ValueError(
            f"{players} players need {players - 1} opponent specs (or one for all), "
            f"got {len(specs)}: {' '.join(specs)}"
        )
    return players, specs


class TerminalGame:
    """One game with a person at ``seat``, reading choices from ``input_fn``
    and writing to ``output``, and agents built from ``opponents`` elsewhere.
    A setting that cannot make a game (env, seats, names, options, an opponent
    that cannot be built) raises ``ValueError`` saying which."""

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
        if env_name not in ENVS:
            raise ValueError(f"unknown env {env_name!r}; available: {', '.join(sorted(ENVS))}")
        n, specs = seat_specs(env_name, opponents, num_players)
        if not 0 <= seat < n:
            raise ValueError(f"--seat must be from 0 to {n - 1} in a {n}-player game")
        if name in specs:
            raise ValueError(f"--name {name!r} is an opponent's name: pick another")
        self.env_name = env_name
        self.seat = seat
        self.seed = random.randrange(2**31) if seed is None else seed
        self.engine = ENVS[env_name].raw_env.engine_cls(n, seed=self.seed, **(options or {}))
        others = [s for s in range(n) if s != seat]
        self.names = [name] * n
        for s, spec in zip(others, specs, strict=True):
            self.names[s] = spec
        seeds = random.Random(self.seed)
        self.agents: dict[int, Agent] = {}
        for s in others:
            try:
                self.agents[s] = make_agent(
                    self.names[s], env_name, seeds.getrandbits(32), n, self.engine.options
                )
            except (ValueError, OSError) as e:
                raise ValueError(f"opponent {self.names[s]!r} at seat {s}: {e}") from None
        self.input_fn = input_fn
        self.output = output if output is not None else sys.stdout
        self.actions: list[int] = []
        #: what happened since the person's last decision, as they may know it
        self.log: list[str] = []
        self.finished = False

    def write(self, text: str) -> None:
        self.output.write(text + "\n")
        self.output.flush()

    def play(self) -> dict:
        """Play until the game ends or the person quits; return the game record
        (``finished`` tells which)."""
        g = self.engine
        others = ", ".join(f"player_{s} {a}" for s, a in enumerate(self.names) if s != self.seat)
        # the seed fixes every hidden card and die: shown only once the game is over
        self.write(f"{self.env_name}: you are player_{self.seat}; playing against {others}")
        self.write(legend_text(g))
        narrator = narrator_of(g)
        while not g.terminal:
            seat = g.current_player
            if seat == self.seat and narrator.public_forced(g):
                action = g.legal[0]
                self.write(f"you: {narrator.choices(g)[0].text} (your only choice)")
            elif seat == self.seat:
                action = self.ask()
                if action is None:
                    self.write(
                        "stopped: the game so far is kept as an unfinished record "
                        f"(seed {self.seed})"
                    )
                    return self.record()
                self.log = []
            else:
                action = self.agents[seat].act(g, seat)
            self.log += story(g, action, self.seat)
            g.apply(action)
            self.actions.append(action)
        self.finished = True
        self.write(self.result())
        return self.record()

    def ask(self) -> int | None:
        """The person's action, or None when they quit (``quit``, end of input, Ctrl-C)."""
        g = self.engine
        choices = narrator_of(g).choices(g)
        self.write("\n" + screen(g, self.seat, self.log))
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
            elif command == "show":
                self.write(screen(g, self.seat, self.log))
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
        g = self.engine
        lines = ["", "GAME OVER"]
        if self.log:
            lines += ["Since your last decision:", *told_lines(self.log)]
        lines += [narrator_of(g).board(g, self.seat), ""]
        scores = g.scores()
        lines.append(
            "scores: "
            + ", ".join(
                f"player_{s}{' (you)' if s == self.seat else ''} {_number(v)}"
                for s, v in enumerate(scores)
            )
        )
        won = g.final_winners()
        nobody = "no player (the game reached its safety cap)" if g.truncated else "no player"
        who = ", ".join(f"player_{s}" for s in won) if won else nobody
        if self.seat not in won:
            verdict = "you lost"
        elif len(won) == 1:
            verdict = "you won"
        else:
            verdict = "you share the win"
        lines.append(f"winner(s): {who} - {verdict}")
        lines.append(f"seed {self.seed}: --seed {self.seed} deals this game again")
        return "\n".join(lines)

    def record(self) -> dict:
        return seat_record(
            self.env_name, self.engine, self.seed, self.names, self.actions, self.seat,
            self.finished,
        )  # fmt: skip


def _number(v) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


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
        if not args.no_ratings:
            ratings_book(args.ratings)  # a bad ratings file stops us before the game, not after
    except ValueError as e:
        raise SystemExit(str(e)) from None
    record = game.play()
    path = write_records(args.record, [record])
    game.write(f"game record saved to {path}")
    if game.finished and not args.no_ratings:
        try:
            game.write(rate(game, args.ratings))
        except ValueError as e:
            raise SystemExit(str(e)) from None
    return 0


def ratings_book(path: str | None):
    """The shared ratings book at ``path``, checked to be readable and ratable
    (openskill installed); ``ValueError`` saying why not otherwise."""
    from ..ratings import RatingsBook, model

    try:
        model()
        return RatingsBook.load(path)
    except (ImportError, ValueError, OSError) as e:
        raise ValueError(f"ratings: {e} (or play with --no-ratings)") from None


def rate(game: TerminalGame, path: str | None) -> str:
    """Add a finished game to the ratings book; the line telling the person's new rating.
    The book is read again under its lock so that games rated meanwhile are kept;
    ``ValueError`` when the book cannot be updated."""
    from ..ratings import RatingsBook

    g, env_name, name = game.engine, game.env_name, game.names[game.seat]
    try:
        with RatingsBook.locked(path) as book:
            book.rate_game(env_name, list(game.names), list(g.scores()), g.final_winners())
    except (ImportError, ValueError, OSError) as e:
        raise ValueError(f"ratings: {e}; the game record is saved but not rated") from None
    r = book.get(env_name, name)
    return (
        f"rating of {name} on {env_name}: {r['ordinal']:.2f} "
        f"(mu {r['mu']:.2f}, sigma {r['sigma']:.2f}, {r['games']} games) in {book.path}"
    )


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
