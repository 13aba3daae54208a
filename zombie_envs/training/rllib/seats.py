"""Who plays which seat of an episode: RLlib's ``policy_mapping_fn``."""

from __future__ import annotations

import random

from zombie_envs.registry import game_type

from ..selfplay import role_weights


class SeatMapping:
    """RLlib's ``policy_mapping_fn``: the module playing each seat of an episode.

    Per episode (seeded by its id, so every seat of it agrees), one seat goes
    to the learner of its role and every other seat to a kind drawn with its
    role's ``opponents`` weights, as ``OpponentPool`` draws them: ``current``
    is the learner itself, ``snapshot`` one of the role's filled snapshot slots
    (the learner while none is filled), ``random`` and ``heuristic`` their
    modules.  ``snapshots`` says how many slots each learner has filled."""

    def __init__(
        self, env_name: str, num_players: int, opponents: dict, per_role: bool, snapshots=None
    ):
        game = game_type(env_name)
        self.roles = [game.role_of(s) for s in range(num_players)]
        self.learners = {r: learner_id(r, per_role) for r in self.roles}
        self.weights = role_weights(env_name, opponents)
        self.snapshots = dict(snapshots or {})
        self._last = (None, None)

    def seating(self, key) -> list[str]:
        """The module of each seat in the episode ``key``."""
        if self._last[0] == key:
            return self._last[1]
        rng = random.Random(str(key))
        learner_seat = rng.randrange(len(self.roles))
        seating = []
        for seat, role in enumerate(self.roles):
            learner = self.learners[role]
            mix = self.weights[role]
            kind = rng.choices(list(mix), list(mix.values()))[0]
            if seat == learner_seat or kind == "current":
                seating.append(learner)
            elif kind == "snapshot":
                filled = self.snapshots.get(learner, 0)
                seating.append(snapshot_id(learner, rng.randrange(filled)) if filled else learner)
            else:
                seating.append(kind)
        self._last = (key, seating)
        return seating

    def __call__(self, agent_id, episode, **kwargs) -> str:
        return self.seating(episode.id_)[int(str(agent_id).rpartition("_")[2])]


def learner_id(role: str, per_role: bool) -> str:
    return f"learner_{role}" if per_role and role != "player" else "learner"


def snapshot_id(learner: str, k: int) -> str:
    return f"snapshot{learner.removeprefix('learner')}_{k}"
