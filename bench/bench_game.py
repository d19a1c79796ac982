"""Taps per recorded event, and the time from a tap to the updated total, on the game page (issue 48),
in a real headless Chromium at 390 px.

A Fantasy Triumph game of the Greenwood Host against the Iron Marches (the ten taps of
``tests/web/game_play.py``, down to the Greenwood Host's breaking point) is played twice on
``armybuilder serve``, each started from the list's page with its one control, the opponent's list
added from the folder. Counted as a person makes them: every click on a tap button is a tap; the
events recorded are the game file's. The time of a tap is from the click (``pointerdown`` on the
page) to the end of htmx's swap of the game (``htmx:afterSettle``), measured in the page; the bar's
totals are then read and must be the game's (its result JSON). With ``--js off`` each tap is a
plain form: one click, one page load.

    python bench/bench_game.py             # JavaScript on
    python bench/bench_game.py --js off    # plain forms
    python bench/bench_game.py --site      # the static site (built from armybuilder site --fetch's
                                           # cache), the lists from their share links, offline

Needs Debian's chromium (``apt-get install chromium``) and Playwright (the test extra).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armybuilder.games import store  # noqa: E402
from armybuilder.web.server import Background  # noqa: E402
from tests.builder.browser import TRACK  # noqa: E402
from tests.web.game_play import TAPS, bar, expected_bar, lost, tap  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FT = ROOT / "examples" / "fantasy-triumph"
GAMES = 2


def play(page: Any, url: str, folder: Path, js: bool) -> tuple[int, int, list[float], int]:
    """One game: (taps, events recorded, the times of the taps in ms, page loads during the taps)."""
    loads = [0]
    page.on("load", lambda _: loads.__setitem__(0, loads[0] + 1))
    page.goto(url + "list/greenwood.yaml")
    page.locator("#start-game").click()
    page.wait_for_selector("#game")
    name = page.evaluate("() => decodeURIComponent(location.pathname.slice('/game/'.length))")
    page.select_option("#g-add-list", "iron.yaml")
    page.locator("#g-add-mine").click()
    page.wait_for_function("() => document.querySelectorAll('#g-totals > li').length === 2")
    if js:
        page.evaluate(TRACK)
    before = loads[0]
    taps = 0
    for n, (label, ours, theirs) in enumerate(TAPS, 1):
        tap(page, label)
        taps += 1
        page.wait_for_function(f"() => document.querySelectorAll('#g-events li').length === {n}")
        answer = page.request.get(url + "game-result/json/" + name)
        shown = bar(page)
        assert shown == expected_bar(json.loads(answer.text())), f"tap {n}: the bar is not the game's"
        assert lost(shown) == [ours, theirs], f"tap {n}: {lost(shown)}"
    times = [float(t) for t in page.evaluate("window.__ab ? window.__ab.times : []")] if js else []
    events = len(store.load(folder / name).played)
    return taps, events, times, loads[0] - before


def play_site(page: Any, url: str) -> tuple[int, int, list[float]]:
    """One game on the static site, the network off once the site is kept: (taps, events, times)."""
    from armybuilder.commands.share import share

    def link(path: Path) -> str:
        return str(share(path, base=url).stdout).strip()

    def until(check: str, timeout: float = 180.0) -> None:
        import time

        end = time.monotonic() + timeout
        while not page.evaluate(check):
            if time.monotonic() > end:
                raise AssertionError(check)
            page.wait_for_timeout(50)

    page.goto(link(FT / "greenwood-host.yaml"))
    until("() => !!document.getElementById('save-shared')")
    page.locator("#save-shared").click()
    until("() => !!document.getElementById('start-game')")
    page.context.set_offline(True)
    page.locator("#start-game").click()
    until("() => !!document.getElementById('g-add-code')")
    name = page.evaluate("() => decodeURIComponent(location.hash.slice('#/game/'.length).split('?')[0])")
    page.locator("#g-add-code").fill(link(FT / "iron-marches.yaml"))
    page.locator("#g-add-shared").click()
    until("() => document.querySelectorAll('#g-totals > li').length === 2")
    page.evaluate(TRACK)
    result: dict[str, Any] = {}
    for n, (label, ours, theirs) in enumerate(TAPS, 1):
        tap(page, label)
        until(f"() => document.querySelectorAll('#g-events li').length === {n}")
        got = page.evaluate("(p) => window.armybuilderSite.request('GET', p)", "/game-result/json/" + name)
        result = json.loads(got["text"])
        shown = bar(page)
        assert shown == expected_bar(result) and lost(shown) == [ours, theirs], f"tap {n}"
    return len(TAPS), int(result["game"]["position"]), [float(t) for t in page.evaluate("window.__ab.times")]


def site_main() -> int:
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    from armybuilder.web.site import build as site

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        out = Path(tmp) / "site"
        made = site.build(out, site.default_cache())
        if made.code != 0:
            print(made.stderr, file=sys.stderr)
            return 2
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(out)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(60_000)
        taps, events, times = play_site(page, url)
        browser.close()
        server.shutdown()
    times.sort()
    print(f"game page, the static site offline, 1 game of {len(TAPS)} taps at 390 px")
    print(f"  taps {taps}, events recorded {events}: {taps / events:.2f} taps per event")
    print(
        f"  tap to updated total: median {statistics.median(times):.1f} ms, "
        f"p90 {times[int(0.9 * (len(times) - 1))]:.1f} ms, max {max(times):.1f} ms ({len(times)} taps)"
    )
    ok = taps == events and statistics.median(times) < 100
    print("  within the issue's bounds (at most 1 tap an event, median under 100 ms):", "yes" if ok else "NO")
    return 0 if ok else 1


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--js", choices=("on", "off"), default="on")
    parser.add_argument("--site", action="store_true", help="the static site, offline, instead of serve")
    args = parser.parse_args()
    if args.site:
        return site_main()
    js = args.js == "on"
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        folder = Path(tmp) / "lists"
        folder.mkdir()
        shutil.copyfile(FT / "greenwood-host.yaml", folder / "greenwood.yaml")
        shutil.copyfile(FT / "iron-marches.yaml", folder / "iron.yaml")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        taps = events = loads = 0
        times: list[float] = []
        with Background(folder) as url:
            for _ in range(GAMES):
                context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=js)
                page = context.new_page()
                page.set_default_timeout(20_000)
                t, e, ms, n = play(page, url, folder, js)
                taps, events, loads, times = taps + t, events + e, loads + n, times + ms
                context.close()
        browser.close()
    print(f"game page, JavaScript {args.js}, {GAMES} games of {len(TAPS)} taps at 390 px (serve)")
    print(f"  taps {taps}, events recorded {events}: {taps / events:.2f} taps per event")
    print(f"  page loads during the taps: {loads}")
    if times:
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"  tap to updated total: median {statistics.median(times):.1f} ms, p90 {p90:.1f} ms, "
            f"max {max(times):.1f} ms ({len(times)} taps)"
        )
    ok = taps == events and (not times or statistics.median(times) < 100)
    print("  within the issue's bounds (at most 1 tap an event, median under 100 ms):", "yes" if ok else "NO")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
