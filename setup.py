"""Which packages the wheel holds; everything else is in pyproject.toml.

The repository's ``training/`` folder installs as ``zombie_envs.training``: a
top-level ``training`` package would clash with other projects' packages.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["zombie_envs", "zombie_envs.*"]), "zombie_envs.training"],
    package_dir={"zombie_envs.training": "training"},
)
