"""The shipped policies, one folder each; installed as ``zombie_envs.checkpoints``."""
