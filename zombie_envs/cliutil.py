"""Argument helpers shared by every command that takes engine options."""

from __future__ import annotations

from collections.abc import Iterable


def parse_options(pairs: Iterable[str]) -> dict:
    """``--option KEY=VALUE`` pairs as engine options (whole numbers become ints),
    e.g. ``board=carnival`` -> ``{"board": "carnival"}``."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--option takes KEY=VALUE, got {pair!r}")
        out[key] = int(value) if value.lstrip("-").isdigit() else value
    return out
