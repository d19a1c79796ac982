"""A player's words on the builder's page (issue 46, items 7 and 8): what the catalog cannot offer
yet says why and offers what it waits for, where the player meets it; what a check found is said in
a player's words, its exact words one tap away. Engine-side: tests/project/test_player_words.py and
the systems' board tests."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import yaml
from starlette.testclient import TestClient

from armybuilder.check import check_path
from armybuilder.web.builder import make_app

BASE = "http://127.0.0.1:8000"
TOKEN = "test-token-0123456789"
SHOTS = os.environ.get("ARMYBUILDER_SHOTS", "")  # a folder for the screenshots, to look at by hand
NO_TOPOGRAPHY = {
    "system": "fantasy-triumph",
    "name": "Nowhere",
    "classes": [{"name": "Scouts", "troop": "Light Foot", "stands": 2, "general": True}],
}


def _text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _group(page: str, key: str) -> str:
    (found,) = re.findall(rf'<section class="group" id="g-{key}".*?</section>', page, re.DOTALL)
    return found


def test_the_catalog_offers_the_topography_where_the_cards_that_wait_for_it_are(tmp_path):
    """FT 24: Ambush costs 1 point (home topography only) or 2 (any, or a Dense home topography):
    with no topography said, the catalog offered "Ambush (home) +1 point", and taking it made the
    list illegal ("add 'topography:' to the list"). Now it waits, says why, and the topography is
    chosen in the Army cards' own group, without going to the settings."""
    (tmp_path / "x.yaml").write_text(yaml.safe_dump(NO_TOPOGRAPHY, sort_keys=False), encoding="utf-8")
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as client:
        page = client.get("/list/x.yaml").text
        army = _group(page, "army-cards")
        assert "choose the army's home topography first: it sets the price of Ambush, dearer when Dense (FT 24)" in (
            _text(army)
        )
        [select] = re.findall(r'<select id="([^"]+)"[^>]*aria-label="Home topography, which prices Ambush and', army)
        [form] = re.findall(rf'<form id="t-{select}".*?</form>', page, re.DOTALL)
        hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)
        fields = {k: html.unescape(v) for k, v in hidden}
        answer = client.post(
            "/act/x.yaml", data={**fields, "value": "Forest"}, headers={"origin": BASE, "hx-request": "true"}
        )
        assert answer.status_code == 200
    assert check_path(tmp_path / "x.yaml").document["topography"] == "Forest"
    army = _group(answer.text, "army-cards")
    assert 'aria-label="Add Ambush (home) to the army, +1 point"' in army
    assert "Home topography, which prices" not in army


def _shot(page, name: str, at=None) -> None:
    """A screenshot to look at, ``at`` a control in the middle (scrolled to again while the catalog's
    groups, drawn as they come into view, take their height)."""
    if not SHOTS:
        return
    for _ in range(4 if at is not None else 0):
        at.evaluate("e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
        page.wait_for_timeout(150)
    page.screenshot(path=str(Path(SHOTS) / name))


def test_on_a_phone_the_words_and_the_topography_in_the_catalog(browser, served):
    """At 390 px with JavaScript on: a new list's Findings in a player's words, the exact ones behind
    one tap; the Army cards' topography chosen in the catalog with one pick, Ambush then offered,
    with no page load; axe finds nothing serious on either page."""
    from tests.support.chromium import serious

    folder, url = served
    (folder / "new.yaml").write_text("system: homm3-battlefield\nname: New\n", encoding="utf-8")
    (folder / "x.yaml").write_text(yaml.safe_dump(NO_TOPOGRAPHY, sort_keys=False), encoding="utf-8")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(url + "list/new.yaml")
        findings = page.locator("#findings")
        # On a phone the findings follow the catalog, drawn only when scrolled to (content-visibility:
        # auto): read where a player reads them.
        findings.scroll_into_view_if_needed()
        page.wait_for_timeout(150)
        assert "the list needs a game mode" in findings.inner_text()
        assert "entry" not in findings.inner_text()
        exact = findings.locator("details.exact").first
        exact.locator("summary").click()
        assert "ABL021" in exact.inner_text() and "needs an entry" in exact.inner_text()
        assert serious(page) == []
        _shot(page, "new-list-findings-390.png")

        page.goto(url + "list/x.yaml")
        page.wait_for_load_state("load")
        loads = page.evaluate("performance.getEntriesByType('navigation').length")
        group = page.locator("#g-army-cards")
        pick = group.get_by_label("Home topography, which prices Ambush and Prepared Defenses")
        _shot(page, "catalog-topography-390.png", pick)
        assert serious(page) == []
        pick.select_option(value="Forest")
        pick.wait_for(state="detached")  # the catalog drawn again: nothing waits for the topography now
        add = page.get_by_label("Add Ambush (home) to the army, +1 point")
        assert add.is_enabled()
        assert page.evaluate("performance.getEntriesByType('navigation').length") == loads
        assert page.locator("#status").inner_text() == "Not legal"  # 1 class of 2 stands: far from 51 points
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        _shot(page, "catalog-after-topography-390.png", add)

        # a list's fingerprint: short, its whole one tap away; "unverified" said once what it means
        (folder / "host.yaml").write_bytes((EXAMPLES / "fantasy-triumph/greenwood-host.yaml").read_bytes())
        page.goto(url + "list/host.yaml")
        fingerprint = page.locator("#fingerprint")
        fingerprint.scroll_into_view_if_needed()
        assert not HEX64.search(fingerprint.inner_text())
        fingerprint.locator("summary").click()
        assert HEX64.search(fingerprint.inner_text())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the 64 characters wrap
        assert page.locator("#army p.unverified").is_visible()
        assert serious(page) == []
        _shot(page, "fingerprint-390.png", fingerprint)
    finally:
        context.close()
    assert check_path(folder / "x.yaml").document["topography"] == "Forest"


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HEX64 = re.compile(r"\b[0-9a-f]{64}\b")


def _seen(markup: str) -> str:
    """The page's text as it is seen before any tap: no folded details, nothing drawn for print only."""
    markup = re.sub(r'<details class="exact">.*?</details>', "", markup, flags=re.DOTALL)
    markup = re.sub(r'<code class="fp-whole">.*?</code>', "", markup, flags=re.DOTALL)
    return re.sub(r" ([:;,.])", r"\1", _text(markup))  # (a tag taken out before a colon)


def test_the_fingerprint_is_short_on_the_page_and_whole_one_tap_away(tmp_path):
    """A 64-character "Fingerprint" stood on every list page; now its first 8 characters, what it
    is for, and the whole one under a tap (and on paper, where an organiser compares it)."""
    import shutil

    from armybuilder.fingerprint import of_file

    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", tmp_path / "ozzy.yaml")
    whole = of_file(tmp_path / "ozzy.yaml")
    with TestClient(make_app(tmp_path), base_url=BASE) as client:
        page = client.get("/list/ozzy.yaml").text
    seen = _seen(page)
    assert not HEX64.search(seen)
    assert f"Fingerprint {whole[:8]}: the same as on this list's roster, where an organiser compares them" in seen
    assert f'<summary>The whole fingerprint</summary><code class="fp-all">{whole}</code>' in page
    assert f'<code class="fp-whole">{whole}</code>' in page  # printed whole


def test_unverified_says_what_it_means_where_it_is_shown(tmp_path):
    """ "3 MU (unverified)" on a Fantasy Triumph class, "(reference, unverified)" after a Small World
    rule: the word stood with nothing saying what it means. The page now says it once, under the
    army and in the catalog; a page without the word does not."""
    import shutil

    for example in ("fantasy-triumph/greenwood-host.yaml", "token-terrors/ozzys-muster.yaml"):
        shutil.copyfile(EXAMPLES / example, tmp_path / Path(example).name)
    with TestClient(make_app(tmp_path), base_url=BASE) as client:
        ft = client.get("/list/greenwood-host.yaml").text
        tt = client.get("/list/ozzys-muster.yaml").text
    assert "(unverified)" in _text(ft)
    meaning = "Unverified: a figure or a rule the game's rule documents do not give, taken from another source"
    assert _text(ft).count(meaning) == 2  # the army, the catalog
    assert meaning in _text(ft[ft.index('id="army"') : ft.index('id="findings"')])
    assert "unverified" not in _text(tt).lower()


def test_the_sites_own_lists_are_named_as_lists_not_files(tmp_path, monkeypatch):
    """In the site the lists live in the browser: the lists page showed "the-greenwood-host.yaml"
    under each list, and its messages named files ("Moved x.yaml to the trash"). serve, and a
    folder of the computer opened in the site, still name the files the player sees."""
    import shutil

    from armybuilder.web.site import worker

    monkeypatch.setattr(worker, "FOLDER", str(tmp_path))
    monkeypatch.setattr(worker, "_APP", None)
    monkeypatch.setattr(worker, "_inline_threads", lambda: None)
    monkeypatch.setattr(worker, "_bundled_games", lambda: None)
    worker.start(str(tmp_path))
    assert worker._APP.state.builder.files is False
    other = tmp_path / "opened"
    other.mkdir()
    worker.start(str(other))
    assert worker._APP.state.builder.files is True

    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", tmp_path / "host.yaml")
    with TestClient(make_app(tmp_path, token=TOKEN, files=False), base_url=BASE) as client:
        lists = client.get("/").text
        assert "The Greenwood Host" in lists and "host.yaml" not in _seen(lists)
        crumb = re.findall(r'<span class="crumb">(.*?)</span>', client.get("/list/host.yaml").text)
        assert crumb == ["The Greenwood Host"]
        said = client.post(
            "/manage/host.yaml", data={"csrf": TOKEN, "do": "delete"}, headers={"origin": BASE, "hx-request": "true"}
        ).text
        assert "Moved “The Greenwood Host” to the trash" in said and "host.yaml" not in _seen(said)
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", tmp_path / "host.yaml")
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as client:
        assert '<p class="card-file">host.yaml</p>' in client.get("/").text  # serve names its files
