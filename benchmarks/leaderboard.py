"""The leaderboard: one OpenSkill tournament a game between every kind of bot.

For each game, at its default player count: the random bot, the heuristic, a
search guided by the heuristic (``ismcts:N:heuristic``, N the largest budget
that keeps a tournament of a hundred games within minutes here) and the
shipped policy where there is one (``pretrained``), seats rotated on shared
seeds (``zombie_envs.match.run_tournament``).  Each agent's seconds per
decision are timed in this process.  Writes ``docs/leaderboard.md`` (a table a
game, with win rates, intervals, ratings, time per decision and the command)
and a chart a game in ``docs/images/``.

    python benchmarks/leaderboard.py [--games 60] [--seed 2026]
        [--game maul_of_america_v0 ...] [--search maul_of_america_v0=ismcts:20:heuristic]
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from bench_strength import Timed

from zombie_envs.agents import pretrained_for
from zombie_envs.match import run_tournament
from zombie_envs.registry import engine_class

ROOT = Path(__file__).resolve().parents[1]
#: env -> (players, the search that fits): about 50 ms a decision on two loaded cores
#: (Maul of America and Mall Walkers make 30-70 playouts a second, Mall of Horror 500+)
GAMES = {
    "mall_of_horror_v0": (4, "ismcts:15:heuristic"),
    "we_are_dead_v0": (3, "ismcts:10:heuristic"),
    "maul_of_america_v0": (3, "ismcts:3:heuristic"),
    "zombies_mall_walkers_v0": (4, "ismcts:2:heuristic"),
}


def lineup(env: str, players: int, search: str) -> list[str]:
    """The agents of a game's tournament: the shipped policy only where one is."""
    specs = ["random", "heuristic", search]
    try:
        pretrained_for(env, players)
    except ValueError:
        return specs
    return [*specs, "pretrained"]


def board(env: str, players: int, specs: list[str], games: int, seed: int, progress: bool):
    """One game's tournament: its result and each agent's seconds per decision."""
    timers = [Timed(spec, env, players, {}) for spec in specs]
    result = run_tournament(env, players, timers, games, seed=seed, progress=progress)
    per = {
        spec: (t.seconds / t.decisions if t.decisions else 0.0)
        for spec, t in zip(specs, timers, strict=True)
    }
    return result, per


def section(env: str, result, per: dict[str, float], chart: str, command: str) -> list[str]:
    rows = {a["agent"]: a for a in result.to_dict()["agents"]}
    lines = [
        f"## {env}",
        "",
        f"{result.num_players} players, {result.games} games, seed {result.seed}, engine "
        f"version {engine_class(env).version}; chance {100 / result.num_players:.1f}%.",
        "",
        "| rank | agent | ordinal | win rate | 95% CI | mean score | ms per decision |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    ranked = sorted(rows.values(), key=lambda a: -a["ordinal"])
    for rank, a in enumerate(ranked, 1):
        lines.append(
            f"| {rank} | {a['agent']} | {a['ordinal']:.2f} | {100 * a['win_rate']:.1f}% | "
            f"[{100 * a['win_ci_low']:.1f}, {100 * a['win_ci_high']:.1f}] | "
            f"{a['mean_score']:.2f} | {1000 * per.get(a['agent'], 0.0):.2f} |"
        )
    lines += ["", f"![{env} leaderboard](images/{chart})", "", f"`{command}`", ""]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games a tournament")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument(
        "--search", action="append", default=[], metavar="ENV=SPEC", help="another search"
    )
    parser.add_argument("--out", default=str(ROOT / "docs"), help="where the page goes")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    searches = {env: spec for env, (_, spec) in GAMES.items()}
    for item in args.search:
        env, _, spec = item.partition("=")
        if env not in GAMES or not spec.startswith("ismcts"):
            parser.error(f"--search takes ENV=ismcts:..., ENV one of {', '.join(GAMES)}")
        searches[env] = spec
    out = Path(args.out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    page = [
        "# Leaderboard",
        "",
        "Every kind of bot of each game in one OpenSkill tournament, seats rotated on "
        "shared seeds: the random bot, the heuristic, a search guided by it at the largest "
        "budget that fits a few minutes here, and the shipped policy where there is one. "
        "Win rates count a shared win as 1/k; ms per decision is the agent's own thinking "
        "time on this machine. In Maul of America an agent's win rate mixes its games as "
        "the Zombie Controller and as a Shopper (every agent sits in every seat equally "
        "often). Regenerated by `python benchmarks/leaderboard.py`.",
        "",
    ]
    sections = {}
    for env in args.game:
        players = GAMES[env][0]
        specs = lineup(env, players, searches[env])
        result, per = board(env, players, specs, args.games, args.seed, not args.no_progress)
        chart = f"leaderboard_{env}.png"
        with tempfile.TemporaryDirectory() as tmp:
            png = result.write(tmp)["png"]
            if png is not None:
                shutil.copyfile(png, out / "images" / chart)
        command = ["python", "benchmarks/leaderboard.py", "--game", env]
        command += ["--games", str(args.games), "--seed", str(args.seed)]
        command += ["--search", f"{env}={searches[env]}"]
        sections[env] = section(env, result, per, chart, shlex.join(command))
        print("\n".join(sections[env]))
    path = out / "leaderboard.md"
    kept = _sections(path.read_text(encoding="utf-8")) if path.is_file() else {}
    missing = [env for env in GAMES if env not in sections and env not in kept]
    if missing:  # a page with a game left out would mislead: write it whole or not at all
        print(f"{path} not written: no section yet for {', '.join(missing)}")
        return 0
    for env in GAMES:
        page += sections.get(env) or kept[env]
    path.write_text("\n".join(page).rstrip("\n") + "\n", encoding="utf-8")
    print(f"wrote {path} (new: {', '.join(sections)})")
    return 0


def _sections(text: str) -> dict[str, list[str]]:
    """The page's sections by game (its ``## env`` heading to the next)."""
    out, env = {}, None
    for line in text.splitlines():
        if line.startswith("## "):
            env = line[3:].strip()
            out[env] = []
        if env is not None:
            out[env].append(line)
    return out


if __name__ == "__main__":
    sys.exit(main())
