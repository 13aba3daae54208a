"""What one viewer may see of a game state: each game's one visibility model.

A game subclasses ``Visibility`` once (in its ``observe.py``) with one method per
secret, named after it, that says whether the viewer may see that item; the
observation encoder, the text and picture views, the move log, replays and the
terminal screen all ask it, so a secret is decided in one place and a new
secret is one method (and one leak test: ``testing.check_leak_tests``).  The
viewer is a seat, ``None`` (a spectator, who sees only public items) or ``GOD``
(the central critic's state, which sees everything).
"""

from __future__ import annotations

from typing import ClassVar

#: the viewer that sees every secret (``Engine.state_vector``)
GOD = "god"


class Visibility:
    """One viewer's view of one state; a game's subclass adds a method per secret."""

    #: the secrets a game declares: its subclass's own public methods
    secrets: ClassVar[tuple[str, ...]] = ()
    # the encoder makes one per observation: no per-instance dict (subclasses
    # declare ``__slots__ = ()`` too)
    __slots__ = ("g", "god", "seat")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.secrets = tuple(
            name for name, f in vars(cls).items() if callable(f) and not name.startswith("_")
        )

    def __init__(self, game, viewer: int | str | None):
        self.g = game
        self.god = viewer is GOD  # the one constant (``is``: cheaper than comparing with a seat)
        self.seat = None if self.god else viewer

    def owns(self, seat: int) -> bool:
        """The viewer is ``seat`` (or sees everything): what only a seat itself may see."""
        return self.god or seat == self.seat

    def move(self, mover: int, kind: str) -> bool:
        """Whether the viewer may learn which action ``mover`` took for a decision of
        ``kind``: the declaration's secret decisions are seen by their maker only."""
        return self.owns(mover) or kind not in self.g.secret_decisions
