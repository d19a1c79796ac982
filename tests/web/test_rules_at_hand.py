"""Rules at hand (issue 36, item 11), in headless Chromium: the "?" of a part opens its explanation
beside it, the list still in view, with the figures a player plays with as the game data holds them
(a Fantasy Triumph troop type's order, move and shooting, its unverified move marked; a Heroes III
unit's attack, defense, hp and initiative on both sides). axe-core finds nothing serious with it
open, at 1280 and 390 px. Every wait is bounded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from armybuilder.resources import load_data

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
STEP_MS = 10_000
SIZES = [(1280, 900), (390, 844)]


def _page(browser, width: int, height: int):
    phone = width < 600
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.set_default_navigation_timeout(STEP_MS)
    return context, page


def _explain(page, url: str | None, name: str, width: int, height: int):
    """Open the list (``url``), click the "?" of the part explained by ``name``: the dialog, checked to be
    beside the list (the page not left, the list's parts still on the screen beside or above it)."""
    if url is not None:  # else the list is open already
        page.goto(url)
        page.wait_for_selector("#board")
        page.wait_for_load_state("load")
    link = page.locator(f'#board li.row > a.explain[aria-label="What is {name}?"]')  # beside the part's line
    link.first.scroll_into_view_if_needed()
    address, where = page.url, page.evaluate("window.scrollY")
    link.first.click()
    dialog = page.locator("#explainer")
    dialog.wait_for(state="visible")
    dialog.locator("table.figures").first.wait_for(state="visible")
    assert page.url == address
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1
    # the part asked about stays in view, beside the panel (wide: the page has not moved) or just
    # above the sheet (phone)
    if width >= 600:
        assert page.evaluate("window.scrollY") == where
    spot = link.first.bounding_box()
    assert spot is not None and spot["y"] >= 0
    assert spot["y"] + spot["height"] <= box["y"] + 1 or spot["x"] + spot["width"] <= box["x"] + 1
    return dialog


def _figures(dialog) -> dict[str, list[str]]:
    """The figures table: row label -> its cells; the column heads under ''."""
    table = dialog.locator("table.figures").first
    out = {"": [t.strip() for t in table.locator("thead th").all_inner_texts()]}
    for row in table.locator("tbody tr").all():
        out[row.locator("th").inner_text().strip()] = [t.strip() for t in row.locator("td").all_inner_texts()]
    return out


@pytest.mark.parametrize("width,height", SIZES)
def test_a_troop_type_s_question_mark_shows_its_order_move_and_shooting_beside_the_list(browser, served, width, height):
    from tests.support.chromium import serious

    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    troops = {t["name"]: t for t in load_data("fantasy-triumph", "troops")["troops"]}
    context, page = _page(browser, width, height)
    try:
        dialog = _explain(page, url + "list/mine.yaml", "Shooters", width, height)
        shooters = troops["Shooters"]
        assert not shooters["move_verified"]  # the reference README: a third-party builder's move
        got = _figures(dialog)
        assert got["order"] == [shooters["order"]]
        assert got["move"] == [f"{shooters['move']} MU (unverified)"]
        assert got["shoots"] == ["yes"] and got["shooting factor"] == [str(shooters["shooting_factor"])]
        assert got["points"] == [str(shooters["points"])]
        text = dialog.inner_text()
        assert text.count("the data does not hold combat factors") == 1
        assert "unverified: a move so marked comes from a third-party builder" in text
        assert "no summary in the data" not in text
        assert not serious(page), f"axe, troop type explained at {width} px"
        # the army view's line of the class says its order and its move, marked unverified
        line = page.locator("#army summary.line", has_text="Shooters").first.inner_text()
        assert "open order" in line and "3 MU (unverified)" in line and "shooting factor 3" in line
    finally:
        context.close()


@pytest.mark.parametrize("width,height", SIZES)
def test_a_heroes_iii_unit_s_question_mark_shows_both_sides_stats(browser, served, width, height):
    from tests.support.chromium import serious

    folder, url = served
    shutil.copyfile(EXAMPLES / "homm3-battlefield/skirmish-medium.yaml", folder / "mine.yaml")
    castle = next(f for f in load_data("homm3-battlefield", "units")["factions"] if f["name"] == "Castle")
    unit = next(u for u in castle["units"] if u["name"] == "Griffins")
    context, page = _page(browser, width, height)
    try:
        dialog = _explain(page, url + "list/mine.yaml", "Griffins", width, height)
        got = _figures(dialog)
        assert got[""] == ["Few", "Pack"]
        for stat in ("attack", "defense", "hp", "initiative"):
            assert got[stat] == [str(unit["few"][stat]), str(unit["pack"][stat])], stat
        assert got["type"] == [unit["few"]["type"], unit["pack"]["type"]]
        assert not serious(page), f"axe, unit explained at {width} px"
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
        # the hero's "?" shows the hero's starting statistics
        hero = next(h for h in load_data("homm3-battlefield", "heroes")["heroes"] if h["name"] == "Catherine")
        dialog = _explain(page, None, "Catherine", width, height)
        got = _figures(dialog)
        for stat in ("attack", "defense", "power", "knowledge"):
            assert got[stat] == [str(hero["stats"][stat])], stat
    finally:
        context.close()


@pytest.mark.parametrize("width,height", SIZES)
def test_the_explain_page_of_its_own_shows_a_four_sided_unit_without_scrolling_sideways(browser, served, width, height):
    """Without JavaScript a "?" is a page of its own: the widest figures table (a unit with an
    alternate card: four sides) fits the screen, words whole, and axe finds nothing serious."""
    from tests.support.chromium import serious

    _, url = served
    context, page = _page(browser, width, height)
    try:
        page.goto(url + "explain/homm3-battlefield?name=Manticores&back=mine.yaml")
        table = page.locator("table.figures").first
        table.wait_for(state="visible")
        assert [t.strip() for t in table.locator("thead th").all_inner_texts()] == [
            "Few",
            "Pack",
            "alternate Few",
            "alternate Pack",
        ]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # no word broken inside: each heading and cell is as wide as its longest word at least
        broken = page.evaluate(
            """() => [...document.querySelectorAll('table.figures th, table.figures td')].filter(c => {
                 const r = document.createRange(); r.selectNodeContents(c);
                 const lines = [...r.getClientRects()].length;
                 return lines > c.textContent.trim().split(/\\s+/).length;
               }).map(c => c.textContent)"""
        )
        assert not broken, broken
        assert not serious(page), f"axe, explain page at {width} px"
    finally:
        context.close()


@pytest.mark.parametrize("width,height", SIZES)
def test_a_card_a_class_carries_has_its_question_mark_too(browser, served, width, height):
    """A card on a class is a part of the list: its "?" (it had none; only the catalog's had one)
    opens its explanation beside the list, the card still in view."""
    from tests.support.chromium import serious

    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    deadly = next(c for c in load_data("fantasy-triumph", "cards")["cards"] if c["name"] == "Deadly")
    context, page = _page(browser, width, height)
    try:
        page.goto(url + "list/mine.yaml")
        page.wait_for_selector("#board")
        page.wait_for_load_state("load")
        link = page.locator('#board .chip a.explain[aria-label="What is Deadly?"]').first
        deadly_row = page.locator("#board li.row", has=page.locator('.chip a.explain[aria-label="What is Deadly?"]'))
        deadly_row.first.locator("summary.line").click()  # the part's editor, opened under its line
        link.scroll_into_view_if_needed()
        link.click()
        dialog = page.locator("#explainer")
        dialog.wait_for(state="visible")
        assert dialog.locator("h2").first.inner_text().startswith("Deadly")
        assert " ".join(deadly["summary"].split()) in " ".join(dialog.inner_text().split())
        box, spot = dialog.bounding_box(), link.bounding_box()
        assert box is not None and spot is not None and spot["y"] >= 0
        assert spot["y"] + spot["height"] <= box["y"] + 1 or spot["x"] + spot["width"] <= box["x"] + 1
        assert not serious(page), f"axe, card explained at {width} px"
    finally:
        context.close()
