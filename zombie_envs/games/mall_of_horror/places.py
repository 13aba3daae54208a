"""The keys of the board's places, shared by the picture (which marks them) and
the narrator (whose choices name them), so a click on the board picks a choice."""

from __future__ import annotations

from .data import CHARACTER_NAMES, COLOURS, KINDS


def location(L: int) -> str:
    """A location's panel."""
    return f"loc{L + 1}"


def character(slot: int) -> str:
    """A character token (``slot``: seat * KINDS + kind)."""
    seat, kind = divmod(slot, KINDS)
    return f"{COLOURS[seat]}-{CHARACTER_NAMES[kind].lower().replace(' ', '-')}"


def seat(s: int) -> str:
    """A colour's row in the players panel."""
    return COLOURS[s]


def card(k: int) -> str:
    """A kind of card in the deciding seat's hand."""
    return f"hand-{k}"


def truck_card(k: int) -> str:
    """A kind of card found in the truck, shown to its searcher."""
    return f"truck-{k}"
