"""Self-play PPO training for the zombie-envs suite (needs the ``train`` extra).

``selfplay.SelfPlayEnv`` turns a suite env into a one-seat gymnasium env with
an opponent pool; ``train.Trainer`` runs MaskablePPO over it with evaluation,
checkpoints and resume; ``config`` reads the YAML files in ``configs/``.
"""


def missing_extra(e: ImportError, what: str, extra: str) -> ImportError:
    """The ``ImportError`` a trainer module raises when an extra's library is
    missing: one line saying what to install (the name kept for callers)."""
    name = (e.name or "a library").split(".")[0]  # the package, not the submodule
    return ImportError(
        f"{what} needs the {extra} extra ({name} is missing): pip install 'zombie-envs[{extra}]'",
        name=name,
    )
