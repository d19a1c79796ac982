"""``armybuilder-players.csv`` names a folder's lists only when it describes that folder, and says so
(issue 45, item 5).

"A players file dropped into a folder renames everyone in silence": ``tournament`` took the file
from the lists' folder and named each list by it. The export now writes each file's SHA-256 beside
its player; ``tournament`` takes the names only while every file named is in the folder with that
digest, and says on stderr and in every report which names came from the file; otherwise it says
why and the lists' own names stand.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.desk import Desk
from armybuilder.events import load
from armybuilder.lists import PLAYERS_FILE

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GAMES_DAY = EXAMPLES / "events" / "games-day.yaml"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"
OZZY = EXAMPLES / "token-terrors" / "ozzys-muster.yaml"


def own(path: Path, player: str) -> str:
    return path.read_text(encoding="utf-8").replace("name:", f"player: {player}\nname:", 1)


def tournament(pack: Path, folder: Path, *more: str):
    r = CliRunner().invoke(app, ["tournament", str(pack), str(folder), "--format", "json", *more])
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    return {Path(e["file"]).name: e["player"] for e in data["lists"]}, data, r.stderr


@pytest.fixture
def players_own_folder(tmp_path):
    """A folder of the players' own files: each list says who sent it."""
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "alice.yaml").write_text(own(GREENWOOD, "Alice Archer"), encoding="utf-8")
    (folder / "mallory.yaml").write_text(own(OZZY, "Mallory"), encoding="utf-8")
    return folder


def test_a_dropped_in_players_file_that_swaps_alice_and_mallory_is_not_used_and_is_said(players_own_folder):
    folder = players_own_folder
    for swap in (
        "file,player\nalice.yaml,Mallory\nmallory.yaml,Alice Archer\n",  # the old form: no digest at all
        "file,player,sha256\nalice.yaml,Mallory,{0}\nmallory.yaml,Alice Archer,{0}\n".format("ab" * 32),
    ):
        (folder / PLAYERS_FILE).write_text(swap, encoding="utf-8")
        players, data, stderr = tournament(GAMES_DAY, folder)
        assert players == {"alice.yaml": "Alice Archer", "mallory.yaml": "Mallory"}  # their own names stand
        assert f"warning: {folder / PLAYERS_FILE}: " in stderr and "not used: the lists' own names stand" in stderr
        assert "names from" not in stderr and "names_from" not in data
        assert all("player_from" not in e for e in data["lists"])
    assert "alice.yaml has changed since the export" in stderr  # the first file it names, with a wrong digest


def test_the_exports_own_file_is_used_and_announced_in_every_report(tmp_path):
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    with Desk(tmp_path / "games-day.desk.sqlite", load(pack)) as desk:
        desk.submit("Mallory", own(GREENWOOD, "Alice Archer"))
        desk.submit("Bob", OZZY.read_text(encoding="utf-8"))
        out = tmp_path / "out"
        desk.export(out)
    sidecar = out / PLAYERS_FILE
    rows = sidecar.read_text(encoding="utf-8-sig").splitlines()
    assert rows[0] == "file,player,sha256"
    assert f"mallory.yaml,Mallory,{hashlib.sha256((out / 'mallory.yaml').read_bytes()).hexdigest()}" in rows
    reports = [tmp_path / f"r.{x}" for x in ("md", "json", "xml")]
    players, data, stderr = tournament(
        pack, out, *(a for r in reports for a in ("--report", str(r))), "--packet", str(tmp_path / "p.pdf")
    )
    assert players == {"mallory.yaml": "Mallory", "bob.yaml": "Bob"}
    said = f"names from {sidecar} (written by collect --export) for lists 1-2"
    assert said in stderr
    assert data["names_from"] == [{"file": str(sidecar), "lists": [1, 2], "said": data["names_from"][0]["said"]}]
    assert data["names_from"][0]["said"].startswith(said)
    assert {e["player_from"] for e in data["lists"]} == {str(sidecar)}
    assert (
        "names from armybuilder-players.csv (written by collect --export) for lists 1-2"
        in CliRunner().invoke(app, ["tournament", str(pack), str(out)]).stdout
    )  # the text table
    markdown, junit = reports[0].read_text(encoding="utf-8"), reports[2].read_text(encoding="utf-8")
    assert "names from " in markdown and "armybuilder-players.csv (written by collect --export)" in markdown
    assert 'name="names_from"' in junit and str(sidecar) in junit
    assert json.loads(reports[1].read_text(encoding="utf-8"))["names_from"] == data["names_from"]
    pypdf = pytest.importorskip("pypdf")
    summary = " ".join(pypdf.PdfReader(tmp_path / "p.pdf").pages[0].extract_text().split())
    assert "names from armybuilder-players.csv (written by collect --export) for lists 1-2" in summary
    assert "Mallory" in summary and "Alice Archer" not in summary


def test_a_list_edited_after_the_export_refuses_the_players_file_with_the_reason(tmp_path):
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    with Desk(tmp_path / "games-day.desk.sqlite", load(pack)) as desk:
        desk.submit("Mallory", own(GREENWOOD, "Alice Archer"))
        desk.submit("Bob", OZZY.read_text(encoding="utf-8"))
        out = tmp_path / "out"
        desk.export(out)
    assert tournament(pack, out)[0] == {"mallory.yaml": "Mallory", "bob.yaml": "Bob"}
    edited = out / "mallory.yaml"
    edited.write_text(edited.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    players, data, stderr = tournament(pack, out)
    assert players == {"mallory.yaml": "Alice Archer", "bob.yaml": None}  # the lists' own names stand
    assert (
        f"warning: {out / PLAYERS_FILE}: mallory.yaml has changed since the export (its SHA-256 is not the one "
        "given); not used: the lists' own names stand"
    ) in stderr
    assert "names from" not in stderr and "names_from" not in data
    edited.unlink()  # a file it names, gone
    assert "mallory.yaml is named in it and is not in the folder" in tournament(pack, out)[2]


def test_the_desks_zip_names_its_lists_when_unpacked(tmp_path):
    """The zip's players file carries the digests of the lists beside it in the zip."""
    from armybuilder.web.desk.downloads import _download

    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    with Desk(tmp_path / "games-day.desk.sqlite", load(pack)) as desk:
        desk.submit("Mallory", own(GREENWOOD, "Alice Archer"))
        data = _download(desk, "lists.zip")
    folder = tmp_path / "unzipped"
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        z.extractall(folder)
    players, _, stderr = tournament(pack, folder)
    assert players == {"mallory.yaml": "Mallory"} and f"names from {folder / PLAYERS_FILE}" in stderr


@pytest.mark.parametrize(
    "body, says",
    [
        ("who,what\n", "its first line is not 'file,player'"),
        ("file,player,sha256\nx.yaml,Eve\n", "line 2 has no SHA-256"),
        ("file,player,sha256\n../alice.yaml,Eve,{a}\n", "line 2 names no single file of its folder"),
        ("file,player,sha256\nalice.yaml,Eve,{a}\nalice.yaml,Eve,{a}\n", "line 3 names no single file"),
        ("file,player,sha256\nalice.yaml,Eve,xyz\n", "line 2: 'xyz' is not a SHA-256"),
        ("file,player,sha256\nfifo.yaml,Eve,{a}\n", "fifo.yaml, named in it, cannot be read"),
    ],
)
def test_a_players_file_that_does_not_describe_its_folder_says_why(players_own_folder, body, says):
    folder = players_own_folder
    digest = hashlib.sha256((folder / "alice.yaml").read_bytes()).hexdigest()
    if "fifo" in body:
        import os

        os.mkfifo(folder / "fifo.yaml")  # a pipe: hashing it must not hang the run
    (folder / PLAYERS_FILE).write_text(body.format(a=digest), encoding="utf-8")
    r = CliRunner().invoke(app, ["tournament", str(GAMES_DAY), str(folder / "alice.yaml"), "--format", "json"])
    assert says in r.stderr and "not used: the lists' own names stand" in r.stderr
    assert json.loads(r.stdout)["lists"][0]["player"] == "Alice Archer"
    good = f"file,player,sha256\nalice.yaml,Eve,{digest}\n"  # the same folder, described as it is
    (folder / PLAYERS_FILE).write_text(good, encoding="utf-8")
    r = CliRunner().invoke(app, ["tournament", str(GAMES_DAY), str(folder / "alice.yaml"), "--format", "json"])
    assert json.loads(r.stdout)["lists"][0]["player"] == "Eve" and "names from" in r.stderr
