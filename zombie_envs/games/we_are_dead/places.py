"""The keys of the board's places, shared by the picture (which marks them) and
the narrator (whose choices name them), so a click on the board picks a choice."""

from __future__ import annotations

from ...core.grid import Board

#: the seat's infection tokens and its face-down hero, on its hand's strip
INFECTION, FACE_DOWN = "infection", "facedown"


def square(b: Board, v: int) -> str:
    """A square as the board's row and column labels name it: ``r12c3``."""
    r, c = b.rc[v]
    return f"r{r}c{c}"


def card(kind: int) -> str:
    """A kind of card in the deciding seat's hand."""
    return f"card{kind}"


def seat(s: int) -> str:
    """A seat's box in the players panel."""
    return f"seat{s}"
