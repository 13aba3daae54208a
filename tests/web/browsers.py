"""What every browser test needs first: Chromium, which ``make test`` installs."""

from __future__ import annotations

import shutil

import pytest

#: every browser test's mark: skipped, saying why, where no Chromium could be installed
NEEDS_CHROMIUM = pytest.mark.skipif(
    not (shutil.which("chromium") or shutil.which("chromium-browser")),
    reason="Chromium is not on PATH and could not be installed (apt-get install chromium)",
)
