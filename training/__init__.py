"""Self-play PPO training for the zombie-envs suite (needs the ``train`` extra).

``selfplay.SelfPlayEnv`` turns a suite env into a one-seat gymnasium env with
an opponent pool; ``train.Trainer`` runs MaskablePPO over it with evaluation,
checkpoints and resume; ``config`` reads the YAML files in ``configs/``.
"""
