"""The lists page over a folder that changes: what it shows is the folder as it is at each request.

Each card is kept until its file changes (in the server, and in the per-user cache for the next
server on the folder): these tests change, add and remove files on disk between requests, the way
an editor, a file manager or another server would, and look for the change on the next page.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from armybuilder.web import folderpage
from armybuilder.web.builder import make_app
from tests.support.examples import OZZY
from tests.support.web import BASE, TOKEN

ROOT = Path(__file__).resolve().parents[2]
HOUR_AGO = time.time_ns() - 3600 * 10**9


def titles(html: str) -> list[str]:
    return re.findall(r'<a class="card-title" href="[^"]+">([^<]*)</a>', html)


def army(name: str) -> str:
    return OZZY.read_text(encoding="utf-8").replace("name: Ozzy's Muster", f"name: {name}")


def write_old(path: Path, text: str, mtime_ns: int = HOUR_AGO) -> None:
    """``text`` into ``path`` as a list written an hour ago (a card kept for it is used)."""
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(mtime_ns, mtime_ns))


def new_server() -> None:
    """What a new server process starts with: no card in memory (the per-user cache stays)."""
    folderpage._KEPT.clear()


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    write_old(d / "alpha.yaml", army("Alpha Horde"))
    write_old(d / "beta.yaml", army("Beta Horde"))
    new_server()
    yield d
    new_server()


@pytest.fixture
def client(folder):
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        yield c


@pytest.fixture
def checks(monkeypatch):
    """The names of the lists the page checked (not taken from a kept card)."""
    from armybuilder import check

    done: list[str] = []
    real = check.check_path

    def counted(path, *args, **kwargs):
        done.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(check, "check_path", counted)
    return done


def test_a_list_changed_on_disk_shows_on_the_next_request(client, folder):
    assert titles(client.get("/").text) == ["Alpha Horde", "Beta Horde"]
    write_old(folder / "alpha.yaml", army("Gamma Horde"), HOUR_AGO + 10**9)  # another time
    assert titles(client.get("/").text) == ["Beta Horde", "Gamma Horde"]
    # the same size and, within the file system's clock tick, the same time and file: the card
    # of a file written a moment ago is not kept, so the next request reads it again
    path = folder / "beta.yaml"
    path.write_text(army("Delta Horde"), encoding="utf-8")
    stamp = path.stat().st_mtime_ns
    assert "Delta Horde" in titles(client.get("/").text)
    with open(path, "r+", encoding="utf-8") as fh:  # rewritten in place: the same inode and size
        fh.write(army("Epsie Horde"))
    os.utime(path, ns=(stamp, stamp))
    assert titles(client.get("/").text) == ["Epsie Horde", "Gamma Horde"]


def test_a_list_added_or_removed_on_disk_shows_on_the_next_request(client, folder):
    assert titles(client.get("/").text) == ["Alpha Horde", "Beta Horde"]
    write_old(folder / "sub.yaml", army("Sub Horde"))
    (folder / "more").mkdir()
    write_old(folder / "more" / "zeta.yaml", army("Zeta Horde"))
    page = client.get("/").text
    assert titles(page) == ["Alpha Horde", "Beta Horde", "Sub Horde", "Zeta Horde"]
    assert "Your lists <small>(4)</small>" in page
    (folder / "alpha.yaml").unlink()
    os.rename(folder / "beta.yaml", folder / "more" / "beta.yaml")
    page = client.get("/").text
    assert titles(page) == ["Beta Horde", "Sub Horde", "Zeta Horde"]
    assert 'href="/list/more/beta.yaml"' in page and 'href="/list/beta.yaml"' not in page
    # a list that becomes an event pack leaves the lists
    write_old(folder / "sub.yaml", "event: Club Night\nsystem: token-terrors\n", HOUR_AGO + 10**9)
    page = client.get("/").text
    assert titles(page) == ["Beta Horde", "Zeta Horde"] and "Check every list against sub.yaml" in page


def test_a_new_server_on_the_folder_checks_only_the_lists_that_changed(folder, checks):
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        assert titles(c.get("/").text) == ["Alpha Horde", "Beta Horde"]
        assert sorted(checks) == ["alpha.yaml", "beta.yaml"]
        checks.clear()
        c.get("/")
        assert checks == []  # kept while the files are as they were
    new_server()
    write_old(folder / "beta.yaml", army("Theta Horde") + "# a longer file\n")
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        assert titles(c.get("/").text) == ["Alpha Horde", "Theta Horde"]
    assert checks == ["beta.yaml"]  # alpha's card came from the per-user cache


def test_every_list_checked_after_a_new_build_is_kept_for_the_next_server(folder, checks):
    """After a new build every list is checked again (web/updates.py, folderpage.every_card): its
    cards are kept in the per-user cache as the lists page keeps its own, so a new server on the
    folder checks none of them again. They were kept in memory only: the next server checked both."""
    from armybuilder.web.files import Folder

    assert sorted(c.title for c in folderpage.every_card(Folder(folder))) == ["Alpha Horde", "Beta Horde"]
    assert sorted(checks) == ["alpha.yaml", "beta.yaml"]
    checks.clear()
    new_server()
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        assert titles(c.get("/?sort=status").text) == ["Alpha Horde", "Beta Horde"]  # a verdict's sort: all checked
    assert checks == []


def test_a_card_kept_by_another_armybuilder_or_game_data_is_not_used(folder, checks, monkeypatch):
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        c.get("/")
    new_server()
    checks.clear()
    monkeypatch.setattr(folderpage, "_made_by", lambda: "another version, or other game data")
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        assert titles(c.get("/").text) == ["Alpha Horde", "Beta Horde"]
    assert sorted(checks) == ["alpha.yaml", "beta.yaml"]


@pytest.mark.parametrize("damage", [b"", b"not marshal at all", b"\xe9\x00\x00\x00", b"\xfb\x00"])
def test_a_damaged_cache_entry_is_ignored(folder, checks, damage):
    from armybuilder import cache

    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        c.get("/")
    new_server()
    checks.clear()
    target = folderpage._Cards(folder).target()
    assert target is not None and target.exists()
    target.write_bytes(damage)
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
        assert titles(c.get("/").text) == ["Alpha Horde", "Beta Horde"]
    assert sorted(checks) == ["alpha.yaml", "beta.yaml"]
    assert cache.directory() is not None


def test_a_card_checked_against_an_event_pack_is_not_the_plain_one(client, folder):
    shutil.copyfile(ROOT / "examples" / "events" / "games-day.yaml", folder / "night.yaml")
    plain = client.get("/").text
    with_pack = client.get("/?event=night.yaml").text
    assert "Checked against the event pack night.yaml" in with_pack
    assert client.get("/").text == plain  # and back: the plain cards again


def test_pages_of_lists_and_a_search_over_every_file(client, folder):
    for i in range(250):
        write_old(folder / f"list-{i:04d}.yaml", army(f"Army {i:04d}"))
    page = client.get("/").text
    assert "Your lists <small>(252; 1 to 100 here)</small>" in page
    assert "Page 1 of 3" in page and 'href="/?page=2&amp;sort=name">Next</a>' in page
    assert titles(page)[:2] == ["Alpha Horde", "Army 0000"]
    last = client.get("/?page=3&sort=name").text
    assert titles(last)[-1] == "Beta Horde" and "Page 3 of 3" in last and "Next" not in last
    assert 'href="/?page=2&amp;sort=name">Previous</a>' in last
    found = client.get("/?q=army+0249").text
    assert titles(found) == ["Army 0249"] and "(1 of 252)" in found


def test_a_list_rewritten_at_once_into_an_event_pack_leaves_the_lists(client, folder):
    path = folder / "gamma.yaml"
    text = army("Gamma Horde")
    pack = "event: Club Night\nsystem: token-terrors\n"
    pack += "#" * (len(text) - len(pack) - 1) + "\n"  # the same size
    path.write_text(text, encoding="utf-8")
    assert "Gamma Horde" in titles(client.get("/").text)
    stamp = path.stat().st_mtime_ns
    with open(path, "r+", encoding="utf-8") as fh:  # in place, within the clock's tick: the same stamp
        fh.write(pack)
    os.utime(path, ns=(stamp, stamp))
    page = client.get("/").text
    assert titles(page) == ["Alpha Horde", "Beta Horde"] and "Check every list against gamma.yaml" in page


def test_only_the_lists_on_the_page_are_checked_when_sorted_by_what_they_say(client, folder, checks):
    for i in range(250):
        write_old(folder / f"list-{i:04d}.yaml", army(f"Army {i:04d}"))
    page = client.get("/").text
    assert len(checks) == 100 and "Page 1 of 3" in page  # the others only read: name, game, player
    assert page.count("Legal</span>") == 100
    checks.clear()
    found = client.get("/?q=army+0249").text  # found by what it says, then checked to be shown
    assert titles(found) == ["Army 0249"] and checks == ["list-0249.yaml"]
    assert "Legal</span>" in found and "10 of 10" in found
    checks.clear()
    by_status = client.get("/?sort=status").text  # a verdict to sort by: every list checked
    assert len(checks) == 252 - 101 and "Page 1 of 3" in by_status


def test_a_headline_names_the_game_and_the_list_as_the_check_does(tmp_path):
    from armybuilder.check import check_path, headline

    odd = {
        "pack.yaml": "event: Club Night\n",
        "no-system.yaml": "name: Nobody\n",
        "unknown.yaml": "system: chess\nname: Kings\n",
        "number.yaml": "system: token-terrors\nname: 12\n",
        "broken.yaml": "system: [\n",
        "list.yaml": "- system: token-terrors\n",
    }
    for name, text in odd.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    paths = sorted((ROOT / "examples").glob("*/*.yaml")) + sorted(tmp_path.glob("*.yaml"))
    for path in paths:
        head, full = headline(path), check_path(path)
        assert (head.system, head.name, head.document) == (full.system, full.name, full.document), path
        if head.findings:  # what stops the check before the rules, it says too
            assert [f.code for f in head.findings] == [f.code for f in full.findings], path


def statuses(html: str) -> list[str]:
    return re.findall(r'<span class="status (?:valid|invalid)">([^<]*)</span>', html)


@pytest.mark.parametrize("restart", [False, True], ids=["same server", "new server"])
def test_a_same_size_rewrite_in_place_that_keeps_the_old_times_is_seen(client, folder, restart):
    """What `cp -p` or a sync tool does (issue 45, item 7): the file written again in place (the
    same inode), at the same size, its times set back to the old ones: only its change time
    (st_ctime_ns), which no program can set back, tells. The card's verdict is the new one."""
    target = folder / "alpha.yaml"
    assert statuses(client.get("/").text) == ["Legal", "Legal"]
    before = os.stat(target)
    text = target.read_bytes()
    assert b"Soldiers: 6" in text
    with open(target, "r+b") as fh:  # in place: the same inode
        fh.write(text.replace(b"Soldiers: 6", b"Soldiers: 9"))
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(target)
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)
    if restart:
        new_server()
        with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as c:
            page = c.get("/").text
    else:
        page = client.get("/").text
    assert statuses(page) == ["Not legal", "Legal"]
    assert titles(page) == ["Alpha Horde", "Beta Horde"]
