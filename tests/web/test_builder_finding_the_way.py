"""The builder's third round (issue 46, items 1 to 6 and 9), end to end in headless Chromium at
390 px: finding one's way on a phone. One list is built as a new player builds it, step by step,
each step checking what the issue found wrong; every step failed before its fix. The same list
is then opened at 1280 px (item 2 there, and the verdict bar across the page).

The server and the browser are those of ``test_browser.py`` (a ``Background`` server on a free
port, Debian's chromium by Playwright); every wait is bounded.
"""

from __future__ import annotations

import re

from tests.builder.browser import Player

STEP_MS = 10_000
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}


def _phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.set_default_navigation_timeout(STEP_MS)
    return context, page


def _player(page) -> Player:
    player = Player(page, True)
    player._started = True
    player._track()
    return player


def _open_parts(page) -> list[str]:
    return page.evaluate("Array.from(document.querySelectorAll('details.part[open] .a-name')).map(e => e.textContent)")


def _focused_label(page) -> str:
    return str(page.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.id"))


def _selected_whole(page) -> bool:
    return bool(
        page.evaluate(
            "(() => { const e = document.activeElement; return e.tagName === 'INPUT' && e.value.length > 0"
            " && e.selectionStart === 0 && e.selectionEnd === e.value.length; })()"
        )
    )


def _serious(page) -> list[str]:
    from tests.support.chromium import serious

    return serious(page)


def test_a_new_list_built_on_a_phone_keeps_the_player_s_place_and_numbers(browser, served):
    folder, url = served
    context, page = _phone(browser)
    try:
        page.goto(url)
        page.fill("#new-name", "Iron Test")
        page.locator("input[name=system][value=fantasy-triumph]").check()
        page.click("#create")
        page.wait_for_selector("#board")
        player = _player(page)

        # Item 2: a part added while another part's editor is open is the one open, its name
        # selected to type over; the editor of the part before is shut.
        player._act(page.get_by_role("button", name=re.compile(r"^Add a class of Heavy Foot, ")).click)
        assert _open_parts(page) == ["Heavy Foot"]
        assert _focused_label(page) == "Rename Heavy Foot" and _selected_whole(page)
        player._act(page.get_by_role("button", name=re.compile(r"^Add a class of Knights, ")).click)
        assert _open_parts(page) == ["Knights"]
        assert _focused_label(page) == "Rename Knights" and _selected_whole(page)

        # Item 1: a number typed, then a tap elsewhere, is applied: the line and the total hold it.
        # Knights cost 4 points a stand (data/fantasy-triumph/troops.yaml), Heavy Foot 3: with 5
        # stands of Knights, 5 x 4 + 1 x 3 = 23 points.
        stands = page.get_by_role("spinbutton", name="Stands of Knights")
        stands.click()
        stands.fill("5")
        player._act(lambda: page.locator("#list-name").click())
        assert "5 stands" in page.locator("#line-classes-1").text_content()
        assert page.locator("#total").inner_text().startswith("23 ")
        (written,) = folder.glob("*.yaml")
        assert "stands: 5" in written.read_text()  # the list holds it, not only the page
        # Enter applies it once, and leaving the field after it sends nothing more
        stands = page.get_by_role("spinbutton", name="Stands of Knights")
        stands.click()
        stands.fill("3")
        player._act(lambda: stands.press("Enter"))
        page.locator("#list-name").click()
        page.wait_for_timeout(300)
        assert page.locator("#total").inner_text().startswith("15 ")  # 3 x 4 + 3
        assert "nothing to change" not in page.locator("#result").inner_text().lower()
        assert "changed elsewhere" not in page.locator("#result").inner_text()
        # an emptied field shows the list's number again
        stands = page.get_by_role("spinbutton", name="Stands of Knights")
        stands.click()
        stands.fill("")
        page.locator("#list-name").click()
        page.wait_for_timeout(200)
        assert page.get_by_role("spinbutton", name="Stands of Knights").input_value() == "3"
        # the army size (a setting) the same way: 60 points typed, then a tap elsewhere
        size = page.get_by_role("spinbutton", name=re.compile("^Army size"))
        size.click()
        size.fill("60")
        player._act(lambda: page.locator("#list-name").click())
        assert page.locator("#total").inner_text().endswith("of 60 points")

        # Item 5: the catalog's target follows the part being edited. Knights, added last: its
        # cards (and not the cards of the part the catalog showed before it). A tap on Heavy
        # Foot's line opens it, the focus on what a player edits there first, not on "Cards"
        # (item 2); the catalog says whose cards it shows, and one tap shows Heavy Foot's.
        cards_title = page.locator("#catalog .group[data-follows] h3")
        assert cards_title.text_content() == "Cards for Knights"
        page.locator("#line-classes-0").click()
        assert _open_parts(page) == ["Heavy Foot"]
        assert page.evaluate("document.activeElement.closest('#part-classes-0 .editor') !== null")
        assert _focused_label(page) != "Add cards to Heavy Foot"
        offer = page.get_by_role("button", name="Show the cards of Heavy Foot instead")
        player._act(offer.click)
        assert cards_title.text_content() == "Cards for Heavy Foot"
        assert not page.get_by_role("button", name=re.compile("^Show the cards of")).is_visible()
        assert player.loads == 0

        # Item 4: a search that hides the cards says so, with one tap to clear it
        search = page.get_by_label("Find in the catalog")
        search.press_sequentially("kni")
        follows = page.locator("#catalog .group[data-follows]")
        assert follows.is_visible()
        assert follows.locator(".nomatch").inner_text().startswith("Nothing here matches “kni”.")
        assert "Showing what matches “kni”" in page.locator("#catalog-found").inner_text()
        follows.get_by_role("button", name="Clear the search").click()
        assert search.input_value() == ""
        assert follows.locator("li.entry:visible").count() > 5
        assert not follows.locator(".nomatch").is_visible()

        # Item 6, the keyboard: "Cards" (Enter) reaches the cards themselves; a card added with
        # Enter that cannot be added again leaves the focus on its part's line, never on the next
        # card (a second Enter added the wrong one).
        page.locator("#line-classes-1").focus()
        page.keyboard.press("Enter")  # opens Knights
        cards = page.get_by_role("link", name="Add cards to Knights")
        cards.focus()
        player._act(lambda: page.keyboard.press("Enter"))
        assert cards_title.text_content() == "Cards for Knights"
        first = page.evaluate("document.activeElement.closest('#catalog .group[data-follows] li.entry') !== null")
        assert first, _focused_label(page)
        armored = page.get_by_role("button", name=re.compile(r"^Add Armored to Knights, "))
        armored.focus()
        player._act(lambda: page.keyboard.press("Enter"))
        assert "Armored" in page.locator("#line-classes-1").text_content()
        assert page.evaluate("document.activeElement.id") == "line-classes-1", _focused_label(page)

        # Item 9: the troop types as players look for them: foot, then mounted, each by name
        troops = page.locator("#g-troops")
        heads = troops.locator("li.subgroup h4").all_text_contents()
        assert heads[:2] == ["Foot", "Mounted"]
        names = troops.locator("ul.entries").first.locator("li.entry .entry-name").all_text_contents()
        mounted = names.index("Bad Horse")
        assert names[:mounted] == sorted(names[:mounted], key=str.casefold) and "Shooters" in names[:mounted]
        assert names[mounted:] == sorted(names[mounted:], key=str.casefold) and "Knights" in names[mounted:]
        # and the page: the army, then the catalog, then the settings, the findings and the roster
        # (the settings sat between the army and the catalog)
        where = ("#army", "#catalog", "#settings-h", "#findings", "#roster")
        top = {k: page.locator(k).bounding_box()["y"] for k in where}
        assert [top[k] for k in where] == sorted(top.values()), top
        # one editor open: the part being edited
        assert _open_parts(page) == ["Knights"]
        assert not _serious(page), "axe, the catalog searched and cleared"

        # Item 3 (serve): back to the lists, the list opened again opens at its verdict and army
        page.locator("a.home").click()
        page.wait_for_selector("#lists")
        page.get_by_role("link", name=re.compile("Iron Test")).first.click()
        page.wait_for_selector("#board")
        page.wait_for_timeout(300)
        assert page.evaluate("scrollY") < 100
        army = page.locator("#army").bounding_box()
        assert army is not None and army["y"] < PHONE["height"]
        assert not _serious(page), "axe, the list opened from the lists page"

        # At 1280 px, the same list (a context of its own, not a new browser). Item 2 there too:
        # Heavy Foot's editor open, a class of Bow Levy added is the one open, its name selected;
        # added from a search (item 4), the search is cleared: it was for that part.
        wide = browser.new_context(viewport=WIDE)
        try:
            desk = wide.new_page()
            desk.set_default_timeout(STEP_MS)
            desk.goto(page.url)
            desk.wait_for_selector("#board")
            at = _player(desk)
            desk.locator("#line-classes-0").click()
            assert _open_parts(desk) == ["Heavy Foot"]
            desk.get_by_label("Find in the catalog").press_sequentially("bow")
            assert "Showing what matches “bow”" in desk.locator("#catalog-found").inner_text()
            at._act(desk.get_by_role("button", name=re.compile(r"^Add a class of Bow Levy, ")).click)
            assert _open_parts(desk) == ["Bow Levy"]
            assert _focused_label(desk) == "Rename Bow Levy" and _selected_whole(desk)
            assert desk.get_by_label("Find in the catalog").input_value() == ""
            assert not desk.locator("#catalog-found").is_visible()
            assert at.loads == 0
            # The verdict bar spans the page, over the list and the catalog alike (it spanned the
            # list's column alone, 773 of 1280 px), and stays on top with the catalog under it.
            bar, sheet, catalog = (desk.locator(k).bounding_box() for k in ("#bar", "#list", "#catalog"))
            assert bar["x"] <= sheet["x"] and bar["x"] + bar["width"] >= catalog["x"] + catalog["width"], (bar, catalog)
            desk.evaluate("window.scrollTo(0, 900)")
            assert desk.evaluate("scrollY") > 300
            bar, catalog = desk.locator("#bar").bounding_box(), desk.locator("#catalog").bounding_box()
            assert bar["y"] == 0 and catalog["y"] >= bar["height"], (bar, catalog)
            assert "Bow Levy" in desk.locator("#list").inner_text()
            assert not _serious(desk), "axe, the list at 1280 px"
        finally:
            wide.close()

        # Item 9, an editor open after its part is done: back on the phone, Heavy Foot removed
        # with the keyboard from its open editor. A row's id is its place, so Knights' row took
        # Heavy Foot's, its editor open and the focus on "Remove Knights": a second Enter removed
        # Knights too. Now no editor is open and the focus is on Knights' line.
        page.reload()
        page.wait_for_selector("#board")
        player = _player(page)
        page.locator("#line-classes-0").click()
        assert _open_parts(page) == ["Heavy Foot"]
        page.get_by_role("button", name=re.compile(r"^Remove Heavy Foot")).focus()
        player._act(lambda: page.keyboard.press("Enter"))
        assert "Heavy Foot" not in written.read_text()
        assert _open_parts(page) == []
        assert page.evaluate("document.activeElement.id") == "line-classes-0", _focused_label(page)
        assert page.locator("#line-classes-0 .a-name").text_content() == "Knights"
        # Item 6, an army card: added with Enter, its Add gone (one camp an army), the focus stays
        # in the army cards' group; it went to the line of the part the cards group adds to
        # (Bow Levy), a part the camp has nothing to do with. Item 9 there: added while Knights'
        # editor is open, the camp goes on the army, not on Knights: the player is done with
        # Knights, whose editor shuts (it stayed open).
        page.locator("#line-classes-0").click()
        assert _open_parts(page) == ["Knights"]
        camp = page.get_by_role("button", name=re.compile(r"^Add Fortified Camp \(fortified\) to the army, "))
        camp.focus()
        player._act(lambda: page.keyboard.press("Enter"))
        assert "Fortified Camp" in written.read_text()
        assert page.evaluate("document.activeElement.closest('#g-army-cards') !== null"), _focused_label(page)
        assert _open_parts(page) == []
        # with a tap the same: Knights opened again, an army card tapped shuts its editor, and the
        # focus stays in the army cards, where the player goes on
        page.locator("#line-classes-0").click()
        assert _open_parts(page) == ["Knights"]
        train = page.get_by_role("button", name=re.compile(r"^Add Pack Train and Herds to the army"))
        player._act(train.click)
        assert "Pack Train" in written.read_text()
        assert _open_parts(page) == []
        assert page.evaluate("document.activeElement.closest('#g-army-cards') !== null"), _focused_label(page)
        assert player.loads == 0
    finally:
        context.close()
