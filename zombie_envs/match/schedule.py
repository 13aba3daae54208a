"""Who sits where in each game of a match, from the master seed alone.

Seats differ (turn order, who is chief first), and luck differs between
deals, so a fair match controls both.  Games come in *blocks*: a block plays
each *window* (a lineup of agents) under every rotation of the seats, and all
rotations of a window share one game seed (duplicate style: every agent of the
lineup gets the same deal from every seat).  Over a block every agent fills
every seat equally often, so a match is rounded up to whole blocks.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass

from ..core.narration import count


def derive_seed(master: int, *parts) -> int:
    """A 63-bit seed from the master seed and labels; stable across processes
    and Python versions (unlike ``hash``)."""
    text = ":".join(str(p) for p in (master, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class Schedule:
    """Who sits where in game ``i``.

    ``windows`` are lineups (an agent index per lineup slot); a block plays
    each window under the ``num_players`` seat rotations on one shared seed.
    With ``shuffle`` each block first reorders the agents (seeded), so with
    many agents every pair of them meets equally often on average.
    ``seating_notes`` say in words what the lineups do to the agents.
    """

    num_agents: int
    num_players: int
    seed: int
    windows: tuple[tuple[int, ...], ...]
    shuffle: bool = False
    seating_notes: tuple[str, ...] = ()
    #: the seat rotations each window is played under (every one when ``None``)
    rotations: tuple[int, ...] | None = None

    @classmethod
    def round_robin(cls, num_agents: int, num_players: int, seed: int) -> Schedule:
        """Window ``r`` seats agents ``r, r+1, ...`` (mod the agent count) in
        slots ``0, 1, ...``: with more agents than seats each agent is in
        ``num_players`` windows; with fewer, agents repeat to fill the table.
        One window suffices when the agent count divides the player count
        (the other windows would be rotations of it)."""
        a, n = num_agents, num_players
        count = 1 if n % a == 0 else a
        windows = tuple(tuple((r + s) % a for s in range(n)) for r in range(count))
        notes = []
        if a < n:
            notes.append(
                f"{a} agents for {n} seats: agents fill several seats per game and each "
                "seat-game counts as one game in the table"
            )
            if n % a:
                notes.append(
                    f"{n} is not a multiple of {a}: in each game some agents fill "
                    f"{n // a + 1} seats and others {n // a}; over a block every agent "
                    "fills every seat equally often"
                )
        if a > n + 1:
            notes.append(
                f"{a} agents for {n} seats: each block reorders the agents (seeded) so "
                "that every pair meets equally often on average"
            )
        return cls(a, n, seed, windows, shuffle=a > n + 1, seating_notes=tuple(notes))

    @classmethod
    def one_against_rest(
        cls, num_players: int, seed: int, seats: tuple[int, ...] | None = None
    ) -> Schedule:
        """Agent 0 (a candidate) against ``num_players - 1`` copies of agent 1
        (a baseline), the candidate at every seat of each shared seed, or only
        at ``seats`` (the seats of one role in an asymmetric game)."""
        window = ((0,) + (1,) * (num_players - 1),)
        if seats is None:
            return cls(2, num_players, seed, window)
        bad = [s for s in seats if not 0 <= s < num_players]
        if bad or not seats:
            raise ValueError(f"seats must be among 0..{num_players - 1}, got {list(seats)}")
        # rotation r puts slot 0 (the candidate) at seat (n - r) % n
        rotations = tuple(sorted((num_players - s) % num_players for s in set(seats)))
        return cls(2, num_players, seed, window, rotations=rotations)

    @property
    def _rotations(self) -> tuple[int, ...]:
        return tuple(range(self.num_players)) if self.rotations is None else self.rotations

    @property
    def block_size(self) -> int:
        return len(self.windows) * len(self._rotations)

    def games(self, requested: int) -> int:
        """``requested`` rounded up to whole blocks."""
        return math.ceil(requested / self.block_size) * self.block_size

    def notes(self, requested: int) -> list[str]:
        """What the schedule does to a request of ``requested`` games, in words."""
        total = self.games(requested)
        notes = []
        if total != requested:
            notes.append(
                f"{count(requested, 'game')} rounded up to {total}: whole blocks of "
                f"{self.block_size} games ({len(self.windows)} lineup(s) x "
                f"{len(self._rotations)} seat rotations on shared seeds)"
            )
        return notes + list(self.seating_notes)

    def seating(self, i: int) -> tuple[int, tuple[int, ...]]:
        """``(game seed, agent index per seat)`` of game ``i``."""
        n, rotations = self.num_players, self._rotations
        block, rest = divmod(i, self.block_size)
        window, k = divmod(rest, len(rotations))
        rotation = rotations[k]
        order = list(range(self.num_agents))
        if self.shuffle:
            random.Random(derive_seed(self.seed, "order", block)).shuffle(order)
        lineup = [order[a] for a in self.windows[window]]
        seed = derive_seed(self.seed, "game", block, window)
        return seed, tuple(lineup[(s + rotation) % n] for s in range(n))
