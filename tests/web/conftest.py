"""What the browser tests share: one Chromium per test module, driven by Playwright."""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture(scope="module")
def browser():
    """A Chromium browser (the system's, which ``make test`` installs)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium_path is None:
        pytest.skip("Chromium is not on PATH (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path)
        yield chromium
        chromium.close()
