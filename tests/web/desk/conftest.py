"""The fixtures of the event desk's tests: a desk for the games day's pack (tests/support/examples.py)
in a new SQLite file, and a test client of its app with the form and organiser tokens of
tests/support/web.py."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from armybuilder.desk import Desk
from armybuilder.events import load
from armybuilder.web.desk import make_desk_app
from tests.support.examples import GAMES_DAY
from tests.support.web import BASE, DESK_TOKEN, ORG


@pytest.fixture
def desk(tmp_path):
    d = Desk(tmp_path / "desk.sqlite", load(GAMES_DAY))
    yield d
    d.close()


@pytest.fixture
def client(desk):
    with TestClient(make_desk_app(desk, token=DESK_TOKEN, organiser=ORG), base_url=BASE) as c:
        yield c
