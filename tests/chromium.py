"""Debian's chromium for the browser tests: where it is, how it is started, and what a run without
it does (skip, or fail where ``ARMYBUILDER_BROWSER_TESTS=required``, as in CI). The ``browser``
fixture is in ``tests/conftest.py``."""

from __future__ import annotations

import os
import shutil

import pytest

# Chromium, as root and without a network: no sandbox (root), no GPU, and none of the background
# connections (QUIC, sync, component updates) that the closed network would refuse. Playwright gives
# every launch a fresh, empty --user-data-dir of its own.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium() -> str | None:
    for candidate in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def _no_browser(reason: str) -> None:
    if os.environ.get("ARMYBUILDER_BROWSER_TESTS") == "required":
        pytest.fail(f"browser tests are required here, but {reason}")
    pytest.skip(f"no browser for the end-to-end tests: {reason}")
