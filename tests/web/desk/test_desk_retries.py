"""A retry at the desk is known by the key its first sender holds, never by what its body says
(issue 45, item 1), and gets its receipt whatever the desk's state since (issue 46, item 12).

The key is the ``Idempotency-Key`` header of the IETF HTTP API draft for scripts, and the hidden
key of the players' form (drawn with the page: a form post without JavaScript carries it). A list
is often public (a share code posted for advice, a bundled example): who sends another player's
name with that player's list holds nothing of theirs, and gets nothing of theirs.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3

import pytest

from armybuilder.desk import SCHEMA_VERSION, Desk, Refusal
from armybuilder.events import load
from tests.support.desk import stored, text
from tests.support.examples import GAMES_DAY, OZZY, WRENS
from tests.support.web import DESK_TOKEN as TOKEN
from tests.support.web import SAME

KEY = "alice-first-sending-0123456789"


def send(client, player: str, list_text: str, key: str | bytes | None = None):
    headers = {"idempotency-key": key} if key is not None else {}
    return client.post("/api/submissions", json={"player": player, "list": list_text}, headers=headers)


def form(client, data: dict):
    return client.post("/submit", data={"csrf": TOKEN, **data}, headers=SAME, follow_redirects=False)


def page_key(client) -> str:
    return re.search(r'name="idem" value="([^"]+)"', client.get("/").text).group(1)


def close(desk: Desk, how: str) -> None:
    if how == "deadline":
        desk.set_deadline(dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=1))
    elif how == "lock":
        desk.lock_event(True)
    elif how == "player-lock":  # every player's list locked
        for sub in desk.submissions():
            desk.lock_player(sub.id, True)
    else:
        desk.reveal(lock_now=True)


# ---------------------------------------------------------------------------
# Mallory holds Alice's list and name, not her key


@pytest.mark.parametrize("alice_key", [None, KEY])
def test_the_same_name_and_list_without_the_key_gets_no_token(client, desk, alice_key):
    """Alice's list is public (her share code); Mallory sends it as "alice archer": before, 201
    with Alice's edit token, and her PUT replaced Alice's list. Now a name taken: 422, no token,
    nothing stored, and Alice's list stands as she sent it."""
    alice = send(client, "Alice Archer", text(OZZY), alice_key)
    assert alice.status_code == 201
    token, sid = alice.json()["edit_token"], alice.json()["id"]
    for mallory_key in (None, "mallory-own-key-0123456789"):
        r = send(client, "alice archer", text(OZZY), mallory_key)
        assert r.status_code == 422 and "in already" in r.json()["error"]
        assert set(r.json()) == {"error"} and token not in r.text and sid not in r.text
    page = form(client, {"player": "  ALICE   archer ", "list": text(OZZY), "idem": page_key(client)})
    assert page.status_code == 422 and "in already" in page.text
    assert token not in page.text and f"/mine/{sid}" not in page.text and "location" not in page.headers
    for guess in (None, "", "x" * 32):  # Mallory has no token to PUT with
        headers = {"authorization": f"Bearer {guess}"} if guess is not None else {}
        r = client.put(f"/api/submissions/{sid}", json={"list": text(WRENS)}, headers=headers)
        assert r.status_code == 404
    assert stored(desk) == 1 and desk.get(sid).latest.text == text(OZZY)
    alice_owns = {"authorization": f"Bearer {token}"}
    own = client.put(f"/api/submissions/{sid}", json={"list": text(WRENS)}, headers=alice_owns)
    assert own.json()["version"] == 2  # Alice's own token still replaces her list


def test_the_engine_gives_no_token_for_a_name_and_a_list(desk):
    first = desk.submit("Alice Archer", text(OZZY), idem=KEY)
    desk.replace(first.id, first.edit_token, text(WRENS))
    for list_text in (text(OZZY), text(WRENS)):  # the first list, and the latest
        with pytest.raises(Refusal) as caught:
            desk.submit("alice archer", list_text)
        assert caught.value.status == 422 and first.edit_token not in caught.value.message
    assert len(desk.versions(first.id)) == 2 and len(desk.submissions()) == 1


# ---------------------------------------------------------------------------
# A true retry: the same key, the same body


def test_a_retry_with_the_key_gets_the_same_receipt_and_stores_nothing(client, desk):
    first = send(client, "Alice Archer", text(OZZY), KEY)
    again = send(client, "alice archer", text(OZZY), KEY)  # the same name, written otherwise
    quoted = send(client, "Alice Archer", text(OZZY), f'"{KEY}"')  # the draft's form: a quoted string
    assert first.status_code == again.status_code == quoted.status_code == 201
    assert again.json() == quoted.json() == first.json() and "edit_token" in first.json()
    assert stored(desk) == 1
    replaced = client.put(
        f"/api/submissions/{first.json()['id']}",
        json={"list": text(WRENS)},
        headers={"authorization": f"Bearer {first.json()['edit_token']}"},
    )
    assert replaced.status_code == 200
    assert send(client, "Alice Archer", text(OZZY), KEY).json() == first.json()  # the first answer, as it was
    assert stored(desk) == 2


@pytest.mark.parametrize("how", ["deadline", "lock", "player-lock", "reveal"])
def test_a_true_retry_gets_its_receipt_whatever_the_desk_became(client, desk, how):
    """Issue 46, 12: a list taken, its answer lost, then the deadline passes (or a lock, or the
    reveal): the retry was told 423 "no list is taken", though its list was. It gets its
    receipt; a new sending is still refused, and a retry stores nothing."""
    first = send(client, "Alice Archer", text(OZZY), KEY)
    idem = page_key(client)
    on_page = form(client, {"player": "Bob Bowman", "list": text(OZZY), "idem": idem})
    assert first.status_code == 201 and on_page.status_code == 303
    close(desk, how)
    again = send(client, "Alice Archer", text(OZZY), KEY)
    assert again.status_code == 201 and again.json() == first.json()
    page_again = form(client, {"player": "Bob Bowman", "list": text(OZZY), "idem": idem})  # no JavaScript
    assert page_again.status_code == 303
    assert page_again.headers["location"].split("&done")[0] == on_page.headers["location"].split("&done")[0]
    assert client.get(page_again.headers["location"]).status_code == 200
    new = send(client, "Carol Crossbow", text(OZZY), "carol-first-sending-0123456789")
    assert new.status_code == (201 if how == "player-lock" else 423)
    assert send(client, "Alice Archer", text(OZZY)).status_code == (422 if how == "player-lock" else 423)
    assert stored(desk) == (3 if how == "player-lock" else 2)


def test_a_key_sent_with_another_body_is_refused(client, desk):
    first = send(client, "Alice Archer", text(OZZY), KEY)
    assert first.status_code == 201
    for player, list_text in (("Alice Archer", text(WRENS)), ("Mallory", text(OZZY)), ("Mallory", text(WRENS))):
        r = send(client, player, list_text, KEY)
        assert r.status_code == 422 and set(r.json()) == {"error"}
        assert "Idempotency-Key was used before with another player or list" in r.json()["error"]
        assert first.json()["edit_token"] not in r.text
    desk.set_deadline(dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=1))  # closed: still refused
    assert send(client, "Alice Archer", text(WRENS), KEY).status_code == 422
    assert stored(desk) == 1 and [s.player for s in desk.submissions()] == ["Alice Archer"]


def test_a_key_that_is_no_key_is_refused_with_the_reason(client, desk):
    for bad in ("short", "x" * 201, "tab\tinside-0123456789", "é".encode() * 10, '"'):
        r = send(client, "Alice Archer", text(OZZY), bad)
        assert r.status_code == 422 and "idempotency key" in r.json()["error"], bad
    r = client.post(
        "/api/submissions",
        json={"player": "Alice Archer", "list": text(OZZY)},
        headers=[("idempotency-key", KEY), ("idempotency-key", KEY + "-2")],
    )
    assert r.status_code == 422 and "once" in r.json()["error"]
    assert stored(desk) == 0
    assert send(client, "Alice Archer", text(OZZY), "").status_code == 201  # an empty header: no key


def test_a_new_link_or_a_withdrawal_ends_the_retries(client, desk):
    first = send(client, "Alice Archer", text(OZZY), KEY).json()
    desk.new_link(first["id"])  # the old link may have leaked: a retry gets nothing
    r = send(client, "Alice Archer", text(OZZY), KEY)
    assert r.status_code == 422 and "in already" in r.json()["error"] and first["edit_token"] not in r.text
    other = send(client, "Bob Bowman", text(OZZY), "bob-first-sending-0123456789").json()
    desk.withdraw(other["id"])
    r = send(client, "Bob Bowman", text(OZZY), "bob-first-sending-0123456789")
    assert r.status_code == 423 and "withdrawn" in r.json()["error"] and other["edit_token"] not in r.text


# ---------------------------------------------------------------------------
# The page's form and its hidden key


def test_the_form_without_javascript_carries_its_key(client, desk):
    """A form post (what a browser without JavaScript sends) with the page's hidden key: sent
    twice, one list and one private link; the same key with another list is refused, and the
    page drawn again keeps the key, so that the first list sent again still gets its link."""
    page = client.get("/").text
    assert page.count('name="idem"') >= 1
    idem = page_key(client)
    assert idem != page_key(client) and len(idem) >= 16  # a new key each time the page is drawn
    one = form(client, {"player": "Dana Dart", "list": text(OZZY), "idem": idem})
    two = form(client, {"player": "Dana Dart", "list": text(OZZY), "idem": idem})
    assert one.status_code == two.status_code == 303
    assert one.headers["location"].split("&done")[0] == two.headers["location"].split("&done")[0]
    other = form(client, {"player": "Dana Dart", "list": text(WRENS), "idem": idem})
    assert other.status_code == 422 and "send it again as it was" in other.text
    assert "location" not in other.headers and "/mine/" not in other.text
    assert f'name="idem" value="{idem}"' in other.text  # kept: nothing was taken under it now
    three = form(client, {"player": "Dana Dart", "list": text(OZZY), "idem": idem})
    assert three.headers["location"].split("&done")[0] == one.headers["location"].split("&done")[0]
    fresh = form(client, {"player": "Dana Dart", "list": text(OZZY), "idem": page_key(client)})
    assert fresh.status_code == 422 and "in already" in fresh.text and "/mine/" not in fresh.text
    none = form(client, {"player": "Dana Dart", "list": text(OZZY)})
    assert none.status_code == 422 and "in already" in none.text
    assert stored(desk) == 1


def test_a_refused_form_keeps_its_key_and_a_fixed_sending_is_taken_once(client, desk):
    idem = page_key(client)
    refused = form(client, {"player": "Eve\u200bEvans", "list": text(OZZY), "idem": idem})
    assert refused.status_code == 422 and f'name="idem" value="{idem}"' in refused.text
    taken = form(client, {"player": "Eve Evans", "list": text(OZZY), "idem": idem})
    again = form(client, {"player": "Eve Evans", "list": text(OZZY), "idem": idem})
    assert taken.status_code == again.status_code == 303 and stored(desk) == 1
    assert taken.headers["location"].split("&done")[0] == again.headers["location"].split("&done")[0]


# ---------------------------------------------------------------------------
# The store: the key kept with its first sending, a file of schema 4 migrated


def test_the_key_is_kept_hashed_with_what_its_sending_said(desk):
    first = desk.submit("Alice Archer", text(OZZY), idem=KEY)
    conn = sqlite3.connect(desk.path)
    try:
        (idem, said), *_ = conn.execute("SELECT idem, idem_body FROM submissions").fetchall()
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
        dump = "\n".join(conn.iterdump())
    finally:
        conn.close()
    assert idem and said and KEY not in dump and first.edit_token not in dump  # hashes only


def test_a_file_of_schema_4_keeps_its_retries(tmp_path):
    """A desk file of schema 4 kept a key's hash, not what its sending said: the migration adds
    that, and the retry is read against the submission's name and first list."""
    path = tmp_path / "old.sqlite"
    with Desk(path, load(GAMES_DAY)) as desk:
        first = desk.submit("Alice Archer", text(OZZY), idem=KEY)
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX submissions_idem")
    conn.execute("ALTER TABLE submissions DROP COLUMN idem_body")
    conn.execute("PRAGMA user_version = 4")
    conn.commit()
    conn.close()
    with Desk(path, load(GAMES_DAY)) as desk:
        assert desk.schema_version() == SCHEMA_VERSION
        desk.lock_event(True)
        assert desk.submit("alice archer", text(OZZY), idem=KEY) == first
        with pytest.raises(Refusal) as caught:
            desk.submit("Alice Archer", text(WRENS), idem=KEY)
        assert caught.value.status == 422
        with pytest.raises(Refusal) as caught:
            desk.submit("Alice Archer", text(OZZY))
        assert caught.value.status == 423
        assert len(desk.versions(first.id)) == 1
