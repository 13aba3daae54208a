"""The compiled build beside the pure-Python package, in one run.

Two copies of the package are made in a scratch folder, one left as it is and
one with the modules of ``zombie_envs/compiled.py`` compiled by mypyc in place
(the ``dev`` extra has mypy).  Worker processes, one copy on their path each,
alternate in short slices so machine noise hits both alike; each times, with
its peer beside it in the same process: engine decisions of random games from
fresh seeds (the board built, the cards dealt), clones of mid-game states and
random playouts from them, against OpenSpiel's C++ ``leduc_poker``; AEC turns of
random masked play through the standard loop, against PettingZoo's
``texas_holdem_v4``; playouts of the heuristic bots (``subjects.Ours``) and
``ismcts:200`` decisions (against OpenSpiel's ISMCTS bot on ``leduc_poker`` at
200 simulations); and the memory of one reset env and of one clone.  A figure
is the median over the slices; ``compiled / pure`` the median of the per-slice
ratios.  Without pyspiel the ``leduc_poker`` columns are left out.  Prints
figures; asserts nothing.

    python benchmarks/bench_compiled.py [--seconds 1] [--slices 5] [--env ...]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import zombie_envs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUILDS = ("pure", "compiled")
#: figure -> (its words, the peer's figure it is set against: None, none)
FIGURES = {
    "fresh": ("decisions/s in fresh games", "peer fresh"),
    "clones": ("clones/s of mid-game states", "peer clones"),
    "playouts": ("random playouts/s", "peer playouts"),
    "turns": ("AEC turns/s (vs texas_holdem_v4)", "peer turns"),
    "heuristic": ("heuristic decisions/s in playouts", "peer fresh"),
    "ismcts": ("ismcts:200 decisions/s", "peer ismcts"),
    "env KiB": ("KiB per reset env", None),
    "clone KiB": ("KiB per clone", None),
}
#: simulations of a search decision, ours and the peer's
SIMULATIONS = 200


def copies(scratch: Path) -> dict[str, Path]:
    """The package twice under ``scratch``, the second compiled in place."""
    out = {}
    for build in BUILDS:
        dest = scratch / build
        shutil.copytree(
            ROOT / "zombie_envs",
            dest / "zombie_envs",
            ignore=shutil.ignore_patterns("*.so", "__pycache__"),
        )
        for name in ("setup.py", "pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, dest / name)
        for mapped in ("checkpoints", "configs"):
            (dest / mapped).mkdir()
        out[build] = dest
    print("compiling the compiled build's modules (about a minute)...", flush=True)
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=out["compiled"],
        env={**os.environ, "ZOMBIE_ENVS_COMPILE": "1"},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out


def worker(env: str, seconds: float) -> dict:
    """One slice of every figure of ``env`` in this process (run with one copy)."""
    import random

    from bench_envs import aec_turns, allocated, reset_env
    from pettingzoo.classic import texas_holdem_v4
    from subjects import Ours, pyspiel, timed

    import zombie_envs
    from zombie_envs.compiled import loaded_compiled

    ours, rng = Ours(env), random.Random(0)
    module = zombie_envs.ENVS[env]
    searches = max(1, round(seconds))
    out = {
        "compiled": all(loaded_compiled().values()),
        "fresh": timed(ours.fresh_game, seconds)[1],
        "playouts": timed(ours.playout, seconds)[0],
        "heuristic": timed(ours.heuristic_playout, seconds)[1],
        "clones": timed(ours.clone, seconds)[0],
        "turns": aec_turns(module.env(num_players=ours.players), seconds, rng),
        "peer turns": aec_turns(texas_holdem_v4.env(), seconds, rng),
        "ismcts": ours.searches(SIMULATIONS, searches),
        "env KiB": allocated(lambda: reset_env(module, ours.players)) / 1024,
        "clone KiB": allocated(ours.states[0].clone) / 1024,
    }
    if pyspiel is not None:
        from subjects import Leduc

        peer = Leduc()
        out["peer playouts"] = timed(peer.playout, seconds)[0]
        out["peer fresh"] = timed(peer.fresh_game, seconds)[1]
        out["peer clones"] = timed(peer.clone, seconds)[0]
        out["peer ismcts"] = peer.searches(SIMULATIONS, 20 * searches)
    return out


def run_worker(path: Path, env: str, seconds: float) -> dict:
    found = subprocess.run(
        [sys.executable, __file__, "--worker", env, "--seconds", str(seconds)],
        cwd=path,
        env={**os.environ, "PYTHONPATH": f"{path}{os.pathsep}{HERE}", "OMP_NUM_THREADS": "1"},
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(found.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one figure's slice")
    parser.add_argument("--slices", type=int, default=5, help="alternations per env")
    parser.add_argument("--env", nargs="*", default=sorted(zombie_envs.ENVS))
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.seconds)))
        return
    from tqdm import tqdm

    with tempfile.TemporaryDirectory() as scratch:
        paths = copies(Path(scratch))
        runs = {(env, b): [] for env in args.env for b in BUILDS}
        with tqdm(total=len(args.env) * args.slices * 2, desc="slices", unit="run") as bar:
            for env in args.env:
                for _ in range(args.slices):
                    for build in BUILDS:
                        found = run_worker(paths[build], env, args.seconds)
                        if found["compiled"] != (build == "compiled"):
                            raise SystemExit(f"the {build} copy loaded the wrong modules")
                        runs[env, build].append(found)
                        bar.update()
    report(runs, args.env)


def report(runs: dict, envs: list[str]) -> None:
    from subjects import ratio

    leduc = "peer playouts" in runs[envs[0], "pure"][0]
    columns = ["env", "figure", "pure", "compiled", "compiled / pure", "pure vs peer"]
    print("| " + " | ".join([*columns, "compiled vs peer"]) + " |")
    print("|" + "---|" * (len(columns) + 1))
    for env in envs:
        pure, comp = runs[env, "pure"], runs[env, "compiled"]
        for key, (words, theirs) in FIGURES.items():
            cells = [env, words]
            for side in (pure, comp):
                mid = statistics.median(r[key] for r in side)
                cells.append(f"{mid:,.1f}" if mid >= 10 else f"{mid:.2f}")
            gain = statistics.median(c[key] / p[key] for p, c in zip(pure, comp, strict=True))
            cells.append(f"{gain:.2f}x")
            for side in (pure, comp):
                known = theirs is not None and (leduc or theirs == "peer turns")
                mid = statistics.median(s[key] / s[theirs] for s in side) if known else None
                cells.append(ratio(mid) if mid is not None else "")
            print("| " + " | ".join(cells) + " |")
    print(
        "peers: leduc_poker (OpenSpiel C++) for decisions, clones, playouts, heuristic "
        "decisions (against its random decisions) and ISMCTS; texas_holdem_v4 for AEC turns"
    )


if __name__ == "__main__":
    main()
