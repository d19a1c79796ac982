"""The game pages (issue 48) through Starlette's TestClient, as a browser on the server's own page
sends them: a game started from a list's page, taps, undo and redo, two tabs, the opponent's list,
the result, its downloads and its share code, and hostile requests. The list file is never written.

The Greenwood Host (``examples/fantasy-triumph/greenwood-host.yaml``), by its comments: Wardens
2 stands at 6½, Eagles 2 at 6, Rangers 3 at 3½ (one marked Delayed Entry), Archers 2 at 4½, the
Archmage 5½: a victory value of 13 + 12 + 10½ + 9 + 5½ = 50, broken at a third of it, 16⅔ (the
victory value is the data's, unverified). Before a tap the one Rangers stand waiting to enter
counts as lost at ½ its value (FT 32.3): 3½ / 2 = 1¾.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import urllib.parse
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from armybuilder.games import store
from armybuilder.web.builder import make_app

ROOT = Path(__file__).resolve().parents[2]
FT = ROOT / "examples" / "fantasy-triumph"
BASE = "http://127.0.0.1:8000"
TOKEN = "test-token-game"
SAME = {"origin": BASE}
HTMX = {**SAME, "hx-request": "true"}
JSON = {**SAME, "accept": "application/json"}


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    shutil.copyfile(FT / "greenwood-host.yaml", d / "greenwood.yaml")
    shutil.copyfile(FT / "iron-marches.yaml", d / "iron.yaml")
    return d


@pytest.fixture
def client(folder):
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        yield c


def _taps(text: str) -> dict[str, tuple[str, str]]:
    """Each tap button of a game page: its label -> (its action, its event)."""
    out = {}
    for m in re.finditer(
        r'<button type="submit" form="g-acts" name="e" value="([^"]*)" id="[^"]*" '
        r'formaction="([^"]*)" aria-label="([^"]*)"',
        text,
    ):
        out[html.unescape(m.group(3))] = (html.unescape(m.group(2)), html.unescape(m.group(1)))
    return out


def _rev(text: str) -> str:
    found = re.search(r'name="rev" value="(\d+)"', text)
    assert found, "the page carries the game's revision"
    return found.group(1)


def _totals(text: str) -> str:
    bar = re.search(r'<ul class="g-totals" id="g-totals">(.*?)</ul>', text, re.S)
    assert bar, "the totals are in the bar"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", bar.group(1))).split())


def _start(client) -> tuple[str, str]:
    page = client.get("/list/greenwood.yaml")
    assert 'action="/game/start/greenwood.yaml"' in page.text and 'id="start-game"' in page.text
    made = client.post("/game/start/greenwood.yaml", data={"csrf": TOKEN}, headers=SAME, follow_redirects=False)
    assert made.status_code == 303
    where = made.headers["location"]
    assert where.startswith("/game/greenwood.game.json?done=")
    return "greenwood.game.json", client.get(where).text


def _tap(client, text: str, label: str, headers=HTMX, rev: str | None = None):
    action, event = _taps(text)[label]
    return client.post(action, data={"csrf": TOKEN, "rev": rev or _rev(text), "e": event}, headers=headers)


def test_a_game_played_from_the_list_page_taps_undo_redo_and_the_list_untouched(client, folder):
    before = (folder / "greenwood.yaml").read_bytes()
    name, text = _start(client)
    assert (folder / name).is_file()
    # Nothing lost yet but the Rangers stand waiting to enter: ½ of 3½ (FT 32.3).
    assert "Lost 1¾ of 50 points" in _totals(text) and "Breaks at 16⅔ points" in _totals(text)
    assert "FT 32.3" in text, "the rule of the half-counted stand is one tap away"
    assert "A new game" in text

    one = _tap(client, text, "Wardens: 1 stand lost")
    assert one.status_code == 200 and "<html" not in one.text, "htmx gets the game's part of the page"
    assert "Lost 8¼ of 50 points" in _totals(one.text)  # 1¾ + 6½
    assert "Recorded: Wardens: 1 stand lost." in one.text
    two = _tap(client, one.text, "Rangers: entered (Delayed Entry)")
    assert "Lost 6½ of 50 points" in _totals(two.text)  # the Rangers entered: no longer half counted
    # A plain form (no JavaScript): a redirect back to the page, at the part tapped.
    plain = _tap(client, two.text, "Eagles: 1 stand lost", headers=SAME)
    assert plain.history and plain.history[0].status_code == 303
    assert plain.history[0].headers["location"].endswith("#g-row-0-classes-1")
    assert "Lost 12½ of 50 points" in _totals(plain.text)  # 6½ + 6

    undone = client.post(f"/game/undo/{name}", data={"csrf": TOKEN, "rev": _rev(plain.text)}, headers=HTMX)
    assert undone.status_code == 200 and "Undone: Eagles: 1 stand lost." in undone.text
    assert "Lost 6½ of 50 points" in _totals(undone.text)
    assert "1 tap undone" in undone.text
    redone = client.post(f"/game/redo/{name}", data={"csrf": TOKEN, "rev": _rev(undone.text)}, headers=HTMX)
    assert "Lost 12½ of 50 points" in _totals(redone.text)
    # A reload: the same totals, from the game file.
    assert _totals(client.get(f"/game/{name}").text) == _totals(redone.text)
    assert (folder / "greenwood.yaml").read_bytes() == before, "a game never writes its list"

    # Starting again while the game is under way opens it, with no second game.
    again = client.post("/game/start/greenwood.yaml", data={"csrf": TOKEN}, headers=SAME)
    assert "is under way" in again.text and not (folder / "greenwood.2.game.json").exists()


def test_two_tabs_lose_no_tap_and_an_old_undo_is_refused(client, folder):
    name, text = _start(client)
    first = _tap(client, text, "Wardens: 1 stand lost")  # tab A
    late = _tap(client, text, "Eagles: 1 stand lost", rev=_rev(text))  # tab B, shown before A's tap
    assert late.status_code == 200
    assert "Another tab tapped meanwhile" in late.text
    assert "Lost 14¼ of 50 points" in _totals(late.text)  # 1¾ + 6½ + 6: both taps count
    old = client.post(f"/game/undo/{name}", data={"csrf": TOKEN, "rev": _rev(first.text)}, headers=HTMX)
    assert old.status_code == 409 and "another tab" in old.text
    assert len(store.load(folder / name).played) == 2, "nothing was undone"


def test_the_opponent_from_the_players_lists_or_a_share_link(client, folder, run):
    name, text = _start(client)
    assert 'id="g-add-list"' in text and '<option value="iron.yaml">' in text
    joined = client.post(
        f"/game/join/{name}", data={"csrf": TOKEN, "rev": _rev(text), "list": "iron.yaml"}, headers=HTMX
    )
    assert joined.status_code == 200 and "joins the game" in joined.text
    assert "The Iron Marches" in _totals(joined.text) and 'id="g-add-list"' not in joined.text

    # A second game, the opponent from a share link (armybuilder share --link).
    game = store.load(folder / name)
    shutil.copyfile(FT / "greenwood-host.yaml", folder / "solo.yaml")
    made = client.post("/game/start/solo.yaml", data={"csrf": TOKEN}, headers=SAME)
    link = run("share", folder / "iron.yaml", "--link", "https://example.org/armybuilder/").stdout.strip()
    assert "#AB1." in link
    shared = client.post(
        "/game/join/solo.game.json", data={"csrf": TOKEN, "rev": _rev(made.text), "code": link}, headers=HTMX
    )
    assert shared.status_code == 200 and "The Iron Marches" in _totals(shared.text)
    assert store.load(folder / name) == game
    damaged = client.post("/game/join/solo.game.json", data={"csrf": TOKEN, "code": "AB1.xyz"}, headers=HTMX)
    assert damaged.status_code == 422 and "share code cannot be read" in damaged.text


def test_the_result_downloads_and_its_share_code_opens_read_only(client, folder):
    name, text = _start(client)
    text = _tap(client, text, "Wardens: 1 stand lost").text
    ended = _tap(client, text, "End the game here")
    assert 'id="g-result"' in ended.text and "The game was ended before an army broke" in ended.text
    assert "End the game here" not in _taps(ended.text), "no tap once the game is over"
    as_text = client.get(f"/game-result/text/{name}")
    assert as_text.headers["content-disposition"].startswith('attachment; filename="greenwood.game-result.txt"')
    assert "1. Wardens: 1 stand lost" in as_text.text and "Lost: 8¼ of 50 points" in as_text.text
    as_json = json.loads(client.get(f"/game-result/json/{name}").text)
    assert as_json["tracker"]["over"] is True and as_json["game"]["position"] == 2
    link = html.unescape(re.search(r'id="g-share" class="code" readonly value="([^"]*)"', ended.text).group(1))
    assert link.startswith(BASE + "/shared?code=AB1."), "serve's link is its own page of a shared game"
    opened = client.get(link.removeprefix(BASE))
    assert opened.status_code == 200 and "A shared game" in opened.text
    assert "Lost 8¼ of 50 points" in _totals(opened.text) and "Wardens: 1 stand lost" in opened.text
    assert "<form" not in opened.text.split("<main", 1)[1], "read-only: nothing to tap"
    # A list's share code still opens the list.
    listed = client.get("/shared?code=" + urllib.parse.quote(_list_code(client))).text
    assert 'id="shared-h"' in listed and 'id="g-result"' not in listed


def _list_code(client) -> str:
    page = client.get("/list/iron.yaml").text
    return html.unescape(re.search(r'id="share-code" class="code" readonly value="([^"]*)"', page).group(1))


def test_a_changed_list_is_said_and_the_game_keeps_it_as_it_began(client, folder):
    name, _ = _start(client)
    path = folder / "greenwood.yaml"
    path.write_text(path.read_text().replace("stands: 2\n    general", "stands: 3\n    general"), encoding="utf-8")
    shown = client.get(f"/game/{name}").text
    assert "has changed since this game began" in shown
    assert "Lost 1¾ of 50 points" in _totals(shown), "the list as it was when the game began"


@pytest.mark.parametrize(
    ("path", "data", "status"),
    [
        ("/game/tap/greenwood.game.json", {"e": "[1,2]"}, 422),
        ("/game/tap/greenwood.game.json", {"e": "x" * 600}, 422),
        (
            "/game/tap/greenwood.game.json",
            {"e": '{"kind":"lost","side":0,"part":"classes-0","value":1}', "rev": "1e9"},
            422,
        ),
        ("/game/tap/greenwood.game.json", {"e": '{"kind":"lost","side":5,"part":"classes-0","value":1}'}, 422),
        ("/game/tap/greenwood.game.json", {"e": '{"kind":"nuke","side":0,"part":null,"value":1}'}, 422),
        ("/game/undo/greenwood.game.json", {"rev": "0"}, 422),
        ("/game/tap/.hidden.game.json", {}, 400),
        ("/game/tap/greenwood.yaml", {}, 404),
        ("/game/tap/nothing.game.json", {}, 404),
        ("/game/join/greenwood.game.json", {"list": "../x.yaml"}, 400),
    ],
)
def test_hostile_taps_are_refused_in_words_and_nothing_is_written(client, folder, path, data, status):
    _start(client)
    game = (folder / "greenwood.game.json").read_bytes()
    got = client.post(path, data={"csrf": TOKEN, **data}, headers=JSON)
    assert got.status_code == status, got.text
    assert "Traceback" not in got.text
    assert (folder / "greenwood.game.json").read_bytes() == game


def test_a_game_that_is_no_regular_file_is_refused_unopened(client, folder):
    """A game's name that is a folder or a named pipe (web/files.py Folder.kept_beside): 403 "is
    not a regular file", never opened (reading a pipe could hang); a game not there: 404. The
    file's name is said as it is, as the list page says it ("G.game.json" was the game page's)."""
    import os

    (folder / "dir.game.json").mkdir()
    os.mkfifo(folder / "fifo.game.json")
    for name in ("dir.game.json", "fifo.game.json"):
        got = client.get(f"/game/{name}")
        assert got.status_code == 403 and f">{name} is not a regular file.<" in got.text, name
        assert client.post(f"/game/tap/{name}", data={"csrf": TOKEN}, headers=JSON).status_code == 403
    got = client.get("/game/gone.game.json")
    assert got.status_code == 404 and ">No such game: gone.game.json.<" in got.text


def test_a_damaged_game_file_is_said_not_a_failure(client, folder):
    _start(client)
    (folder / "greenwood.game.json").write_text('{"armybuilder": "game", "form": 1, "events": "<x-fuzz>"}')
    got = client.get("/game/greenwood.game.json")
    assert got.status_code == 422 and "<x-fuzz" not in got.text and "Refused" in got.text
    csrf = client.post("/game/tap/greenwood.game.json", data={"csrf": "wrong"}, headers=SAME)
    assert csrf.status_code == 403


EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_every_examples_game_page_draws_and_takes_its_taps(tmp_path, example):
    """Whatever the system's tracker offers (buttons, a number to type, a note), the page draws it
    and takes it: the first taps each of a kind, then a typed number at its lowest."""
    from armybuilder.check import headline
    from armybuilder.games.model import has_tracker

    if not has_tracker(headline(example).system):
        pytest.skip("this system tracks no game yet")
    shutil.copyfile(example, tmp_path / "army.yaml")
    with TestClient(make_app(tmp_path, token=TOKEN), base_url=BASE) as client:
        text = client.post("/game/start/army.yaml", data={"csrf": TOKEN}, headers=SAME).text
        assert 'id="game"' in text
        tapped: list[str] = []
        for n in range(1, 5):  # the first tap of the page not made yet, four times
            label = next((t for t in _taps(text) if t != "End the game here" and t not in tapped), None)
            if label is None:
                break
            tapped.append(label)
            text = _tap(client, text, label).text
            assert "Recorded: " in text and len(store.load(tmp_path / "army.game.json").played) == n, label
        typed = re.search(
            r'<form class="g-typed" id="[^"]*" method="post" action="([^"]*)" hx-post="[^"]*">'
            r'.*?name="e" value="([^"]*)".*?min="(-?\d+)"',
            text,
            re.S,
        )
        if typed:
            got = client.post(
                html.unescape(typed.group(1)),
                data={"csrf": TOKEN, "rev": _rev(text), "e": html.unescape(typed.group(2)), "value": typed.group(3)},
                headers=HTMX,
            )
            assert got.status_code == 200 and "Recorded: " in got.text


def test_the_sites_own_lists_are_named_by_their_names_not_their_files(folder):
    """The static site's own lists (make_app(files=False)): the opponent's list to choose and a
    changed list are named by the lists' names, never a .yaml file."""
    with TestClient(make_app(folder, token=TOKEN, files=False), base_url=BASE) as client:
        name, text = _start(client)
        offered = re.search(r'<select id="g-add-list".*?</select>', text, re.S).group(0)
        assert ">The Iron Marches</option>" in offered
        path = folder / "greenwood.yaml"
        path.write_text(path.read_text().replace("stands: 2\n    general", "stands: 3\n    general"), encoding="utf-8")
        changed = client.get(f"/game/{name}").text
        assert "The list The Greenwood Host has changed since this game began" in changed
        assert ".yaml" not in re.sub(r'(value|href|action|formaction)="[^"]*"', "", changed.split("<main", 1)[1])


@pytest.mark.parametrize(
    "listed",
    [
        {"system": "fantasy-triumph", "name": "x", "classes": "bad"},
        {"system": "token-terrors", "name": "x", "tokens": {"Goblins": "many"}},
    ],
)
def test_a_list_not_of_its_games_shape_is_refused_in_words(client, folder, listed):
    """A hostile share code (a game's, or the opponent's list) and a damaged list file: the system's
    start() reads a list's values, and one of the wrong type is said (422), never a failure."""
    from armybuilder.sharecode import encode

    game = encode({"armybuilder": "game", "form": 1, "sides": [{"name": "<x-fuzz>", "list": listed}], "events": []})
    shown = client.get("/shared?code=" + game)
    assert shown.status_code == 422 and "not a well-formed list" in shown.text and "<x-fuzz" not in shown.text
    name, _ = _start(client)
    joined = client.post(f"/game/join/{name}", data={"csrf": TOKEN, "code": encode(listed)}, headers=HTMX)
    assert joined.status_code == 422 and "not a well-formed list" in joined.text
    (folder / "bad.yaml").write_text(
        "system: fantasy-triumph\nname: Bad\nclasses: bad\n"
        if listed["system"] == "fantasy-triumph"
        else "system: token-terrors\nname: Bad\ntokens:\n  Goblins: many\n",
        encoding="utf-8",
    )
    started = client.post("/game/start/bad.yaml", data={"csrf": TOKEN}, headers=SAME)
    assert started.status_code == 422 and "not a well-formed list" in started.text
