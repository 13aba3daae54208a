"""The keys of the board's places, shared by the picture (which marks them) and
the choices (which name them), so a click on the board picks a choice."""

from __future__ import annotations

#: a slot's sides, as its arrows' keys end
SIDES = "nesw"


def square(maul, v: int) -> str:
    """A square by its name, ``r12c3``: the key a player types too."""
    return maul.label(v)


def slot(row: int, col: int, side: int | None = None) -> str:
    """A slot a map section may go to, ``slot-1,0``, or the arrow squares of one
    of its sides (``side`` 0-3: north, east, south, west), ``slot-1,0n``."""
    return f"slot{row},{col}" + ("" if side is None else SIDES[side])


def face(f: int) -> str:
    """A map section still to choose."""
    return f"face{f}"


def card(k: int) -> str:
    """A kind of card in the deciding seat's hand."""
    return f"card{k}"


def item(s: int, kind: int) -> str:
    """A kind of equipment in front of Shopper ``s``."""
    return f"item{s}-{kind}"
