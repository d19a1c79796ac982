"""The builder's routes through Starlette's TestClient: every route, and every refusal.

Each request is made as a browser on the server's own page would make it (Host and Origin of
``http://127.0.0.1:8000``, the process's token in the form); each refusal changes one of those
and checks that nothing was written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from armybuilder.fingerprint import of_file
from armybuilder.web.app import MAX_BODY, allowed_hosts, make_app, version_of

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"
BASE = "http://127.0.0.1:8000"
TOKEN = "test-token-0123456789"
SAME = {"origin": BASE}


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    shutil.copyfile(GREENWOOD, d / "greenwood.yaml")
    return d


@pytest.fixture
def client(folder):
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        yield c


def form(client, name: str, ident: str, **values) -> dict:
    """The fields a browser sends for form ``ident`` of list ``name`` (the page's version)."""
    path = client.app.state.builder.folder.existing(name)
    return {"csrf": TOKEN, "version": version_of(path.read_bytes()), "form": ident, **values}


def edit(client, name: str, ident: str, headers=SAME, **values):
    return client.post(f"/edit/{name}", data=form(client, name, ident, **values), headers=headers)


def said(response) -> str:
    """The text of the page's result box (what the action said), without the markup."""
    m = re.search(r'<section id="result" class="flash (\w+)"[^>]*>(.*?)</section>', response.text, re.S)
    assert m, response.text[:2000]
    return m.group(1) + ": " + " | ".join(re.findall(r"<p>(.*?)</p>", m.group(2), re.S))


# ---------------------------------------------------------------------------
# The folder


def test_folder_lists_every_list_with_system_total_and_status(client, folder):
    shutil.copyfile(EXAMPLES / "fantasy-triumph" / "broken-horde.yaml", folder / "broken.yaml")
    (folder / "sub").mkdir()
    shutil.copyfile(EXAMPLES / "token-terrors" / "wrens-host.yaml", folder / "sub" / "wren.yaml")
    (folder / ".hidden.yaml").write_text("system: fantasy-triumph\nname: Hidden\n")
    (folder / "notes.txt").write_text("not a list")
    r = client.get("/")
    assert r.status_code == 200
    text = r.text
    assert "The Greenwood Host" in text and "51 of 51 points" in text
    assert "The Broken Horde" in text and "40 of 51 points" in text and "INVALID" in text
    assert 'href="/list/sub/wren.yaml"' in text and "10 of 10 slots" in text
    assert "Hidden" not in text and "notes.txt" not in text
    # the first errors of an invalid list are shown with it
    assert "FTR014 Unreliable on class &#39;Warlord&#39;s Guard&#39;" in text
    # a new list can be made for every system that can be composed
    for system in ("fantasy-triumph", "token-terrors", "homm3-battlefield", "small-world-of-warcraft"):
        assert f'<option value="{system}">' in text


def test_an_empty_folder_says_so(tmp_path):
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as c:
        assert "No list files here yet" in c.get("/").text


def test_folder_checks_every_list_against_an_event_pack(client, folder):
    shutil.copyfile(EXAMPLES / "events" / "autumn-clash.yaml", folder / "autumn.yaml")
    r = client.get("/")
    assert "Check every list against autumn.yaml" in r.text
    r = client.get("/", params={"event": "autumn.yaml"})
    assert r.status_code == 200
    assert "Checked against the event pack" in r.text
    # autumn-clash.yaml: "points: 48"; the Greenwood Host spends 51
    assert "51 of 48 points" in r.text and "INVALID" in r.text
    assert 'href="/list/autumn.yaml"' not in r.text  # a pack is not listed as a list


def test_a_broken_event_pack_shows_its_problems(client, folder):
    (folder / "pack.yaml").write_text("event: Broken\nsystem: no-such-system\n")
    r = client.get("/", params={"event": "pack.yaml"})
    assert r.status_code == 200
    assert "EVT" in r.text


@pytest.mark.parametrize(
    "event, status", [("../x.yaml", 400), ("/etc/passwd.yaml", 400), ("missing.yaml", 404), ("notes.txt", 400)]
)
def test_the_event_pack_must_be_a_file_in_the_folder(client, event, status):
    assert client.get("/", params={"event": event}).status_code == status


# ---------------------------------------------------------------------------
# New lists


def test_new_list_is_made_by_the_edit_engine_and_opens(client, folder):
    data = {"csrf": TOKEN, "system": "fantasy-triumph", "file": "host", "name": "The Host", "points": "48"}
    r = client.post("/new", data=data, headers=SAME, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/list/host.yaml?done=")
    text = (folder / "host.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")  # run_new's header
    assert "name: The Host" in text and "points: 48" in text
    page = client.get(r.headers["location"])
    assert "created" in said(page) and "The Host" in page.text


@pytest.mark.parametrize(
    "file, why",
    [
        ("greenwood.yaml", "already exists"),
        ("../escape.yaml", "no &#39;..&#39;"),
        ("/tmp/abs.yaml", "only files inside the served folder"),
        ("sub/x.yaml", "no such folder"),
        (".hidden.yaml", "hidden"),
        ("a\\b.yaml", "backslash"),
    ],
)
def test_new_list_refusals_write_nothing(client, folder, file, why):
    before = sorted(p.name for p in folder.rglob("*"))
    data = {"csrf": TOKEN, "system": "fantasy-triumph", "file": file}
    r = client.post("/new", data=data, headers=SAME)
    assert r.status_code == 200
    assert said(r).startswith("refused") and why in said(r)
    assert sorted(p.name for p in folder.rglob("*")) == before
    assert of_file(folder / "greenwood.yaml") == of_file(GREENWOOD)


def test_new_list_refuses_an_unknown_system_and_a_bad_size(client, folder):
    r = client.post("/new", data={"csrf": TOKEN, "system": "chess", "file": "a.yaml"}, headers=SAME)
    assert said(r).startswith("refused") and "unknown game system" in said(r)
    r = client.post(
        "/new", data={"csrf": TOKEN, "system": "fantasy-triumph", "file": "a.yaml", "points": "lots"}, headers=SAME
    )
    assert said(r).startswith("refused") and "is a number" in said(r)
    assert not (folder / "a.yaml").exists()


# ---------------------------------------------------------------------------
# The list view


def test_list_view_shows_findings_cost_and_forms(client):
    r = client.get("/list/greenwood.yaml")
    assert r.status_code == 200
    text = r.text
    assert '<span id="status" class="status valid">VALID</span>' in text
    assert "51 of 51 points · 0 left" in text
    assert "No findings." in text
    assert "<h3>Classes</h3>" in text and "4 + Deadly 2 + Armored ½" in text  # the cost breakdown
    for ident in ("add-class", "add-card", "set-topography", "remove-card", "set-stands"):
        assert f'<details id="f-{ident}"' in text
    assert 'href="/roster/pdf/greenwood.yaml"' in text and 'href="/roster/markdown/greenwood.yaml"' in text
    assert 'list="add-class-o_troop-choices"' in text and '<option value="Elite Foot"' in text


def test_list_view_shows_each_finding_with_its_position(client, folder):
    shutil.copyfile(EXAMPLES / "fantasy-triumph" / "broken-horde.yaml", folder / "broken.yaml")
    text = client.get("/list/broken.yaml").text
    assert "INVALID" in text
    # broken-horde.yaml:29:12: FTR001 [error] unknown troop type 'Elefants' ...
    assert '<span class="where">29:12</span> <code>FTR001</code>' in text


def test_a_file_that_is_not_yaml_is_shown_not_edited(client, folder):
    (folder / "bad.yaml").write_text("system: [unclosed\n")
    r = client.get("/list/bad.yaml")
    assert r.status_code == 200
    assert "INVALID" in r.text and "ABL" in r.text
    assert "<details" not in r.text  # no forms: edits would be refused anyway


def test_every_bundled_example_renders_with_its_forms(tmp_path):
    for d in ("fantasy-triumph", "token-terrors", "homm3-battlefield", "small-world-of-warcraft"):
        shutil.copytree(EXAMPLES / d, tmp_path / d)
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as c:
        for path in sorted(tmp_path.rglob("*.yaml")):
            name = path.relative_to(tmp_path).as_posix()
            r = c.get(f"/list/{name}")
            assert r.status_code == 200, name
            assert 'class="part"' in r.text and "<h2>Findings</h2>" in r.text, name


@pytest.mark.parametrize(
    "name, status",
    [
        ("missing.yaml", 404),
        ("%2e%2e/lists/greenwood.yaml", 400),
        ("%2e/greenwood.yaml", 400),
        ("sub//greenwood.yaml", 400),
        ("greenwood.txt", 400),
        ("%2e%2e/etc/passwd.yaml", 400),
    ],
)
def test_list_view_refuses_names_outside_the_rules(client, name, status):
    assert client.get(f"/list/{name}").status_code == status


def test_a_symlink_out_of_the_folder_is_refused(client, folder, tmp_path):
    outside = tmp_path / "outside.yaml"
    shutil.copyfile(GREENWOOD, outside)
    (folder / "link.yaml").symlink_to(outside)
    (folder / "inner.yaml").symlink_to(folder / "greenwood.yaml")
    assert client.get("/list/link.yaml").status_code == 403
    assert "outside.yaml" not in client.get("/").text and "link.yaml" not in client.get("/").text
    r = edit(client, "inner.yaml", "set-name", a1="Inside")  # a link inside the folder is followed
    assert r.status_code == 200 and said(r).startswith("ok")
    assert client.post("/edit/link.yaml", data={"csrf": TOKEN}, headers=SAME).status_code == 403
    assert of_file(outside) == of_file(GREENWOOD)


def test_only_regular_files(client, folder):
    (folder / "dir.yaml").mkdir()
    os.mkfifo(folder / "fifo.yaml")
    assert client.get("/list/dir.yaml").status_code == 403
    assert client.get("/list/fifo.yaml").status_code == 403  # never opened: reading it could hang
    assert client.get("/").status_code == 200


def test_every_string_from_a_list_is_escaped(client, folder):
    evil = "<script>alert(1)</script>"
    (folder / "evil.yaml").write_text(
        f'system: fantasy-triumph\nname: "{evil}"\n'
        'classes:\n  - {name: "<b>x</b>", troop: "<i>Elefants", stands: 2}\n',
        encoding="utf-8",
    )
    for url in ("/", "/list/evil.yaml"):
        text = client.get(url).text
        assert evil not in text and "<b>x</b>" not in text and "<i>Elefants" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    text = client.get("/list/evil.yaml").text
    assert "&lt;b&gt;x&lt;/b&gt;" in text  # in the findings, the cost table and the --to choices


def test_control_characters_from_a_list_never_reach_the_page(client, folder):
    (folder / "ctl.yaml").write_text('system: fantasy-triumph\nname: "Red\\e[31m Host\\u202e"\n', encoding="utf-8")
    text = client.get("/list/ctl.yaml").text
    assert "\x1b" not in text and "\u202e" not in text and "Red\ufffd[31m Host\ufffd" in text


# ---------------------------------------------------------------------------
# Edits


def test_an_edit_goes_through_the_edit_engine_and_keeps_comments(client, folder, tmp_path):
    r = edit(client, "greenwood.yaml", "add-card", a1="Hearten", o_hero="Archmage")
    assert r.status_code == 200  # after the 303 to the list view
    assert said(r) == (
        "invalid: added Hearten to hero &#39;Archmage&#39; | "
        "total: 52 of 51 points (was 51); list INVALID (1 error, 0 warnings, 0 info) | "
        "greenwood.yaml:5:9: FTR020 [error] the army costs 52 points, 1 over its limit of 51 "
        "(army size (army construction, unverified))"
    )
    text = (folder / "greenwood.yaml").read_text(encoding="utf-8")
    assert "cards: [{Spellblast: [unlimited, magical]}, Hearten] # 1 + 4½ = 5½" in text  # comments kept
    assert text.startswith("# yaml-language-server: $schema=../../schemas/fantasy-triumph.list.schema.json\n")
    # byte for byte what `armybuilder add FILE card Hearten --hero Archmage` writes
    from armybuilder.compose.edit import run_edit

    by_hand = tmp_path / "by-hand.yaml"
    shutil.copyfile(GREENWOOD, by_hand)
    assert run_edit(by_hand, "add", "card", ["Hearten", "--hero", "Archmage"]).code == 1
    assert by_hand.read_bytes() == (folder / "greenwood.yaml").read_bytes()
    assert '<span id="status" class="status invalid">INVALID</span>' in r.text


def test_an_edit_redirects_after_the_post(client):
    r = client.post(
        "/edit/greenwood.yaml",
        data=form(client, "greenwood.yaml", "set-name", a1="Renamed"),
        headers=SAME,
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert re.fullmatch(r"/list/greenwood\.yaml\?done=[\w-]+#result", r.headers["location"])
    first = client.get(r.headers["location"])
    assert "name: Renamed" in said(first)
    assert 'id="result"' not in client.get(r.headers["location"]).text  # shown once


def test_every_kind_of_field_becomes_its_words(client, folder):
    r = edit(client, "greenwood.yaml", "add-class", a1="Riders", o_troop="knights", o_stands="2", o_general="yes")
    assert "added class &#39;Riders&#39;: 2 Knights stands, with the general (it was in &#39;Wardens&#39;)" in said(r)
    r = edit(client, "greenwood.yaml", "set-card", a1="Spellblast", o_hero="Archmage", o_option="limited, physical")
    assert "hero &#39;Archmage&#39;: Spellblast (limited, physical)" in said(r)
    r = edit(client, "greenwood.yaml", "add-card", a1="Illusion", o_army="on", o_number="2")
    assert "added Illusion: 2 to the army" in said(r)
    data = (folder / "greenwood.yaml").read_text(encoding="utf-8")
    assert "general: true" in data.split("- name: Riders")[1]


def test_a_name_that_looks_like_an_option_stays_a_name(client, folder):
    r = edit(client, "greenwood.yaml", "add-hero", a1="--army")
    assert "added hero &#39;--army&#39;" in said(r)
    assert "- name: --army" in (folder / "greenwood.yaml").read_text(encoding="utf-8")


def test_a_refused_edit_writes_nothing_and_says_why(client, folder):
    before = (folder / "greenwood.yaml").read_bytes()
    r = edit(client, "greenwood.yaml", "add-card", a1="Deadlee", o_to="Wardens")
    assert said(r).startswith("refused") and "unknown card &#39;Deadlee&#39; (did you mean &#39;Deadly&#39;?)" in said(
        r
    )
    r = edit(client, "greenwood.yaml", "add-class", a1="", o_troop="Spear")
    assert said(r) == "refused: fill in Name for &#39;add class&#39;"
    r = edit(client, "greenwood.yaml", "add-nothing")
    assert said(r).startswith("refused: no such form")
    assert (folder / "greenwood.yaml").read_bytes() == before


def test_an_edit_from_a_page_of_an_older_file_is_refused(client, folder):
    values = form(client, "greenwood.yaml", "set-name", a1="From the old page")
    path = folder / "greenwood.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("The Greenwood Host", "Edited elsewhere"))
    r = client.post("/edit/greenwood.yaml", data=values, headers=SAME)
    assert said(r).startswith("refused") and "changed since this page was shown" in said(r)
    assert "name: Edited elsewhere" in path.read_text(encoding="utf-8")


def test_a_list_that_cannot_be_read_is_not_edited(client, folder):
    (folder / "bad.yaml").write_text("system: fantasy-triumph\nname: [x\n")
    r = edit(client, "bad.yaml", "set-name", a1="x")
    assert said(r).startswith("refused") and "cannot be edited here" in said(r)
    assert (folder / "bad.yaml").read_text() == "system: fantasy-triumph\nname: [x\n"


def test_a_read_only_or_vanished_file_is_refused_by_the_engine(client, folder):
    values = form(client, "greenwood.yaml", "set-name", a1="x")
    (folder / "greenwood.yaml").unlink()
    assert client.post("/edit/greenwood.yaml", data=values, headers=SAME).status_code == 404


# ---------------------------------------------------------------------------
# What every POST must pass


@pytest.mark.parametrize(
    "headers, status",
    [
        ({}, 403),  # no Origin, no Referer
        ({"origin": "http://evil.example"}, 403),
        ({"origin": "null"}, 403),
        ({"origin": "http://127.0.0.1:9999"}, 403),  # another port is another origin
        ({"referer": "http://evil.example/list/greenwood.yaml"}, 403),
        ({"referer": "http://127.0.0.1:8000.evil.example/"}, 403),
    ],
)
def test_a_post_from_another_origin_is_refused(client, folder, headers, status):
    before = (folder / "greenwood.yaml").read_bytes()
    r = edit(client, "greenwood.yaml", "set-name", headers=headers, a1="Hijacked")
    assert r.status_code == status and "Origin check failed" in r.text
    r = client.post("/new", data={"csrf": TOKEN, "system": "fantasy-triumph", "file": "x.yaml"}, headers=headers)
    assert r.status_code == status
    assert (folder / "greenwood.yaml").read_bytes() == before and not (folder / "x.yaml").exists()


def test_a_post_with_a_referer_of_this_server_passes(client):
    r = edit(client, "greenwood.yaml", "set-name", headers={"referer": BASE + "/list/greenwood.yaml"}, a1="Ok")
    assert said(r).startswith("ok")


@pytest.mark.parametrize("token", ["", "wrong", TOKEN + "x"])
def test_a_post_without_the_token_is_refused(client, folder, token):
    values = form(client, "greenwood.yaml", "set-name", a1="Forged")
    values["csrf"] = token
    r = client.post("/edit/greenwood.yaml", data=values, headers=SAME)
    assert r.status_code == 403 and "token does not match" in r.text
    assert of_file(folder / "greenwood.yaml") == of_file(GREENWOOD)


def test_the_token_is_new_in_every_process(folder):
    a = make_app(folder).state.builder.token
    b = make_app(folder).state.builder.token
    assert a != b and len(a) >= 32


def test_state_changes_are_post_only(client, folder):
    for url in ("/edit/greenwood.yaml?form=set-name&a1=x&csrf=" + TOKEN, "/new?system=fantasy-triumph&file=x.yaml"):
        assert client.get(url).status_code == 405
    for url in ("/", "/list/greenwood.yaml", "/roster/pdf/greenwood.yaml", "/explain/fantasy-triumph"):
        assert client.post(url, data={"csrf": TOKEN}, headers=SAME).status_code == 405
    assert of_file(folder / "greenwood.yaml") == of_file(GREENWOOD)


def test_request_bodies_are_limited(client, folder):
    big = form(client, "greenwood.yaml", "set-note", a1="x" * (MAX_BODY + 10))
    r = client.post("/edit/greenwood.yaml", data=big, headers=SAME)
    assert r.status_code == 413
    many = "&".join(f"f{i}=1" for i in range(200)) + f"&csrf={TOKEN}"
    r = client.post(
        "/edit/greenwood.yaml",
        content=many,
        headers={**SAME, "content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 413
    assert of_file(folder / "greenwood.yaml") == of_file(GREENWOOD)


@pytest.mark.parametrize(
    "kind, body, status",
    [
        ("multipart/form-data; boundary=x", b"--x--", 415),
        ("application/json", b'{"csrf": "t"}', 415),
        ("application/x-www-form-urlencoded", b"csrf=%ff%fe", 400),
    ],
)
def test_only_url_encoded_utf8_forms(client, kind, body, status):
    r = client.post("/edit/greenwood.yaml", content=body, headers={**SAME, "content-type": kind})
    assert r.status_code == status


# ---------------------------------------------------------------------------
# Host header, headers, static files


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example"])
def test_a_request_for_another_host_is_refused(client, host):
    r = client.get("/", headers={"host": host})
    assert r.status_code == 421  # DNS rebinding: a page of another site must not read the lists


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "localhost"])
def test_the_loopback_names_are_this_server(client, host):
    assert client.get("/", headers={"host": host}).status_code == 200


def test_allowed_hosts():
    assert allowed_hosts("127.0.0.1") == {"127.0.0.1", "localhost", "::1"}
    assert allowed_hosts("192.168.1.5") == {"127.0.0.1", "localhost", "::1", "192.168.1.5"}
    assert allowed_hosts("0.0.0.0") is None  # every address: the warning says so


def test_every_answer_carries_the_security_headers(client):
    for r in (client.get("/"), client.get("/list/missing.yaml"), client.get("/static/style.css")):
        assert "script-src 'self'" in r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"


def test_static_files_ship_in_the_package(client):
    assert client.get("/static/style.css").status_code == 200
    assert "narrow a form's choices" in client.get("/static/app.js").text
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404


def test_no_page_loads_anything_from_another_site(client):
    text = client.get("/list/greenwood.yaml").text + client.get("/").text
    assert not re.search(r'(src|href)="(https?:)?//', text)


# ---------------------------------------------------------------------------
# Choices, rosters, explanations


def test_choices_narrow_to_what_the_place_may_take(client):
    r = client.get("/choices/greenwood.yaml", params={"form": "add-card", "o_to": "Eagles"})
    assert r.status_code == 200
    cards = [name for name, _ in r.json()["a1"]]
    # Eagles are Javelin Cavalry (8 MU): "stands that already move 8 MU cannot take Fast" (FT 33);
    # they hold Flying already, and Terrain Affinity cannot be with Flying.
    assert "Deadly" in cards and "Fast" not in cards and "Flying" not in cards and "Terrain Affinity" not in cards
    r = client.get("/choices/greenwood.yaml", params={"form": "add-card", "o_army": "on"})
    assert [n for n, _ in r.json()["a1"]] == ["Fortified Camp", "Illusion", "No Camp", "Pack Train and Herds"]
    r = client.get("/choices/greenwood.yaml", params={"form": "add-card", "a1": "Spellblast"})
    assert [n for n, _ in r.json()["o_option"]] == ["limited", "unlimited", "physical", "magical"]
    notes = dict(client.get("/choices/greenwood.yaml", params={"form": "add-card"}).json()["a1"])
    assert notes["Deadly"].startswith("taken by: stands/hero · cost: ")  # the catalog's note on each choice


def test_narrow_without_javascript_shows_the_page_with_the_choices_that_fit(client, folder):
    before = (folder / "greenwood.yaml").read_bytes()
    sent = form(client, "greenwood.yaml", "add-card", narrow="1", o_to="Eagles", a1="")
    r = client.post("/edit/greenwood.yaml", data=sent, headers=SAME, follow_redirects=False)
    assert r.status_code == 303
    where = r.headers["location"]
    assert where == "/list/greenwood.yaml?form=add-card&o_to=Eagles#f-add-card"  # no token, no empty fields
    assert (folder / "greenwood.yaml").read_bytes() == before  # nothing written
    page = client.get(where.split("#")[0]).text
    offered = re.search(r'<datalist id="add-card-a1-choices"[^>]*>(.*?)</datalist>', page, re.S).group(1)
    # Eagles are Javelin Cavalry (8 MU) and hold Flying already (FT 33, FT 35).
    assert '"Deadly"' in offered and '"Fast"' not in offered and '"Flying"' not in offered
    assert re.search(r'<details id="f-add-card" open>', page)
    assert 'name="narrow"' in page  # the button is on the forms whose choices depend on other values


def test_narrow_needs_the_token_like_any_post(client, folder):
    r = client.post("/edit/greenwood.yaml", data={"csrf": "wrong", "form": "add-card", "narrow": "1"}, headers=SAME)
    assert r.status_code == 403


def test_choices_refusals(client, folder):
    assert client.get("/choices/greenwood.yaml", params={"form": "add-nothing"}).status_code == 404
    (folder / "bad.yaml").write_text("- a list\n")
    assert client.get("/choices/bad.yaml", params={"form": "add-card"}).status_code == 409
    assert client.get("/choices/../x.yaml", params={"form": "add-card"}).status_code in (400, 404)


@pytest.mark.parametrize(
    "fmt, kind, start, suffix",
    [
        ("pdf", "application/pdf", b"%PDF-", ".pdf"),
        ("markdown", "text/markdown", b"# The Greenwood Host", ".md"),
        ("text", "text/plain", b"The Greenwood Host", ".txt"),
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


def test_the_list_page_shows_the_share_code(client, folder):
    from armybuilder.sharing import share

    text = client.get("/list/greenwood.yaml").text
    shown = re.search(r'<code id="share-code" class="code">(.*?)</code>', text).group(1)
    assert shown == share(folder / "greenwood.yaml").stdout.strip()  # as armybuilder share prints it
    (folder / "list-of-words.yaml").write_text("- not\n- a list\n", encoding="utf-8")
    text = client.get("/list/list-of-words.yaml").text
    assert 'id="share"' not in text  # not a list: nothing to share


def test_roster_json(client):
    r = client.get("/roster/json/greenwood.yaml")
    data = json.loads(r.content)
    assert data["valid"] is True and data["footer"]["fingerprint"] == of_file(GREENWOOD)


def test_roster_refusals(client):
    assert client.get("/roster/docx/greenwood.yaml").status_code == 404
    assert client.get("/roster/pdf/missing.yaml").status_code == 404
    assert client.get("/roster/pdf/../greenwood.yaml").status_code in (400, 404)


def test_a_download_name_beyond_ascii(client, folder):
    shutil.copyfile(GREENWOOD, folder / "Ørkenhær.yaml")
    r = client.get("/roster/markdown/Ørkenhær.yaml")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == (
        "attachment; filename=\"_rkenh_r.md\"; filename*=UTF-8''%C3%98rkenh%C3%A6r.md"
    )


def test_explain(client):
    r = client.get("/explain/fantasy-triumph", params={"name": "flying", "back": "greenwood.yaml"})
    assert r.status_code == 200
    assert "<h1>Flying <small>(card, FT 35)</small></h1>" in r.text
    assert "only open-order troops, War Wagons and Artillery may have Flying (FT 35)" in r.text
    assert 'href="/list/greenwood.yaml"' in r.text
    assert client.get("/explain/fantasy-triumph", params={"name": "Flyng"}).status_code == 404
    assert "did you mean" in client.get("/explain/fantasy-triumph", params={"name": "Flyng"}).text
    assert client.get("/explain/chess", params={"name": "Pawn"}).status_code == 404
    r = client.get("/explain/fantasy-triumph", params={"name": "Flying", "back": "//evil.example"})
    assert 'href="/"' in r.text  # no way out of the server


def test_the_units_offered_are_those_of_the_army_s_faction(client, folder):
    from armybuilder.compose.catalog import entries

    shutil.copyfile(EXAMPLES / "homm3-battlefield" / "skirmish-medium.yaml", folder / "castle.yaml")
    text = client.get("/list/castle.yaml").text
    offered = re.search(r'<datalist id="add-unit-a1-choices"[^>]*>(.*?)</datalist>', text, re.S).group(1)
    names = re.findall(r'<option value="([^"]+)"', offered)
    (units,) = [es for kind, es in entries("homm3-battlefield") if kind == "units"]
    castle = [e.name for e in units if e.row["faction"] == "Castle"]  # "faction: Castle" in the example
    assert names == castle and len(castle) == 7


# ---------------------------------------------------------------------------
# Edges


def test_bound_to_every_address_any_host_name_is_answered(folder):
    with TestClient(make_app(folder, host="0.0.0.0", token=TOKEN), base_url=BASE) as c:
        assert c.get("/", headers={"host": "192.168.1.5:8000"}).status_code == 200


def test_only_the_latest_results_are_kept(client):
    from armybuilder.web.app import FLASHES, Flash

    state = client.app.state.builder
    keys = [state.remember(Flash("ok", [str(i)])) for i in range(FLASHES + 5)]
    assert len(state.flashes) == FLASHES
    assert state.recall(keys[0]) is None and state.recall(keys[-1]).lines == [str(FLASHES + 4)]
    assert state.recall(None) is None


def test_a_file_over_the_size_limit_is_shown_as_a_finding_and_not_edited(client, folder):
    from armybuilder.yamlio import MAX_BYTES

    big = folder / "big.yaml"
    big.write_bytes(b"system: fantasy-triumph\nname: Big\n" + b"#" * MAX_BYTES + b"\n")
    r = client.get("/list/big.yaml")
    assert r.status_code == 200 and "ABL002" in r.text
    values = {"csrf": TOKEN, "version": "too-large", "form": "set-name", "a1": "x"}
    r = client.post("/edit/big.yaml", data=values, headers=SAME)
    assert said(r).startswith("refused")
    assert big.stat().st_size > MAX_BYTES and b"name: Big" in big.read_bytes()[:64]


def test_a_roster_that_cannot_be_laid_out_says_why(client, monkeypatch):
    from armybuilder.export import ExportError
    from armybuilder.export.pdf import PdfExporter

    def fail(self, roster, options):
        raise ExportError("a cell taller than a page")

    monkeypatch.setattr(PdfExporter, "render", fail)
    r = client.get("/roster/pdf/greenwood.yaml")
    assert r.status_code == 422 and "a cell taller than a page" in r.text


def test_the_folder_view_looks_at_a_bounded_number_of_files(client, folder, monkeypatch):
    from armybuilder.web import files

    for i in range(3):
        shutil.copyfile(GREENWOOD, folder / f"z{i}.yaml")
    monkeypatch.setattr(files, "MAX_FILES", 2)
    lists, packs = files.Folder(folder).scan()
    assert [f.name for f in lists] == ["greenwood.yaml", "z0.yaml"] and packs == []


def test_templates_print_nothing_for_none():
    from armybuilder.web.app import environment

    assert environment().from_string("[{{ x }}]").render(x=None) == "[]"


def test_a_read_only_file_is_refused_by_the_engine_and_never_forced(client, folder):
    path = folder / "greenwood.yaml"
    path.chmod(0o444)
    try:
        r = edit(client, "greenwood.yaml", "set-name", a1="Changed")
        assert said(r).startswith("refused") and "is read-only; the file was not changed" in said(r)
        r = edit(client, "greenwood.yaml", "set-name", a1="Changed", o_force="on")
        assert said(r).startswith("refused")
    finally:
        path.chmod(0o644)
    assert of_file(path) == of_file(GREENWOOD)
