"""Issue 45, hardening's fourth round: the desk's smaller items (9 and the desk's bullets of 11).

Each test carries the reproducer of the issue's item (its number in the test's name). A request
is made as a browser on the desk's own page makes it (Host and Origin of ``http://127.0.0.1:8000``,
the process's token in the form). Every wait is bounded; no test asserts a duration.
"""

from __future__ import annotations

import threading

import pytest
from starlette.testclient import TestClient

from armybuilder.desk import Desk
from armybuilder.web.desk import make_desk_app
from tests.support.desk import text
from tests.support.examples import OZZY, WRENS
from tests.support.web import BASE, ORG, SAME
from tests.support.web import DESK_TOKEN as TOKEN

WAIT = 10.0  # seconds, at most, a thread or a held build waits


def desk_client(desk: Desk, address: str = "testclient") -> TestClient:
    return TestClient(make_desk_app(desk, token=TOKEN, organiser=ORG), base_url=BASE, client=(address, 50000))


@pytest.fixture
def organiser(desk):
    with desk_client(desk) as c:
        r = c.get(f"/organiser?key={ORG}", follow_redirects=False)
        assert r.status_code == 303
        yield c


def act(client, files=None, **data):
    return client.post(
        "/organiser/act", data={"csrf": TOKEN, **data}, files=files, headers=SAME, follow_redirects=False
    )


def said(client, answer) -> str:
    """The page an organiser's action leads back to (its message)."""
    assert answer.status_code == 303
    return client.get(answer.headers["location"]).text


# ---------------------------------------------------------------------------
# Item 9: the revealed page, made once a change of the desk


def test_9_readers_at_once_after_the_reveal_get_one_page_made_once(organiser, desk, monkeypatch):
    """12 readers at once each made the page of every list (300 lists: 1.3 to 1.9 s each, against
    0.7 s for one). Now the first reader makes it and the others wait for the same bytes, with
    its ETag; a new list or a moderation makes it again."""
    from armybuilder.web.desk import players as web_desk

    for n in range(3):
        organiser.post("/api/submissions", json={"player": f"Reader {n}", "list": text(OZZY)})
    desk.reveal(lock_now=True)
    made: list[int] = []
    second = threading.Event()  # a second build began: each reader made the page
    real = web_desk._lists_model

    def counted(d):
        made.append(1)
        if len(made) >= 2:
            second.set()
        else:
            second.wait(2.0)  # hold the first build a moment: the other readers ask meanwhile
        return real(d)

    monkeypatch.setattr(web_desk, "_lists_model", counted)
    answers: list = []

    def read() -> None:
        answers.append(organiser.get("/lists"))

    readers = [threading.Thread(target=read) for _ in range(6)]
    for t in readers:
        t.start()
    for t in readers:
        t.join(WAIT)
    assert len(answers) == 6 and {a.status_code for a in answers} == {200}
    assert len(made) == 1
    bodies = {a.content for a in answers}
    etags = {a.headers["etag"] for a in answers}
    assert len(bodies) == 1 and len(etags) == 1 and "Reader 2" in answers[0].text
    etag = etags.pop()
    again = organiser.get("/lists", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert organiser.get("/lists").content == answers[0].content and len(made) == 1
    # A moderation and a new list each make the page again, with a new ETag.
    sid = next(s.id for s in desk.submissions() if s.player == "Reader 1")
    act(organiser, do="withdraw", id=sid)
    page = organiser.get("/lists", headers={"if-none-match": etag})
    assert page.status_code == 200 and "Reader 1" not in page.text and page.headers["etag"] != etag
    assert len(made) == 2
    act(organiser, do="paper", player="Paper Pat", list=text(WRENS))
    assert "Paper Pat" in organiser.get("/lists").text and len(made) == 3


# ---------------------------------------------------------------------------
# Item 11: the desk's smaller ones


def test_11_the_packet_of_the_checked_in_with_nobody_checked_in_says_so(organiser, desk):
    """Two lists in, nobody checked in: the packet of those checked in answered 422 "No list has
    been sent yet". It now says the true reason; the packet of every list is made as before."""
    for player, path in (("Chris In", OZZY), ("Pat Later", WRENS)):
        organiser.post("/api/submissions", json={"player": player, "list": text(path)})
    r = organiser.get("/organiser/download/packet.pdf?present=1")
    assert r.status_code == 422 and "no list has been sent" not in r.text.lower()
    assert "Nobody has checked in yet (2 lists in)" in r.text and "check the players in" in r.text
    assert organiser.get("/organiser/download/packet.pdf").content.startswith(b"%PDF")
    act(organiser, do="check-in", id=desk.submissions()[0].id)
    assert organiser.get("/organiser/download/packet.pdf?present=1").content.startswith(b"%PDF")


def register(client, data: bytes):
    return act(client, files={"file": ("players.csv", data, "text/csv")}, do="register")


def test_11_a_players_file_separated_by_semicolons_registers_its_players(organiser, desk):
    """A European spreadsheet's CSV (``;``) was taken as whole lines, its header too: "3
    registered players", then Carol refused with 403. Its separator is now read (``,``, ``;`` or
    a tab); a file that could be read either way is refused with the reason."""
    european = "Name;E-mail\r\nAlice Archer;alice@example.org\r\nBob Bell;\r\nCarol Crane;carol@example.org\r\n"
    page = said(organiser, register(organiser, b"\xef\xbb\xbf" + european.encode("utf-8")))
    assert "3 registered players" in page
    assert sorted(n for n, _ in desk.who_may()[1].values()) == ["Alice Archer", "Bob Bell", "Carol Crane"]
    r = organiser.post("/api/submissions", json={"player": "Carol Crane", "list": text(OZZY)})
    assert r.status_code == 201
    assert organiser.get("/organiser/download/challonge.txt").text == "Carol Crane, carol@example.org\n"
    assert organiser.post("/api/submissions", json={"player": "Name", "list": text(WRENS)}).status_code == 403
    tabbed = said(organiser, register(organiser, b"name\te-mail\nDee Dunn\tdee@example.org\nEd Eyre\n"))
    assert "2 registered players" in tabbed and "Dee Dunn" in [n for n, _ in desk.who_may()[1].values()]
    commas = said(organiser, register(organiser, b"Smith, John,john@example.org\nFay Fox\n"))
    assert "2 registered players" in commas and ("Smith", "John") in desk.who_may()[1].values()
    for bad, words in (
        (b"Smith, John;john@example.org\nDoe, Jane;jane@example.org\n", "two separators"),
        (b"name,e-mail\nGil Gray;gil@example.org\n", "holds a &#39;;&#39;"),
        (b"name\nHal\x00Hart\n", "not text"),
    ):
        page = said(organiser, register(organiser, bad))
        assert words in page and "Traceback" not in page, bad
        assert "Dee Dunn" not in page and ("Smith", "John") in desk.who_may()[1].values()  # nothing changed


def test_11_every_per_client_limit_counts_an_ipv6_client_by_its_64(desk):
    """The connection guard counted an IPv6 client by its /64, but the new lists (and so the
    passcodes tried) were counted by each full address: a host that picks a new address of its
    /64 for each request was never limited. Every per-client limit now uses one key."""
    from armybuilder.web.guard import client_key

    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff:abcd:1:2") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.7") == client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("[2001:db8:1:2::9]") == "2001:db8:1:2::/64" and client_key(None) == ""
    assert client_key("not an address") == "not an address"
    desk.set_passcode("owl")
    app = make_desk_app(desk, token=TOKEN, organiser=ORG, per_minute=2)
    statuses = []
    for host in ("2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3", "2001:db8:1:3::1"):
        with TestClient(app, base_url=BASE, client=(host, 50000)) as c:  # a guess of the passcode each
            statuses.append(c.post("/api/submissions", json={"player": "Guess", "list": text(OZZY), "passcode": "cat"}))
    assert [r.status_code for r in statuses] == [403, 403, 429, 403]
    assert "too many new lists" in statuses[2].json()["error"] and statuses[2].headers["retry-after"]


def test_11_the_organisers_page_says_registration_is_by_name_only(organiser):
    """Registration is by name only: anyone with the passcode can claim a registered name first.
    The organiser's page says so in plain words, beside the registered players."""
    import re

    page = organiser.get("/organiser").text
    note = re.search(r'<p class="note" id="by-name">(.*?)</p>', page, re.S)
    assert note is not None and page.index('id="register-form"') < note.start() < page.index('id="desk-h"')
    words = note.group(1)
    assert "by their names only" in words and "before that player does" in words and "passcode" in words


def test_14_a_name_the_packet_cannot_print_is_said_beside_the_player(organiser, desk):
    """Issue 46, item 14: an all-emoji name (🐉🐉🐉, no glyph in the bundled DejaVu Sans) is taken,
    but the packet prints it as boxes and the desk's download warned nobody (only ``tournament
    --packet`` did). The organiser's page now says it beside that player, and only that one."""
    for player, path in (("🐉🐉🐉", OZZY), ("Pat Later", WRENS)):
        assert organiser.post("/api/submissions", json={"player": player, "list": text(path)}).status_code < 300
    page = organiser.get("/organiser").text
    assert page.count("The packet cannot print this name") == 1
    dragon = page.index("🐉🐉🐉</a>")
    assert dragon < page.index("The packet cannot print this name") < page.index("Pat Later</a>") or (
        page.index("Pat Later</a>") < dragon < page.index("The packet cannot print this name")
    )
    packet = organiser.get("/organiser/download/packet.pdf").content
    assert packet.startswith(b"%PDF")
    import io

    import pypdf

    words = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(packet)).pages)
    assert "\x00" not in words  # no NUL in the packet's text
