"""What a checkpoint holds of an SB3 run besides its policies, as plain data:
the model's tensors and Adam's state (``model.npz``), the random generators'
states (``rng.json``) and the run's schedule and evaluations (``state.json``).
A resume checks each against the config before using it, unpickling nothing.
"""

from __future__ import annotations

import json
import random

import numpy as np
import torch as th

from zombie_envs.agents.network import CheckpointError
from zombie_envs.core.files import BOOL, INT, NUMBER, OBJECT, check_fields, list_of, or_null

from ..config import TrainConfig
from ..runs import EVAL_COLUMNS

#: Adam's state per parameter (stable-baselines3's optimiser)
OPTIMIZER_STATE = frozenset({"step", "exp_avg", "exp_avg_sq"})
STATE_FIELDS = {
    "steps": INT,
    "n_updates": INT,
    "wall_time": NUMBER,
    "next_snapshot": INT,
    "next_eval": INT,
    "next_save": INT,
    "imitation": or_null(OBJECT),
    "best": or_null(OBJECT),
    "evals": list_of(OBJECT, "a list of objects"),
}
#: written since init_from and hold_actor_until_ev: older runs lack them
STATE_EXTRAS = {"started_from": or_null(OBJECT), "actor_held": BOOL}


def model_arrays(model) -> dict[str, np.ndarray]:
    """The network's tensors (``policy:NAME``) and the optimiser's state
    (``optimizer:PARAM:NAME``) as named arrays: what ``model.npz`` holds."""
    policy = model.policy
    arrays = {f"policy:{k}": v.detach().cpu().numpy() for k, v in policy.state_dict().items()}
    for i, state in policy.optimizer.state_dict()["state"].items():
        for k, v in state.items():
            arrays[f"optimizer:{i}:{k}"] = v.detach().cpu().numpy() if th.is_tensor(v) else v
    return arrays


def load_model_arrays(model, arrays: dict[str, np.ndarray], where: str) -> None:
    """Give a model built from the config the tensors of ``model_arrays``,
    after checking that every name and shape fits it."""
    policy, optimizer = model.policy, model.policy.optimizer
    network = {k[7:]: th.from_numpy(v) for k, v in arrays.items() if k.startswith("policy:")}
    try:
        policy.load_state_dict(network)
    except RuntimeError as e:
        raise CheckpointError(f"{where}: the network does not fit the config ({e})") from None
    params = [p for group in optimizer.param_groups for p in group["params"]]
    state = _optimizer_state(arrays, params, where)
    groups = optimizer.state_dict()["param_groups"]  # hyper-parameters come from the config
    optimizer.load_state_dict({"state": state, "param_groups": groups})


def _optimizer_state(arrays: dict[str, np.ndarray], params: list, where: str) -> dict:
    """The ``optimizer:`` arrays as Adam's state by parameter index: all of it
    for every parameter the optimiser has stepped, none for the others (every
    one before a run's first update; the actor's while it is held and only
    the critic learns)."""
    state: dict[int, dict] = {}
    for key, value in arrays.items():
        parts = key.split(":")
        if parts[0] == "policy":
            continue
        if not (len(parts) == 3 and parts[0] == "optimizer" and parts[1].isdigit()):
            raise CheckpointError(f"{where}: unexpected array {key!r}")
        i = int(parts[1])
        if i >= len(params):
            raise CheckpointError(f"{where}: optimizer state for parameter {i} of {len(params)}")
        want = () if parts[2] == "step" else tuple(params[i].shape)
        if value.shape != want:
            raise CheckpointError(f"{where}: {key} has shape {value.shape}, not {want}")
        state.setdefault(i, {})[parts[2]] = th.from_numpy(value)
    partial = sorted(i for i, s in state.items() if set(s) != OPTIMIZER_STATE)
    if partial:
        raise CheckpointError(
            f"{where}: the optimizer state of parameter {partial[0]} needs "
            f"{sorted(OPTIMIZER_STATE)}, not {sorted(state[partial[0]])}"
        )
    return state


def get_rng() -> dict:
    """Python's, numpy's and torch's global generator states, as JSON data."""
    kind, keys, pos, has_gauss, gauss = np.random.get_state()
    return {
        "python": json.loads(json.dumps(random.getstate())),
        "numpy": [kind, keys.tolist(), pos, has_gauss, gauss],
        "torch": th.get_rng_state().tolist(),
    }


def set_rng(state: dict, where: str) -> None:
    """``get_rng`` backwards, so a resumed run continues the same streams."""
    if not state:
        return
    try:
        version, internal, gauss = state["python"]
        random.setstate((version, tuple(internal), gauss))
        kind, keys, pos, has_gauss, gauss = state["numpy"]
        np.random.set_state((kind, np.array(keys, dtype=np.uint32), pos, has_gauss, gauss))
        th.set_rng_state(th.tensor(state["torch"], dtype=th.uint8))
    except (KeyError, TypeError, ValueError, OverflowError, RuntimeError) as e:
        raise CheckpointError(f"{where} does not hold generator states ({e})") from None


def check_state(state: dict, cfg: TrainConfig, where: str) -> None:
    """The run state's fields, and the evaluation entries the curve is drawn from."""
    check_fields(state, where, STATE_FIELDS, STATE_EXTRAS, error=CheckpointError)
    result = {k: NUMBER for k in (*EVAL_COLUMNS, "mean_score")} | {"games": INT}
    for i, entry in enumerate(state["evals"]):
        at = f"{where}: evals[{i}]"
        check_fields(entry, at, {"steps": INT, "wall_time": NUMBER}, error=CheckpointError)
        for kind in cfg.eval_opponents:
            check_fields(entry.get(kind), f"{at}.{kind}", result, error=CheckpointError)
