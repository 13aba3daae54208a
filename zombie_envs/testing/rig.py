"""Hand-set engine positions for rules tests: a rule runs from a chosen state, not
from a random game that might never reach it.

``rigged(Engine)`` adds a ``halt`` task that stops a run once a test's tasks
are done, and ``asked``: every decision posed (auto-taken ones included) as
(seat, kind, legal).  ``start(g, *tasks)`` runs rule tasks from a hand-set
state; ``act``/``settle`` drive decisions; ``Dice`` scripts the engine's RNG.
"""

from __future__ import annotations

from functools import cache


@cache
def rigged(engine_cls: type) -> type:
    """The engine class with a ``halt`` task and a log of every decision asked."""

    class Rig(engine_cls):
        def __init__(self, *args, **kwargs):
            self.asked: list[tuple[int, str, tuple[int, ...]]] = []
            super().__init__(*args, **kwargs)

        def ask(self, seat: int, kind: str, legal: list[int], *args, **kwargs) -> None:
            if not self.terminal:
                self.asked.append((seat, kind, tuple(legal)))
            super().ask(seat, kind, legal, *args, **kwargs)

        def halt(self) -> None:
            """Pause with nobody to act; set directly, as ``ask`` needs an option."""
            self.decision, self.legal, self.current_player = "halt", [], -1

        def on_halt(self, action: int) -> None:  # pragma: no cover - never legal
            raise AssertionError("halt takes no action")

        def observation(self, seat: int):
            """A seat's view; while halted, as if no decision were pending."""
            if self.decision != "halt":
                return super().observation(seat)
            self.decision = None
            try:
                return super().observation(seat)
            finally:
                self.decision = "halt"

    Rig.__name__ = Rig.__qualname__ = f"Rigged{engine_cls.__name__}"
    return Rig


class Dice:
    """A scripted stand-in for the engine's RNG: ``randrange`` returns the given values
    and ``shuffle`` leaves the order alone."""

    def __init__(self, *values: int):
        self.values = list(values)

    def randrange(self, n: int) -> int:
        assert self.values, "the engine drew more random numbers than scripted"
        value = self.values.pop(0)
        assert 0 <= value < n, f"scripted {value} outside range({n})"
        return value

    def shuffle(self, items: list) -> None:
        pass


def settle(g):
    """Take every forced decision (a single legal option, such as a card window
    with nothing to play)."""
    while not g.terminal and g.decision != "halt" and len(g.legal) == 1:
        g.apply(g.legal[0])
    return g


def start(g, *tasks: tuple | str):
    """Run rule tasks (tuples, or bare task names) from the current state, then settle."""
    g.tasks = [("halt",)]
    g.push(*[(t,) if isinstance(t, str) else t for t in tasks])
    g.decision = None
    g.legal = []
    g.terminal = False
    g.asked = []
    g._run()
    return settle(g)


def finished(g) -> bool:
    """The started tasks ran to the end (or the game ended) with no decision pending."""
    return g.terminal or g.decision == "halt"


def act(g, seat: int, action: int, decision: str | None = None) -> None:
    """Play ``action`` for ``seat`` (checking that this seat and decision are up), then
    settle."""
    assert g.current_player == seat, (g.current_player, seat, g.decision)
    if decision is not None:
        assert g.decision == decision, (g.decision, decision)
    g.apply(action)
    settle(g)


def asked(g, kind: str, choice: bool = False) -> list[int]:
    """Seats asked for decisions of ``kind`` since the last ``start``, in order; with
    ``choice``, only those that had more than one option."""
    return [seat for seat, k, legal in g.asked if k == kind and (len(legal) > 1 or not choice)]
