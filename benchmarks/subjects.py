"""What the speed benchmarks time, ours and the peer driven alike: our engines
from mid-game states and from fresh games, and OpenSpiel's C++ ``leduc_poker``
through pyspiel (the ``openspiel`` extra; ``pyspiel`` is None without it).

Random play on both sides: ``legal[rng.randrange(len(legal))]``, chance nodes
of the peer sampled from ``chance_outcomes``; a clone is ``clone()`` of a
mid-game state, a playout a clone (ours drawing its dice from the benchmark's
generator, ``clone(rng=...)``, as a search does) played to the end.
"""

from __future__ import annotations

import random
import time
from functools import cached_property

from zombie_envs.agents import make_agent
from zombie_envs.agents.search import ISMCTSAgent
from zombie_envs.registry import engine_class

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
        self.name = name
        self.cls = cls = engine_class(name)
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

    def fresh_game(self) -> int:
        """One random game from a fresh seed (the board built, the cards dealt);
        returns its decisions."""
        return self.play(self.cls(self.players, seed=self.rng.randrange(2**31)))

    def playout(self) -> int:
        """One random playout; returns its decisions."""
        return self.play(self.next_state().clone(rng=self.rng))

    def play(self, g) -> int:
        """Random legal actions to the end of ``g``; the decisions made."""
        rng = self.rng
        decisions = 0
        while not g.terminal:
            legal = g.legal
            g.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    def heuristic_playout(self) -> int:
        """A playout with the game's heuristic bot in every seat (what heuristic
        rollouts and training opponents play); returns its decisions."""
        g = self.next_state().clone(rng=self.rng)
        agents = self.heuristics
        decisions = 0
        while not g.terminal:
            seat = g.current_player
            g.apply(agents[seat].act(g, seat))
            decisions += 1
        return decisions

    @cached_property
    def heuristics(self) -> list:
        seats = range(self.players)
        return [make_agent("heuristic", self.name, s, self.players, {}) for s in seats]

    def searches(self, simulations: int, count: int) -> float:
        """Search decisions per second, one from each of ``count`` states."""
        agent = ISMCTSAgent(seed=0, simulations=simulations)
        start = time.perf_counter()
        for i in range(count):
            g = self.states[i % len(self.states)]
            agent.act(g, g.current_player)
        return count / (time.perf_counter() - start)


class Leduc(Subject):
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

    def fresh_game(self) -> int:
        """One random hand from the deal; returns its players' decisions."""
        return self.play(self.game.new_initial_state())

    def playout(self) -> int:
        return self.play(self.next_state().clone())

    def play(self, state) -> int:
        """Random moves to the end of ``state``; the players' decisions made."""
        rng, step = self.rng, self.step
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


def leduc_or_none(found: str) -> Leduc | None:
    """The peer, saying ``found`` (or, without pyspiel, that its columns are left out)."""
    if pyspiel is None:
        print(f"pyspiel is not importable (the openspiel extra): {PEER} columns left out")
        return None
    print(found)
    return Leduc()


def table_head(columns: list[str]) -> None:
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
