"""Which packages the wheel holds; everything else is in pyproject.toml.

The repository's ``training/`` folder installs as ``zombie_envs.training``: a
top-level ``training`` package would clash with other projects' packages.
``checkpoints/`` and ``configs/`` install the same way, as data packages, so
the shipped agents and configs work without the repository.
"""

from setuptools import find_packages, setup

MAPPED = {
    "zombie_envs.training": "training",
    "zombie_envs.checkpoints": "checkpoints",
    "zombie_envs.configs": "configs",
}

setup(
    packages=[*find_packages(include=["zombie_envs", "zombie_envs.*"]), *MAPPED],
    package_dir=MAPPED,
)
