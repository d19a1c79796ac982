"""The static site's backup in Chromium (issue 47, item 2): three lists backed up as one file in one
browser restore into an empty browser with the same lists, byte for byte (so the same
fingerprints); the lists page says what the browser answered when asked to keep them."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from armybuilder.fingerprint import of_file
from tests.web.site import test_site_browser as site_tests
from tests.web.site.test_site_browser import ROOT, _booted, _open, _until

served = site_tests.served  # the site (built once for the run: conftest.py's built), served (the fixture)

THREE = [
    ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml",
    ROOT / "examples" / "token-terrors" / "ozzys-muster.yaml",
    ROOT / "examples" / "token-terrors" / "wrens-host.yaml",
]
SHOTS = os.environ.get("ARMYBUILDER_SHOTS")  # a folder: the screenshots looked at by hand


# The record in the browser's storage (IDBFS: the database "/lists", each file a record keyed by
# its path), rewritten as an older build left it; true once written.
OLDER_BUILD = """() => new Promise((resolve) => {
  const open = indexedDB.open('/lists');
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const db = open.result;
    const store = db.transaction('FILE_DATA', 'readwrite').objectStore('FILE_DATA');
    const key = '/lists/.armybuilder/checked.json';
    const got = store.get(key);
    got.onsuccess = () => {
      if (!got.result) { resolve(false); return; }
      const record = JSON.parse(new TextDecoder().decode(got.result.contents));
      const name = Object.keys(record.lists).find((n) => n.startsWith('ozzy'));
      if (!name) { resolve(false); return; }
      record.versions.data['token-terrors'] = '0';
      record.lists[name].valid = false;
      record.lists[name].total = '99 slots';
      const entry = Object.assign({}, got.result, { timestamp: new Date(),
        contents: new TextEncoder().encode(JSON.stringify(record)) });
      const put = store.put(entry, key);
      put.onsuccess = () => resolve(true);
      put.onerror = () => resolve(false);
    };
    got.onerror = () => resolve(false);
  };
})"""


def _backup(page, tmp: Path, name: str) -> Path:
    page.locator("#download-all").scroll_into_view_if_needed()
    with page.expect_download() as got:
        page.click("#download-all")
    path = tmp / name
    got.value.save_as(path)
    return path


def test_three_lists_backed_up_restore_into_an_empty_browser_with_the_same_fingerprints(browser, served, tmp_path):
    first = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    try:
        page = first.new_page()
        page.set_default_timeout(60_000)
        _open(page, served)
        for src in THREE:  # each imported as a list file, as a player does
            page.locator("#import summary").click()
            page.set_input_files("#import-file", str(src))
            page.click("#import-go")
            _until(page, "() => location.hash.startsWith('#/list/')")
            page.goto(served)
            _booted(page)
        _until(page, "() => document.querySelectorAll('.card-title').length === 3")
        words = page.inner_text("#storage-words")
        assert words.startswith("Your lists are kept in this browser, on this device only"), words
        if SHOTS:
            page.locator("#backup").scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/lists-backup-390.png", full_page=True)
        kept = _backup(page, tmp_path, "backup.zip")
    finally:
        first.close()
    with zipfile.ZipFile(kept) as z:  # each list as it was imported (named after its name), byte for byte
        names = sorted(z.namelist())
        assert sorted(z.read(n) for n in names) == sorted(src.read_bytes() for src in THREE)
    empty = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    try:
        page = empty.new_page()
        page.set_default_timeout(60_000)
        _open(page, served)
        assert page.locator(".card-title").count() == 0
        page.set_input_files("#backup-file", str(kept))
        page.click("#backup-go")
        _until(page, "() => document.querySelectorAll('.card-title').length === 3")
        said = page.inner_text(".flash, [role=status], #folder")
        assert "Restored 3 lists" in said, said
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/restored-390.png", full_page=True)
        again = _backup(page, tmp_path, "again.zip")
        # What an older build kept in this browser (issue 47, item 3): Token Terrors' data at
        # version 0 and Ozzy's Muster not legal at 99 slots, written into the stored record as that
        # build would have; the next visit is this build, with version 1: Ozzy's Muster is legal at
        # 10 of 10 slots (TT: its 10 slots filled), so it is marked with the old and the new.
        _until(page, OLDER_BUILD)
        page.reload()
        _booted(page)
        _until(page, "() => !!document.getElementById('update-notice')")
        notice = page.inner_text("#update-notice")
        assert "The builder was updated (the game data of Token Terrors: Battlegrounds from 0 to 1)" in notice
        assert "1 list changed" in notice
        marks = page.locator(".card-changed").all_inner_texts()
        assert marks == ["Changed with the update: was Not legal, 99 slots; now Legal, 10 of 10 slots."], marks
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/update-notice-390.png")
    finally:
        empty.close()
    with zipfile.ZipFile(again) as z:  # the same names, the same bytes, so the same fingerprints
        assert sorted(z.namelist()) == names
        out = tmp_path / "out"
        out.mkdir()
        for name in names:
            (out / name).write_bytes(z.read(name))
        assert sorted(of_file(out / n) for n in names) == sorted(of_file(src) for src in THREE)
