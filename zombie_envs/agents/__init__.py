"""Agents that play any engine of the suite directly, built by kind.

The ``Agent`` protocol and ``RandomAgent`` live in ``zombie_envs.core.agent``
(games build their bots on them), each game's heuristic agent in its
``bots`` module (found through ``zombie_envs.registry``), and ``PolicyAgent``
(in ``policy``) plays a trained checkpoint with numpy only; ``pretrained``
finds the checkpoints shipped with the package; ``ISMCTSAgent`` (in ``search``)
searches, with any of the others as its rollout agent.
"""

from __future__ import annotations

from ..core.agent import Agent, RandomAgent
from ..registry import heuristic_class
from .board import BoardNet
from .network import CheckpointError, MLPPolicy, Network
from .policy import PolicyAgent
from .pretrained import Pretrained, pretrained_agents, pretrained_for
from .search import ISMCTSAgent, parse_spec, search_agent

#: the kinds named by a word; ``ckpt:PATH`` names a policy file, ``ismcts:...`` a search
NAMED_KINDS = ("random", "heuristic", "pretrained")
AGENT_KINDS = (*NAMED_KINDS, "ckpt:PATH", "ismcts:SIMS[:ROLLOUT]")


def check_kind(kind: str) -> None:
    """Refuse a spec that names no kind of agent, naming the known ones, before
    anything else is checked (a checkpoint's path is checked when it is loaded)."""
    if kind.startswith("ismcts"):
        check_kind(parse_spec(kind)[2])
        return
    if kind not in NAMED_KINDS and not kind.startswith("ckpt:"):
        raise ValueError(f"unknown agent kind {kind!r}; known: {', '.join(AGENT_KINDS)}")


def make_agent(
    kind: str,
    game_name: str,
    seed: int | None = None,
    num_players: int | None = None,
    options: dict | None = None,
) -> Agent:
    """Build an agent by kind for a game: ``"random"``, ``"heuristic"``,
    ``"pretrained"`` (the policy shipped for the game and, when given, the
    player count), ``"ckpt:PATH"`` (a trained policy) or ``"ismcts:200"``,
    ``"ismcts:0.5s:heuristic"`` (a search with a budget in simulations or
    seconds and a rollout agent of any other kind); a policy is checked against
    the game and, when given, the player count and engine options."""
    check_kind(kind)
    if kind.startswith("ismcts"):
        return search_agent(
            kind, game_name, seed, lambda k: make_agent(k, game_name, seed, num_players, options)
        )
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return heuristic_class(game_name)(seed)
    path = pretrained_for(game_name, num_players).path if kind == "pretrained" else kind[5:]
    agent = PolicyAgent.from_file(path, game_name, num_players, seed, options=options)
    if kind == "pretrained":
        agent.name = kind
    return agent


__all__ = [
    "AGENT_KINDS",
    "Agent",
    "BoardNet",
    "CheckpointError",
    "ISMCTSAgent",
    "MLPPolicy",
    "Network",
    "PolicyAgent",
    "Pretrained",
    "RandomAgent",
    "check_kind",
    "heuristic_class",
    "make_agent",
    "pretrained_agents",
    "pretrained_for",
]
