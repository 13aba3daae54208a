"""The shipped training configs; installed as ``zombie_envs.configs``."""
