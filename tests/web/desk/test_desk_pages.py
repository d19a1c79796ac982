"""``armybuilder collect``'s pages and JSON API (:mod:`armybuilder.web.desk`) through Starlette's
TestClient, then the real server: its start-up lines, and a kill -9 in the middle of submissions.

Each page request is made as a browser on the desk's own page would make it: Host and Origin of
``http://127.0.0.1:8000``, the process's token in the form. Each refusal checks that nothing was
stored. The server runs for real on 127.0.0.1 (a free port); every wait and loop is bounded.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import queue
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.desk import MAX_LIST_BYTES, Desk
from armybuilder.events import load
from armybuilder.fingerprint import of_file
from armybuilder.web.desk import make_desk_app
from armybuilder.web.desk.api import MAX_API_BODY
from tests.support.desk import stored, text
from tests.support.examples import CASTLE, GAMES_DAY, GREENWOOD, OZZY, ROOT, WRENS
from tests.support.web import BASE, ORG, SAME
from tests.support.web import DESK_TOKEN as TOKEN

NO_CLI = re.compile(r"(?<![\w-])--[a-z]|\bFILE\b|\barmybuilder (?:collect|serve|tournament|validate|export)\b")
WAIT = 20.0  # seconds, at most, for a server to start, answer or stop


def fixed_wrens() -> str:
    """Wren's Host, legal at the games day: 4 Goblins (its limit), 6 Wyverns."""
    return text(WRENS).replace("Wyverns: 5", "Wyverns: 6").replace("Goblins: 5", "Goblins: 4")


@pytest.fixture
def organiser(client):
    r = client.get(f"/organiser?key={ORG}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/organiser"
    assert "httponly" in r.headers["set-cookie"].lower() and "samesite=strict" in r.headers["set-cookie"].lower()
    return client


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def post(client, path: str, data: dict, files=None, **headers):
    return client.post(
        path, data={"csrf": TOKEN, **data}, files=files, headers={**SAME, **headers}, follow_redirects=False
    )


# ---------------------------------------------------------------------------
# The JSON API


def test_post_a_list_201_then_read_it_with_its_token(client, desk):
    r = client.post("/api/submissions", json={"player": "Alice Archer", "list": text(GREENWOOD)})
    assert r.status_code == 201
    body = r.json()
    assert set(body) == {"id", "fingerprint", "status", "findings", "edit_token"}
    assert (
        body["fingerprint"] == of_file(GREENWOOD) and body["status"] == "legal" and isinstance(body["findings"], list)
    )
    got = client.get(f"/api/submissions/{body['id']}", headers=bearer(body["edit_token"]))
    assert got.status_code == 200
    mine = got.json()
    assert mine["list"] == text(GREENWOOD) and mine["status"] == "legal" and mine["versions"] == 1
    assert mine["player"] == "Alice Archer" and mine["fingerprint"] == body["fingerprint"]
    by_organiser = client.get(f"/api/submissions/{body['id']}", headers=bearer(ORG))
    assert by_organiser.status_code == 200 and by_organiser.json()["list"] == text(GREENWOOD)


def test_put_a_new_version_200(client):
    first = client.post("/api/submissions", json={"player": "Bob", "list": text(WRENS)}).json()
    assert first["status"] == "illegal"
    fixed = fixed_wrens()
    r = client.put(
        f"/api/submissions/{first['id']}", json={"player": "Bob", "list": fixed}, headers=bearer(first["edit_token"])
    )
    assert r.status_code == 200
    assert set(r.json()) == {"id", "fingerprint", "status", "findings", "version"}
    assert r.json()["version"] == 2 and r.json()["status"] == "legal"
    assert client.get(f"/api/submissions/{first['id']}", headers=bearer(first["edit_token"])).json()["list"] == fixed
    r = client.put(f"/api/submissions/{first['id']}", json={"list": text(OZZY)}, headers=bearer(first["edit_token"]))
    assert r.status_code == 200 and r.json()["version"] == 3  # the player may be left out


def test_another_token_or_none_reads_nothing(client, desk):
    a = client.post("/api/submissions", json={"player": "Ann", "list": text(OZZY)}).json()
    b = client.post("/api/submissions", json={"player": "Ben", "list": text(OZZY)}).json()
    for headers in (
        {},
        bearer(b["edit_token"]),
        bearer("nonsense"),
        {"authorization": a["edit_token"]},
        bearer("x" * 1000),
    ):
        assert client.get(f"/api/submissions/{a['id']}", headers=headers).status_code == 404
        r = client.put(f"/api/submissions/{a['id']}", json={"list": text(WRENS)}, headers=headers)
        assert r.status_code == 404
    assert client.get("/api/submissions/nope", headers=bearer(ORG)).status_code == 404
    assert stored(desk) == 2


def test_the_organiser_lists_every_submission(client):
    a = client.post("/api/submissions", json={"player": "Ann", "list": text(OZZY)}).json()
    client.post("/api/submissions", json={"player": "Ben", "list": text(WRENS)})
    client.put(f"/api/submissions/{a['id']}", json={"list": text(CASTLE)}, headers=bearer(a["edit_token"]))
    for headers in ({}, bearer(a["edit_token"]), bearer(ORG + "x")):
        assert client.get("/api/submissions", headers=headers).status_code == 403
    r = client.get("/api/submissions", headers=bearer(ORG))
    assert r.status_code == 200
    subs = r.json()["submissions"]
    assert [s["player"] for s in subs] == ["Ann", "Ben"]
    keys = {"id", "player", "system", "fingerprint", "status", "submitted_at", "versions", "late", "checked_in"}
    assert all(set(s) == keys for s in subs)
    assert (subs[0]["system"], subs[0]["versions"], subs[0]["fingerprint"]) == ("homm3-battlefield", 2, of_file(CASTLE))
    assert subs[1]["status"] == "illegal"


def test_the_lists_are_hidden_until_the_reveal(client):
    client.post("/api/submissions", json={"player": "Cat", "list": text(OZZY)})
    r = client.get("/api/lists")
    assert r.status_code == 403 and "Cat" not in r.text and "Ozzy" not in r.text
    assert client.post("/api/reveal").status_code == 403
    assert client.post("/api/reveal", headers=bearer("wrong")).status_code == 403
    assert client.post("/api/reveal", headers={**bearer(ORG), "origin": "http://evil.example"}).status_code == 403
    assert client.get("/api/lists").status_code == 403
    r = client.post("/api/reveal", headers=bearer(ORG))  # before the deadline: only with "lock now"
    assert r.status_code == 409 and "reveal and lock now" in r.json()["error"]
    assert client.get("/api/lists").status_code == 403
    r = client.post("/api/reveal?lock_now=1", headers=bearer(ORG))
    assert r.status_code == 200 and r.json()["revealed"] is True
    lists = client.get("/api/lists")
    assert lists.status_code == 200
    (one,) = lists.json()["lists"]
    assert one["player"] == "Cat" and one["list"] == text(OZZY) and one["status"] == "legal"


@pytest.mark.parametrize(
    "body, kind, status, says",
    [
        (b"not json", "application/json", 422, "not JSON"),
        (b"[1, 2]", "application/json", 422, "not a JSON object"),
        (b'{"list": "x"}', "application/json", 422, "no player"),
        (b'{"player": "Dan"}', "application/json", 422, "give the list"),
        (b'{"player": "Dan", "list": 42}', "application/json", 422, "give the list"),
        (b'{"player": ["Dan"], "list": "x"}', "application/json", 422, "player's name"),
        (b'{"player": "Dan", "list": "x", "lst": 1}', "application/json", 422, "unknown field 'lst'"),
        (b'{"player": "Dan\\u0000", "list": "x"}', "application/json", 422, "control characters"),
        (b'{"player": "Dan", "player": "Eve", "list": "x"}', "application/json", 422, "'player' twice"),
        (
            b'{"player": "Dan", "list": "system: token-terrors\\nname: x\\n  a\\u0000"}',
            "application/json",
            422,
            "line 3, column 4",
        ),
        (b'{"player": "Dan", "list": "\\ud800"}', "application/json", 422, "broken character"),
        (b'{"player": "Dan", "list": "system: chess"}', "application/json", 422, "does not know"),
        (b"\xff\xfe", "application/json", 422, "not JSON"),
        (b"[" * 100_000, "application/json", 422, "not JSON"),
        (b'{"player": "Dan", "list": "system: token-terrors"}', "text/plain", 415, "as JSON"),
        (
            b'{"player": "Dan", "list": "%s"}' % (b"x" * (MAX_LIST_BYTES + 10)),
            "application/json",
            413,
            "at most 256 KiB",
        ),
        (b" " * (MAX_API_BODY + 1), "application/json", 413, "at most"),
    ],
)
def test_garbage_is_refused_with_nothing_stored(client, desk, body, kind, status, says):
    r = client.post("/api/submissions", content=body, headers={"content-type": kind})
    assert r.status_code == status, r.text
    assert says in r.json()["error"]
    assert stored(desk) == 0


def test_a_body_over_the_server_limit_is_413(client, desk):
    r = client.post("/api/submissions", content=b"x" * (3 * 1024 * 1024), headers={"content-type": "application/json"})
    assert r.status_code == 413 and stored(desk) == 0


def test_a_browser_of_another_site_cannot_submit(client, desk):
    r = client.post(
        "/api/submissions",
        json={"player": "Eve", "list": text(OZZY)},
        headers={"origin": "http://evil.example"},
    )
    assert r.status_code == 403 and stored(desk) == 0


def test_after_the_deadline_or_while_locked_423(client, desk):
    import datetime as dt

    a = client.post("/api/submissions", json={"player": "Fay", "list": text(OZZY)}).json()
    desk.set_deadline(dt.datetime.now(dt.timezone.utc) - dt.timedelta(seconds=1))
    r = client.post("/api/submissions", json={"player": "Gil", "list": text(OZZY)})
    assert r.status_code == 423 and "deadline has passed" in r.json()["error"]
    r = client.put(f"/api/submissions/{a['id']}", json={"list": text(WRENS)}, headers=bearer(a["edit_token"]))
    assert r.status_code == 423
    desk.set_deadline(None)
    desk.lock_event(True)
    assert client.post("/api/submissions", json={"player": "Gil", "list": text(OZZY)}).status_code == 423
    desk.lock_event(False)
    desk.lock_player(a["id"], True)
    r = client.put(f"/api/submissions/{a['id']}", json={"list": text(WRENS)}, headers=bearer(a["edit_token"]))
    assert r.status_code == 423
    assert client.post("/api/submissions", json={"player": "Gil", "list": text(OZZY)}).status_code == 201
    assert stored(desk) == 2


def test_a_host_not_on_the_allow_list_gets_nothing(desk):
    with TestClient(
        make_desk_app(desk, token=TOKEN, organiser=ORG), base_url="http://rebind.attacker.example:8000"
    ) as c:
        assert c.get("/").status_code == 421
        assert c.post("/api/submissions", json={"player": "Hal", "list": text(OZZY)}).status_code == 421
        assert c.get("/list/anything.yaml").status_code == 421  # the builder's part too
        # Issue 46, item 15: the answer names the desk's command, not the builder's (serve).
        for page in (c.get("/"), c.get("/list/anything.yaml")):
            assert "(armybuilder collect PACK --allow-host NAME)" in page.text, page.text
            assert "armybuilder serve" not in page.text
    assert stored(desk) == 0


# ---------------------------------------------------------------------------
# The players' pages


def test_the_players_page_in_a_players_words(client):
    r = client.get("/")
    assert r.status_code == 200
    page = r.text
    assert "Send your list to Club Games Day" in page and 'action="/submit"' in page
    assert "Fantasy Triumph: 51 points; banned: Mindblast" in page
    assert 'name="file"' in page and 'name="list"' in page and 'action="/build"' in page
    assert not NO_CLI.search(re.sub(r"<[^>]+>", " ", page))
    assert "script-src 'self'" in r.headers["content-security-policy"]


def test_a_player_sends_a_file_gets_a_receipt_and_replaces_it(client, desk):
    r = post(
        client, "/submit", {"player": "Ida"}, files={"file": ("wrens.yaml", WRENS.read_bytes(), "application/x-yaml")}
    )
    assert r.status_code == 303
    receipt = r.headers["location"]
    m = re.fullmatch(r"/mine/([\w-]+)\?key=([\w-]+)&done=[\w-]+", receipt)
    assert m, receipt
    sid, key = m.groups()
    page = client.get(receipt).text
    assert "Your list is in" in page and "Not legal" in page
    assert of_file(WRENS) in page and f"/mine/{sid}?key={key}" in page
    assert "at most 4 faction" in page  # the finding, in the page's words
    assert client.get(f"/mine/{sid}").status_code == 404
    assert client.get(f"/mine/{sid}?key=wrong").status_code == 404
    fixed = fixed_wrens()
    r = post(client, f"/mine/{sid}", {"key": key, "list": fixed})
    assert r.status_code == 303
    page = client.get(r.headers["location"]).text
    assert "Version 2 of your list is in" in page and "Legal" in page and "Version 1:" in page
    r = post(client, f"/mine/{sid}", {"key": "wrong", "list": text(OZZY)})
    assert r.status_code == 404 and stored(desk) == 2
    assert [v.how for v in desk.versions(sid)] == ["file", "paste"]


def test_a_share_code_pasted_is_taken(client, desk):
    from armybuilder.sharecode import encode
    from armybuilder.yamlio import load_file

    r = post(client, "/submit", {"player": "Jay", "list": "\n  " + encode(load_file(OZZY).data) + "\n"})
    assert r.status_code == 303
    (sub,) = desk.submissions()
    assert sub.latest.fingerprint == of_file(OZZY) and sub.latest.how == "code"


def test_a_games_share_code_is_no_list_for_the_desk(client, desk):
    """A player who pastes the share code of a game just played (its result: "armybuilder": "game",
    the lists as it began and its taps) is told so, in the form and the API, and nothing is stored;
    the desk said "the list does not say its game (its system: key)"."""
    from armybuilder.sharecode import encode
    from armybuilder.yamlio import load_file

    result = {"armybuilder": "game", "form": 1, "sides": [{"name": "Ozzy", "list": load_file(OZZY).data}], "events": []}
    code = encode(result)
    r = post(client, "/submit", {"player": "Jay", "list": code})
    assert r.status_code == 422 and "That share code holds a game&#39;s result, not a list" in r.text, r.text[-600:]
    r = client.post("/api/submissions", json={"player": "Jay", "list": code})
    assert r.status_code == 422 and r.json()["error"].startswith("that share code holds a game's result, not a list")
    assert stored(desk) == 0


def test_a_refused_form_keeps_what_was_typed_and_stores_nothing(client, desk):
    typed = "system: token-terrors\nname: Typo\ntokens:\n  Goblins: [\n"
    r = post(client, "/submit", {"player": "Kim <b>", "list": typed})
    assert r.status_code == 422
    assert "This is not a list: line" in r.text
    assert "system: token-terrors\nname: Typo\ntokens:\n  Goblins: [" in r.text  # its lines kept
    assert 'value="Kim &lt;b&gt;"' in r.text
    assert stored(desk) == 0
    for data in ({"player": "", "list": text(OZZY)}, {"player": "Kim", "list": ""}):
        assert post(client, "/submit", data).status_code == 422
    both = post(client, "/submit", {"player": "Kim", "list": text(OZZY)}, files={"file": ("a.yaml", OZZY.read_bytes())})
    assert both.status_code == 422 and "not both" in both.text
    assert stored(desk) == 0


def test_a_form_from_elsewhere_is_refused(client, desk):
    r = client.post(
        "/submit", data={"csrf": TOKEN, "player": "Lee", "list": text(OZZY)}, headers={"origin": "http://evil.example"}
    )
    assert r.status_code == 403
    r = client.post("/submit", data={"csrf": "stale", "player": "Lee", "list": text(OZZY)}, headers=SAME)
    assert r.status_code == 403
    r = client.post("/submit", data={"player": "Lee", "list": text(OZZY)}, headers=SAME)
    assert r.status_code == 403
    assert stored(desk) == 0


def test_a_closed_desk_says_why_and_takes_nothing(client, desk):
    desk.lock_event(True)
    page = client.get("/").text
    assert "The organiser has locked the event" in page and 'action="/submit"' not in page
    r = post(client, "/submit", {"player": "Max", "list": text(OZZY)})
    assert r.status_code == 423 and stored(desk) == 0


def test_privacy_before_the_reveal(client, desk):
    a = client.post("/api/submissions", json={"player": "Secret Sue", "list": text(GREENWOOD)}).json()
    b = client.post("/api/submissions", json={"player": "Other Otto", "list": text(OZZY)}).json()
    for page in (client.get("/"), client.get("/lists"), client.get(f"/mine/{a['id']}?key={b['edit_token']}")):
        assert "Secret Sue" not in page.text and "Greenwood" not in page.text
    assert client.get("/lists").status_code == 403
    assert client.get("/organiser").status_code == 403
    assert client.get(f"/organiser/s/{a['id']}").status_code == 403
    assert client.get("/organiser/download/lists.zip").status_code == 403
    mine = client.get(f"/mine/{b['id']}?key={b['edit_token']}").text
    assert "Other Otto" in mine and "Secret Sue" not in mine
    desk.reveal(lock_now=True)
    shown = client.get("/lists")
    assert shown.status_code == 200 and "Secret Sue" in shown.text and "The Greenwood Host" in shown.text
    assert 'href="/lists"' in client.get("/").text


# ---------------------------------------------------------------------------
# The organiser's pages


def test_the_organiser_link_sets_a_cookie_and_shows_every_submission(organiser, desk):
    organiser.post("/api/submissions", json={"player": "Ned <script>x</script>", "list": text(WRENS)})
    page = organiser.get("/organiser").text
    assert "Ned &lt;script&gt;x&lt;/script&gt;" in page and "<script>x" not in page
    assert "1 list: 0 legal, 1 not legal." in page
    assert "Token Terrors" in page and "1 version" in page
    assert not NO_CLI.search(re.sub(r"<[^>]+>", " ", page))
    sid = desk.submissions()[0].id
    one = organiser.get(f"/organiser/s/{sid}").text
    assert "Goblins: 5" in one and "Every version" in one


def test_a_wrong_organiser_token_gets_nothing(client):
    r = client.get("/organiser?key=wrong", follow_redirects=False)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    client.cookies.set("armybuilder_organiser_8000", "wrong")
    assert client.get("/organiser").status_code == 403
    r = client.get("/organiser", headers={"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate"})
    assert r.status_code == 403 and 'http-equiv="refresh"' in r.text


def act(client, **data):
    return post(client, "/organiser/act", data)


def test_the_organiser_locks_moves_the_deadline_and_reveals(organiser, desk):
    a = organiser.post("/api/submissions", json={"player": "Oli", "list": text(OZZY)}).json()
    assert act(organiser, do="lock").status_code == 303 and desk.state().locked
    assert "The event is locked" in organiser.get("/organiser").text
    act(organiser, do="unlock")
    assert not desk.state().locked
    act(organiser, do="lock-player", id=a["id"])
    assert desk.get(a["id"]).locked
    page = organiser.get(f"/mine/{a['id']}?key={a['edit_token']}").text
    assert "The organiser has locked your list" in page
    act(organiser, do="unlock-player", id=a["id"], back=a["id"])
    assert not desk.get(a["id"]).locked
    r = act(organiser, do="deadline", deadline="2030-01-02T09:30")
    assert r.status_code == 303
    assert desk.state().deadline.astimezone().strftime("%Y-%m-%d %H:%M") == "2030-01-02 09:30"
    bad = act(organiser, do="deadline", deadline="soon")
    assert "not a date and time" in organiser.get(bad.headers["location"]).text
    act(organiser, do="no-deadline")
    assert desk.state().deadline is None
    r = act(organiser, do="reveal")
    assert "tick the box first" in organiser.get(r.headers["location"]).text.lower() and not desk.state().revealed
    page = organiser.get("/organiser").text
    assert 'value="lock-now"' in page and "Reveal and lock now" in page  # the desk is open: say so
    r = act(organiser, do="reveal", confirm="yes")  # the box of a closed desk does not reveal an open one
    assert "reveal and lock now" in organiser.get(r.headers["location"]).text and not desk.state().revealed
    act(organiser, do="reveal", confirm="lock-now")
    assert desk.state().revealed
    history = organiser.get("/organiser").text
    assert "Oli&#39;s list locked" in history and "The lists revealed and the desk closed" in history


def test_a_reveal_closes_the_desk_and_every_page_says_so(organiser, desk):
    """Issue 37, 1: after the reveal a PUT, a POST, a form and a new draft are 423 (players read
    every list: none may be tailored to the others), and no page says the desk is open."""
    a = organiser.post("/api/submissions", json={"player": "Pat", "list": text(OZZY)}).json()
    act(organiser, do="lock")
    act(organiser, do="reveal", confirm="yes")  # locked: closed already, the plain box reveals
    act(organiser, do="unlock")  # an unlock does not open a revealed desk
    assert desk.state().revealed and not desk.state().locked
    r = organiser.put(f"/api/submissions/{a['id']}", json={"list": fixed_wrens()}, headers=bearer(a["edit_token"]))
    assert r.status_code == 423 and "revealed" in r.json()["error"]
    r = organiser.post("/api/submissions", json={"player": "Quin", "list": text(OZZY)})
    assert r.status_code == 423
    assert post(organiser, "/submit", {"player": "Quin", "list": text(OZZY)}).status_code == 423
    assert post(organiser, f"/mine/{a['id']}", {"key": a["edit_token"], "list": text(WRENS)}).status_code == 423
    assert stored(desk) == 1
    players = organiser.get("/").text
    assert "Until then you can replace" not in players and "No other player sees it" not in players
    assert "the desk is closed" in players and 'action="/submit"' not in players
    mine = organiser.get(f"/mine/{a['id']}?key={a['edit_token']}").text
    assert "see and replace" not in mine and 'id="replace-form"' not in mine
    page = organiser.get("/organiser").text
    assert "The desk is open" not in page and "the desk is closed" in page


def test_no_draft_is_started_after_the_deadline_the_lock_or_the_reveal(client, desk):
    """Issue 37, 7: "Start a list in the builder" is a write: 423 once the desk is closed."""
    folder = desk.path.with_name(desk.path.name + "-drafts")
    desk.lock_event(True)
    r = post(client, "/build", {"system": "token-terrors", "name": "Late"})
    assert r.status_code == 423 and not list(folder.glob("list-*.yaml"))
    desk.lock_event(False)
    desk.set_deadline(dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc))
    assert post(client, "/build", {"system": "token-terrors"}).status_code == 423
    desk.set_deadline(None)
    assert post(client, "/build", {"system": "token-terrors"}).status_code == 303  # open: taken
    desk.reveal(lock_now=True)
    assert post(client, "/build", {"system": "token-terrors"}).status_code == 423
    assert len(list(folder.glob("list-*.yaml"))) == 1


def test_organiser_actions_need_the_cookie_the_token_and_the_origin(client, desk):
    assert act(client, do="lock").status_code == 403
    client.get(f"/organiser?key={ORG}")
    r = client.post("/organiser/act", data={"csrf": TOKEN, "do": "lock"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    r = client.post("/organiser/act", data={"csrf": "old", "do": "lock"}, headers=SAME)
    assert r.status_code == 403
    assert not desk.state().locked


def test_the_downloads(organiser, desk, tmp_path):
    organiser.post("/api/submissions", json={"player": "Pia", "list": text(OZZY)})
    organiser.post("/api/submissions", json={"player": "../Quin", "list": text(WRENS)})
    z = organiser.get("/organiser/download/lists.zip")
    assert z.status_code == 200 and "attachment" in z.headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(z.content)) as archive:
        assert sorted(archive.namelist()) == ["armybuilder-players.csv", "pia.yaml", "quin.yaml"]
        assert archive.read("pia.yaml").decode() == text(OZZY)
        files = {name: archive.read(name).decode() for name in archive.namelist() if name.endswith(".yaml")}
    report = organiser.get("/organiser/download/report.json")
    assert report.status_code == 200
    verdicts = {Path(e["file"]).name: e["status"] for e in report.json()["lists"]}
    listed = organiser.get("/api/submissions", headers=bearer(ORG)).json()["submissions"]
    by_text = {s.latest.text: s for s in desk.submissions()}  # each file, to the submission it holds
    desk_says = {name: by_text[body].verdict.status for name, body in files.items()}
    api_says = {name: next(e["status"] for e in listed if e["id"] == by_text[body].id) for name, body in files.items()}
    assert verdicts == desk_says == api_says
    assert sorted(desk_says.values()) == ["illegal", "legal"]  # one of each: agreeing is not by chance
    assert str(tmp_path) not in report.text and "/tmp/" not in report.text
    for name, starts in (("report.md", b"#"), ("report.csv", b""), ("report.xml", b"<?xml"), ("packet.pdf", b"%PDF")):
        r = organiser.get(f"/organiser/download/{name}")
        assert r.status_code == 200 and r.content.startswith(starts), name
    backup = organiser.get("/organiser/download/desk.sqlite")
    copy = tmp_path / "backup.sqlite"
    copy.write_bytes(backup.content)
    with Desk(copy, load(GAMES_DAY)) as restored:
        assert [s.player for s in restored.submissions()] == ["Pia", "../Quin"]
    assert organiser.get("/organiser/download/other.txt").status_code == 404


def test_the_packet_needs_a_list(organiser):
    r = organiser.get("/organiser/download/packet.pdf")
    assert r.status_code == 422 and "needs at least one" in r.text


# ---------------------------------------------------------------------------
# Building it in the builder


def test_a_list_built_in_the_builder_is_sent_from_the_players_page(client, desk):
    r = post(client, "/build", {"system": "token-terrors", "name": "Built here"})
    assert r.status_code == 303
    draft = r.headers["location"]
    assert re.fullmatch(r"/list/list-[\w-]{24}\.yaml", draft)
    builder = client.get(draft)
    assert builder.status_code == 200 and "Built here" in builder.text
    page = client.get("/").text
    assert "Lists you are building here" in page and "Built here" in page
    name = draft.removeprefix("/list/")
    r = post(client, "/submit", {"player": "Rex", "draft": name})
    assert r.status_code == 303
    (sub,) = desk.submissions()
    assert sub.latest.how == "builder" and "Built here" in sub.latest.text
    assert post(client, "/build", {"system": "chess"}).status_code == 422
    assert post(client, "/submit", {"player": "Sid", "draft": "list-" + "A" * 24 + ".yaml"}).status_code == 422
    assert post(client, "/submit", {"player": "Sid", "draft": "../desk.sqlite"}).status_code == 422
    assert client.get("/list/list-" + "B" * 24 + ".yaml").status_code == 404
    assert client.get("/list/../desk.sqlite").status_code in (400, 403, 404)
    assert client.post("/new", data={"csrf": TOKEN}, headers=SAME).status_code in (
        404,
        405,
    )  # the builder's folder: not here


def test_the_help_and_the_usage_errors(tmp_path):
    runner = CliRunner()
    r = runner.invoke(app, ["collect", "--help"])
    assert (
        r.exit_code == 0 and "submission desk" in r.stdout and "--deadline WHEN" in r.stdout and "--export" in r.stdout
    )
    pack = tmp_path / "pack.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    r = runner.invoke(app, ["collect", str(pack), "--deadline", "tomorrow", "--no-open"])
    assert r.exit_code == 2 and "--deadline" in r.stderr
    r = runner.invoke(app, ["collect", str(pack), "--allow-host", "http://x", "--no-open"])
    assert r.exit_code == 2
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        r = runner.invoke(app, ["collect", str(pack), "--port", str(port), "--no-open"])
    finally:
        taken.close()
    assert r.exit_code == 2 and "cannot listen" in r.stderr


# ---------------------------------------------------------------------------
# The real server


def _lines(stream) -> queue.Queue:
    q: queue.Queue = queue.Queue()

    def pump():
        for line in stream:
            q.put(line)
        q.put(None)

    threading.Thread(target=pump, daemon=True).start()
    return q


def _until(q: queue.Queue, pattern: str) -> re.Match:
    seen = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            line = q.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        if line is None:
            raise AssertionError(f"the desk ended before saying {pattern!r}; it said {seen}")
        seen.append(line)
        m = re.search(pattern, line)
        if m:
            return m
    raise AssertionError(f"no line matching {pattern!r} in {WAIT} s; saw {seen}")


def _start(pack: Path, db: Path, *extra: str) -> tuple[subprocess.Popen, queue.Queue, str, str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "armybuilder",
            "collect",
            str(pack),
            "--db",
            str(db),
            "--port",
            "0",
            "--no-open",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    lines = _lines(proc.stderr)
    url = _until(lines, r"at (http://127\.0\.0\.1:\d+/) \(Ctrl\+C stops\)").group(1)
    token = _until(lines, r"the organiser's page .*: http://127\.0\.0\.1:\d+/organiser\?key=(\S+)").group(1)
    return proc, lines, url, token


def _stop(proc: subprocess.Popen) -> int:
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(WAIT)
        raise AssertionError("the desk did not stop on Ctrl+C") from None


def _request(method: str, url: str, body: dict | None = None, token: str | None = None, timeout: float = 10.0):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def test_the_desk_starts_prints_the_organiser_link_and_stops(tmp_path):
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    proc, lines, url, token = _start(pack, tmp_path / "desk.sqlite", "--deadline", "2031-05-01 12:00")
    try:
        _until(lines, r"deadline: .*2031")
        with urllib.request.urlopen(url, timeout=WAIT) as r:
            assert r.status == 200 and "Send your list to Club Games Day" in r.read().decode()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(f"{url}organiser?key={token}", timeout=WAIT) as r:
            assert r.status == 200 and "the organiser's desk" in r.read().decode()
        status, _ = _request("POST", url + "api/submissions", {"player": "Una", "list": text(OZZY)})
        assert status == 201
        status, listed = _request("GET", url + "api/submissions", token=token)
        assert status == 200 and listed["deadline"].startswith("2031-05-01")
    finally:
        code = _stop(proc)
    assert code == 0
    _until(lines, r"stopped; every list taken is in the database")


def test_on_every_address_the_desk_warns_and_gives_the_players_link(tmp_path):
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    proc = subprocess.Popen(
        [sys.executable, "-m", "armybuilder", "collect", str(pack), "--port", "0", "--no-open", "--host", "0.0.0.0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        lines = _lines(proc.stderr)
        _until(lines, r"warning: listening on 0\.0\.0\.0, not on this computer only: anyone who can reach")
        _until(lines, r"show the players this link and its QR code from the organiser's page")
        _until(lines, r"the organiser's page .*organiser\?key=")
        _until(lines, r"no deadline set")
    finally:
        _stop(proc)
    assert (tmp_path / "games-day.desk.sqlite").exists()  # the default database: beside the pack
    rest = []
    while (line := lines.get(timeout=WAIT)) is not None:
        rest.append(line)
    # Issue 37, 4: no QR code in the terminal, where the organiser's token is two lines above it.
    assert not any(ch in line for line in rest for ch in "\u2580\u2584\u2588") and "scan" not in "".join(rest)


LISTS = [GREENWOOD, WRENS, OZZY, CASTLE]


def test_a_kill_9_loses_no_list_that_was_answered_201(tmp_path):
    """10 threads send lists; the desk is killed with SIGKILL while they do; started again on the
    same database, it holds every list it answered 201 to, with that fingerprint."""
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    db = tmp_path / "desk.sqlite"
    proc, _, url, _ = _start(pack, db, "--per-minute", "0")  # one address sends them all
    acknowledged: dict[str, str] = {}
    lock = threading.Lock()
    count = threading.Event()
    stop_at = time.monotonic() + 60

    def player(n: int) -> None:
        for i in range(40):  # at most 40 lists a thread, and a minute in all
            if time.monotonic() > stop_at:
                return
            base = text(LISTS[(n + i) % len(LISTS)])
            listed = re.sub(r"^name: .*$", f"name: Thread {n} list {i}", base, count=1, flags=re.M)
            try:
                status, body = _request(
                    "POST", url + "api/submissions", {"player": f"T{n}-{i}", "list": listed}, timeout=5
                )
            except (OSError, ValueError):  # the desk is gone (killed): this thread is done
                return
            if status == 201:
                with lock:
                    acknowledged[body["id"]] = body["fingerprint"]
                    if len(acknowledged) >= 60:
                        count.set()

    threads = [threading.Thread(target=player, args=(n,), daemon=True) for n in range(10)]
    for t in threads:
        t.start()
    try:
        assert count.wait(45), f"only {len(acknowledged)} lists taken in 45 s"
        proc.send_signal(signal.SIGKILL)  # midway: the threads are still sending
        proc.wait(WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(WAIT)
    for t in threads:
        t.join(WAIT)
    with lock:
        answered = dict(acknowledged)
    assert 60 <= len(answered) < 400
    proc, _, url, token = _start(pack, db)
    try:
        status, listed = _request("GET", url + "api/submissions", token=token)
        assert status == 200
        kept = {s["id"]: s["fingerprint"] for s in listed["submissions"]}
        missing = {sid: fp for sid, fp in answered.items() if kept.get(sid) != fp}
        assert missing == {}
        assert len(kept) >= len(answered)  # (one taken as the kill came may be in without its answer)
        status, _ = _request("POST", url + "api/submissions", {"player": "After", "list": text(OZZY)})
        assert status == 201
    finally:
        _stop(proc)
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()


# ---------------------------------------------------------------------------
# Issue 37: retries, the per-address limit, drafts, moderation, the players' link


def test_a_retry_gets_the_same_receipt_and_token(client, desk):
    """Issue 37, 3: the answer to a sending was lost; the retry (the script's Idempotency-Key, or
    the page's key, with the same name and list) gets the same id and token, and nothing more is
    stored. Issue 45, 1: the key with another list is refused, and the same list without the key
    is a name taken."""
    lost = {"idempotency-key": "lost-answer-0123456789"}
    first = client.post("/api/submissions", json={"player": "Lost Answer", "list": text(OZZY)}, headers=lost)
    again = client.post("/api/submissions", json={"player": "lost answer", "list": text(OZZY)}, headers=lost)
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    keyed = {"idempotency-key": "script-key-0123456789"}
    a = client.post("/api/submissions", json={"player": "Keyed", "list": text(OZZY)}, headers=keyed)
    b = client.post("/api/submissions", json={"player": "Keyed", "list": text(WRENS)}, headers=keyed)
    assert a.status_code == 201 and b.status_code == 422 and "Idempotency-Key" in b.json()["error"]
    other = client.post("/api/submissions", json={"player": "Keyed", "list": text(WRENS)})
    assert other.status_code == 422 and "in already" in other.json()["error"]
    page = client.get("/").text
    idem = re.search(r'name="idem" value="([^"]+)"', page).group(1)
    one = post(client, "/submit", {"player": "Form Retry", "list": text(OZZY), "idem": idem})
    two = post(client, "/submit", {"player": "Form Retry", "list": text(OZZY), "idem": idem})
    assert one.status_code == two.status_code == 303
    assert one.headers["location"].split("&done")[0] == two.headers["location"].split("&done")[0]
    assert post(client, "/submit", {"player": "Form Retry", "list": fixed_wrens(), "idem": idem}).status_code == 422
    assert stored(desk) == 3


def test_one_address_cannot_flood_the_desk(desk):
    """Issue 37, 2: past the limit of new lists a minute from one address: 429 with Retry-After,
    in the API, the form and the builder's "start a list"; nothing stored."""
    app = make_desk_app(desk, token=TOKEN, organiser=ORG, per_minute=3)
    with TestClient(app, base_url=BASE) as c:
        for n in range(3):
            assert c.post("/api/submissions", json={"player": f"Flood {n}", "list": text(OZZY)}).status_code == 201
        r = c.post("/api/submissions", json={"player": "Flood 3", "list": text(OZZY)})
        assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 61 and "wait" in r.json()["error"]
        r = post(c, "/submit", {"player": "Flood 4", "list": text(OZZY)})
        assert r.status_code == 429 and r.headers["retry-after"] and "too many new lists" in r.text.lower()
        assert post(c, "/build", {"system": "token-terrors"}).status_code == 429
    assert stored(desk) == 3


def test_drafts_are_capped_without_a_race_and_idle_ones_make_room(client, desk, monkeypatch):
    """Issue 37, 2: 24 threads start drafts at once against a cap of 5: exactly 5 are made; an
    idle draft makes room for a new one; a draft untouched for a month is gone at the start."""
    import os

    from armybuilder.web.desk import players as web_desk

    monkeypatch.setattr(web_desk, "MAX_DRAFTS", 5)
    ds = client.app.state.desk
    barrier = threading.Barrier(24, timeout=30)
    made, refused = [], []

    def start() -> None:
        barrier.wait()
        try:
            made.append(web_desk._new_draft(ds, "token-terrors", ""))
        except web_desk.Refusal as exc:
            refused.append(exc.status)

    threads = [threading.Thread(target=start) for _ in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    folder = ds.drafts.root
    assert len(made) == 5 and refused == [423] * 19 and len(list(folder.glob("list-*.yaml"))) == 5
    old = folder / made[0]
    os.utime(old, (1, 1))  # untouched since 1970
    newer = web_desk._new_draft(ds, "token-terrors", "")
    assert not old.exists() and (folder / newer).exists() and len(list(folder.glob("list-*.yaml"))) == 5
    os.utime(folder / newer, (1, 1))
    make_desk_app(desk, token=TOKEN, organiser=ORG)  # started again: the month-old draft is cleaned
    assert not (folder / newer).exists() and len(list(folder.glob("list-*.yaml"))) == 4


def test_the_organiser_moderates_and_every_action_is_logged(organiser, desk):
    """Withdraw and restore (kept, never deleted), rename, a new private link, a paper list, a
    merge: each changes what the pages, the API and the exports show, and the log keeps it."""
    squat = organiser.post("/api/submissions", json={"player": "Real Name", "list": text(WRENS)}).json()
    twin = organiser.post("/api/submissions", json={"player": "Rael Name", "list": text(OZZY)}).json()
    act(organiser, do="withdraw", id=squat["id"])
    listed = organiser.get("/api/submissions", headers=bearer(ORG)).json()["submissions"]
    assert [s["player"] for s in listed] == ["Rael Name"]
    page = organiser.get("/organiser").text
    assert "1 list: 1 legal, 0 not legal. 1 withdrawn." in page and "withdrawn</strong>" in page
    mine = organiser.get(f"/mine/{squat['id']}?key={squat['edit_token']}").text
    assert "The organiser has withdrawn your list" in mine and 'id="replace-form"' not in mine
    act(organiser, do="restore", id=squat["id"])
    r = act(organiser, do="rename", id=twin["id"], name="Real Name", back=twin["id"])
    assert "Another list stands under the name Real Name" in organiser.get(r.headers["location"]).text
    r = act(organiser, do="new-link", id=twin["id"], back=twin["id"])
    shown = organiser.get(r.headers["location"]).text
    link = re.search(r"http://127\.0\.0\.1:8000/mine/[^<\s]+", shown).group(0).replace("&amp;", "&")
    assert organiser.get(link).status_code == 200
    assert organiser.get(f"/mine/{twin['id']}?key={twin['edit_token']}").status_code == 404  # the old link
    act(organiser, do="merge", id=twin["id"], into=squat["id"])
    assert [s.player for s in desk.submissions()] == ["Real Name"]
    r = post(organiser, "/organiser/act", {"do": "paper", "player": "Paper Pete", "list": text(OZZY)})
    said = organiser.get(r.headers["location"]).text
    assert "The list is entered: version 1, legal." in said and "/mine/" in said
    act(organiser, do="rename", id=squat["id"], name="Real Name Jr")
    assert sorted(s.player for s in desk.submissions()) == ["Paper Pete", "Real Name Jr"]
    history = organiser.get("/organiser").text
    for words in (
        "Real Name&#39;s list withdrawn",
        "Real Name&#39;s list restored",
        "A new private link for Rael Name",
        "Rael Name merged into Real Name",
        "A list entered for Paper Pete by the organiser",
        "Real Name renamed Real Name Jr",
    ):
        assert words in history
    log = organiser.get("/organiser/download/log.csv")
    assert log.status_code == 200 and log.content.startswith(b"\xef\xbb\xbf")
    rows = log.content.decode("utf-8-sig").splitlines()
    assert rows[0] == "time,action,submission,player,what"
    assert [r.split(",")[1] for r in rows[1:]] == ["withdraw", "restore", "new-link", "merge", "paper", "rename"]
    with zipfile.ZipFile(io.BytesIO(organiser.get("/organiser/download/lists.zip").content)) as z:
        assert sorted(z.namelist()) == [
            "armybuilder-players.csv",
            "paper-pete.yaml",
            "real-name-jr.yaml",
        ]  # the merged list is withdrawn
    assert rows and stored(desk) == 3  # every version kept


def test_the_organisers_page_shows_the_players_link_and_its_qr_code(organiser, desk):
    """Issue 37, 4: the players' link and its QR code are on the organiser's page (the terminal
    need never be shown); neither carries the organiser's token."""
    page = organiser.get("/organiser").text
    section = page[page.index('id="players-link"') :]
    assert 'href="http://127.0.0.1:8000/"' in section and "<svg" in section and "QR code of the players" in section
    assert ORG not in section.split("</section>")[0]
    app = make_desk_app(desk, token=TOKEN, organiser=ORG, players_url="http://192.168.1.5:8000/")
    with TestClient(app, base_url=BASE) as c:
        c.get(f"/organiser?key={ORG}")
        assert 'href="http://192.168.1.5:8000/"' in c.get("/organiser").text


def test_every_download_names_players_as_the_desk_knows_them(organiser, desk, tmp_path, monkeypatch):
    """Issue 37, 6: a list sent as Mallory whose own words say ``player: Alice Archer`` is
    Mallory's in the report and the packet; an emoji-named player is named, not ``player.yaml``.
    The desk's working folder has a ``_`` in its path (Markdown escapes it): no path shows."""
    import tempfile

    from pypdf import PdfReader

    (tmp_path / "a_b*c").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "a_b*c"))

    claimed = "player: Alice Archer\n" + text(OZZY)
    organiser.post("/api/submissions", json={"player": "Mallory", "list": claimed})
    organiser.post("/api/submissions", json={"player": "🐉", "list": text(WRENS)})
    report = organiser.get("/organiser/download/report.md").text
    assert "Mallory" in report and "Alice Archer" not in report
    assert "### 2. 🐉, 🐉.yaml" in report and "player.yaml" not in report  # named, and its file beside
    assert str(tmp_path) not in report and "a\\_b" not in report
    csv_text = organiser.get("/organiser/download/report.csv").text
    assert "Mallory" in csv_text and "Alice Archer" not in csv_text
    packet = organiser.get("/organiser/download/packet.pdf").content
    words = "".join(page.extract_text() for page in PdfReader(io.BytesIO(packet)).pages)
    assert "Mallory" in words and "Alice Archer" not in words


def test_the_zip_runs_no_check_and_the_revealed_page_is_made_once(organiser, desk, monkeypatch):
    """Issue 37, 8: the zip is the lists as kept (19 s at 1,000 lists went to a tournament check
    it never used); after the reveal the page of every list is laid out once, until a list or
    the organiser's log changes."""
    import armybuilder.events.standings as standings
    from armybuilder.web.desk import players as web_desk

    organiser.post("/api/submissions", json={"player": "Zip Zed", "list": text(OZZY)})

    def no_check(*args, **kwargs):
        raise AssertionError("the zip ran the tournament check")

    monkeypatch.setattr(standings, "run", no_check)
    with zipfile.ZipFile(io.BytesIO(organiser.get("/organiser/download/lists.zip").content)) as z:
        assert z.namelist() == ["zip-zed.yaml", "armybuilder-players.csv"] and z.read("zip-zed.yaml").decode() == text(
            OZZY
        )
    monkeypatch.undo()
    desk.reveal(lock_now=True)
    made = []
    real = web_desk._lists_model
    monkeypatch.setattr(web_desk, "_lists_model", lambda d: made.append(1) or real(d))
    first = organiser.get("/lists")
    assert organiser.get("/lists").text == first.text and "Zip Zed" in first.text and len(made) == 1
    act(organiser, do="paper", player="Late Lou", list=text(WRENS))  # the organiser changed the lists
    assert "Late Lou" in organiser.get("/lists").text and len(made) == 2


def test_smaller_things_of_issue_37(client, desk):
    """Issue 37, 8 and 9: a full disk is a clear 507, not a traceback; a Host with anything after
    its port is refused (it was echoed into a private link); the drafts cookie lasts the browser
    session and forgets a draft once it is sent (a shared tablet showed the last player's)."""
    first = client.post("/api/submissions", json={"player": "Room", "list": text(OZZY)}).json()
    pages = desk._commit(lambda c: int(c.execute("PRAGMA page_count").fetchone()[0]))
    desk._commit(lambda c: c.execute(f"PRAGMA max_page_count = {pages}"))  # the writer's file can grow no more
    big = text(OZZY) + "# " + "x" * 60_000 + "\n"
    r = client.post("/api/submissions", json={"player": "No Room", "list": big})
    assert r.status_code == 507 and "no room left" in r.json()["error"]
    r = post(client, f"/mine/{first['id']}", {"key": first["edit_token"], "list": big})
    assert r.status_code == 507 and "no room left" in r.text.lower()
    desk._commit(lambda c: c.execute("PRAGMA max_page_count = 1073741823"))
    assert client.post("/api/submissions", json={"player": "No Room", "list": big}).status_code == 201
    for host in ("127.0.0.1:8000@evil.example", "127.0.0.1:8000/evil", "127.0.0.1:8000 evil"):
        r = client.get("/", headers={"host": host})
        assert r.status_code >= 400 and "evil" not in r.text
    r = post(client, "/build", {"system": "token-terrors"})
    cookie = r.headers["set-cookie"].lower()
    assert r.status_code == 303 and "max-age" not in cookie and "expires" not in cookie
    draft = r.headers["location"].removeprefix("/list/")
    assert draft in client.get("/").text
    r = post(client, "/submit", {"player": "Tablet One", "draft": draft})
    assert r.status_code == 303 and draft not in client.get("/").text


def test_the_desks_builder_checks_each_list_against_the_pack(client, desk):
    """Issue 37, 11: the pack bans Mindblast; in the desk's builder its Add button is disabled
    with the pack's reason, and a list holding it shows the event's finding (EVT011) at once."""
    r = post(client, "/build", {"system": "fantasy-triumph"})
    draft = r.headers["location"].removeprefix("/list/")
    path = desk.path.with_name(desk.path.name + "-drafts") / draft
    path.write_text(text(GREENWOOD), encoding="utf-8")
    page = client.get(f"/list/{draft}?focus=classes-0").text
    entry = page[page.index('<span class="entry-name">Mindblast</span>') :].split("</li>", 1)[0]
    assert "banned at Club Games Day" in entry and " disabled" in entry
    allowed = page[page.index('<span class="entry-name">Armored</span>') :].split("</li>", 1)[0]
    assert "banned" not in allowed
    path.write_text(text(GREENWOOD).replace("cards: [Deadly, Armored]", "cards: [Deadly, Mindblast]"), "utf-8")
    page = client.get(f"/list/{draft}").text
    assert "is banned at Club Games Day" in page


def test_late_lists_check_in_and_the_hand_off_downloads(organiser, desk):
    """The organiser's day: late lists only when allowed, flagged late everywhere; check-in, and
    downloads that leave out the no-shows; the roster CSV (with a BOM), Challonge's bulk-add text
    and each list as plain text, every player named as the desk knows them."""
    import csv

    a = organiser.post("/api/submissions", json={"player": "On Time", "list": text(OZZY)}).json()
    desk.set_deadline(dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc))
    r = organiser.post("/api/submissions", json={"player": "Late Larry", "list": text(WRENS)})
    assert r.status_code == 423
    act(organiser, do="late-ok")
    assert "late lists are taken" in organiser.get("/organiser").text
    assert "The organiser still takes lists, each marked late" in organiser.get("/").text
    late = organiser.post("/api/submissions", json={"player": "=Late Larry", "list": claim_larry()}).json()
    listed = {s["player"]: s for s in organiser.get("/api/submissions", headers=bearer(ORG)).json()["submissions"]}
    assert listed["=Late Larry"]["late"] is True and listed["On Time"]["late"] is False
    mine = organiser.get(f"/mine/{late['id']}?key={late['edit_token']}").text
    assert 'id="taken">' in mine and mine.count("(late)") == 2  # the receipt and its version
    assert "(late)" in organiser.get(f"/organiser/s/{late['id']}").text
    assert 'class="late">late</strong>' in organiser.get("/organiser").text
    act(organiser, do="late-no")
    assert organiser.post("/api/submissions", json={"player": "Later", "list": text(OZZY)}).status_code == 423
    act(organiser, do="check-in", id=late["id"])
    assert "only the 1 checked in" in organiser.get("/organiser").text
    with zipfile.ZipFile(io.BytesIO(organiser.get("/organiser/download/lists.zip?present=1").content)) as z:
        assert z.namelist() == ["late-larry.yaml", "armybuilder-players.csv"]
    roster = organiser.get("/organiser/download/roster.csv")
    assert roster.status_code == 200 and roster.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(roster.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "id",
        "player",
        "e-mail",
        "game",
        "list name",
        "status",
        "errors",
        "fingerprint",
        "first sent",
        "last sent",
        "versions",
        "late",
        "checked in",
    ]
    by_player = {row[1]: row for row in rows[1:]}
    assert set(by_player) == {"On Time", "'=Late Larry"}  # a name that would be a formula is text
    larry = by_player["'=Late Larry"]
    assert (larry[0], larry[5], larry[11], larry[12]) == (late["id"], "illegal", "yes", "yes")
    assert by_player["On Time"][7] == a["fingerprint"] and by_player["On Time"][12] == "no"
    challonge = organiser.get("/organiser/download/challonge.txt").text
    assert challonge.splitlines() == ["On Time", "=Late Larry"] and "Alice" not in challonge
    plain = organiser.get("/organiser/download/lists-text.csv?present=1").content.decode("utf-8-sig")
    (header, only), *_ = [list(csv.reader(io.StringIO(plain)))]
    assert header == ["player", "game", "list name", "status", "list"] and only[0] == "'=Late Larry"
    assert "Goblins" in only[4] and "Wren" in only[2]
    history = organiser.get("/organiser").text
    assert "Late lists allowed" in history and "=Late Larry checked in" in history


def claim_larry() -> str:
    """Wren's Host, whose own words name another player (the desk's name wins in every export)."""
    return "player: Alice Archer\n" + text(WRENS)


def test_who_may_send_the_poster_and_the_announcement(organiser, desk):
    """A passcode (in the players' link, its QR code and the poster, or typed) and a list of
    registered players (CSV: name, e-mail) decide who may send; the poster and the text to paste
    say the event, the link and the passcode."""
    from pypdf import PdfReader

    act(organiser, do="passcode", passcode="dragon fire")
    page = organiser.get("/organiser").text
    assert "code=dragon+fire" in page and "The event&#39;s passcode: dragon fire" in page
    r = organiser.post("/api/submissions", json={"player": "No Code", "list": text(OZZY)})
    assert r.status_code == 403 and "passcode" in r.json()["error"]
    r = organiser.post("/api/submissions", json={"player": "Coded", "list": text(OZZY), "passcode": "Dragon  Fire"})
    assert r.status_code == 201
    players = organiser.get("/").text
    assert 'id="passcode"' in players and 'name="passcode" value="dragon fire"' not in players
    assert 'type="hidden" name="passcode" value="dragon fire"' in organiser.get("/?code=dragon+fire").text
    assert post(organiser, "/submit", {"player": "Form", "list": text(OZZY), "passcode": "wrong"}).status_code == 403
    registered = b"name,e-mail\nAda Lovelace,ada@example.org\nGrace Hopper\n"
    r = post(organiser, "/organiser/act", {"do": "register"}, files={"file": ("players.csv", registered, "text/csv")})
    assert "2 registered players" in organiser.get(r.headers["location"]).text
    body = {"list": text(WRENS), "passcode": "dragon fire"}
    r = organiser.post("/api/submissions", json={"player": "Mallory", **body})
    assert r.status_code == 403 and "registered players" in r.json()["error"]
    assert organiser.post("/api/submissions", json={"player": "ada  lovelace", **body}).status_code == 201
    assert organiser.get("/organiser/download/challonge.txt").text.splitlines() == [
        "Coded",
        "Ada Lovelace, ada@example.org",
    ]
    pdf = organiser.get("/organiser/poster.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    words = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Club Games Day" in words and "dragon fire" in words and "http://127.0.0.1:8000/?code=dragon+fire" in words
    assert client_get_refused(organiser, "/organiser/poster.pdf")
    assert "Send your list at http://127.0.0.1:8000/?code=dragon+fire" in page
    assert "Use your name as you registered it." in organiser.get("/organiser").text


def test_the_poster_prints_a_cjk_event_name_and_passcode(tmp_path):
    """Issue 45, item 11: "the poster draws a Chinese or Japanese event name and passcode as boxes
    ('秋の大会 2026', 'さくら'); rosters already use the CID fonts." Their runs are set in the CJK fonts
    a roster's are: the page uses a CJK font and its text reads back (the glyphs are the PDF reader's,
    checked by eye with pdftoppm: CI has no CJK fonts)."""
    from pypdf import PdfReader

    from armybuilder.web.desk.organiser import poster_pdf

    pack = tmp_path / "pack.yaml"
    pack.write_text(
        GAMES_DAY.read_text(encoding="utf-8").replace("event: Club Games Day", "event: 秋の大会 2026"), encoding="utf-8"
    )
    d = Desk(tmp_path / "desk.sqlite", load(pack))
    try:
        data = poster_pdf(d, "http://127.0.0.1:8000/?code=%E3%81%95%E3%81%8F%E3%82%89", "さくら")
    finally:
        d.close()
    page = PdfReader(io.BytesIO(data)).pages[0]
    words = page.extract_text()
    assert "秋の大会 2026" in words and "The event's passcode: さくら" in words
    fonts = {str(f.get_object()["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert "/HeiseiKakuGo-W5" in fonts, fonts  # the Japanese font, as a roster's Japanese name
    assert "Send your army list" in words and "Scan the code with your phone" in words  # the rest as it was


def client_get_refused(client, path: str) -> bool:
    """The organiser's page refuses a request without the organiser's cookie."""
    saved = dict(client.cookies)
    client.cookies.clear()
    try:
        return client.get(path).status_code == 403
    finally:
        for k, v in saved.items():
            client.cookies.set(k, v)


def test_a_connection_that_makes_room_is_told_to_come_back(desk):
    """Issue 37, 8: 80 phones behind one router opened more connections than one address may
    hold; the one that made room was reset. It now reads a 503 with Retry-After."""
    import http.client

    from armybuilder.web.server import DESK_LIMITS, DeskBackground

    held: list[http.client.HTTPConnection] = []
    with DeskBackground(make_desk_app(desk, token=TOKEN, organiser=ORG)) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        try:
            for _ in range(DESK_LIMITS.per_client):  # each answered once, then kept open, idle
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
                conn.request("GET", "/static/icon.svg")
                answer = conn.getresponse()
                answer.read()
                assert answer.status == 200
                held.append(conn)
            extra = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
            extra.request("GET", "/static/icon.svg")
            assert extra.getresponse().status == 200
            extra.close()
            first = held[0].sock.recv(4096)  # the longest idle made room
            assert first.startswith(b"HTTP/1.1 503") and b"retry-after: 5" in first.lower()
        finally:
            for conn in held:
                conn.close()
