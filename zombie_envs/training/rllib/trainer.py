"""The RLlib run: same config, same run folder as ``train.Trainer`` (see the
package docstring)."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import ray
import torch
from ray.rllib.core.columns import Columns
from ray.rllib.utils.metrics import (
    ENV_RUNNER_RESULTS,
    LEARNER_RESULTS,
    NUM_ENV_STEPS_SAMPLED_LIFETIME,
    NUM_MODULE_STEPS_SAMPLED_LIFETIME,
)

from zombie_envs.agents.network import CheckpointError, MLPPolicy
from zombie_envs.agents.policy_file import policy_metadata
from zombie_envs.core.files import INT, NUMBER, OBJECT, check_fields, list_of, or_null
from zombie_envs.registry import game_type

from .. import checkpoint as ckpt
from ..config import ConfigError, TrainConfig, saved_config
from ..runs import (
    BEST,
    POLICY,
    MetricsCSV,
    StepBar,
    append_eval,
    eval_metrics,
    eval_score,
    evaluate,
    plot_learning_curve,
)
from .algorithm import Modules, algorithm_config, check_supported, module_specs
from .modules import to_policy
from .seats import SeatMapping, snapshot_id

#: where RLlib's own checkpoint of the run goes (``Algorithm.from_checkpoint`` reads it)
RLLIB_CHECKPOINT = "rllib_checkpoint"
#: the fields of a resumable run's ``state.json``
RUN_STATE = {
    "steps": INT,
    "env_steps": INT,
    "module_steps": OBJECT,
    "wall_time": NUMBER,
    "next_snapshot": INT,
    "next_eval": INT,
    "next_save": INT,
    "snapshots_taken": INT,
    "filled": OBJECT,
    "imitation": or_null(OBJECT),
    "best": or_null(OBJECT),
    "evals": list_of(OBJECT, "a list of objects"),
}
#: RLlib's per-module learner results copied to ``metrics.csv``
LEARNER_METRICS = (
    "policy_loss",
    "vf_loss",
    "entropy",
    "vf_explained_var",
    "default_optimizer_learning_rate",
)


class RLlibTrainer:
    """One RLlib training run in ``run_dir``; see the package docstring.

    ``address`` (``auto``, ``HOST:PORT``) joins a running Ray cluster; without
    it, and when Ray is not running yet, a local Ray is started and shut down
    by ``close()``.  ``num_env_runners`` overrides ``rllib.num_env_runners``."""

    #: the ``--backend`` that resumes its runs
    backend = "rllib"

    def __init__(
        self,
        cfg: TrainConfig,
        run_dir,
        progress: bool = True,
        address: str | None = None,
        num_env_runners: int | None = None,
    ):
        check_supported(cfg)
        self.cfg = cfg
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.progress = progress
        self.game = game_type(cfg.env)
        torch.set_num_threads(cfg.torch_threads)
        #: which modules the run has: learners by role, fixed opponents, snapshot slots
        self.modules = Modules.of(cfg)
        #: per learned module, its frozen copies (a ring of ``max_snapshots`` slots)
        self.snapshots: dict[str, list[MLPPolicy]] = {m: [] for m in self.modules.learned}
        self.snapshots_taken = 0
        self.evals: list[dict] = []
        self.best: dict | None = None
        self.wall_time = 0.0
        self.env_steps = 0
        self.steps = 0
        self.module_steps: dict[str, int] = {}
        self.next_snapshot = cfg.snapshot_every
        self.next_eval = cfg.eval_every
        self.next_save = cfg.save_every
        self.imitation = None
        runners = cfg.rllib.num_env_runners if num_env_runners is None else num_env_runners
        if runners < 0:
            raise ConfigError(f"num_env_runners must be >= 0, got {runners}")
        self._own_ray = not ray.is_initialized()
        if self._own_ray:
            # "local": without an address, a fresh Ray of our own; a bare ray.init()
            # would join whatever cluster /tmp/ray last recorded, and hang on a dead one
            ray.init(
                address=address or cfg.rllib.address or "local",
                include_dashboard=False,
                configure_logging=False,
                log_to_driver=False,
            )
        try:
            config = algorithm_config(cfg, self.modules, runners, self.mapping())
            self.algo = config.build_algo()
        except BaseException:
            self._shutdown()
            raise
        self.metrics = MetricsCSV(self.run_dir)
        self.board = _board(self.run_dir)

    # ----- construction ------------------------------------------------------
    def mapping(self) -> SeatMapping:
        cfg = self.cfg
        filled = {m: len(s) for m, s in self.snapshots.items()}
        return SeatMapping(cfg.env, cfg.players, cfg.opponents, self.modules.per_role, filled)

    # ----- the run -----------------------------------------------------------
    def train(self) -> dict:
        """Train up to ``cfg.total_steps`` learner steps (moves of the learned
        modules); returns the final evaluation.  On Ctrl-C it saves, then
        re-raises ``KeyboardInterrupt``."""
        try:
            return self._train()
        except KeyboardInterrupt:
            self.save()
            raise

    def _train(self) -> dict:
        cfg = self.cfg
        if cfg.imitation.games > 0 and self.imitation is None:
            start = time.perf_counter()
            self.imitation = self.clone_teacher()
            self.imitation["seconds"] = round(time.perf_counter() - start, 1)
            self.wall_time += self.imitation["seconds"]
        if not self.evals:
            self.run_eval()  # the starting point of the learning curve
        bar = StepBar(cfg.total_steps, self.steps, f"rllib {cfg.env}", self.progress)
        try:
            while self.steps < cfg.total_steps:
                clock = time.perf_counter()
                result = self.algo.train()
                seconds = time.perf_counter() - clock
                self.count_steps(result)
                self._log(result, seconds)
                bar.to(self.steps)
                self._on_iteration(bar)
                self.wall_time += time.perf_counter() - clock
        finally:
            bar.close()
        if self.evals[-1]["steps"] != self.steps:
            self.run_eval()
        self.save()
        self.plot()
        return self.evals[-1]

    def count_steps(self, result: dict) -> None:
        """The step counters after an iteration of ``algo.train()`` (its result)."""
        runners = result[ENV_RUNNER_RESULTS]
        self.env_steps = int(runners[NUM_ENV_STEPS_SAMPLED_LIFETIME])
        #: moves played by each module so far (learners, snapshots, random, heuristic)
        self.module_steps = {
            m: int(n) for m, n in runners[NUM_MODULE_STEPS_SAMPLED_LIFETIME].items()
        }
        self.steps = sum(self.module_steps.get(m, 0) for m in self.modules.learned)

    def _on_iteration(self, bar) -> None:
        cfg = self.cfg
        if self.modules.snapshot_slots and self.steps >= self.next_snapshot:
            self.take_snapshot()
            self.next_snapshot += cfg.snapshot_every
        if self.steps >= self.next_eval:
            entry = self.run_eval()
            self.next_eval += cfg.eval_every
            bar.show(entry, cfg.eval_opponents)
        if self.steps >= self.next_save:
            self.next_save += cfg.save_every
            self.save()

    # ----- weights -----------------------------------------------------------
    def module_state(self, module_id: str) -> dict:
        return self.algo.learner_group.get_weights([module_id])[module_id]

    def set_module_states(self, states: dict[str, dict]) -> None:
        """Give the learner and every env runner these module states."""
        self.algo.learner_group.set_weights(states)
        self.algo.env_runner_group.sync_weights(
            from_worker_or_learner_group=self.algo.learner_group,
            policies=list(states),
            inference_only=True,
        )

    def policies(self) -> dict[str, tuple[MLPPolicy, MLPPolicy]]:
        """Each learned module's ``(actor, critic)`` as numpy policies."""
        act, skipped = self.cfg.policy.activation, self.modules.skipped
        return {m: to_policy(self.module_state(m), act, skipped) for m in self.modules.learned}

    def players(self) -> MLPPolicy | dict[str, MLPPolicy]:
        """What the evaluation seats: the one learned policy, or one per role."""
        actors = {m: actor for m, (actor, _) in self.policies().items()}
        if not self.modules.per_role:
            return actors["learner"]
        return {role: actors[m] for role, m in self.modules.learners.items()}

    def take_snapshot(self) -> None:
        """Freeze each learner into its next snapshot slot (the oldest when all
        are filled) and tell the mapping how many slots are filled."""
        slot = self.snapshots_taken % self.modules.snapshot_slots
        self.snapshots_taken += 1
        states = {}
        for learner, snaps in self.snapshots.items():
            state = self.module_state(learner)
            snap = to_policy(state, self.cfg.policy.activation, self.modules.skipped)[0]
            snaps[slot:] = [snap, *snaps[slot + 1 :]]
            states[snapshot_id(learner, slot)] = state
        self.set_module_states(states)
        mapping = self.mapping()
        self.algo.env_runner_group.foreach_env_runner(
            lambda runner: runner.config.multi_agent(policy_mapping_fn=mapping)
        )

    def clone_teacher(self) -> dict:
        """The warm start of ``imitation.*`` on each learned module: the actor
        fitted to the teacher's choices, the critic to the final returns
        (``imitation.fit``, as the SB3 trainer does), then sent to the runners."""
        from ..imitation import fit, teacher_data

        cfg = self.cfg
        data = teacher_data(cfg, self.run_dir, self.progress)
        specs = module_specs(cfg, self.modules)
        states, stats = {}, {}
        for learner in sorted(self.modules.learned):
            module = specs[learner].build()
            module.set_state(self.module_state(learner))
            seats = [s for s in range(cfg.players) if self._learner_of(s) == learner]
            part = {k: v[np.isin(data["seat"], seats)] for k, v in data.items()}

            def forward(o, masks, module=module):
                batch = {
                    Columns.OBS: {
                        "observations": o,
                        "action_mask": torch.as_tensor(masks, dtype=torch.int8),
                    }
                }
                logits = module._forward(batch)[Columns.ACTION_DIST_INPUTS]
                logits = logits.masked_fill(~torch.as_tensor(masks), -1e8)
                return torch.log_softmax(logits, -1), module.compute_values(batch)

            groups = {"all": list(module.parameters())}
            stats[learner] = fit(groups, forward, part, cfg, self.progress)
            states[learner] = module.get_state()
        self.set_module_states(states)
        return stats if self.modules.per_role else stats["learner"]

    def _learner_of(self, seat: int) -> str:
        return self.modules.learners[self.game.role_of(seat)]

    # ----- evaluation and files ----------------------------------------------
    def run_eval(self) -> dict:
        cfg = self.cfg
        results = evaluate(self.players(), cfg, cfg.eval_games, cfg.seed + 1, self.progress)
        entry = {"steps": self.steps, "wall_time": round(self.wall_time, 1), **results}
        self.evals.append(entry)
        append_eval(self.run_dir, self.steps, entry["wall_time"], results)
        values = eval_metrics(results)
        self.metrics.write(values, step=self.steps)
        self._board_write(values)
        score = eval_score(results)
        if self.best is None or score > self.best["score"]:
            self.best = {"steps": self.steps, "score": score}
            self.write_policies(BEST)
        return entry

    def policy_files(self, name: str = POLICY) -> list[Path]:
        """The run's policy files: ``name`` itself, or one per role
        (``policy_<role>.zip``) when each role has its own module."""
        if not self.modules.per_role:
            return [self.run_dir / name]
        stem, suffix = name.rsplit(".", 1)
        return [self.run_dir / f"{stem}_{role}.{suffix}" for role in self.modules.learners]

    def write_policies(self, name: str = POLICY) -> list[Path]:
        policies = self.policies()
        paths = self.policy_files(name)
        for path, (role, module) in zip(paths, self.modules.learners.items(), strict=True):
            actor, critic = policies[module]
            meta = self.metadata()
            if self.modules.per_role:
                meta["role"] = role
            ckpt.save_policy(path, actor, meta, critic)
        return paths

    def metadata(self) -> dict:
        cfg = self.cfg
        return {
            **policy_metadata(cfg.env, cfg.players, cfg.env_options, cfg.hint),
            "steps": self.steps,
            "env_steps": self.env_steps,
            "wall_time_s": round(self.wall_time, 1),
            "seed": cfg.seed,
            "eval": self.evals[-1] if self.evals else None,
            "imitation": self.imitation,
            "backend": f"rllib {ray.__version__}",
        }

    def save(self) -> None:
        """The policy files, what a resume needs as data (``rllib_run.zip``:
        the learners' modules and optimisers, RLlib's counters, this run's
        schedule and evaluations) and RLlib's own checkpoint of the algorithm
        (``Algorithm.from_checkpoint``; it unpickles, so ``resume`` never reads it)."""
        import yaml

        self.write_policies(POLICY)
        state = {
            "steps": self.steps,
            "env_steps": self.env_steps,
            "module_steps": self.module_steps,
            "wall_time": self.wall_time,
            "next_snapshot": self.next_snapshot,
            "next_eval": self.next_eval,
            "next_save": self.next_save,
            "snapshots_taken": self.snapshots_taken,
            "filled": {m: len(s) for m, s in self.snapshots.items()},
            "imitation": self.imitation,
            "best": self.best,
            "evals": self.evals,
        }
        actor = next(iter(self.policies().values()))[0]
        algo = self.algo.get_state(components=["learner_group", "metrics_logger"])
        config = yaml.safe_dump(self.cfg.to_dict(), sort_keys=False)
        ckpt.save_rllib_run(
            self.run_dir / ckpt.RLLIB_RUN, actor, self.metadata(), config, state, algo
        )
        self.algo.save_to_path(str((self.run_dir / RLLIB_CHECKPOINT).resolve()))

    @classmethod
    def resume(
        cls,
        run_dir,
        progress: bool = True,
        total_steps: int | None = None,
        address: str | None = None,
        num_env_runners: int | None = None,
    ) -> RLlibTrainer:
        """Continue the run saved in ``run_dir``: the algorithm is built from the
        saved config and given the saved state, read as data."""
        saved = ckpt.load_rllib_run(Path(run_dir))
        path = saved["path"]
        cfg = saved_config(saved["config"], path, total_steps)
        check_fields(saved["state"], f"{path}: state.json", RUN_STATE, error=CheckpointError)
        trainer = cls(cfg, run_dir, progress, address, num_env_runners)
        try:
            trainer._restore(saved, path)
        except BaseException:
            trainer.close()
            raise
        return trainer

    def _restore(self, saved: dict, path: Path) -> None:
        state = saved["state"]
        try:
            self.algo.set_state(saved["algorithm"])
        except (KeyError, TypeError, ValueError, RuntimeError, AttributeError) as e:
            raise CheckpointError(f"{path}: algorithm.json does not fit the config ({e})") from None
        for key in ("steps", "env_steps", "module_steps", "wall_time", "next_snapshot"):
            setattr(self, key, state[key])
        for key in ("next_eval", "next_save", "snapshots_taken", "imitation", "best", "evals"):
            setattr(self, key, state[key])
        # the snapshot modules came back with the learner group: their numpy copies too
        act = self.cfg.policy.activation
        for learner, snaps in self.snapshots.items():
            for k in range(min(int(state["filled"].get(learner, 0)), self.modules.snapshot_slots)):
                snaps.append(to_policy(self.module_state(snapshot_id(learner, k)), act)[0])
        self.algo.env_runner_group.sync_weights(
            from_worker_or_learner_group=self.algo.learner_group, inference_only=True
        )
        mapping = self.mapping()
        self.algo.env_runner_group.foreach_env_runner(
            lambda runner: runner.config.multi_agent(policy_mapping_fn=mapping)
        )

    def plot(self) -> Path | None:
        if not self.evals:
            return None
        return plot_learning_curve(self.evals, self.cfg, self.run_dir / "learning_curve.png")

    def _log(self, result: dict, seconds: float) -> None:
        """A few of RLlib's results per iteration in ``metrics.csv`` and TensorBoard."""
        values = {
            "time/env_steps_per_s": result[ENV_RUNNER_RESULTS].get("num_env_steps_sampled", 0)
            / max(seconds, 1e-9),
            "time/wall_time": self.wall_time + seconds,
            "rollout/env_steps": self.env_steps,
        }
        for module, n in self.module_steps.items():
            values[f"rollout/moves/{module}"] = n
        for key in ("episode_len_mean", "episode_return_mean"):
            if key in result[ENV_RUNNER_RESULTS]:
                values[f"rollout/{key}"] = result[ENV_RUNNER_RESULTS][key]
        for module in self.modules.learned:
            stats = result.get(LEARNER_RESULTS, {}).get(module, {})
            for key in LEARNER_METRICS:
                if key in stats:
                    values[f"train/{module}/{key}"] = stats[key]
        self.metrics.write(values, step=self.steps)
        self._board_write(values)

    def _board_write(self, values: dict) -> None:
        if self.board is None:
            return
        for key, value in values.items():
            self.board.add_scalar(key, float(value), self.steps)
        self.board.flush()

    def close(self) -> None:
        self.metrics.close()
        if self.board is not None:
            self.board.close()
        self.algo.stop()
        self._shutdown()

    def _shutdown(self) -> None:
        if self._own_ray:
            ray.shutdown()


def _board(run_dir: Path):
    """A TensorBoard writer in ``tb/``, or ``None`` without tensorboard."""
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:
        return None
    return SummaryWriter(str(run_dir / "tb"))
