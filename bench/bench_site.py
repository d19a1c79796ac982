"""The static site (``armybuilder site``) in a real headless Chromium, served on loopback by a plain
static file server (the standard library's, which compresses nothing, as the worst host would).

Measured:
- first visit: from ``goto`` to the lists page a player can use, with an empty browser profile
  (no HTTP cache, no service worker): the runtime is downloaded and compiled, armybuilder imported;
- repeat visit: the same, reloaded once the service worker holds the site (median of 3);
- one edit of the Greenwood Host: from the click (``pointerdown``) to the end of htmx's swap, in
  the page (median of 20 changes, a stand more and a stand fewer; the first two warm up);
- the bytes of a first visit: every response body the server sent, the page's and the service
  worker's (which keeps every file for offline use).

    python bench/bench_site.py             # builds the site from the cache (armybuilder site --fetch)

Its last line: ``site: first visit F s, repeat visit R s, edit E ms median, first visit B MB``.
Targets on a two-core machine: F <= 8 s, R <= 3 s, E <= 150 ms, B <= 12 MB.

The floor, measured side by side in the same browser: a page whose worker only starts the same
Pyodide from the same server (no armybuilder), first visit. On a busy machine the figures grow
together; the ratio of the first visit to the floor says what armybuilder adds.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armybuilder.web.site import build as site  # noqa: E402
from tests.builder.browser import TRACK, Player  # noqa: E402
from tests.support.chromium import FLAGS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
GREENWOOD = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
STEPS = ("One more stand of Wardens, +6½ points", "One stand fewer of Wardens, −6½ points")
CHANGES = 20


class Counted(http.server.SimpleHTTPRequestHandler):
    sent = 0  # response body bytes, over every request
    lock = threading.Lock()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with Counted.lock:
            Counted.sent += len(data)
        outputfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


def usable(page: Any, timeout: float = 180.0) -> None:
    """Wait (polling: the page's CSP forbids the eval of wait_for_function) for the lists page."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(
        "() => !!document.getElementById('new-list') && document.getElementById('boot-status') === null"
    ):
        if time.monotonic() > deadline:
            raise SystemExit(f"the site did not start within {timeout:.0f} s")
        time.sleep(0.02)


def kept(page: Any, timeout: float = 180.0) -> None:
    """Wait until the service worker holds every file of the site."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(
        """async () => {
            if (!navigator.serviceWorker.controller) { return false; }
            const build = await (await fetch('build.json')).json();
            const names = await caches.keys();
            if (!names.length) { return false; }
            return (await (await caches.open(names[0])).keys()).length > Object.keys(build.files).length;
        }"""
    ):
        if time.monotonic() > deadline:
            raise SystemExit(f"the service worker did not keep the site within {timeout:.0f} s")
        time.sleep(0.2)


FLOOR_PAGE = b'<!doctype html><p id="s">loading</p><script src="floor.js"></script>'
FLOOR_JS = b"""new Worker("floor-worker.js", {type: "module"}).onmessage = () => {
  document.getElementById("s").textContent = "done"; };"""
FLOOR_WORKER = b"""import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href });
py.runPython("import json");
self.postMessage("done");"""


def floor(browser: Any, url: str) -> float:
    """Seconds to a bare Pyodide's first Python, in a fresh profile (the runtime unpacked, as a host
    that compresses would send it: the floor does not pay for the site's own unpacking)."""
    context = browser.new_context()
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url + "floor.html")
    while page.inner_text("#s") != "done":
        time.sleep(0.02)
    seconds = time.perf_counter() - started
    context.close()
    return seconds


def main() -> int:
    from playwright.sync_api import sync_playwright

    cache = site.default_cache()
    if site.problems(cache):
        print("the site's runtime is not in the cache: run armybuilder site --fetch", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        done = site.build(out, cache)
        if done.code:
            print("\n".join(done.stderr), file=sys.stderr)
            return 2
        import gzip

        floor_dir = Path(tmp) / "floor"
        shutil.copytree(out / "pyodide", floor_dir / "pyodide")
        packed = floor_dir / "pyodide" / "pyodide.asm.wasm.gz"
        (floor_dir / "pyodide" / "pyodide.asm.wasm").write_bytes(gzip.decompress(packed.read_bytes()))
        for name, data in (("floor.html", FLOOR_PAGE), ("floor.js", FLOOR_JS), ("floor-worker.js", FLOOR_WORKER)):
            (out / name).write_bytes(data)
        shutil.copyfile(floor_dir / "pyodide" / "pyodide.asm.wasm", out / "pyodide" / "pyodide.asm.wasm")
        handler = functools.partial(Counted, directory=str(out))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            bare = floor(browser, url)
            print(f"floor: a bare Pyodide's first visit, {bare:.2f} s")
            Counted.sent = 0
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            started = time.perf_counter()
            page.goto(url)
            usable(page)
            first = time.perf_counter() - started
            kept(page)
            first_bytes = Counted.sent
            print(f"first visit: {first:.2f} s to the lists page, {first_bytes / 1e6:.1f} MB served (page and worker)")
            said = page.evaluate("armybuilderSite.log")
            print("  what the worker said (ms):", [(t, text[:30]) for t, _, text in said])
            repeats = []
            for _ in range(3):
                before = Counted.sent
                started = time.perf_counter()
                page.reload()
                usable(page)
                repeats.append(time.perf_counter() - started)
                print(f"repeat visit: {repeats[-1]:.2f} s, {(Counted.sent - before) / 1e3:.0f} kB served")
                said = page.evaluate("armybuilderSite.log")
                print("  what the worker said (ms):", [(t, text[:30]) for t, _, text in said])
            # One list, the Greenwood Host, imported as a player imports a file, then 22 changes.
            page.locator("#import > summary").click()
            tmpfile = Path(tmp) / "greenwood-host.yaml"
            shutil.copyfile(GREENWOOD, tmpfile)
            page.locator("#import-file").set_input_files(str(tmpfile))
            page.locator("#import-go").click()
            deadline = time.monotonic() + 60
            while not page.evaluate("() => location.hash.startsWith('#/list/') && !!document.getElementById('status')"):
                if time.monotonic() > deadline:
                    raise SystemExit("the imported list did not open")
                time.sleep(0.05)
            player = Player(page, True)
            page.evaluate(TRACK)
            for i in range(CHANGES + 2):
                player.click(STEPS[i % 2])
            times = [float(t) for t in page.evaluate("window.__ab.times")][2:]
            browser.close()
        server.shutdown()
    edit = statistics.median(times)
    repeat = statistics.median(repeats)
    print(f"edit: median {edit:.0f} ms, max {max(times):.0f} ms over {len(times)} changes")
    print(f"first visit {first / bare:.2f}x the floor, repeat visit {repeat / bare:.2f}x")
    print(
        f"site: first visit {first:.1f} s, repeat visit {repeat:.1f} s, edit {edit:.0f} ms median, "
        f"first visit {first_bytes / 1e6:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
