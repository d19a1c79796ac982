"""Every list backed up at once, as one file, and restored from it (issue 47, item 2).

The backup is ``/lists.zip`` (every list of the folder as its file is); ``/restore-lists`` takes
it back. The restore file is hostile input: a zip bomb, names that climb out of the folder, entries
that are no list, damaged or encrypted entries, too many entries. Each entry not restored is said
with its reason; nothing here is overwritten (a taken name is kept as a copy beside it).
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from armybuilder.fingerprint import of_file
from armybuilder.web import folderpage
from armybuilder.web.builder import make_app
from armybuilder.web.files import Folder, Refused
from tests.support.examples import GREENWOOD, OZZY, WRENS
from tests.support.web import BASE, JSON, SAME, TOKEN


def zipped(*entries: tuple[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(name, data)
    return out.getvalue()


@pytest.fixture
def three(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    for src in (GREENWOOD, OZZY, WRENS):
        shutil.copyfile(src, d / src.name)
    return d


def fingerprints(folder: Path) -> dict[str, str]:
    return {p.name: of_file(p) for p in sorted(folder.glob("*.yaml"))}


def test_a_backup_of_three_lists_restores_into_an_empty_folder_and_again_as_nothing_new(three, tmp_path):
    with TestClient(make_app(three, token=TOKEN), base_url=BASE) as c:
        backup = c.get("/lists.zip")
        assert backup.status_code == 200
        page = c.get("/").text
        assert 'action="/restore-lists"' in page
        assert "Back up every list" in page
    empty = tmp_path / "empty"
    empty.mkdir()
    with TestClient(make_app(empty, token=TOKEN), base_url=BASE) as c:
        files = {"backup": ("armybuilder-lists.zip", backup.content, "application/zip")}
        r = c.post("/restore-lists", files=files, data={"csrf": TOKEN}, headers=JSON)
        assert r.status_code == 200, r.text
        assert r.json()["messages"][0].startswith("Restored 3 lists:")
        assert fingerprints(empty) == fingerprints(three)  # the same lists, byte for byte
        assert (empty / ".armybuilder").is_dir()  # their verdicts kept from now on
        # The same backup again: each list is already here the same, nothing is copied.
        r = c.post("/restore-lists", files=files, data={"csrf": TOKEN}, headers=JSON)
        assert r.status_code == 200
        assert r.json()["messages"] == [
            "Already here, the same in every part, so not copied again: "
            + ", ".join(sorted(p.name for p in (GREENWOOD, OZZY, WRENS)))
            + "."
        ]
        assert len(list(empty.glob("*.yaml"))) == 3
        # A plain form (no JavaScript) is sent back to the lists page, which says it.
        r = c.post("/restore-lists", files=files, data={"csrf": TOKEN}, headers=SAME)
        assert r.status_code == 200 and "Already here" in r.text


def test_a_taken_name_is_kept_as_a_copy_and_nothing_is_overwritten(three):
    changed = OZZY.read_text(encoding="utf-8").replace("Ozzy's Muster", "Ozzy's Other Muster")
    backup = zipped((OZZY.name, changed.encode()))
    before = (three / OZZY.name).read_bytes()
    done = folderpage.restore_backup(Folder(three), "b.zip", backup)
    assert done.written == [(OZZY.name, "ozzys-muster-2.yaml", True)]
    assert (three / OZZY.name).read_bytes() == before
    assert (three / "ozzys-muster-2.yaml").read_text(encoding="utf-8") == changed


def test_every_hostile_entry_is_refused_with_its_reason_and_the_good_ones_restored(tmp_path):
    good = OZZY.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("../../escape.yaml", good)  # climbs out of the folder
        z.writestr("/etc/abs.yaml", good)  # an absolute path
        z.writestr("C:/drive.yaml", good)  # a drive
        z.writestr(".hidden.yaml", good)  # a hidden file
        z.writestr("tab\tname.yaml", good)  # a control character in its name
        z.writestr("notes.txt", b"hello")  # not a list file
        z.writestr("bad.yaml", b"system: [unclosed\n")  # bad YAML
        z.writestr("alias.yaml", b"a: &x 1\nb: *x\n")  # an alias: the safe reader refuses it
        z.writestr("scalar.yaml", b"just words\n")  # YAML, but not a list
        z.writestr("latin1.yaml", "name: caf\xe9\n".encode("latin-1"))  # not UTF-8
        z.writestr("bomb.yaml", b"#" * (64 * 1024 * 1024))  # 64 MiB of '#', a few KiB zipped
        z.writestr("sub/", b"")  # a folder: holds nothing of its own
        z.writestr("sub/ozzy.yaml", good)  # a list in a subfolder: restored by its name
    raw = out.getvalue()
    assert len(raw) < 200 * 1024  # the bomb is small on the wire
    d = tmp_path / "lists"
    d.mkdir()
    done = folderpage.restore_backup(Folder(d), "b.zip", raw)
    assert done.written == [("sub/ozzy.yaml", "ozzy.yaml", False)]
    refused = dict(done.refused)
    for name in ("../../escape.yaml", "/etc/abs.yaml", "C:/drive.yaml", ".hidden.yaml", "tab\tname.yaml"):
        assert refused[name].startswith("its name is not a list's file name"), name
    assert refused["notes.txt"] == "it is not a list (a list's file ends in .yaml)"
    assert refused["bad.yaml"].startswith("it cannot be read as a list (line")
    assert refused["alias.yaml"].startswith("it cannot be read as a list")
    assert refused["scalar.yaml"].startswith("it is not a list")
    assert refused["latin1.yaml"].startswith("it cannot be read as a list")
    assert refused["bomb.yaml"] == "it is too large to be a list"
    assert len(done.refused) == 11
    assert sorted(p.name for p in tmp_path.rglob("*.yaml")) == ["ozzy.yaml"]  # nothing written elsewhere


def test_a_damaged_or_encrypted_entry_and_a_file_that_is_no_backup(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    folder = Folder(d)
    raw = bytearray(zipped(("a.yaml", OZZY.read_bytes()), ("b.yaml", WRENS.read_bytes())))
    at = raw.find(b"PK\x03\x04", 1)  # the second entry's local header: damage its data
    raw[at + 40 : at + 60] = b"\xff" * 20
    done = folderpage.restore_backup(folder, "b.zip", bytes(raw))
    assert [w[1] for w in done.written] == ["a.yaml"]
    assert done.refused == [("b.yaml", "it cannot be unpacked: it is damaged")]
    # An encrypted entry (its flag bit 0 set): zipfile asks for a password.
    enc = bytearray(zipped(("c.yaml", OZZY.read_bytes())))
    enc[6] |= 1  # the local header's flags
    central = enc.find(b"PK\x01\x02")
    enc[central + 8] |= 1  # the central directory's flags
    assert folderpage.restore_backup(folder, "b.zip", bytes(enc)).refused == [
        ("c.yaml", "it cannot be unpacked: it is encrypted")
    ]
    for bad, said in (
        (b"", "the file is empty"),
        (b"PK\x03\x04garbage", "it is a damaged zip"),
        (b"%PDF-1.7", "that file is not a backup of lists"),
    ):
        with pytest.raises(Refused) as exc:
            folderpage.restore_backup(folder, "x.zip", bad)
        assert said in exc.value.message
    many = zipped(*((f"l{i}.yaml", b"x") for i in range(folderpage.MAX_BACKUP_ENTRIES + 1)))
    with pytest.raises(Refused) as exc:
        folderpage.restore_backup(folder, "x.zip", many)
    assert exc.value.status == 413


def test_the_restore_route_refuses_in_words_and_escapes_an_entrys_name(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    with TestClient(make_app(d, token=TOKEN), base_url=BASE) as c:
        r = c.post("/restore-lists", data={"csrf": TOKEN}, headers=JSON)  # no file chosen
        assert r.status_code in (415, 422)
        files = {"backup": ("b.zip", zipped(("<b onmouseover=x>.yaml", b"a: [")), "application/zip")}
        r = c.post("/restore-lists", files=files, data={"csrf": TOKEN}, headers=JSON)
        assert r.status_code == 422  # nothing restored
        assert r.json()["messages"][0].startswith("Not restored: “<b onmouseover=x>.yaml”: it cannot be read")
        r = c.post("/restore-lists", files=files, data={"csrf": TOKEN}, headers=SAME)  # a plain form
        assert "<b onmouseover" not in r.text and "“&lt;b onmouseover=x&gt;.yaml”" in r.text
        r = c.post("/restore-lists", files=files, data={"csrf": "wrong"}, headers=SAME)
        assert r.status_code == 403


# ---------------------------------------------------------------------------
# Updates that say what changed (issue 47, item 3)


def test_a_new_data_version_marks_the_list_whose_verdict_changed_and_serve_keeps_the_marks(three):
    import hashlib
    import json

    from armybuilder.web import updates

    with TestClient(make_app(three, token=TOKEN), base_url=BASE) as c:
        c.get("/")
        assert sorted(p.name for p in three.iterdir()) == sorted(p.name for p in (GREENWOOD, OZZY, WRENS))
        # Looking at a folder writes nothing into it; once armybuilder keeps its own things there
        # (a list written by it: a new list, an import, a restore, an edit's undo history)...
        (three / ".armybuilder").mkdir()
        page = c.get("/").text
        assert "update-notice" not in page  # the first page only records the verdicts
        record = json.loads((three / updates.RECORD).read_text(encoding="utf-8"))
        now = record["versions"]
        assert set(record["lists"]) == {GREENWOOD.name, OZZY.name, WRENS.name}
        ozzy = record["lists"][OZZY.name]
        assert ozzy["sha"] == hashlib.sha256(OZZY.read_bytes()).hexdigest()
        # What an older build kept (as if Token Terrors' data was version 0 then, and Ozzy's
        # Muster was not legal at another total): this build checks again and marks it.
        old = dict(now, data=dict(now["data"], **{"token-terrors": "0"}))
        record["versions"] = old
        record["lists"][OZZY.name] = dict(ozzy, valid=False, total="99 slots")
        (three / updates.RECORD).write_text(json.dumps(record), encoding="utf-8")
        page = c.get("/").text
        assert (
            "The builder was updated (the game data of Token Terrors: Battlegrounds from 0 to 1). "
            "Every list was checked again: 1 list changed, marked below with the old and the new." in page
        )
        verdict = "Legal" if ozzy["valid"] else "Not legal"
        was = f"Changed with the update: was Not legal, 99 slots; now {verdict}, {ozzy['total']}."
        assert page.count("Changed with the update") == 1 and was in page
    # serve started again on the folder (after an upgrade): the same marks, from the record.
    folderpage._KEPT.clear()
    with TestClient(make_app(three, token=TOKEN), base_url=BASE) as c:
        assert was in c.get("/").text
        # Read: the notice and the marks are gone; the new verdicts are the last known.
        r = c.post("/updates/seen", data={"csrf": TOKEN}, headers=SAME)
        assert r.status_code == 200 and "update-notice" not in r.text and "Changed with the update" not in r.text
    # The verdicts this build gave are now the last known ones.
    record = json.loads((three / updates.RECORD).read_text(encoding="utf-8"))
    assert record["lists"][OZZY.name] == ozzy and record["marks"] == {}


def test_a_damaged_record_is_taken_as_none_and_a_linked_one_never_written(three, tmp_path):
    from armybuilder.web import updates

    outside = tmp_path / "outside"
    outside.mkdir()
    (three / ".armybuilder").symlink_to(outside)
    with TestClient(make_app(three, token=TOKEN), base_url=BASE) as c:
        assert c.get("/").status_code == 200
    assert list(outside.iterdir()) == []
    (three / ".armybuilder").unlink()
    (three / updates.RECORD).parent.mkdir(parents=True)
    for bad in (b"\xff\xfe", b"[1, 2]", b'{"versions": 1, "lists": []}', b"[" * 100_000):
        (three / updates.RECORD).write_bytes(bad)
        with TestClient(make_app(three, token=TOKEN), base_url=BASE) as c:
            r = c.get("/")
            assert r.status_code == 200 and "update-notice" not in r.text
