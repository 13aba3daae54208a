"""Self-play PPO from a script: MaskablePPO on SelfPlayEnv, then the policy
file the suite's tools load.  python examples/train_from_python.py [STEPS]"""

import sys

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from zombie_envs.training.sb3.policy import export_policy, policy_from_model
from zombie_envs.training.selfplay import SelfPlayEnv

ENV, PLAYERS = "mall_of_horror_v0", 3


class SelfPlay(BaseCallback):
    """Opponents drawn as "current" play the learner's latest weights."""

    def _on_rollout_start(self):
        self.training_env.env_method("set_policies", policy_from_model(self.model))

    def _on_step(self):
        return True


torch.set_num_threads(1)  # the fastest for networks this small
env = SelfPlayEnv(ENV, PLAYERS, opponents={"heuristic": 0.5, "current": 0.5}, seed=0)
model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=256, gamma=1.0, seed=0)
model.learn(int(sys.argv[1]) if len(sys.argv) > 1 else 50_000, callback=SelfPlay())
export_policy(model, "policy.zip", ENV, PLAYERS)
