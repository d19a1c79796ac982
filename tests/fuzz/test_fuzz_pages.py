"""Fuzzing the builder's pages (issue 27): what a browser, a script or an attacker sends to
``armybuilder serve`` and to ``armybuilder collect``.

Each example serves a folder with a list that is an example, or a mutant of one (the mutations of
``test_fuzz_lists``), and sends a few requests built from what the pages really hold, then made
hostile:

- a control of the list's page (its form's fields as the page has them) with fields changed,
  dropped or doubled, its edit's words swapped for hostile ones or its edit not an edit at all;
- the lists page's forms: new list, import (a mutated share code, an uploaded file of any bytes),
  rename, duplicate, delete and restore, with hostile names;
- undo and redo, the roster downloads, the explanations and the pages' query strings;
- headers: htmx's or not, JSON asked for or not, the board's and the catalog's digests of another
  page, now and then a wrong token or another site's Origin;
- the desk of an event: a player's name, pasted YAML, a share code, an uploaded file.

Not one answer may be a 5xx or carry a traceback; an HTML answer never holds a hostile string's
markup unescaped (``<x-fuzz``), a control character or a bidirectional override; a JSON answer
parses; a refused change leaves the list byte for byte; every list file left in the folder is
one the safe reader reads (or the very mutant the example wrote); and nothing but lists and the
builder's own ``.armybuilder`` folder is left in the folder (no temporary or lock file).

Bounded and repeatable as ``test_fuzz_lists``: ``ARMYBUILDER_FUZZ_EXAMPLES`` (default 30; the long
mode is told there) and ``ARMYBUILDER_FUZZ_SEED``.
"""

from __future__ import annotations

import html
import itertools
import json
import re
import shutil
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from armybuilder import systems
from armybuilder.outcome import Outcome
from armybuilder.web.builder import make_app
from armybuilder.web.listpage import BadEdit, decode
from armybuilder.yamlio import LoadError, load_file, loads
from tests.fuzz.test_fuzz_lists import (
    EXAMPLES,
    MAX_EXAMPLES,
    PACKS,
    STRINGS,
    block,
    fuzzing,
    known_names,
    mutate,
    mutate_code,
    to_bytes,
)
from tests.web.test_routes import controls, forms

BASE = "http://127.0.0.1:8000"
TOKEN = "fuzz-token-0123456789"
SAME = {"origin": BASE}
MARK = "x-fuzz"
# What a page must never hold: a hostile string's markup unescaped, a control character but the
# line break and the tab, a bidirectional override.
UNSAFE = re.compile("<x-fuzz|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
HOSTILE = [
    f'"><{MARK}>',
    f"<script>{MARK}</script>",
    f"</textarea><{MARK} onload=1>",
    f"javascript:{MARK}",
    "\x1b]0;PWNED\x07\x1b[2J",
    "\u202eevil",
    "\u009b2J",
    "\x00",
    "../../etc/passwd",
    "/etc/passwd",
    "..",
    ".hidden.yaml",
    ".armybuilder/history/x.json",
    "a/b.yaml",
    "x" * 3000,
    "%00",
    "%2e%2e%2f",
    "--force",
    "--entry=0",
    "-1",
    "1e309",
    "nan",
    "0x10",
    "[]",
    "{}",
    "null",
    '["add","x",[],null]',
]
TEXT = st.sampled_from(HOSTILE) | st.sampled_from(STRINGS) | st.text(max_size=20)
FORMATS = ["markdown", "pdf", "json", "text"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pages")
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as client:
        yield folder, client


def _reset(folder: Path) -> None:
    for p in folder.iterdir():
        shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink()


def _check(r: Any, what: str) -> None:
    assert r.status_code < 500, (what, r.status_code, r.text[:2000])
    kind = r.headers.get("content-type", "")
    if "text/html" in kind:
        text = r.text
        assert "Traceback" not in text, (what, text[:2000])
        bad = UNSAFE.search(text)
        assert bad is None, (what, bad.group(0), text[max(0, bad.start() - 300) : bad.end() + 300])
    elif "json" in kind:
        json.loads(r.text)
    event(f"{what}: {r.status_code}")


def _headers(data: st.DataObject) -> dict[str, str]:
    out = dict(SAME)
    if data.draw(st.booleans(), label="htmx"):
        out["hx-request"] = "true"
    if data.draw(st.integers(0, 5), label="json") == 0:
        out["accept"] = "application/json"
    if data.draw(st.integers(0, 15), label="other origin") == 0:
        out["origin"] = data.draw(st.sampled_from(["http://evil.example", "null", "http://127.0.0.1:1"]))
    return out


def _hostile_fields(data: st.DataObject, fields: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if key == "csrf":  # a wrong token now and then, below: else every request is a 403
            out[key] = value
            continue
        how = data.draw(st.sampled_from(["keep"] * 6 + ["hostile", "drop", "double"]), label=f"field {key}")
        if how == "keep":
            out[key] = value
        elif how == "hostile":
            out[key] = data.draw(TEXT, label=key)
        elif how == "double":
            out[key] = [value, data.draw(TEXT, label=key)]
    if data.draw(st.integers(0, 9), label="extra") == 0:
        out[data.draw(TEXT, label="extra key")] = data.draw(TEXT, label="extra value")
    if data.draw(st.integers(0, 12), label="wrong token") == 0:
        out["csrf"] = data.draw(TEXT, label="token")
    return out


def _hostile_edit(data: st.DataObject, raw: str) -> str:
    how = data.draw(st.sampled_from(["keep"] * 3 + ["word", "verb", "part", "at", "raw"]), label="edit")
    if how == "raw":
        return data.draw(TEXT, label="raw edit")
    try:
        e = decode(raw)
    except BadEdit:
        return raw
    words, verb, part, at = list(e.words), e.verb, e.part, e.value_at
    if how == "word" and words:
        words[data.draw(st.integers(0, len(words) - 1), label="word at")] = data.draw(TEXT, label="word")
    elif how == "verb":
        verb = data.draw(st.sampled_from(["add", "remove", "set"]), label="verb")
    elif how == "part":
        part = data.draw(TEXT, label="part")
    elif how == "at":
        at = data.draw(st.sampled_from([None, -1, 0, 1, 99, 10**20]), label="at")
    return json.dumps([verb, part, words, at], ensure_ascii=False)


def _fields(form: Any) -> dict[str, str]:
    out = dict(form.fields)
    if form.typed is not None:
        out["value"] = form.typed.get("value") or ""
    return out


def _list_requests(data: st.DataObject, client: TestClient, path: Path) -> None:
    name = path.name
    url = "/list/" + urllib.parse.quote(name)
    query = {}
    if data.draw(st.booleans(), label="query"):
        query = {k: data.draw(TEXT, label=k) for k in data.draw(st.sets(st.sampled_from(["focus", "done", "at"])))}
    r = client.get(url, params=query, headers=_headers(data) if data.draw(st.booleans()) else {})
    _check(r, "list page")
    page = client.get(url)
    _check(page, "list page")
    found = controls(page.text) if page.status_code == 200 else []
    for _ in range(data.draw(st.integers(0, 3), label="changes")):
        if not found:
            break
        form = data.draw(st.sampled_from(found), label="control")
        fields = _fields(form)
        if form.typed is not None:
            fields["value"] = data.draw(TEXT | st.sampled_from([fields["value"], "2", "0", "Wardens"]), label="value")
        if fields.get("e"):
            fields["e"] = _hostile_edit(data, fields["e"])
        sent = _hostile_fields(data, fields)
        before = path.read_bytes() if path.exists() else None
        r = client.post(form.action, data=sent, headers=_headers(data), follow_redirects=False)
        _check(r, "change")
        if r.status_code >= 400 and before is not None:
            assert path.read_bytes() == before, ("a refused change wrote the list", sent, r.text[:1000])
        fresh = client.get(url)
        _check(fresh, "list page after a change")
        found = controls(fresh.text) if fresh.status_code == 200 else []
    for route in data.draw(st.lists(st.sampled_from(["undo", "redo"]), max_size=2), label="history"):
        version = data.draw(TEXT, label="version")
        r = client.post(
            f"/{route}/{urllib.parse.quote(name)}", data={"csrf": TOKEN, "version": version}, headers=_headers(data)
        )
        _check(r, route)
    if data.draw(st.integers(0, 3), label="roster") == 0:
        fmt = data.draw(st.sampled_from(FORMATS[:1] + FORMATS[2:] + HOSTILE[:3]), label="format")
        _check(client.get(f"/roster/{urllib.parse.quote(fmt, safe='')}/{urllib.parse.quote(name)}"), "roster")


def _folder_requests(data: st.DataObject, client: TestClient, folder: Path, code: str) -> None:
    r = client.get(
        "/",
        params={
            k: data.draw(TEXT, label=k) for k in data.draw(st.sets(st.sampled_from(["q", "sort", "event", "done"])))
        },
    )
    _check(r, "lists page")
    kind = data.draw(
        st.sampled_from(["new", "import", "upload", "manage", "restore", "explain"]), label="folder action"
    )
    h = _headers(data)
    if kind == "new":
        system = data.draw(st.sampled_from(systems.available()) | TEXT, label="system")
        sent = _hostile_fields(data, {"csrf": TOKEN, "system": system, "name": "A list", "points": ""})
        for k in ("name", "points"):
            if data.draw(st.booleans(), label=f"hostile {k}"):
                sent[k] = data.draw(TEXT, label=k)
        _check(client.post("/new", data=sent, headers=h, follow_redirects=False), "new")
    elif kind == "import":
        _check(client.post("/import", data={"csrf": TOKEN, "code": code}, headers=h, follow_redirects=False), "import")
    elif kind == "upload":
        body = data.draw(
            st.sampled_from([code.encode(), b"", b"\xff\xfe", b"%PDF-1.4\n%%EOF", b"system: x\n"])
            | st.binary(max_size=200)
        )
        filename = data.draw(TEXT | st.just("roster.md"), label="file name")
        r = client.post(
            "/import",
            data={"csrf": TOKEN},
            files={"roster": (filename or "x", body)},
            headers=h,
            follow_redirects=False,
        )
        _check(r, "upload")
    elif kind == "manage":
        names = sorted(p.name for p in folder.glob("*.yaml")) or ["list.yaml"]
        name = data.draw(st.sampled_from(names) | TEXT, label="manage name")
        do = data.draw(st.sampled_from(["rename", "duplicate", "delete"]) | TEXT, label="do")
        sent = {"csrf": TOKEN, "do": do, "to": data.draw(TEXT | st.just("Another name"), label="to")}
        _check(
            client.post("/manage/" + urllib.parse.quote(name), data=sent, headers=h, follow_redirects=False), "manage"
        )
    elif kind == "restore":
        page = client.get("/").text
        keys = [f.fields.get("key", "") for f in forms(page) if f.action == "/restore"]
        key = data.draw(st.sampled_from(keys) | TEXT if keys else TEXT, label="key")
        _check(client.post("/restore", data={"csrf": TOKEN, "key": key}, headers=h, follow_redirects=False), "restore")
    else:
        system = data.draw(st.sampled_from(systems.available()) | TEXT, label="explain system")
        params = {"name": data.draw(TEXT | st.just("Elite Foot"), label="name"), "back": data.draw(TEXT, label="back")}
        _check(client.get("/explain/" + urllib.parse.quote(system, safe=""), params=params), "explain")


_counter = itertools.count()


@fuzzing()
@given(data=st.data())
def test_no_hostile_request_breaks_a_page(served, data):
    from armybuilder.sharecode import encode as share

    folder, client = served
    _reset(folder)
    example = data.draw(st.sampled_from(EXAMPLES), label="example")
    original = example.read_text(encoding="utf-8")
    clean = load_file(example).data
    root: Any = json.loads(json.dumps(clean))
    for _ in range(data.draw(st.integers(0, 3), label="mutations")):
        root = mutate(data, root, known_names(clean["system"], example))
    raw = to_bytes(data, root, original if root == clean else block(root))
    path = folder / "list.yaml"
    path.write_bytes(raw)
    shutil.copyfile(example, folder / "clean.yaml")
    code = mutate_code(data, share(clean), root)

    _list_requests(data, client, data.draw(st.sampled_from([path, folder / "clean.yaml"]), label="list"))
    _folder_requests(data, client, folder, code)

    for p in folder.rglob("*"):
        rel = p.relative_to(folder)
        assert rel.parts[0] == ".armybuilder" or (p.suffix in (".yaml", ".yml") and len(rel.parts) == 1), (
            "a file the builder left behind",
            rel,
        )
        if p.suffix == ".yaml" and rel.parts[0] != ".armybuilder" and p.read_bytes() != raw:
            try:
                loads(p.read_bytes().decode("utf-8"))
            except (LoadError, UnicodeDecodeError) as exc:  # pragma: no cover - what the test is for
                raise AssertionError(f"the builder left a list the reader refuses: {rel}: {exc}") from None


# ---------------------------------------------------------------------------
# The desk of an event


@pytest.fixture(scope="module")
def desk_client(tmp_path_factory):
    from armybuilder.desk import open_desk
    from armybuilder.web.desk import make_desk_app

    where = tmp_path_factory.mktemp("desk")
    pack = next(p for p in PACKS if p.name == "autumn-clash.yaml")
    opened = open_desk(pack, where / "desk.sqlite")
    assert not isinstance(opened, Outcome), opened
    desk, _ = opened
    try:
        with TestClient(make_desk_app(desk, "127.0.0.1", "organiser-key-0123456789"), base_url=BASE) as client:
            yield client, pack
    finally:
        desk.close()


def _desk_form(client: TestClient, action: str) -> dict[str, str]:
    page = client.get("/")
    _check(page, "desk page")
    found = [f for f in forms(page.text) if f.action == action]
    assert found, page.text[:2000]
    return dict(found[0].fields)


@fuzzing(max(1, MAX_EXAMPLES // 3))
@given(data=st.data())
def test_no_hostile_submission_breaks_the_desk(desk_client, data):
    """A player's name, a pasted list or share code, an uploaded file, a list begun in the builder:
    each mutated or hostile; the desk answers each without a 5xx and shows nothing unescaped."""
    from armybuilder.sharecode import encode as share

    client, _ = desk_client
    example = data.draw(st.sampled_from(EXAMPLES), label="example")
    clean = load_file(example).data
    root: Any = json.loads(json.dumps(clean))
    for _ in range(data.draw(st.integers(0, 2), label="mutations")):
        root = mutate(data, root)
    how = data.draw(st.sampled_from(["yaml", "code", "upload", "build"]), label="how")
    h = _headers(data)
    if how == "build":
        sent = {**_desk_form(client, "/build"), "system": data.draw(st.sampled_from(systems.available()) | TEXT)}
        sent["name"] = data.draw(TEXT | st.just("My list"), label="name")
        r = client.post("/build", data=_hostile_fields(data, sent), headers=h, follow_redirects=False)
    else:
        sent = {**_desk_form(client, "/submit"), "player": data.draw(TEXT | st.just("Ann"), label="player")}
        files = None
        if how == "yaml":
            sent["list"] = data.draw(st.just(block(root)) | TEXT, label="list")
        elif how == "code":
            sent["list"] = mutate_code(data, share(clean), root)
        else:
            files = {"file": (data.draw(TEXT | st.just("list.yaml"), label="file name") or "x", block(root).encode())}
        r = client.post("/submit", data=_hostile_fields(data, sent), files=files, headers=h, follow_redirects=False)
    _check(r, f"desk: {how}")
    where = r.headers.get("location", "")
    if r.status_code in (302, 303) and where.startswith("/") and not where.startswith("//"):
        _check(client.get(html.unescape(where)), "desk: after")
