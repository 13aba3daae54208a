"""Self-play PPO (sb3-contrib ``MaskablePPO``) for any env of the suite.

One run, read top to bottom: set-up (``Trainer`` builds the vectorised
``SelfPlayEnv`` workers, the model and the opponent pool from a
``TrainConfig``, or ``Trainer.resume(run_dir)`` rebuilds them from the last
checkpoint, unpickling nothing), the warm start, then PPO's rollouts and
updates with one callback that keeps the pool fresh (``_Callback``),
evaluation against the bots, and the saved files.  Ctrl-C saves the run
before ``train()`` re-raises it.  Run from the command line with
``zombie-envs train``.  The parts it runs are in ``sb3``.
"""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import numpy as np

from zombie_envs.agents.network import MLPPolicy
from zombie_envs.agents.policy_file import policy_metadata

from . import checkpoint as ckpt
from . import teacher as td
from .config import TrainConfig, saved_config
from .imitation import teacher_data
from .runs import (
    BEST,
    POLICY,
    StepBar,
    append_eval,
    eval_metrics,
    eval_score,
    evaluate,
    plot_learning_curve,
)
from .sb3 import plumbing, state
from .sb3.policy import (
    actor_parameters,
    critic_from_model,
    new_model,
    policy_from_model,
    scale_inputs,
)
from .sb3.shim import Hooks, set_updates, updates
from .sb3.warm_start import (
    clone_teacher,
    critic_figures,
    held_out_sample,
    imitate,
    rollout_explained_variance,
    start_from,
)

CHECKPOINT = "checkpoint.zip"


class Trainer:
    """One training run in ``run_dir``; see the module docstring."""

    # ----- set-up ------------------------------------------------------------
    def __init__(self, cfg: TrainConfig, run_dir, progress: bool = True, _restored=None):
        self.cfg = cfg
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.progress = progress
        plumbing.use_threads(cfg.torch_threads)
        saved = _restored["state"] if _restored else {}
        self.snapshots: list[MLPPolicy] = _restored["snapshots"] if _restored else []
        self.evals: list[dict] = saved.get("evals", [])
        self.wall_time = saved.get("wall_time", 0.0)
        self.next_snapshot = saved.get("next_snapshot", cfg.snapshot_every)
        self.next_eval = saved.get("next_eval", cfg.eval_every)
        self.next_save = saved.get("next_save", cfg.save_every)
        self.imitation = saved.get("imitation")
        self.started_from = saved.get("started_from")
        holds = cfg.ppo.hold_actor_until_ev is not None or cfg.ppo.hold_actor_until_beats_seat
        self.actor_held = saved.get("actor_held", holds)
        self.heldout: dict | None = None  # the teacher's test games, to judge the critic by
        self.teacher_train: dict | None = None  # its training games, for ppo.teacher_coef
        self.teacher_rng = np.random.default_rng(cfg.seed + saved.get("steps", 0))
        self.best = saved.get("best")
        steps = saved.get("steps", 0)
        self.vec_env = plumbing.vec_env(cfg, cfg.seed + 7919 * steps)
        try:
            # a resumed run continues the stored random streams instead of reseeding
            self.model = new_model(cfg, self.vec_env, None if _restored else cfg.seed)
            self._first_weights(_restored)
        except BaseException:
            self.vec_env.close()
            raise
        self.model.set_logger(plumbing.logger(self.run_dir))

    def _first_weights(self, restored: dict | None) -> None:
        """The stored model of a resumed run, ``init_from``'s policy file, or a
        fresh model (a board network's inputs scaled on a few random games
        when no teacher's games will scale them)."""
        cfg = self.cfg
        if restored:
            saved = restored["state"]
            state.load_model_arrays(self.model, restored["model"], f"{restored['path']}: model.npz")
            self.model.num_timesteps = saved["steps"]
            set_updates(self.model, saved["n_updates"])
            state.set_rng(restored["rng"], f"{restored['path']}: rng.json")
        elif cfg.init_from:
            self.started_from = start_from(self.model, cfg)
        elif cfg.policy.network == "board" and not cfg.imitation.games:
            random_games = td.Collection(cfg.env, cfg.players, cfg.env_options, "random", 0, 32)
            scale_inputs(self.model, td.play(random_games, range(20), cfg.seed)["obs"])

    @classmethod
    def resume(cls, run_dir, progress: bool = True, total_steps: int | None = None) -> Trainer:
        """Continue the run whose last checkpoint is in ``run_dir``."""
        restored = ckpt.load_checkpoint(Path(run_dir) / CHECKPOINT)
        path = restored["path"]
        cfg = saved_config(restored["config"], path, total_steps)
        state.check_state(restored["state"], cfg, f"{path}: state.json")
        return cls(cfg, run_dir, progress, _restored=restored)

    @property
    def steps(self) -> int:
        return int(self.model.num_timesteps)

    @property
    def warm_start_pending(self) -> bool:
        """Whether the run would still begin with its warm start (``imitation``)."""
        return self.steps == 0 and self.cfg.imitation.games > 0 and self.imitation is None

    # ----- the run: warm start, then rollouts and updates ---------------------
    def train(self) -> dict:
        """Train up to ``cfg.total_steps``; returns the final evaluation.  On
        Ctrl-C (``KeyboardInterrupt``) it saves the run, then re-raises."""
        previous = signal.getsignal(signal.SIGINT)
        # only where Ctrl-C would raise anyway: not in a thread, not where it is ignored
        own = previous is signal.default_int_handler
        own = own and threading.current_thread() is threading.main_thread()
        if own:
            signal.signal(signal.SIGINT, self.vec_env.on_sigint)
        try:
            return self._train()
        except KeyboardInterrupt:
            self.save()
            raise
        finally:
            if own:
                signal.signal(signal.SIGINT, previous)

    def _train(self) -> dict:
        cfg = self.cfg
        if self.warm_start_pending:
            start = time.perf_counter()
            self.imitation, self.heldout = clone_teacher(
                self.model, cfg, self.run_dir, self.progress
            )
            self.imitation["seconds"] = round(time.perf_counter() - start, 1)
            self.wall_time += self.imitation["seconds"]
            self.save()  # a run stopped from here on resumes without redoing it
        if not self.evals:
            self.run_eval()  # the starting point of the learning curve
        self.hold_actor(self.actor_held)
        self.push_pool(snapshots=True)
        remaining = cfg.total_steps - self.steps
        callback = _Callback(self)
        try:
            if remaining > 0:
                self.model.learn(remaining, callback=callback, reset_num_timesteps=False)
        finally:
            callback.close()
        if not self.evals or self.evals[-1]["steps"] != self.steps:
            self.run_eval()
        self.save()
        self.plot()
        return self.evals[-1]

    def push_pool(self, snapshots: bool = False) -> None:
        """Send the learner's weights (and the snapshots) to every worker."""
        current = policy_from_model(self.model)
        self.vec_env.env_method("set_policies", current, self.snapshots if snapshots else None)

    def take_snapshot(self) -> None:
        self.snapshots.append(policy_from_model(self.model))
        del self.snapshots[: -self.cfg.max_snapshots]
        self.push_pool(snapshots=True)

    # ----- the updates: the held actor and the teacher's pull -------------------
    def hold_actor(self, held: bool) -> None:
        """Fix the actor's weights (no gradient, so Adam leaves them) or free them."""
        self.actor_held = held
        for p in actor_parameters(self.model):
            p.requires_grad_(not held)

    def critic_caught_up(self) -> None:
        """After a rollout: free the actor once the critic explains more of the
        teacher's test games' returns than the seat alone
        (``ppo.hold_actor_until_beats_seat``), or the share of the rollout's
        return variance ``ppo.hold_actor_until_ev`` asks for."""
        self.model.logger.record("train/actor_held", float(self.actor_held))
        if not self.actor_held:
            return
        if self.cfg.ppo.hold_actor_until_beats_seat:
            figures = self.critic_held_out()
            for key, value in figures.items():
                self.model.logger.record(f"train/held_out_{key}", value)
            caught_up = figures["value_explained_variance"] > figures["seat_explained_variance"]
        else:
            ev = rollout_explained_variance(self.model)
            caught_up = ev >= self.cfg.ppo.hold_actor_until_ev
        if caught_up:
            self.hold_actor(False)

    def critic_held_out(self) -> dict:
        """The critic's explained variance on the teacher's test games, beside
        the seat alone's (read back from the run's teacher games after a resume)."""
        self.heldout = held_out_sample(self.heldout, self.cfg, self.run_dir, self.progress)
        return critic_figures(self.model, self.heldout)

    def teacher_step(self) -> None:
        """After a PPO update, ``n_epochs`` minibatches of cross-entropy toward
        the teacher's choices on its training games (``ppo.teacher_coef``)."""
        cfg = self.cfg
        if not cfg.ppo.teacher_coef or self.actor_held or not updates(self.model):
            return
        if self.teacher_train is None:
            self.teacher_train = td.split(teacher_data(cfg, self.run_dir, self.progress), "train")
        nll = imitate(self.model, cfg, self.teacher_train, self.teacher_rng)
        self.model.logger.record("train/teacher_nll", nll)

    # ----- evaluation ---------------------------------------------------------
    def run_eval(self) -> dict:
        cfg = self.cfg
        policy = policy_from_model(self.model)
        results = evaluate(policy, cfg, cfg.eval_games, cfg.seed + 1, self.progress)
        entry = {"steps": self.steps, "wall_time": round(self.wall_time, 1), **results}
        self.evals.append(entry)
        append_eval(self.run_dir, self.steps, entry["wall_time"], results)
        self._log_eval(results)
        score = eval_score(results)
        if self.best is None or score > self.best["score"]:
            # PPO can drift after a good phase: keep the best evaluated policy too
            self.best = {"steps": self.steps, "score": score}
            ckpt.save_policy(
                self.run_dir / BEST,
                policy_from_model(self.model),
                self.metadata(),
                critic_from_model(self.model),
            )
        return entry

    def _log_eval(self, results: dict) -> None:
        """The evaluation in ``metrics.csv`` and TensorBoard at the step of
        ``eval.csv``: SB3's logger would hold it to its next dump, a rollout
        later, and the last evaluation has no dump after it."""
        values = eval_metrics(results)
        for writer in self.model.logger.output_formats:
            writer.write(values, dict.fromkeys(values), self.steps)

    # ----- save ---------------------------------------------------------------
    def metadata(self) -> dict:
        cfg = self.cfg
        return {
            **policy_metadata(cfg.env, cfg.players, cfg.env_options, cfg.hint),
            "steps": self.steps,
            "wall_time_s": round(self.wall_time, 1),
            "seed": cfg.seed,
            "eval": self.evals[-1] if self.evals else None,
            "imitation": self.imitation,
            "init_from": self.started_from,
        }

    def save(self) -> None:
        import yaml

        run_state = {
            "steps": self.steps,
            "n_updates": updates(self.model),
            "wall_time": self.wall_time,
            "next_snapshot": self.next_snapshot,
            "next_eval": self.next_eval,
            "next_save": self.next_save,
            "imitation": self.imitation,
            "started_from": self.started_from,
            "actor_held": self.actor_held,
            "best": self.best,
            "evals": self.evals,
        }
        policy = policy_from_model(self.model)
        meta = self.metadata()
        ckpt.save_checkpoint(
            self.run_dir / CHECKPOINT,
            policy,
            meta,
            yaml.safe_dump(self.cfg.to_dict(), sort_keys=False),
            state.model_arrays(self.model),
            self.snapshots,
            run_state,
            state.get_rng(),
        )
        ckpt.save_policy(self.run_dir / POLICY, policy, meta, critic_from_model(self.model))

    def plot(self) -> Path | None:
        """Learning curve: evaluation win rates with their 95% intervals."""
        if not self.evals:
            return None
        return plot_learning_curve(self.evals, self.cfg, self.run_dir / "learning_curve.png")

    def close(self) -> None:
        self.vec_env.close()


class _Callback(Hooks):
    """What the run does between PPO's steps: pool updates, evaluation,
    checkpoints and the progress bar."""

    def __init__(self, trainer: Trainer):
        super().__init__()
        self.t = trainer
        self.bar = StepBar(0, 0, "", enabled=False)
        self.clock = self.start = time.perf_counter()
        self.env_seconds0 = 0.0

    def training_started(self):
        cfg = self.t.cfg
        self.bar = StepBar(cfg.total_steps, self.t.steps, f"train {cfg.env}", self.t.progress)
        self.clock = self.start = time.perf_counter()
        self.env_seconds0 = self.t.vec_env.env_seconds

    def _tick(self):
        now = time.perf_counter()
        self.t.wall_time += now - self.clock
        self.clock = now

    def rollout_started(self):  # after each PPO update
        self.t.teacher_step()
        self.t.push_pool()

    def stepped(self):
        t, cfg = self.t, self.t.cfg
        steps = t.steps
        self.bar.to(steps)
        if steps >= t.next_snapshot:
            t.take_snapshot()
            t.next_snapshot += cfg.snapshot_every
        if steps >= t.next_eval:
            self._tick()
            entry = t.run_eval()
            t.next_eval += cfg.eval_every
            self.bar.show(entry, cfg.eval_opponents)
        if steps >= t.next_save:
            self._tick()
            t.next_save += cfg.save_every
            t.save()
        return True

    def rollout_ended(self):
        self._tick()
        elapsed = max(time.perf_counter() - self.start, 1e-9)
        ppo = self.t.cfg.ppo
        if ppo.hold_actor_until_ev is not None or ppo.hold_actor_until_beats_seat:
            self.t.critic_caught_up()
        env_share = (self.t.vec_env.env_seconds - self.env_seconds0) / elapsed
        self.logger.record("time/env_share", env_share)
        self.logger.record("time/wall_time", self.t.wall_time)

    def close(self):
        """At the end of training, or on the way out of an interrupted one."""
        self._tick()
        self.bar.close()
