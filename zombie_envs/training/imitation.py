"""Warm start: behaviour cloning from a teacher's games before PPO.

PPO from a uniform policy spends its first hours learning what the heuristic
already knows.  Cloning it first (the actor by cross-entropy on the teacher's
choices, the critic by regression on each seat's final return) starts PPO
near the teacher's strength, so the budget goes into beating it.  A search
as the teacher, starting from a trained policy, is one step of expert
iteration.

The games come from ``teacher`` (thousands, sampled, in shards on every
core); the fit stops early on the validation games and every figure it
reports (agreement with the teacher, the critic's explained variance beside
the seat alone's) is measured on test games it never saw.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from zombie_envs.registry import engine_class

from . import teacher as td

#: the figures measured on held-out games: what ``fit`` reports and run metadata keeps
HELD_OUT = "test games: never fitted on, nor used to stop"


def collection(cfg) -> td.Collection:
    """The teacher games a config's warm start learns from."""
    im = cfg.imitation
    return td.Collection(
        cfg.env, cfg.players, cfg.env_options, im.teacher, cfg.seed, im.samples_per_game,
        min(td.SHARD_GAMES, im.games),
    )  # fmt: skip


def teacher_data(cfg, run_dir, progress: bool = True) -> dict[str, np.ndarray]:
    """The config's teacher games, played into ``imitation.data`` (default: the
    run folder's ``teacher/``) where they are not there yet, then loaded."""
    im = cfg.imitation
    folder = Path(im.data) if im.data else Path(run_dir) / "teacher"
    coll = collection(cfg)
    workers = im.workers or os.cpu_count() or 1
    td.collect(folder, coll, im.games, workers, progress)
    return td.load(folder, coll, im.games)


def shape(cfg) -> tuple[int, bool]:
    """The action count and whether the input carries the hint: how teacher
    samples become the policy's inputs."""
    return engine_class(cfg.env).action_layout.size, cfg.hint is not None


def fit(groups: dict, forward, data: dict, cfg, progress: bool = True) -> dict:
    """Fit ``groups`` of parameters (``actor``: cross-entropy on the teacher's
    choices; ``critic``: half the squared error of the values on the final
    returns; ``all``: both losses) on the training games, each group kept at
    the epoch where its loss on the validation games was lowest and stopped
    once no group improved for ``imitation.patience`` epochs.
    ``forward(inputs, masks)`` gives every action's log-probability (the
    illegal ones far below the rest) and the values.  Returns the figures on
    the test games."""
    import torch as th

    im = cfg.imitation
    num_actions, hint = shape(cfg)
    train, val, test = _parts(data, im.games)
    # a shared encoder is in both groups: the optimiser holds each parameter once
    params = list({id(p): p for ps in groups.values() for p in ps}.values())
    optimiser = th.optim.Adam(params, lr=im.learning_rate)
    gen = np.random.default_rng(cfg.seed)
    n = len(train["action"])
    bar = _bar(im.epochs * -(-n // im.batch_size), progress)
    best = {g: (np.inf, None) for g in groups}
    stale, epochs = 0, 0
    for _ in range(im.epochs):
        for idx in _batches(gen.permutation(n), im.batch_size):
            losses = _step(forward, batch(train, idx, num_actions, hint), groups, optimiser, params)
            if bar is not None:
                bar.update(1)
                bar.set_postfix({g: round(losses[g].item(), 3) for g in groups}, refresh=False)
        epochs += 1
        improved = _keep_best(best, groups, _evaluate(forward, val, num_actions, hint))
        stale = 0 if improved else stale + 1
        if stale >= im.patience:
            break
    if bar is not None:
        bar.close()
    with th.no_grad():
        for g, ps in groups.items():
            for p, kept in zip(ps, best[g][1], strict=True):
                p.copy_(kept)
    return measure(forward, train, test, cfg) | {"epochs": epochs}


def _parts(data: dict, games: int) -> tuple[dict, dict, dict]:
    """The training, validation and test games, refused when one is empty."""
    train, val, test = (td.split(data, p) for p in ("train", "validation", "test"))
    if not (len(train["action"]) and len(val["action"]) and len(test["action"])):
        raise ValueError(
            f"imitation.games {games}: too few games to fit, stop and measure on "
            "(at least 10, a tenth of them to stop on and a fifth to measure on)"
        )
    return train, val, test


def _batches(order: np.ndarray, size: int):
    """An epoch's sample indices, ``size`` at a time."""
    for start in range(0, len(order), size):
        yield order[start : start + size]


def _step(forward, samples, groups: dict, optimiser, params: list) -> dict:
    """One gradient step on the groups' summed losses (gradients clipped to norm 1)."""
    import torch as th

    losses = _losses(forward, samples)
    loss = sum(losses[g] for g in groups)
    optimiser.zero_grad()
    loss.backward()
    th.nn.utils.clip_grad_norm_(params, 1.0)
    optimiser.step()
    return losses


def _keep_best(best: dict, groups: dict, scores: dict) -> bool:
    """Copy each group whose validation loss beats its best so far into
    ``best``; returns whether any did."""
    improved = False
    for g, ps in groups.items():
        if scores[g] < best[g][0]:
            best[g] = (scores[g], [p.detach().clone() for p in ps])
            improved = True
    return improved


def measure(forward, train: dict, test: dict, cfg) -> dict:
    """The figures of a fitted actor and critic on the test games: agreement
    with the teacher (by kind of decision too), its cross-entropy, the
    critic's explained variance (by quarter of a game too) beside the seat
    alone's, and the sizes."""
    logp, values, agree = _outputs(forward, test, *shape(cfg))
    return {
        "held_out": HELD_OUT,
        "games": int(len(np.unique(train["game"])) / 0.7 + 0.5),
        "samples": int(len(train["action"])),
        "test_samples": int(len(test["action"])),
        "agreement": round(float(agree.mean()), 4),
        "agreement_by_decision": td.by_decision(agree, test, engine_class(cfg.env).action_layout),
        "nll": round(float(-logp.mean()), 4),
        "value_explained_variance": round(td.explained(values, test["ret"]), 4),
        "value_explained_by_quarter": td.by_quarter(values, test),
        "seat_explained_variance": round(td.seat_baseline(train, test), 4),
    }


def batch(part: dict, idx, num_actions: int, hint: bool):
    """Samples ``idx`` of ``part`` as tensors: inputs, masks, actions, returns."""
    import torch as th

    rows = {k: v[idx] for k, v in part.items()}
    x = th.as_tensor(td.inputs(rows, num_actions, hint))
    masks = td.masks(rows, num_actions)
    return x, masks, th.as_tensor(rows["action"], dtype=th.long), th.as_tensor(rows["ret"])


def _losses(forward, batch) -> dict:
    import torch as th

    x, masks, actions, returns = batch
    logps, values = forward(x, masks)
    nll = -logps.gather(1, actions[:, None]).mean()
    mse = 0.5 * th.nn.functional.mse_loss(values, returns)
    return {"actor": nll, "critic": mse, "all": nll + mse}


def _outputs(forward, part: dict, num_actions: int, hint: bool, chunk: int = 2048):
    """Log-probabilities of the teacher's choices, values, and whether the
    greedy legal action is the teacher's, for every sample of ``part``."""
    import torch as th

    logps, values, agree = [], [], []
    with th.no_grad():
        for start in range(0, len(part["action"]), chunk):
            idx = np.arange(start, min(start + chunk, len(part["action"])))
            x, masks, actions, _ = batch(part, idx, num_actions, hint)
            full, v = forward(x, masks)
            logps.append(full.gather(1, actions[:, None])[:, 0].numpy())
            values.append(v.numpy())
            agree.append((full.argmax(dim=1) == actions).numpy())
    return np.concatenate(logps), np.concatenate(values), np.concatenate(agree)


def _evaluate(forward, part: dict, num_actions: int, hint: bool) -> dict:
    logp, values, _ = _outputs(forward, part, num_actions, hint)
    nll = float(-logp.mean())
    mse = float(0.5 * np.mean((values - part["ret"]) ** 2))
    return {"actor": nll, "critic": mse, "all": nll + mse}


def _bar(total, enabled):
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc="clone", unit="batch", leave=False)
