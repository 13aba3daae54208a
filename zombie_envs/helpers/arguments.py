"""Argument helpers shared by every command that takes engine options, wherever
it is built (the command line, a match, the terminal seat, the server)."""

from __future__ import annotations

import argparse


def option_pair(text: str) -> tuple[str, int | str]:
    """``KEY=VALUE`` as an engine option (whole numbers become ints), e.g.
    ``board=carnival`` -> ``("board", "carnival")``; argparse reports a
    malformed one with the command's usage."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"takes KEY=VALUE, got {text!r}")
    return key, int(value) if value.lstrip("-").isdigit() else value


def port_number(text: str) -> int:
    """A TCP port, 1-65535, for ``--port``; argparse reports another with the usage."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, got {text!r}")
    return int(text)


def positive_number(kind: type):
    """An argparse type: a number of ``kind`` (int or float) above zero."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0:
            word = "whole number" if kind is int else "number"
            raise argparse.ArgumentTypeError(f"takes a {word} above 0, got {text!r}")
        return value

    return parse


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """``--option KEY=VALUE`` (repeatable); ``dict(args.option)`` is the options."""
    parser.add_argument(
        "--option",
        type=option_pair,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an engine option, e.g. board=carnival or max_rounds=30 (repeatable)",
    )


def add_ratings_arguments(parser: argparse.ArgumentParser, skip: str) -> None:
    """``--ratings PATH`` or ``--no-ratings`` (``skip`` says what that leaves
    unrated), for the commands where a person's games are rated."""
    ratings = parser.add_mutually_exclusive_group()
    ratings.add_argument(
        "--ratings",
        metavar="PATH",
        help="ratings file (default ~/.zombie-envs/ratings.json or $ZOMBIE_ENVS_RATINGS)",
    )
    ratings.add_argument("--no-ratings", action="store_true", help=skip)


#: how ``--games`` of a head-to-head rounds, said where it is asked for
GAMES_HELP = (
    "games per baseline (default %(default)s), rounded up to a multiple of the seats "
    "the candidate takes in turn; the output says so"
)
