"""The optional compiled build: ``make test-compiled`` runs these with the
extensions built (``ZOMBIE_ENVS_COMPILED=1``), ``make test`` without; each run
checks it tests what it means to, so a leftover extension cannot pass for the
pure-Python package, nor a failed build for the compiled one."""

import os
import runpy
from pathlib import Path

from zombie_envs import compiled

ROOT = Path(__file__).resolve().parents[2]
COMPILED_RUN = os.environ.get("ZOMBIE_ENVS_COMPILED") == "1"


def test_this_run_loads_every_listed_module_as_it_means_to():
    loaded = compiled.loaded_compiled()
    assert sorted(loaded) == sorted(compiled.module_name(p) for p in compiled.MODULES)
    assert set(loaded.values()) == {COMPILED_RUN}, loaded


def test_the_listed_modules_are_files_of_the_package_and_setup_reads_them():
    for path in compiled.MODULES:
        assert (ROOT / path).is_file(), path
    assert runpy.run_path(str(ROOT / "zombie_envs" / "compiled.py"))["MODULES"] == compiled.MODULES
    assert "compiled.py" in (ROOT / "setup.py").read_text(encoding="utf-8")
