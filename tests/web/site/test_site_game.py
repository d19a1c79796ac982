"""A game played on the static site in Chromium at 390 px with the network off (issue 48): the list
saved from its share link, the site kept for offline use, then offline: the game started from the
list's page, the opponent's list added from its share link, ten taps, an undo and a reload. After
each, the totals the bar shows are the game's (its result JSON, worked out in the browser, and the
same computed natively from the game's data) and what each side has lost is the hand-computed
figure of ``tests/web/game_play.py``; the stored list's bytes never change; axe-core finds no
serious violation; nothing is asked of another origin. ``serve``'s face of the same game is
``tests/web/test_game_browser.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.web.game_play import BROKEN, TAPS, bar, expected_bar, lost, tap, taps_shown
from tests.web.site.test_site_browser import (  # noqa: F401 - the site's fixtures, used by name
    _booted,
    _kept_offline,
    _no_serious_violation,
    _open,
    _until,
    player,
    served,
)

ROOT = Path(__file__).resolve().parents[3]
FT = ROOT / "examples" / "fantasy-triumph"


def _shot(page: Any, name: str) -> None:
    where = os.environ.get("ARMYBUILDER_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(where) / f"site-{name}.png"))


def _get(page: Any, path: str) -> str:
    answer = page.evaluate("(p) => window.armybuilderSite.request('GET', p)", path)
    assert answer["status"] == 200, answer
    return str(answer["text"])


def test_a_game_on_the_site_offline_ten_taps_an_undo_a_reload_at_390_px(
    player,  # noqa: F811 - the site's fixture, imported above
    served,  # noqa: F811 - the site's fixture, imported above
    run,
):
    context, page, elsewhere = player
    ours = run("share", FT / "greenwood-host.yaml", "--link", served).stdout.strip()
    theirs = run("share", FT / "iron-marches.yaml", "--link", served).stdout.strip()
    _open(page, ours)
    page.locator("#save-shared").click()
    _until(page, "() => location.hash.startsWith('#/list/') && !!document.getElementById('start-game')")
    name = page.evaluate("() => decodeURIComponent(location.hash.slice('#/list/'.length).split('?')[0])")
    _kept_offline(page)
    context.set_offline(True)
    page.reload()
    _booted(page)
    _until(page, "() => !!document.getElementById('start-game')")
    kept = _get(page, "/download/" + name)

    page.locator("#start-game").click()
    _until(page, "() => !!document.getElementById('g-add-code')")
    game = page.evaluate("() => decodeURIComponent(location.hash.slice('#/game/'.length).split('?')[0])")
    assert game.endswith(".game.json")
    page.locator("#g-add-code").fill(theirs)
    page.locator("#g-add-shared").click()
    _until(page, "() => document.querySelectorAll('#g-totals > li').length === 2")

    def same_as_the_game() -> list[Any]:
        shown = bar(page)
        assert shown == expected_bar(json.loads(_get(page, "/game-result/json/" + game)))
        return shown

    assert lost(same_as_the_game()) == ["1¾", "1"]
    _no_serious_violation(page)
    shown: list[Any] = []
    for n, (label, mine, other) in enumerate(TAPS, 1):
        tap(page, label)
        _until(page, f"() => document.querySelectorAll('#g-events li').length === {n}")
        shown = same_as_the_game()
        assert lost(shown) == [mine, other], f"after tap {n}, {label}"
        if n == 5:
            _shot(page, "game-in-progress")
    assert BROKEN in page.locator("#side-0").inner_text()
    _shot(page, "breaking-point")
    _no_serious_violation(page)

    page.locator("#undo").click()
    _until(page, f"() => document.querySelectorAll('#g-events li').length === {len(TAPS) - 1}")
    after_undo = same_as_the_game()
    assert lost(after_undo) == ["12½", "7½"] and after_undo != shown
    page.reload()
    _booted(page)
    _until(page, "() => !!document.getElementById('game')")
    assert taps_shown(page) == len(TAPS) - 1
    assert same_as_the_game() == after_undo
    assert _get(page, "/download/" + name) == kept, "the stored list's bytes are unchanged"

    # Redone, the game is over: its result's share link (the site's address, the code in the
    # fragment) opens it read-only, offline too.
    page.locator("#redo").click()
    _until(page, "() => !!document.getElementById('g-share')")
    link = page.locator("#g-share").input_value()
    assert link.startswith(served + "#AB1."), link
    _shot(page, "result")
    page.goto(link)
    _booted(page)
    _until(page, "() => !!document.getElementById('g-result') && !document.getElementById('g-acts')")
    assert BROKEN in page.locator("#side-0").inner_text()
    assert page.locator("#g-events li").count() == len(TAPS)
    _no_serious_violation(page)
    _shot(page, "shared-result")
    assert elsewhere == [], f"requests to another origin: {elsewhere[:3]}"


def test_two_tabs_tapping_one_game_at_once_keep_both_taps(
    player,  # noqa: F811 - the site's fixture, imported above
    served,  # noqa: F811 - the site's fixture, imported above
    run,
):
    """Each tab keeps its own copy of the stored files: a tap made in tab B before B had taken tab
    A's tap from storage wrote B's copy of the game over A's, and A's tap was lost (issue 48, item
    3: two tabs on one game do not lose each other's taps). A change is now made under the lists'
    lock, on the files as they are in storage."""
    context, page, _ = player
    ours = run("share", FT / "greenwood-host.yaml", "--link", served).stdout.strip()
    theirs = run("share", FT / "iron-marches.yaml", "--link", served).stdout.strip()
    _open(page, ours)
    page.locator("#save-shared").click()
    _until(page, "() => location.hash.startsWith('#/list/') && !!document.getElementById('start-game')")
    page.locator("#start-game").click()
    _until(page, "() => !!document.getElementById('g-add-code')")
    where = page.evaluate("() => location.hash")
    game = page.evaluate("() => decodeURIComponent(location.hash.slice('#/game/'.length).split('?')[0])")
    page.locator("#g-add-code").fill(theirs)
    page.locator("#g-add-shared").click()
    _until(page, "() => document.querySelectorAll('#g-totals > li').length === 2")
    other = context.new_page()
    other.set_default_timeout(60_000)
    other.goto(served + where)
    _booted(other)
    _until(other, "() => document.querySelectorAll('#g-totals > li').length === 2")

    at = (  # a click at the same moment in each tab: 400 ms after each is told
        "(label) => setTimeout(() => [...document.querySelectorAll('button')]"
        ".find((b) => (b.getAttribute('aria-label') || '').startsWith(label)).click(), 400)"
    )
    page.evaluate(at, "Wardens: 1 stand lost")  # the two taps at once, each tab's own, side by side
    other.evaluate(at, "Crossbows: 1 stand lost")
    _until(page, "() => document.querySelectorAll('#g-events li').length >= 1")
    _until(other, "() => document.querySelectorAll('#g-events li').length >= 1")

    third = context.new_page()  # a tab opened now reads the game from storage
    third.set_default_timeout(60_000)
    third.goto(served + where)
    _booted(third)
    _until(third, "() => !!document.getElementById('game')")
    kept = json.loads(_get(third, "/game-result/json/" + game))
    taps = kept["game"]["events"]
    assert len(taps) == 2, taps
