"""The builder's routes through Starlette's TestClient: every route, every refusal, and the words.

Each request is made as a browser on the server's own page would make it: Host and Origin of
``http://127.0.0.1:8000``, the process's token in the form, and for a change the fields of one
control form harvested from the page (its hidden ``e``, ``version``, ``csrf``, ``id``, ``at``; a
typed control posts ``value`` too). Each refusal changes one of those and checks that nothing was
written.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import urllib.parse
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from armybuilder.edit.engine import version_of
from armybuilder.fingerprint import of_file
from armybuilder.web.builder import allowed_hosts, make_app
from armybuilder.web.listpage import MAX_EDIT, decode
from armybuilder.web.toolkit import MAX_BODY, MAX_UPLOAD

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"
BROKEN = EXAMPLES / "fantasy-triumph" / "broken-horde.yaml"
OZZY = EXAMPLES / "token-terrors" / "ozzys-muster.yaml"
WREN = EXAMPLES / "token-terrors" / "wrens-host.yaml"
CASTLE = EXAMPLES / "homm3-battlefield" / "skirmish-medium.yaml"
BUNDLED = sorted(p for p in EXAMPLES.glob("*/*.yaml") if p.parent.name != "events")
BASE = "http://127.0.0.1:8000"
TOKEN = "test-token-0123456789"
SAME = {"origin": BASE}
JSON = {**SAME, "accept": "application/json"}
HTMX = {**SAME, "hx-request": "true"}
# A Token Terrors list with room to grow, and comments the edits must keep.
WEE = "# top comment\nsystem: token-terrors\nname: Wee\ntokens:\n  Goblins: 2 # two gobbos\n"


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    shutil.copyfile(GREENWOOD, d / "greenwood.yaml")
    shutil.copyfile(OZZY, d / "ozzy.yaml")
    (d / "wee.yaml").write_text(WEE, encoding="utf-8")
    return d


@pytest.fixture
def client(folder):
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        yield c


# ---------------------------------------------------------------------------
# Reading a page as a browser does


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)  # the hidden fields
    inputs: list[dict[str, Any]] = field(default_factory=list)
    buttons: list[dict[str, Any]] = field(default_factory=list)
    options: list[dict[str, Any]] = field(default_factory=list)  # a <select>'s
    select: dict[str, Any] | None = None

    @property
    def typed(self) -> dict[str, Any] | None:
        """The typed control's ``value`` input, if the form has one."""
        return next((i for i in self.inputs if i.get("name") == "value"), None)

    @property
    def edit(self):
        return decode(self.fields["e"]) if self.fields.get("e") else None

    @property
    def label(self) -> str:
        if self.typed is not None:
            return self.typed.get("aria-label") or ""
        return next((b.get("aria-label") or "" for b in self.buttons), "")

    @property
    def enabled(self) -> bool:
        if self.typed is not None:
            return "disabled" not in self.typed
        return bool(self.buttons) and all("disabled" not in b for b in self.buttons)


class _Forms(HTMLParser):
    """A page's forms as a browser sends them. The board is one form (``#acts``): each of its
    buttons sends the form's hidden fields and its own ``e``, to its ``formaction`` if it has one,
    so each button is one control here. A typed control's field, button and drop-down belong to its
    own small form by their ``form`` attribute, wherever they stand."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.by_id: dict[str, Form] = {}
        self.buttons_of: dict[str, list[dict[str, Any]]] = {}
        self._open: Form | None = None
        self._open_id = ""
        self._option: dict[str, Any] | None = None
        self._select_owner: Form | None = None

    def _owner(self, a: dict[str, Any]) -> Form | None:
        if a.get("form"):
            return self.by_id.setdefault(a["form"], Form("", "post"))
        return self._open

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            ident = a.get("id") or f"anon-{len(self.forms)}"
            form = self.by_id.setdefault(ident, Form("", "post"))
            form.action, form.method = a.get("action", ""), a.get("method", "get")
            form.ident = ident
            self.forms.append(form)
            self._open, self._open_id = form, ident
            return
        owner = self._owner(a)
        if owner is None:
            return
        if tag == "input":
            owner.inputs.append(a)
            if a.get("type") == "hidden":
                owner.fields[a["name"]] = a.get("value") or ""
        elif tag == "button":
            owner.buttons.append(a)
        elif tag == "select":
            owner.select = a
            self._select_owner = owner
        elif tag == "option" and self._select_owner is not None:
            self._option = {**a, "text": ""}
            self._select_owner.options.append(self._option)

    def handle_data(self, data):
        if self._option is not None:
            self._option["text"] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None
        elif tag == "option":
            self._option = None
        elif tag == "select":
            self._select_owner = None

    def controls(self) -> list[Form]:
        out: list[Form] = []
        for form in self.forms:
            if getattr(form, "ident", "") != "acts":
                out.append(form)
                continue
            for b in form.buttons:  # each button of the board's form is one control
                one = Form(b.get("formaction") or form.action, form.method, dict(form.fields), buttons=[b])
                one.ident = "acts"
                if b.get("name") == "e":
                    one.fields["e"] = b.get("value") or ""
                out.append(one)
        return out


def forms(text: str) -> list[Form]:
    parser = _Forms()
    parser.feed(text)
    return parser.controls()


def controls(text: str) -> list[Form]:
    """The page's control forms: each one change."""
    return [f for f in forms(text) if f.action.startswith("/act/")]


def find(text: str, verb: str, part: str, *words: str, typed: bool | None = None) -> Form:
    """The control of the page whose change is ``verb part`` with ``words`` among its words."""
    for f in controls(text):
        e = f.edit
        if e is None or e.verb != verb or e.part != part or not all(w in e.words for w in words):
            continue
        if typed is None or typed == (e.value_at is not None):
            return f
    raise AssertionError(f"no control {verb} {part} {words} on the page")


def send(client, form: Form, value: str | None = None, headers=SAME, **extra):
    data = {**form.fields, **({"value": value} if value is not None else {}), **extra}
    return client.post(form.action, data=data, headers=headers, follow_redirects=False)


def page(client, name: str, **params) -> str:
    r = client.get("/list/" + urllib.parse.quote(name), params=params)
    assert r.status_code == 200, r.text[:2000]
    return r.text


def name_control(client, name: str) -> Form:
    """The list's "List name" control (every system's list has a name)."""
    return find(page(client, name), "set", "name", typed=True)


def said(response) -> str:
    """What the page's result box says: its kind, then its lines, without markup."""
    m = re.search(r'<div id="result" class="flash (\w+)"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:2000]
    lines = [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p>(.*?)</p>", m.group(2), re.S)]
    return m.group(1) + ": " + " | ".join(lines)


def text_of(markup: str) -> str:
    """What a reader reads: the markup without its tags (the contents of <details> included)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def tree(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def version(path: Path) -> str:
    return version_of(path.read_bytes())


def crafted(client, name: str, e: str, headers=JSON, **extra):
    """A change as a script could send it, with this page's version."""
    path = client.app.state.builder.folder.existing(name)
    data = {"csrf": TOKEN, "version": version(path), "e": e, **extra}
    return client.post("/act/" + urllib.parse.quote(name), data=data, headers=headers, follow_redirects=False)


# ---------------------------------------------------------------------------
# The folder


def test_folder_lists_every_list_with_its_game_player_total_and_status(client, folder):
    shutil.copyfile(BROKEN, folder / "broken.yaml")
    (folder / "sub").mkdir()
    shutil.copyfile(WREN, folder / "sub" / "wren.yaml")
    (folder / "ozzy.yaml").write_text(OZZY.read_text(encoding="utf-8") + "player: Ozzy the Bold\n", encoding="utf-8")
    (folder / ".hidden.yaml").write_text("system: fantasy-triumph\nname: Hidden\n")
    (folder / "notes.txt").write_text("not a list")
    r = client.get("/")
    assert r.status_code == 200
    cards = {
        m.group(1): text_of(m.group(2))
        for m in re.finditer(r'<a class="card-title" href="/list/([^"]+)">(.*?)</div>\s*</li>', r.text, re.S)
    }
    assert sorted(cards) == ["broken.yaml", "greenwood.yaml", "ozzy.yaml", "sub/wren.yaml", "wee.yaml"]
    assert cards["greenwood.yaml"].startswith("The Greenwood Host Legal Fantasy Triumph · 51 of 51 points")
    assert cards["ozzy.yaml"].startswith("Ozzy's Muster Legal Token Terrors: Battlegrounds · Ozzy the Bold · 10 of 10")
    assert cards["sub/wren.yaml"].startswith("Wren's Host Legal Token Terrors")
    # an illegal list says so, with its first errors
    assert cards["broken.yaml"].startswith("The Broken Horde Not legal Fantasy Triumph · 40 (incomplete) of 51 points")
    assert "Unreliable on class 'Warlord's Guard'" in cards["broken.yaml"]
    assert "Hidden" not in r.text and "notes.txt" not in r.text
    # a new list can be made for every system that can be composed, chosen by its id
    from armybuilder.edit.engine import composable

    offered = re.findall(r'<input type="radio" name="system" value="([^"]+)"', r.text)
    assert offered == composable() and len(offered) == 4


def test_an_empty_folder_says_so(tmp_path):
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as c:
        assert "No lists here yet" in c.get("/").text


def test_folder_checks_every_list_against_an_event_pack(client, folder):
    pack = (EXAMPLES / "events" / "autumn-clash.yaml").read_text(encoding="utf-8")
    (folder / "autumn.yaml").write_text(pack.replace("points: 51 ", "points: 48 "), encoding="utf-8")
    r = client.get("/")
    assert "Check every list against autumn.yaml" in r.text
    r = client.get("/", params={"event": "autumn.yaml"})
    assert r.status_code == 200
    assert "Checked against the event pack" in r.text
    # the pack played at 48 points; the Greenwood Host spends 51
    assert "51 of 48 points" in r.text and "Not legal" in r.text
    assert 'href="/list/autumn.yaml"' not in r.text  # a pack is not listed as a list


def test_a_broken_event_pack_shows_its_problems(client, folder):
    (folder / "pack.yaml").write_text("event: Broken\nsystem: no-such-system\n")
    r = client.get("/", params={"event": "pack.yaml"})
    assert r.status_code == 200
    assert "line 2: unknown game system &#39;no-such-system&#39;" in r.text


@pytest.mark.parametrize(
    "event, status", [("../x.yaml", 400), ("/etc/passwd.yaml", 400), ("missing.yaml", 404), ("notes.txt", 400)]
)
def test_the_event_pack_must_be_a_file_in_the_folder(client, event, status):
    assert client.get("/", params={"event": event}).status_code == status


def test_search_finds_by_name_file_game_and_player(client, folder):
    (folder / "ozzy.yaml").write_text(OZZY.read_text(encoding="utf-8") + "player: Zoë Ash\n", encoding="utf-8")

    def shown(**params):
        r = client.get("/", params=params)
        assert r.status_code == 200
        return re.findall(r'class="card-title" href="/list/([^"]+)"', r.text), r.text

    assert shown(q="GREENWOOD")[0] == ["greenwood.yaml"]  # the list's name, any case
    assert shown(q="triumph")[0] == ["greenwood.yaml"]  # its game
    assert shown(q="ZOË")[0] == ["ozzy.yaml"]  # its player
    assert shown(q="wee.yaml")[0] == ["wee.yaml"]  # its file
    assert shown(q="token muster")[0] == ["ozzy.yaml"]  # every word
    names, text = shown(q="zzz")
    assert names == [] and "No list matches “zzz”" in text and "(0 of 3)" in text
    assert 'value="zzz"' in text  # the search stays in its field
    assert "(1 of 3)" in shown(q="wee")[1]


def test_sort_orders_the_lists(client, folder):
    shutil.copyfile(BROKEN, folder / "broken.yaml")
    (folder / "ozzy.yaml").write_text(OZZY.read_text(encoding="utf-8") + "player: Ann\n", encoding="utf-8")
    (folder / "wee.yaml").write_text(WEE + "player: Bob\n", encoding="utf-8")
    for i, name in enumerate(["wee.yaml", "broken.yaml", "greenwood.yaml", "ozzy.yaml"]):
        os.utime(folder / name, (1_700_000_000 + i, 1_700_000_000 + i))

    def order(sort):
        r = client.get("/", params={"sort": sort})
        assert r.status_code == 200
        return re.findall(r'class="card-title" href="/list/([^"]+)"', r.text)

    by_name = ["ozzy.yaml", "broken.yaml", "greenwood.yaml", "wee.yaml"]  # Ozzy's, The Broken, The Greenwood, Wee
    assert order("name") == by_name
    assert order("bogus") == by_name
    assert order("changed") == ["ozzy.yaml", "greenwood.yaml", "broken.yaml", "wee.yaml"]  # the latest first
    assert order("system")[:2] == ["broken.yaml", "greenwood.yaml"]  # Fantasy Triumph before Token Terrors
    assert order("player")[-2:] == ["ozzy.yaml", "wee.yaml"]  # Ann, Bob after the lists with no player
    assert order("status")[0] == "broken.yaml"  # not legal first
    # totals as numbers: 2 slots, 10 slots, 40 points, 51 points
    assert order("total") == ["wee.yaml", "ozzy.yaml", "broken.yaml", "greenwood.yaml"]


# ---------------------------------------------------------------------------
# New lists


def test_a_new_list_is_named_after_the_list_and_made_by_the_edit_engine(client, folder):
    data = {"csrf": TOKEN, "system": "token-terrors", "name": "My Wee Army"}
    r = client.post("/new", data=data, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and re.fullmatch(r"/list/my-wee-army\.yaml\?done=[\w-]+", r.headers["location"])
    text = (folder / "my-wee-army.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")  # run_new's header
    assert "system: token-terrors" in text and "name: My Wee Army" in text
    # no path of the server's machine in the file (issue 24: it leaked when the list was shared)
    assert str(folder) not in text and str(folder.resolve()) not in text and "/tmp" not in text
    shown = client.get(r.headers["location"])
    assert said(shown).startswith("ok: New list: my-wee-army.yaml") and "My Wee Army" in shown.text
    # the same name again: a new file beside it, never over it
    first = (folder / "my-wee-army.yaml").read_bytes()
    r = client.post("/new", data=data, headers=JSON)
    assert r.status_code == 201
    assert r.json() == {"status": "ok", "name": "my-wee-army-2.yaml", "url": "/list/my-wee-army-2.yaml"}
    assert (folder / "my-wee-army.yaml").read_bytes() == first


def test_a_new_list_s_name_cannot_leave_the_folder(client, folder):
    for name, file in [("../../etc/passwd", "etc-passwd.yaml"), (".hidden", "hidden.yaml"), ("", None)]:
        r = client.post("/new", data={"csrf": TOKEN, "system": "homm3-battlefield", "name": name}, headers=JSON)
        assert r.status_code == 201, r.json()
        made = r.json()["name"]
        assert "/" not in made and not made.startswith(".") and (folder / made).is_file()
        if file:
            assert made == file
    assert not (folder.parent / "etc").exists()


def test_a_new_list_with_an_army_size(client, folder):
    data = {"csrf": TOKEN, "system": "fantasy-triumph", "name": "The Host", "points": "48"}
    r = client.post("/new", data=data, headers=JSON)
    assert r.status_code == 201 and r.json()["name"] == "the-host.yaml"
    text = (folder / "the-host.yaml").read_text(encoding="utf-8")
    assert "name: The Host" in text and "points: 48" in text


@pytest.mark.parametrize(
    "data, why",
    [
        ({"system": "token-terrors", "points": "20"}, "have no army size in points: leave it empty"),
        ({"system": "fantasy-triumph", "points": "lots"}, "must be a number"),
        ({"system": "chess"}, "Choose a game"),
        ({"system": "Token Terrors: Battlegrounds"}, "Choose a game"),  # by its id, not its title
        ({"system": ""}, "Choose a game"),
        ({"system": "token-terrors", "name": "x" * 201}, "at most 200 characters"),
    ],
)
def test_new_list_refusals_write_nothing(client, folder, data, why):
    before = tree(folder)
    r = client.post("/new", data={"csrf": TOKEN, "name": "A", **data}, headers=JSON)
    assert r.status_code == 422 and r.json()["status"] == "refused"
    assert any(why in line for line in r.json()["messages"]), r.json()
    r = client.post("/new", data={"csrf": TOKEN, "name": "A", **data}, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/?done=")
    assert said(client.get(r.headers["location"])).startswith("refused: ")
    assert tree(folder) == before


# ---------------------------------------------------------------------------
# Rename, duplicate, delete, restore


def manage(client, name, headers=JSON, **data):
    return client.post(f"/manage/{name}", data={"csrf": TOKEN, **data}, headers=headers, follow_redirects=False)


def test_rename_and_the_history_follows(client, folder):
    r = send(client, name_control(client, "wee.yaml"), "Renamed", headers=JSON)
    assert r.status_code == 200
    changed = (folder / "wee.yaml").read_bytes()
    r = manage(client, "wee.yaml", do="rename", to="muster", headers=SAME)
    assert r.status_code == 303 and r.headers["location"].startswith("/?done=")
    assert said(client.get(r.headers["location"])) == "ok: Renamed wee.yaml to muster.yaml."
    assert not (folder / "wee.yaml").exists() and (folder / "muster.yaml").read_bytes() == changed
    assert (folder / ".armybuilder" / "history" / "muster.yaml.json").is_file()
    assert not (folder / ".armybuilder" / "history" / "wee.yaml.json").exists()
    r = client.post("/undo/muster.yaml", data={"csrf": TOKEN}, headers=JSON)
    assert r.status_code == 200 and (folder / "muster.yaml").read_text(encoding="utf-8") == WEE
    # the suffix is kept (or given again)
    assert manage(client, "muster.yaml", do="rename", to="again.yaml").json()["messages"] == [
        "Renamed muster.yaml to again.yaml."
    ]


def test_rename_never_overwrites_and_refuses_bad_names(client, folder):
    before = {p: (folder / p).read_bytes() for p in ("wee.yaml", "greenwood.yaml")}
    r = manage(client, "wee.yaml", do="rename", to="greenwood")
    assert r.status_code == 409 and "already a file named greenwood.yaml" in r.json()["messages"][0]
    for to in ("", "../x", ".hidden", "a/b", "  "):
        r = manage(client, "wee.yaml", do="rename", to=to)
        assert r.status_code == 422, to
    assert manage(client, "missing.yaml", do="rename", to="x").status_code == 404
    assert manage(client, "wee.yaml", do="explode").status_code == 422
    assert {p: (folder / p).read_bytes() for p in before} == before
    assert tree(folder) == ["greenwood.yaml", "ozzy.yaml", "wee.yaml"]


def test_rename_in_a_subfolder_stays_there(client, folder):
    (folder / "sub").mkdir()
    shutil.copyfile(WREN, folder / "sub" / "wren.yaml")
    r = manage(client, "sub/wren.yaml", do="rename", to="host")
    assert r.status_code == 200 and (folder / "sub" / "host.yaml").is_file() and not (folder / "host.yaml").exists()


def test_duplicate(client, folder):
    r = manage(client, "ozzy.yaml", do="duplicate")
    assert r.status_code == 200 and r.json()["messages"] == ["Copied ozzy.yaml to ozzy-copy.yaml."]
    copy = (folder / "ozzy-copy.yaml").read_text(encoding="utf-8")
    assert "name: Ozzy's Muster (copy)" in copy and copy.startswith("# Ozzy's army")  # comments kept
    assert of_file(folder / "ozzy.yaml") == of_file(OZZY)
    assert manage(client, "ozzy.yaml", do="duplicate").json()["messages"] == ["Copied ozzy.yaml to ozzy-copy-2.yaml."]
    assert (folder / "ozzy-copy.yaml").read_text(encoding="utf-8") == copy


def trash_keys(client) -> list[str]:
    return [html.unescape(k) for k in re.findall(r'name="key" value="([^"]+)"', client.get("/").text)]


def test_delete_to_the_trash_and_restore(client, folder):
    send(client, name_control(client, "ozzy.yaml"), "Before the bin", headers=JSON)
    kept = (folder / "ozzy.yaml").read_bytes()
    r = manage(client, "ozzy.yaml", do="delete", headers=SAME)
    assert r.status_code == 303
    assert "Moved ozzy.yaml to the trash" in said(client.get(r.headers["location"]))
    assert not (folder / "ozzy.yaml").exists()
    assert not (folder / ".armybuilder" / "history" / "ozzy.yaml.json").exists()  # not the next list's history
    text = client.get("/").text
    assert 'href="/list/ozzy.yaml"' not in text
    trash = re.search(r'<section class="trash".*?</section>', text, re.S).group(0)
    assert "ozzy.yaml" in trash and "deleted " in trash
    (key,) = trash_keys(client)
    assert client.get("/list/.armybuilder/trash/" + key).status_code == 400  # never served by name
    r = client.post("/restore", data={"csrf": TOKEN, "key": key}, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and said(client.get(r.headers["location"])) == "ok: Restored ozzy.yaml."
    assert (folder / "ozzy.yaml").read_bytes() == kept and trash_keys(client) == []


def test_a_list_is_restored_beside_one_that_took_its_name(client, folder):
    manage(client, "ozzy.yaml", do="delete")
    shutil.copyfile(WREN, folder / "ozzy.yaml")
    (key,) = trash_keys(client)
    r = client.post("/restore", data={"csrf": TOKEN, "key": key}, headers=JSON)
    assert r.status_code == 200 and r.json()["messages"] == ["Restored ozzy-restored.yaml."]
    assert of_file(folder / "ozzy.yaml") == of_file(WREN) and of_file(folder / "ozzy-restored.yaml") == of_file(OZZY)


@pytest.mark.parametrize("key", ["", "nothing", "../ozzy.yaml", "1--x.yaml/../../ozzy.yaml", ".armybuilder"])
def test_restore_refuses_what_is_not_in_the_trash(client, folder, key):
    manage(client, "wee.yaml", do="delete")
    before = tree(folder)
    r = client.post("/restore", data={"csrf": TOKEN, "key": key}, headers=JSON)
    assert r.status_code == 404 and r.json()["messages"] == ["That list is not in the trash"]
    assert tree(folder) == before


# ---------------------------------------------------------------------------
# Import


def test_import_from_a_share_code(client, folder):
    from armybuilder.sharecode import encode
    from armybuilder.yamlio import load_file

    code = encode(load_file(OZZY).data)
    (folder / "ozzy.yaml").unlink()  # a list not in the folder yet (the same list already there opens: below)
    r = client.post("/import", data={"csrf": TOKEN, "code": code}, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/list/ozzy-s-muster.yaml?done=")
    assert said(client.get(r.headers["location"])) == "ok: Imported as ozzy-s-muster.yaml."
    assert load_file(folder / "ozzy-s-muster.yaml").data == load_file(OZZY).data
    # the code as a chat shows it, broken over lines: the same list, which is already here (issue
    # 46, item 11: the same list saved twice opens the one saved, and nothing new is written)
    r = client.post("/import", data={"csrf": TOKEN, "code": code[:20] + "\n " + code[20:]}, headers=JSON)
    assert r.status_code == 200 and r.json()["name"] == "ozzy-s-muster.yaml" and r.json()["already"] is True
    assert not (folder / "ozzy-s-muster-2.yaml").exists()


@pytest.mark.parametrize("fmt, suffix", [("markdown", ".md"), ("json", ".json"), ("pdf", ".pdf")])
@pytest.mark.parametrize("source", [GREENWOOD, OZZY, CASTLE], ids=["ft", "tt", "homm3"])
def test_import_from_an_uploaded_roster(client, folder, fmt, suffix, source):
    from armybuilder.export import ExportOptions, exporter
    from armybuilder.export.roster import build

    roster, _ = build(source)
    raw = exporter(fmt).render(roster, ExportOptions())
    files = {"roster": ("my roster" + suffix, raw)}
    r = client.post("/import", files=files, data={"csrf": TOKEN}, headers=SAME, follow_redirects=False)
    assert r.status_code == 303, r.text[:500]
    name = re.match(r"/list/([^?]+)\?done=", r.headers["location"]).group(1)
    assert said(client.get(r.headers["location"])) == f"ok: Imported as {name}."
    assert of_file(folder / name) == of_file(source)  # the same list


@pytest.mark.parametrize(
    "files, code, why",
    [
        ({"roster": ("r.txt", b"The Greenwood Host\n")}, "", "The chosen file is not a roster"),
        ({"roster": ("r.md", b"")}, "", "The file is empty"),
        ({"roster": ("r.pdf", b"%PDF-1.4 not really")}, "", "The chosen file is a PDF that cannot be read"),
        ({"roster": ("r.json", b'{"a": 1}')}, "", "The chosen file is JSON, but not a roster"),
        (None, "AB1.garbage", "The share code cannot be read"),
        (None, "hello", "That is not a share code"),
        (None, "", "Paste a share code"),
    ],
)
def test_a_bad_import_is_refused_with_a_clear_message_and_nothing_written(client, folder, files, code, why):
    before = tree(folder)
    r = client.post("/import", files=files, data={"csrf": TOKEN, "code": code}, headers=JSON)
    assert r.status_code == 422 and r.json()["status"] == "refused"
    assert any(line.startswith(why) or why in line for line in r.json()["messages"]), r.json()
    assert not any(str(folder) in line or "/tmp" in line for line in r.json()["messages"])  # no server path
    r = client.post("/import", files=files, data={"csrf": TOKEN, "code": code}, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and why in said(client.get(r.headers["location"]))
    assert tree(folder) == before


def test_uploads_are_for_import_only_and_bounded(client, folder):
    before = tree(folder)
    r = client.post("/import", files={"roster": ("r.md", b"x" * (MAX_UPLOAD + 1))}, data={"csrf": TOKEN}, headers=SAME)
    assert r.status_code == 413
    r = client.post("/import", data={"csrf": TOKEN, "code": "x" * (MAX_BODY + 10)}, headers=SAME)
    assert r.status_code == 413  # a urlencoded form is at most 64 KiB, there too
    files = [("roster", ("a.md", b"x")), ("roster", ("b.md", b"y"))]
    assert client.post("/import", files=files, data={"csrf": TOKEN}, headers=SAME).status_code == 400
    for url in ("/act/wee.yaml", "/new", "/manage/wee.yaml", "/restore", "/undo/wee.yaml", "/redo/wee.yaml"):
        r = client.post(url, files={"roster": ("r.md", b"x")}, data={"csrf": TOKEN}, headers=SAME)
        assert r.status_code == 415, url
    assert tree(folder) == before


# ---------------------------------------------------------------------------
# The list page


def test_the_list_page_shows_its_board_verdict_and_roster(client):
    text = page(client, "ozzy.yaml")
    assert '<span id="status" class="status valid">Legal</span>' in text
    assert '<span id="total" class="total">10 of 10 slots</span>' in text and "0 left" in text
    assert 'id="row-tokens-1"' in text and 'id="catalog"' in text
    assert "Token Terrors: Battlegrounds" in text
    for fmt in ("pdf", "markdown", "json", "text"):
        assert f'href="/roster/{fmt}/ozzy.yaml"' in text
    # the undo and redo buttons, with nothing yet to undo
    assert re.search(r'id="undo"[^>]*disabled aria-label="Undo \(nothing to undo\)"', text)
    # every control carries the page's version and token
    for f in controls(text):
        assert f.fields["csrf"] == TOKEN and f.fields["version"] == version(OZZY)
        assert (f.typed is None and f.select is None) or f.fields["id"].startswith("c-")


def test_an_illegal_list_shows_its_findings(client, folder):
    shutil.copyfile(BROKEN, folder / "broken.yaml")
    text = page(client, "broken.yaml")
    assert '<span id="status" class="status invalid">Not legal</span>' in text
    assert "Elefants" in text and 'href="#findings"' in text


def test_a_file_that_is_not_a_list_is_shown_not_edited(client, folder):
    (folder / "bad.yaml").write_text("system: [unclosed\n")
    (folder / "words.yaml").write_text("- not\n- a list\n")
    for name in ("bad.yaml", "words.yaml"):
        text = page(client, name)
        assert "Not legal" in text and "Not a list of a game armybuilder knows" in text
        assert controls(text) == []  # no controls: edits would be refused anyway
        assert 'id="share-code"' not in text  # nothing to share


def test_the_focus_chooses_the_row_the_catalog_adds_to(client):
    text = page(client, "greenwood.yaml")
    links = re.findall(
        r'<a class="btn focus[^"]*" id="[^"]+" href="/list/greenwood\.yaml\?focus=([\w-]+)#(?:catalog|g-[\w-]+)"', text
    )
    if not links:
        pytest.skip("the Fantasy Triumph board offers no row to add to")
    key = links[-1]
    text = page(client, "greenwood.yaml", focus=key)
    assert re.search(rf'<li class="row focused[^"]*" id="row-{key}"', text)
    # every control keeps the focus, and a plain form comes back to it
    assert all(f.fields.get("focus") == key for f in controls(text))
    r = send(client, controls(text)[0])
    assert r.status_code == 303 and f"focus={key}" in r.headers["location"]
    assert client.get("/list/greenwood.yaml", params={"focus": "no-such-row"}).status_code == 200


@pytest.mark.parametrize("name", ["missing.yaml", "%2e%2e/lists/wee.yaml", "%2e/wee.yaml", "sub//wee.yaml"])
@pytest.mark.parametrize("how", ["list", "act", "undo", "redo", "roster", "manage"])
def test_names_outside_the_rules_are_refused_everywhere(client, folder, name, how):
    urls = {
        "list": ("get", f"/list/{name}"),
        "act": ("post", f"/act/{name}"),
        "undo": ("post", f"/undo/{name}"),
        "redo": ("post", f"/redo/{name}"),
        "roster": ("get", f"/roster/markdown/{name}"),
        "manage": ("post", f"/manage/{name}"),
    }
    method, url = urls[how]
    data = {
        "csrf": TOKEN,
        "e": '["set","name",["--","x"],null]',
        "version": version(folder / "wee.yaml"),
        "do": "delete",
    }
    before = tree(folder)
    r = client.get(url) if method == "get" else client.post(url, data=data, headers=JSON, follow_redirects=False)
    assert r.status_code in ((404,) if name == "missing.yaml" else (400, 404)), (url, r.status_code)
    assert tree(folder) == before


@pytest.mark.parametrize(
    "name, status",
    [
        ("wee.txt", 400),
        ("%2e%2e/etc/passwd.yaml", 400),
        (".hidden.yaml", 400),
        (".armybuilder/history/wee.yaml.json", 400),
        ("a%5cb.yaml", 400),
        ("a%00b.yaml", 400),
    ],
)
def test_list_view_refuses_names_outside_the_rules(client, folder, name, status):
    (folder / ".hidden.yaml").write_text(WEE, encoding="utf-8")
    assert client.get(f"/list/{name}").status_code == status


def test_a_symlink_out_of_the_folder_is_refused(client, folder, tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(WEE, encoding="utf-8")
    (folder / "link.yaml").symlink_to(outside)
    (folder / "inner.yaml").symlink_to(folder / "wee.yaml")
    assert client.get("/list/link.yaml").status_code == 403
    text = client.get("/").text
    assert "outside.yaml" not in text and "link.yaml" not in text
    # a link inside the folder is followed: the change is made in the file it names
    r = send(client, name_control(client, "inner.yaml"), "Inside", headers=JSON)
    assert r.status_code == 200 and "name: Inside" in (folder / "wee.yaml").read_text(encoding="utf-8")
    assert (folder / "inner.yaml").is_symlink()
    e = '["set","name",["--","Hijacked"],null]'
    for url in ("/act/link.yaml", "/undo/link.yaml", "/redo/link.yaml", "/manage/link.yaml"):
        r = client.post(url, data={"csrf": TOKEN, "e": e, "version": version(outside), "do": "delete"}, headers=JSON)
        assert r.status_code == 403, url
    assert client.get("/roster/markdown/link.yaml").status_code == 403
    assert outside.read_text(encoding="utf-8") == WEE and (folder / "link.yaml").is_symlink()


def test_only_regular_files(client, folder):
    (folder / "dir.yaml").mkdir()
    os.mkfifo(folder / "fifo.yaml")
    assert client.get("/list/dir.yaml").status_code == 403
    assert client.get("/list/fifo.yaml").status_code == 403  # never opened: reading it could hang
    e = '["set","name",["--","x"],null]'
    for name in ("dir.yaml", "fifo.yaml"):
        assert client.post(f"/act/{name}", data={"csrf": TOKEN, "e": e}, headers=JSON).status_code == 403
        assert client.post(f"/manage/{name}", data={"csrf": TOKEN, "do": "delete"}, headers=JSON).status_code == 403
    assert client.get("/").status_code == 200


def test_every_string_from_a_list_is_escaped(client, folder):
    evil = "<script>alert(1)</script>"
    (folder / "tt.yaml").write_text(
        f'system: token-terrors\nname: "{evil}"\nplayer: "<i>me</i>"\nnote: "<u>n</u>"\n'
        'tokens:\n  "<b>x</b>": 2\n  Goblins: 3\n',
        encoding="utf-8",
    )
    (folder / "ft.yaml").write_text(
        f'system: fantasy-triumph\nname: "{evil}"\n'
        'classes:\n  - {name: "<b>x</b>", troop: "<i>Elefants", stands: 2}\n',
        encoding="utf-8",
    )
    (folder / "homm3.yaml").write_text(
        f'system: homm3-battlefield\nname: "{evil}"\nmode: skirmish\nlength: medium\nfaction: "<b>x</b>"\n'
        'hero: {name: "<i>Cath</i>", level: V}\nunits:\n  - {name: "<s>Halb</s>", side: Pack}\n',
        encoding="utf-8",
    )
    shutil.copyfile(WREN, folder / "<i>file&name.yaml")  # a file name is a string from the folder
    for url in ("/", "/list/tt.yaml", "/list/ft.yaml", "/list/homm3.yaml", "/list/%3Ci%3Efile%26name.yaml"):
        text = client.get(url).text
        assert client.get(url).status_code == 200, url
        for raw in (evil, "<b>x</b>", "<i>", "<u>", "<s>", "&name"):
            assert raw not in text, (url, raw)
        assert ("&lt;i&gt;file&amp;name.yaml" if "file" in url else "&lt;script&gt;alert(1)&lt;/script&gt;") in text
    assert "&lt;b&gt;x&lt;/b&gt;" in client.get("/list/tt.yaml").text  # a row, its controls, the findings
    assert "&lt;i&gt;file&amp;name.yaml" in client.get("/").text
    assert 'href="/list/%3Ci%3Efile%26name.yaml"' in client.get("/").text
    # what an edit says back, and what a refused field shows again
    r = crafted(client, "tt.yaml", '["add","tokens",["--","<img src=x onerror=alert(1)>","2"],null]', headers=HTMX)
    assert r.status_code == 422 and "<img" not in r.text and "&lt;img src=x onerror=alert(1)&gt;" in r.text
    form = find(r.text, "set", "tokens", "Goblins", typed=True)
    r = send(client, form, '"><script>alert(2)</script>', headers=HTMX)
    assert "<script>alert(2)" not in r.text and "&#34;&gt;&lt;script&gt;alert(2)" in r.text
    r = client.get("/explain/token-terrors", params={"name": evil})
    assert evil not in r.text and "&lt;script&gt;" in r.text


def test_control_characters_from_a_list_never_reach_the_page(client, folder):
    (folder / "ctl.yaml").write_text(
        'system: token-terrors\nname: "Red\\e[31m Host\\u202e"\nplayer: "a\\u2066b\\u200fc"\ntokens:\n  Goblins: 3\n',
        encoding="utf-8",
    )
    pages = [client.get("/").text, client.get("/list/ctl.yaml").text]
    r = send(client, name_control(client, "ctl.yaml"), "Bell\x07 and \u202eflip", headers=HTMX)  # said back
    pages.append(r.text)
    for text in pages:
        for c in ("\x1b", "\x07", "\u202e", "\u2066", "\u200f"):
            assert c not in text
    assert "Red\ufffd[31m Host\ufffd" in pages[0] and "Red\ufffd[31m Host\ufffd" in pages[1]


# ---------------------------------------------------------------------------
# Changes


def test_a_click_goes_through_the_edit_engine_and_keeps_comments(client, folder, tmp_path):
    from armybuilder.edit.engine import run_edit

    form = find(page(client, "wee.yaml"), "add", "tokens", "Goblins", typed=False)
    edit = form.edit
    r = send(client, form)
    assert r.status_code == 303
    assert re.fullmatch(r"/list/wee\.yaml\?done=[\w-]+#row-tokens-1", r.headers["location"])  # back at the row
    text = (folder / "wee.yaml").read_text(encoding="utf-8")
    assert text == WEE.replace("Goblins: 2 # two gobbos", "Goblins: 3 # two gobbos")  # comments kept
    # byte for byte what the edit engine writes for the same words
    by_hand = tmp_path / "by-hand.yaml"
    by_hand.write_text(WEE, encoding="utf-8")
    run_edit(by_hand, edit.verb, edit.part, list(edit.words))
    assert by_hand.read_bytes() == (folder / "wee.yaml").read_bytes()
    shown = client.get(r.headers["location"])
    assert said(shown).startswith("invalid: Goblins: 3 tokens (+1) | Changed: the army uses 3 of its 10 slots")
    assert said(client.get(r.headers["location"])) == "none: "  # said once


def test_a_typed_control_sends_its_value_and_a_new_part_gets_the_focus(client, folder):
    form = find(page(client, "wee.yaml"), "add", "tokens", "Elves", typed=True)
    assert form.typed is not None and form.fields["at"].startswith("g-")
    r = send(client, form, "3", headers=HTMX)
    assert r.status_code == 200 and said(r).startswith("invalid: Elves: 3 tokens (+3)")
    assert "  Elves: 3\n" in (folder / "wee.yaml").read_text(encoding="utf-8")
    # the new row's first typed control has the focus (and nothing else)
    new = find(r.text, "set", "tokens", "Elves", typed=True)
    assert "autofocus" in new.typed
    assert len(re.findall(r"\sautofocus[\s>]", r.text)) == 1
    # the same after a plain form, once redirected
    form = find(r.text, "add", "tokens", "Zombies", typed=True)
    r = send(client, form, "2")
    assert r.status_code == 303 and r.headers["location"].endswith("#" + form.fields["at"])
    shown = client.get(r.headers["location"]).text
    assert "autofocus" in find(shown, "set", "tokens", "Zombies", typed=True).typed


def test_a_refused_typed_value_is_shown_again_with_the_focus(client, folder):
    form = find(page(client, "wee.yaml"), "set", "tokens", "Goblins", typed=True)
    r = send(client, form, "abc", headers=HTMX)
    assert r.status_code == 422 and said(r).startswith("refused: ") and "Nothing was changed." in said(r)
    again = find(r.text, "set", "tokens", "Goblins", typed=True)
    assert again.typed["value"] == "abc" and "autofocus" in again.typed
    assert len(re.findall(r"\sautofocus[\s>]", r.text)) == 1
    # without JavaScript: back at the row, the value kept, once
    r = send(client, form, "abc")
    assert r.status_code == 303 and r.headers["location"].endswith("#row-tokens-1")
    shown = client.get(r.headers["location"]).text
    again = find(shown, "set", "tokens", "Goblins", typed=True)
    assert again.typed["value"] == "abc" and "autofocus" in again.typed
    assert find(client.get(r.headers["location"]).text, "set", "tokens", "Goblins", typed=True).typed["value"] == "2"
    # an empty field
    r = send(client, form, "  ", headers=JSON)
    assert r.status_code == 422 and r.json() == {
        "status": "refused",
        "messages": ["Fill it in first: nothing was changed."],
    }
    assert (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


def test_a_control_without_a_row_comes_back_at_its_section(client):
    form = name_control(client, "wee.yaml")
    assert form.fields["at"] == "about"  # the list's name, player and note
    r = send(client, form, "New name")
    assert r.status_code == 303 and r.headers["location"].endswith("#about")


def test_json_answers(client, folder):
    form = find(page(client, "wee.yaml"), "add", "tokens", "Goblins", typed=False)
    r = send(client, form, headers=JSON)
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    body = r.json()
    assert set(body) == {"status", "messages"} and body["status"] == "invalid"
    assert body["messages"][0] == "Goblins: 3 tokens (+1)"
    # the same form again: the page it came from is out of date
    r = send(client, form, headers=JSON)
    assert r.status_code == 409 and r.json()["status"] == "refused"
    assert "changed elsewhere since the page was shown" in r.json()["messages"][0]
    # refused by the engine
    r = crafted(client, "wee.yaml", '["add","tokens",["--","Dragons","2"],null]')
    assert r.status_code == 422 and r.json()["status"] == "refused" and "Dragons" in r.json()["messages"][0]
    # a legal list
    name = name_control(client, "ozzy.yaml")
    r = send(client, name, "Renamed", headers=JSON)
    assert r.status_code == 200 and r.json() == {"status": "ok", "messages": ["Name: Renamed"]}
    r = crafted(client, "ozzy.yaml", '["set","name",["--","Renamed"],null]')
    assert r.status_code == 200 and r.json()["messages"] == ["Name: Renamed: nothing to change."]


def test_the_page_s_version_is_checked_under_the_edit_lock(client, folder, monkeypatch):
    """Issue 24: the "changed since the page was shown" check ran before the edit lock was taken,
    so an edit made between the two was overwritten by a page that never showed it. Here another
    edit holds the lock while the page's change arrives, and changes the file before it lets go."""
    import threading

    from armybuilder import fsutil

    path = folder / "wee.yaml"
    form = name_control(client, "wee.yaml")
    real_lock = fsutil.locked
    waiting = threading.Event()

    def spied(*args, **kwargs):
        waiting.set()  # the page's change has come to the lock
        return real_lock(*args, **kwargs)

    monkeypatch.setattr(fsutil, "locked", spied)
    answers = []
    with real_lock(os.path.realpath(path)):  # another edit, under way
        sender = threading.Thread(
            target=lambda: answers.append(send(client, form, "From the stale page", headers=JSON))
        )
        sender.start()
        assert waiting.wait(10)
        path.write_text(WEE.replace("name: Wee", "name: Edited meanwhile"), encoding="utf-8")
    sender.join(10)
    assert answers and answers[0].status_code == 409, answers and answers[0].text
    assert "changed elsewhere since the page was shown" in answers[0].json()["messages"][0]
    assert "name: Edited meanwhile" in path.read_text(encoding="utf-8")  # the other edit is kept


def test_a_change_from_a_page_of_an_older_file_is_refused(client, folder):
    path = folder / "wee.yaml"
    form = name_control(client, "wee.yaml")
    path.write_text(WEE.replace("name: Wee", "name: Edited elsewhere"), encoding="utf-8")
    for headers, status in ((JSON, 409), (HTMX, 409), (SAME, 303)):
        r = send(client, form, "From the old page", headers=headers)
        assert r.status_code == status
    r = send(client, form, "From the old page", headers=HTMX)
    assert "changed elsewhere" in said(r)
    # the page as the file is now (the typed value kept in its field, to send again)
    assert '<h1 id="list-name">Edited elsewhere</h1>' in r.text
    again = name_control(client, "wee.yaml")
    assert again.fields["version"] == version(path) != form.fields["version"]
    assert find(r.text, "set", "name", typed=True).typed["value"] == "From the old page"
    assert "name: Edited elsewhere" in path.read_text(encoding="utf-8")


def test_a_locked_list_is_answered_423(client, folder, monkeypatch):
    from armybuilder import fsutil

    monkeypatch.setattr(fsutil, "LOCK_TIMEOUT", 0.2)
    send(client, name_control(client, "wee.yaml"), "Changed", headers=JSON)
    form = name_control(client, "wee.yaml")
    before = (folder / "wee.yaml").read_bytes()
    with fsutil.locked(os.path.realpath(folder / "wee.yaml"), timeout=5):
        r = send(client, form, "Locked out", headers=JSON)
        assert r.status_code == 423 and r.json()["status"] == "refused"
        assert "Nothing was changed." in r.json()["messages"][0] and str(folder) not in r.json()["messages"][0]
        assert send(client, form, "Locked out", headers=HTMX).status_code == 423
        for step in ("undo", "redo"):
            r = client.post(f"/{step}/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
            assert r.status_code == 423 and str(folder) not in r.json()["messages"][0], r.json()
    assert (folder / "wee.yaml").read_bytes() == before
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)  # the history is still there
    assert r.status_code == 200 and (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


@pytest.mark.parametrize(
    "e",
    [
        "[garbage",
        "{}",
        "null",
        '["set"]',
        '["frobnicate","name",["--","x"],null]',
        '["set","",["--","x"],null]',
        '["set","' + "x" * 41 + '",[],null]',
        '["set","name","--",null]',
        '["set","name",[1],null]',
        '["set","name",["--"],99]',
        '["set","name",["--"],-1]',
        '["set","name",["--"],true]',
        '["set","name",["--"],"1"]',
        json.dumps(["set", "name", ["x"] * 65, None]),
        json.dumps(["set", "name", ["--", "x" * 2001], None]),
        "[" + " " * MAX_EDIT + "]",
    ],
)
def test_a_malformed_change_is_refused_and_nothing_written(client, folder, e):
    before = tree(folder)
    r = crafted(client, "wee.yaml", e, value="x")
    assert r.status_code == 422 and r.json()["status"] == "refused"
    assert r.json()["messages"][0] in ("The change could not be read; reload the page.", "The change is too long.")
    assert crafted(client, "wee.yaml", e, headers=HTMX, value="x").status_code == 422
    assert tree(folder) == before and (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


def test_a_change_of_no_part_is_refused_in_the_page_s_words(client, folder):
    r = crafted(client, "wee.yaml", '["set","nosuchpart",["--","x"],null]')
    assert r.status_code == 422 and not re.search(r"--[a-z]|\bFILE\b|armybuilder \w", r.json()["messages"][0])
    r = crafted(client, "wee.yaml", '["add","tokens",["--stands","2","--","Goblins","1"],null]')
    assert r.status_code == 422 and not re.search(r"--[a-z]|usage", r.json()["messages"][0])
    assert (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


def test_a_drop_down_left_as_it_is_changes_nothing(client, folder):
    r = crafted(client, "wee.yaml", "")
    assert r.status_code == 200 and r.json() == {"status": "ok", "messages": ["Nothing to change."]}
    assert (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


def test_a_typed_name_that_looks_like_an_option_stays_a_name(client, folder):
    r = send(client, name_control(client, "wee.yaml"), "--force", headers=JSON)
    assert r.status_code == 200
    assert "name: --force" in (folder / "wee.yaml").read_text(encoding="utf-8")


def test_a_list_that_cannot_be_read_is_not_edited(client, folder):
    (folder / "bad.yaml").write_text("system: token-terrors\nname: [x\n")
    r = crafted(client, "bad.yaml", '["set","name",["--","x"],null]')
    assert r.status_code == 422
    assert (folder / "bad.yaml").read_text() == "system: token-terrors\nname: [x\n"


def test_a_vanished_file_is_refused(client, folder):
    form = name_control(client, "wee.yaml")
    (folder / "wee.yaml").unlink()
    assert send(client, form, "x").status_code == 404
    assert client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=SAME).status_code == 404


# ---------------------------------------------------------------------------
# Undo and redo


def test_changes_are_undone_and_redone_in_order(client, folder):
    path = folder / "wee.yaml"
    states = [path.read_bytes()]
    send(client, find(page(client, "wee.yaml"), "add", "tokens", "Goblins", typed=False), headers=JSON)
    states.append(path.read_bytes())
    send(client, find(page(client, "wee.yaml"), "add", "tokens", "Elves", typed=True), "2", headers=JSON)
    states.append(path.read_bytes())
    send(client, name_control(client, "wee.yaml"), "Third", headers=JSON)
    states.append(path.read_bytes())
    assert len(set(states)) == 4
    text = page(client, "wee.yaml")
    assert re.search(r'id="undo" class="quiet"[^>]* aria-label="Undo: name: Third"', text)
    for expected in reversed(states[:-1]):
        r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
        assert r.status_code == 200 and r.json()["messages"][0].startswith("Undone: ")
        assert path.read_bytes() == expected
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
    assert r.status_code == 409 and r.json()["messages"] == ["Nothing to undo."]
    assert path.read_bytes() == states[0]
    for expected in states[1:]:
        r = client.post("/redo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
        assert r.status_code == 200 and r.json()["messages"][0].startswith("Redone: ")
        assert path.read_bytes() == expected
    r = client.post("/redo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
    assert r.status_code == 409 and r.json()["messages"] == ["Nothing to redo."]
    # a plain form comes back to the result; htmx gets the page
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and re.fullmatch(r"/list/wee\.yaml\?done=[\w-]+#result", r.headers["location"])
    assert said(client.get(r.headers["location"])) == "ok: Undone: name: Third"
    r = client.post("/redo/wee.yaml", data={"csrf": TOKEN}, headers=HTMX)
    assert r.status_code == 200 and said(r) == "ok: Redone: name: Third" and path.read_bytes() == states[-1]
    # a new change after an undo: nothing left to redo
    client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
    send(client, name_control(client, "wee.yaml"), "Another", headers=JSON)
    assert client.post("/redo/wee.yaml", data={"csrf": TOKEN}, headers=JSON).status_code == 409


def test_undo_after_an_outside_edit_is_refused_and_nothing_is_lost(client, folder):
    path = folder / "wee.yaml"
    send(client, name_control(client, "wee.yaml"), "Mine", headers=JSON)
    outside = path.read_text(encoding="utf-8") + "# edited by hand\n"
    path.write_text(outside, encoding="utf-8")
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)
    assert r.status_code == 409 and "changed outside the builder" in r.json()["messages"][0]
    assert path.read_text(encoding="utf-8") == outside
    r = client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON)  # the history started again
    assert r.status_code == 409 and r.json()["messages"] == ["Nothing to undo."]
    assert path.read_text(encoding="utf-8") == outside


def test_the_history_lives_beside_the_list_and_is_bounded(client, folder):
    from armybuilder.history import LIMIT

    assert LIMIT == 50
    path = folder / "wee.yaml"
    form = name_control(client, "wee.yaml")
    states = []
    for i in range(LIMIT + 3):
        r = client.post(
            "/act/wee.yaml", data={**form.fields, "version": version(path), "value": f"Name {i}"}, headers=JSON
        )
        assert r.status_code == 200, r.json()
        states.append(path.read_bytes())
    kept = folder / ".armybuilder" / "history" / "wee.yaml.json"
    history = json.loads(kept.read_text(encoding="utf-8"))
    assert len(history["undo"]) == LIMIT and history["redo"] == []
    # never in the list, never listed, never served
    assert path.read_text(encoding="utf-8") == WEE.replace("name: Wee", f"name: Name {LIMIT + 2}")
    assert ".armybuilder" not in client.get("/").text
    assert client.get("/list/.armybuilder/history/wee.yaml.json").status_code == 400
    for _ in range(LIMIT):
        assert client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON).status_code == 200
    assert client.post("/undo/wee.yaml", data={"csrf": TOKEN}, headers=JSON).status_code == 409
    assert path.read_bytes() == states[2]  # the oldest three are gone


# ---------------------------------------------------------------------------
# What every POST must pass


POSTS = {
    "act": "/act/wee.yaml",
    "undo": "/undo/wee.yaml",
    "redo": "/redo/wee.yaml",
    "new": "/new",
    "import": "/import",
    "manage": "/manage/wee.yaml",
    "restore": "/restore",
}


def every_post(client, folder) -> dict[str, dict[str, str]]:
    """Each state-changing route with a form that would change something."""
    from armybuilder.sharecode import encode
    from armybuilder.yamlio import load_file

    send(client, name_control(client, "wee.yaml"), "Undoable", headers=JSON)  # something to undo
    form = name_control(client, "wee.yaml")
    (folder / "gone.yaml").write_text(WEE, encoding="utf-8")
    manage(client, "gone.yaml", do="delete")
    (key,) = trash_keys(client)
    return {
        "act": {**form.fields, "value": "Hijacked"},
        "undo": {"csrf": TOKEN},
        "redo": {"csrf": TOKEN},
        "new": {"csrf": TOKEN, "system": "token-terrors", "name": "Hijack"},
        "import": {"csrf": TOKEN, "code": encode(load_file(OZZY).data)},
        "manage": {"csrf": TOKEN, "do": "delete"},
        "restore": {"csrf": TOKEN, "key": key},
    }


@pytest.mark.parametrize(
    "headers",
    [
        {},  # no Origin, no Referer
        {"origin": "http://evil.example"},
        {"origin": "null"},
        {"origin": "http://127.0.0.1:9999"},  # another port is another origin
        {"origin": "https://127.0.0.1:8000"},  # another scheme too
        {"referer": "http://evil.example/list/wee.yaml"},
        {"referer": "http://127.0.0.1:8000.evil.example/"},
    ],
)
def test_a_post_from_another_origin_is_refused(client, folder, headers):
    data = every_post(client, folder)
    before = {p: (folder / p).read_bytes() for p in tree(folder) if (folder / p).is_file()}
    for how, url in POSTS.items():
        r = client.post(url, data=data[how], headers=headers, follow_redirects=False)
        assert r.status_code == 403 and "Origin check failed" in r.text, how
    assert {p: (folder / p).read_bytes() for p in tree(folder) if (folder / p).is_file()} == before


@pytest.mark.parametrize(
    "headers",
    [
        {"referer": BASE + "/list/wee.yaml"},
        {"origin": "http://localhost:8000"},  # another name of this server, at its port
        {"origin": "http://[::1]:8000"},
    ],
)
def test_a_post_from_a_page_of_this_server_passes(client, folder, headers):
    r = send(client, name_control(client, "wee.yaml"), "Ok", headers=headers)
    assert r.status_code == 303 and "name: Ok" in (folder / "wee.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("token", ["", "wrong", TOKEN + "x", TOKEN[:-1]])
def test_a_post_without_the_token_is_refused(client, folder, token):
    data = every_post(client, folder)
    before = {p: (folder / p).read_bytes() for p in tree(folder) if (folder / p).is_file()}
    for how, url in POSTS.items():
        r = client.post(url, data={**data[how], "csrf": token}, headers=SAME, follow_redirects=False)
        assert r.status_code == 403 and "reload it" in r.text, how
        if how == "act":
            del data[how]["csrf"]
            assert client.post(url, data=data[how], headers=SAME).status_code == 403
    r = client.post("/import", files={"roster": ("r.md", b"x")}, data={"csrf": token}, headers=SAME)
    assert r.status_code == 403
    assert {p: (folder / p).read_bytes() for p in tree(folder) if (folder / p).is_file()} == before


def test_the_token_is_new_in_every_process(folder):
    a = make_app(folder).state.builder.token
    b = make_app(folder).state.builder.token
    assert a != b and len(a) >= 32


def test_state_changes_are_post_only(client, folder):
    for url in POSTS.values():
        assert client.get(url, params={"csrf": TOKEN, "do": "delete", "system": "token-terrors"}).status_code == 405
    for url in ("/", "/list/wee.yaml", "/roster/pdf/wee.yaml", "/explain/token-terrors", "/static/app.js"):
        assert client.post(url, data={"csrf": TOKEN}, headers=SAME).status_code == 405, url
    assert tree(folder) == ["greenwood.yaml", "ozzy.yaml", "wee.yaml"]
    assert (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


def test_request_bodies_are_limited(client, folder):
    form = name_control(client, "wee.yaml")
    r = send(client, form, "x" * (MAX_BODY + 10))
    assert r.status_code == 413
    r = client.post(  # beyond any upload: refused before it is read whole
        "/act/wee.yaml",
        content=b"x" * (MAX_UPLOAD + 10),
        headers={**SAME, "content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 413
    many = "&".join(f"f{i}=1" for i in range(200)) + f"&csrf={TOKEN}"
    r = client.post(
        "/act/wee.yaml", content=many, headers={**SAME, "content-type": "application/x-www-form-urlencoded"}
    )
    assert r.status_code == 413
    assert (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


@pytest.mark.parametrize("url", ["/act/wee.yaml", "/undo/wee.yaml", "/new", "/manage/wee.yaml", "/restore", "/import"])
@pytest.mark.parametrize(
    "kind, body, status",
    [
        ("application/json", b'{"csrf": "t"}', 415),
        ("text/plain", b"csrf=" + TOKEN.encode(), 415),
        ("", b"csrf=" + TOKEN.encode(), 415),
        ("application/x-www-form-urlencoded", b"csrf=%ff%fe", 400),
        ("application/x-www-form-urlencoded", b"csrf=\xff", 400),
    ],
)
def test_only_url_encoded_utf8_forms(client, folder, url, kind, body, status):
    headers = {**SAME, "content-type": kind} if kind else SAME
    r = client.post(url, content=body, headers=headers)
    assert r.status_code == status
    assert tree(folder) == ["greenwood.yaml", "ozzy.yaml", "wee.yaml"]


def test_a_broken_upload_is_refused(client, folder):
    r = client.post("/import", content=b"garbage", headers={**SAME, "content-type": "multipart/form-data"})
    assert r.status_code == 400
    r = client.post("/import", content=b"--x--", headers={**SAME, "content-type": "multipart/form-data; boundary=x"})
    assert r.status_code == 403  # read, but no token in it
    assert tree(folder) == ["greenwood.yaml", "ozzy.yaml", "wee.yaml"]


# ---------------------------------------------------------------------------
# Host header, headers, static files


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""])
def test_a_request_for_another_host_is_refused(client, folder, host):
    r = client.get("/", headers={"host": host})
    assert r.status_code == 421  # DNS rebinding: a page of another site must not read the lists
    assert "script-src 'self'" in r.headers["content-security-policy"]
    form = name_control(client, "wee.yaml")
    r = client.post("/act/wee.yaml", data={**form.fields, "value": "x"}, headers={**SAME, "host": host})
    assert r.status_code == 421 and (folder / "wee.yaml").read_text(encoding="utf-8") == WEE


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "localhost", "LOCALHOST:8000"])
def test_the_loopback_names_are_this_server(client, host):
    assert client.get("/", headers={"host": host}).status_code == 200


def test_allowed_hosts():
    loopback = {"127.0.0.1", "localhost", "::1"}
    assert allowed_hosts("127.0.0.1") == loopback  # on loopback nothing else can connect
    assert loopback | {"192.168.1.5"} <= allowed_hosts("192.168.1.5")
    every = allowed_hosts("0.0.0.0")
    assert loopback <= every and "0.0.0.0" not in every and "evil.example" not in every
    assert "phone.example" in allowed_hosts("0.0.0.0", ["phone.example"])


def test_every_answer_carries_the_security_headers(client):
    form = name_control(client, "wee.yaml")
    answers = [
        client.get("/"),
        client.get("/list/wee.yaml"),
        client.get("/list/missing.yaml"),
        client.get("/static/style.css"),
        client.get("/static/nothing.css"),
        client.get("/roster/markdown/wee.yaml"),
        client.get("/explain/token-terrors", params={"name": "Goblins"}),
        client.get("/", headers={"host": "evil.example"}),  # 421
        client.post("/", data={}),  # 405
        client.post("/act/wee.yaml", data={"csrf": TOKEN}),  # 403
        send(client, form, "x"),  # 303
        send(client, form, "y", headers=JSON),  # JSON 409
        send(client, form, "x" * (MAX_BODY + 10)),  # 413 (ours)
        client.post(
            "/act/wee.yaml", content=b"x" * (MAX_UPLOAD + 10), headers={**SAME, "content-type": "text/plain"}
        ),  # 413 (the server's limit)
    ]
    assert [r.status_code for r in answers][-7:] == [421, 405, 403, 303, 409, 413, 413]
    for r in answers:
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "default-src 'none'" in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "same-origin"
        assert r.headers["cache-control"] == "no-store"


def test_static_files_ship_in_the_package(client):
    for name, kind in (
        ("style.css", "text/css"),
        ("app.js", "javascript"),
        ("htmx.min.js", "javascript"),
        ("icon.svg", "image/svg+xml"),
    ):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and kind in r.headers["content-type"] and r.content, name
    assert "htmx" in client.get("/static/htmx.min.js").text
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404
    assert client.get("/static/%2e%2e/templates/base.html").status_code == 404


def test_no_page_loads_anything_from_another_site(client, folder):
    shutil.copyfile(CASTLE, folder / "castle.yaml")
    pages = [
        client.get("/").text,
        page(client, "wee.yaml"),
        page(client, "greenwood.yaml"),
        page(client, "castle.yaml"),
        client.get("/explain/fantasy-triumph", params={"name": "Flying"}).text,
        client.get("/list/missing.yaml").text,
    ]
    for text in pages:
        assert not re.search(r'(src|href|action|hx-get|hx-post|formaction)="\s*(https?:|//|javascript:|data:)', text)
        assert "<script>" not in text and "<style" not in text and " style=" not in text  # the CSP allows neither
        assert not re.search(r"\son[a-z]+=", text)  # no inline handlers


# ---------------------------------------------------------------------------
# Rosters and explanations


@pytest.mark.parametrize(
    "fmt, kind, start, suffix",
    [
        ("pdf", "application/pdf", b"%PDF-", ".pdf"),
        ("markdown", "text/markdown", b"# The Greenwood Host", ".md"),
        ("text", "text/plain", b"The Greenwood Host", ".txt"),
        ("json", "application/json", b"{", ".json"),
    ],
)
def test_roster_downloads(client, fmt, kind, start, suffix):
    from armybuilder.export import ExportOptions, exporter
    from armybuilder.export.roster import build

    r = client.get(f"/roster/{fmt}/greenwood.yaml")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith(kind)
    assert r.headers["content-disposition"].startswith(f'attachment; filename="greenwood{suffix}"')
    assert r.content.startswith(start)
    roster, _ = build(client.app.state.builder.folder.existing("greenwood.yaml"))
    assert r.content == exporter(fmt).render(roster, ExportOptions())  # the same bytes as armybuilder export


def test_roster_json(client):
    data = json.loads(client.get("/roster/json/greenwood.yaml").content)
    assert data["valid"] is True and data["footer"]["fingerprint"] == of_file(GREENWOOD)


def test_the_list_page_shows_the_share_code(client, folder):
    from armybuilder.commands.share import share

    text = page(client, "greenwood.yaml")
    shown = html.unescape(re.search(r'<input id="share-code" class="code" readonly value="([^"]+)">', text).group(1))
    assert shown == share(folder / "greenwood.yaml").stdout.strip()  # as armybuilder share prints it


def test_roster_refusals(client):
    assert client.get("/roster/docx/greenwood.yaml").status_code == 404
    assert client.get("/roster/pdf/missing.yaml").status_code == 404
    assert client.get("/roster/pdf/../greenwood.yaml").status_code in (400, 404)
    assert client.get("/roster/pdf/.hidden.yaml").status_code == 400


def test_a_roster_that_cannot_be_laid_out_says_why(client, monkeypatch):
    from armybuilder.export import ExportError
    from armybuilder.export.pdf import PdfExporter

    def fail(self, roster, options):
        raise ExportError("a cell taller than a page")

    monkeypatch.setattr(PdfExporter, "render", fail)
    r = client.get("/roster/pdf/greenwood.yaml")
    assert r.status_code == 422 and "a cell taller than a page" in r.text


def test_a_download_name_beyond_ascii(client, folder):
    shutil.copyfile(GREENWOOD, folder / "Ørkenhær.yaml")
    r = client.get("/roster/markdown/Ørkenhær.yaml")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == (
        "attachment; filename=\"_rkenh_r.md\"; filename*=UTF-8''%C3%98rkenh%C3%A6r.md"
    )
    assert 'href="/roster/markdown/%C3%98rkenh%C3%A6r.yaml"' in page(client, "Ørkenhær.yaml")


def test_explain(client):
    r = client.get("/explain/fantasy-triumph", params={"name": "flying", "back": "greenwood.yaml"})
    assert r.status_code == 200
    assert "<h1>Flying <small>(card, FT 35)</small></h1>" in r.text
    assert "only open-order troops, War Wagons and Artillery may have Flying (FT 35)" in r.text
    assert 'href="/list/greenwood.yaml"' in r.text
    r = client.get("/explain/fantasy-triumph", params={"name": "Flyng"})
    assert r.status_code == 404 and "did you mean" in r.text
    assert "armybuilder catalog" not in text_of(r.text)  # the page's words, not a command to run
    assert client.get("/explain/chess", params={"name": "Pawn"}).status_code == 404
    r = client.get("/explain/fantasy-triumph", params={"name": "Flying", "back": "//evil.example"})
    assert 'href="/"' in r.text  # no way out of the server
    r = client.get("/explain/fantasy-triumph", params={"name": "Flying", "back": "/\\evil.example"})
    assert "evil.example" not in r.text


def test_every_explain_link_of_a_page_answers(client, folder):
    shutil.copyfile(CASTLE, folder / "castle.yaml")
    for name in ("ozzy.yaml", "castle.yaml"):
        links = set(re.findall(r'<a class="explain" href="([^"]+)"', page(client, name)))
        assert links, name
        for link in sorted(links)[:15]:
            r = client.get(html.unescape(link))
            assert r.status_code == 200 and "Nothing of that name" not in r.text, link


# ---------------------------------------------------------------------------
# Words: a player's, never the command line's


def _commands() -> list[str]:
    import typer.main

    from armybuilder.cli import app

    return sorted(typer.main.get_command(app).commands)


def command_line_words(text: str) -> list[str]:
    """Bits of command-line syntax in a text: ``--flags``, ``FILE``, ``armybuilder <command>``."""
    commands = "|".join(_commands())
    bad = re.compile(rf"--[A-Za-z]|\bFILE\b|\barmybuilder\s+(?:{commands})\b|\busage:")
    return [text[max(0, m.start() - 80) : m.end() + 40] for m in bad.finditer(text)]


READ_ALOUD = re.compile(r'\s(?:aria-label|title|placeholder|alt)="([^"]*)"')


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    """Every bundled example list (not the event packs), each copied into one folder."""
    d = tmp_path_factory.mktemp("bundled")
    for path in BUNDLED:
        (d / path.parent.name).mkdir(exist_ok=True)
        shutil.copyfile(path, d / path.parent.name / path.name)
    with TestClient(make_app(d, token=TOKEN), base_url=BASE) as c:
        yield c


EXAMPLE_NAMES = [f"{p.parent.name}/{p.name}" for p in BUNDLED]


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_a_bundled_example_s_page_has_no_command_line_words(bundled, name):
    text = page(bundled, name)
    assert command_line_words(text_of(text)) == []
    said_aloud = " | ".join(html.unescape(v) for v in READ_ALOUD.findall(text))  # tooltips, screen readers
    assert command_line_words(said_aloud) == []


def test_the_folder_page_has_no_command_line_words(bundled):
    text = bundled.get("/").text
    assert command_line_words(text_of(text)) == []


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_a_bundled_example_renders_and_every_control_carries_a_decodable_change(bundled, name):
    text = page(bundled, name)
    assert '<h2 id="findings-h">Findings</h2>' in text
    found = controls(text)
    assert found, name
    for f in found:
        assert f.fields["csrf"] == TOKEN and f.fields["version"]
        assert (f.typed is None and f.select is None) or f.fields["id"].startswith("c-")
        if f.select is not None and f.select["name"] == "value":  # one change, a word per option
            assert decode(f.fields["e"]).value_at is not None
            continue
        if f.select is not None:  # a drop-down: each option carries its change
            assert "e" not in f.fields and f.select["name"] == "e"
            offered = [o["value"] for o in f.options if o.get("value")]
            assert offered or all("disabled" in o or "selected" in o for o in f.options), f.select
            for value in offered:
                decode(value)
            continue
        if "e" not in f.fields:  # a disabled button sends nothing
            assert not f.enabled, f.label
            continue
        if f.enabled:
            assert f.fields["e"], f.label  # an enabled control makes a change
        if f.fields["e"]:
            e = decode(f.fields["e"])
            assert (f.typed is not None) == (e.value_at is not None), f.label
            for word in e.words:  # the change is the engine's words only
                assert "\n" not in word
    # the row anchors and control ids are unique on the page
    ids = re.findall(r'\sid="([^"]+)"', text)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1][:5]


def test_what_the_engine_says_back_is_in_a_player_s_words(tmp_path):
    """A sample of each system's controls, clicked (and typed with nonsense): no command-line
    syntax in any answer."""
    seen = {}
    for path in BUNDLED:
        seen.setdefault(path.parent.name, path)
    for path in seen.values():
        shutil.copyfile(path, tmp_path / path.name)
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as c:
        for path in seen.values():
            target = tmp_path / path.name
            original = target.read_bytes()
            found = [f for f in controls(page(c, path.name)) if f.enabled and f.fields.get("e")]
            typed = [f for f in found if f.typed is not None][:6]
            clicks = [f for f in found if f.typed is None]
            clicks = clicks[:: max(1, len(clicks) // 8)][:8]
            sent = [(f, v) for f in typed for v in ("abc", "0")] + [(f, None) for f in clicks]
            for f, value in sent:
                target.write_bytes(original)
                data = {**f.fields, "version": version_of(original), **({"value": value} if value is not None else {})}
                r = c.post(f.action, data=data, headers=JSON)
                assert r.status_code in (200, 422), (path.name, f.label, r.status_code)
                for line in r.json()["messages"]:
                    assert command_line_words(line) == [], (path.name, f.label, value, line)
            target.write_bytes(original)


# ---------------------------------------------------------------------------
# Edges


def test_bound_to_every_address_the_allowed_names_are_answered_with_the_key(folder):
    key = "k" * 22
    app = make_app(folder, host="0.0.0.0", token=TOKEN, allow=["192.168.1.5"], key=key)
    with TestClient(app, base_url=BASE) as c:
        assert c.get("/", headers={"host": "evil.example:8000"}).status_code == 421
        r = c.get("/", headers={"host": "192.168.1.5:8000"})
        assert r.status_code == 401 and "script-src 'self'" in r.headers["content-security-policy"]
        assert c.get("/", params={"key": "wrong"}).status_code == 401
        r = c.get("/", params={"key": key}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/"  # the key leaves the address bar
        assert c.get("/", headers={"host": "192.168.1.5:8000"}).status_code == 200  # by its cookie
        form = name_control(c, "wee.yaml")
        r = send(c, form, "From the phone", headers={"origin": "http://192.168.1.5:8000", "host": "192.168.1.5:8000"})
        assert r.status_code == 303 and "name: From the phone" in (folder / "wee.yaml").read_text(encoding="utf-8")


def test_only_the_latest_results_are_kept(client):
    from armybuilder.web.toolkit import FLASHES, Flash

    state = client.app.state.builder
    keys = [state.remember(Flash("ok", [str(i)])) for i in range(FLASHES + 5)]
    assert len(state.flashes) == FLASHES
    assert state.recall(keys[0]) is None and state.recall(keys[-1]).lines == [str(FLASHES + 4)]
    assert state.recall(keys[-1]) is None  # shown once
    assert state.recall(None) is None
    # an unknown or stale key shows the page without a result
    assert said(client.get("/list/wee.yaml", params={"done": keys[0]})) == "none: "
    assert said(client.get("/", params={"done": "nonsense"})) == "none: "


def test_a_file_over_the_size_limit_is_shown_as_a_finding_and_not_edited(client, folder):
    from armybuilder.yamlio import MAX_BYTES

    big = folder / "big.yaml"
    big.write_bytes(b"system: token-terrors\nname: Big\n" + b"#" * MAX_BYTES + b"\n")
    r = client.get("/list/big.yaml")
    assert r.status_code == 200 and "Not legal" in r.text
    assert controls(r.text) == []
    for v in ("too-large", version(big)):
        values = {"csrf": TOKEN, "version": v, "e": '["set","name",["--"],1]', "value": "x"}
        r = client.post("/act/big.yaml", data=values, headers=JSON)
        assert r.status_code in (409, 422) and r.json()["status"] == "refused"
    assert big.stat().st_size > MAX_BYTES and b"name: Big" in big.read_bytes()[:64]
    assert client.get("/").status_code == 200


def test_the_folder_view_looks_at_a_bounded_number_of_files(client, folder, monkeypatch):
    from armybuilder.web import files

    for i in range(3):
        shutil.copyfile(GREENWOOD, folder / f"z{i}.yaml")
    monkeypatch.setattr(files, "MAX_FILES", 2)
    lists, packs = files.Folder(folder).scan()
    assert [f.name for f in lists] == ["greenwood.yaml", "ozzy.yaml"] and packs == []
    assert len(re.findall(r'class="card-title"', client.get("/").text)) == 2


def test_templates_print_nothing_for_none():
    from armybuilder.web.toolkit import environment

    assert environment().from_string("[{{ x }}]").render(x=None) == "[]"


def test_a_read_only_file_is_refused_and_never_forced(client, folder):
    path = folder / "wee.yaml"
    form = name_control(client, "wee.yaml")
    path.chmod(0o444)
    try:
        r = send(client, form, "Changed", headers=JSON)
        assert r.status_code == 422  # no "--force" to type:
        assert r.json()["messages"] == ["wee.yaml is read-only. Nothing was changed."]
        # a change crafted to force it is refused too, wherever the flag is put
        for e in ('["set","name",["--force","--"],2]', '["set","name",["--force=1","--","x"],null]'):
            r = crafted(client, "wee.yaml", e, value="Changed")
            assert r.status_code == 422, e
        r = crafted(client, "wee.yaml", '["set","name",[],0]', value="--force")
        assert r.status_code == 422
    finally:
        path.chmod(0o644)
    assert path.read_text(encoding="utf-8") == WEE


def test_the_catalog_follows_a_part_just_added(client):
    """Issue 46, item 5: the catalog showed the cards of the class it was pointed at before
    ("Cards for Wardens") after the player added another class; now it shows the new class's.
    Without JavaScript too: the plain form's redirect comes back to the list with the new target."""
    text = page(client, "greenwood.yaml", focus="classes-0")
    assert "Cards for Wardens" in text
    add = find(text, "add", "class", "Knights")
    r = send(client, add)
    assert r.status_code == 303
    back = client.get(r.headers["location"]).text
    assert ">Cards for Knights<" in back and "Cards for Wardens" not in back
    key = re.search(r'<li class="row focused[^"]*" id="row-([\w-]+)"', back)
    assert key is not None
    # every control now carries the new target, so the next change keeps it
    assert all(f.fields.get("focus") == key.group(1) for f in controls(back) if "focus" in f.fields)
    # with htmx, the answer says the new target in the page's address too
    r = send(client, find(back, "add", "class", "Bow Levy"), headers={**SAME, "HX-Request": "true"})
    assert r.status_code == 200
    assert "focus=classes-" in r.headers.get("hx-replace-url", "")
    assert ">Cards for Bow Levy<" in r.text


def test_a_part_removed_leaves_the_next_part_s_editor_shut(client):
    """A row's key is its place ("classes-0"): removing the Wardens (the first class) with their
    editor open came back with the row of that place, now the Eagles, open, its Remove where the
    Wardens' was (issue 46, item 9: an editor open after its part is done). The part changed is
    gone; the next one stays shut, without JavaScript and with htmx alike."""
    text = page(client, "greenwood.yaml")
    remove = find(text, "remove", "class", "Wardens")
    assert remove.action.endswith("at=row-classes-0")  # the page comes back to that place
    r = send(client, remove)
    assert r.status_code == 303
    back = client.get(r.headers["location"]).text
    assert '<span class="a-name">Eagles</span>' in back.split('id="line-classes-0"', 1)[1][:200]
    assert '<details class="part" id="part-classes-0" name="part" open>' not in back
    # a change to a part that stays (a stand more of the Eagles, now the first class) keeps it open
    r = send(client, find(back, "add", "stands", "Eagles"), headers={**SAME, "HX-Request": "true"})
    assert r.status_code == 200 and 'id="part-classes-0" name="part" open' in r.text
    again = page(client, "greenwood.yaml")
    r = send(client, find(again, "remove", "class", "Eagles"), headers={**SAME, "HX-Request": "true"})
    assert r.status_code == 200 and 'id="part-classes-0" name="part" open' not in r.text


def test_an_army_card_added_shuts_the_open_part_s_editor(client):
    """The Eagles' editor open (the catalog's cards are theirs), an army card added from the
    catalog's "Army cards" came back with the Eagles' editor still open, though the card went on
    the army, not on them (issue 46, item 9: an editor open after its part is done). The player's
    action has moved to the army's cards: no part's editor is open, without JavaScript and with
    htmx alike; a card added from the Eagles' own cards keeps their editor open."""
    text = page(client, "greenwood.yaml", focus="classes-1")
    assert '<details class="part" id="part-classes-1" name="part" open>' in text
    camp = find(text, "add", "card", "--army", "Fortified Camp", "fortified")
    assert camp.action.endswith("at=g-army-cards")  # the page comes back to the army cards
    r = send(client, camp)
    assert r.status_code == 303
    back = client.get(r.headers["location"]).text
    assert "Fortified Camp" in back.split('id="line-army-cards"', 1)[1][:2000]
    assert re.findall(r'<details class="part" id="part-[\w-]+" name="part" open>', back) == []
    # with htmx, the Eagles' row comes back shut (the page then shuts it: static/app.js)
    again = page(client, "greenwood.yaml", focus="classes-1")
    r = send(client, find(again, "add", "card", "--army", "Pack Train and Herds"), headers=HTMX)
    assert r.status_code == 200
    assert '<details class="part" id="part-classes-1" name="part">' in r.text, r.text[:3000]
    assert re.findall(r'<details class="part" id="part-[\w-]+" name="part" open>', r.text) == []
    # a card added to the Eagles from their own cards: still their editor, open
    again = page(client, "greenwood.yaml", focus="classes-1")
    r = send(client, find(again, "add", "card", "Eagles", "Armored"), headers=HTMX)
    assert r.status_code == 200 and '<details class="part" id="part-classes-1" name="part" open>' in r.text
