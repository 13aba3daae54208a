"""The chart of a match: the ratings it ranks by, win rates and mean scores,
each with its interval.

Kept apart from the report because it alone needs matplotlib (in the play
and train extras); without it the chart is skipped, not the report.
"""

from __future__ import annotations

from pathlib import Path

from ..core.narration import count


def plot(result, path: str | Path) -> Path | None:
    """``result`` (a ``TournamentResult``) as a PNG at ``path``, best agent first
    (the table's order): the OpenSkill rating (mu, with mu +- 3 sigma; the
    ranking's ordinal is the lower end), win rates and mean scores with their
    95% intervals; ``None`` when matplotlib is missing."""
    try:
        fig = figure(result)
    except ImportError:
        return None
    fig.savefig(path)
    return Path(path)


def figure(result):
    """The chart as a matplotlib ``Figure`` (raises ``ImportError`` without matplotlib)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    agents = result.ranking()
    names = [_label(a.name) for a in agents]
    x = list(range(len(agents)))
    fig = Figure(figsize=(max(9.0, 1.8 * len(agents) + 4), 4.2), dpi=110)
    FigureCanvasAgg(fig)
    rating, left, right = fig.subplots(1, 3)
    _bars(rating, [(a.mu, (a.ordinal, a.mu + 3 * a.sigma)) for a in agents], "tab:green")
    rating.set_ylabel("rating mu, bar to mu +- 3 sigma")
    rating.set_title("ranked by mu - 3 sigma", fontsize=9)
    _bars(left, [(a.win_rate, a.win_interval()) for a in agents], "tab:blue")
    left.axhline(1 / result.num_players, color="grey", ls="--", label="chance")
    left.set_ylabel("win rate (95% Wilson CI)")
    left.set_ylim(0, 1)
    left.legend(loc="best")
    _bars(right, [(a.mean_score, a.score_interval()) for a in agents], "tab:orange")
    right.set_ylabel("mean score (95% CI)")
    for ax in (rating, left, right):
        ax.set_xticks(x)
        ax.set_xticklabels(names, rotation=20, ha="right")
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle(f"{result.env}, {result.num_players} players, {count(result.games, 'game')}")
    fig.tight_layout()
    return fig


def _label(name: str, width: int = 28) -> str:
    """A chart label that fits: a checkpoint keeps only its last two path parts."""
    if name.startswith("ckpt:"):
        name = "ckpt:" + "/".join(Path(name[5:]).parts[-2:])
    return name if len(name) <= width else "..." + name[-(width - 3) :]


def _bars(ax, values: list[tuple[float, tuple[float, float]]], colour: str) -> None:
    """Bars at their values with asymmetric error bars down to ``lo``, up to ``hi``."""
    heights = [v for v, _ in values]
    err = [[v - lo for v, (lo, _) in values], [hi - v for v, (_, hi) in values]]
    ax.bar(range(len(values)), heights, yerr=err, capsize=4, color=colour)
