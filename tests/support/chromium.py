"""Debian's chromium for the browser tests: where it is, how it is started, and what a run without
it does (skip, or fail where ``ARMYBUILDER_BROWSER_TESTS=required``, as in CI). The ``browser``
fixture is in ``tests/conftest.py``."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from typing import Any

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


@contextlib.contextmanager
def launched(*extra: str) -> Iterator[Any]:
    """A headless Chromium started with FLAGS and ``extra``; a machine without one skips (or fails,
    where the browser tests are required)."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _no_browser("the playwright package is not installed (pip install -e '.[test]')")
    executable = _chromium()
    if executable is None:
        _no_browser("no chromium on this machine (apt-get install -y chromium chromium-driver)")
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=executable, args=[*FLAGS, *extra], headless=True, timeout=30_000)
        except Error as exc:
            _no_browser(f"{executable} does not start: {str(exc).splitlines()[0]}")
        try:
            yield b
        finally:
            b.close()


def serious(page: Any) -> list[str]:
    """axe-core's serious or critical violations on the page as it is now, one line each
    (``axe-playwright-python``, run in this Chromium)."""
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']}" for v in violations if v.get("impact") in ("serious", "critical")]
