"""Fuzzing the uploads (issue 38): a roster file sent to the event desk (``collect``: a player's
submit and replace) and to the builder's import (``serve``).

Each example makes a roster of a real example list (Markdown, JSON or PDF), carrying the list or a
mutant of it, then makes it hostile with ``test_fuzz_lists``' mutations: a line changed, cut or
repeated, a fence lost, a hostile count; a PDF cut, damaged, of many pages, carrying embedded files
of any name (the list among them or not, packed or not, files that unpack to megabytes of zeros,
more files than are looked at), or of pages of huge strings or of fonts whose maps unpack to
megabytes. It is uploaded under a name with any suffix (the desk reads a roster by its suffix) to
one of the three routes.

Not one answer may be a 5xx or carry a traceback, nor show a hostile string unescaped (the checks
of ``test_fuzz_pages``); a list the builder's import wrote is one the safe reader reads; and the
process never holds more than ``MAX_RSS``. Bounded and repeatable as ``test_fuzz_lists``.
"""

from __future__ import annotations

import html
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from armybuilder.desk import MAX_VERSIONS
from armybuilder.outcome import Outcome
from armybuilder.web.builder import make_app
from armybuilder.yamlio import load_file, loads
from tests.fuzz.test_fuzz_lists import (
    EXAMPLES,
    MAX_EXAMPLES,
    MAX_RSS,
    PACKS,
    _peak_rss,
    _reset_peak,
    clean_roster,
    fuzzing,
    json_of,
    known_names,
    mutate,
    mutate_json_roster,
    mutate_markdown,
    mutate_pdf,
    utf8,
)
from tests.fuzz.test_fuzz_pages import BASE, SAME, TEXT, TOKEN, _check, _headers

ORGANISER = "organiser-key-0123456789"
SUFFIXES = [".pdf", ".md", ".json", ".markdown", ".yaml", ".txt", "", ".PDF"]


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """The desk of an event (with one player's list, to replace) and the builder of a folder."""
    from armybuilder.desk import open_desk
    from armybuilder.web.desk import make_desk_app

    where = tmp_path_factory.mktemp("uploads")
    pack = next(p for p in PACKS if p.name == "games-day.yaml")
    opened = open_desk(pack, where / "desk.sqlite")
    assert not isinstance(opened, Outcome), opened
    desk, _ = opened
    folder = where / "lists"
    folder.mkdir()
    try:
        with (
            TestClient(make_desk_app(desk, "127.0.0.1", ORGANISER, per_minute=10**6), base_url=BASE) as desk_client,
            TestClient(make_app(folder, token=TOKEN), base_url=BASE) as builder,
        ):
            yield desk_client, builder, folder, _listed(desk_client)
    finally:
        desk.close()


def _listed(desk_client: TestClient) -> list[str]:
    """A new player's list on the desk, to replace: its id and its private key."""
    sent = desk_client.post(
        "/api/submissions", json={"player": f"Fuzz {next(_counter)}", "list": EXAMPLES[0].read_text(encoding="utf-8")}
    )
    assert sent.status_code == 201, sent.text
    return [sent.json()["id"], sent.json()["edit_token"]]


# A list keeps at most MAX_VERSIONS versions (then a replace is refused, 423): the replaces go to a
# new player's list before one can hold that many, so that a long run keeps trying replaces that
# can be taken, not only the refusal.
_REPLACES_A_LIST = MAX_VERSIONS - 10
_replaces = itertools.count(1)


def _desk_token(client: TestClient) -> str:
    from tests.web.test_routes import forms

    page = client.get("/")
    assert page.status_code == 200, page.text[:2000]
    return next(f.fields["csrf"] for f in forms(page.text) if f.action == "/submit")


def hostile_roster(data: st.DataObject) -> bytes:
    """A roster of an example, carrying the list or a mutant of it, made hostile."""
    example = data.draw(st.sampled_from(EXAMPLES), label="example")
    clean = load_file(example).data
    carried: Any = json.loads(json.dumps(clean))
    if data.draw(st.booleans(), label="mutated list"):
        carried = mutate(data, carried, known_names(clean["system"], example))
    fmt = data.draw(st.sampled_from(["markdown", "json", "pdf", "pdf"]), label="roster")
    raw = clean_roster(example, fmt)
    if data.draw(st.integers(0, 4), label="as made") == 0:
        return raw
    if fmt == "markdown":
        return utf8(mutate_markdown(data, raw.decode("utf-8"), carried))
    if fmt == "json":
        return mutate_json_roster(data, raw, carried)
    return mutate_pdf(data, raw, carried)


_counter = itertools.count()


def _said(r: Any) -> str:
    """The first words of what an answer says (the statistics tell the refusals apart)."""
    import re

    m = re.search(r'class="flash[^"]*"[^>]*>(.*?)</div>', r.text, re.S) or re.search(
        r"<main[^>]*>(.*?)</main>", r.text, re.S
    )
    words = html.unescape(re.sub(r"<[^>]+>", " ", m.group(1))).split() if m else []
    return " ".join(words[:5])


@fuzzing(max(1, MAX_EXAMPLES // 2))
@given(data=st.data())
def test_no_hostile_upload_breaks_the_desk_or_the_builder(servers, data):
    desk_client, builder, folder, mine = servers
    _reset_peak()
    body = hostile_roster(data)
    stem = data.draw(st.sampled_from(["roster", "list"]) | TEXT, label="file stem") or "x"
    filename = stem + data.draw(st.sampled_from(SUFFIXES), label="suffix")
    route = data.draw(st.sampled_from(["submit", "replace", "import"]), label="route")
    h = _headers(data)
    if route == "import":
        before = {p.name for p in folder.iterdir()}
        r = builder.post(
            "/import", data={"csrf": TOKEN}, files={"roster": (filename, body)}, headers=h, follow_redirects=False
        )
        _check(r, "import")
        for made in sorted({p.name for p in folder.iterdir()} - before):
            if made.endswith(".yaml"):
                loads((folder / made).read_bytes().decode("utf-8"))  # a list the safe reader reads
    else:
        token = _desk_token(desk_client)
        if route == "submit":
            player = f"Player {next(_counter)}"
            if data.draw(st.integers(0, 4), label="hostile player") == 0:
                player = data.draw(TEXT, label="player")
            fields = {"csrf": token, "player": player}
            path = "/submit"
        else:
            if next(_replaces) % _REPLACES_A_LIST == 0:
                mine[:] = _listed(desk_client)
            sid, key = mine
            fields = {"csrf": token, "key": key}
            path = f"/mine/{sid}"
        r = desk_client.post(path, data=fields, files={"file": (filename, body)}, headers=h, follow_redirects=False)
        _check(r, f"desk: {route}")
        where = r.headers.get("location", "")
        if r.status_code in (302, 303) and where.startswith("/") and not where.startswith("//"):
            _check(desk_client.get(html.unescape(where)), "desk: after")
    event(f"{route}: {r.status_code} {_said(r)}")
    assert _peak_rss() < MAX_RSS, f"the process held {_peak_rss() / 2**20:.0f} MiB"


def test_a_roster_is_taken_by_each_route(servers):
    """The target's own check: a roster as made is taken by the desk and imported by the builder
    (else every example above would be a refusal, and prove little)."""
    desk_client, builder, folder, _ = servers
    sid, key = _listed(desk_client)  # a list of its own: the fuzz may have filled the other's versions
    raw = clean_roster(EXAMPLES[0], "pdf")
    token = _desk_token(desk_client)
    r = desk_client.post("/submit", data={"csrf": token, "player": "Bea"}, files={"file": ("r.pdf", raw)}, headers=SAME)
    assert r.status_code == 200 and "Your list is in" in r.text
    r = desk_client.post(f"/mine/{sid}", data={"csrf": token, "key": key}, files={"file": ("r.pdf", raw)}, headers=SAME)
    assert r.status_code == 200 and "Version" in r.text
    r = builder.post("/import", data={"csrf": TOKEN}, files={"roster": ("r.pdf", raw)}, headers=SAME)
    assert r.status_code == 200 and "Imported as" in r.text
    assert json_of(load_file(EXAMPLES[0]).data)  # (the example reads)
    assert any(Path(p).suffix == ".yaml" for p in folder.iterdir())
