"""The keys of the board's places, shared by the picture (which marks them) and
the narrator (whose choices name them), so a click on the board picks a choice.
A square's key is its name, ``r-4c2``, the one the boards, the text and the
story use."""

from __future__ import annotations


def named(r: int, c: int) -> str:
    """``r-4c2``: the square in row -4, column 2, as the boards label it."""
    return f"r{r}c{c}"


def square(mall, i: int) -> str:
    """Square id ``i`` by its row and column, ``r-4c2``."""
    return named(*mall.rc[i])


def edge(r: int, c: int, side: int) -> str:
    """``r-5c1w``: the west side of square r-5c1 (a doorway or a hall's end)."""
    return named(r, c) + "nesw"[side]


def tile(r: int, c: int) -> str:
    """Tile position ``(r, c)`` the drawn tile may go to."""
    return f"tile{r},{c}"


def seat(s: int) -> str:
    """A seat's lines in the panel."""
    return f"seat{s}"


def hand(k: int) -> str:
    """A kind of card in the viewer's hand."""
    return f"hand{k}"


def in_play(k: int) -> str:
    """A kind of card the viewer has in play."""
    return f"play{k}"


def pile(k: int) -> str:
    """A kind of card in the discard pile."""
    return f"pile{k}"


def own(key: str) -> bool:
    """Whether ``key`` is one of the viewer's own cards (drawn in gold)."""
    return key.startswith(("hand", "play"))
