"""Which packages the wheel holds, and the optional compiled build; everything
else is in pyproject.toml.

The repository's ``checkpoints/`` and ``configs/`` folders install as the data
packages ``zombie_envs.checkpoints`` and ``zombie_envs.configs``, so the shipped
agents and configs work without the repository.

With ``ZOMBIE_ENVS_COMPILE=1`` (and mypy installed: ``pip install
--no-build-isolation``), the modules named in ``zombie_envs/compiled.py`` are
compiled by mypyc into C extensions beside their pure-Python sources.
"""

import os
import runpy

from setuptools import find_packages, setup

MAPPED = {
    "zombie_envs.checkpoints": "checkpoints",
    "zombie_envs.configs": "configs",
}


def ext_modules() -> list:
    if os.environ.get("ZOMBIE_ENVS_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    here = os.path.dirname(os.path.abspath(__file__))
    modules = runpy.run_path(os.path.join(here, "zombie_envs", "compiled.py"))["MODULES"]
    return mypycify(list(modules), opt_level="3")


setup(
    packages=[*find_packages(include=["zombie_envs", "zombie_envs.*"]), *MAPPED],
    package_dir=MAPPED,
    ext_modules=ext_modules(),
)
