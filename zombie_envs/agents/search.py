"""Information Set Monte Carlo Tree Search (single observer; Cowling, Powley and
Whitehouse, 2012): a search agent for every game of the suite that needs no training.

Each simulation draws a full state the searching seat cannot tell from the
true one (``Engine.resample``: other hands, deck order, unrevealed choices and
future dice redrawn), then walks one tree of the seat's information sets with
UCB, where a child's exploration counts only the simulations in which its move
was legal (the "availability" count of the paper), expands one move, plays on
with a rollout agent to the end (or asks a trained critic for every seat's
expected return instead) and backs up each seat's return to the moves that
seat chose.  When an agent plays the rollouts (or owns the critic), its move
at each node is tried first and gets a progressive bias (Chaslot et al.,
2008) that fades as visits grow: in long games one move's rollouts differ
little from another's, and an unguided search at a few hundred simulations
picks among near-ties by noise.  Dice fall inside ``apply`` from the sampled state's own
generator, so the tree is open loop over chance.

The agent reads only what its seat may see: the true state is used only to
resample, and a resample depends only on what the seat has seen and the
agent's generator, so two true states the seat cannot tell apart give the
same decision for the same seed.  A budget in simulations is reproducible; one
in seconds depends on the machine.
"""

from __future__ import annotations

import math
import random
import re
import time

from ..core.agent import Agent, RandomAgent

#: ``ismcts:BUDGET[:ROLLOUT]``: BUDGET simulations (``200``) or seconds (``0.5s``)
SPEC = re.compile(r"^ismcts:(?P<budget>\d+|\d*\.?\d+s)(?::(?P<rollout>.+))?$")
SPEC_HELP = "ismcts:SIMS[:ROLLOUT] or ismcts:SECONDSs[:ROLLOUT], ROLLOUT random|heuristic|..."


def parse_spec(spec: str) -> tuple[int | None, float | None, str]:
    """``(simulations, seconds, rollout kind)`` of an ``ismcts:`` spec, or a
    ``ValueError`` that shows the form."""
    m = SPEC.match(spec)
    if not m:
        raise ValueError(f"bad search agent spec {spec!r}; the form is {SPEC_HELP}")
    budget, rollout = m["budget"], m["rollout"] or "random"
    if rollout.startswith("ismcts"):
        raise ValueError(f"{spec!r}: a search cannot roll out with another search")
    if budget.endswith("s"):
        seconds = float(budget[:-1])
        if seconds <= 0:
            raise ValueError(f"{spec!r}: the time budget must be positive")
        return None, seconds, rollout
    if int(budget) < 1:
        raise ValueError(f"{spec!r}: at least one simulation")
    return int(budget), None, rollout


class _Node:
    """A move of the tree: the seat that chose it, how often it was tried, the
    chooser's summed return, and in how many simulations it was legal."""

    __slots__ = ("seat", "visits", "total", "avail", "children")

    def __init__(self, seat: int):
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[int, _Node] = {}


class ISMCTSAgent(Agent):
    """Single-observer IS-MCTS with ``simulations`` per decision (or ``seconds``),
    UCB constant ``c`` on returns in [-1, 1], and rollouts by ``rollout`` (an
    ``Agent``; ``None``: uniformly random moves, the fastest).  A ``leaf``
    (``leaf(game) -> every seat's expected return``, e.g. a checkpoint's
    critic) replaces the rollouts: cheaper, and as good as the critic.  A
    ``guide`` agent (by default the rollout agent) adds ``bias / (visits + 1)``
    to its own move's score at every node."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        simulations: int | None = 200,
        seconds: float | None = None,
        rollout: Agent | None = None,
        c: float = 1.0,
        name: str | None = None,
        leaf=None,
        guide: Agent | None = None,
        bias: float = 5.0,
    ):
        super().__init__(seed)
        if (simulations is None) == (seconds is None):
            raise ValueError("give a search either simulations or seconds, not both")
        self.simulations = simulations
        self.seconds = seconds
        self.rollout = rollout
        self.leaf = leaf
        self.guide = guide if guide is not None else rollout
        self.bias = bias
        self.c = c
        if name:
            self.name = name
        #: simulations run for the last decision (a time budget varies)
        self.last_simulations = 0

    def helpers(self) -> list[Agent]:
        """The rollout agent and the guide, each once (usually they are one)."""
        return list({id(a): a for a in (self.rollout, self.guide) if a is not None}.values())

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        for agent in self.helpers():
            agent.reset(self.rng.getrandbits(63))

    def act(self, game, seat: int) -> int:
        legal = game.legal
        if len(legal) == 1:
            return legal[0]
        # one generator per decision, so each decision is reproducible on its own
        rng = random.Random(self.rng.getrandbits(64))
        for agent in self.helpers():
            agent.reset(rng.getrandbits(63))
        root = _Node(seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self.simulate(self.determinize(game, seat, rng), root, rng)
            done += 1
            if deadline is None:
                if done >= self.simulations:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_simulations = done
        # the most tried move; ties to the better mean, then the lowest id
        return max(
            legal,
            key=lambda a: (
                root.children[a].visits if a in root.children else -1,
                root.children[a].total / root.children[a].visits if a in root.children else 0,
                -a,
            ),
        )

    def determinize(self, game, seat: int, rng: random.Random):
        """The state one simulation plays on: a resample, so the search sees only
        what ``seat`` may (a subclass that returned the true state would be the
        paper's clairvoyant "cheating" baseline)."""
        return game.resample(seat, rng)

    def simulate(self, g, root: _Node, rng: random.Random) -> None:
        """One determinized simulation from ``g`` (changed in place)."""
        node, path = root, []
        guide = self.guide
        while not g.terminal:
            legal = g.legal
            children = node.children
            hint = guide.act(g, g.current_player) if guide is not None else None
            if hint is None:  # unguided: every move is tried once first
                untried = [a for a in legal if a not in children]
                action = (
                    untried[rng.randrange(len(untried))]
                    if untried
                    else self.select(children, legal, None)
                )
            elif hint not in children:  # guided: its move first
                action = hint
            else:  # guided, an untried move waits until it looks as good as the rest
                action = self.select(children, legal, hint)
            if action not in children:
                node = children[action] = _Node(g.current_player)
                path.append(node)
                g.apply(action)
                break
            node = children[action]
            path.append(node)
            g.apply(action)
        if self.leaf is not None and not g.terminal:
            returns = self.leaf(g)
        else:
            self.play_out(g, rng)
            returns = g.returns()
        for n in path:
            n.visits += 1
            n.total += returns[n.seat]

    def select(self, children: dict[int, _Node], legal: list[int], hint: int | None) -> int:
        """UCB1 over the moves legal in this determinization, each explored by
        its own availability count, plus the guide's fading bias on ``hint``; an
        untried move scores as one try at the mean of the tried ones (first-play
        urgency)."""
        best, best_score = legal[0], -math.inf
        c = self.c
        tried = [children[a] for a in legal if a in children]
        visits = sum(child.visits for child in tried)
        untried = (
            sum(child.total for child in tried) / visits + c * math.sqrt(math.log(visits + 1))
            if visits
            else math.inf
        )
        for a in legal:
            child = children.get(a)
            if child is None:
                if untried > best_score:
                    best, best_score = a, untried
                continue
            child.avail += 1
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if a == hint:
                score += self.bias / (child.visits + 1)
            if score > best_score:
                best, best_score = a, score
        return best

    def play_out(self, g, rng: random.Random) -> None:
        """Play ``g`` to its end with the rollout agent (random moves by default)."""
        agent = self.rollout
        if agent is None:
            while not g.terminal:
                legal = g.legal
                g.apply(legal[rng.randrange(len(legal))])
            return
        while not g.terminal:
            g.apply(agent.act(g, g.current_player))


def search_agent(spec: str, game_name: str, seed: int | None, make_rollout) -> ISMCTSAgent:
    """The agent of an ``ismcts:`` spec; ``make_rollout(kind)`` builds its rollout
    agent (``random`` rolls out without one: the same moves, faster).  A
    checkpoint saved with its critic gives leaf values instead of rollouts."""
    simulations, seconds, rollout = parse_spec(spec)
    agent = None if rollout == "random" else make_rollout(rollout)
    if isinstance(agent, RandomAgent):
        agent = None
    if getattr(agent, "critic", None) is not None:
        return ISMCTSAgent(
            seed, simulations, seconds, None, name=spec, leaf=agent.values, guide=agent
        )
    return ISMCTSAgent(seed, simulations, seconds, agent, name=spec)
