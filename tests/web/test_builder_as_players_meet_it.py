"""The builder's second round (issue 36), end to end in headless Chromium: what a player met on the
first try and what was mended. Each test here failed before its fix.

The server and the browser are those of ``test_browser.py`` (a ``Background`` server on a free port,
Debian's chromium by Playwright); every wait is bounded.
"""

from __future__ import annotations

import contextlib
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
STEP_MS = 10_000

ONE_OF_EACH = [
    "fantasy-triumph/greenwood-host.yaml",
    "token-terrors/ozzys-muster.yaml",
    "small-world-of-warcraft/thrall-turn-4.yaml",
    "homm3-battlefield/skirmish-medium.yaml",
]


def _page(browser, width: int = 1280, height: int = 900, js: bool = True):
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height}, java_script_enabled=js, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.set_default_navigation_timeout(STEP_MS)
    return context, page


def _open(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#board")
    page.wait_for_load_state("load")


def _serious(page) -> list[str]:
    """axe-core's serious or critical violations on the page as it is now."""
    from tests.support.chromium import serious

    return serious(page)


# ---------------------------------------------------------------------------
# 1. The "?" beside a part's name opens its explanation in place


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
@pytest.mark.parametrize("example", ONE_OF_EACH)
def test_the_question_mark_of_a_part_opens_its_explanation_beside_the_list(browser, served, example, width, height):
    folder, url = served
    shutil.copyfile(EXAMPLES / example, folder / "mine.yaml")
    context, page = _page(browser, width, height)
    try:
        _open(page, url + "list/mine.yaml")
        link = page.locator("#board li.row > a.explain").first
        label = link.get_attribute("aria-label") or ""
        name = label.removeprefix("What is ").removesuffix("?")
        link.scroll_into_view_if_needed()
        where = page.evaluate("window.scrollY")
        address = page.url
        link.click()
        dialog = page.locator("#explainer")
        dialog.wait_for(state="visible")
        # the explanation is in the dialog, the page is still the list, in one piece, where it was
        assert page.evaluate("document.querySelectorAll('main').length") == 1
        assert page.evaluate("document.querySelectorAll('header.top').length") == 1
        assert page.url == address
        assert page.locator("#board .row").count() > 0
        heading = dialog.locator("h2").first
        assert name.split(" (")[0].lower() in heading.inner_text().lower()
        box = dialog.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 1
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
        # the part asked about stays in view: the page stays where it was beside a wide screen's
        # panel; on a phone it moves just enough to show the part above the sheet
        if width >= 600:
            assert page.evaluate("window.scrollY") == where
        spot = link.bounding_box()
        assert spot is not None and spot["y"] >= 0
        assert spot["y"] + spot["height"] <= box["y"] + 1 or spot["x"] + spot["width"] <= box["x"] + 1
        assert not _serious(page), "axe, explanation open"
        # Escape closes it; the focus is back on the "?"
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
        assert link.evaluate("e => document.activeElement === e")
        # and a change to the list still works afterwards
        assert page.locator("#board").count() == 1
    finally:
        context.close()


def test_the_question_mark_of_a_catalog_entry_opens_in_place_and_closes(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        address = page.url
        page.evaluate("() => document.querySelectorAll('#catalog details').forEach(d => d.open = true)")
        page.locator("#catalog a.explain:visible").first.click()
        page.locator("#explainer").wait_for(state="visible")
        assert page.url == address
        page.get_by_role("button", name="Close").click()
        page.locator("#explainer").wait_for(state="hidden")
    finally:
        context.close()


def test_without_javascript_the_question_mark_is_a_link_to_its_page(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", folder / "mine.yaml")
    context, page = _page(browser, js=False)
    try:
        page.goto(url + "list/mine.yaml")
        with page.expect_navigation():
            page.locator("#board li.row > a.explain").first.click()
        assert "/explain/" in page.url
        assert page.locator("h1").count() >= 1
        assert page.locator("main a", has_text="Back").get_attribute("href") == "/list/mine.yaml"
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 2. The keyboard keeps its place

ACTIVE = "(() => { const a = document.activeElement; return a && a !== document.body ? (a.id || a.tagName) : null; })()"


def _player(page):
    from tests.builder.browser import Player

    player = Player(page, True)
    player._started = True
    player._track()
    return player


def _press(player, label_start: str) -> None:
    """Tab to the control whose label starts so (focus it) and press Enter; wait for the change."""
    control = player.page.locator(f'[aria-label^="{label_start}"]').first
    player.unfold(control)  # a part's control: its editor opened under its line first
    control.focus()
    player._act(lambda: player.page.keyboard.press("Enter"))


def _focus_in(page, selector: str) -> bool:
    return bool(page.evaluate(f"document.activeElement && !!document.activeElement.closest({selector!r})"))


def test_cards_moves_the_focus_to_the_catalog_and_adding_or_removing_a_card_keeps_it_near(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        player = _player(page)
        _press(player, "Add cards to Wardens")
        # issue 46, item 6: "Cards" reaches the cards themselves, not the catalog's top
        assert _focus_in(page, "#catalog .group[data-follows] li.entry"), page.evaluate(ACTIVE)
        page.keyboard.press("Tab")
        assert _focus_in(page, "#catalog"), page.evaluate(ACTIVE)
        # a card added that cannot be added again: the focus goes to its part's line, never on to
        # the next card (issue 46, item 6: a second Enter added the wrong card)
        _press(player, "Add Prowess to Wardens")
        wardens = page.locator("#board li.row", has=page.locator('[aria-label^="Remove Prowess from Wardens"]'))
        row = "#" + (wardens.get_attribute("id") or "")
        assert page.evaluate(ACTIVE) == "line-" + row.removeprefix("#row-"), page.evaluate(ACTIVE)
        # a card removed: the focus stays in the class's row
        _press(player, "Remove Prowess from Wardens")
        assert page.evaluate(ACTIVE) is not None and _focus_in(page, row), page.evaluate(ACTIVE)
        # Undo, then Undo again with nothing left to undo (the button is disabled): the focus stays in the bar
        _press(player, "Undo")
        assert page.evaluate(ACTIVE) == "undo"
        _press(player, "Undo")
        assert page.locator("#undo").is_disabled()
        assert page.evaluate(ACTIVE) == "redo"
        page.keyboard.press("Tab")
        assert page.evaluate(ACTIVE) not in (None, "main")
        assert not _focus_in(page, "header.top")
    finally:
        context.close()


def test_heroes_iii_a_card_added_and_a_unit_removed_keep_the_focus(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "homm3-battlefield/skirmish-medium.yaml", folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        player = _player(page)
        add = page.locator('#catalog button[aria-label^="Add "]:not([disabled])').first
        label = add.get_attribute("aria-label") or ""
        add.focus()
        player._act(lambda: page.keyboard.press("Enter"))
        assert page.evaluate(ACTIVE) is not None, f"after {label}"
        remove = page.locator('#board button[aria-label^="Remove "]:not([disabled])').last
        label = remove.get_attribute("aria-label") or ""
        player.unfold(remove)
        remove.focus()
        player._act(lambda: page.keyboard.press("Enter"))
        assert page.evaluate(ACTIVE) is not None, f"after {label}"
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 3. What was typed is kept when a change is refused


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_a_refused_import_keeps_the_code_the_panel_open_and_the_focus(browser, served, js):
    folder, url = served
    context, page = _page(browser, js=js)
    try:
        page.goto(url)
        page.locator("#import > summary").click()
        bad = "AB1.this-is-not-a-list"
        page.locator("#import-code").fill(bad)
        with page.expect_navigation() if not js else contextlib.nullcontext():
            page.locator("#import-go").click()
        page.wait_for_selector("#result.refused")
        assert page.locator("#import").evaluate("d => d.open")
        assert page.locator("#import-code").input_value() == bad
        if js:
            assert page.evaluate(ACTIVE) == "import-code"
        assert not list(folder.glob("*.yaml"))
    finally:
        context.close()


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_a_new_list_refused_for_its_army_size_keeps_its_name_size_and_game(browser, served, js):
    folder, url = served
    context, page = _page(browser, js=js)
    try:
        page.goto(url)
        games = page.locator("input[name=system]")
        second = games.nth(1).get_attribute("value")
        games.nth(1).check()
        page.locator("#new-name").fill("Rot and Rotors")
        page.locator("#new-points").fill("abc")
        with page.expect_navigation() if not js else contextlib.nullcontext():
            page.locator("#create").click()
        page.wait_for_selector("#result.refused")
        assert page.locator("#new-name").input_value() == "Rot and Rotors"
        assert page.locator("#new-points").input_value() == "abc"
        assert page.locator("input[name=system]:checked").get_attribute("value") == second
        if js:
            assert page.evaluate(ACTIVE) == "new-points"
        assert not list(folder.glob("*.yaml"))
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 4. "Rename" renames the list; the trash shows lists by their names


def test_rename_renames_the_list_and_the_trash_shows_its_name(browser, served):
    from armybuilder.yamlio import load_file

    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", folder / "rot.yaml")
    context, page = _page(browser, 390, 844)
    try:
        page.goto(url)
        card = page.locator("li.card", has=page.locator("text=rot.yaml"))
        card.locator("summary", has_text="Rename").click()
        field = card.get_by_label("New name for Ozzy's Muster")
        assert field.input_value() == "Ozzy's Muster"
        field.fill("Rotten Skies")
        card.get_by_role("button", name="Rename").click()
        page.wait_for_selector("#result.ok")
        assert load_file(folder / "rotten-skies.yaml").data["name"] == "Rotten Skies"
        assert not (folder / "rot.yaml").exists()
        assert page.locator("li.card a.card-title", has_text="Rotten Skies").count() == 1
        page.get_by_role("button", name="Delete Rotten Skies (to the trash)").click()
        page.wait_for_selector("#trash")
        assert "Rotten Skies" in page.locator("#trash").inner_text()
        page.get_by_role("button", name="Restore Rotten Skies (rotten-skies.yaml)").click()
        page.wait_for_selector("text=Restored rotten-skies.yaml")
        assert load_file(folder / "rotten-skies.yaml").data["name"] == "Rotten Skies"
    finally:
        context.close()


def test_retitle_refuses_an_empty_name_and_never_takes_another_file(tmp_path):
    from armybuilder.web import folderpage
    from armybuilder.web.files import Folder, Refused
    from armybuilder.yamlio import load_file

    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", tmp_path / "a.yaml")
    shutil.copyfile(EXAMPLES / "token-terrors/wrens-host.yaml", tmp_path / "taken.yaml")
    folder = Folder(tmp_path)
    with pytest.raises(Refused):
        folderpage.retitle(folder, "a.yaml", " \t\n")
    # a name holding a line break and an escape is one line of text; its file is the next free name
    assert folderpage.retitle(folder, "a.yaml", "Taken\n\x1b Over") == "taken-over.yaml"
    assert load_file(tmp_path / "taken-over.yaml").data["name"] == "Taken Over"
    assert folderpage.retitle(folder, "taken-over.yaml", "Taken") == "taken-2.yaml"
    assert load_file(tmp_path / "taken.yaml").data["name"] == "Wren's Host"


# ---------------------------------------------------------------------------
# 5. On a phone the verdict stays in view


def _bar_in_view(page, height: int) -> dict:
    box = page.locator("#bar").bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
    return box


def test_on_a_phone_the_verdict_stays_on_top_through_the_catalog(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/broken-horde.yaml", folder / "mine.yaml")  # 7 errors: the tallest bar
    context, page = _page(browser, 390, 844)
    try:
        _open(page, url + "list/mine.yaml")
        box = _bar_in_view(page, 844)
        assert box["height"] <= 120, box  # it took 188 px of 844
        player = _player(page)
        page.locator("#catalog").scroll_into_view_if_needed()
        add = page.locator('#catalog button[aria-label^="Add a class"]:not([disabled])').first
        add.scroll_into_view_if_needed()
        assert page.evaluate("window.scrollY") > 844  # deep in the catalog
        player._act(add.click)
        # the focus on the new part's name, in its editor, on the screen
        box = "(() => { const r = document.activeElement.getBoundingClientRect(); return [r.top, r.bottom]; })()"
        top, bottom = page.evaluate(box)
        assert page.evaluate("!!document.activeElement.closest('details.part[open]')")
        assert top >= 0 and bottom <= 844, (top, bottom)
        _bar_in_view(page, 844)
        # a card added from the catalog, further down
        player._act(page.locator("#board details.part[open] a.btn.focus").first.click)  # the new part's "Cards"
        card = page.locator('#catalog button[aria-label^="Add "]:not([disabled])').nth(3)
        card.scroll_into_view_if_needed()
        player._act(card.click)
        _bar_in_view(page, 844)
    finally:
        context.close()


def test_on_a_phone_a_list_opened_from_far_down_the_lists_page_opens_at_its_top(browser, served):
    folder, url = served
    for i in range(30):
        shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / f"host-{i:02d}.yaml")
    context, page = _page(browser, 390, 844)
    try:
        page.goto(url)
        last = page.locator("li.card a.card-title").last
        last.scroll_into_view_if_needed()
        assert page.evaluate("window.scrollY") > 2000
        last.click()
        page.wait_for_url("**/list/host-29.yaml")
        page.wait_for_selector("#board")
        page.wait_for_timeout(100)
        assert page.evaluate("window.scrollY") == 0
        _bar_in_view(page, 844)
        assert page.locator("#list-name").bounding_box()["y"] < 844
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 6. Layout

# Short texts (a button's word, a cost) the browser broke inside a word: more lines than words.
BROKEN_WORDS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const t = n.textContent.trim();
    if (!t || t.length > 30 || !n.parentElement.offsetParent) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    const lines = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0).map(x => Math.round(x.top)));
    if (lines.size > t.split(/\\s+/).length) out.push(t);
  }
  return out;
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_no_short_text_is_broken_inside_a_word_and_no_reason_sits_in_a_stepper(browser, served, width):
    folder, url = served
    examples = [*ONE_OF_EACH, "fantasy-triumph/iron-marches.yaml"]
    for i, example in enumerate(examples):
        shutil.copyfile(EXAMPLES / example, folder / f"l{i}.yaml")
    context, page = _page(browser, width, 900)
    try:
        for i, example in enumerate(examples):
            _open(page, url + f"list/l{i}.yaml")
            page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
            assert page.evaluate(BROKEN_WORDS) == [], example
            # a disabled "−" says why beside the stepper, not inside it (Prepared Defenses at 1, a region at 2)
            assert page.locator(".stepper .why").count() == 0, example
        stepped = page.locator(".stepper:has(button:disabled) + small.why")
        assert stepped.count() >= 1  # iron-marches: Prepared Defenses at 1
    finally:
        context.close()


def test_a_skirmish_shows_its_hero_whole_and_no_level_to_choose(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "homm3-battlefield/skirmish-medium.yaml", folder / "mine.yaml")
    context, page = _page(browser, 1280, 900)
    try:
        _open(page, url + "list/mine.yaml")
        assert page.locator('select[data-label="Hero level"]').count() == 0
        hero = page.locator('select[data-label="Hero"]')
        # the chosen hero's text fits in the drop-down (less its padding and arrow)
        room, text = hero.evaluate(
            """(s) => {
              const probe = document.createElement('span');
              probe.style.font = getComputedStyle(s).font;
              probe.style.whiteSpace = 'pre';
              probe.textContent = s.options[s.selectedIndex].text;
              document.body.appendChild(probe);
              const w = probe.getBoundingClientRect().width;
              probe.remove();
              return [s.clientWidth - 40, w];
            }"""
        )
        assert text <= room, (text, room)
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_games_of_the_new_list_form_line_up(browser, served, width):
    _folder, url = served
    context, page = _page(browser, width, 900)
    try:
        page.goto(url)
        names = page.locator(".system-pick span").evaluate_all("(es) => es.map(e => e.getBoundingClientRect().left)")
        counted = page.locator(".system-pick small").evaluate_all("(es) => es.map(e => e.getBoundingClientRect().left)")
        radios = page.locator(".system-pick input").evaluate_all("(es) => es.map(e => e.getBoundingClientRect().left)")
        # in each game: the name and what it is counted in start at one edge, the radio before them
        assert all(abs(a - b) < 1 for a, b in zip(names, counted, strict=True)), (names, counted)
        assert all(r < n for r, n in zip(radios, names, strict=True))
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 7. No red on a legal, finished list

RED_TEXT = """() => {
  const bad = getComputedStyle(document.documentElement).getPropertyValue('--bad').trim();
  const probe = document.createElement('span');
  probe.style.color = bad;
  document.body.appendChild(probe);
  const red = getComputedStyle(probe).color;
  probe.remove();
  return Array.from(document.querySelectorAll('body *'))
    .filter(e => e.offsetParent && getComputedStyle(e).color === red
      && Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim()))
    .map(e => e.textContent.trim().slice(0, 80));
}"""


@pytest.mark.parametrize("example", ["token-terrors/ozzys-muster.yaml", "fantasy-triumph/greenwood-host.yaml"])
def test_a_legal_finished_list_shows_no_red_and_a_quiet_catalog(browser, served, example):
    folder, url = served
    shutil.copyfile(EXAMPLES / example, folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        assert page.locator("#status").inner_text() == "Legal"
        assert page.evaluate(RED_TEXT) == []
        # what cannot be added is folded under one line, not listed
        assert page.locator("#catalog li.entry.off:visible").count() == 0
        folded = page.locator("#catalog details.cannot > summary, #catalog details.closed-group > summary")
        assert folded.count() >= 1
        said = page.locator("#catalog details.cannot > summary").evaluate_all("(es) => es.map(e => e.textContent)")
        assert all(re.fullmatch(r"\d+ cannot be added now: why", t.strip()) for t in said), said
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 8. Words


def test_words_a_player_reads_lists_not_files_and_one_measure(browser, served, tmp_path):
    from armybuilder.sharecode import encode
    from armybuilder.yamlio import load_file

    _folder, url = served
    context, page = _page(browser)
    try:
        page.goto(url)
        # Token Terrors counts slots, on the lists page as on the list page
        tt = page.locator(".system-pick", has=page.locator("input[value=token-terrors]"))
        assert "counted in slots" in tt.inner_text()
        # a new, empty list: its findings speak of the list, not of a file
        tt.locator("input").check()
        page.locator("#new-name").fill("Empty")
        page.locator("#create").click()
        page.wait_for_selector("#board")
        assert "slots" in page.locator("#total").inner_text()
        findings = page.locator("#findings").inner_text()
        assert "the file" not in findings.lower(), findings
        # importing the same code twice opens the list already there (issue 46, item 11); another
        # list of that name is said to be a second list of that name
        data = load_file(EXAMPLES / "token-terrors/ozzys-muster.yaml").data
        other = {**data, "player": "Someone else"}
        told = []
        for code in (encode(data), encode(data), encode(other)):
            page.goto(url)
            page.locator("#import > summary").click()
            page.locator("#import-code").fill(code)
            page.locator("#import-go").click()
            page.wait_for_selector("#board")
            told.append(page.locator("#result").inner_text())
        assert "already in your lists" in told[1], told[1]
        assert "A list of the same name was already here" in told[2], told[2]
        # a file that is not a roster: said of the chosen file, in one sentence
        junk = tmp_path / "notes.md"
        junk.write_text("hello\n")
        page.goto(url)
        page.locator("#import > summary").click()
        page.locator("#import-file").set_input_files(str(junk))
        page.locator("#import-go").click()
        page.wait_for_selector("#result.refused")
        assert page.locator("#result").inner_text().startswith("The chosen file is not a roster")
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 9. Targets a finger can hit


def _size(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["width"], box["height"]


def test_the_back_link_and_the_header_link_are_big_enough_on_a_phone(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    context, page = _page(browser, 390, 844)
    try:
        page.goto(url + "explain/fantasy-triumph?name=Deadly&back=mine.yaml")
        width, height = _size(page.locator("main a.back"))
        assert height >= 44 and width >= 44, (width, height)
        width, height = _size(page.locator("header.top a.home"))
        assert height >= 44 and width >= 44, (width, height)
    finally:
        context.close()


def test_without_javascript_a_stepper_s_save_button_shows_and_is_not_covered(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    context, page = _page(browser, 390, 844, js=False)
    try:
        page.goto(url + "list/mine.yaml")
        saves = page.locator(".stepper button.save")
        assert saves.count() >= 1
        for i in range(saves.count()):
            save = saves.nth(i)
            save.evaluate("(b) => { b.closest('details.part').open = true; }")  # its part's editor (one at a time)
            save.scroll_into_view_if_needed()
            width, height = _size(save)
            assert width >= 44 and height >= 44, (width, height)
            hit = save.evaluate(
                """(b) => { const r = b.getBoundingClientRect();
                   const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                   return at === b || b.contains(at); }"""
            )
            assert hit, f"Save {i} is covered"
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 12. A catalog to search: grouped, one entry a thing, quiet


def test_the_catalog_is_searched_as_you_type_and_offers_a_thing_s_options_on_one_entry(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        titles = page.locator("#catalog .group h3").all_text_contents()
        assert (
            titles.index("Troop types")
            < titles.index("Heroes")
            < next(i for i, t in enumerate(titles) if t.startswith("Cards for"))
        )
        # Illusion's six options are one entry with six buttons, each still saying what it adds
        illusion = page.locator("#catalog li.entry", has=page.locator(".entry-name", has_text="Illusion"))
        assert illusion.count() == 1
        options = illusion.locator(".options button")
        assert options.count() == 6
        assert options.first.get_attribute("aria-label").startswith("Add Illusion (1 card) to the army")
        # typing filters the entries, across groups, as you type
        field = page.get_by_label("Find in the catalog")
        field.press_sequentially("ranged")
        visible = page.locator("#catalog li.entry:visible .entry-name").all_inner_texts()
        assert "Ranged Attack" in visible
        assert "Spear" not in visible and "Illusion" not in visible
        assert page.locator("#catalog .group:visible").count() < page.locator("#catalog .group").count()
        assert not page.evaluate("document.documentElement.scrollWidth > innerWidth")
        # a change draws the catalog again: what was typed stays, and still filters
        player = _player(page)
        player._act(page.locator('[aria-label^="Add Ranged Attack (physical) to Archmage"]').click)
        assert page.get_by_label("Find in the catalog").input_value() == "ranged"
        assert "Spear" not in page.locator("#catalog li.entry:visible .entry-name").all_inner_texts()
        field = page.get_by_label("Find in the catalog")
        field.fill("zzzz-nothing")
        field.dispatch_event("input")
        assert page.locator("#catalog-none").is_visible()
        assert not _serious(page), "axe, catalog searched"
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 14. Chores: Ctrl+Z, Duplicate


def test_ctrl_z_undoes_and_ctrl_shift_z_redoes_except_in_a_field(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", folder / "mine.yaml")
    original = (folder / "mine.yaml").read_bytes()
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        player = _player(page)
        remove = page.locator("#board button[name=e]", has_text="Remove").first
        player.unfold(remove)
        player._act(remove.click)
        changed = (folder / "mine.yaml").read_bytes()
        assert changed != original
        page.locator("#list-name").click()
        player._act(lambda: page.keyboard.press("Control+z"))
        assert (folder / "mine.yaml").read_bytes() == original
        player._act(lambda: page.keyboard.press("Control+Shift+z"))
        assert (folder / "mine.yaml").read_bytes() == changed
        # in a field, Ctrl+Z is the field's own
        page.locator("#about > summary").click()
        field = page.get_by_label("List name", exact=True)
        field.click()
        field.press("Control+z")
        page.wait_for_timeout(300)
        assert (folder / "mine.yaml").read_bytes() == changed
    finally:
        context.close()


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_duplicate_opens_the_copy(browser, served, js):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", folder / "ozzy.yaml")
    context, page = _page(browser, js=js)
    try:
        page.goto(url)
        page.get_by_role("button", name="Duplicate Ozzy's Muster").click()
        page.wait_for_url("**/list/ozzy-copy.yaml*")
        page.wait_for_selector("#board")
        assert page.locator("#list-name").inner_text() == "Ozzy's Muster (copy)"
        assert "Copied ozzy.yaml to ozzy-copy.yaml" in page.locator("#result").inner_text()
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 13. Print and dark

# A part's line (summary.line) is no control on paper: it is the roster's line for the part.
CONTROLS = "button, input:not([type=hidden]), select, textarea, a.btn, a.button, summary:not(.line), a.explain"


@pytest.mark.parametrize("example", ONE_OF_EACH)
def test_a_printed_list_shows_the_roster_the_verdict_and_the_fingerprint_and_no_control(browser, served, example):
    from armybuilder.fingerprint import of_file

    folder, url = served
    shutil.copyfile(EXAMPLES / example, folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        page.locator("#army summary.line").first.click()  # an editor open on the screen is not printed
        page.emulate_media(media="print")
        shown = page.locator(CONTROLS).evaluate_all("(es) => es.filter(e => e.getClientRects().length > 0).length")
        assert shown == 0
        assert page.locator("#status").is_visible() and page.locator("#total").is_visible()
        assert page.locator("#board li.row:visible").count() >= 1
        assert page.locator("#army summary.line:visible").count() == page.locator("#board li.row").count()
        assert page.locator("#catalog").is_hidden() and page.locator("header.top").is_hidden()
        assert of_file(folder / "mine.yaml") in page.locator(".fingerprint").inner_text()
    finally:
        context.close()


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_dark_mode_is_dark_and_axe_clean(browser, served, width, height):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/broken-horde.yaml", folder / "broken.yaml")
    shutil.copyfile(EXAMPLES / "homm3-battlefield/skirmish-medium.yaml", folder / "h3.yaml")
    context, page = _page(browser, width, height)
    try:
        page.emulate_media(color_scheme="dark")
        for address in (url, url + "list/broken.yaml", url + "list/h3.yaml"):
            page.goto(address)
            page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
            background = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert background != "rgb(246, 248, 250)", background  # the light page's paper
            channels = [int(c) for c in re.findall(r"\d+", background)[:3]]
            assert sum(channels) < 3 * 64, background
            assert not _serious(page), address
        # the explanation, open, in the dark
        page.locator("#board li.row > a.explain").first.click()
        page.locator("#explainer").wait_for(state="visible")
        assert not _serious(page), "explanation open, dark"
    finally:
        context.close()


def test_heroes_iii_adds_every_unit_a_skirmish_length_needs_in_one_click(browser, served):
    from armybuilder.edit.engine import run_edit
    from armybuilder.yamlio import load_file

    folder, url = served
    target = folder / "mine.yaml"
    shutil.copyfile(EXAMPLES / "homm3-battlefield/skirmish-medium.yaml", target)
    whole = load_file(target).data["units"]
    for unit in whole[:3]:  # the Bronze units: HMB020, a Medium skirmish uses all its tiers' units
        run_edit(target, "remove", "unit", ["--", unit["name"]])
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        assert page.locator("#status").inner_text() == "Not legal"
        player = _player(page)
        player.click("Add every unit a Medium skirmish needs: Halberdiers, Marksmen and Griffins, Pack side")
        assert page.locator("#status").inner_text() == "Legal"
        units = load_file(target).data["units"]
        assert sorted(u["name"] for u in units) == sorted(u["name"] for u in whole)
        assert all(u["side"] == "Pack" for u in units)
        assert page.locator('[aria-label^="Add every unit"]').count() == 0  # nothing left to fill
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 15. The lists page scales


def test_2100_lists_are_counted_paged_and_found_by_search(browser, served):
    folder, url = served
    text = (EXAMPLES / "token-terrors/ozzys-muster.yaml").read_text(encoding="utf-8")
    for i in range(2100):
        (folder / f"list-{i:04d}.yaml").write_text(text.replace("name: Ozzy's Muster", f"name: Army {i:04d}"))
    context, page = _page(browser)
    page.set_default_timeout(120_000)
    page.set_default_navigation_timeout(120_000)
    loads: list[str] = []
    try:
        page.goto(url)
        page.on("load", lambda _: loads.append(page.url))
        heading = page.locator("#lists-h").inner_text()
        assert "2100" in heading, heading  # the count tells the truth (it said 2000)
        assert page.locator("li.card").count() == 100  # a page at a time
        assert "Page 1 of 21" in page.locator("nav.pages").inner_text()
        page.locator("nav.pages a", has_text="Next").click()
        page.wait_for_url("**page=2**")
        assert page.locator("li.card a.card-title").first.inner_text() == "Army 0100"
        assert loads == []  # htmx: the next page without a reload
        # the 2,100th list is found by search, with JavaScript on (as you type)
        page.goto(url)
        page.locator("#q").fill("Army 2099")
        from playwright.sync_api import expect

        expect(page.locator("li.card")).to_have_count(1)
        assert page.locator("li.card a.card-title").inner_text() == "Army 2099"
    finally:
        context.close()


def test_without_javascript_the_pages_of_lists_are_links_and_the_search_a_form(browser, served):
    import os
    import time

    folder, url = served
    text = (EXAMPLES / "token-terrors/ozzys-muster.yaml").read_text(encoding="utf-8")
    written = time.time_ns() - 3600 * 10**9  # an hour ago: each card is kept, as in a folder in use
    for i in range(2100):
        path = folder / f"list-{i:04d}.yaml"
        path.write_text(text.replace("name: Ozzy's Muster", f"name: Army {i:04d}"))
        os.utime(path, ns=(written, written))
    context, page = _page(browser, js=False)
    page.set_default_timeout(120_000)
    page.set_default_navigation_timeout(120_000)
    first = page.locator("li.card a.card-title").first
    try:
        page.goto(url)
        assert "(2100; 1 to 100 here)" in page.locator("#lists-h").inner_text()
        page.get_by_role("link", name="Next", exact=True).click()
        page.wait_for_url("**page=2**")
        assert first.inner_text() == "Army 0100" and "Page 2 of 21" in page.locator("nav.pages").inner_text()
        page.get_by_role("link", name="Previous", exact=True).click()
        page.wait_for_url("**page=1**")
        assert first.inner_text() == "Army 0000"
        page.locator("#sort").select_option("changed")  # sorted and searched by a form and its button
        page.locator("#q").fill("Army 2099")
        page.get_by_role("button", name="Show", exact=True).click()
        page.wait_for_url("**q=Army+2099**")
        assert page.locator("li.card").count() == 1 and first.inner_text() == "Army 2099"
        assert "(1 of 2100)" in page.locator("#lists-h").inner_text()
    finally:
        context.close()


def test_roster_downloads_offer_one_page_and_the_rules(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        sizes = {}
        for label in ("Markdown", "Markdown with the rules", "PDF on one page", "PDF with the rules"):
            with page.expect_download() as got:
                page.get_by_role("link", name=label, exact=True).click()
            sizes[label] = Path(got.value.path()).read_bytes()
        plain, ruled = sizes["Markdown"].decode(), sizes["Markdown with the rules"].decode()
        assert len(ruled) > len(plain) and "Deadly" in ruled[len(plain) // 2 :]
        assert sizes["PDF on one page"].startswith(b"%PDF") and sizes["PDF with the rules"].startswith(b"%PDF")
        assert sizes["PDF on one page"] != sizes["PDF with the rules"]
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 10. The army at a glance


@pytest.mark.parametrize("example", ONE_OF_EACH)
def test_a_phone_s_first_screen_shows_the_verdict_and_the_army_and_a_part_opens_its_editor(browser, served, example):
    folder, url = served
    shutil.copyfile(EXAMPLES / example, folder / "mine.yaml")
    context, page = _page(browser, 390, 844)
    try:
        _open(page, url + "list/mine.yaml")
        _bar_in_view(page, 844)
        lines = page.locator("#army li.row > details.part > summary")
        assert lines.count() == page.locator("#board li.row").count()  # one line a part
        first = lines.first
        box = first.bounding_box()
        assert box is not None and box["y"] + min(box["height"], 44) <= 844, box  # the first part, on the first screen
        assert not page.locator("#army .editor").first.is_visible()  # the army view: lines, no editors open
        assert not _serious(page), "army view"
        _opens_in_place(page, first, 844)
        assert not _serious(page), "editor open"
    finally:
        context.close()


def _opens_in_place(page, line, height: int) -> None:
    """A tap on a part's line opens its editor right under it, the focus inside it, the line in view."""
    line.click()
    part = line.locator("xpath=..")
    editor = part.locator(".editor")
    editor.wait_for(state="visible")
    above, box = line.bounding_box(), editor.bounding_box()
    assert above is not None and box is not None
    assert abs(box["y"] - (above["y"] + above["height"])) <= 2, (above, box)  # just under its line
    assert 0 <= above["y"] < height  # the army is where it was
    assert _focus_moves_into_the_editor(page)


def _focus_moves_into_the_editor(page) -> bool:
    """Whether the focus is (or within a bounded wait, comes) inside an open part's editor: the
    editor's "toggle" event, which moves it, comes after the click."""
    for _ in range(100):
        if page.evaluate("!!document.activeElement.closest('details.part[open] .editor')"):
            return True
        page.wait_for_timeout(20)
    return False


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_a_part_s_line_opens_its_editor_in_place_and_a_change_there_keeps_it_open(browser, served, width, height):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    context, page = _page(browser, width, height)
    try:
        _open(page, url + "list/mine.yaml")
        loads = []
        page.on("load", lambda _: loads.append(1))
        line = page.locator("#army summary", has=page.locator(".a-name", has_text="Eagles"))
        line.scroll_into_view_if_needed()
        _opens_in_place(page, line, height)
        assert not _serious(page), "editor open"
        before = (folder / "mine.yaml").read_text()
        player = _player(page)
        player._act(page.get_by_role("button", name="One more stand of Eagles, +6 points").click)
        assert "stands: 3" in (folder / "mine.yaml").read_text().split("Eagles", 1)[1][:200] or (
            (folder / "mine.yaml").read_text() != before
        )
        assert not loads  # no page loaded again
        editor = line.locator("xpath=..").locator(".editor")
        assert editor.is_visible()  # the editor stays open through the change
        assert "3 stands" in line.inner_text()
        top = line.bounding_box()
        assert top is not None and 0 <= top["y"] < height  # the army still in view
        # the keyboard: Enter on the line shuts it, and again opens it with the focus in it
        line.focus()
        page.keyboard.press("Enter")
        assert not editor.is_visible()
        page.keyboard.press("Enter")
        editor.wait_for(state="visible")
        assert _focus_moves_into_the_editor(page)
    finally:
        context.close()


def test_without_javascript_a_part_s_line_opens_its_editor_and_a_change_comes_back_to_it_open(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph/greenwood-host.yaml", folder / "mine.yaml")
    context, page = _page(browser, 390, 844, js=False)
    try:
        _open(page, url + "list/mine.yaml")
        line = page.locator("#army summary", has=page.locator(".a-name", has_text="Eagles"))
        line.click()
        editor = line.locator("xpath=..").locator(".editor")
        editor.wait_for(state="visible")
        with page.expect_navigation(wait_until="load"):
            page.get_by_role("button", name="One more stand of Eagles, +6 points").click()
        line = page.locator("#army summary", has=page.locator(".a-name", has_text="Eagles"))
        assert "3 stands" in line.inner_text()
        assert line.locator("xpath=..").locator(".editor").is_visible()  # back at the part, its editor open
        assert page.locator("#army .editor:visible").count() == 1
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 11. Rules at hand


def test_a_token_terrors_list_page_names_each_faction_s_talents(browser, served):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors/ozzys-muster.yaml", folder / "mine.yaml")
    context, page = _page(browser)
    try:
        _open(page, url + "list/mine.yaml")
        # the talents of the data (data/token-terrors/factions.yaml, TT Token Terrors Factions)
        soldiers = page.locator("#army li", has=page.locator(".a-name", has_text="Soldiers")).first
        assert "talents: March, Phalanx" in soldiers.inner_text()
    finally:
        context.close()


# ---------------------------------------------------------------------------
# 14. Artifacts and spells: picked from what the data knows, any other name still typed


def test_heroes_iii_cards_are_picked_from_the_catalog_and_an_unknown_name_is_still_taken(browser, served):
    """The data names one Spell card (Fire Wall, seed 004 5. Combat) and no Artifact card
    (data/homm3-battlefield/cards.yaml): the Spell is added with a click, the typed fields offer
    the names the data knows with their cost (or why not), and a name it does not know is taken
    as typed, with the data's note (HMB012)."""
    from armybuilder.yamlio import load_file

    folder, url = served
    text = (EXAMPLES / "homm3-battlefield/skirmish-medium.yaml").read_text()
    text = text.replace("artifacts: [Helm of Heavenly Enlightenment, Sword of Judgement]", "artifacts: []")
    text = text.replace("spells: [Bless, Haste, Magic Arrow]", "spells: [Bless, Haste]")
    (folder / "mine.yaml").write_text(text)
    context, page = _page(browser, 390, 844)
    try:
        _open(page, url + "list/mine.yaml")
        player = _player(page)
        # the Spell the data knows, picked without typing: a click
        player.click("Add the Fire Wall Spell card")
        assert load_file(folder / "mine.yaml").data["spells"] == ["Bless", "Haste", "Fire Wall"]
        # the catalog drawn again in its place, not a second one inside it
        assert page.evaluate("document.querySelectorAll('[id=catalog]').length") == 1
        assert page.locator('#catalog [aria-label="Add the Fire Wall Spell card"]').is_disabled()  # folded: why not
        # the typed Spell field offers it, now with why it cannot be taken again
        field = page.get_by_label("Add a Spell card by name", exact=True)
        names = page.locator("#" + (field.get_attribute("list") or "none") + " option")
        assert names.count() == 1
        assert names.first.get_attribute("value") == "Fire Wall"
        assert (
            names.first.get_attribute("label")
            == "+1 card · not allowed: Fire Wall is already in the list: each card once"
        )
        # the Ability field offers every Ability card the data knows, each with its cost
        abilities = page.get_by_label("Add an Ability card by name", exact=True).get_attribute("list")
        offered = page.locator(f"#{abilities} option")
        assert offered.count() == 24
        assert {offered.nth(i).get_attribute("label")[:7] for i in range(offered.count())} == {"+1 card"}
        # no Artifact card is named by the data: the page says so, and a typed one is taken, with the note
        artifact = page.get_by_label("Add an Artifact card by name", exact=True)
        assert artifact.get_attribute("list") is None
        assert "no rule document names an Artifact card" in page.locator("#catalog").inner_text()
        player.type("Add an Artifact card by name", "Sword of Judgement")
        assert load_file(folder / "mine.yaml").data["artifacts"] == ["Sword of Judgement"]
        said = page.locator("#result").inner_text() + page.locator("#findings").inner_text()
        assert "Artifact card 'Sword of Judgement' is not in armybuilder's card data" in said
        assert not _serious(page), "catalog with the typed names offered"
    finally:
        context.close()
