"""The twin-state check of the narration, for any game: what a viewer is told
(the decision, each rule step, where the game is) is the same in states that
differ only in what the viewer may not see.

``twin(g, seat, rng)`` returns a copy of ``g`` whose secrets hidden from
``seat`` changed, and the names of the visibility model's secrets it changed.
A step is told from its two states, so each is twinned on its own: a line that
read a secret of either would differ.  A spectator is checked against twins
made for some seat, since it sees less than any seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from zombie_envs.core.narration import narrator_of, steps


def check_move(g, action: int, twin: Callable, rng: random.Random, counts: Counter) -> None:
    """The mover, another seat and a spectator are each told ``action`` in ``g``,
    and each step it sets off, alike in twin states; a secret decision reads the
    same whatever was chosen."""
    narrator = narrator_of(g)
    other = rng.choice([s for s in range(g.num_players) if s != g.current_player])
    viewers = [g.current_player, other, None]

    def seat_of(viewer) -> int:
        return rng.randrange(g.num_players) if viewer is None else viewer

    mover, kind = g.current_player, g.decision
    for viewer in viewers:
        told = narrator.decision(g, action, viewer)
        h, changed = twin(g, seat_of(viewer), rng)
        counts.update(changed)
        assert narrator.decision(h, action, viewer) == told, (kind, viewer, changed)
        assert narrator.phase(h, viewer) == narrator.phase(g, viewer), (kind, viewer, changed)
        if not g.visible(viewer).move(mover, kind):
            for other in g.legal:
                assert narrator.decision(g, other, viewer) == told, (kind, viewer, "choice")
    for before, after, cause in steps(g, action):
        for viewer in viewers:
            told = narrator.step(before, after, viewer, cause)
            seat = seat_of(viewer)
            b, changed_before = twin(before, seat, rng)
            a, changed_after = twin(after, seat, rng)
            counts.update(changed_before | changed_after)
            counts["steps"] += 1
            assert narrator.step(b, a, viewer, cause) == told, (
                cause,
                viewer,
                changed_before,
                changed_after,
            )


def check_games(games, twin: Callable, seed: int = 0, moves: int = 10**6) -> Counter:
    """``check_move`` at the first ``moves`` moves of each of ``games`` (fresh
    engines, random play); returns how often each secret was changed."""
    rng = random.Random(seed)
    counts = Counter()
    for g in games:
        for _ in range(moves):
            if g.terminal:
                break
            action = rng.choice(g.legal)
            check_move(g, action, twin, rng, counts)
            g.apply(action)
    return counts
