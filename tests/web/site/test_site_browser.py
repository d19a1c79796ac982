"""The static site in Chromium, as a player meets it: built from the pinned runtime cache, served by
a plain static file server on 127.0.0.1, with nothing else (issue 35).

- a list made by clicking, changed, a change undone, the page reloaded: the list is still there;
  then offline: reloaded, changed again, its PDF roster downloaded (the same bytes as
  ``armybuilder export`` of the same list), and no request ever went to another origin;
- every bundled example's findings and total, worked out in the browser, equal
  ``armybuilder validate --format json``;
- every bundled example's share link (``armybuilder share --link``) opens on the same verdict and
  total as the command line.

The cache is what ``armybuilder site --fetch`` fills; the test set-up fills it where it is missing
(``conftest.py``), and a run that cannot fetch it fails, saying what is missing: never skipped.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")
SHOTS = os.environ.get("ARMYBUILDER_SHOTS")  # a folder: the screenshots looked at by hand
BOOT = 120.0  # seconds for the first visit: the runtime is compiled and the app imported, on a busy machine


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(built) -> Iterator[str]:
    """The site on a plain static file server (the standard library's), as any host serves it."""
    handler = functools.partial(_Quiet, directory=str(built))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def player(browser, served) -> Iterator[tuple[Any, Any, list[str]]]:
    """A fresh browser profile (no site data yet), its page, and every request made to another origin."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    elsewhere: list[str] = []
    origin = served.rstrip("/")

    def seen(request: Any) -> None:
        if not request.url.startswith((origin + "/", "blob:", "data:")):
            elsewhere.append(request.url)

    context.on("request", seen)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        yield context, page, elsewhere
    finally:
        context.close()


def _open_folder_with(page: Any, folder: str, name: str) -> Any:
    """Open ``folder`` of the browser's own file system (as "Open a folder on this computer" opens
    a folder of the disk) with one list in it, ``mine.yaml`` named ``name``; what useFolder answers."""
    return page.evaluate(
        """async ([folder, name]) => {
            const root = await navigator.storage.getDirectory();
            const dir = await root.getDirectoryHandle(folder, { create: true });
            const file = await (await dir.getFileHandle('mine.yaml', { create: true })).createWritable();
            await file.write('system: token-terrors\\nname: ' + name + '\\n');
            await file.close();
            return armybuilderSite.useFolder(dir);
        }""",
        [folder, name],
    )


def _until(page: Any, function: str, arg: Any = None, timeout: float = 60.0) -> None:
    """Wait until ``function(arg)`` is true in the page: polled with evaluate, as the page's
    Content-Security-Policy forbids the eval that Playwright's wait_for_function uses."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(function, arg):
                return
        except Exception as exc:
            if "Execution context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout} s: {function}")
        page.wait_for_timeout(100)


def _open(page: Any, url: str) -> None:
    page.goto(url)
    _booted(page)


def _booted(page: Any) -> None:
    try:
        _until(page, "() => !!window.armybuilderSite && document.getElementById('boot-status') === null", timeout=BOOT)
    except AssertionError as exc:  # what the page and its worker said meanwhile
        said = page.evaluate(
            "() => [(document.getElementById('boot-status') || {}).textContent,"
            " window.armybuilderSite && armybuilderSite.log, window.armybuilderSite && armybuilderSite.marks]"
        )
        raise AssertionError(f"{exc}; the page said: {said}") from None


def _no_serious_violation(page: Any) -> None:
    from tests.support.chromium import serious

    bad = serious(page)
    assert not bad, bad


def _kept_offline(page: Any) -> None:
    """The service worker holds every file of the site (its install ended)."""
    _until(
        page,
        """async () => {
            const reg = await navigator.serviceWorker.ready;
            if (!reg.active || !navigator.serviceWorker.controller) { return false; }
            const build = await (await fetch('build.json')).json();
            const names = await caches.keys();
            if (!names.length) { return false; }
            const cache = await caches.open(names[0]);
            const kept = await cache.keys();
            return kept.length >= Object.keys(build.files).length;
        }""",
        timeout=BOOT,
    )


def _add(page: Any, name: str) -> None:
    """Click the catalog's Add of the troop type ``name``, and wait for its class on the list."""
    page.get_by_role("button", name=re.compile(rf"^Add a class of {name}, ")).first.click()
    _on_the_list(page, name)


def _on_the_list(page: Any, name: str, there: bool = True) -> None:
    _until(
        page,
        "([name, there]) => { const l = document.getElementById('list');"
        " return !!l && l.innerText.includes(name) === there; }",
        arg=[name, there],
    )


def test_a_list_made_changed_undone_kept_and_used_offline(player, served, run, tmp_path):
    context, page, elsewhere = player
    _open(page, served)
    assert page.locator("#new-list").is_visible()
    _no_serious_violation(page)
    page.locator("#new-name").fill("Site Army")
    page.locator("#create").click()
    _until(page, "() => location.hash.startsWith('#/list/site-army.yaml') && !!document.getElementById('status')")

    _add(page, "Shooters")
    page.locator("#undo").click()
    _on_the_list(page, "Shooters", there=False)
    _add(page, "Bow Levy")

    # Issue 46, item 3: after working on a part (its "Cards", which takes the page down to the
    # catalog), back to the lists and the list opened again: it opens at its verdict and army,
    # not 4,800 px down in the catalog.
    page.locator("a.btn.focus:visible").first.click()
    _until(page, "() => location.hash.includes('focus=')")
    assert page.evaluate("scrollY") > 1000
    page.locator("a.home").click()
    _until(page, "() => !!document.getElementById('lists')")
    page.locator("a.card-title", has_text="Site Army").click()
    _until(page, "() => !!document.getElementById('army')")
    page.wait_for_timeout(500)
    assert page.evaluate("scrollY") < 100, "the list opens at its verdict and army"

    page.reload()
    _booted(page)
    _until(page, "() => document.getElementById('status') !== null")
    assert "Bow Levy" in page.locator("#list").inner_text(), "the list is kept across a reload"
    assert page.url.endswith("#/list/site-army.yaml") or "#/list/site-army.yaml" in page.url

    _kept_offline(page)
    context.set_offline(True)
    page.reload()
    _booted(page)
    _until(page, "() => document.getElementById('status') !== null")
    assert "Bow Levy" in page.locator("#list").inner_text()
    _add(page, "Pikes")

    with page.expect_download() as got:
        page.locator("#download-list").click()
    listed = tmp_path / "site-army.yaml"
    got.value.save_as(listed)
    assert "Pikes" in listed.read_text() and "Bow Levy" in listed.read_text()
    for face, suffix in (("PDF", "pdf"), ("Markdown", "md"), ("JSON", "json"), ("Text", "txt")):
        with page.expect_download() as got:
            page.locator("a.button", has_text=re.compile(rf"^{face}$")).click()
        assert got.value.suggested_filename == f"site-army.{suffix}"
        made = tmp_path / f"from-site.{suffix}"
        got.value.save_as(made)
        exported = tmp_path / f"from-cli.{suffix}"
        assert run("export", listed, "-o", exported).exit_code in (0, 1)
        assert made.read_bytes() == exported.read_bytes(), f"the site's {face} roster is the command line's"
    assert (tmp_path / "from-site.pdf").read_bytes().startswith(b"%PDF")
    assert elsewhere == [], f"requests to another origin: {elsewhere[:3]}"


def _cli_json(run, path: Path) -> dict[str, Any]:
    result = run("validate", "--format", "json", path)
    report = json.loads(result.stdout)
    (one,) = report["results"]
    one["file"] = path.name
    return one


def test_every_example_s_share_link_opens_on_its_verdict_and_total_and_its_findings_are_the_command_line_s(
    player, served, run
):
    """Every bundled example's share link opens on the verdict and total of the command line; then,
    in the same tab (its Python booted once), every example's findings and total worked out in the
    browser equal ``armybuilder validate --format json`` (two tests, each of which booted its own
    browser profile for it, folded into one: the same checks, one boot fewer)."""
    from armybuilder.check import check_path
    from armybuilder.web.listpage import measure_line

    _, page, elsewhere = player
    first = True
    expected: dict[Path, dict[str, Any]] = {}
    for path in EXAMPLES:
        link = run("share", path, "--link", served).stdout.strip()
        assert link.startswith(served + "#AB1.")
        expected[path] = _cli_json(run, path)
        if first:  # a link opened as a player opens it: a new page load
            _open(page, link)
        else:  # then the next link in the same tab
            page.evaluate("(hash) => { location.hash = hash; }", link[len(served) :])
        _until(
            page,
            "(name) => { const h = document.getElementById('shared-h'); return !!h && h.textContent === name; }",
            expected[path]["name"],
        )
        status = page.locator("#status").inner_text()
        assert status == ("Legal" if expected[path]["valid"] else "Not legal"), path.name
        assert page.locator("#total").inner_text() == measure_line(check_path(path))[0], path.name
        if first:
            _no_serious_violation(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
            first = False
    # Every example's findings and total, worked out in the browser (a pure call: nothing is kept).
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        report = json.loads(page.evaluate("([n, t]) => armybuilderSite.validate(n, t)", [path.name, text]))
        (found,) = report["results"]
        found["file"] = path.name
        assert found == expected[path], path.name
    assert elsewhere == []


def test_a_damaged_link_says_so_and_takes_the_code_again(player, served, run):
    _, page, _ = player
    link = run("share", EXAMPLES[0], "--link", served).stdout.strip()
    _open(page, link[:-12])
    page.wait_for_selector("#shared-problem")
    assert "cannot be read" in page.locator("#shared-problem").inner_text()
    _no_serious_violation(page)
    page.locator("#shared-code").fill(link.split("#", 1)[1])
    page.get_by_role("button", name="Open the list").click()
    page.wait_for_selector("#save-shared")
    page.locator("#save-shared").click()
    _until(page, "() => location.hash.startsWith('#/list/') && !!document.getElementById('status')")


def test_a_folder_of_the_computer_is_edited_in_place_and_keeps_what_another_program_wrote_or_removed(player, served):
    """Where the browser offers it (the File System Access API), the builder works on a folder's
    files. Playwright cannot answer the folder picker, so the folder here is the browser's own
    origin-private one: the same kind of handle the picker gives. Then, in the same tab, another
    folder: the builder writes and removes only the folder's files it changed: a list another
    program wrote into the folder while it was open stays, and one it removed is not put back
    (issue 45, item 2). (Two tests, each of which booted its own browser profile, folded into one:
    the same checks, one boot fewer; the second folder is another, so nothing of the first is in it.)"""
    _, page, _ = player
    _open(page, served)
    assert page.locator("#site-folder button").inner_text() == "Open a folder on this computer"
    assert _open_folder_with(page, "club-lists", "Kept On Disk")
    _until(page, "() => !!document.querySelector('.card-title') && document.body.innerText.includes('Kept On Disk')")
    assert "club-lists" in page.locator("#site-folder").inner_text()
    page.locator("#new-name").fill("Made In The Folder")
    page.locator("#create").click()
    _until(page, "() => location.hash.startsWith('#/list/made-in-the-folder.yaml')")
    names = page.evaluate(
        """async () => {
            const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('club-lists');
            const names = [];
            for await (const [name] of dir.entries()) { names.push(name); }
            return names.sort();
        }"""
    )
    assert "made-in-the-folder.yaml" in names and "mine.yaml" in names
    page.evaluate("() => { location.hash = '#/'; }")
    _until(page, "() => !!document.querySelector('#site-folder button')")
    page.locator("#site-folder button").click()
    back = "() => (document.querySelector('#site-folder') || {innerText: ''}).innerText.startsWith('Lists kept in')"
    _until(page, back)
    assert "Kept On Disk" not in page.locator("#lists").inner_text()

    # The second folder, opened in the same tab as the first was.
    _open_folder_with(page, "shared-lists", "Was There")
    _until(page, "() => !!document.querySelector('.card-title') && document.body.innerText.includes('Was There')")
    page.evaluate(  # another program, while the folder is open: one list written, one removed
        """async () => {
            const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('shared-lists');
            const file = await (await dir.getFileHandle('theirs.yaml', { create: true })).createWritable();
            await file.write('system: token-terrors\\nname: Written Elsewhere\\n');
            await file.close();
            await dir.removeEntry('mine.yaml');
        }"""
    )
    page.locator("#new-name").fill("Made Here")
    page.locator("#create").click()
    _until(page, "() => location.hash.startsWith('#/list/made-here.yaml') && !!document.getElementById('status')")
    shown = _lists_shown(page)
    assert _names_in_folder(page, "shared-lists") == ["made-here.yaml", "theirs.yaml"]
    assert "Written Elsewhere" in shown and "Was There" not in shown
    assert page.locator("#site-storage").count() == 0, "every write to the folder ended well"


# What the browser's storage does when it is full or refused, put in front of the site's own worker:
# every write to IndexedDB fails as a full disk fails it (QuotaExceededError), or IndexedDB cannot
# be opened at all (a browser that keeps no site data). Chromium's DevTools quota override is not
# honoured for IndexedDB, so the browser's own error is raised where the browser raises it.
_FULL = """const plainPut = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""
_REFUSED = """self.indexedDB.open = function () {
  throw new DOMException("The user denied permission to access the database.", "SecurityError");
};
"""


def _with_storage(context: Any, served: str, prelude: str) -> None:
    def answer(route: Any) -> None:
        body = (Path(__file__).resolve().parents[3] / "armybuilder/web/site/worker.js").read_text(encoding="utf-8")
        route.fulfill(status=200, content_type="text/javascript", body=prelude + body)

    context.route(served + "worker.js", answer)


@pytest.mark.parametrize(
    ("prelude", "said"),
    [
        (_FULL, "Your last change could not be saved in this browser (the browser's storage for this site is full)"),
        (
            _REFUSED,
            "This browser does not let the builder keep lists (the browser refused: The user denied permission "
            "to access the database): lists made now last only while this tab is open",
        ),
    ],
    ids=["full", "refused"],
)
def test_storage_that_is_full_or_refused_is_said_and_the_list_is_kept_in_the_tab(browser, served, prelude, said):
    phone = {"width": 390, "height": 844}
    context = browser.new_context(viewport=phone, service_workers="block", accept_downloads=True)
    try:
        _with_storage(context, served, prelude)
        page = context.new_page()
        page.set_default_timeout(60_000)
        _open(page, served)
        page.locator("#new-name").fill("Kept In The Tab")
        page.locator("#create").click()
        _until(page, "() => location.hash.startsWith('#/list/kept-in-the-tab') && !!document.getElementById('status')")
        _add(page, "Shooters")
        _until(page, "() => !!document.getElementById('site-storage')")
        banner = page.locator("#site-storage")
        assert banner.get_attribute("role") == "alert"
        assert said in banner.inner_text()
        _no_serious_violation(page)
        assert "Shooters" in page.locator("#list").inner_text()  # nothing lost while the tab is open
        with page.expect_download() as got:  # and the list can still be taken away
            page.locator("#download-list").click()
        assert "Shooters" in Path(got.value.path()).read_text(encoding="utf-8")
        banner.get_by_role("button", name="Dismiss").click()
        assert page.locator("#site-storage").count() == 0
    finally:
        context.close()


def _names_in_folder(page: Any, folder: str) -> list[str]:
    """The names of the files directly in the browser's origin-private folder ``folder``."""
    return page.evaluate(
        """async (folder) => {
            const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
            const names = [];
            for await (const [name, handle] of dir.entries()) { if (handle.kind === 'file') { names.push(name); } }
            return names.sort();
        }""",
        folder,
    )


def _lists_shown(page: Any) -> str:
    """The lists page drawn again (the next request waits for the last one's write-back), as text."""
    page.evaluate("() => armybuilderSite.open('/')")
    _until(page, "() => !!document.getElementById('lists')")
    page.evaluate("() => armybuilderSite.request('GET', '/')")
    return str(page.locator("#lists").inner_text())


def test_two_tabs_never_delete_each_others_lists(browser, served):
    """Each tab's builder holds its own copy of the lists: a page shown in one tab never writes its
    copy back over a list another tab made (issue 45, item 2)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        tabs = []
        for _ in range(2):
            tab = context.new_page()
            tab.set_default_timeout(60_000)
            _open(tab, served)
            tabs.append(tab)
        a, b = tabs
        b.locator("#new-name").fill("Made In B")
        b.locator("#create").click()
        _until(b, "() => location.hash.startsWith('#/list/made-in-b.yaml') && !!document.getElementById('status')")
        _add(b, "Shooters")
        a.evaluate("() => armybuilderSite.request('GET', '/shared')")  # a plain page view in A
        a.evaluate("() => armybuilderSite.request('GET', '/')")  # (answered once the last one's write-back ended)
        third = context.new_page()
        third.set_default_timeout(60_000)
        _open(third, served)
        assert "Made In B" in third.locator("#lists").inner_text(), "a new tab has the list made in B"
        assert "Made In B" in _lists_shown(a), "a list made in another tab is seen here"
        a.locator("#new-name").fill("Made In A")
        a.locator("#create").click()
        _until(a, "() => location.hash.startsWith('#/list/made-in-a.yaml') && !!document.getElementById('status')")
        a.evaluate("() => armybuilderSite.request('GET', '/')")  # answered once A's write-back of its list ended
        shown = _lists_shown(b)
        assert "Made In A" in shown and "Made In B" in shown
        third.reload()
        _booted(third)
        shown = third.locator("#lists").inner_text()
        assert "Made In A" in shown and "Made In B" in shown, "a new tab has every list"
        third.evaluate("() => armybuilderSite.open('/list/made-in-b.yaml')")
        _on_the_list(third, "Shooters")
        for tab in (a, b, third):
            assert tab.locator("#site-storage").count() == 0, "every write-back ended well"
    finally:
        context.close()


def test_a_link_with_a_bad_escape_says_what_is_wrong(player, served, run):
    """A share link that ends in '%', or is cut inside an escape (%E2%80), opens on the damaged
    code's own message, not a page stuck on "Opening your lists…" (issue 45, item 3)."""
    _, page, _ = player
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    link = run("share", EXAMPLES[0], "--link", served).stdout.strip()
    page.goto(link[:-3] + "%")
    _until(page, "() => !!document.getElementById('shared-problem')", timeout=BOOT)
    assert "cannot be read" in page.locator("#shared-problem").inner_text()
    assert page.locator("#boot-status").count() == 0
    page.evaluate("(hash) => { location.hash = hash; }", link.split("#", 1)[1] + "%E2%80")
    _until(
        page,
        "() => !!document.getElementById('shared-problem') && !!document.getElementById('shared-code')"
        " && document.getElementById('shared-code').value.endsWith('%E2%80')",
    )
    assert "cannot be read" in page.locator("#shared-problem").inner_text()
    _no_serious_violation(page)
    assert errors == []


# The Web Share API, stubbed: what the page asked the phone to share, in window.shared.
_STUB_SHARE = """
window.shared = [];
Object.defineProperty(navigator, 'share', {configurable: true,
  value: (data) => { window.shared.push(data); return Promise.resolve(); }});
Object.defineProperty(navigator, 'canShare', {configurable: true, value: () => true});
"""


def test_a_list_saved_from_its_link_shares_the_same_link_and_is_never_saved_twice(browser, served, run):
    """The site's Share button (issue 46, item 10): on a phone the share sheet gets the list's link,
    the site's own address with the code in the fragment, as ``share --link`` makes it; without a
    share sheet the link is copied and its QR code and the list as text show. The page the link
    opens fits the phone, and the same link saved twice makes one list (item 11)."""
    greenwood = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
    saved = "() => location.hash.startsWith('#/list/the-greenwood-host.yaml') && !!document.getElementById"
    link = run("share", greenwood, "--link", served).stdout.strip()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        context.add_init_script(_STUB_SHARE)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.rstrip("/"))
        page = context.new_page()
        page.set_default_timeout(60_000)
        _open(page, link)
        _until(page, "() => !!document.getElementById('save-shared')")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        wide = page.evaluate(
            "() => Array.from(document.querySelectorAll('main *')).filter(e => e.getClientRects().length"
            " && e.getBoundingClientRect().right > innerWidth + 0.5).length"
        )
        assert wide == 0, "the shared roster reaches past the phone's width"
        _no_serious_violation(page)
        page.locator("#save-shared").click()
        _until(page, saved + "('share-go')")
        page.locator("#share-go").click()
        _until(page, "() => window.shared.length === 1")
        assert page.evaluate("window.shared") == [{"title": "The Greenwood Host", "url": link}]
        page.evaluate("() => { delete navigator.share; delete navigator.canShare; }")
        page.locator("#share-go").click()
        _until(page, "() => !!document.querySelector('#share-panel #share-qr svg')")
        assert page.evaluate("navigator.clipboard.readText()") == link
        assert page.locator("#share-link").input_value() == link
        assert page.locator("#share-text").input_value().startswith("The Greenwood Host\nFantasy Triumph · 51 of 51")
        assert page.locator("#share-qr svg").is_visible()
        _no_serious_violation(page)
        # The same link opened again: the list is saved already, and opens; no second list.
        page.evaluate("(hash) => { location.hash = hash; }", link.split("#", 1)[1])
        _until(page, "() => !!document.getElementById('saved-already')")
        page.locator("#open-saved").click()
        _until(page, saved + "('status')")
        shown = _lists_shown(page)
        assert shown.count("The Greenwood Host") == 1, shown
    finally:
        context.close()


KEPT_SNAPSHOT = "async () => !!(await caches.match('snapshot.bin'))"


def _marks(page: Any) -> list[str]:
    return [str(name) for name, _ in page.evaluate("() => armybuilderSite.marks")]


def test_a_repeat_visit_starts_offline_from_the_kept_runtime_and_snapshot_of_its_own_build_only(
    browser, served, tmp_path
):
    """A player's browser (a profile on disk, which keeps compiled code): the second visit is served
    wholly by the service worker with the network off, takes the runtime from the site's cache (a
    response with its URL, whose compiled code Chromium keeps) and starts from the memory snapshot
    the first visit took; a snapshot under another build's key, or one whose bytes were damaged, is
    never used, and the plain start then loses no list (issue 47, item 1)."""
    from tests.support.chromium import FLAGS, _chromium

    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=_chromium(), args=FLAGS, viewport={"width": 390, "height": 844}
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(60_000)
        page.goto(served)
        # The waiting screen says what it is doing in a player's words, never blank, and on a first
        # visit that it takes a few seconds once (issue 47, item 1).
        _until(page, "() => !!(document.getElementById('boot-note') || {}).textContent")
        waiting = page.locator("#main").inner_text()
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/first-visit-waiting-390.png")
        assert "The first visit takes a few seconds, once" in waiting, waiting
        _booted(page)
        said = [text for _, kind, text in page.evaluate("() => armybuilderSite.log") if kind == "progress"]
        assert said and all(text.strip() for text in said), said
        assert not [t for t in said if re.search(r"python|runtime|armybuilder|\.zip|\bMB\b.*once", t, re.I)], said
        assert "python started from a plain start" in _marks(page)
        page.locator("#new-name").fill("Kept Across Starts")
        page.locator("#create").click()
        made = "() => location.hash.startsWith('#/list/kept-across-starts') && !!document.getElementById('status')"
        _until(page, made)
        page.evaluate("() => armybuilderSite.request('GET', '/')")  # the list's write-back ended
        _kept_offline(page)
        _until(page, KEPT_SNAPSHOT, timeout=BOOT)  # made aside, once the first page was shown

        responses: list[Any] = []
        page.on("response", lambda response: responses.append(response))
        context.set_offline(True)
        page.evaluate("() => { location.hash = '#/'; }")
        page.reload()
        _booted(page)
        marks = _marks(page)
        assert "runtime from the cache" in marks and "python started from the snapshot" in marks, " | ".join(marks)
        said = [text for _, kind, text in page.evaluate("() => armybuilderSite.log") if kind == "progress"]
        assert "Opening the builder kept on this device…" in said, said
        assert "Kept Across Starts" in page.locator("#lists").inner_text()
        network = [r.url for r in responses if not r.from_service_worker and r.url.startswith("http")]
        assert network == [], f"answered by the network, not the service worker: {network[:3]}"

        page.evaluate(  # the snapshot now claims another build's key: never restored
            """async () => {
                const cache = await caches.open((await caches.keys()).find((n) => n.startsWith('armybuilder-site-')));
                const kept = await cache.match('snapshot.bin');
                await cache.put('snapshot.bin', new Response(await kept.arrayBuffer(),
                    { headers: { 'X-Armybuilder-Snapshot': 'pyodide 0 another site another-build' } }));
            }"""
        )
        page.reload()
        _booted(page)
        marks = _marks(page)
        assert "snapshot of another build left unused" in marks and "python started from a plain start" in marks
        assert "Kept Across Starts" in page.locator("#lists").inner_text(), "a plain start loses no list"

        _until(page, KEPT_SNAPSHOT, timeout=BOOT)
        page.evaluate(  # that start kept a snapshot of its own; its bytes damaged on the disk, its key kept
            """async () => {
                const cache = await caches.open((await caches.keys()).find((n) => n.startsWith('armybuilder-site-')));
                const kept = await cache.match('snapshot.bin');
                const bytes = new Uint8Array(await kept.arrayBuffer());
                for (let at = bytes.length >> 1; at < bytes.length; at += 4096) { bytes[at] ^= 0xff; }
                await cache.put('snapshot.bin', new Response(bytes, { headers: kept.headers }));
            }"""
        )
        page.reload()
        _booted(page)
        marks = _marks(page)
        assert "damaged snapshot left unused" in marks, " | ".join(marks)
        assert "python started from a plain start" in marks, " | ".join(marks)
        assert "Kept Across Starts" in page.locator("#lists").inner_text(), "a damaged snapshot loses no list"
    finally:
        context.close()
