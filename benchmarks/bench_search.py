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
per leaf on ``leduc_poker``.  Without pyspiel the peer's columns are left out,
and the script says so.  Prints figures; asserts nothing.

    python benchmarks/bench_search.py [--seconds 1] [--slices 5] [--env ...]
        [--search] [--simulations 200] [--search-decisions 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import zombie_envs
from zombie_envs.agents.search import ISMCTSAgent

try:
    import pyspiel
except ImportError:  # the optional openspiel extra
    pyspiel = None

PEER = "leduc_poker"
#: random legal actions from the start to a benchmark's mid-game state
DEPTH = 60


def ratio(r: float) -> str:
    """``2.50x``, or ``1/1,200`` for a small one (no exponents in a table)."""
    return f"{r:.2f}x" if r >= 0.1 else f"1/{1 / r:,.0f}"


def timed(work, seconds: float) -> tuple[float, float]:
    """``(calls/s, units/s)`` of ``work()`` (which returns its units) run for ``seconds``."""
    calls = units = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        units += work()
        calls += 1
    return calls / elapsed, units / elapsed


class Subject:
    """Mid-game ``states`` taken in turn, each copied per call: what ours and the
    peer share."""

    states: list
    turn = 0

    def next_state(self):
        self.turn += 1
        return self.states[self.turn % len(self.states)]

    def clone(self) -> int:
        self.next_state().clone()
        return 1


class Ours(Subject):
    """One of our games at its default player count, from mid-game states."""

    def __init__(self, name: str, count: int = 3):
        cls = zombie_envs.ENVS[name].raw_env.engine_cls
        self.players = cls.default_players
        self.states = [self.mid_game(cls, seed) for seed in range(1, count + 1)]
        self.rng = random.Random(0)

    def mid_game(self, cls, seed: int):
        """``DEPTH`` random legal actions into a seeded game, then on to a choice
        of two actions or more (a search answers a single option at once)."""
        while True:
            g, rng = cls(self.players, seed=seed), random.Random(seed)
            decisions = 0
            while not g.terminal and (decisions < DEPTH or len(g.legal) < 2):
                g.apply(g.legal[rng.randrange(len(g.legal))])
                decisions += 1
            if not g.terminal:
                return g
            seed += 1000  # a game shorter than that: another one

    def playout(self) -> int:
        """One random playout; returns its decisions."""
        rng = self.rng
        g = self.next_state().clone(rng=rng)
        decisions = 0
        while not g.terminal:
            legal = g.legal
            g.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    def searches(self, simulations: int, count: int) -> float:
        """Search decisions per second, one from each of ``count`` states."""
        agent = ISMCTSAgent(seed=0, simulations=simulations)
        start = time.perf_counter()
        for i in range(count):
            g = self.states[i % len(self.states)]
            agent.act(g, g.current_player)
        return count / (time.perf_counter() - start)


class Peer(Subject):
    """OpenSpiel's ``leduc_poker``, driven the same way from mid-game states."""

    def __init__(self, count: int = 3):
        self.game = pyspiel.load_game(PEER)
        self.rng = random.Random(0)
        self.states = []
        seed = 0
        while len(self.states) < count:
            rng, seed = random.Random(seed), seed + 1
            state = self.game.new_initial_state()
            while not state.is_terminal() and (state.is_chance_node() or state.move_number() < 3):
                self.step(state, rng)  # the deal and the first bet
            if not state.is_terminal():
                self.states.append(state)

    @staticmethod
    def step(state, rng: random.Random) -> bool:
        """One move: a chance outcome by its probability, or a random legal
        action; True for a player's decision."""
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
            return False
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        return True

    def playout(self) -> int:
        state, rng, step = self.next_state().clone(), self.rng, self.step
        decisions = 0
        while not state.is_terminal():
            decisions += step(state, rng)
        return decisions

    def searches(self, simulations: int, count: int) -> float:
        evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
        bot = pyspiel.ISMCTSBot(0, evaluator, 1.0, simulations)
        start = time.perf_counter()
        for i in range(count):
            bot.step(self.states[i % len(self.states)])
        return count / (time.perf_counter() - start)


def measure(ours: Ours, peer: Peer | None, seconds: float, slices: int) -> dict:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    parser.add_argument("--slices", type=int, default=5, help="alternations per env")
    parser.add_argument("--env", nargs="*", default=sorted(zombie_envs.ENVS))
    parser.add_argument("--search", action="store_true", help="time search decisions too")
    parser.add_argument("--simulations", type=int, default=200, help="per search decision")
    parser.add_argument("--search-decisions", type=int, default=3, help="timed per game")
    args = parser.parse_args()
    peer = None
    if pyspiel is None:
        print(f"pyspiel is not importable (the openspiel extra): {PEER} columns left out")
    else:
        peer = Peer()
        print(f"peer: OpenSpiel's {PEER} (C++, through pyspiel {pyspiel.__version__})")
    vs = [f"ratio vs {PEER}"] if peer else []
    columns = ["env", "players", "clones/s", *vs, "playouts/s", *vs]
    columns += ["decisions/s in playouts", *vs]
    if args.search:
        columns += [f"search decisions/s ({args.simulations} simulations)", *vs]
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    peer_figures = []
    for name in args.env:
        ours = Ours(name)
        m = measure(ours, peer, args.seconds, args.slices)
        cells = [name, str(ours.players)]
        for key in ("clones", "playouts", "decisions"):
            cells.append(f"{m[key]:,.0f}")
            if peer:
                cells.append(ratio(m[key + " ratio"]))
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


if __name__ == "__main__":
    main()
