"""Fixtures of the browser builder's tests: ``served``, a builder over an empty folder of lists, in
the background (a module may give the name its own fixture, as the desk's tests do)."""

from __future__ import annotations

import pytest


@pytest.fixture
def served(tmp_path):
    """``(folder, url)``: ``armybuilder serve`` over a new, empty folder, answering at ``url``."""
    from armybuilder.web.server import Background

    folder = tmp_path / "lists"
    folder.mkdir()
    with Background(folder) as url:
        yield folder, url
