"""End to end, in a real headless Chromium: players build, fix and manage lists in the builder.

The builder runs on 127.0.0.1 on a free port in a thread (``armybuilder.web.server.Background``),
stopped by the test; Chromium is Debian's ``/usr/bin/chromium`` (or ``chromium`` on PATH), driven
by Playwright for Python (the ``playwright`` package only as the driver: no browser download), with
the flags that keep it off the network. Every wait is bounded (10 s a step). The tests skip, saying
why, only where no browser can be had; with ``ARMYBUILDER_BROWSER_TESTS=required`` (``.ci/run``
sets it) a missing browser is a failure instead.

A list of each game is built from nothing by clicking its plan (``tests/builder/plans``, the
clicks ``bench/bench_builder.py`` counts) with JavaScript on and off; the saved file must have the
example's fingerprint (less the ``data_version:`` a new list pins and the example does not carry).
axe-core (``axe-playwright-python``) checks every kind of page for serious or critical
violations; at 390 px no page scrolls sideways. The screenshots in ``docs/`` (shown in the README)
are made here: rewritten when ``ARMYBUILDER_UPDATE_GOLDEN=1`` or ``ARMYBUILDER_UPDATE_SCREENSHOTS=1``
is set.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from armybuilder.fingerprint import of_data
from armybuilder.yamlio import load_file
from tests.builder.browser import Player
from tests.builder.driver import Plan, every_plan, example_data, same_list

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DOCS = ROOT / "docs"
STEP_MS = 10_000  # the longest any one wait may take


@pytest.fixture
def page(browser):
    context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 1000})
    p = context.new_page()
    p.set_default_timeout(STEP_MS)
    p.set_default_navigation_timeout(STEP_MS)
    dialogs: list[str] = []
    p.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    p.dialogs = dialogs
    yield p
    context.close()


def update_screenshots() -> bool:
    return bool(os.environ.get("ARMYBUILDER_UPDATE_GOLDEN") or os.environ.get("ARMYBUILDER_UPDATE_SCREENSHOTS"))


def copy_examples(folder: Path) -> list[str]:
    names = []
    for f in sorted(EXAMPLES.glob("*/*.yaml")):
        if f.parent.name != "events":
            shutil.copyfile(f, folder / f.name)
            names.append(f.name)
    return names


def first_plan_of_each_system() -> list[Plan]:
    seen: dict[str, Plan] = {}
    for plan in every_plan():
        seen.setdefault(plan.example.split("/")[0], plan)
    return list(seen.values())


PLANS = first_plan_of_each_system()
COMMANDS = (
    "new|add|remove|set|validate|cost|export|share|import|verify|catalog|explain|rule|tournament|diff|serve|collect"
)
NO_CLI = re.compile(rf"(?<![\w-])--[a-z]|\bFILE\b|\barmybuilder (?:{COMMANDS})\b")


def build_in_browser(browser, folder: Path, url: str, plan: Plan, js: bool) -> tuple[Player, Path]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, java_script_enabled=js)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    player = Player(page, js)
    player.start(url)
    want = example_data(plan)
    player.new_list(want["system"], want["name"], plan.points)
    built = max(folder.glob("*.yaml"), key=lambda p: p.stat().st_mtime_ns)
    for verb, *args in plan.steps:
        getattr(player, verb)(*args)
    player.context = context
    return player, built


@pytest.mark.parametrize("plan", PLANS, ids=[p.example for p in PLANS])
def test_a_list_of_each_game_is_built_by_clicking(browser, served, plan):
    folder, url = served
    player, built = build_in_browser(browser, folder, url, plan, js=True)
    try:
        assert same_list(load_file(built).data, example_data(plan))
        assert player.loads == 0  # every change in place: no page was loaded again
        assert player.page.locator("#status").inner_text() in ("Legal", "Not legal")
        if update_screenshots() and plan.example.startswith("fantasy-triumph/"):
            # the page and the catalog's own column at their tops, as a player opening the list sees them
            player.page.evaluate("window.scrollTo(0, 0); document.querySelectorAll('*').forEach(e => e.scrollTop = 0)")
            player.page.screenshot(path=str(DOCS / "serve-list-view.png"))
    finally:
        player.context.close()


def test_the_same_clicks_work_without_javascript(browser, served):
    folder, url = served
    for plan in PLANS[:2]:
        player, built = build_in_browser(browser, folder, url, plan, js=False)
        try:
            assert same_list(load_file(built).data, example_data(plan)), plan.example
            assert player.loads > 0  # each change was a form sent and a page loaded: it still works
        finally:
            player.context.close()


def _post_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#board")


def test_undo_and_redo(served, page):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors" / "ozzys-muster.yaml", folder / "ozzy.yaml")
    original = (folder / "ozzy.yaml").read_bytes()
    _post_page(page, url + "list/ozzy.yaml")
    player = Player(page, True)
    player._started = True
    player._track()
    remove = page.locator("#board button[name=e]", has_text="Remove").first
    player.unfold(remove)  # the part's editor, opened under its line in the army
    player._act(remove.click)
    once = (folder / "ozzy.yaml").read_bytes()
    assert once != original
    player._act(page.locator("#undo").click)
    assert (folder / "ozzy.yaml").read_bytes() == original
    player._act(page.locator("#redo").click)
    assert (folder / "ozzy.yaml").read_bytes() == once
    player._act(page.locator("#undo").click)
    assert (folder / "ozzy.yaml").read_bytes() == original
    page.reload()  # the history survives a reload: it is kept beside the list
    page.wait_for_selector("#board")
    assert page.locator("#redo").is_enabled()


# The board as the page shows it and as a fresh page of the list draws it, each as Chromium writes
# it out: what a swap leaves behind (htmx's classes, the out-of-band mark) and what only the
# change's own answer says (its result, the focus on what it added, and so the digests) aside.
BOARDS = """async () => {
  const address = location.pathname + location.search;  // its focus too: whose cards the catalog shows
  const fresh = new DOMParser().parseFromString(await (await fetch(address)).text(), "text/html");
  const norm = (board) => {
    const c = board.cloneNode(true);
    c.querySelectorAll("*").forEach((e) => {
      e.removeAttribute("hx-swap-oob");
      e.removeAttribute("autofocus");
      e.removeAttribute("data-select");
      e.classList.remove("htmx-settling", "htmx-swapping", "htmx-added", "htmx-request");
      if (e.getAttribute("class") === "") { e.removeAttribute("class"); }
    });
    // the digests of what was drawn: a new part has the focus, which a fresh page does not give it
    c.querySelector("#cathash").removeAttribute("value");
    c.querySelector("#brdhash").removeAttribute("value");
    c.querySelector("#result").replaceChildren();
    c.querySelector("#result").className = "";
    // what the player opened (a part's editor, a name's field) stays open through a change
    c.querySelectorAll("details.named, details.part").forEach((d) => d.removeAttribute("open"));
    return c.outerHTML;
  };
  return [norm(document.getElementById("board")), norm(fresh.getElementById("board"))];
}"""


def test_a_change_sends_back_only_what_changed_and_the_page_is_the_list(served, page):
    """With JavaScript on, a change answers with the pieces of the board that changed (a stand
    more: its row, the verdict bar, the findings, the roster); a change of shape (a class more)
    with the pieces that hold the list's shape, sent as pieces too (since the verdict bar spans the
    page, issue 46, the bar, the sheet and the catalog are the board's pieces: no whole swap).
    After each, the board shown is the one a fresh page of the list draws, version of every form
    included (a form that did not change takes it from the board's)."""
    folder, url = served
    shutil.copyfile(EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml", folder / "host.yaml")
    sizes: list[tuple[int, str | None]] = []
    page.on(
        "response",
        lambda r: sizes.append((len(r.body()), r.headers.get("hx-reswap"))) if "/act/" in r.url else None,
    )
    _post_page(page, url + "list/host.yaml")
    player = Player(page, True)
    player._started = True
    player._track()
    steps = [
        ("click", "One more stand of Wardens, +6½ points"),
        ("click", "One stand fewer of Wardens, −6½ points"),
        ("type", "Rename Wardens", "Tree Wardens"),
        ("click", "Add a class of Light Foot, +3 points a stand"),
        ("click", "One more stand of Tree Wardens, +6½ points"),
    ]
    for verb, *args in steps:
        getattr(player, verb)(*args)
        shown, fresh = page.evaluate(BOARDS)
        assert shown == fresh, f"after {verb} {args}"
    page.wait_for_timeout(50)
    whole = len(page.evaluate("document.getElementById('board').outerHTML"))
    assert [how for _, how in sizes] == ["none"] * 5, sizes
    # A stand more or fewer, a new name: a fifth of the board or less (the catalog stays as it was).
    assert all(size < whole / 5 for size, _ in sizes[:3]), (sizes, whole)


def test_rename_duplicate_delete_and_restore(served, page):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors" / "ozzys-muster.yaml", folder / "ozzy.yaml")
    page.goto(url)
    page.get_by_role("button", name="Duplicate Ozzy's Muster").click()
    page.wait_for_selector("text=Copied ozzy.yaml")
    assert (folder / "ozzy-copy.yaml").is_file()
    page.wait_for_url("**/list/ozzy-copy.yaml?done=*")  # the copy opens
    page.goto(url)
    card = page.locator("li.card", has=page.locator("text=ozzy-copy.yaml"))
    card.locator("summary", has_text="Rename").click()
    field = card.locator("input[name=to]")
    assert field.input_value() == "Ozzy's Muster (copy)"  # the list's name, as its card shows it
    field.fill("Second Army")
    card.get_by_role("button", name="Rename").click()
    page.wait_for_selector("text=Its file is now second-army.yaml")
    assert (folder / "second-army.yaml").is_file() and not (folder / "ozzy-copy.yaml").exists()
    assert load_file(folder / "second-army.yaml").data["name"] == "Second Army"
    page.get_by_role("button", name="Delete Second Army (to the trash)").click()
    page.wait_for_selector("text=Moved second-army.yaml to the trash")
    assert not (folder / "second-army.yaml").exists()
    page.get_by_role("button", name="Restore Second Army (second-army.yaml)").click()
    page.wait_for_selector("text=Restored second-army.yaml")
    assert (folder / "second-army.yaml").is_file()


def test_import_a_share_code_and_a_roster_file(served, page, tmp_path):
    from armybuilder.export import ExportOptions, exporter
    from armybuilder.export.roster import build
    from armybuilder.sharecode import encode

    folder, url = served
    source = EXAMPLES / "small-world-of-warcraft" / "thrall-turn-4.yaml"
    page.goto(url)
    page.locator("#import > summary").click()
    page.locator("#import-code").fill(encode(load_file(source).data))
    page.locator("#import-go").click()
    page.wait_for_selector("#board")
    imported = folder / "thrall-turn-4.yaml"
    assert of_data(load_file(imported).data) == of_data(load_file(source).data)

    roster, _ = build(EXAMPLES / "token-terrors" / "wrens-host.yaml")
    md = tmp_path / "wren.md"
    md.write_bytes(exporter("markdown").render(roster, ExportOptions()))
    page.goto(url)
    page.locator("#import > summary").click()
    page.locator("#import-file").set_input_files(str(md))
    page.locator("#import-go").click()
    page.wait_for_selector("#board")
    made = [f for f in folder.glob("*.yaml") if f.name != "thrall-turn-4.yaml"]
    assert len(made) == 1
    assert of_data(load_file(made[0]).data) == of_data(load_file(EXAMPLES / "token-terrors" / "wrens-host.yaml").data)


def test_a_unit_listed_twice_can_be_removed(served, page):
    from armybuilder.edit.engine import run_edit
    from armybuilder.edit.offer import board_for

    folder, url = served
    target = folder / "twice.yaml"
    shutil.copyfile(EXAMPLES / "homm3-battlefield" / "skirmish-medium.yaml", target)
    run_edit(target, "add", "unit", ["--", "Halberdiers"])
    board, _ = board_for(target)
    rows = [r for r in board.rows() if r.title.startswith("Halberdiers")]
    assert len(rows) == 2
    remove = next(c for c in rows[1].controls if c.label.startswith("Remove"))
    page.goto(url + "list/twice.yaml")
    player = Player(page, True)
    player._started = True
    player._track()
    player.click(remove.label)
    assert same_list(load_file(target).data, load_file(EXAMPLES / "homm3-battlefield" / "skirmish-medium.yaml").data)


def test_a_refusal_keeps_what_was_typed(served, page):
    folder, url = served
    shutil.copyfile(EXAMPLES / "token-terrors" / "ozzys-muster.yaml", folder / "ozzy.yaml")
    before = (folder / "ozzy.yaml").read_bytes()
    page.goto(url + "list/ozzy.yaml")
    page.locator("#about > summary").click()
    field = page.get_by_label("List name", exact=True)
    too_long = "x" * 300  # a list's name is at most 200 characters
    field.fill(too_long)
    field.press("Enter")
    page.wait_for_selector("#result.refused")
    assert (folder / "ozzy.yaml").read_bytes() == before
    again = page.get_by_label("List name", exact=True)
    assert again.input_value() == too_long
    assert again.evaluate("e => document.activeElement === e")


def _open_everything(page) -> None:
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")


def _pages(url: str, names: list[str]) -> list[str]:
    chosen = {}
    for n in names:
        chosen.setdefault(n.split("-")[0], n)
    return [url, *(url + "list/" + n for n in names), url + "explain/fantasy-triumph?name=Deadly"]


def test_no_page_has_a_serious_accessibility_violation(served, page):
    from tests.support.chromium import serious

    folder, url = served
    names = copy_examples(folder)
    found = {}
    for address in _pages(url, names):
        page.goto(address)
        _open_everything(page)
        bad = serious(page)
        if bad:
            found[address] = bad
    assert not found


def test_on_a_phone_no_page_scrolls_sideways_and_says_no_command(browser, served):
    folder, url = served
    names = copy_examples(folder)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    wide = {}
    words = {}
    small = {}
    try:
        for address in _pages(url, names):
            page.goto(address)
            if update_screenshots() and address.endswith("greenwood-host.yaml"):
                # the army as a phone shows it, one part's editor open under its line
                page.locator("#army summary.line").nth(1).click()
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(DOCS / "serve-list-phone.png"))
            _open_everything(page)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide[address] = width
            text = page.evaluate("document.body.innerText")
            hits = NO_CLI.findall(text)
            if hits:
                words[address] = hits[:5]
            tiny = page.evaluate(
                """() => Array.from(document.querySelectorAll(
                     'button, a.btn, a.button, select, .system-pick, '
                     + 'input:not([type=hidden]):not([type=radio]):not([type=checkbox])'))
                 .filter(e => e.offsetParent !== null)
                 .map(e => e.getBoundingClientRect())
                 .filter(r => r.height < 43.5 || r.width < 23.5).length"""
            )
            if tiny:
                small[address] = tiny
            if update_screenshots() and address == url:
                page.screenshot(path=str(DOCS / "serve-folder-phone.png"))
    finally:
        context.close()
    assert not wide
    assert not words
    assert not small


def test_a_list_named_like_a_script_shows_as_text(served, page):
    folder, url = served
    (folder / "x.yaml").write_text(
        'system: token-terrors\nname: "<script>alert(1)</script><img src=x onerror=alert(2)>"\ntokens: {Elves: 4}\n'
    )
    page.goto(url)
    assert page.locator("text=<script>alert(1)</script>").count() >= 1
    page.goto(url + "list/x.yaml")
    assert page.locator("h1#list-name").inner_text().startswith("<script>")
    assert not page.dialogs
