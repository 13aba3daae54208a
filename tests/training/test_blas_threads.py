"""Every numpy policy decides on one BLAS thread, whatever the process was set to.

On shared cores numpy's BLAS threads made one Maul of America decision 5-15x
slower; the policy itself holds the limit, so no shell setting is needed and
none can undo it.  A spy in the activation (called between the layer products)
reads the thread count through ``threadpoolctl`` at every place a policy acts:
an agent's move, a critic's values, a search led by the policy and its critic,
and a training worker's policy opponent.  The process is first set to two BLAS
threads, as ``OPENBLAS_NUM_THREADS=2`` would, and gets them back afterwards.
"""

from __future__ import annotations

import numpy as np
import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from zombie_envs.agents import make_agent
from zombie_envs.agents import network as network_module
from zombie_envs.agents.network import MLPPolicy
from zombie_envs.registry import engine_class
from zombie_envs.training.checkpoint import save_policy
from zombie_envs.training.selfplay import SelfPlayEnv

ENV, PLAYERS = "mall_of_horror_v0", 3


def blas_threads() -> set[int]:
    return {i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}


@pytest.fixture
def seen(monkeypatch) -> list[set[int]]:
    """The BLAS thread counts observed inside every policy forward pass."""
    if not blas_threads():
        pytest.skip("numpy runs on no BLAS library threadpoolctl knows")
    out: list[set[int]] = []
    for name, f in list(network_module.ACTIVATIONS.items()):

        def spy(x, f=f):
            out.append(blas_threads())
            return f(x)

        monkeypatch.setitem(network_module.ACTIVATIONS, name, spy)
    return out


def _layers(sizes, rng):
    pairs = zip(sizes[:-1], sizes[1:], strict=True)
    return [(rng.normal(0, 0.1, (o, i)), np.zeros(o)) for i, o in pairs]


@pytest.fixture
def policy_file(tmp_path):
    """A small policy and critic on the game's observation."""
    cls = engine_class(ENV)
    rng = np.random.default_rng(0)
    n_obs, n_act = cls.obs_layout.size, cls.action_layout.size
    meta = {
        "env": ENV,
        "engine_version": cls.version,
        "num_players": PLAYERS,
        "obs_size": n_obs,
        "num_actions": n_act,
        "hint": None,
        "env_options": {},
    }
    path = tmp_path / "policy.zip"
    actor = MLPPolicy(_layers([n_obs, 16, n_act], rng))
    save_policy(path, actor, meta, critic=MLPPolicy(_layers([n_obs, 16, 1], rng)))
    return path


def test_every_place_a_policy_decides_holds_one_blas_thread(seen, policy_file):
    with threadpool_limits(2, user_api="blas"):
        assert blas_threads() == {2}
        agent = make_agent(f"ckpt:{policy_file}", ENV, seed=0, num_players=PLAYERS)
        g = engine_class(ENV)(PLAYERS, seed=1)
        g.apply(agent.act(g, g.current_player))  # evaluate, tournaments, the seats
        agent.values(g)  # search leaf values
        search = make_agent(f"ismcts:4:ckpt:{policy_file}", ENV, seed=0, num_players=PLAYERS)
        search.act(g, g.current_player)
        env = SelfPlayEnv(ENV, PLAYERS, {"current": 1.0}, seed=0)  # a training worker
        env.set_policies(agent.policy)
        env.reset(seed=0)
        for _ in range(20):
            env.step(int(np.flatnonzero(env.action_masks())[0]))
        kinds = len(seen)
        assert kinds > 4 and all(threads == {1} for threads in seen), seen
        assert blas_threads() == {2}  # the caller's setting back


def test_the_limit_nests_and_restores():
    if not blas_threads():
        pytest.skip("numpy runs on no BLAS library threadpoolctl knows")
    with threadpool_limits(2, user_api="blas"):
        with network_module.ONE_BLAS_THREAD:
            with network_module.ONE_BLAS_THREAD:
                assert blas_threads() == {1}
            assert blas_threads() == {1}
        assert blas_threads() == {2}
