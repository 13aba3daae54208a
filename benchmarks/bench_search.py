"""What a search costs: engine clones, random playouts and decisions per second of
every game, against OpenSpiel's C++ ``leduc_poker`` (through pyspiel) in the same run.

From mid-game states (60 random legal actions into seeded games): exact clones
(``clone()``, the same future dice); random playouts, each a clone drawing its
dice from the benchmark's generator (``clone(rng=...)``, what a search does)
played with random legal actions to the end; and the decisions those playouts
make.  The peer does the same with ``state.clone()``, ``legal_actions`` /
``apply_action`` and chance nodes sampled from ``chance_outcomes``.  The two
alternate in short slices so machine noise hits both alike; a ratio is the
median of the per-slice ratios (ours over the peer's).  With ``--search``,
search decisions per second too: ``ISMCTSAgent`` (random rollouts) from a few
mid-game states, against OpenSpiel's C++ ``ISMCTSBot`` with one random rollout
per leaf on ``leduc_poker``.  With ``--heuristic``, the decisions of playouts
with the game's heuristic bot in every seat (what heuristic rollouts and
training opponents play), against the peer's random decisions (it has no
heuristic).  With ``--clone-parts``, where a clone's time goes: the new object
with a copy of its attribute dict, the flat lists copied, the tables (lists of
lists) copied.  Without pyspiel the peer's columns are left out,
and the script says so.  Prints figures; asserts nothing.

    python benchmarks/bench_search.py [--seconds 1] [--slices 5] [--env ...]
        [--heuristic] [--search] [--simulations 200] [--search-decisions 3]
        [--clone-parts]
"""

from __future__ import annotations

import argparse
import statistics

from subjects import PEER, Leduc, Ours, leduc_or_none, ratio, table_head, timed

import zombie_envs
from zombie_envs.core.copying import dup as _dup
from zombie_envs.core.game import _BLANK, _state_dict


def measure(ours: Ours, peer: Leduc | None, seconds: float, slices: int) -> dict:
    """Each figure's median over the slices, and its median per-slice ratio to the peer."""
    runs = {"clones": [], "playouts": [], "decisions": []}
    peer_runs = {"clones": [], "playouts": [], "decisions": []}
    for _ in range(slices):
        for side, into in ((ours, runs), (peer, peer_runs)):
            if side is None:
                continue
            into["clones"].append(timed(side.clone, seconds)[0])
            playouts, decisions = timed(side.playout, seconds)
            into["playouts"].append(playouts)
            into["decisions"].append(decisions)
    out = {}
    for key, values in runs.items():
        out[key] = statistics.median(values)
        if peer is not None:
            theirs = peer_runs[key]
            out["peer " + key] = statistics.median(theirs)
            out[key + " ratio"] = statistics.median(
                a / b for a, b in zip(values, theirs, strict=True)
            )
    return out


def clone_parts(ours: Ours, seconds: float, slices: int) -> list[str]:
    """Microseconds of a clone of a mid-game state and of its parts, each the
    median over the slices: the object with its dict copied, the flat lists, the
    tables (``Engine.clone`` copies exactly these)."""
    g = ours.states[0]
    state, (flat, tables) = _state_dict(g), g._lists

    def shell() -> None:
        if state:
            object.__new__(type(g)).__dict__ = state.copy()
        else:  # a compiled engine: its fields in slots, copied one by one in C
            type(g)(_BLANK)

    def flat_lists() -> None:
        for name in flat:
            state[name][:]

    def table_lists() -> None:
        for name in tables:
            _dup(state[name])

    def micros(work) -> str:
        def once() -> int:
            work()
            return 1

        return f"{1e6 / statistics.median(timed(once, seconds)[0] for _ in range(slices)):.2f}"

    parts = [micros(g.clone), micros(shell), str(len(flat)), micros(flat_lists)]
    return parts + [str(len(tables)), micros(table_lists)]


def print_clone_parts(names: list[str], peer: Leduc | None, seconds: float, slices: int) -> None:
    print()
    table_head(["env", "us/clone", "object and dict", "flat lists", "us", "tables", "us"])
    for name in names:
        print("| " + " | ".join([name, *clone_parts(Ours(name), seconds, slices)]) + " |")
    if peer is not None:
        found = statistics.median(timed(peer.clone, seconds)[0] for _ in range(slices))
        print(f"{PEER}: {1e6 / found:.2f} us/clone")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    parser.add_argument("--slices", type=int, default=5, help="alternations per env")
    parser.add_argument("--env", nargs="*", default=sorted(zombie_envs.ENVS))
    parser.add_argument("--search", action="store_true", help="time search decisions too")
    parser.add_argument(
        "--heuristic", action="store_true", help="time playouts of the heuristic bots too"
    )
    parser.add_argument("--simulations", type=int, default=200, help="per search decision")
    parser.add_argument("--search-decisions", type=int, default=3, help="timed per game")
    parser.add_argument("--clone-parts", action="store_true", help="time the parts of a clone too")
    args = parser.parse_args()
    peer = leduc_or_none(f"peer: OpenSpiel's {PEER} (C++, through pyspiel)")
    vs = [f"ratio vs {PEER}"] if peer else []
    columns = ["env", "players", "clones/s", *vs, "playouts/s", *vs]
    columns += ["decisions/s in playouts", *vs]
    if args.heuristic:
        columns += ["heuristic decisions/s in playouts", *vs]
    if args.search:
        columns += [f"search decisions/s ({args.simulations} simulations)", *vs]
    table_head(columns)
    peer_figures = []
    for name in args.env:
        ours = Ours(name)
        m = measure(ours, peer, args.seconds, args.slices)
        cells = [name, str(ours.players)]
        for key in ("clones", "playouts", "decisions"):
            cells.append(f"{m[key]:,.0f}")
            if peer:
                cells.append(ratio(m[key + " ratio"]))
        if args.heuristic:  # against the peer's random decisions: it has no heuristic
            found = statistics.median(
                timed(ours.heuristic_playout, args.seconds)[1] for _ in range(args.slices)
            )
            cells.append(f"{found:,.0f}")
            if peer:
                cells.append(ratio(found / m["peer decisions"]))
        if args.search:
            found = ours.searches(args.simulations, args.search_decisions)
            cells.append(f"{found:.2f}")
            if peer:
                theirs = peer.searches(args.simulations, args.search_decisions)
                cells.append(ratio(found / theirs))
                m["peer searches"] = theirs
        if peer:
            peer_figures.append(m)
        print("| " + " | ".join(cells) + " |", flush=True)
    if peer_figures:
        keys = ["clones", "playouts", "decisions"] + (["searches"] if args.search else [])
        alone = [
            f"{statistics.median(f['peer ' + k] for f in peer_figures):,.0f} {k}/s" for k in keys
        ]
        print(f"{PEER} alone (median over the rows): " + ", ".join(alone))
    if args.clone_parts:
        print_clone_parts(args.env, peer, args.seconds, args.slices)


if __name__ == "__main__":
    main()
