"""Fixtures for the event-pack tests (helpers in helpers.py; ``write`` is the root conftest's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import ALICE


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
