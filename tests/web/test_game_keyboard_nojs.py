"""Game day in Chromium as the builder's other pages are met (follow-up of issue 48): a game played
with JavaScript off (each tap a plain form that posts and redirects to the game), then with the
keyboard only (Tab to a tap, Enter: the tap is made in place and the focus stays on the control
used), and the finished game's share code pasted into "Import" on the lists page.

What each side has lost is the hand-computed figure of ``tests/web/game_play.py`` (seed 003).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from tests.web.game_play import TAPS, bar, lost, start_against_the_iron_marches

ROOT = Path(__file__).resolve().parents[2]
FT = ROOT / "examples" / "fantasy-triumph"
STEP_MS = 15_000
SHOTS = os.environ.get("ARMYBUILDER_SHOTS")


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"game-{name}.png"), full_page=True)


def _events(page) -> int:
    return int(page.evaluate("() => document.querySelectorAll('#g-events li').length"))


def test_a_game_without_javascript_then_by_keyboard_then_its_code_imported(browser, served):
    folder, url = served
    shutil.copyfile(FT / "greenwood-host.yaml", folder / "greenwood.yaml")
    shutil.copyfile(FT / "iron-marches.yaml", folder / "iron.yaml")

    # JavaScript off: start, add the opponent, three taps; each a post answered by a redirect.
    plain = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = plain.new_page()
    page.set_default_timeout(STEP_MS)
    start_against_the_iron_marches(page, url)
    for n, (label, ours, theirs) in enumerate(TAPS[:3], 1):
        with page.expect_navigation():
            page.get_by_role("button", name=re.compile("^" + re.escape(label))).first.click()
        assert _events(page) == n, label
        assert lost(bar(page)) == [ours, theirs], f"without JavaScript, after tap {n}, {label}"
        assert "/game/" in page.url
    _shot(page, "nojs")
    game_url = page.url
    plain.close()

    # The keyboard only, JavaScript on: Tab to the next tap, Enter; the focus stays on it.
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(game_url)
    page.wait_for_selector("#game")
    for n, (label, ours, theirs) in enumerate(TAPS[3:7], 4):
        for _ in range(300):
            page.keyboard.press("Tab")
            name = page.evaluate("() => (document.activeElement.getAttribute('aria-label') || '').trim()")
            if name.startswith(label):
                break
        else:
            raise AssertionError(f"Tab never reached {label!r}")
        used = page.evaluate("() => document.activeElement.id")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelectorAll('#g-events li').length === {n}")
        assert lost(bar(page)) == [ours, theirs], f"by keyboard, after tap {n}, {label}"
        # The focus stays on the control used when it is still there to use; else it stays in the game.
        still = page.evaluate(f"() => {{ const b = document.getElementById('{used}'); return !!b && !b.disabled; }}")
        now = page.evaluate("() => [document.activeElement.id, !!document.activeElement.closest('#game')]")
        assert now[1], f"after tap {n} by keyboard the focus left the game"
        if still:
            assert now[0] == used, f"after tap {n} by keyboard the focus moved off {label!r}"
    _shot(page, "keyboard")

    # Ended, the game's share code pasted into Import on the lists page.
    page.get_by_role("button", name="End the game here").first.click()
    page.wait_for_selector("#g-share")
    code = page.locator("#g-share").input_value()
    page.goto(url)
    page.locator("#import > summary").click()
    page.fill("#import-code", code.split("code=")[-1] if "code=" in code else code)
    page.locator("#import-go").click()
    # The form is boosted (htmx posts it in the background): the page keeps its old body until the
    # answer is swapped in, so wait for the answer itself, the refusal in the result box; the old
    # page's #import-code was there all along (that wait read the page before the answer, a flake).
    page.wait_for_selector("#result.refused")
    _shot(page, "imported")
    said = page.locator("main").inner_text()
    assert "holds a game's result, not a list" in said, said[:400]
    assert "Imported as" not in said and "system" not in said
    assert sorted(p.name for p in folder.glob("*.yaml")) == ["greenwood.yaml", "iron.yaml"], "no list was made"
    context.close()
