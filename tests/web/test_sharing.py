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


@pytest.fixture
def greenwood(tmp_path):
    import shutil

    shutil.copyfile(GREENWOOD, tmp_path / "greenwood-host.yaml")
    return tmp_path / "greenwood-host.yaml"


def _export_text(path: Path) -> str:
    from armybuilder.export.roster import build
    from armybuilder.export.text import TextExporter

    return TextExporter().text(build(path)[0])


def test_a_list_page_has_a_share_section_whose_link_opens_the_share_page(app, greenwood):
    html = _call(app, "GET", "/list/greenwood-host.yaml").body.decode()
    section = re.search(r'<section class="share-box" id="share".*?</section>', html, re.S).group(0)
    # serve: the link is the builder's own page of a shared list, at the address the page was reached by
    link = "http://127.0.0.1/shared?code=" + _code(greenwood)
    assert f'data-share-link="{link}"' in section
    # Without JavaScript the Share button is hidden (class jsonly) and the link opens the share page.
    assert re.search(r'<button type="button" class="jsonly" id="share-go"', section)
    assert '<a class="button" id="share-page" href="/share/greenwood-host.yaml">Link, QR code and text</a>' in section
    assert "<svg" not in section  # the QR code is drawn on the share page, not with every change


def test_the_share_page_shows_the_link_its_qr_code_and_the_text_without_javascript(app, greenwood):
    import html as html_lib

    from armybuilder.export.qr import link_svg

    page = _call(app, "GET", "/share/greenwood-host.yaml")
    assert page.status == 200
    html = page.body.decode()
    link = "http://127.0.0.1/shared?code=" + _code(greenwood)
    assert f'<input id="share-link" class="code" readonly value="{link}">' in html
    # The QR code of that very link, an SVG in the page (no script, no image file), named for a
    # screen reader, dark on white whatever the page's colours.
    drawn = link_svg(link, "QR code of the list's link", border=4, fit=True)
    assert drawn.replace("<svg ", '<svg role="img" aria-label="QR code of the list\'s link" class="qr" ', 1) in html
    assert '<path fill="#fff"' in drawn and "<figcaption>Scan to open the list</figcaption>" in html
    # The list as export --to text writes it, every line kept.
    text = re.search(r'<textarea id="share-text"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    assert html_lib.unescape(text) == _export_text(greenwood)
    # htmx's own request (the Share button's fallback) gets the panel alone.
    part = _call(app, "GET", "/share/greenwood-host.yaml", [("hx-request", "true")]).body.decode()
    assert part.lstrip().startswith('<div class="share-parts" id="share-parts">') and "<html" not in part


def test_in_the_site_the_link_is_the_sites_address_with_the_code_in_the_fragment(app, greenwood):
    from armybuilder.web.site.worker import site_address

    assert site_address() == ""  # outside a browser's worker: no site
    app.state.share_base = "https://you.github.io/armybuilder/"  # what the worker sets (worker.start)
    link = "https://you.github.io/armybuilder/#" + _code(greenwood)  # as share --link makes it
    html = _call(app, "GET", "/list/greenwood-host.yaml").body.decode()
    assert f'data-share-link="{link}"' in html
    page = _call(app, "GET", "/share/greenwood-host.yaml").body.decode()
    assert f'value="{link}"' in page and "no server sees it" in page


def test_the_sites_address_is_the_one_its_worker_gives_at_each_start_never_one_kept(tmp_path, monkeypatch):
    """worker.js gives its address to start() (issue 47, item 1): the address is never read from a
    page's location while Python starts, as a memory snapshot is made where there is no page."""
    from armybuilder.web.site import worker

    monkeypatch.setattr(worker, "_APP", None)
    monkeypatch.setattr(worker, "_ADDRESS", "")
    worker.start(str(tmp_path), "https://you.github.io/armybuilder/worker.js")
    assert worker._APP.state.share_base == "https://you.github.io/armybuilder/"  # the worker's folder
    worker.start(str(tmp_path), "javascript:alert(1)//")  # not a site's address: no share link base
    assert worker._APP.state.share_base == ""
    worker.start(str(tmp_path), "http://127.0.0.1:8000/a/b/worker.js?x=1#y")
    assert worker.site_address() == "http://127.0.0.1:8000/a/b/"


def test_a_hostile_list_name_is_escaped_and_a_missing_list_is_refused(app, tmp_path):
    (tmp_path / "x.yaml").write_text(
        'system: fantasy-triumph\nname: "<script>alert(1)</script>\\u202e"\npoints: 51\n', encoding="utf-8"
    )
    html = _call(app, "GET", "/share/x.yaml").body.decode()
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "\u202e" not in html
    assert _call(app, "GET", "/share/nothing-here.yaml").status == 404
    (tmp_path / "bad.yaml").write_text("- not\n- a list\n", encoding="utf-8")
    bad = _call(app, "GET", "/share/bad.yaml")
    assert bad.status == 422 and "no link to share" in bad.body.decode()
