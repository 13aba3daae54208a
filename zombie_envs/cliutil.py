"""Argument helpers shared by every command that takes engine options."""

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
