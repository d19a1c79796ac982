"""A game of Fantasy Triumph played in Chromium at 390 px, the same on ``serve`` and on the static site
(``tests/web/test_game_browser.py``, ``tests/web/site/test_site_game.py``; ``bench/bench_game.py``).

The Greenwood Host against the Iron Marches (``examples/fantasy-triumph/``). What each side has lost,
by hand, from the lists' costs (their comments) and the rule document (seed 003); the victory
values are the data's (unverified): the Greenwood Host's 13 + 12 + 10½ + 9 + 5½ = 50, broken at a
third, 16⅔; the Iron Marches' 45½, broken at 15⅙. At the start one Rangers stand (3½) and one
Sellswords stand (2) wait to enter, counted at half (FT 32.3): 1¾ and 1.
"""

from __future__ import annotations

import re
from typing import Any

# Each tap: (the button's name as a screen reader reads it, starting so), then what each side has
# lost after it (the Greenwood Host's, the Iron Marches').
TAPS: list[tuple[str, str, str]] = [
    ("Illusion revealed: a fake", "1¾", "1"),  # FT 39.7.a: removed, counts for nothing
    ("Levy: 1 stand lost", "1¾", "2"),  # + 1
    ("Spears: Hold the Line played", "1¾", "2"),  # FT 38.3: the card is spent, nothing lost
    ("Rangers: entered", "0", "2"),  # FT 32.3: no longer counted at half (− 1¾)
    ("Sellswords: entered", "0", "1"),  # − 1
    ("Unreliable roll of 1: Sellswords", "0", "3"),  # FT 60.1: a Sellswords stand lost, + 2
    ("Wardens: 1 stand lost", "6½", "3"),  # + 6½
    ("Crossbows: 1 stand lost", "6½", "7½"),  # + 4½
    ("Eagles: 1 stand lost", "12½", "7½"),  # + 6
    ("Archers of the Eaves: 1 stand lost", "17", "7½"),  # + 4½: 17 ≥ 16⅔, the Greenwood Host breaks
]
BROKEN = "The Greenwood Host has lost 17 of 50 points: it breaks at 16⅔"

# What the bar shows: each side's name and figures, as the page reads them.
BAR = """() => Array.from(document.querySelectorAll('#g-totals > li')).map(li => [
    li.querySelector('.g-who').textContent.trim(),
    Array.from(li.querySelectorAll('.g-stat')).map(s => [s.querySelector('small').textContent.trim(),
                                                        s.querySelector('.g-num').textContent.trim()])])"""


def bar(page: Any) -> list[Any]:
    return [[name, [list(f) for f in figures]] for name, figures in page.evaluate(BAR)]


def expected_bar(result: dict[str, Any]) -> list[Any]:
    """The bar the game's result JSON says it should show (its tracker), and the same computed here
    natively from the game's data (the site's engine in the browser is this one)."""
    from armybuilder.games import model

    shown = [[s["name"], [[f["label"], f["value"]] for f in s["figures"]]] for s in result["tracker"]["sides"]]
    here = model.tracker(model.read(result["game"]))
    assert [[s.name, [[f.label, f.value] for f in s.figures]] for s in here.sides] == shown
    return shown


def lost(shown: list[Any]) -> list[str]:
    """What each side has lost, from the bar ("1¾ of 50 points" -> "1¾")."""
    return [dict(figures)["Lost"].split(" of ")[0] for _, figures in shown]


def tap(page: Any, label: str) -> None:
    page.get_by_role("button", name=re.compile("^" + re.escape(label))).first.click()


def taps_shown(page: Any) -> int:
    return int(page.evaluate("() => document.querySelectorAll('#g-events li').length"))


def start_against_the_iron_marches(page: Any, url: str) -> None:
    """On ``serve`` at ``url`` with greenwood.yaml and iron.yaml in its folder: the Greenwood Host's
    game started from its list page, and the Iron Marches added as the other side (the page's own
    forms: with JavaScript or without)."""
    page.goto(url + "list/greenwood.yaml")
    page.locator("#start-game").click()
    page.wait_for_selector("#game")
    page.select_option("#g-add-list", "iron.yaml")
    page.locator("#g-add-mine").click()
    page.wait_for_selector("#side-1")
