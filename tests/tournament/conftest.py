"""Fixtures for the event-pack, tournament and diff tests (helpers in helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import ALICE


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
def check(write):
    """Check a list file against a pack given as text: the list's Result."""
    from armybuilder import events
    from armybuilder.check import check_path
    from armybuilder.systems import CheckOptions

    def _check(pack_text: str, list_path: Path = ALICE, points=None):
        pack = events.load(write("pack.yaml", pack_text))
        return check_path(list_path, CheckOptions(points=points), pack=pack)

    return _check

