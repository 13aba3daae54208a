"""Which packages the wheel holds; everything else is in pyproject.toml.

The repository's ``checkpoints/`` and ``configs/`` folders install as the data
packages ``zombie_envs.checkpoints`` and ``zombie_envs.configs``, so the shipped
agents and configs work without the repository.
"""

from setuptools import find_packages, setup

MAPPED = {
    "zombie_envs.checkpoints": "checkpoints",
    "zombie_envs.configs": "configs",
}

setup(
    packages=[*find_packages(include=["zombie_envs", "zombie_envs.*"]), *MAPPED],
    package_dir=MAPPED,
)
