"""What the learner runs on: the seeded ``SelfPlayEnv`` workers, the vec env
that times them and holds Ctrl-C back while it talks to them, and the logger
that writes ``metrics.csv`` and TensorBoard's files."""

from __future__ import annotations

import signal
import time
from contextlib import contextmanager
from pathlib import Path

import torch as th
from stable_baselines3.common.logger import KVWriter, Logger, TensorBoardOutputFormat
from stable_baselines3.common.vec_env import (
    DummyVecEnv,
    SubprocVecEnv,
    VecEnvWrapper,
    VecMonitor,
)

from ..config import TrainConfig
from ..runs import MetricsCSV


def use_threads(n: int) -> None:
    """Torch's threads in this process: the config's for the learner, one per worker."""
    th.set_num_threads(n)


def make_env(cfg: TrainConfig, seed: int):
    """A builder of one seeded ``SelfPlayEnv`` worker of the config, as vec envs
    take them; the training benchmark builds the same workers."""

    def thunk():
        from ..selfplay import SelfPlayEnv

        return SelfPlayEnv(
            cfg.env,
            cfg.players,
            cfg.opponents,
            cfg.env_options,
            greedy_opponents=cfg.greedy_opponents,
            hint=cfg.hint,
            seed=seed,
        )

    return thunk


def _worker(make):
    """``make`` for a worker process: Ctrl-C reaches the whole process group,
    and the learner alone handles it (saves, then closes the workers), so a
    worker ignores it; and one torch thread, as in every training process."""

    def thunk():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        use_threads(1)
        return make()

    return thunk


def vec_env(cfg: TrainConfig, seed: int) -> TimedVecEnv:
    """The config's ``n_envs`` workers, seeded from ``seed`` on: processes
    (``vec_env: subproc``) or in the learner's process (``dummy``)."""
    fns = [make_env(cfg, seed + i) for i in range(cfg.n_envs)]
    if cfg.vec_env == "subproc":
        vec = SubprocVecEnv([_worker(fn) for fn in fns], start_method="forkserver")
    else:
        vec = DummyVecEnv(fns)
    return TimedVecEnv(VecMonitor(vec))


class TimedVecEnv(VecEnvWrapper):
    """Counts the seconds the learner waits on the env workers (the env's share).

    ``on_sigint``, as the SIGINT handler, holds Ctrl-C back while the learner
    talks to the workers and raises it once their replies are in: a reply
    left half-read would hang the workers' close, and a half-sent message
    would crash them."""

    def __init__(self, venv):
        super().__init__(venv)
        self.env_seconds = 0.0
        self.talking = False
        self.interrupted = False

    def on_sigint(self, signum, frame):
        if not self.talking:
            raise KeyboardInterrupt
        self.interrupted = True

    @contextmanager
    def _talk(self):
        self.talking = True
        try:
            yield
        finally:
            self.talking = False
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt

    def _timed(self, call):
        """``call()`` while talking to the workers, its seconds counted as the env's."""
        start = time.perf_counter()
        with self._talk():
            out = call()
        self.env_seconds += time.perf_counter() - start
        return out

    def reset(self):
        return self._timed(self.venv.reset)

    def step_async(self, actions):
        with self._talk():
            self.venv.step_async(actions)

    def step_wait(self):
        return self._timed(self.venv.step_wait)

    def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
        with self._talk():
            return self.venv.env_method(method_name, *method_args, indices=indices, **method_kwargs)


def logger(run_dir: Path) -> Logger:
    """SB3's logger writing the run's ``metrics.csv`` and ``tb/``."""
    return Logger(str(run_dir), [TensorBoardOutputFormat(str(run_dir / "tb")), LongCSV(run_dir)])


class LongCSV(MetricsCSV, KVWriter):
    """``metrics.csv`` as an SB3 log writer."""
