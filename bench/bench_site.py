"""The static site (``armybuilder site``) in a real headless Chromium at 390x844, beside the floor:
the bare Pyodide runtime booted from the same files on another origin (issue 47).

Both are served on loopback by the standard library's static file server (which compresses
nothing, as the worst host would). Each round, in a new browser profile:

- the floor, cold: a page whose worker imports the same ``pyodide/`` files (the wasm as the npm
  package ships it), calls ``loadPyodide()`` and runs one line of Python; then warm: reloaded, the
  HTTP cache full. Its own origin (another port), so the site's service worker never serves it;
- the site's first visit: from ``goto`` to the lists page a player can use ("Create the list"),
  then, once the service worker holds the site and the memory snapshot is kept (made aside, after
  the first page), two repeat visits (reloads).

Every figure is a median over the rounds (``--rounds``, 5 at least). Where the time goes comes from
the worker's own timing marks (``armybuilderSite.marks``): each phase's median, first visit and
repeat visit, beside the floor's. Then one edit of the Greenwood Host (median of 20 changes) and the
bytes of a first visit.

    python bench/bench_site.py [--rounds 5]     # builds the site from the cache (armybuilder site --fetch)

Targets (issue 47) on a two-core machine: first visit <= 1.2x the floor's cold boot, repeat visit
<= 0.5x its warm boot.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armybuilder.web.site import build as site  # noqa: E402
from tests.builder.browser import TRACK, Player  # noqa: E402
from tests.support.chromium import FLAGS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
GREENWOOD = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
STEPS = ("One more stand of Wardens, +6½ points", "One stand fewer of Wardens, −6½ points")
CHANGES = 20
PHONE = {"width": 390, "height": 844}


class Counted(http.server.SimpleHTTPRequestHandler):
    sent = 0  # response body bytes, over every request
    lock = threading.Lock()
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
    }

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with Counted.lock:
            Counted.sent += len(data)
        outputfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


def serve(folder: Path) -> tuple[Any, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counted, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def until(page: Any, function: str, what: str, timeout: float = 180.0, pause: float = 0.02) -> None:
    """Poll (the page's CSP forbids the eval of wait_for_function) until ``function`` is true."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(function):
        if time.monotonic() > deadline:
            raise SystemExit(f"{what} not within {timeout:.0f} s")
        time.sleep(pause)


USABLE = "() => !!document.getElementById('new-list') && document.getElementById('boot-status') === null"
KEPT = """async () => {
    if (!navigator.serviceWorker.controller || !(await caches.match('snapshot.bin'))) { return false; }
    const build = await (await fetch('build.json')).json();
    const names = await caches.keys();
    if (!names.length) { return false; }
    return (await (await caches.open(names[0])).keys()).length > Object.keys(build.files).length;
}"""
# The marks, in ms since the page's navigation began.
MARKS = "(marks) => marks.map(([name, t]) => [name, t - performance.timeOrigin])"

FLOOR_PAGE = b'<!doctype html><p id="s">loading</p><script src="floor.js"></script>'
FLOOR_JS = b"""window.marks = [];
new Worker("floor-worker.js", {type: "module"}).onmessage = (event) => {
  window.marks = event.data; document.getElementById("s").textContent = "done"; };"""
FLOOR_WORKER = b"""const marks = [];
const mark = (name) => marks.push([name, performance.timeOrigin + performance.now()]);
mark("worker started");
const plain = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  mark("runtime fetched"); const made = await plain.call(WebAssembly, source, imports);
  mark("runtime compiled"); return made; };
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href });
mark("python started");
py.runPython("import json");
mark("one line run");
self.postMessage(marks);"""


def timed(page: Any, go: Any, ready: str) -> tuple[float, list[tuple[str, float]]]:
    started = time.perf_counter()
    go()
    until(page, ready, "the page")
    seconds = time.perf_counter() - started
    return seconds, [(str(n), float(t)) for n, t in page.evaluate(MARKS, page.evaluate(MARKS_OF))]


MARKS_OF = "() => (window.armybuilderSite ? window.armybuilderSite.marks : window.marks)"


def phases(marks: list[tuple[str, float]]) -> dict[str, float]:
    """Each phase's ms: from the mark before it (the navigation's start for the first)."""
    out: dict[str, float] = {}
    last = 0.0
    for name, at in marks:
        if name == "page started":
            out["page and shell loaded"] = at
        else:
            out[f"... {name}"] = at - last
        last = at
    return out


def median_phases(runs: list[list[tuple[str, float]]]) -> dict[str, float]:
    every = [phases(m) for m in runs]
    names = list(every[0]) if every else []
    return {n: statistics.median(p.get(n, 0.0) for p in every) for n in names}


def profile(pw: Any) -> Any:
    """A new browser with an empty profile of its own on disk: as a player's browser, it keeps
    compiled code (a Playwright incognito context keeps none)."""
    return pw.chromium.launch_persistent_context(
        tempfile.mkdtemp(prefix="bench-site-profile-"), executable_path=CHROMIUM, args=FLAGS, viewport=PHONE
    )


def floor_round(pw: Any, url: str) -> tuple[float, float, list[Any], list[Any]]:
    context = profile(pw)
    page = context.new_page()
    done = "() => document.getElementById('s') && document.getElementById('s').textContent === 'done'"
    cold, cold_marks = timed(page, lambda: page.goto(url + "floor.html"), done)
    warm, warm_marks = timed(page, page.reload, done)
    context.close()
    return cold, warm, cold_marks, warm_marks


def site_round(pw: Any, url: str) -> tuple[float, list[float], list[Any], list[list[Any]], int, list[int]]:
    context = profile(pw)
    page = context.new_page()
    Counted.sent = 0
    first, first_marks = timed(page, lambda: page.goto(url), USABLE)
    until(page, KEPT, "the service worker's copy of the site", pause=0.2)
    first_bytes = Counted.sent
    repeats, repeat_marks, repeat_bytes = [], [], []
    for _ in range(2):
        before = Counted.sent
        seconds, marks = timed(page, page.reload, USABLE)
        repeats.append(seconds)
        repeat_marks.append(marks)
        repeat_bytes.append(Counted.sent - before)
    context.close()
    return first, repeats, first_marks, repeat_marks, first_bytes, repeat_bytes


def edit_times(browser: Any, url: str, tmp: Path) -> list[float]:
    """One list, the Greenwood Host, imported as a player imports a file, then 22 changes."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(url)
    until(page, USABLE, "the site")
    page.locator("#import > summary").click()
    tmpfile = tmp / "greenwood-host.yaml"
    shutil.copyfile(GREENWOOD, tmpfile)
    page.locator("#import-file").set_input_files(str(tmpfile))
    page.locator("#import-go").click()
    until(page, "() => location.hash.startsWith('#/list/') && !!document.getElementById('status')", "the list")
    player = Player(page, True)
    page.evaluate(TRACK)
    for i in range(CHANGES + 2):
        player.click(STEPS[i % 2])
    times = [float(t) for t in page.evaluate("window.__ab.times")][2:]
    context.close()
    return times


def table(columns: dict[str, dict[str, float]]) -> list[str]:
    names: list[str] = []
    for phases_ in reversed(columns.values()):
        names += [n for n in phases_ if n not in names]
    width = max(len(n) for n in names)
    lines = [f"  {'ms (median)':<{width}}  " + "  ".join(f"{c:>12}" for c in columns)]
    for n in names:
        cells = [f"{columns[c][n]:>12.0f}" if n in columns[c] else f"{'':>12}" for c in columns]
        lines.append(f"  {n:<{width}}  " + "  ".join(cells))
    return lines


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = max(1, parser.parse_args().rounds)
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
        floor_dir = Path(tmp) / "floor"
        shutil.copytree(out / "pyodide", floor_dir / "pyodide")
        packed = floor_dir / "pyodide" / "pyodide.asm.wasm.gz"
        (floor_dir / "pyodide" / "pyodide.asm.wasm").write_bytes(gzip.decompress(packed.read_bytes()))
        packed.unlink()
        for name, data in (("floor.html", FLOOR_PAGE), ("floor.js", FLOOR_JS), ("floor-worker.js", FLOOR_WORKER)):
            (floor_dir / name).write_bytes(data)
        site_server, url = serve(out)
        floor_server, floor_url = serve(floor_dir)
        cold: list[float] = []
        warm: list[float] = []
        firsts: list[float] = []
        seconds_: list[float] = []
        thirds: list[float] = []
        marks: dict[str, list[Any]] = {"floor cold": [], "floor warm": [], "first": [], "repeat": [], "third": []}
        first_bytes = 0
        repeat_bytes: list[int] = []
        with sync_playwright() as pw:
            for n in range(rounds):
                c, w, cm, wm = floor_round(pw, floor_url)
                f, r, fm, rm, fb, rb = site_round(pw, url)
                cold.append(c)
                warm.append(w)
                firsts.append(f)
                seconds_.append(r[0])
                thirds.append(r[1])
                marks["floor cold"].append(cm)
                marks["floor warm"].append(wm)
                marks["first"].append(fm)
                marks["repeat"].append(rm[0])
                marks["third"].append(rm[1])
                first_bytes = fb
                repeat_bytes += rb
                print(
                    f"round {n + 1}: floor {c:.2f} s cold, {w:.2f} s warm; site {f:.2f} s first, "
                    f"{r[0]:.2f} s and {r[1]:.2f} s repeat",
                    flush=True,
                )
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            edits = edit_times(browser, url, Path(tmp))
            browser.close()
        site_server.shutdown()
        floor_server.shutdown()
    floor_cold, floor_warm = statistics.median(cold), statistics.median(warm)
    first, repeat, third = statistics.median(firsts), statistics.median(seconds_), statistics.median(thirds)
    edit = statistics.median(edits)
    print()
    print(f"where the time goes, medians of {rounds} rounds (each phase: from the mark before it):")
    columns = {
        "floor cold": median_phases(marks["floor cold"]),
        "floor warm": median_phases(marks["floor warm"]),
        "site first": median_phases(marks["first"]),
        "site repeat": median_phases(marks["repeat"]),
        "site third": median_phases(marks["third"]),
    }
    print("\n".join(table(columns)))
    print()
    print(f"{'medians of ' + str(rounds):<34} {'floor (bare runtime)':>20} {'site':>8} {'ratio':>7} {'target':>7}")
    row = "{:<34} {:>18.2f} s {:>6.2f} s {:>6.2f}x  {}"
    print(row.format("first visit (new profile)", floor_cold, first, first / floor_cold, "<=1.2x"))
    print(row.format("repeat visit (reload, warm)", floor_warm, repeat, repeat / floor_warm, "<=0.5x"))
    print(f"{'third visit':<34} {floor_warm:>18.2f} s {third:>6.2f} s {third / floor_warm:>6.2f}x")
    print(f"edit: median {edit:.0f} ms, max {max(edits):.0f} ms over {len(edits)} changes")
    print(
        f"bytes: a first visit {first_bytes / 1e6:.1f} MB (page and service worker), a repeat visit "
        f"{max(repeat_bytes) / 1e3:.0f} kB at most"
    )
    print(
        f"site: first visit {first:.1f} s ({first / floor_cold:.2f}x the floor), repeat visit {repeat:.1f} s "
        f"({repeat / floor_warm:.2f}x), edit {edit:.0f} ms median, first visit {first_bytes / 1e6:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
