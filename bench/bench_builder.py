"""Clicks, keystrokes, page loads and latency of the browser builder, in a real headless Chromium.

Every bundled valid example is built again from an empty list, as a player would: on the lists
page, type the list's name (and its army size), choose the game, create it; then on its page follow
the example's plan (``tests/builder/plans``: each step names a control by the label the builder
gives a screen reader). The list the builder wrote must be the example's (its fingerprint,
the data version aside). The examples that are invalid on purpose are left out.

Counted as a person makes them:
- a click on a button, a link, a radio button or a field (to type into it); a drop-down is two
  (open it, pick); a field the page has already put the focus in needs no click;
- keystrokes: each character typed, Enter, and Ctrl+A to select a field's old text;
- full page loads: every ``load`` event after the first page (htmx updates and pushState are not).

The total counts what is done from the empty list on (the clicks that made it are printed apart).
The latency of a change is from the click (``pointerdown`` on the page) to the end of htmx's
swap (``htmx:afterSettle``), measured in the page: the median of 20 changes to the Greenwood Host
(the heaviest page of the examples: a stand more, a stand fewer), with 200 lists in the folder.

    python bench/bench_builder.py            # JavaScript on, then off
    python bench/bench_builder.py --js on    # one of them
    python bench/bench_builder.py --shots DIR   # also a screenshot of every built list
    python bench/bench_builder.py --js on --editor-open on   # only the run with an editor open

With JavaScript on, a first run adds every part from the catalog while another part's editor is
open (issue 46: a part added so stayed folded); its goal is at most 1.2 clicks a part and no full
page load, and the script exits 1 when it is missed.

Needs Debian's chromium (``apt-get install chromium``) and Playwright (the test extra).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armybuilder.web.server import Background  # noqa: E402
from tests.builder.browser import Player  # noqa: E402
from tests.builder.driver import EXAMPLES, Plan, every_plan, example_data, parts, same_list  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FOLDER_SIZE = 200  # lists in the served folder
EDITOR_OPEN_GOAL = 1.2  # clicks a part, every part added while another part's editor is open (issue 46)


LATENCY_LIST = "fantasy-triumph/greenwood-host.yaml"  # the heaviest page of the examples
LATENCY_STEPS = ("One more stand of Wardens, +6½ points", "One stand fewer of Wardens, −6½ points")
LATENCY_CHANGES = 20


def latency(browser: Any, folder: Path, url: str) -> list[float]:
    """The time of each of 20 changes to one list (a stand more, a stand fewer), from the click to
    the updated page, in milliseconds, measured in the page."""
    shutil.copyfile(EXAMPLES / LATENCY_LIST, folder / "latency.yaml")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    player = Player(page, True)
    player.start(url + "list/latency.yaml")
    for i in range(LATENCY_CHANGES + 2):  # the first two warm the caches: not counted
        player.click(LATENCY_STEPS[i % 2])
    times = [float(t) for t in page.evaluate("window.__ab.times")][2:]
    context.close()
    return times


def fill(folder: Path, n: int) -> None:
    """``n`` lists in the folder besides the ones built (copies of the examples)."""
    sources = [p for p in sorted(EXAMPLES.glob("*/*.yaml")) if p.parent.name != "events"]
    extra = folder / "club"
    extra.mkdir()
    for i in range(n):
        shutil.copyfile(sources[i % len(sources)], extra / f"list-{i:03d}.yaml")


def run(js: bool, shots: Path | None, only: str = "", editor_open: bool = False) -> tuple[bool, list[float]]:
    """Every plan built in Chromium. ``editor_open``: every part is added from the catalog while
    another part's editor is open (issue 46, item 2): before such an add, when no editor is open,
    the last part's line is tapped (a tap that sets the scene: printed apart, not counted)."""
    from playwright.sync_api import sync_playwright

    from armybuilder.yamlio import load_file

    plans: list[Plan] = [p for p in every_plan() if p.example.startswith(only)]
    ok = True
    total_parts = total_clicks = total_keys = total_loads = new_clicks = new_keys = total_opened = 0
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        folder = Path(tmp)
        fill(folder, FOLDER_SIZE)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            with Background(folder) as url:
                for plan in plans:
                    want = example_data(plan)
                    context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=js)
                    page = context.new_page()
                    player = Player(page, js)
                    player.start(url)
                    started = time.perf_counter()
                    player.new_list(want["system"], want["name"], plan.points)
                    made_clicks, made_keys = player.clicks, player.keys
                    player.clicks = player.keys = 0
                    built = sorted(folder.glob("*.yaml"), key=lambda p: p.stat().st_mtime)[-1]
                    opened = 0
                    for verb, *args in plan.steps:
                        if editor_open and verb == "click" and str(args[0]).startswith("Add "):
                            opened += player.open_another_editor(str(args[0]))
                        getattr(player, verb)(*args)
                    total_opened += opened
                    seconds = time.perf_counter() - started
                    got = load_file(built).data
                    same = same_list(got, want)
                    ok = ok and same and (not js or player.loads == 0)
                    if shots is not None:
                        page.screenshot(path=str(shots / f"{Path(plan.example).stem}-{'js' if js else 'nojs'}.png"))
                    p = parts(want)
                    total_parts += p
                    total_clicks += player.clicks
                    total_keys += player.keys
                    total_loads += player.loads
                    new_clicks += made_clicks
                    new_keys += made_keys
                    print(
                        f"{plan.example}: {'same list' if same else 'DIFFERENT LIST'}, {p} parts, "
                        f"{player.clicks} clicks, {player.keys} keystrokes, {player.loads} full page loads "
                        f"(making the empty list: {made_clicks} clicks, {made_keys} keystrokes), {seconds:.1f} s"
                        + (f"; {opened} editors opened before an add" if editor_open else ""),
                        flush=True,
                    )
                    context.close()
                    built.unlink()
                if js:
                    times = latency(browser, folder, url)
        finally:
            browser.close()
    ratio = total_clicks / total_parts if total_parts else 0.0
    with_new = (total_clicks + new_clicks) / total_parts if total_parts else 0.0
    how = ", every part added while another part's editor is open" if editor_open else ""
    print(
        f"JavaScript {'on' if js else 'off'}{how}: {ratio:.2f} clicks a part from the empty list "
        f"({with_new:.2f} with making it: {new_clicks} clicks, {new_keys} keystrokes)"
    )
    print(f"total: {total_parts} parts, {total_clicks} clicks, {total_keys} keystrokes, {total_loads} full page loads")
    if editor_open:
        print(f"editors opened before an add (not counted): {total_opened}")
        ok = ok and ratio <= EDITOR_OPEN_GOAL and total_loads == 0
    return ok, times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--js", choices=["on", "off", "both"], default="both")
    ap.add_argument("--shots", type=Path, help="a folder for a screenshot of every built list")
    ap.add_argument("--only", default="", help="only the examples whose path starts so (a game's folder)")
    ap.add_argument(
        "--editor-open",
        choices=["on", "off", "both"],
        default="both",
        help="with JavaScript on: also (on: only) the run that adds every part while another part's editor is open",
    )
    args = ap.parse_args()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    ok = True
    for js in {"on": [True], "off": [False], "both": [True, False]}[args.js]:
        if js and args.editor_open in ("on", "both"):
            good, _ = run(js, None, args.only, editor_open=True)
            ok = ok and good
            if args.editor_open == "on":
                continue
        good, times = run(js, args.shots, args.only)
        ok = ok and good
        if js and times:
            print(
                f"latency, click to updated page, {len(times)} changes to {LATENCY_LIST} with {FOLDER_SIZE} "
                f"lists in the folder: median {statistics.median(times):.0f} ms, "
                f"slowest {max(times):.0f} ms"
            )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
