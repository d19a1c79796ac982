"""Sharing a list from the builder, without a browser (issue 46, items 10 and 11): the page a share
link opens laid out for a phone, a list saved twice from its link, and the Share section's markup
as a page without JavaScript gets it. Through the app in process (``web/site/inproc``)."""

from __future__ import annotations

import asyncio
import re
import urllib.parse
from pathlib import Path

import pytest

from armybuilder.sharecode import encode
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
GREENWOOD = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"


def _call(app, method, target, headers=(), body=b""):
    from armybuilder.web.site.inproc import call

    return asyncio.run(call(app, method, target, list(headers), body))


@pytest.fixture
def app(tmp_path):
    from armybuilder.web.builder import make_app

    return make_app(tmp_path)


def _code(path: Path = GREENWOOD) -> str:
    return encode(load_file(path).data)


def _save(app, code: str):
    """What "Save to my lists" posts (the same form as the lists page's Import)."""
    page = _call(app, "GET", "/")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.body.decode()).group(1)
    return _call(
        app,
        "POST",
        "/import",
        [("content-type", "application/x-www-form-urlencoded")],
        urllib.parse.urlencode({"csrf": csrf, "code": code}).encode(),
    )


def test_the_same_link_saved_twice_opens_the_list_already_saved(app, tmp_path):
    code = _code()
    first = _save(app, code)
    assert first.status == 200 and first.url.startswith("/list/the-greenwood-host.yaml")
    again = _save(app, code)
    # One list, not two of one name: the second save opens the first, and says why.
    assert sorted(p.name for p in tmp_path.glob("*.yaml")) == ["the-greenwood-host.yaml"]
    assert again.status == 200 and again.url.startswith("/list/the-greenwood-host.yaml?")
    assert "already in your lists" in again.body.decode()
    # The link opened once more: the page says it is saved, and offers to open it, not to save it.
    html = _call(app, "GET", "/shared?code=" + urllib.parse.quote(code)).body.decode()
    assert 'id="saved-already"' in html and 'href="/list/the-greenwood-host.yaml"' in html
    assert 'id="save-shared"' not in html


def test_a_changed_list_of_the_same_name_is_saved_beside_it_and_said_so(app, tmp_path):
    _save(app, _code())
    data = load_file(GREENWOOD).data
    data["player"] = "Another player"  # the same name, another list: its fingerprint differs
    second = _save(app, encode(data))
    assert sorted(p.name for p in tmp_path.glob("*.yaml")) == ["the-greenwood-host-2.yaml", "the-greenwood-host.yaml"]
    assert "A list of the same name was already here" in second.body.decode()


def test_a_shared_roster_on_a_phone_is_cards_with_each_value_under_its_column(app):
    html = _call(app, "GET", "/shared?code=" + urllib.parse.quote(_code())).body.decode()
    # The Wardens' line of the Classes table (examples/fantasy-triumph/greenwood-host.yaml): as a
    # card, each filled cell under its column's name; the empty ones (Expendable) left out.
    card = re.search(r'<li><strong class="card-title">Wardens \(general\)</strong>(.*?)</li>', html, re.S)
    assert card is not None
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", card.group(1))
    assert ("Troop", "Elite Foot") in pairs and ("Stands", "2") in pairs and ("Total", "13") in pairs
    assert ("Per stand", "4 + Deadly 2 + Armored ½") in pairs
    assert not any(dt == "Expendable" for dt, _ in pairs)
    assert 'class="table-wrap wide-only"' in html  # the table, for a wide screen
