"""The chart of a match: win rates and mean scores with their intervals.

Kept apart from the report because it alone needs matplotlib (in the play
and train extras); without it the chart is skipped, not the report.
"""

from __future__ import annotations

from pathlib import Path


def plot(result, path: str | Path) -> Path | None:
    """``result`` (a ``TournamentResult``) as a PNG at ``path``: win rates and
    mean scores, best agent first, with their 95% intervals; ``None`` when
    matplotlib is missing."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return None
    agents = result.ranking()
    names = [_label(a.name) for a in agents]
    x = list(range(len(agents)))
    fig = Figure(figsize=(max(6.0, 1.2 * len(agents) + 3), 4.2), dpi=110)
    FigureCanvasAgg(fig)
    left, right = fig.subplots(1, 2)
    _bars(left, [(a.win_rate, a.win_interval()) for a in agents], "tab:blue")
    left.axhline(1 / result.num_players, color="grey", ls="--", label="chance")
    left.set_ylabel("win rate (95% Wilson CI)")
    left.set_ylim(0, 1)
    left.legend(loc="best")
    _bars(right, [(a.mean_score, a.score_interval()) for a in agents], "tab:orange")
    right.set_ylabel("mean score (95% CI)")
    for ax in (left, right):
        ax.set_xticks(x)
        ax.set_xticklabels(names, rotation=20, ha="right")
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle(f"{result.env}, {result.num_players} players, {result.games} games")
    fig.tight_layout()
    fig.savefig(path)
    return Path(path)


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
