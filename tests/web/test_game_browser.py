"""A game played on ``armybuilder serve`` in Chromium at 390 px (issue 48): started from the list's
page, the opponent's list added, ten taps, an undo and a reload; after each, the totals the bar
shows are the game's (its result JSON, and the same computed here from the game's data), and what
each side has lost is the hand-computed figure of ``tests/web/game_play.py``. No tap reloads the
page, axe-core finds no serious violation, and the list file's bytes never change. The static
site's face of the same game is ``tests/web/site/test_site_game.py``.

Screenshots of the game in progress, the breaking point and the result go to
``ARMYBUILDER_SHOTS`` when it is set (a folder).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from tests.support.chromium import serious
from tests.web.game_play import BROKEN, TAPS, bar, expected_bar, lost, start_against_the_iron_marches, tap, taps_shown

ROOT = Path(__file__).resolve().parents[2]
FT = ROOT / "examples" / "fantasy-triumph"
STEP_MS = 15_000


def _shot(page, name: str, full: bool = False) -> None:
    where = os.environ.get("ARMYBUILDER_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(where) / f"serve-{name}.png"), full_page=full)


def test_a_game_on_serve_ten_taps_an_undo_a_reload_at_390_px(browser, served):
    folder, url = served
    shutil.copyfile(FT / "greenwood-host.yaml", folder / "greenwood.yaml")
    shutil.copyfile(FT / "iron-marches.yaml", folder / "iron.yaml")
    before = {p.name: p.read_bytes() for p in folder.glob("*.yaml")}
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))

    def result() -> dict:
        answer = page.request.get(url + "game-result/json/greenwood.game.json")
        assert answer.ok
        return json.loads(answer.text())

    def same_as_the_game() -> list:
        shown = bar(page)
        assert shown == expected_bar(result())
        return shown

    start_against_the_iron_marches(page, url)
    page.wait_for_function("() => document.querySelectorAll('#g-totals > li').length === 2")
    assert lost(same_as_the_game()) == ["1¾", "1"]
    assert not serious(page), serious(page)
    # Every tap target of the game is at least 44 px high and wide (the builder's own rule).
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll('#game button, #game summary, #game a')).filter(e => {
            const box = e.getBoundingClientRect();
            return e.getClientRects().length && (box.height < 44 || box.width < 44);
        }).map(e => e.outerHTML.slice(0, 80))"""
    )
    assert small == [], small
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "nothing scrolls sideways"

    start = len(loads)
    shown: list = []
    for n, (label, ours, theirs) in enumerate(TAPS, 1):
        tap(page, label)
        page.wait_for_function(f"() => document.querySelectorAll('#g-events li').length === {n}")
        shown = same_as_the_game()
        assert lost(shown) == [ours, theirs], f"after tap {n}, {label}"
        # The totals stay in view at the part tapped (sticky at the top).
        assert page.evaluate("() => document.getElementById('g-bar').getBoundingClientRect().top") >= -1
        if n == 5:
            _shot(page, "game-in-progress")
    assert len(loads) == start, "no tap reloaded the page"
    assert BROKEN in page.locator("#side-0").inner_text()
    assert page.locator("#g-headline").inner_text() == "The Greenwood Host breaks: The Iron Marches wins"
    _shot(page, "breaking-point")
    page.locator("#g-result").scroll_into_view_if_needed()
    _shot(page, "result", full=True)
    assert not serious(page), serious(page)
    with page.expect_download() as got:
        page.locator("#g-text").click()
    assert got.value.suggested_filename == "greenwood.game-result.txt"

    nine = shown
    page.locator("#undo").click()
    page.wait_for_function(f"() => document.querySelectorAll('#g-events li').length === {len(TAPS) - 1}")
    after_undo = same_as_the_game()
    assert lost(after_undo) == ["12½", "7½"] and after_undo != nine
    page.reload()
    page.wait_for_selector("#game")
    assert taps_shown(page) == len(TAPS) - 1
    assert same_as_the_game() == after_undo
    assert {p.name: p.read_bytes() for p in folder.glob("*.yaml")} == before, "the lists' bytes are unchanged"

    # A tracker with numbers to type (Small World's coins): its fields fit the phone too.
    shutil.copyfile(ROOT / "examples" / "small-world-of-warcraft" / "blood-elves-magic.yaml", folder / "elves.yaml")
    page.goto(url + "list/elves.yaml")
    page.locator("#start-game").click()
    page.wait_for_selector("form.g-typed")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "nothing scrolls sideways"
    assert not serious(page), serious(page)
    context.close()
