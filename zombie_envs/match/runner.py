"""Play a scheduled match: every game, on worker processes if asked, folded
into the report in game order.

Each game's seed and the agents' seeds derive from the master seed and the
game index alone, and results are folded in game order, so a match gives the
same table whatever the number of worker processes.  Workers are started with
``spawn``, which is safe in processes that run threads (torch).
"""

from __future__ import annotations

import math
import pickle
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

from ..agents import make_agent
from ..arena import play_game
from ..core.agent import Agent
from ..records import stamped_record, write_records
from ..registry import canonical_env, engine_class, game_type
from .report import HeadToHead, TournamentResult
from .schedule import Schedule, derive_seed


@dataclass
class GameOutcome:
    index: int
    seed: int
    seats: tuple[int, ...]
    scores: list[float]
    winners: list[int]
    actions: list[int]
    #: a safety cap (max_turns, max_rounds) cut the game: nobody won it
    truncated: bool = False


class _Table:
    """Plays scheduled games with one agent per (agent, seat), reseeded per
    game from the master seed, so a game's play does not depend on which
    process ran it or what it played before."""

    def __init__(self, env: str, specs: list, num_players: int, options: dict, seed: int):
        self.env, self.specs, self.n = env, specs, num_players
        self.options, self.seed = options, seed
        self.engine = engine_class(env)
        self.agents: dict[tuple[int, int], Agent] = {}

    def agent(self, j: int, seat: int) -> Agent:
        key = (j, seat)
        if key not in self.agents:
            self.agents[key] = _agent(self.specs[j], self.env, self.n, self.options)
        return self.agents[key]

    def play(self, jobs: list[tuple[int, int, tuple[int, ...]]]) -> list[GameOutcome]:
        out = []
        for i, game_seed, seats in jobs:
            agents = []
            for s, j in enumerate(seats):
                agent = self.agent(j, s)
                agent.reset(derive_seed(self.seed, "agent", i, s))
                agents.append(agent)
            r = play_game(self.engine, agents, game_seed, **self.options)
            out.append(
                GameOutcome(i, game_seed, seats, r.scores, r.winners, r.actions, r.truncated)
            )
        return out


_WORKER: _Table | None = None


def _init_worker(*args) -> None:
    global _WORKER
    _WORKER = _Table(*args)


def _play_chunk(jobs) -> list[GameOutcome]:
    return _WORKER.play(jobs)


def _agent(spec, env: str, n: int, options: dict) -> Agent:
    """The agent of a spec: a kind or ``ckpt:PATH`` (a checkpoint is checked
    against the engine options too), an ``Agent``, or a factory ``f(seed)``."""
    if isinstance(spec, str):
        return make_agent(spec, env, 0, n, options)
    if isinstance(spec, Agent):
        return spec
    if callable(spec):
        return spec(0)
    raise TypeError(f"agent spec must be a kind, an Agent or a factory, got {spec!r}")


def _names(specs: list, env: str, n: int, options: dict) -> list[str]:
    """Display and rating names: the spec string, or the built agent's name.
    Building each agent here stops a bad kind or checkpoint before any game."""
    names = []
    for spec in specs:
        agent = _agent(spec, env, n, options)
        names.append(spec if isinstance(spec, str) else getattr(agent, "name", type(spec).__name__))
    return names


def _prepare(
    env_name: str,
    num_players: int,
    specs: list,
    games: int,
    workers: int,
    options: dict | None,
    seed: int | None,
) -> tuple[str, dict, int]:
    """Refuse impossible requests; ``(env name, engine options with their
    defaults, master seed)``, the seed drawn at random when ``None``."""
    env = canonical_env(env_name)
    cls = engine_class(env)
    if not cls.min_players <= num_players <= cls.max_players:
        raise ValueError(
            f"{env} takes {cls.min_players} to {cls.max_players} players, not {num_players}"
        )
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if workers > 1:
        try:
            pickle.dumps(specs)
        except (pickle.PicklingError, AttributeError, TypeError) as e:
            raise ValueError(
                f"agents given as objects must pickle to run on {workers} workers ({e}); "
                "pass kinds such as 'heuristic' or use workers=1"
            ) from None
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    return env, cls.check_options(dict(options or {})), seed


def _progress(total: int, enabled: bool, desc: str):
    """A tqdm bar, or ``None`` when disabled or tqdm is missing."""
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=desc, unit="game", leave=False)


def _play(
    env: str,
    specs: list,
    names: list[str],
    schedule: Schedule,
    requested: int,
    *,
    workers: int,
    options: dict,
    progress: bool,
    record_path: str | Path | None = None,
) -> TournamentResult:
    """Play ``requested`` games rounded up to whole blocks of the schedule and
    fold the outcomes in game order."""
    n, games = schedule.num_players, schedule.games(requested)
    result = TournamentResult.start(
        env,
        names,
        n,
        options=options,
        seed=schedule.seed,
        requested_games=requested,
        block_size=schedule.block_size,
        notes=schedule.notes(requested),
        record_path=None if record_path is None else Path(record_path),
    )
    jobs = [(i, *schedule.seating(i)) for i in range(games)]
    size = max(1, min(50, math.ceil(games / (workers * 8))))
    chunks = [jobs[k : k + size] for k in range(0, games, size)]
    args = (env, specs, n, options, schedule.seed)
    bar = _progress(games, progress, f"{env} {n}p")
    last, first_write, pool = None, True, None
    tag = {"seed": schedule.seed, "agents": names}
    start = time.perf_counter()
    try:
        if workers > 1:
            # spawn, not fork: callers may run threads (torch), which fork can deadlock
            pool = ProcessPoolExecutor(
                workers, mp_context=get_context("spawn"), initializer=_init_worker, initargs=args
            )
            chunk_results = pool.map(_play_chunk, chunks)
        else:
            chunk_results = map(_Table(*args).play, chunks)
        for chunk in chunk_results:
            records = []
            for o in chunk:
                result.add(o.seats, o.scores, o.winners, len(o.actions), o.truncated)
                if record_path is not None:
                    seated = [names[j] for j in o.seats]
                    game = (env, n, options, o.seed, seated, o.actions, o.scores, o.winners)
                    records.append(
                        stamped_record(*game, finished=True, game_index=o.index, tournament=tag)
                    )
                last = o
            if records:
                write_records(record_path, records, append=not first_write)
                first_write = False
            if bar is not None:
                bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    result.elapsed = time.perf_counter() - start
    result.finish()
    result.last_game = engine_class(env)(n, seed=last.seed, **options)
    for action in last.actions:
        result.last_game.apply(action)
    return result


def run_tournament(
    env_name: str,
    num_players: int,
    agent_specs: list,
    games: int,
    seed: int | None = 0,
    workers: int = 1,
    options: dict | None = None,
    progress: bool = True,
    record_path: str | Path | None = None,
) -> TournamentResult:
    """Play ``games`` games (rounded up to whole blocks) between ``agent_specs``
    (kinds ``"random"``, ``"heuristic"``, ``"ckpt:PATH"``; ``Agent`` objects or
    factories ``f(seed) -> Agent`` work too, and must pickle when ``workers > 1``).

    Every agent fills every seat equally often, each seed is played under every
    seat rotation of its lineup, and the ratings are computed in game order.
    ``record_path`` saves every game as a record (JSON lines, overwritten);
    ``TournamentResult.rate`` adds the games to a ratings book.
    """
    specs = list(agent_specs)
    if len(specs) < 2:
        raise ValueError(f"a tournament needs at least 2 agents, got {len(specs)}")
    env, options, seed = _prepare(env_name, num_players, specs, games, workers, options, seed)
    names = _names(specs, env, num_players, options)
    twice = sorted({x for x in names if names.count(x) > 1})
    if twice:
        raise ValueError(f"each agent may be listed once; listed twice: {', '.join(twice)}")
    schedule = Schedule.round_robin(len(specs), num_players, seed)
    return _play(
        env,
        specs,
        names,
        schedule,
        games,
        workers=workers,
        options=options,
        progress=progress,
        record_path=record_path,
    )


def head_to_head(
    env_name: str,
    num_players: int,
    candidate_spec_or_agent,
    baseline_kind: str,
    games: int,
    seed: int | None = 0,
    progress: bool = True,
    options: dict | None = None,
    workers: int = 1,
    role: str | None = None,
) -> HeadToHead:
    """The candidate (a kind, a ``ckpt:PATH``, an ``Agent`` or a factory
    ``f(seed) -> Agent``) in one seat, the baseline kind in the others; each
    seed is played with the candidate at every seat (every seat of ``role``
    when given, for asymmetric games), so ``games`` is rounded up to a
    multiple of that many seats."""
    specs = [candidate_spec_or_agent, baseline_kind]
    seats = None if role is None else game_type(env_name).seats_of(role, num_players)
    env, options, seed = _prepare(env_name, num_players, specs, games, workers, options, seed)
    names = _names(specs, env, num_players, options)
    if names[0] == names[1]:
        names[0] = f"{names[0]} (candidate)"
    schedule = Schedule.one_against_rest(num_players, seed, seats)
    result = _play(
        env, specs, names, schedule, games, workers=workers, options=options, progress=progress
    )
    return HeadToHead.of(result, baseline_kind, role)
