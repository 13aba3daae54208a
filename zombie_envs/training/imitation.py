"""Warm start: behaviour cloning from a teacher's self-play before PPO.

PPO from a uniform policy spends its first hours learning what the heuristic
already knows.  Cloning it first (the actor by cross-entropy on the teacher's
choices, the critic by regression on each seat's final return) starts PPO
near the teacher's strength, so the budget goes into beating it.  A search
as the teacher, starting from a trained policy, is one step of expert
iteration: the policy learns the search's choices, and the next search can
be guided by it.  Only real decisions are kept: a seat with a single legal
action teaches nothing.
"""

from __future__ import annotations

import random

import numpy as np

from zombie_envs.agents import make_agent
from zombie_envs.agents.inputs import hint_agent, policy_input
from zombie_envs.registry import engine_class


def teacher_dataset(
    env_name,
    num_players,
    games,
    seed,
    options=None,
    progress=True,
    hint=None,
    seats=False,
    teacher="heuristic",
    workers=1,
):
    """``(inputs, masks, actions, returns)`` from games with ``teacher`` (an
    agent spec: the heuristic, or a search) at every seat; the inputs carry
    the hint when the policy will read one.  With ``seats``, the deciding seat
    of each sample follows (to split them by role).  ``workers`` processes
    split the games (each part seeded from ``seed``: the data depend on how
    many)."""
    if workers > 1:
        parts = [games // workers + (k < games % workers) for k in range(workers)]
        jobs = [
            (env_name, num_players, n, _part_seed(seed, k), options, hint, teacher)
            for k, n in enumerate(parts)
            if n
        ]
        import multiprocessing

        with multiprocessing.get_context("forkserver").Pool(len(jobs)) as pool:
            chunks = pool.starmap(_play, jobs)
        lists = [sum((c[i] for c in chunks), []) for i in range(5)]
    else:
        bar = _bar(games, progress)
        lists = _play(env_name, num_players, games, seed, options, hint, teacher, bar)
        if bar is not None:
            bar.close()
    obs, masks, actions, returns, movers = lists
    data = (
        np.array(obs, dtype=np.int8),
        np.array(masks, dtype=bool),
        np.array(actions, dtype=np.int64),
        np.array(returns, dtype=np.float32),
    )
    return (*data, np.array(movers, dtype=np.int64)) if seats else data


def _part_seed(seed: int, k: int) -> int:
    return seed if k == 0 else random.Random(f"{seed}/{k}").getrandbits(63)


def _play(env_name, num_players, games, seed, options, hint, teacher, bar=None) -> list:
    """The samples of ``games`` games of the teacher at every seat, as lists."""
    cls = engine_class(env_name)
    rng = random.Random(seed)
    agents = [
        make_agent(teacher, env_name, rng.getrandbits(63), num_players, options)
        for _ in range(num_players)
    ]
    hinter = hint_agent(hint, env_name, rng.getrandbits(63))
    obs, masks, actions, movers, returns = [], [], [], [], []
    for _ in range(games):
        for a in agents + ([hinter] if hinter else []):
            a.reset(rng.getrandbits(63))
        game = cls(num_players, seed=rng.getrandbits(63), **(options or {}))
        first = len(movers)
        while not game.terminal:
            seat = game.current_player
            action = agents[seat].act(game, seat)
            if len(game.legal) > 1:
                obs.append(policy_input(game, seat, hinter))
                masks.append(game.legal_mask())
                actions.append(action)
                movers.append(seat)
            game.apply(action)
        final = game.returns("zero_sum")
        returns.extend(final[s] for s in movers[first:])
        if bar is not None:
            bar.update(1)
    return [obs, masks, actions, returns, movers]


def clone_teacher(model, cfg, progress: bool = True) -> dict:
    """Fit ``model``'s actor and critic to the teacher's play (with
    ``imitation.fit: critic``, the critic alone: the actor is held); returns
    the final losses."""
    im = cfg.imitation
    actor = im.fit == "both"
    data = teacher_dataset(
        cfg.env, cfg.players, im.games, cfg.seed, cfg.env_options, progress, cfg.hint,
        teacher=im.teacher, workers=im.workers,
    )  # fmt: skip
    policy = model.policy

    def forward(o, masks, actions):
        dist = policy.get_distribution(o, action_masks=masks)
        return dist.log_prob(actions), policy.predict_values(o).flatten()

    params = policy.parameters()
    if not actor:
        params = [*policy.mlp_extractor.value_net.parameters(), *policy.value_net.parameters()]
    policy.set_training_mode(True)
    stats = fit(params, forward, data, cfg, progress, actor)
    policy.set_training_mode(False)
    return stats


def fit(parameters, forward, data, cfg, progress: bool = True, actor: bool = True) -> dict:
    """Cross-entropy on the heuristic's choices (unless not ``actor``) plus half
    the squared error of the values on the final returns, over ``data``
    (``teacher_dataset``'s); ``forward(inputs, masks, actions)`` gives the
    actions' log-probabilities and the values.  Returns the final losses and
    the share of the returns' variance the values explain."""
    import torch as th

    im = cfg.imitation
    obs, masks, actions, returns = data
    parameters = list(parameters)
    optimiser = th.optim.Adam(parameters, lr=im.learning_rate)
    gen = np.random.default_rng(cfg.seed)
    n = len(actions)
    steps = im.epochs * ((n + im.batch_size - 1) // im.batch_size)
    bar = _bar(steps, progress, "clone", "batch")
    stats = {}
    for _ in range(im.epochs):
        order = gen.permutation(n)
        for start in range(0, n, im.batch_size):
            idx = order[start : start + im.batch_size]
            o = th.as_tensor(obs[idx], dtype=th.float32)
            logp, values = forward(o, masks[idx], th.as_tensor(actions[idx]))
            value_loss = th.nn.functional.mse_loss(values, th.as_tensor(returns[idx]))
            loss = 0.5 * value_loss - (logp.mean() if actor else 0.0)
            optimiser.zero_grad()
            loss.backward()
            th.nn.utils.clip_grad_norm_(parameters, 1.0)
            optimiser.step()
            stats = {"nll": -logp.mean().item(), "value_mse": value_loss.item()}
            if bar is not None:
                bar.update(1)
                bar.set_postfix(stats, refresh=False)
    if bar is not None:
        bar.close()
    stats["samples"] = n
    with th.no_grad():
        values = [
            forward(
                th.as_tensor(obs[i : i + 4096], dtype=th.float32),
                masks[i : i + 4096],
                th.as_tensor(actions[i : i + 4096]),
            )[1].numpy()
            for i in range(0, n, 4096)
        ]
    if n:  # over the games it was fitted on: what PPO's first rollouts meet
        error = float(np.mean((np.concatenate(values) - returns) ** 2))
        stats["value_explained_variance"] = round(1 - error / max(float(np.var(returns)), 1e-12), 3)
    return stats


def _bar(total, enabled, desc="heuristic games", unit="game"):
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, leave=False)
