"""Bot-vs-bot tournaments with balanced seating, shared seeds and OpenSkill ratings.

Seats differ (turn order, who is chief first), and luck differs between
deals, so a fair tournament controls both.  Games come in *blocks*: a block
plays each *window* (a lineup of agents) under every rotation of the seats,
and all rotations of a window share one game seed (duplicate style: every
agent gets the same deal from every seat).  Over a block every agent fills
every seat equally often, so the game count is rounded up to whole blocks.

Each game's seed and the agents' seeds derive from the master seed and the
game index alone, and results are folded in game order, so a tournament gives
the same table whatever the number of worker processes.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import pickle
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

from .agents import make_agent
from .arena import (
    _build,
    _conf,
    _progress,
    play_game,
    wilson_interval,
    win_shares,
)
from .cliutil import parse_options
from .core.agent import Agent
from .ratings import RatingsBook, format_ratings, ratings_path
from .records import make_record, write_records
from .registry import canonical_env, engine_class
from .tables import render_table


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
    """

    num_agents: int
    num_players: int
    seed: int
    windows: tuple[tuple[int, ...], ...]
    shuffle: bool = False

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
        return cls(a, n, seed, windows, shuffle=a > n + 1)

    @property
    def block_size(self) -> int:
        return len(self.windows) * self.num_players

    def seating(self, i: int) -> tuple[int, tuple[int, ...]]:
        """``(game seed, agent index per seat)`` of game ``i``."""
        n = self.num_players
        block, rest = divmod(i, self.block_size)
        window, rotation = divmod(rest, n)
        order = list(range(self.num_agents))
        if self.shuffle:
            random.Random(derive_seed(self.seed, "order", block)).shuffle(order)
        lineup = [order[a] for a in self.windows[window]]
        seed = derive_seed(self.seed, "game", block, window)
        return seed, tuple(lineup[(s + rotation) % n] for s in range(n))


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


@dataclass
class AgentStats:
    """One agent's tally; a *seat-game* (one seat in one game) is one trial,
    so an agent filling two seats of a game counts twice."""

    name: str
    seat_games: list[int]
    seat_wins: list[float]
    score_sum: float = 0.0
    score_sq: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0

    @property
    def games(self) -> int:
        return sum(self.seat_games)

    @property
    def wins(self) -> float:
        return sum(self.seat_wins)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def win_interval(self, z: float = 1.96) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games, z)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    def score_interval(self, z: float = 1.96) -> tuple[float, float]:
        """Normal approximation: mean +- z * sample sd / sqrt(n)."""
        n, mean = self.games, self.mean_score
        if n < 2:
            return (mean, mean)
        var = max(0.0, (self.score_sq - n * mean * mean) / (n - 1))
        half = z * math.sqrt(var / n)
        return (mean - half, mean + half)

    def seat_win_rate(self, seat: int) -> float | None:
        g = self.seat_games[seat]
        return self.seat_wins[seat] / g if g else None

    def to_dict(self) -> dict:
        lo, hi = self.win_interval()
        slo, shi = self.score_interval()
        return {
            "agent": self.name,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_ci_low": lo,
            "win_ci_high": hi,
            "mean_score": self.mean_score,
            "score_ci_low": slo,
            "score_ci_high": shi,
            "seat_games": list(self.seat_games),
            "seat_wins": list(self.seat_wins),
        }


@dataclass
class TournamentResult:
    env: str
    num_players: int
    options: dict
    seed: int
    requested_games: int
    games: int
    block_size: int
    agents: list[AgentStats]
    moves: int
    elapsed: float
    #: games a safety cap cut short (counted as won by nobody)
    truncated: int = 0
    notes: list[str] = field(default_factory=list)
    record_path: Path | None = None
    last_game: object = field(repr=False, default=None)
    #: ``(names by seat, scores, winners)`` of every game, in game order
    outcomes: list[tuple[list[str], list[float], list[int]]] = field(
        repr=False, default_factory=list
    )

    def rate(self, book: RatingsBook) -> None:
        """Rate this tournament's games in ``book``, in game order (the command
        does it on the shared file under its lock, once the games are played)."""
        for names, scores, winners in self.outcomes:
            book.rate_game(self.env, names, scores, winners)

    def ranking(self) -> list[AgentStats]:
        """Best first, by ordinal (``mu - 3 sigma``: rated high and surely so)."""
        return sorted(self.agents, key=lambda a: (-a.ordinal, a.name))

    def agent(self, name: str) -> AgentStats:
        return next(a for a in self.agents if a.name == name)

    def table(self, markdown: bool = True, z: float = 1.96) -> str:
        """One row per agent, best first: rating, win rate and mean score with
        their intervals, then the win rate from each seat."""
        conf = _conf(z)
        head = ["rank", "agent", "ordinal", "mu +- sigma", "games", "win rate", f"{conf} CI"]
        head += ["mean score", f"{conf} CI"] + [f"seat {s}" for s in range(self.num_players)]
        body = []
        for rank, a in enumerate(self.ranking(), 1):
            lo, hi = a.win_interval(z)
            slo, shi = a.score_interval(z)
            seats = [a.seat_win_rate(s) for s in range(self.num_players)]
            body.append(
                [
                    str(rank),
                    a.name,
                    f"{a.ordinal:.2f}",
                    f"{a.mu:.2f} +- {a.sigma:.2f}",
                    str(a.games),
                    f"{100 * a.win_rate:.1f}%",
                    f"[{100 * lo:.1f}%, {100 * hi:.1f}%]",
                    f"{a.mean_score:.2f}",
                    f"[{slo:.2f}, {shi:.2f}]",
                ]
                + ["-" if r is None else f"{100 * r:.1f}%" for r in seats]
            )
        return render_table(head, body, [c != 1 for c in range(len(head))], markdown)

    def to_dict(self) -> dict:
        from . import __version__

        return {
            "env": self.env,
            "engine_version": engine_class(self.env).version,
            "package_version": __version__,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "requested_games": self.requested_games,
            "games": self.games,
            "block_size": self.block_size,
            "moves": self.moves,
            "truncated": self.truncated,
            "elapsed_s": self.elapsed,
            "notes": self.notes,
            "records": None if self.record_path is None else str(self.record_path),
            "agents": [a.to_dict() for a in self.ranking()],
        }

    def write_json(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
        return path

    def write_csv(self, path: str | Path) -> Path:
        """One row per agent, best first; per-seat win rates in ``seat_<s>_win_rate``."""
        path = Path(path)
        seat_cols = [f"seat_{s}_win_rate" for s in range(self.num_players)]
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            keys = ["agent", "mu", "sigma", "ordinal", "games", "wins", "win_rate"]
            keys += ["win_ci_low", "win_ci_high", "mean_score", "score_ci_low", "score_ci_high"]
            w.writerow(["rank"] + keys + seat_cols)
            for rank, a in enumerate(self.ranking(), 1):
                row = a.to_dict()
                seats = [a.seat_win_rate(s) for s in range(self.num_players)]
                w.writerow(
                    [rank] + [row[k] for k in keys] + ["" if r is None else r for r in seats]
                )
        return path

    def plot(self, path: str | Path) -> Path | None:
        """Win rates and mean scores with their 95% intervals as a PNG; ``None``
        when matplotlib (in the play and train extras) is missing."""
        try:
            from matplotlib.backends.backend_agg import FigureCanvasAgg
            from matplotlib.figure import Figure
        except ImportError:
            return None
        agents = self.ranking()
        names = [_short(a.name) for a in agents]
        x = list(range(len(agents)))
        fig = Figure(figsize=(max(6.0, 1.2 * len(agents) + 3), 4.2), dpi=110)
        FigureCanvasAgg(fig)
        left, right = fig.subplots(1, 2)
        _bars(left, [(a.win_rate, a.win_interval()) for a in agents], "tab:blue")
        left.axhline(1 / self.num_players, color="grey", ls="--", label="chance")
        left.set_ylabel("win rate (95% Wilson CI)")
        left.set_ylim(0, 1)
        left.legend(loc="best")
        _bars(right, [(a.mean_score, a.score_interval()) for a in agents], "tab:orange")
        right.set_ylabel("mean score (95% CI)")
        for ax in (left, right):
            ax.set_xticks(x)
            ax.set_xticklabels(names, rotation=20, ha="right")
            ax.grid(axis="y", alpha=0.3)
        fig.suptitle(f"{self.env}, {self.num_players} players, {self.games} games")
        fig.tight_layout()
        fig.savefig(path)
        return Path(path)

    def write(self, out: str | Path) -> dict[str, Path | None]:
        """``results.csv``, ``results.json`` and ``results.png`` (``None`` if
        matplotlib is missing) in the folder ``out``."""
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        return {
            "csv": self.write_csv(out / "results.csv"),
            "json": self.write_json(out / "results.json"),
            "png": self.plot(out / "results.png"),
        }


def _short(name: str, width: int = 28) -> str:
    """A chart label: a checkpoint keeps only its last two path parts."""
    if name.startswith("ckpt:"):
        name = "ckpt:" + "/".join(Path(name[5:]).parts[-2:])
    return name if len(name) <= width else "..." + name[-(width - 3) :]


def _bars(ax, values: list[tuple[float, tuple[float, float]]], colour: str) -> None:
    """Bars at their values with asymmetric error bars down to ``lo``, up to ``hi``."""
    heights = [v for v, _ in values]
    err = [[v - lo for v, (lo, _) in values], [hi - v for v, (_, hi) in values]]
    ax.bar(range(len(values)), heights, yerr=err, capsize=4, color=colour)


def _agent(spec, env: str, n: int, options: dict) -> Agent:
    """The agent of a spec; a checkpoint is checked against the engine options too."""
    if isinstance(spec, str):
        return make_agent(spec, env, 0, n, options)
    return _build(spec, env, 0, n)


def _names(specs: list, env: str, n: int, options: dict) -> list[str]:
    """Display and rating names: the spec string, or the built agent's name.
    Building each agent here stops a bad kind or checkpoint before any game."""
    names = []
    for spec in specs:
        agent = _agent(spec, env, n, options)
        names.append(spec if isinstance(spec, str) else getattr(agent, "name", type(spec).__name__))
    return names


def _run(
    env: str,
    specs: list,
    names: list[str],
    schedule: Schedule,
    requested: int,
    *,
    workers: int,
    options: dict,
    progress: bool,
    record_path=None,
    note_agents: int | None = None,
) -> TournamentResult:
    """Play ``requested`` games rounded up to whole blocks of the schedule and
    fold the outcomes in game order; ``note_agents`` is the agent count the notes
    speak of (default: the schedule's)."""
    games = math.ceil(requested / schedule.block_size) * schedule.block_size
    n = schedule.num_players
    stats = [AgentStats(name, [0] * n, [0.0] * n) for name in names]
    book = RatingsBook()
    jobs = [(i, *schedule.seating(i)) for i in range(games)]
    size = max(1, min(50, math.ceil(games / (workers * 8))))
    chunks = [jobs[k : k + size] for k in range(0, games, size)]
    args = (env, specs, n, options, schedule.seed)
    bar = _progress(games, progress, f"{env} {n}p tournament")
    moves, truncated, last, first_write, pool, outcomes = 0, 0, None, True, None, []
    start = time.perf_counter()
    try:
        if workers > 1:
            # spawn, not fork: callers may run threads (torch), which fork can deadlock
            pool = ProcessPoolExecutor(
                workers, mp_context=get_context("spawn"), initializer=_init_worker, initargs=args
            )
            results = pool.map(_play_chunk, chunks)
        else:
            results = map(_Table(*args).play, chunks)
        for chunk in results:
            records = []
            for o in chunk:
                shares = win_shares(o.winners, n)
                for s, j in enumerate(o.seats):
                    a = stats[j]
                    a.seat_games[s] += 1
                    a.seat_wins[s] += shares[s]
                    a.score_sum += o.scores[s]
                    a.score_sq += o.scores[s] ** 2
                seated = [names[j] for j in o.seats]
                book.rate_game(env, seated, o.scores, o.winners)
                outcomes.append((seated, o.scores, o.winners))
                if record_path is not None:
                    tag = {"seed": schedule.seed, "agents": names}
                    game = (env, n, options, o.seed, seated, o.actions, o.scores, o.winners)
                    records.append(
                        make_record(*game, finished=True, game_index=o.index, tournament=tag)
                    )
                moves += len(o.actions)
                truncated += o.truncated
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
    elapsed = time.perf_counter() - start
    for a in stats:
        a.mu, a.sigma, a.ordinal = (book.get(env, a.name)[k] for k in ("mu", "sigma", "ordinal"))
    final = engine_class(env)(n, seed=last.seed, **options)
    for action in last.actions:
        final.apply(action)
    notes = _notes(note_agents or schedule.num_agents, n, requested, games, schedule)
    if truncated:
        notes.append(
            f"{truncated} of {games} games reached the safety cap on turns or rounds "
            "(truncated): nobody won them."
        )
    return TournamentResult(
        env=env,
        num_players=n,
        options=options,
        seed=schedule.seed,
        requested_games=requested,
        games=games,
        block_size=schedule.block_size,
        notes=notes,
        agents=stats,
        moves=moves,
        truncated=truncated,
        elapsed=elapsed,
        record_path=None if record_path is None else Path(record_path),
        last_game=final,
        outcomes=outcomes,
    )


def _check(env: str, num_players: int, games: int, workers: int, options: dict | None) -> dict:
    """Refuse impossible requests; the engine options with their defaults."""
    cls = engine_class(env)
    if not cls.min_players <= num_players <= cls.max_players:
        raise ValueError(
            f"{env} takes {cls.min_players} to {cls.max_players} players, not {num_players}"
        )
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    return cls.check_options(dict(options or {}))


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
    env = canonical_env(env_name)
    options = _check(env, num_players, games, workers, options)
    specs = list(agent_specs)
    if len(specs) < 2:
        raise ValueError(f"a tournament needs at least 2 agents, got {len(specs)}")
    if workers > 1:
        try:
            pickle.dumps(specs)
        except (pickle.PicklingError, AttributeError, TypeError) as e:
            raise ValueError(
                f"agents given as objects must pickle to run on {workers} workers ({e}); "
                "pass kinds such as 'heuristic' or use workers=1"
            ) from None
    names = _names(specs, env, num_players, options)
    twice = sorted({x for x in names if names.count(x) > 1})
    if twice:
        raise ValueError(f"each agent may be listed once; listed twice: {', '.join(twice)}")
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    schedule = Schedule.round_robin(len(specs), num_players, seed)
    return _run(
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


def _notes(a: int, n: int, requested: int, total: int, schedule: Schedule) -> list[str]:
    """What the schedule did to the request, in words for the report."""
    block, windows = schedule.block_size, len(schedule.windows)
    notes = []
    if total != requested:
        notes.append(
            f"{requested} games rounded up to {total}: whole blocks of {block} games "
            f"({windows} lineup(s) x {n} seat rotations on shared seeds)"
        )
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
    if schedule.shuffle:
        notes.append(
            f"{a} agents for {n} seats: each block reorders the agents (seeded) so "
            "that every pair meets equally often on average"
        )
    return notes


@dataclass
class HeadToHead:
    """A candidate against ``num_players - 1`` copies of a baseline."""

    env: str
    num_players: int
    candidate: str
    baseline: str
    games: int
    wins: float
    win_rate: float
    ci: tuple[float, float]
    mean_score: float
    score_ci: tuple[float, float]
    seat_win_rates: list[float | None]
    result: TournamentResult = field(repr=False)

    @property
    def truncated(self) -> float:
        """The share of games a safety cap cut short (won by nobody)."""
        return self.result.truncated / self.games

    @property
    def chance(self) -> float:
        """The win rate of an agent no better than the baseline."""
        return 1 / self.num_players


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
) -> HeadToHead:
    """The candidate (a kind, a ``ckpt:PATH``, an ``Agent`` or a factory
    ``f(seed) -> Agent``) in one seat, the baseline kind in the others; each
    seed is played with the candidate at every seat, so ``games`` is rounded
    up to a multiple of ``num_players``."""
    env = canonical_env(env_name)
    options = _check(env, num_players, games, workers, options)
    specs = [candidate_spec_or_agent, baseline_kind]
    names = _names(specs, env, num_players, options)
    if names[0] == names[1]:
        names[0] = f"{names[0]} (candidate)"
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    window = (0,) + (1,) * (num_players - 1)
    schedule = Schedule(2, num_players, seed, (window,))
    result = _run(
        env,
        specs,
        names,
        schedule,
        games,
        workers=workers,
        options=options,
        progress=progress,
        note_agents=num_players,  # one candidate and n-1 baseline copies: a full table
    )
    cand = result.agents[0]
    return HeadToHead(
        env=env,
        num_players=num_players,
        candidate=names[0],
        baseline=baseline_kind,
        games=cand.games,
        wins=cand.wins,
        win_rate=cand.win_rate,
        ci=cand.win_interval(),
        mean_score=cand.mean_score,
        score_ci=cand.score_interval(),
        seat_win_rates=[cand.seat_win_rate(s) for s in range(num_players)],
        result=result,
    )


# ----- command line ----------------------------------------------------------
def _tournament(args) -> int:
    from .agents.policy import CheckpointError

    try:
        options = parse_options(args.option)
        if not args.no_ratings:
            RatingsBook.load(args.ratings)  # a bad ratings file stops us before the games
        out = Path(args.out)
        result = run_tournament(
            args.game,
            args.players,
            args.agents,
            args.games,
            seed=args.seed,
            workers=args.workers,
            options=options,
            progress=not args.no_progress,
            record_path=out / "games.jsonl" if args.record else None,
        )
    except (ValueError, CheckpointError, FileNotFoundError) as e:
        raise SystemExit(str(e)) from None
    for note in result.notes:
        print(f"note: {note}")
    print(
        f"{result.env}, {result.num_players} players, {result.games} games "
        f"({result.games / result.elapsed:.0f} games/s), seed {result.seed}:"
    )
    print()
    print(result.table(markdown=True))
    print()
    paths = result.write(out)
    print(f"results: {paths['csv']}, {paths['json']}")
    if paths["png"] is None:
        print("note: matplotlib is missing (pip install 'zombie-envs[play]'); no chart written")
    else:
        print(f"chart: {paths['png']}")
    if result.record_path is not None:
        print(f"game records: {result.record_path} (zombie-envs replay {result.record_path})")
    if not args.no_ratings:
        try:
            with RatingsBook.locked(args.ratings) as book:
                result.rate(book)  # on the file as it is now: games rated meanwhile stay
        except (ValueError, OSError) as e:
            raise SystemExit(f"ratings not updated: {e}") from None
        print(f"shared ratings updated: {book.path}")
    return 0


def _ratings(args) -> int:
    try:
        book = RatingsBook.load(args.ratings)
        rows = book.table(args.game)
    except ValueError as e:
        raise SystemExit(str(e)) from None
    print(format_ratings(rows, markdown=args.markdown))
    print(f"({book.path})")
    return 0


def add_commands(subparsers) -> None:
    """Register the ``tournament`` and ``ratings`` subcommands."""
    from . import ENVS

    t = subparsers.add_parser(
        "tournament", help="bots play each other in rotated seats; OpenSkill ratings"
    )
    t.add_argument("--game", default="mall_of_horror_v0", choices=sorted(ENVS), help="env name")
    t.add_argument("--players", type=int, default=4)
    t.add_argument(
        "--agents", nargs="+", required=True, help="agent kinds: random heuristic ckpt:PATH ..."
    )
    t.add_argument("--games", type=int, default=200, help="rounded up to whole blocks")
    t.add_argument("--workers", type=int, default=1, help="processes playing games")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--out", default="out/tournament", help="folder for results and records")
    t.add_argument("--record", action="store_true", help="save every game to OUT/games.jsonl")
    t.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="engine option"
    )
    group = t.add_mutually_exclusive_group()
    group.add_argument(
        "--ratings", metavar="PATH", help=f"shared ratings file (default {ratings_path()})"
    )
    group.add_argument(
        "--no-ratings", action="store_true", help="leave the shared ratings file alone"
    )
    t.add_argument("--no-progress", action="store_true", help="no progress bar")
    t.set_defaults(func=_tournament)

    r = subparsers.add_parser("ratings", help="the shared ratings table: bots and humans")
    r.add_argument("--game", choices=sorted(ENVS), help="only this env")
    r.add_argument("--ratings", metavar="PATH", help=f"ratings file (default {ratings_path()})")
    r.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    r.set_defaults(func=_ratings)
