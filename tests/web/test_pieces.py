"""The list page in pieces (armybuilder.web.pieces): which pieces a change sends back.

Built by hand from small pieces, so that each answer can be read off: the same board sends only
what is always sent; a changed row, that row; a row more, its section; a section more, nothing
(the whole board); an unknown board, nothing either. Then through the routes: a change with the
page's own digest answers with pieces only, and each piece is that part of a fresh page."""

from __future__ import annotations

import html
import re
import shutil

import pytest
from starlette.testclient import TestClient

from armybuilder.web.builder import make_app
from armybuilder.web.pieces import SLOT, VERSION, Boards, changed, out_of_band, piece, sketch
from tests.web.test_routes import BASE, GREENWOOD, HTMX, TOKEN, controls

ROW = '<li id="{id}">{text}</li>'


def board(rows: dict[str, list[tuple[str, str]]], result: str = "done") -> object:
    sections = [
        piece(
            key, f'<section id="{key}"><ul>{SLOT}</ul></section>', [piece(i, ROW.format(id=i, text=t)) for i, t in rs]
        )
        for key, rs in rows.items()
    ]
    acts = piece("acts", f'<form id="acts" data-v="{VERSION}"></form>', always=True)
    return piece("board", f'<div id="board">{SLOT}</div>', [acts, piece("result", result, always=True), *sections])


BASE_ROWS = {"s-a": [("r1", "one"), ("r2", "two")], "s-b": [("r3", "three")]}


def ids(pieces) -> list[str]:
    return [p.id for p in pieces]


def test_the_same_board_sends_only_what_is_always_sent():
    old = sketch(board(BASE_ROWS))
    assert ids(changed(board(BASE_ROWS, result="again"), old)) == ["acts", "result"]


def test_a_changed_row_sends_that_row():
    old = sketch(board(BASE_ROWS))
    new = board({"s-a": [("r1", "one"), ("r2", "TWO")], "s-b": [("r3", "three")]})
    assert ids(changed(new, old)) == ["acts", "result", "r2"]


def test_a_row_more_or_fewer_or_moved_sends_its_section():
    old = sketch(board(BASE_ROWS))
    more = board({"s-a": [("r1", "one"), ("r2", "two"), ("r4", "four")], "s-b": [("r3", "three")]})
    fewer = board({"s-a": [("r1", "one")], "s-b": [("r3", "three")]})
    moved = board({"s-a": [("r2", "two"), ("r1", "one")], "s-b": [("r3", "three")]})
    for new in (more, fewer, moved):
        assert ids(changed(new, old)) == ["acts", "result", "s-a"]


def test_a_section_more_sends_the_whole_board():
    old = sketch(board(BASE_ROWS))
    assert changed(board({**BASE_ROWS, "s-c": []}), old) is None
    assert changed(board(BASE_ROWS), {}) is None


def test_the_version_is_left_out_of_every_digest_and_put_in_last():
    a, b = board(BASE_ROWS), board(BASE_ROWS)
    assert a.digest == b.digest and VERSION in a.html()
    assert out_of_band(a.children[0]).startswith('<form hx-swap-oob="morph" id="acts"')


def test_the_boards_kept_are_bounded_and_drawn_once():
    boards = Boards(kept=2, drawn=2)
    for i in range(3):
        boards.put(str(i), {"board": ("d", "o", ())})
    assert boards.get("0") is None and boards.get("2") is not None
    calls = []

    def macro(*args):
        calls.append(args)
        return f"<li>{args}</li>"

    assert boards.drawn(macro, "row", {"a": 1}, "x") == boards.drawn(macro, "row", {"a": 1}, "x")
    boards.drawn(macro, "row", {"a": 2}, "x")
    assert len(calls) == 2


# ---------------------------------------------------------------------------
# Through the routes


@pytest.fixture
def client(tmp_path):
    shutil.copyfile(GREENWOOD, tmp_path / "host.yaml")
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as c:
        yield c


def _fields(text: str) -> dict[str, str]:
    form = re.search(r'<form (?:hx-swap-oob="morph" )?id="acts".*?</form>', text, re.S).group(0)
    return {k: html.unescape(v) for k, v in re.findall(r'name="(\w+)" value="([^"]*)"', form)}


def _press(client, text: str, label: str, **headers):
    e = next(f for f in controls(text) if f.label == label).fields["e"]
    return client.post("/act/host.yaml", data={**_fields(text), "e": e}, headers={**HTMX, **headers})


def _pieces(text: str) -> dict[str, str]:
    """The out-of-band pieces of an answer, by id, each without its mark."""
    out = {}
    for m in re.finditer(r'<(\w+) hx-swap-oob="morph"[^>]*? id="([^"]+)"', text):
        tag, ident = m.group(1), m.group(2)
        depth, i = 0, m.start()
        for t in re.finditer(rf"<(/?){tag}\b", text[m.start() :]):
            depth += -1 if t.group(1) else 1
            if depth == 0:
                end = text.index(">", m.start() + t.start()) + 1
                out[ident] = text[i:end].replace(' hx-swap-oob="morph"', "", 1)
                break
    return out


def test_a_change_answers_with_the_pieces_that_changed_each_as_a_fresh_page_draws_it(client):
    text = client.get("/list/host.yaml").text
    r = _press(client, text, "One more stand of Wardens, +6½ points")
    assert r.status_code == 200 and r.headers["hx-reswap"] == "none"
    got = _pieces(r.text)
    assert list(got)[:3] == ["acts", "bar", "result"] and "row-classes-0" in got
    assert not any(k.startswith("row-") and k != "row-classes-0" for k in got)  # the other classes stay
    assert 'id="catalog"' not in r.text  # the catalog did not change
    fresh = client.get("/list/host.yaml").text
    for ident, markup in got.items():
        if ident not in ("result", "acts"):  # what this answer alone says, and the digests
            assert markup in fresh, ident
    assert _fields(r.text)["version"] == _fields(fresh)["version"]


def test_without_the_page_s_digest_or_for_an_unknown_board_the_whole_board_comes_back(client):
    text = client.get("/list/host.yaml").text
    fields = _fields(text)
    e = next(f for f in controls(text) if f.label == "One more stand of Wardens, +6½ points").fields["e"]
    for brd in ("", "0" * 20):
        r = client.post("/act/host.yaml", data={**fields, "brd": brd, "e": e}, headers=HTMX)
        assert "hx-reswap" not in r.headers and r.text.lstrip().startswith('<div id="board"')
        text = client.get("/list/host.yaml").text
        fields = _fields(text)
        e = next(f for f in controls(text) if "Wardens" in f.label and "stand" in f.label).fields["e"]
