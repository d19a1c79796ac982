"""End to end, in a real headless Chromium: a player builds the Greenwood Host in the browser.

The builder runs on 127.0.0.1 on a free port in a thread (``armybuilder.web.server.Background``),
stopped by the test; Chromium is Debian's ``/usr/bin/chromium`` (or ``chromium`` on PATH), driven
by Playwright for Python (the ``playwright`` package only as the driver: no browser download), with
the flags that keep it off the network. Every wait is bounded (10 s a step). The tests skip, saying
why, only where no browser can be had; with ``ARMYBUILDER_BROWSER_TESTS=required`` (``.ci/run``
sets it) a missing browser is a failure instead.

The list built is ``examples/fantasy-triumph/greenwood-host.yaml``, by clicking and typing what a
player would, in the example's order; the saved file must have the example's fingerprint (less
the ``data_version:`` a new list pins and the example does not carry). The
screenshot ``docs/serve-list-view.png`` (shown in the README) is made here: it is rewritten when
``ARMYBUILDER_UPDATE_GOLDEN=1`` or ``ARMYBUILDER_UPDATE_SCREENSHOTS=1`` is set.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from armybuilder import systems
from armybuilder.fingerprint import of_data, of_file
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
SCREENSHOT = ROOT / "docs" / "serve-list-view.png"
STEP_MS = 10_000  # the longest any one wait may take
# Chromium, as root and without a network: no sandbox (root), no GPU, and none of the background
# connections (QUIC, sync, component updates) that the closed network would refuse. Playwright gives
# every launch a fresh, empty --user-data-dir of its own.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium() -> str | None:
    for candidate in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def _no_browser(reason: str) -> None:
    if os.environ.get("ARMYBUILDER_BROWSER_TESTS") == "required":
        pytest.fail(f"browser tests are required here, but {reason}")
    pytest.skip(f"no browser for the end-to-end tests: {reason}")


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _no_browser("the playwright package is not installed (pip install -e '.[test]')")
    executable = _chromium()
    if executable is None:
        _no_browser("no chromium on this machine (apt-get install -y chromium chromium-driver)")
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=executable, args=FLAGS, headless=True, timeout=30_000)
        except Error as exc:
            _no_browser(f"{executable} does not start: {str(exc).splitlines()[0]}")
        yield b
        b.close()


@pytest.fixture
def served(tmp_path):
    from armybuilder.web.server import Background

    folder = tmp_path / "lists"
    folder.mkdir()
    with Background(folder) as url:
        yield folder, url


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


def open_form(page, form_id: str):
    """Click the form's group and the form open (as a player does); the form element."""
    verb = form_id.split("-", 1)[0]
    for ident in (f"verb-{verb}", f"f-{form_id}"):
        details = page.locator(f"details#{ident}")
        if details.get_attribute("open") is None:
            details.locator("> summary").click()
    return page.locator(f"details#f-{form_id} > form")


def fill(form, values: dict[str, str | bool]) -> None:
    for name, value in values.items():
        field = form.locator(f"[name={name}]")
        if value is True:
            field.check()
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.click()
            field.fill(str(value))


SEND = "button[type=submit]:not([name=narrow])"  # a form's own button (not "show the choices that fit")


def submit(page, form_id: str, **values: str | bool) -> str:
    """Fill a form in, send it, and return what the page says the edit did."""
    form = open_form(page, form_id)
    fill(form, values)
    with page.expect_navigation():
        form.locator(SEND).click()
    said = page.locator("#result").inner_text()
    assert "refused" not in (page.locator("#result").get_attribute("class") or ""), said
    return said


def choices(page, form_id: str, field: str) -> list[str]:
    return page.locator(f"#{form_id}-{field}-choices option").evaluate_all("os => os.map(o => o.value)")


def test_build_the_greenwood_host_by_clicking_and_typing(served, page, tmp_path):
    folder, url = served
    page.goto(url)
    assert "No list files here yet" in page.locator("main").inner_text()

    # A new list, from the folder view.
    page.locator("#new-list [name=system]").select_option("fantasy-triumph")
    fill(page.locator("#new-list"), {"file": "greenwood-host.yaml", "name": "The Greenwood Host", "points": "51"})
    with page.expect_navigation():
        page.locator("#new-list button[type=submit]").click()
    assert page.locator("#list-name").inner_text() == "The Greenwood Host"
    assert page.locator("#total").inner_text().startswith("no total yet")

    submit(page, "set-topography", a1="Forest")
    said = submit(page, "add-class", a1="Wardens", o_troop="Elite Foot", o_stands="2", o_general="yes")
    assert "added class 'Wardens': 2 Elite Foot stands, with the general" in said

    # The card choices narrow to what the class's troop type may take: Elite Foot are close-order
    # foot, and "only open-order troops, War Wagons and Artillery may have Flying" (FT 35).
    form = open_form(page, "add-card")
    assert "Flying" in choices(page, "add-card", "a1")  # no place chosen yet: every card
    fill(form, {"o_to": "Wardens"})
    page.wait_for_selector("details#f-add-card > form[data-narrowed*='o_to=Wardens']")
    offered = choices(page, "add-card", "a1")
    assert "Deadly" in offered and "Armored" in offered
    assert "Flying" not in offered and "Terrain Affinity" not in offered
    fill(form, {"a1": "Deadly"})
    with page.expect_navigation():
        form.locator(SEND).click()
    assert "added Deadly to class 'Wardens'" in page.locator("#result").inner_text()

    submit(page, "add-card", a1="Armored", o_to="Wardens")
    submit(page, "add-class", a1="Eagles", o_troop="Javelin Cavalry", o_stands="2")
    submit(page, "add-card", a1="Flying", o_to="Eagles", o_option="zoom")
    submit(page, "add-class", a1="Rangers", o_troop="Light Foot", o_stands="3")
    submit(page, "add-card", a1="Fast", o_to="Rangers")
    submit(page, "add-card", a1="Mobile Infantry", o_to="Rangers", o_option="ground")
    submit(page, "add-card", a1="Delayed Entry", o_to="Rangers", o_number="1")
    submit(page, "add-class", a1="Archers of the Eaves", o_troop="Shooters", o_stands="2")
    submit(page, "add-card", a1="Terrain Affinity", o_to="Archers of the Eaves", o_option="Woods, Wooded Hills")
    submit(page, "add-hero", a1="Archmage")
    submit(page, "add-card", a1="Spellblast", o_hero="Archmage", o_option="unlimited, magical")
    submit(page, "add-card", a1="Ambush", o_army=True, o_option="home")
    said = submit(page, "add-card", a1="Prepared Defenses", o_army=True, o_number="1")

    # "Total: 13 + 12 + 10½ + 9 + 5½ (Archmage) + 1 + ½ + 1½ (Mobile Infantry, 3 stands) - 2
    # (Delayed Entry) = 51" (the example's own closing comment).
    assert "total: 51 of 51 points (was 50½); list valid" in said
    assert page.locator("#total").inner_text() == "51 of 51 points · 0 left"
    assert page.locator("#status").inner_text() == "VALID"
    assert page.locator("#findings").inner_text().strip().endswith("No findings.")

    # The picture for the README: the list, and the add-card form with its choices for the Rangers.
    form = open_form(page, "add-card")
    fill(form, {"o_to": "Rangers"})
    page.wait_for_selector("details#f-add-card > form[data-narrowed*='o_to=Rangers']")
    assert "Hold the Line" in choices(page, "add-card", "a1") and "Fast" not in choices(page, "add-card", "a1")
    shot = tmp_path / "list-view.png"
    page.screenshot(path=str(shot), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone, at the table
    page.screenshot(path=str(tmp_path / "list-view-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone screen"
    page.set_viewport_size({"width": 1280, "height": 1000})
    assert shot.read_bytes().startswith(b"\x89PNG")
    if os.environ.get("ARMYBUILDER_UPDATE_GOLDEN") or os.environ.get("ARMYBUILDER_UPDATE_SCREENSHOTS"):
        shutil.copyfile(shot, SCREENSHOT)
    assert SCREENSHOT.is_file() and SCREENSHOT.read_bytes().startswith(b"\x89PNG")

    # The file the clicks wrote says what the example says (comments and layout aside). A new list
    # also pins the installed data version (`new` writes `data_version:`; the examples do not carry
    # one): without that key it has the example's fingerprint.
    saved = load_file(folder / "greenwood-host.yaml").data
    assert saved.pop("data_version", None) == systems.get("fantasy-triumph").data_version
    assert of_data(saved) == of_file(EXAMPLE)

    # The share code, as `armybuilder share` prints it for the file the clicks wrote.
    from armybuilder.sharing import share

    page.locator("details#share > summary").click()
    assert page.locator("#share-code").inner_text() == share(folder / "greenwood-host.yaml").stdout.strip()

    # Make it illegal: a third Wardens stand is 6½ more points than the 51 the army may spend.
    said = submit(page, "add-stands", a1="Wardens", a2="1")
    assert "total: 57½ of 51 points (was 51); list INVALID" in said
    assert page.locator("#status").inner_text() == "INVALID"
    assert page.locator("#total").inner_text() == "57½ of 51 points · 6½ over"
    errors = page.locator("#findings li.sev-error").all_inner_texts()
    assert any("FTR020" in e for e in errors), errors

    # The roster of the list as it now is.
    with page.expect_download(timeout=STEP_MS) as got:
        page.locator("a[href^='/roster/pdf/']").click()
    download = got.value
    assert download.suggested_filename == "greenwood-host.pdf"
    pdf = Path(download.path()).read_bytes()
    assert pdf.startswith(b"%PDF-")
    from io import BytesIO

    from pypdf import PdfReader

    text = "".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages)
    assert "The Greenwood Host" in text and "INVALID" in text
    with page.expect_download(timeout=STEP_MS) as got:
        page.locator("a[href^='/roster/text/']").click()
    assert got.value.suggested_filename == "greenwood-host.txt"
    assert "INVALID" in Path(got.value.path()).read_text(encoding="utf-8")
    assert page.dialogs == []


def test_a_list_named_like_a_script_shows_as_text(served, page):
    folder, url = served
    name = "<script>alert(1)</script>"
    (folder / "x.yaml").write_text(f'system: fantasy-triumph\nname: "{name}"\n', encoding="utf-8")
    page.goto(url)
    assert page.locator("table.lists a").inner_text() == name
    page.goto(url + "list/x.yaml")
    assert page.locator("#list-name").inner_text() == name
    assert page.title() == f"{name} · armybuilder"
    page.wait_for_timeout(200)
    assert page.dialogs == []  # the script never ran


def test_the_forms_work_without_javascript(browser, served):
    """The script only narrows choices: with JavaScript off, an edit still goes through."""
    folder, url = served
    (folder / "army.yaml").write_text("system: fantasy-triumph\nname: Plain\n", encoding="utf-8")
    context = browser.new_context(java_script_enabled=False)
    try:
        p = context.new_page()
        p.set_default_timeout(STEP_MS)
        p.goto(url + "list/army.yaml")
        said = submit(p, "add-class", a1="Spears", o_troop="Spear", o_stands="4")
        assert "added class 'Spears': 4 Spear stands" in said
    finally:
        context.close()
    assert "troop: Spear" in (folder / "army.yaml").read_text(encoding="utf-8")


def test_without_javascript_the_choices_narrow_on_request(browser, served):
    """With the script off, "show the choices that fit" asks the server for the page with the
    form filled in as it was and its choices narrowed, and writes nothing."""
    folder, url = served
    shutil.copyfile(EXAMPLE, folder / "army.yaml")
    before = (folder / "army.yaml").read_bytes()
    context = browser.new_context(java_script_enabled=False)
    try:
        p = context.new_page()
        p.set_default_timeout(STEP_MS)
        p.goto(url + "list/army.yaml")
        assert "Flying" in choices(p, "add-card", "a1")  # no place chosen yet: every card
        form = open_form(p, "add-card")
        fill(form, {"o_to": "Wardens"})
        with p.expect_navigation():
            form.locator("button[name=narrow]").click()
        # Wardens are Elite Foot, close-order foot: "only open-order troops, War Wagons and
        # Artillery may have Flying" (FT 35).
        offered = choices(p, "add-card", "a1")
        assert "Brittle" in offered and "Flying" not in offered
        # The same choices the script would have been given for these values.
        found = p.request.get(url + "choices/army.yaml?form=add-card&o_to=Wardens").json()
        assert offered == [name for name, _ in found["a1"]]
        assert p.locator("details#f-add-card > form [name=o_to]").input_value() == "Wardens"
        assert "csrf" not in p.url  # the token never goes into an address
    finally:
        context.close()
    assert (folder / "army.yaml").read_bytes() == before


def test_with_javascript_the_narrow_button_is_hidden(served, page):
    folder, url = served
    shutil.copyfile(EXAMPLE, folder / "army.yaml")
    page.goto(url + "list/army.yaml")
    open_form(page, "add-card")
    assert page.locator("details#f-add-card button[name=narrow]").is_hidden()
