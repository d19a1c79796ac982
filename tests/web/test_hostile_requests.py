"""Issue 38, hardening's third round: the servers' side (the engine's side is in
``tests/export/test_hostile_rosters.py``).

Each test carries the reproducer of the issue's item (its number in the test's name). A request
is made as a browser on the server's own page makes it (Host and Origin of ``http://127.0.0.1:8000``,
the process's token in the form). Every wait is bounded; no test asserts a duration.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from armybuilder.desk import Desk
from armybuilder.events import load
from armybuilder.web.builder import make_app
from armybuilder.web.desk import make_desk_app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GAMES_DAY = EXAMPLES / "events" / "games-day.yaml"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"
BASE = "http://127.0.0.1:8000"
TOKEN = "test-token-0123456789"
ORG = "organiser-token-0123456789abcdef"
SAME = {"origin": BASE}
WAIT = 10.0  # seconds, at most, a parse waits for the other request to be answered


class Held:
    """A parse held until another request has been answered: ``answered`` says whether that request
    was answered while the parse was running (it cannot be when the parse runs on the event loop:
    the loop then answers nothing until the parse gives up waiting)."""

    def __init__(self, real):
        self.real = real
        self.started = threading.Event()
        self.release = threading.Event()
        self.answered: bool | None = None

    def __call__(self, *args):
        self.started.set()
        self.answered = self.release.wait(WAIT)
        return self.real(*args)


def _while_held(client: TestClient, held: Held, send, other: str) -> tuple[int, int]:
    """Send the upload (``send``, in a thread) and, while its parse is held, GET ``other``."""
    status: list[int] = []
    t = threading.Thread(target=lambda: status.append(send().status_code))
    t.start()
    try:
        assert held.started.wait(WAIT), "the upload was never parsed"
        got = client.get(other).status_code
        held.release.set()
    finally:
        held.release.set()
        t.join(3 * WAIT)
    assert not t.is_alive() and status
    return status[0], got


# -- 1. an upload is parsed off the event loop -------------------------------------------------------


@pytest.mark.parametrize("route", ["submit", "replace"])
def test_1_the_desk_answers_others_while_an_uploaded_roster_is_read(tmp_path, monkeypatch, route):
    from armybuilder.web.desk import players as desk_module

    held = Held(desk_module.list_of_upload)
    monkeypatch.setattr(desk_module, "list_of_upload", held)
    desk = Desk(tmp_path / "desk.sqlite", load(GAMES_DAY))
    try:
        with TestClient(make_desk_app(desk, token=TOKEN, organiser=ORG), base_url=BASE) as client:
            path = "/submit"
            data = {"csrf": TOKEN, "player": "Alice Archer"}
            if route == "replace":
                first = client.post("/api/submissions", json={"player": "Alice", "list": GREENWOOD.read_text()})
                sid, key = first.json()["id"], first.json()["edit_token"]
                path, data = f"/mine/{sid}", {"csrf": TOKEN, "key": key}
            files = {"file": ("greenwood.yaml", GREENWOOD.read_bytes(), "application/x-yaml")}

            def send():
                return client.post(path, data=data, files=files, headers=SAME, follow_redirects=False)

            sent, other = _while_held(client, held, send, "/")
    finally:
        desk.close()
    assert other == 200 and sent == 303
    assert held.answered is True, "no other request was answered while the upload was read"


def test_1_serve_answers_others_while_an_uploaded_roster_is_imported(tmp_path, monkeypatch):
    from armybuilder.web import folderpage

    held = Held(folderpage.import_list)
    monkeypatch.setattr(folderpage, "import_list", held)
    folder = tmp_path / "lists"
    folder.mkdir()
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as client:
        from armybuilder.export import render
        from armybuilder.export.roster import build

        roster, _ = build(GREENWOOD)
        files = {"roster": ("greenwood.md", render(roster, "markdown"), "text/markdown")}

        def send():
            return client.post("/import", data={"csrf": TOKEN}, files=files, headers=SAME, follow_redirects=False)

        sent, other = _while_held(client, held, send, "/")
    assert other == 200 and sent == 303 and (folder / "the-greenwood-host.yaml").exists()
    assert held.answered is True, "no other request was answered while the upload was read"


# -- 5. undo and redo from an out-of-date page --------------------------------------------------------


@pytest.fixture
def builder(tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "wee.yaml").write_text("system: token-terrors\nname: Wee\ntokens:\n  Goblins: 2\n", encoding="utf-8")
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as client:
        yield client, folder


def _version(text: str) -> str:
    import re

    m = re.search(r'<input type="hidden" name="version" value="([0-9a-f]+)">', text)
    assert m, text[:2000]
    return m.group(1)


def test_5_undo_and_redo_from_a_stale_page_are_refused_and_nothing_is_lost(builder):
    from web.test_routes import JSON, name_control, page, send

    client, folder = builder
    path = folder / "wee.yaml"
    send(client, name_control(client, "wee.yaml"), "A's name", headers=JSON)  # something to undo
    tab_a = _version(page(client, "wee.yaml"))
    r = send(client, name_control(client, "wee.yaml"), "B's name", headers=JSON)  # tab B
    assert r.status_code == 200
    b_wrote = path.read_bytes()
    assert b"B's name" in b_wrote
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN, "version": tab_a}, headers=JSON)
    assert r.status_code == 409 and "changed elsewhere since the page was shown" in r.json()["messages"][0]
    assert "nothing was undone" in r.json()["messages"][0]
    assert path.read_bytes() == b_wrote
    # from the page as it is now: B's change is undone, and can be redone
    now = _version(page(client, "wee.yaml"))
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN, "version": now}, headers=JSON)
    assert r.status_code == 200 and r.json()["messages"] == ["Undone: name: B's name"]
    assert b"A's name" in path.read_bytes()
    r = client.post("/redo/wee.yaml", data={"csrf": TOKEN, "version": now}, headers=JSON)  # now stale too
    assert r.status_code == 409 and "nothing was redone" in r.json()["messages"][0]
    r = client.post("/redo/wee.yaml", data={"csrf": TOKEN, "version": _version(page(client, "wee.yaml"))}, headers=JSON)
    assert r.status_code == 200 and path.read_bytes() == b_wrote


def test_5_the_pages_undo_button_sends_the_version_it_shows(builder):
    """The Undo and Redo buttons post the form that carries the page's version."""
    import re

    client, _ = builder
    text = page_text = client.get("/list/wee.yaml").text
    form = re.search(r'<form id="acts"[^>]*>(.*?)</form>', text, re.S)
    assert form and 'name="version"' in form.group(1)
    assert re.search(r'id="undo"[^>]*form="acts"|form="acts"[^>]*id="undo"', page_text)


# -- 7. no 500 from the builder --------------------------------------------------------------------

WREN = EXAMPLES / "token-terrors" / "wrens-host.yaml"


def test_7_a_list_the_server_cannot_read_is_said_on_its_page_and_its_rosters(builder, monkeypatch):
    """Its permissions (mode 000, for a server that is not root) refuse the server: the system call
    is refused here as it would be, whoever runs the test."""
    import errno
    import os

    client, folder = builder
    secret = folder / "secret.yaml"
    secret.write_bytes(WREN.read_bytes())
    real_open = os.open

    def refusing(path, *args, **kwargs):
        if os.fspath(path) == str(secret):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    assert client.get("/").status_code == 200
    for url in ["/list/secret.yaml", *(f"/roster/{fmt}/secret.yaml" for fmt in ("pdf", "markdown", "json", "text"))]:
        r = client.get(url)
        assert r.status_code == 403, (url, r.status_code)
        assert "the server cannot read secret.yaml (Permission denied)" in r.text and str(folder) not in r.text


@pytest.mark.parametrize("do", ["rename", "delete", "retitle"])
def test_7_rename_or_delete_that_cannot_be_locked_is_refused(builder, do):
    """Its lock cannot be had (here a folder where the lock file goes; in a read-only subfolder, it
    cannot be made): refused with the reason, nothing moved, no server path said."""
    client, folder = builder
    (folder / "sub").mkdir()
    listed = folder / "sub" / "s.yaml"
    listed.write_bytes(WREN.read_bytes())
    (folder / "sub" / ".s.yaml.lock").mkdir()
    data = {"csrf": TOKEN, "do": do, "to": "Other name"}
    r = client.post("/manage/sub/s.yaml", data=data, headers={**SAME, "hx-request": "true"}, follow_redirects=False)
    assert r.status_code in (403, 422), r.status_code
    assert "cannot be locked" in r.text and str(folder) not in r.text
    assert listed.read_bytes() == WREN.read_bytes() and sorted(p.name for p in (folder / "sub").iterdir()) == [
        ".s.yaml.lock",
        "s.yaml",
    ]


def test_7_trash_entries_that_name_no_time_are_not_shown(builder):
    client, folder = builder
    trash = folder / ".armybuilder" / "trash"
    trash.mkdir(parents=True)
    for key in ("99999999999999999999999--x.yaml", "²--z.yaml", "١٢--y.yaml", "1700000000000--kept.yaml"):
        (trash / key).write_bytes(WREN.read_bytes())
    r = client.get("/")
    assert r.status_code == 200 and "kept.yaml" in r.text
    assert "x.yaml" not in r.text and "z.yaml" not in r.text and "y.yaml" not in r.text


# -- 8. a .armybuilder that is a symbolic link -------------------------------------------------------


@pytest.fixture
def elsewhere(builder, tmp_path):
    """The builder's folder, its ``.armybuilder`` a link to a folder outside it."""
    client, folder = builder
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (folder / ".armybuilder").symlink_to(outside, target_is_directory=True)
    return client, folder, outside


def test_8_the_undo_history_is_never_written_through_a_linked_armybuilder(elsewhere):
    from web.test_routes import JSON, name_control, send

    client, folder, outside = elsewhere
    r = send(client, name_control(client, "wee.yaml"), "Mine", headers=JSON)
    assert r.status_code == 200 and b"Mine" in (folder / "wee.yaml").read_bytes()
    assert list(outside.rglob("*")) == []  # the list's text never left its folder
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
    assert r.status_code == 409 and r.json()["messages"] == ["Nothing to undo."]


def test_8_a_history_outside_is_never_read(elsewhere):
    """A history file put where the link leads is not the list's: undo does not write its text."""
    import json

    client, folder, outside = elsewhere
    (outside / "history").mkdir()
    now = (folder / "wee.yaml").read_text(encoding="utf-8")
    step = {"said": "name: x", "before": "system: token-terrors\nname: Planted\n", "after": now}
    (outside / "history" / "wee.yaml.json").write_text(json.dumps({"form": 1, "undo": [step], "redo": []}))
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers={**SAME, "accept": "application/json"})
    assert r.status_code == 409 and (folder / "wee.yaml").read_text(encoding="utf-8") == now


def test_8_delete_never_moves_a_list_through_a_linked_armybuilder(elsewhere):
    client, folder, outside = elsewhere
    data = {"csrf": TOKEN, "do": "delete"}
    r = client.post("/manage/wee.yaml", data=data, headers={**SAME, "hx-request": "true"}, follow_redirects=False)
    assert r.status_code == 422 and ".armybuilder is a symbolic link" in r.text and str(folder) not in r.text
    assert (folder / "wee.yaml").is_file() and list(outside.rglob("*")) == []
    assert client.get("/").status_code == 200


# -- 9. file names with control characters ----------------------------------------------------------


@pytest.mark.parametrize(
    "stem", ["two\nlines", "esc\x1b[31mred", "del\x7f", "c1\x85mid", "rlo\u202egnp.exe", "tab\tbed", "ls\u2028x"]
)
def test_9_rename_to_a_name_with_a_control_character_is_refused(builder, stem):
    client, folder = builder
    data = {"csrf": TOKEN, "do": "rename", "to": stem}
    r = client.post("/manage/wee.yaml", data=data, headers={**SAME, "hx-request": "true"}, follow_redirects=False)
    assert r.status_code == 422 and "file name has no tab, line break or other control character" in r.text
    assert sorted(p.name for p in folder.iterdir()) == ["wee.yaml"]


def test_9_a_name_in_any_script_is_still_taken(builder):
    client, folder = builder
    data = {"csrf": TOKEN, "do": "rename", "to": "Ærøskøbing 東京 👨‍👩‍👧"}  # (a joiner inside the emoji)
    r = client.post("/manage/wee.yaml", data=data, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and (folder / "Ærøskøbing 東京 👨‍👩‍👧.yaml").is_file()


# -- 10. a long legal name goes to the trash and comes back ----------------------------------------


@pytest.mark.parametrize("stem", ["字" * 60, "字" * 83, "sub/" + "字" * 83, "50% off"])
def test_10_a_list_with_a_long_name_is_deleted_and_restored(builder, stem):
    """60 CJK characters (185 bytes: the issue's, 'File name too long' in the trash) and 83 (254
    bytes, a file name's most: its trash name is cut, and it comes back under that shorter name)."""
    import re

    client, folder = builder
    name = stem + ".yaml"
    (folder / "sub").mkdir()
    path = folder / name
    path.write_bytes(WREN.read_bytes())
    data = {"csrf": TOKEN, "do": "delete"}
    r = client.post("/manage/" + name, data=data, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and not path.exists()
    [kept] = list((folder / ".armybuilder" / "trash").iterdir())
    assert len(kept.name.encode("utf-8")) <= 255 and kept.read_bytes() == WREN.read_bytes()
    page = client.get("/").text
    key = re.search(r'name="key" value="([^"]+)"', page)
    assert key, page[-3000:]
    r = client.post("/restore", data={"csrf": TOKEN, "key": key.group(1)}, headers=SAME, follow_redirects=False)
    assert r.status_code == 303
    back = [p for p in folder.rglob("*.yaml") if ".armybuilder" not in p.parts and p.name != "wee.yaml"]
    assert len(back) == 1 and back[0].read_bytes() == WREN.read_bytes()
    assert back[0] == path or (len(stem) > 80 and back[0].name.endswith("….yaml") and back[0].parent == path.parent)


# -- 11. the share-code box never opens a file ------------------------------------------------------


def test_11_a_file_name_in_the_share_code_box_is_no_code(builder, monkeypatch, tmp_path):
    """serve started in a folder holding ``ABroster.md``: typing that name imported the file."""
    from armybuilder.export import render
    from armybuilder.export.roster import build

    client, folder = builder
    here = tmp_path / "where-serve-was-started"
    here.mkdir()
    roster, _ = build(GREENWOOD)
    (here / "ABroster.md").write_bytes(render(roster, "markdown"))
    (here / "AB1.md").write_bytes(render(roster, "markdown"))
    monkeypatch.chdir(here)
    before = sorted(p.name for p in folder.iterdir())
    for typed in ("ABroster.md", "AB1.md", str(here / "ABroster.md")):
        r = client.post("/import", data={"csrf": TOKEN, "code": typed}, headers={**SAME, "hx-request": "true"})
        assert r.status_code == 422, (typed, r.status_code)
        assert "share code" in r.text and "Greenwood" not in r.text
    assert sorted(p.name for p in folder.iterdir()) == before


# -- 14. wording -------------------------------------------------------------------------------------


def test_14_a_suffix_keeps_its_space_and_a_file_name_its_case(builder):
    from armybuilder.web.listpage import sentence

    client, _ = builder
    data = {"csrf": TOKEN, "do": "delete"}
    r = client.post("/manage/notes.txt", data=data, headers={**SAME, "hx-request": "true"}, follow_redirects=False)
    assert "List files end in .yaml or .yml" in r.text and "in.yaml" not in r.text
    assert sentence("new-on-full.yaml: the list could not be written") == (
        "new-on-full.yaml: the list could not be written"
    )
    assert sentence("sub/army.yml is read-only .") == "sub/army.yml is read-only."
    assert sentence("the list , then nothing to undo .") == "The list, then nothing to undo."
