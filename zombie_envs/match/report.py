"""What a match found: per-agent statistics, the table, files and a chart.

A *seat-game* (one seat in one game) is one trial: a win shared by ``k``
seats counts ``1/k``, a game won by no seat (a horde, a safety cap) is a loss
for every seat, and an agent filling two seats of a game counts twice.
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from ..arena import win_shares
from ..core.narration import count
from ..helpers.tables import render_table
from ..ratings import RatingsBook
from ..registry import engine_class


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (fractional successes
    allowed, for shared wins); sound even near 0 or 1 and for small ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if p <= 0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1 else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class AgentStats:
    """One agent's tally over its seat-games."""

    name: str
    seat_games: list[int]
    seat_wins: list[float]
    score_sum: float = 0.0
    score_sq: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0

    def add(self, seat: int, win_share: float, score: float) -> None:
        """One seat-game at ``seat``."""
        self.seat_games[seat] += 1
        self.seat_wins[seat] += win_share
        self.score_sum += score
        self.score_sq += score**2

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
    """A match's settings and per-agent statistics, filled game by game in
    game order (``add``), then rated (``finish``)."""

    env: str
    num_players: int
    options: dict
    seed: int
    requested_games: int
    block_size: int
    agents: list[AgentStats]
    games: int = 0
    moves: int = 0
    #: games a safety cap cut short (counted as won by nobody)
    truncated: int = 0
    elapsed: float = 0.0
    notes: list[str] = field(default_factory=list)
    record_path: Path | None = None
    last_game: object = field(repr=False, default=None)
    #: ``(names by seat, scores, winners)`` of every game, in game order
    outcomes: list[tuple[list[str], list[float], list[int]]] = field(
        repr=False, default_factory=list
    )

    @classmethod
    def start(cls, env: str, names: list[str], num_players: int, **settings) -> TournamentResult:
        """An empty result for agents ``names``; ``settings`` are the other fields."""
        n = num_players
        agents = [AgentStats(name, [0] * n, [0.0] * n) for name in names]
        return cls(env, n, agents=agents, **settings)

    def add(self, seats, scores, winners, moves: int = 0, truncated: bool = False) -> None:
        """Fold one game in: agent ``seats[s]`` played seat ``s``."""
        shares = win_shares(winners, self.num_players)
        for s, j in enumerate(seats):
            self.agents[j].add(s, shares[s], scores[s])
        self.outcomes.append(([self.agents[j].name for j in seats], list(scores), list(winners)))
        self.games += 1
        self.moves += moves
        self.truncated += truncated

    def finish(self) -> None:
        """Rate every game in game order and note the truncated games."""
        book = RatingsBook()
        self.rate(book)
        for a in self.agents:
            a.mu, a.sigma, a.ordinal = (
                book.get(self.env, a.name)[k] for k in ("mu", "sigma", "ordinal")
            )
        if self.truncated:
            self.notes.append(
                f"{self.truncated} of {count(self.games, 'game')} reached the safety cap on "
                "turns or rounds (truncated): nobody won them."
            )

    def rate(self, book: RatingsBook) -> None:
        """Rate this match's games in ``book``, in game order (the command
        does it on the shared file under its lock, once the games are played)."""
        for names, scores, winners in self.outcomes:
            book.rate_game(self.env, names, scores, winners)

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else float("inf")

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
        from .. import __version__

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
        """The ratings the table ranks by, win rates and mean scores, with their
        intervals, as a PNG; ``None`` when matplotlib (in the play and train
        extras) is missing."""
        from .chart import plot

        return plot(self, path)

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


def _conf(z: float) -> str:
    """Confidence level of a two-sided normal quantile, e.g. 1.96 -> 95%."""
    return f"{100 * math.erf(z / math.sqrt(2)):.0f}%"


@dataclass
class HeadToHead:
    """A candidate against ``num_players - 1`` copies of a baseline: the
    candidate's line of a one-against-rest match."""

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
    #: the role the candidate played (its seats only), or ``None`` for every seat
    role: str | None = None

    @classmethod
    def of(cls, result: TournamentResult, baseline: str, role: str | None = None) -> HeadToHead:
        """The candidate (agent 0) of ``result`` against ``baseline``."""
        cand, n = result.agents[0], result.num_players
        return cls(
            env=result.env,
            num_players=n,
            candidate=cand.name,
            baseline=baseline,
            games=cand.games,
            wins=cand.wins,
            win_rate=cand.win_rate,
            ci=cand.win_interval(),
            mean_score=cand.mean_score,
            score_ci=cand.score_interval(),
            seat_win_rates=[cand.seat_win_rate(s) for s in range(n)],
            result=result,
            role=role,
        )

    @property
    def truncated(self) -> float:
        """The share of games a safety cap cut short (won by nobody)."""
        return self.result.truncated / self.games

    @property
    def chance(self) -> float | None:
        """The win rate of an agent no better than the baseline; ``None`` for one
        role of an asymmetric game, where it is the baseline's own rate in that
        role (``benchmarks/bench_seats.py`` measures it)."""
        return 1 / self.num_players if self.role is None else None


def format_head_to_head(rows: list[HeadToHead], markdown: bool = False) -> str:
    """One line per (candidate, baseline): win rate with its 95% interval."""
    head = ["candidate", "against", "games", "win rate", "95% CI", "chance", "mean score"]
    head += ["truncated", "games/s"]
    body = []
    for r in rows:
        lo, hi = r.ci
        body.append(
            [
                r.candidate.removeprefix("ckpt:") + (f" as {r.role}" if r.role else ""),
                f"{r.num_players - 1} x {r.baseline}",
                str(r.games),
                f"{100 * r.win_rate:.1f}%",
                f"[{100 * lo:.1f}%, {100 * hi:.1f}%]",
                "-" if r.chance is None else f"{100 * r.chance:.1f}%",
                f"{r.mean_score:.2f}",
                f"{100 * r.truncated:.1f}%",
                f"{r.result.games_per_second:.1f}",
            ]
        )
    table = render_table(head, body, [False, False] + [True] * 7, markdown)
    notes = dict.fromkeys(note for r in rows for note in r.result.notes)  # once each, in order
    return "\n".join([table, *(f"note: {note}" for note in notes)])
