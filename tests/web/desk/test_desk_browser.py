"""``armybuilder collect`` in a real headless Chromium: players send, fix and replace their lists,
build one in the builder, and the organiser locks, moves the deadline, reveals and downloads.

The desk runs on 127.0.0.1 on a free port in a thread (:class:`armybuilder.web.server.DeskBackground`);
Chromium is Debian's ``/usr/bin/chromium`` driven by Playwright, with the flags that keep it off
the network, every wait bounded (10 s a step). The tests skip, saying why, only where no browser
can be had (``ARMYBUILDER_BROWSER_TESTS=required`` makes that a failure). Each flow runs with
JavaScript on and off; one is done with the keyboard only. axe-core checks every page of the
desk for serious or critical violations; at 390 px no page scrolls sideways, every control is
a touch target, and no page speaks command-line.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

from armybuilder.desk import Desk
from armybuilder.events import load
from armybuilder.fingerprint import of_file

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
GAMES_DAY = EXAMPLES / "events" / "games-day.yaml"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"
WRENS = EXAMPLES / "token-terrors" / "wrens-host.yaml"  # 5 Goblins: illegal at the games day
OZZY = EXAMPLES / "token-terrors" / "ozzys-muster.yaml"
ORG = "organiser-token-for-the-browser-tests"
STEP_MS = 10_000
NO_CLI = re.compile(r"(?<![\w-])--[a-z]|\bFILE\b|\barmybuilder (?:collect|serve|tournament|validate|export|new)\b")


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def fixed_wrens() -> str:
    return text(WRENS).replace("Wyverns: 5", "Wyverns: 6").replace("Goblins: 5", "Goblins: 4")


@pytest.fixture
def served(tmp_path):
    from armybuilder.web.desk import make_desk_app
    from armybuilder.web.server import DeskBackground

    desk = Desk(tmp_path / "desk.sqlite", load(GAMES_DAY))
    try:
        with DeskBackground(make_desk_app(desk, organiser=ORG)) as url:
            yield desk, url
    finally:
        desk.close()


def _context(browser, js: bool = True, **options):
    context = browser.new_context(accept_downloads=True, java_script_enabled=js, **options)
    return context


def _page(context):
    p = context.new_page()
    p.set_default_timeout(STEP_MS)
    p.set_default_navigation_timeout(STEP_MS)
    dialogs: list[str] = []
    p.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    p.dialogs = dialogs
    return p


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def js(request):
    return request.param


@pytest.fixture
def page(browser, js):
    context = _context(browser, js, viewport={"width": 1280, "height": 1000})
    yield _page(context)
    context.close()


def _click(page, selector: str) -> None:
    """Click and wait for the page it leads to (a full load without JavaScript, htmx's swap with it)."""
    with page.expect_navigation(wait_until="load", timeout=STEP_MS) if not _scripted(page) else _nothing():
        page.locator(selector).first.click()
    if _scripted(page):
        page.wait_for_load_state("load")


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _scripted(page) -> bool:
    try:
        return bool(page.evaluate("document.documentElement.classList.contains('js')"))
    except Exception:  # noqa: BLE001 - no script at all
        return False


def _wait_text(page, selector: str, words: str) -> None:
    page.locator(selector, has_text=words).first.wait_for(timeout=STEP_MS)


def _organiser(context, url: str):
    p = _page(context)
    p.goto(f"{url}organiser?key={ORG}")
    p.locator("h1", has_text="the organiser's desk").wait_for()
    return p


# ---------------------------------------------------------------------------
# Players


def test_a_player_sends_fixes_and_replaces_a_list(served, page, tmp_path):
    desk, url = served
    page.goto(url)
    page.fill("#player", "Wren Warlord")
    page.fill("#send-list", text(WRENS))
    _click(page, "#send")
    _wait_text(page, "#verdict", "Not legal")
    assert "Your list is in" in page.locator("#result").inner_text()
    assert page.locator("#fingerprint").inner_text() == of_file(WRENS)
    assert "at most 4 faction" in page.locator("#findings-h + ul").inner_text()
    link = page.locator("#private-link").get_attribute("href")
    assert re.fullmatch(rf"{re.escape(url)}mine/[\w-]+\?key=[\w-]+", link)

    page.fill("#replace-list", fixed_wrens())  # fixed
    _click(page, "#replace")
    _wait_text(page, "#result", "Version 2 of your list is in")
    assert page.locator("#verdict").inner_text() == "Legal"

    upload = tmp_path / "ozzy.yaml"
    shutil.copyfile(OZZY, upload)
    page.set_input_files("#replace-file", str(upload))  # replaced, as a file
    _click(page, "#replace")
    _wait_text(page, "#result", "Version 3 of your list is in")
    assert page.locator("#fingerprint").inner_text() == of_file(OZZY)
    assert page.locator(".desk-versions li").count() == 3

    other = page.context.new_page()  # the private link, opened again, on the same device
    other.goto(link)
    assert other.locator("#version").inner_text() == "3"
    (sub,) = desk.submissions()
    assert [v.how for v in desk.versions(sub.id)] == ["paste", "paste", "file"]
    assert not page.dialogs


def test_a_refusal_keeps_the_text_and_says_why(served, page):
    desk, url = served
    page.goto(url)
    page.fill("#player", "Typo Tom")
    typed = "system: token-terrors\nname: Oops\ntokens:\n  Goblins: [\n"
    page.fill("#send-list", typed)
    _click(page, "#send")
    _wait_text(page, "#result", "This is not a list")
    assert page.input_value("#send-list") == typed.rstrip("\n") or page.input_value("#send-list") == typed
    assert page.input_value("#player") == "Typo Tom"
    assert desk.submissions() == []
    if _scripted(page):  # the address stays the page's own: a reload shows it again, not a form's address
        assert page.url == url


def test_a_player_builds_the_list_in_the_builder_and_sends_it(served, page):
    desk, url = served
    page.goto(url)
    page.check("input[name=system][value=token-terrors]")
    page.fill("#build-name", "Built in the browser")
    _click(page, "#build")
    page.locator("#board").wait_for()
    assert "/list/list-" in page.url
    with page.expect_navigation(wait_until="load", timeout=STEP_MS):
        page.locator("a.home").click()  # back to the desk's players' page
    card = page.locator(".card", has_text="Built in the browser")
    card.locator("input[name=player]").fill("Bea Builder")
    _click(page, "#draft-1-send")
    page.locator("#verdict").wait_for()
    (sub,) = desk.submissions()
    assert sub.player == "Bea Builder" and sub.latest.how == "builder" and "Built in the browser" in sub.latest.text


def test_a_player_sends_a_list_with_the_keyboard_only(browser, served):
    desk, url = served
    context = _context(browser, True, viewport={"width": 1280, "height": 1000})
    try:
        page = _page(context)
        page.goto(url)
        for _ in range(30):  # Tab from the top of the page to the name field
            if page.evaluate("document.activeElement && document.activeElement.id") == "player":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "player"
        page.keyboard.type("Kay Keys")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "send-list"
        page.keyboard.insert_text(text(OZZY))
        for _ in range(10):  # on to the button: past the file field
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "send":
                break
        assert page.evaluate("document.activeElement.id") == "send"
        page.keyboard.press("Enter")
        _wait_text(page, "#verdict", "Legal")
        (sub,) = desk.submissions()
        assert sub.player == "Kay Keys" and sub.latest.fingerprint == of_file(OZZY)
    finally:
        context.close()


# ---------------------------------------------------------------------------
# The organiser


def test_the_organiser_locks_moves_the_deadline_and_reveals(browser, served, js):
    desk, url = served
    a = desk.submit("Ann Early", text(OZZY))
    b = desk.submit("Ben Later", text(GREENWOOD))
    context = _context(browser, js, viewport={"width": 1280, "height": 1000})
    try:
        org = _organiser(context, url)
        assert org.locator("#counts").inner_text() == "2 lists: 2 legal, 0 not legal."
        card = org.locator(f"#s-{a.id}")
        _click(org, f"#lock-{a.id}")
        _wait_text(org, "#result", "Ann Early's list is locked")
        assert "locked" in org.locator(f"#s-{a.id}").inner_text() and desk.get(a.id).locked
        player = _page(context)
        player.goto(f"{url}mine/{a.id}?key={a.edit_token}")
        assert "The organiser has locked your list" in player.locator("#closed").inner_text()

        _click(org, "#lock-event")
        _wait_text(org, "#desk-state", "The event is locked")
        player.goto(url)
        assert "The organiser has locked the event" in player.locator("#closed").inner_text()
        assert player.locator("#send-form").count() == 0
        _click(org, "#lock-event")  # unlocked
        _wait_text(org, "#desk-state", "The desk is open")

        org.fill("#deadline", "2030-01-02T09:30")
        _click(org, "#set-deadline")
        _wait_text(org, "#result", "The deadline is now")
        assert "2030" in org.locator("#desk-state").inner_text()
        player.goto(url)
        assert "Wed 02 Jan 2030, 09:30" in player.locator("#deadline").inner_text()

        player.goto(url + "lists")
        assert "hidden until the organiser reveals them" in player.locator(".refusal").inner_text()
        assert "Ann Early" not in player.content() and "Ozzy" not in player.content()
        org.check("#confirm")
        _click(org, "#reveal")
        _wait_text(org, "#result", "The lists are revealed")
        player.goto(url + "lists")
        assert player.locator("article.desk-list").count() == 2
        assert "Ann Early" in player.content() and "Ben Later" in player.content()

        with org.expect_download(timeout=STEP_MS) as got:
            org.locator("#dl-lists-zip").click()
        assert got.value.suggested_filename == "club-games-day-lists.zip"
        with org.expect_download(timeout=STEP_MS) as got:
            org.locator("#dl-packet-pdf").click()
        assert Path(got.value.path()).read_bytes().startswith(b"%PDF")
        assert not org.dialogs

        # Ann's list is still locked at the end: her card says so. The reveal closed the desk:
        # neither her replace nor Ben's (unlocked) is taken, and their pages say why.
        assert card.locator("strong", has_text="locked").count() == 1
        assert card.locator(f"#lock-{a.id}").get_attribute("aria-label") == "Unlock Ann Early's list"
        assert org.locator(f"#s-{b.id} strong", has_text="locked").count() == 0
        assert "the desk is closed" in org.locator("#desk-state").inner_text()
        for sub, token in ((a, a.edit_token), (b, b.edit_token)):
            player.goto(f"{url}mine/{sub.id}?key={token}")
            assert "The lists are revealed" in player.locator("#closed").inner_text()
            assert player.locator("#replace-form").count() == 0
            refused = _put(player, f"{url}api/submissions/{sub.id}", token, text(WRENS))
            assert refused.status == 423 and "revealed" in refused.json()["error"]
        assert len(desk.versions(a.id)) == 1 and desk.get(a.id).latest.fingerprint == of_file(OZZY)
        assert len(desk.versions(b.id)) == 1
    finally:
        context.close()


def _put(page, address: str, token: str, listed: str):
    """``PUT`` a new version through the browser's own HTTP client (its cookies, no page script)."""
    return page.request.put(
        address,
        data=json.dumps({"list": listed}),
        headers={"authorization": f"Bearer {token}", "content-type": "application/json"},
    )


def _send(page, url: str, player: str, listed: str) -> tuple[str, str]:
    """A player sends a list from the players' page: the verdict the page shows, and the private link."""
    page.goto(url)
    page.fill("#player", player)
    page.fill("#send-list", listed)
    _click(page, "#send")
    _wait_text(page, "#result", "Your list is in")
    return page.locator("#verdict").inner_text(), page.locator("#private-link").get_attribute("href")


def test_the_organisers_downloads_and_tournament_give_the_verdicts_the_desk_shows(browser, served, js, tmp_path):
    """Players send lists through the page (legal, illegal, broken; one fixed on its private
    link); the organiser downloads the lists and the report from the organiser's page; then
    ``tournament PACK FOLDER`` over the unzipped lists, the report, and ``collect --export``
    on the same database all give each player the verdict the organiser's page shows."""
    from typer.testing import CliRunner

    from armybuilder.cli import app
    from armybuilder.web.desk.common import STATUS_WORDS

    desk, url = served
    words = {shown: status for status, shown in STATUS_WORDS.items()}
    half = "system: fantasy-triumph\nname: Half\nclasses: 3\n"  # taken, but cannot be read as a list
    sent = {
        "Ann Archer": text(GREENWOOD),
        "Wren Warlord": text(WRENS),
        "Zoë <Ünal>": text(OZZY),
        "Half Hal": half,
        "Pat Fixer": text(WRENS),  # then fixed, below: its latest version counts
    }
    context = _context(browser, js, viewport={"width": 1280, "height": 1000})
    try:
        player = _page(context)
        shown: dict[str, str] = {}
        for name, listed in sent.items():
            shown[name], link = _send(player, url, name, listed)
        player.goto(link)  # Pat's private link: the fixed list replaces the illegal one
        player.fill("#replace-list", fixed_wrens())
        _click(player, "#replace")
        _wait_text(player, "#result", "Version 2 of your list is in")
        shown["Pat Fixer"] = player.locator("#verdict").inner_text()
        sent["Pat Fixer"] = fixed_wrens()
        expected = {
            "Ann Archer": "legal",
            "Wren Warlord": "illegal",
            "Zoë <Ünal>": "legal",
            "Half Hal": "broken",
            "Pat Fixer": "legal",
        }
        assert {n: words[v] for n, v in shown.items()} == expected  # what each player was shown

        org = _organiser(context, url)
        assert org.locator("#counts").inner_text() == "5 lists: 3 legal, 2 not legal."
        table = {}
        for i in range(org.locator("#submissions .card").count()):
            card = org.locator("#submissions .card").nth(i)
            table[card.locator(".card-title").inner_text()] = words[card.locator(".status").inner_text()]
        assert table == expected  # the organiser's page: what the players were shown

        with org.expect_download(timeout=STEP_MS) as got:
            org.locator("#dl-lists-zip").click()
        assert got.value.suggested_filename == "club-games-day-lists.zip"
        folder = tmp_path / "unzipped"
        with zipfile.ZipFile(got.value.path()) as archive:
            assert all("/" not in n and not n.startswith(".") for n in archive.namelist())
            archive.extractall(folder)
        with org.expect_download(timeout=STEP_MS) as got:
            org.locator("#dl-report-json").click()
        report = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
        assert not org.dialogs
    finally:
        context.close()

    files = sorted(folder.glob("*.yaml"))  # (and the players' names, armybuilder-players.csv)
    assert sorted(f.name for f in folder.iterdir()) == sorted([*(f.name for f in files), "armybuilder-players.csv"])
    owner = {f.name: next(n for n, t in sent.items() if t == text(f)) for f in files}  # by what each file holds
    assert sorted(owner.values()) == sorted(sent)  # one file a player, each the latest list
    assert {owner[Path(e["file"]).name]: e["status"] for e in report["lists"]} == table

    runner = CliRunner()
    t = runner.invoke(app, ["tournament", str(GAMES_DAY), str(folder), "--format", "json"])
    assert t.exit_code == 1, t.stderr  # a list is not legal
    checked = json.loads(t.stdout)
    assert {owner[Path(e["file"]).name]: e["status"] for e in checked["lists"]} == table
    assert checked["summary"]["lists"] == 5 and checked["summary"]["legal"] == 3

    out = tmp_path / "exported"
    e = runner.invoke(app, ["collect", str(GAMES_DAY), "--db", str(desk.path), "--export", str(out)])
    assert e.exit_code == 0, e.stderr
    rows = [line.split("\t") for line in e.stdout.splitlines()]
    assert {player: status for _, player, status in rows} == table
    assert sorted(Path(path).name for path, _, _ in rows) == [f.name for f in files]
    for path, player, _ in rows:  # the same files the organiser's zip holds
        assert Path(path).parent == out and text(Path(path)) == sent[player] == text(folder / Path(path).name)


def test_without_the_organiser_link_the_organiser_page_is_closed(browser, served):
    desk, url = served
    desk.submit("Cal", text(OZZY))
    context = _context(browser, True)
    try:
        p = _page(context)
        p.goto(url + "organiser")
        assert "this page is the organiser's" in p.locator(".refusal").inner_text().lower()
        assert "Cal" not in p.content()
        p.goto(url + "organiser?key=wrong")
        assert "Cal" not in p.content()
    finally:
        context.close()


# ---------------------------------------------------------------------------
# Every page: accessibility, a phone's width, the words


def _every_page(browser, served) -> list[str]:
    desk, url = served
    a = desk.submit("Ann <i>Early</i>", text(WRENS))
    desk.submit("Ben", text(GREENWOOD))
    desk.set_deadline(None)
    return [
        url,
        f"{url}mine/{a.id}?key={a.edit_token}",
        f"{url}mine/{a.id}?key=wrong",
        f"{url}lists",  # before the reveal: the page that says so
        f"{url}organiser",
        f"{url}organiser/s/{a.id}",
    ]


def _open_organiser(context, url: str) -> None:
    p = _page(context)
    p.goto(f"{url}organiser?key={ORG}")
    p.close()


def _open_details(page) -> None:
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")


def test_no_page_of_the_desk_has_a_serious_accessibility_violation(browser, served):
    from tests.support.chromium import serious

    desk, url = served
    pages = _every_page(browser, served)
    context = _context(browser, True, viewport={"width": 1280, "height": 1000})
    found = {}
    try:
        _open_organiser(context, url)
        page = _page(context)
        for address in [*pages, "REVEAL", f"{url}lists"]:
            if address == "REVEAL":
                desk.reveal(lock_now=True)
                continue
            page.goto(address)
            _open_details(page)
            bad = serious(page)
            if bad:
                found[address] = bad
    finally:
        context.close()
    assert not found


def test_on_a_phone_no_desk_page_scrolls_sideways_or_speaks_command_line(browser, served):
    desk, url = served
    pages = _every_page(browser, served)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    wide, words, small = {}, {}, {}
    try:
        _open_organiser(context, url)
        page = _page(context)
        for address in [*pages, "REVEAL", f"{url}lists"]:
            if address == "REVEAL":
                desk.reveal(lock_now=True)
                continue
            page.goto(address)
            _open_details(page)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide[address] = width
            hits = NO_CLI.findall(page.evaluate("document.body.innerText"))
            if hits:
                words[address] = hits[:5]
            tiny = page.evaluate(
                """() => Array.from(document.querySelectorAll(
                     'button, a.btn, a.button, select, textarea, input:not([type=hidden])'))
                 .filter(e => e.offsetParent !== null)
                 .map(e => (e.type === 'radio' || e.type === 'checkbox') && e.closest('label') ? e.closest('label') : e)
                 .map(e => e.getBoundingClientRect())
                 .filter(r => r.height < 43.5 || r.width < 23.5).length"""
            )
            if tiny:
                small[address] = tiny
    finally:
        context.close()
    assert not wide
    assert not words
    assert not small


def test_a_players_name_like_a_script_shows_as_text(browser, served):
    desk, url = served
    a = desk.submit("<img src=x onerror=alert(1)><script>alert(2)</script>", text(OZZY))
    context = _context(browser, True)
    try:
        _open_organiser(context, url)
        page = _page(context)
        for address in (f"{url}organiser", f"{url}mine/{a.id}?key={a.edit_token}"):
            page.goto(address)
            assert page.locator("text=<script>alert(2)</script>").count() >= 1
        desk.reveal(lock_now=True)
        page.goto(url + "lists")
        assert page.locator("h2", has_text="<img src=x").count() == 1
        assert not page.dialogs
    finally:
        context.close()


def test_the_organisers_day(browser, served, js, tmp_path):
    """Issue 37: the organiser's day in a real browser. The poster and the passcode; three players
    send (one of them late, once the organiser takes late lists); moderation (withdraw, rename, a
    new private link, a paper list); the reveal closes the desk; check-in; then every download."""
    import csv
    import io

    from pypdf import PdfReader

    desk, url = served
    context = _context(browser, js, viewport={"width": 1280, "height": 1000})
    try:
        org = _organiser(context, url)
        org.fill("#passcode", "owlbear")
        _click(org, "#set-passcode")
        _wait_text(org, "#result", "The event's passcode is now owlbear")
        link = org.locator("#players-url").get_attribute("href")
        assert link.endswith("/?code=owlbear") and org.locator("#players-qr svg").count() == 1
        assert "owlbear" in org.locator("#announcement").input_value()
        with org.expect_download(timeout=STEP_MS) as got:
            org.locator("#poster").click()
        poster = PdfReader(got.value.path()).pages[0].extract_text()
        assert "Club Games Day" in poster and "owlbear" in poster

        player = _page(context)
        player.goto(url)  # without the link's passcode: refused, and told why
        player.fill("#player", "Ann Early")
        player.fill("#passcode", "wrong")
        player.fill("#send-list", text(OZZY))
        _click(player, "#send")
        _wait_text(player, "#result", "passcode")
        assert not desk.submissions()
        sent = {}
        for name, listed in (("Ann Early", text(OZZY)), ("Ben Typo", text(WRENS)), ("Cal Squat", text(OZZY))):
            player.goto(link)
            player.fill("#player", name)
            player.fill("#send-list", listed)
            _click(player, "#send")
            _wait_text(player, "#result", "Your list is in")
            sent[name] = player.locator("#private-link").get_attribute("href")
        desk.set_deadline(desk.clock() - __import__("datetime").timedelta(minutes=1))
        org.reload()
        _click(org, "#late")
        _wait_text(org, "#result", "each marked late")
        player.goto(link)
        player.fill("#player", "Dee Late")
        player.fill("#send-list", fixed_wrens())
        _click(player, "#send")
        _wait_text(player, "#result", "Your list is in")
        assert "(late)" in player.locator("#taken").inner_text()

        ids = {s.player: s.id for s in desk.submissions()}
        org.goto(f"{url}organiser/s/{ids['Cal Squat']}")
        _click(org, "#withdraw")
        _wait_text(org, "#result", "Cal Squat's list is withdrawn")
        org.goto(f"{url}organiser/s/{ids['Ben Typo']}")
        org.fill("#rename-name", "Ben Tipo")
        _click(org, "#rename")
        _wait_text(org, "#result", "Ben Typo is now Ben Tipo")
        _click(org, "#new-link")
        _wait_text(org, "#result", "The new private link for Ben Tipo")
        new_link = re.search(r"http://\S+/mine/\S+", org.locator("#result").inner_text()).group(0)
        player.goto(sent["Ben Typo"])
        assert "no such list" in player.content().lower()  # the old link opens nothing
        player.goto(new_link)
        assert "Ben Tipo's list" in player.locator("h1").inner_text()
        org.goto(f"{url}organiser")
        org.fill("#paper-player", "Eve Paper")
        org.fill("#paper-list", text(OZZY))
        _click(org, "#paper")
        _wait_text(org, "#result", "The list is entered: version 1")

        org.check("#confirm")
        _click(org, "#reveal")
        _wait_text(org, "#result", "The desk is closed")
        player.goto(sent["Ann Early"])
        assert "The lists are revealed" in player.locator("#closed").inner_text()
        for name in ("Ann Early", "Eve Paper"):
            _click(org, f"#check-{ids.get(name) or desk.submissions()[-1].id}")
            _wait_text(org, "#result", f"{name} is checked in")

        files = {}
        for dl in ("roster-csv", "challonge-txt", "lists-zip", "packet-pdf", "log-csv", "lists-text-csv"):
            with org.expect_download(timeout=3 * STEP_MS) as got:
                org.locator(f"#dl-{dl}").click()
            files[dl] = Path(got.value.path()).read_bytes()
        with org.expect_download(timeout=STEP_MS) as got:
            org.locator("#dl-lists-zip-present").click()
        with zipfile.ZipFile(got.value.path()) as z:
            assert sorted(z.namelist()) == [
                "ann-early.yaml",
                "armybuilder-players.csv",
                "eve-paper.yaml",
            ]  # who checked in
        rows = list(csv.reader(io.StringIO(files["roster-csv"].decode("utf-8-sig"))))
        table = {r[1]: r for r in rows[1:]}
        assert set(table) == {"Ann Early", "Ben Tipo", "Dee Late", "Eve Paper"}  # Cal withdrawn
        assert table["Dee Late"][11] == "yes" and table["Ann Early"][12] == "yes" and table["Ben Tipo"][12] == "no"
        assert files["challonge-txt"].decode().splitlines() == ["Ann Early", "Ben Tipo", "Dee Late", "Eve Paper"]
        with zipfile.ZipFile(io.BytesIO(files["lists-zip"])) as z:
            assert sorted(z.namelist()) == [
                "ann-early.yaml",
                "armybuilder-players.csv",
                "ben-tipo.yaml",
                "dee-late.yaml",
                "eve-paper.yaml",
            ]
        packet = "".join(p.extract_text() for p in PdfReader(io.BytesIO(files["packet-pdf"])).pages)
        assert "Ben Tipo" in packet and "Cal Squat" not in packet
        log = files["log-csv"].decode("utf-8-sig")
        for action in ("passcode", "late-ok", "withdraw", "rename", "new-link", "paper", "reveal", "check-in"):
            assert f",{action}" in log
        assert not org.dialogs and not player.dialogs
    finally:
        context.close()


def test_a_lost_answer_sent_again_gets_the_same_private_link(served, page):
    """Issue 45, 1: the list is taken, but its answer is lost on the way (the connection drops);
    the player sends the same form again and gets the private link the desk made for it, with
    JavaScript (the form's hidden key goes with htmx's request) and without (the browser sends the
    post again)."""
    desk, url = served
    lost: list = []

    def drop_the_first_answer(route):
        if not lost:
            lost.append(route.fetch(max_redirects=0))  # the desk takes the list...
            route.abort("connectionreset")  # ...and its answer never arrives
        else:
            route.continue_()

    page.route("**/submit", drop_the_first_answer)
    page.goto(url)
    page.fill("#player", "Lou Lost")
    page.fill("#send-list", text(OZZY))
    page.locator("#send").click()
    for _ in range(100):  # at most 10 s for the desk to take it
        if lost:
            break
        page.wait_for_timeout(100)
    if _scripted(page):
        _click(page, "#send")  # the same page, the same form (its hidden key): sent again
    else:
        for _ in range(100):  # the answer is aborted just after it is kept: at most 10 s for the error page
            if page.url.startswith("chrome-error:"):
                break
            page.wait_for_timeout(100)
        page.wait_for_load_state("load")
        assert page.url.startswith("chrome-error:")  # the browser's own page: "the connection was reset"
        page.reload()  # its reload sends the post again
    _wait_text(page, "#verdict", "Legal")
    (sub,) = desk.submissions()
    assert lost and lost[0].status == 303 and f"/mine/{sub.id}?" in lost[0].headers["location"]
    link = page.locator("#private-link").get_attribute("href")
    assert link.split("?key=")[1] == lost[0].headers["location"].split("?key=")[1].split("&")[0]
    assert len(desk.versions(sub.id)) == 1
