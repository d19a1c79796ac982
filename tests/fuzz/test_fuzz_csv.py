"""Fuzzing every CSV cell armybuilder writes and the players file ``tournament`` reads (issue 45,
items 4 and 5).

Cells: any rows of any text (formula starts, quotes, separators, line breaks, ``'`` runs) written
by :func:`armybuilder.csvcells.rows_text` read back with no cell a formula, and each cell, unguarded,
as it was given. The players file: a folder of list files and the ``armybuilder-players.csv`` the
export writes for them, then made hostile (a list changed, removed or added, a digest or a name
changed, a line cut, the file's bytes cut or replaced); :func:`armybuilder.lists.players_of`
never raises, takes the names exactly when every file it names is there with its digest, and then
gives back exactly the names written. Bounded and repeatable as ``test_fuzz_lists``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import shutil
import tempfile
from pathlib import Path

from hypothesis import event, given
from hypothesis import strategies as st

from armybuilder.csvcells import FORMULA_START, rows_text, unguard
from armybuilder.desk import Refusal, clean_player
from armybuilder.lists import PLAYERS_FILE, players_file, players_of
from tests.fuzz.test_fuzz_lists import MAX_EXAMPLES, fuzzing

HOSTILE = st.text(alphabet=st.sampled_from(list("'=+-@\t\r\n,;\"ab 1")) | st.characters(), max_size=20)


@fuzzing(MAX_EXAMPLES)
@given(rows=st.lists(st.lists(HOSTILE | st.integers() | st.none(), max_size=6), max_size=6), bom=st.booleans())
def test_every_cell_is_guarded_and_reads_back(rows, bom):
    read = list(csv.reader(io.StringIO(rows_text(rows, bom=bom).removeprefix("\ufeff"), newline="")))
    assert all(c[:1] not in tuple(FORMULA_START) for r in read for c in r)
    assert [[unguard(c) for c in r] for r in read] == [["" if v is None else str(v) for v in row] for row in rows]


def _name(text: str) -> str | None:
    try:
        return clean_player(text)
    except Refusal:
        return None


@fuzzing(MAX_EXAMPLES)
@given(data=st.data())
def test_the_players_file_is_taken_only_as_it_describes_its_folder(data):
    names = [n for n in data.draw(st.lists(HOSTILE, min_size=1, max_size=5), label="names") if _name(n)]
    names = list(dict.fromkeys(_name(n) for n in names))
    if not names:
        names = ["Alice"]
    with tempfile.TemporaryDirectory(prefix="armybuilder-fuzz-csv-") as tmp:
        folder = Path(tmp)
        files = []
        for i, player in enumerate(names):
            body = data.draw(st.binary(max_size=40), label="list") + f"\n# {i}\n".encode()
            (folder / f"p{i}.yaml").write_bytes(body)
            files.append((f"p{i}.yaml", player, body))
        raw = players_file(files)
        how = data.draw(
            st.sampled_from(["as written", "list changed", "list removed", "list added", "digest", "name", "cut"]),
            label="change",
        )
        event(how)
        describes = how in ("as written", "list added", "name")
        expected = {f: p for f, p, _ in files}
        if how == "list changed":
            (folder / files[0][0]).write_bytes(files[0][2] + b"x")
        elif how == "list removed":
            (folder / files[0][0]).unlink()
        elif how == "list added":
            (folder / "extra.yaml").write_bytes(b"system: x\n")
        elif how == "digest":
            digest = hashlib.sha256(files[0][2]).hexdigest()
            raw = raw.replace(digest.encode(), digest[::-1].encode())
            describes = digest == digest[::-1]
        elif how == "name":
            new = _name(data.draw(HOSTILE, label="new name")) or "Zed"
            rows = [(f, new if f == files[0][0] else p, b) for f, p, b in files]
            raw = players_file(rows)
            expected[files[0][0]] = new
        elif how == "cut":
            raw = raw[: data.draw(st.integers(0, len(raw)), label="cut at")]
            describes = None  # a cut file may still describe the lists whose lines it keeps
        if data.draw(st.booleans(), label="bytes replaced") and how != "as written":
            raw = data.draw(st.binary(max_size=200), label="players file")
            describes = None
        (folder / PLAYERS_FILE).write_bytes(raw)
        listed = sorted(p for p in folder.glob("*.yaml"))
        named = players_of(listed)
        got = {Path(k).name: v for k, v in named.names.items()}
        assert set(named.source.values()) <= {str(folder / PLAYERS_FILE)}
        if describes is True:
            assert named.warnings == [] and got == expected
        elif describes is False:
            assert got == {} and len(named.warnings) == len(listed[:1])  # no list left there: nothing to name
            assert all("not used" in w for w in named.warnings)
        else:  # a cut file may still describe the lists whose lines it keeps; never another name
            assert all(got[f] == expected[f] for f in got)
        shutil.rmtree(folder, ignore_errors=True)
