"""Which packages the wheel holds, and the compiled build; everything else is in
pyproject.toml.

The repository's ``checkpoints/`` and ``configs/`` folders install as the data
packages ``zombie_envs.checkpoints`` and ``zombie_envs.configs``, so the shipped
agents and configs work without the repository.

The modules named in ``zombie_envs/compiled.py`` (the engines, their encoders,
the heuristic bots and what they stand on) are compiled by mypyc into C
extensions beside their pure-Python sources whenever mypy (a build requirement)
and a C compiler are there; without either, or where the compiler fails, the
package installs as pure Python, behaving the same, and says so once.
``ZOMBIE_ENVS_COMPILE=0`` asks for the pure build.
"""

import os
import runpy
import sys

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError

MAPPED = {
    "zombie_envs.checkpoints": "checkpoints",
    "zombie_envs.configs": "configs",
}


def say(line: str) -> None:
    print(f"zombie-envs: {line}", file=sys.stderr, flush=True)


def ext_modules() -> list:
    """The compiled modules' extensions, or none for the pure build."""
    if os.environ.get("ZOMBIE_ENVS_COMPILE", "1") == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypy is not installed: installing the pure-Python build (slower engines)")
        return []
    here = os.path.dirname(os.path.abspath(__file__))
    modules = runpy.run_path(os.path.join(here, "zombie_envs", "compiled.py"))["MODULES"]
    try:
        # (one shared library inside the package, so a checkout built in place imports
        # it from any working directory)
        return mypycify(list(modules), opt_level="3", group_name="zombie_envs.native")
    except (Exception, SystemExit) as error:  # mypyc refused the source: never a failed install
        say(f"mypyc could not compile ({error}): installing the pure-Python build")
        return []


class BuildOrFallBack(build_ext):
    """Builds the compiled modules, or, where no C compiler works, leaves them out
    so the pure-Python sources are used, saying so once."""

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, BaseError, OSError) as error:
            self.extensions = []
            say(f"no working C compiler ({error}): installed the pure-Python build")


setup(
    packages=[*find_packages(include=["zombie_envs", "zombie_envs.*"]), *MAPPED],
    package_dir=MAPPED,
    ext_modules=ext_modules(),
    cmdclass={"build_ext": BuildOrFallBack},
)
