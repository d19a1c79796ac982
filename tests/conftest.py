"""Fixtures for every test folder: ``root``, ``run`` (the CLI in-process) and ``write``.

The tests mirror the package: ``core/`` for the top-level modules (check, tournament, diff,
fingerprint, fsutil, yamlio...), ``compose/``, ``export/``, ``events/``, ``reporters/`` for the
subpackages, ``systems/<package>/`` for each game system (``systems/test_every_system.py`` for what
every system declares), ``toy/`` for a fifth system in miniature and ``plugins/`` for the game
packages installed beside armybuilder. This file is in ``tests/``,
which has no ``__init__.py``, so pytest puts ``tests/`` on ``sys.path``: the shared helpers
``golden`` (the golden files) and ``compose_parts`` (running a compose part) import from any folder.

Maintainers' checks (``@pytest.mark.maintainer``, see ``shared.py``) read documents outside the
repository: a run without ``ARMYBUILDER_SHARED`` skips them and its summary says how many.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.support import shared

ROOT = Path(__file__).resolve().parent.parent

# The per-user cache (parsed data, compiled validators) of the test run is its own, fresh one.
os.environ["ARMYBUILDER_CACHE_DIR"] = tempfile.mkdtemp(prefix="armybuilder-test-cache-")

# The tests see armybuilder's own four games only, whatever game packages the venv holds (CI installs
# the example one, examples/toy-game): tests/plugins/ turns the entry points back on for its own.
os.environ["ARMYBUILDER_DISABLE_PLUGIN_AUTOLOAD"] = "1"

# Deterministic output whatever the terminal the tests run in.
os.environ.setdefault("NO_COLOR", "1")
os.environ.pop("FORCE_COLOR", None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"maintainer: {shared.REASON}")


def _drives_chromium(item: pytest.Item) -> bool:
    return "browser" in getattr(item, "fixturenames", ())


def heaviest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The test files in the order pytest-xdist hands them out (``--dist loadfile`` in pyproject's
    addopts: a file's tests on one worker, so its browser, server and site are started once): the
    files that drive Chromium first (more than half the suite's time in a dozen of 250 files, 5 to 56 s a
    test), then the others; each group by its number of tests, most first (xdist's own order, which
    ``--no-loadscope-reorder`` leaves to this). The long ones start while the other worker has work,
    and the run ends on files of a few seconds, not on one worker's minute of a browser. A file's
    tests keep their order."""
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    order = sorted(files.values(), key=lambda tests: (not any(map(_drives_chromium, tests)), -len(tests)))
    return [item for tests in order for item in tests]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items[:] = heaviest_first(items)
    if os.environ.get(shared.ENV):
        return
    for item in items:
        if item.get_closest_marker("maintainer"):
            item.add_marker(pytest.mark.skip(reason=shared.REASON))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    left = [r for r in terminalreporter.stats.get("skipped", []) if shared.REASON in str(r.longrepr)]
    if left:
        terminalreporter.write_line(
            f"{len(left)} maintainers' checks left out: they compare the repository's transcriptions with"
            f" the rule documents outside it (README, Testing; {shared.ENV}=DIR runs them)"
        )


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def write(tmp_path):
    """Write a file under tmp_path (text, or bytes) and return its path."""

    def _write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return _write


@pytest.fixture
def run(monkeypatch):
    """Run the CLI in-process from the repository root; returns the typer Result."""
    from typer.testing import CliRunner

    from armybuilder.cli import app

    monkeypatch.chdir(ROOT)
    runner = CliRunner()

    def _run(*args, input=None):
        return runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)

    return _run


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a test module (see ``tests/support/chromium.py``). Not one for the whole
    run: Playwright's sync API keeps an event loop set while it lives, and a later test of the same
    worker that calls ``asyncio.run`` fails ("cannot be called from a running event loop")."""
    from tests.support.chromium import launched

    with launched() as b:
        yield b
