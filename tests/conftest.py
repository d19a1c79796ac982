import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Deterministic output whatever the terminal the tests run in.
os.environ.setdefault("NO_COLOR", "1")
os.environ.pop("FORCE_COLOR", None)


@pytest.fixture
def root() -> Path:
    return ROOT


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
