"""Every number read from a request is bounded in length before it is parsed (issue 45, item 8):
``?page=`` with 4,301 digits or more was a 500 (Python's ``int()`` digit limit). A long number is
taken as the last page, or refused with the reason in a player's words, never echoed whole.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from armybuilder import digits
from armybuilder.compose.base import number
from armybuilder.compose.parts import EditError
from armybuilder.desk import Desk
from armybuilder.events import load
from armybuilder.systems.homm3.compose import level
from armybuilder.web import folderpage
from armybuilder.web.builder import make_app
from armybuilder.web.desk import make_desk_app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GAMES_DAY = EXAMPLES / "events" / "games-day.yaml"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"
BASE = "http://127.0.0.1:8000"
TOKEN = "test-token-0123456789"
ORG = "organiser-token-0123456789abcdef"
JSON = {"origin": BASE, "accept": "application/json"}
BIG = "9" * 5000
LONG = [BIG, "0" * 4000 + "1" * 4400, "-" + BIG, BIG + ".5", "1e" + BIG, "+" + BIG]


def no_long_number(text: str) -> bool:
    return re.search(r"[0-9]{200}", text) is None


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    for path in sorted(EXAMPLES.glob("*/*.yaml")):
        if path.parent.name != "events":
            shutil.copyfile(path, d / path.name)
    shutil.copyfile(GAMES_DAY, d / "games-day.yaml")
    folderpage._KEPT.clear()
    yield d
    folderpage._KEPT.clear()


@pytest.fixture
def client(folder):
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE, raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("given", LONG, ids=["digits", "zeros-then-digits", "minus", "half", "exponent", "plus"])
@pytest.mark.parametrize("query", ["", "&sort=status", "&sort=total", "&q=horde", "&event=games-day.yaml"])
def test_a_page_of_thousands_of_digits_on_the_lists_page(client, given, query):
    r = client.get("/", params={"page": given, **dict([query[1:].split("=")] if query else [])})
    assert r.status_code == 200
    assert "Your lists" in r.text and no_long_number(r.text)


def test_a_page_past_the_last_is_the_last_and_a_long_one_too(client, folder):
    for i in range(150):
        (folder / f"more-{i:03d}.yaml").write_bytes((EXAMPLES / "token-terrors" / "ozzys-muster.yaml").read_bytes())
    assert "Page 2 of 2" in client.get("/?page=7").text
    assert "Page 2 of 2" in client.get("/?page=" + BIG).text
    assert "Page 1 of 2" in client.get("/?page=0").text
    assert "Page 1 of 2" in client.get("/?page=²").text  # a digit, but not an ASCII one


@pytest.mark.parametrize("given", LONG[:4])
def test_a_new_lists_army_size_of_thousands_of_digits(client, given):
    data = {"csrf": TOKEN, "system": "fantasy-triumph", "name": "Big", "points": given}
    r = client.post("/new", data=data, headers=JSON)
    assert r.status_code == 422
    said = " ".join(r.json()["messages"])
    assert "The army size must be from 0.5 to 1000" in said and "characters" in said and no_long_number(said)


def typed_edits(page: str) -> list[str]:
    """The page's edits that take a typed value (``value_at``)."""
    out = []
    for raw in sorted(set(html.unescape(m) for m in re.findall(r'name="e" value="([^"]*)"', page))):
        if json.loads(raw)[3] is not None:
            out.append(raw)
    return out


def test_every_typed_value_of_thousands_of_digits_in_the_builder(client, folder):
    tried = 0
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "games-day.yaml":
            continue
        before = path.read_bytes()
        for edit in typed_edits(client.get(f"/list/{path.name}").text):
            r = client.post(f"/act/{path.name}", data={"csrf": TOKEN, "e": edit, "value": BIG}, headers=JSON)
            assert r.status_code < 500, (path.name, edit)
            assert no_long_number(r.text), (path.name, edit, r.text[:300])
            tried += 1
        assert path.read_bytes() == before  # nothing was written
    assert tried > 100


def test_an_edit_that_carries_a_long_number_is_refused(client):
    edit = json.dumps(["set", "army", ["points"], int("9" * 4000)])
    r = client.post("/act/greenwood-host.yaml", data={"csrf": TOKEN, "e": edit[:-1] + "9" * 1000 + "]"}, headers=JSON)
    assert r.status_code == 422 and no_long_number(r.text)


def test_the_engine_refuses_a_long_number_before_it_parses_it():
    with pytest.raises(EditError) as raised:
        number(BIG, "--stands", 1, 8)
    assert "not a number of 5,000 characters" in str(raised.value) and no_long_number(str(raised.value))
    with pytest.raises(EditError):
        level(BIG)  # int() of 5,000 digits: a ValueError, an internal error
    with pytest.raises(digits.TooLong):
        digits.json_int(BIG)
    assert digits.page(BIG, 10**6) == 10**6 and digits.page("0007", 10**6) == 7


def test_a_number_of_thousands_of_digits_in_the_desks_json(tmp_path):
    desk = Desk(tmp_path / "desk.sqlite", load(GAMES_DAY))
    try:
        with TestClient(make_desk_app(desk, token=TOKEN, organiser=ORG), base_url=BASE) as client:
            body = '{"player": ' + BIG + ', "list": ' + json.dumps(GREENWOOD.read_text()) + "}"
            r = client.post("/api/submissions", content=body, headers={"content-type": "application/json"})
            assert r.status_code == 422
            said = r.json()["error"]
            assert "a number in the body must be a number of at most 30 characters" in said and no_long_number(said)
    finally:
        desk.close()
