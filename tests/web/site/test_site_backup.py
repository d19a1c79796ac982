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

built = site_tests.built  # the site built once for this module, and served (the fixtures)
served = site_tests.served

THREE = [
    ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml",
    ROOT / "examples" / "token-terrors" / "ozzys-muster.yaml",
    ROOT / "examples" / "token-terrors" / "wrens-host.yaml",
]
SHOTS = os.environ.get("ARMYBUILDER_SHOTS")  # a folder: the screenshots looked at by hand


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
    finally:
        empty.close()
    with zipfile.ZipFile(again) as z:  # the same names, the same bytes, so the same fingerprints
        assert sorted(z.namelist()) == names
        out = tmp_path / "out"
        out.mkdir()
        for name in names:
            (out / name).write_bytes(z.read(name))
        assert sorted(of_file(out / n) for n in names) == sorted(of_file(src) for src in THREE)
