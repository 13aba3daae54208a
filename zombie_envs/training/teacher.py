"""Teacher data at scale: games of a teacher at every seat, sampled and stored.

A critic cannot learn from one game's few hundred decisions that all share one
label: fitted to 300 games it explained 99.8% of their returns and -12% of
fresh ones.  So the warm start plays thousands of games, on every core, and
keeps a sample of each game's real decisions (``samples_per_game``; forced
moves teach nothing).  Games go into compressed shards of ``SHARD_GAMES``
games each (fewer in a smaller collection), written whole
(``shard-00000.npz`` ...) beside a ``manifest.json`` naming the env, engine
version, player count, options, teacher and seed: a stopped collection
resumes with the shards it lacks, and a later run with the same manifest
reuses them (``imitation.data``).  Shards are data: read without pickle,
every array checked.

Every game has an index; ``split`` puts a game in ``train``, ``validation``
(early stopping) or ``test`` (every figure reported) by that index, so no
figure is measured on a game a network was fitted to.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from zombie_envs.agents import make_agent
from zombie_envs.agents.inputs import hint_agent
from zombie_envs.agents.network import CheckpointError, read_arrays
from zombie_envs.core.files import parse_json, write_atomic
from zombie_envs.registry import engine_class

SHARD_GAMES = 50
MANIFEST = "manifest.json"
#: game index % 10 -> part: 70% to fit on, 10% to stop on, 20% to measure on
SPLIT = {**dict.fromkeys(range(7), "train"), 7: "validation", 8: "test", 9: "test"}
#: the arrays of a shard, each with one row per sample
COLUMNS = {
    "obs": np.int8,
    "mask": np.uint8,  # the legal actions, packed 8 to a byte
    "action": np.int32,  # the teacher's choice
    "hint": np.int32,  # the heuristic's choice (the policy's hint), -1 with no hinter
    "ret": np.float32,  # the deciding seat's final zero-sum return
    "seat": np.int8,
    "game": np.int32,  # the game's index in the collection
    "phase": np.float32,  # how far into the game: the decision's index / the game's decisions
}


@dataclass(frozen=True)
class Collection:
    """What a collection of teacher games is: its manifest."""

    env: str
    num_players: int
    options: dict
    teacher: str
    seed: int
    samples_per_game: int
    #: games per shard (fewer for a collection of fewer games)
    shard_games: int = SHARD_GAMES
    engine_version: int = 0

    def __post_init__(self):
        object.__setattr__(self, "engine_version", engine_class(self.env).version)
        object.__setattr__(self, "options", engine_class(self.env).check_options(self.options))

    def manifest(self) -> dict:
        return {"format": "zombie-envs-teacher", **asdict(self)}

    def shard_seed(self, k: int) -> int:
        digest = hashlib.sha256(f"{self.seed}/{k}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 1


def collect(folder, coll: Collection, games: int, workers: int = 1, progress: bool = True) -> Path:
    """Make sure ``folder`` holds the first ``games`` games (rounded up to whole
    shards) of ``coll``, playing the missing shards in ``workers`` processes."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / MANIFEST
    if manifest.is_file():
        held = parse_json(manifest.read_bytes(), str(manifest), CheckpointError)
        if held != coll.manifest():
            raise CheckpointError(
                f"{folder} holds teacher games of another collection ({_differs(held, coll)}); "
                "give the warm start another folder"
            )
    else:
        write_atomic(manifest, json.dumps(coll.manifest(), indent=2, sort_keys=True).encode())
    size = coll.shard_games
    shards = -(-games // size)
    missing = [k for k in range(shards) if not _shard_path(folder, k).is_file()]
    bar = _bar(len(missing) * size, progress, f"teacher games ({coll.teacher})", "game")
    jobs = [(folder, coll, k) for k in missing]
    if workers > 1 and len(missing) > 1:
        import multiprocessing

        with multiprocessing.get_context("forkserver").Pool(min(workers, len(missing))) as pool:
            for _ in pool.imap_unordered(_play_shard, jobs):
                if bar is not None:
                    bar.update(size)
    else:
        for job in jobs:
            _play_shard(job)
            if bar is not None:
                bar.update(size)
    if bar is not None:
        bar.close()
    return folder


def _differs(held: dict, coll: Collection) -> str:
    want = coll.manifest()
    keys = sorted(k for k in set(held) | set(want) if held.get(k) != want.get(k))
    return ", ".join(f"{k}: {held.get(k)!r}, not {want.get(k)!r}" for k in keys)


def _shard_path(folder: Path, k: int) -> Path:
    return folder / f"shard-{k:05d}.npz"


def _play_shard(job) -> None:
    folder, coll, k = job
    size = coll.shard_games
    rows = play(coll, range(k * size, (k + 1) * size), coll.shard_seed(k))
    buf = io.BytesIO()
    np.savez_compressed(buf, **rows)
    write_atomic(_shard_path(folder, k), buf.getvalue())


def play(coll: Collection, game_ids, seed: int) -> dict[str, np.ndarray]:
    """The sampled decisions of the games ``game_ids``, as ``COLUMNS`` arrays."""
    cls = engine_class(coll.env)
    rng = random.Random(seed)
    n, opts = coll.num_players, coll.options
    agents = [make_agent(coll.teacher, coll.env, rng.getrandbits(63), n, opts) for _ in range(n)]
    hinter = None if coll.teacher == "heuristic" else hint_agent("heuristic", coll.env, 0)
    out: dict[str, list] = {k: [] for k in COLUMNS}
    for gid in game_ids:
        for a in agents + ([hinter] if hinter else []):
            a.reset(rng.getrandbits(63))
        game = cls(n, seed=rng.getrandbits(63), **opts)
        seen = []  # (obs, mask, action, hint, seat) of every real decision
        while not game.terminal:
            seat = game.current_player
            action = agents[seat].act(game, seat)
            if len(game.legal) > 1:
                hint = action if hinter is None else hinter.act(game, seat)
                seen.append((game.observation(seat), game.legal_mask(), action, hint, seat))
            game.apply(action)
        final = game.returns("zero_sum")
        keep = sorted(rng.sample(range(len(seen)), min(coll.samples_per_game, len(seen))))
        for i in keep:
            obs, mask, action, hint, seat = seen[i]
            for key, value in zip(
                COLUMNS,
                (obs, np.packbits(mask), action, hint, final[seat], seat, gid, i / len(seen)),
                strict=True,
            ):
                out[key].append(value)
    return {k: np.array(v, dtype=COLUMNS[k]) for k, v in out.items()}


def load(folder, coll: Collection, games: int | None = None) -> dict[str, np.ndarray]:
    """The samples of the collection's shards in ``folder`` (the first
    ``games`` games' worth, or all), checked as data."""
    folder = Path(folder)
    manifest = folder / MANIFEST
    if not manifest.is_file():
        raise CheckpointError(f"{folder} holds no teacher games (no {MANIFEST})")
    held = parse_json(manifest.read_bytes(), str(manifest), CheckpointError)
    if held != coll.manifest():
        raise CheckpointError(f"{folder} holds another collection ({_differs(held, coll)})")
    cls = engine_class(coll.env)
    width = {"obs": cls.obs_layout.size, "mask": -(-cls.action_layout.size // 8)}
    shards = sorted(folder.glob("shard-*.npz"))
    if games is not None:
        shards = [p for p in shards if int(p.stem[6:]) < -(-games // coll.shard_games)]
    parts = []
    for path in shards:
        arrays = read_arrays(path.read_bytes(), str(path))
        rows = len(arrays.get("action", ()))
        for key, dtype in COLUMNS.items():
            a = arrays.get(key)
            shape = (rows, width[key]) if key in width else (rows,)
            if a is None or a.shape != shape or a.dtype != dtype:
                raise CheckpointError(f"{path}: {key} is not {dtype.__name__} of shape {shape}")
        parts.append(arrays)
    if not parts:
        raise CheckpointError(f"{folder} holds no shards")
    return {k: np.concatenate([p[k] for p in parts]) for k in COLUMNS}


def split(data: dict[str, np.ndarray], part: str) -> dict[str, np.ndarray]:
    """The samples of the games in ``part`` (``train``, ``validation``, ``test``)."""
    parts = np.array([SPLIT[i] for i in range(10)])
    keep = parts[data["game"] % 10] == part
    return {k: v[keep] for k, v in data.items()}


def masks(data: dict[str, np.ndarray], num_actions: int) -> np.ndarray:
    """The legal-action masks of the samples, unpacked."""
    return np.unpackbits(data["mask"], axis=1, count=num_actions).astype(bool)


def inputs(data: dict[str, np.ndarray], num_actions: int, hint: bool) -> np.ndarray:
    """What a policy reads for each sample: the observation, then, for a hinted
    policy, the hint's one-hot (as ``agents.inputs.policy_input``)."""
    obs = data["obs"].astype(np.float32)
    if not hint:
        return obs
    onehot = np.zeros((len(obs), num_actions), dtype=np.float32)
    onehot[np.arange(len(obs)), data["hint"]] = 1.0
    return np.concatenate([obs, onehot], axis=1)


def seat_baseline(train: dict, test: dict) -> float:
    """The share of the test returns' variance that the seat alone explains:
    each seat's mean return over the training games as the prediction."""
    means = {s: train["ret"][train["seat"] == s].mean() for s in np.unique(train["seat"])}
    guess = np.array([means.get(s, train["ret"].mean()) for s in test["seat"]])
    return explained(guess, test["ret"])


def explained(values: np.ndarray, returns: np.ndarray) -> float:
    """The share of the returns' variance the values explain (1 - MSE / variance)."""
    return float(1 - np.mean((values - returns) ** 2) / max(float(np.var(returns)), 1e-12))


def by_quarter(values: np.ndarray, data: dict) -> list[float]:
    """``explained`` over each quarter of a game (by the decisions' phase)."""
    quarter = np.minimum((data["phase"] * 4).astype(int), 3)
    return [round(explained(values[quarter == q], data["ret"][quarter == q]), 3) for q in range(4)]


def by_decision(agree: np.ndarray, data: dict, layout) -> dict[str, list[float]]:
    """Per kind of decision (the action layout's block of the teacher's choice):
    its share of the samples and the agreement there, so a fit shows which
    choices it has not learnt."""
    out = {}
    for block in layout.blocks:
        sel = (data["action"] >= block.start) & (data["action"] < block.start + block.size)
        if sel.any():
            out[block.name] = [round(float(sel.mean()), 3), round(float(agree[sel].mean()), 3)]
    return out


def _bar(total, enabled, desc, unit):
    if not enabled or not total:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, leave=False)
