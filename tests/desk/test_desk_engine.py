"""``armybuilder collect``, the engine side (:mod:`armybuilder.desk`): what is taken and what is
refused (with nothing stored), the deadline and the locks, the reveal, the SQLite file (WAL,
synchronous FULL, the schema's version and its migration, the append-only history, only the
hash of an edit token, a backup while it runs), and the export that ``tournament`` agrees with.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.desk import (
    MAX_LIST_BYTES,
    MIGRATIONS,
    SCHEMA_VERSION,
    Desk,
    DeskError,
    Refusal,
    clean_player,
    file_names,
    list_of_upload,
    parse_when,
    safe_stem,
)
from armybuilder.events import load
from armybuilder.events.standings import run
from armybuilder.fingerprint import of_file
from armybuilder.lists import discover
from armybuilder.sharecode import encode
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GAMES_DAY = EXAMPLES / "events" / "games-day.yaml"  # every system
AUTUMN = EXAMPLES / "events" / "autumn-clash.yaml"  # one system
GREENWOOD = EXAMPLES / "fantasy-triumph" / "greenwood-host.yaml"  # legal at the games day
BROKEN = EXAMPLES / "fantasy-triumph" / "broken-horde.yaml"  # illegal
WRENS = EXAMPLES / "token-terrors" / "wrens-host.yaml"  # illegal at the games day (5 Goblins)
OZZY = EXAMPLES / "token-terrors" / "ozzys-muster.yaml"  # legal
CASTLE = EXAMPLES / "homm3-battlefield" / "skirmish-medium.yaml"
THRALL = EXAMPLES / "small-world-of-warcraft" / "thrall-turn-4.yaml"


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def fixed_wrens() -> str:
    """Wren's Host, legal at the games day: 4 Goblins (its limit), 6 Wyverns."""
    return text(WRENS).replace("Wyverns: 5", "Wyverns: 6").replace("Goblins: 5", "Goblins: 4")


class Clock:
    def __init__(self) -> None:
        self.now = dt.datetime(2026, 10, 17, 7, 0, tzinfo=dt.timezone.utc)

    def __call__(self) -> dt.datetime:
        return self.now

    def tick(self, **delta: float) -> None:
        self.now += dt.timedelta(**delta)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def desk(tmp_path, clock):
    d = Desk(tmp_path / "desk.sqlite", load(GAMES_DAY), clock=clock)
    yield d
    d.close()


def rows(path: Path, sql: str, *args: object) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


# ---------------------------------------------------------------------------
# Taking lists


def test_a_list_is_taken_with_its_fingerprint_verdict_and_a_token(desk):
    taken = desk.submit("Alice Archer", text(GREENWOOD))
    assert taken.status == "legal" and taken.version == 1
    assert taken.fingerprint == of_file(GREENWOOD)
    assert taken.edit_token and len(taken.edit_token) >= 32
    assert set(taken.answer()) == {"id", "fingerprint", "status", "findings", "edit_token"}
    (sub,) = desk.submissions()
    assert (sub.id, sub.player, sub.versions, sub.verdict.status) == (taken.id, "Alice Archer", 1, "legal")
    assert sub.latest.text == text(GREENWOOD)  # kept exactly as sent
    assert sub.summary()["system"] == "fantasy-triumph"


def test_an_illegal_list_is_taken_and_marked_illegal(desk):
    taken = desk.submit("Bob", text(WRENS))
    assert taken.status == "illegal"
    assert any(f["code"] == "EVT012" and f["severity"] == "error" for f in taken.findings)
    assert desk.get(taken.id).verdict.status == "illegal"


def test_a_list_of_the_right_game_in_the_wrong_shape_is_taken_as_broken(desk):
    taken = desk.submit("Cleo", "system: fantasy-triumph\nname: Half done\nclasses: 3\n")
    assert taken.status == "broken"
    assert any(f["code"].startswith("ABL") for f in taken.findings)


def test_fixing_and_replacing_a_list_adds_versions(desk, clock):
    taken = desk.submit("Bob", text(WRENS))
    clock.tick(minutes=5)
    fixed = desk.replace(taken.id, taken.edit_token, fixed_wrens())
    assert fixed.version == 2 and fixed.edit_token is None
    assert set(fixed.answer()) == {"id", "fingerprint", "status", "findings", "version"}
    clock.tick(minutes=5)
    other = desk.replace(taken.id, taken.edit_token, text(OZZY))
    assert (other.version, other.status) == (3, "legal")
    history = desk.versions(taken.id)
    assert [v.number for v in history] == [1, 2, 3]
    assert [v.fingerprint for v in history] == [taken.fingerprint, fixed.fingerprint, of_file(OZZY)]
    assert history[0].submitted_at < history[1].submitted_at < history[2].submitted_at
    assert desk.get(taken.id).latest.number == 3 and desk.get(taken.id).versions == 3


def test_a_share_code_is_taken_as_the_list_it_holds(desk):
    code = encode(load_file(OZZY).data)
    taken = desk.submit("Dee", code)
    assert taken.fingerprint == of_file(OZZY) and taken.status == "legal"
    kept = desk.get(taken.id).latest
    assert kept.how == "code" and kept.text.startswith("# Sent to the desk as a share code.")
    assert load_file_text(kept.text) == load_file(OZZY).data


def load_file_text(t: str):
    from armybuilder.yamlio import loads

    return loads(t).data


def test_an_uploaded_roster_gives_the_list_it_carries(desk, tmp_path):
    from armybuilder.export import run as export

    out = tmp_path / "castle.json"
    assert export(CASTLE, "json", str(out)).code == 0
    listed, how = list_of_upload("castle.json", out.read_bytes())
    assert how == "roster"
    taken = desk.submit("Eve", listed, how)
    assert taken.fingerprint == of_file(CASTLE)
    assert list_of_upload("army.yaml", CASTLE.read_bytes()) == (text(CASTLE), "file")


@pytest.mark.parametrize(
    "player, listed, status, says",
    [
        ("", "GREENWOOD", 422, "give the player's name"),
        ("   ", "GREENWOOD", 422, "give the player's name"),
        (None, "GREENWOOD", 422, "player's name"),
        (42, "GREENWOOD", 422, "player's name"),
        ("A" * 81, "GREENWOOD", 422, "at most 80 characters"),
        ("Bell\x07", "GREENWOOD", 422, "no control characters"),
        ("Evil\u202eReversed", "GREENWOOD", 422, "no control characters"),
        ("Lone\ud800", "GREENWOOD", 422, "broken character"),
        ("Zed", "", 422, "give the list"),
        ("Zed", None, 422, "give the list"),
        ("Zed", ["a", "list"], 422, "give the list"),
        ("Zed", "just words", 422, "not a list"),
        ("Zed", "a: [1, 2", 422, "not a list: line"),
        ("Zed", "- 1\n- 2\n", 422, "not a list"),
        ("Zed", "name: no game\n", 422, "does not say its game"),
        ("Zed", "system: chess\nname: x\n", 422, "does not know (chess)"),
        ("Zed", "event: Other Event\nsystem: token-terrors\n", 422, "an event pack"),
        ("Zed", "a: &x [1]\nb: *x\n", 422, "not a list"),
        ("Zed", "AB1.garbage", 422, "share code cannot be read"),
        ("Zed", "x" * (MAX_LIST_BYTES + 1), 413, "at most 256 KiB"),
        ("Zed", "\ufeffsystem: token-terrors\x00\n", 422, "not a list"),
    ],
)
def test_garbage_is_refused_and_nothing_is_stored(desk, player, listed, status, says):
    body = text(GREENWOOD) if listed == "GREENWOOD" else listed
    with pytest.raises(Refusal) as caught:
        desk.submit(player, body)
    assert caught.value.status == status and says in caught.value.message
    assert desk.submissions() == []
    assert rows(desk.path, "SELECT COUNT(*) FROM versions") == [(0,)]


def test_a_list_of_a_game_the_event_does_not_play_is_refused(tmp_path):
    with Desk(tmp_path / "d.sqlite", load(AUTUMN)) as desk:
        with pytest.raises(Refusal) as caught:
            desk.submit("Finn", text(OZZY))
        assert caught.value.status == 422
        assert "Token Terrors" in caught.value.message and "this event plays Fantasy Triumph" in caught.value.message
        assert desk.submissions() == []


def test_one_submission_a_player_whatever_the_case_or_spacing(desk):
    desk.submit("Alice Archer", text(GREENWOOD))
    for same in (
        "alice archer",
        "  ALICE   Archer ",
        "\uff21\uff4c\uff49\uff43\uff45 Archer",
    ):  # full-width letters too
        with pytest.raises(Refusal) as caught:
            desk.submit(same, text(OZZY))
        assert caught.value.status == 422 and "is in already" in caught.value.message
    assert len(desk.submissions()) == 1


def test_replacing_needs_the_token_and_cannot_change_the_player(desk):
    taken = desk.submit("Gus", text(OZZY))
    other = desk.submit("Hal", text(OZZY))
    for token in (None, "", "wrong", other.edit_token, taken.edit_token + "x", "x" * 5000):
        with pytest.raises(Refusal) as caught:
            desk.replace(taken.id, token, text(WRENS))
        assert caught.value.status == 404
    for sid in ("nope", "../x", "", "x" * 100):
        with pytest.raises(Refusal) as caught:
            desk.replace(sid, taken.edit_token, text(WRENS))
        assert caught.value.status == 404
    with pytest.raises(Refusal) as caught:
        desk.replace(taken.id, taken.edit_token, text(WRENS), player="Somebody Else")
    assert caught.value.status == 422
    assert desk.replace(taken.id, taken.edit_token, text(WRENS), player="gus").version == 2
    assert desk.authorised(taken.id, other.edit_token) is None
    assert desk.authorised(taken.id, taken.edit_token).id == taken.id


# ---------------------------------------------------------------------------
# The deadline, the locks, the reveal


def test_after_the_deadline_nothing_is_taken_or_replaced(desk, clock):
    taken = desk.submit("Ivy", text(OZZY))
    desk.set_deadline(clock.now + dt.timedelta(minutes=10))
    assert desk.state().closed is None
    clock.tick(minutes=9, seconds=59)
    assert desk.replace(taken.id, taken.edit_token, text(WRENS)).version == 2
    clock.tick(seconds=1)
    state = desk.state()
    assert state.past_deadline and "deadline has passed" in state.closed
    for attempt in (
        lambda: desk.submit("Jo", text(OZZY)),
        lambda: desk.replace(taken.id, taken.edit_token, text(OZZY)),
    ):
        with pytest.raises(Refusal) as caught:
            attempt()
        assert caught.value.status == 423 and "deadline has passed" in caught.value.message
    desk.set_deadline(clock.now + dt.timedelta(hours=1))  # moved: open again
    assert desk.submit("Jo", text(OZZY)).status == "legal"
    desk.set_deadline(None)
    assert desk.state().deadline is None
    assert [a[1] for a in desk.actions()] == ["deadline", "deadline", "deadline"]


def test_the_event_lock_and_a_players_lock(desk):
    a = desk.submit("Kit", text(OZZY))
    b = desk.submit("Lou", text(OZZY))
    desk.lock_event(True)
    for attempt in (lambda: desk.submit("Mo", text(OZZY)), lambda: desk.replace(a.id, a.edit_token, text(WRENS))):
        with pytest.raises(Refusal) as caught:
            attempt()
        assert caught.value.status == 423 and "locked the event" in caught.value.message
    desk.lock_event(False)
    desk.lock_player(a.id, True)
    with pytest.raises(Refusal) as caught:
        desk.replace(a.id, a.edit_token, text(WRENS))
    assert caught.value.status == 423 and "locked this list" in caught.value.message
    assert desk.replace(b.id, b.edit_token, text(WRENS)).version == 2  # the others are not locked
    with pytest.raises(Refusal):  # a wrong token says nothing of the lock
        desk.replace(a.id, b.edit_token, text(WRENS))
    desk.lock_player(a.id, False)
    assert desk.replace(a.id, a.edit_token, text(WRENS)).version == 2
    with pytest.raises(Refusal) as caught:
        desk.lock_player("nobody", True)
    assert caught.value.status == 404
    assert [a[1] for a in desk.actions()] == ["lock", "unlock", "lock-player", "unlock-player"]


def test_the_reveal_is_kept(desk, clock):
    assert not desk.state().revealed
    first = desk.reveal(lock_now=True).revealed_at
    clock.tick(hours=1)
    assert desk.reveal().revealed_at == first == clock.now - dt.timedelta(hours=1)
    assert [a[1] for a in desk.actions()] == ["reveal-and-lock"]


def test_a_reveal_closes_the_desk(desk, clock):
    """Issue 37, 1: once every list is shown, none is taken or replaced; before the deadline a
    reveal needs the organiser's "reveal and lock now"."""
    taken = desk.submit("Rae", text(OZZY))
    desk.set_deadline(clock.now + dt.timedelta(hours=1))
    with pytest.raises(Refusal) as caught:
        desk.reveal()
    assert caught.value.status == 409 and "reveal and lock now" in caught.value.message
    assert not desk.state().revealed and desk.state().closed is None
    desk.reveal(lock_now=True)
    state = desk.state()
    assert state.revealed and "revealed" in (state.closed or "")
    for attempt in (
        lambda: desk.submit("Sam", text(OZZY)),
        lambda: desk.replace(taken.id, taken.edit_token, text(WRENS)),
    ):
        with pytest.raises(Refusal) as caught:
            attempt()
        assert caught.value.status == 423 and "revealed" in caught.value.message
    desk.set_deadline(clock.now + dt.timedelta(days=1))  # moving the deadline does not open it again
    with pytest.raises(Refusal):
        desk.submit("Sam", text(OZZY))
    assert [s.player for s in desk.submissions()] == ["Rae"] and desk.versions(taken.id)[-1].number == 1


def test_after_the_deadline_a_reveal_needs_no_lock_now(desk, clock):
    desk.set_deadline(clock.now + dt.timedelta(minutes=1))
    clock.tick(minutes=2)
    assert desk.reveal().revealed and [a[1] for a in desk.actions()][-1] == "reveal"


@pytest.mark.parametrize(
    "given, expected",
    [
        ("2026-10-17T09:00+02:00", "2026-10-17T07:00:00+00:00"),
        ("2026-10-17T07:00Z", "2026-10-17T07:00:00+00:00"),
        ("2026-10-17 07:00:30 +00:00", "2026-10-17T07:00:30+00:00"),
    ],
)
def test_a_deadline_as_people_write_it(given, expected):
    assert parse_when(given).isoformat() == expected


def test_a_deadline_in_local_time_and_the_refusals():
    assert parse_when("2026-10-17 09:00") == dt.datetime(2026, 10, 17, 9, 0).astimezone().astimezone(dt.timezone.utc)
    for bad in ("tomorrow", "2026-10-17", "2026-13-01 09:00", "2026-02-30 09:00", "09:00", "2026-10-17 09:00 +99:00"):
        with pytest.raises(ValueError):
            parse_when(bad)


# ---------------------------------------------------------------------------
# The file


def test_the_database_is_wal_with_a_schema_version_and_no_raw_token(desk):
    taken = desk.submit("Nat", text(OZZY))
    conn = desk._conn()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    (stored,) = rows(desk.path, "SELECT token_hash FROM submissions")
    assert stored == (hashlib.sha256(taken.edit_token.encode()).hexdigest(),)
    desk.close()
    for f in desk.path.parent.glob("desk.sqlite*"):
        if f.is_file():
            assert taken.edit_token.encode() not in f.read_bytes()
    assert (desk.path.stat().st_mode & 0o777) == 0o600


def test_each_thread_has_its_own_connection(desk):
    main = desk._conn()
    seen: dict[int, tuple[sqlite3.Connection, sqlite3.Connection, int]] = {}
    together = threading.Barrier(3, timeout=10)  # the three threads alive at once

    def one(n: int) -> None:
        first = desk._conn()
        together.wait()
        seen[n] = (first, desk._conn(), first.execute("PRAGMA synchronous").fetchone()[0])

    threads = [threading.Thread(target=one, args=(n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(seen) == [0, 1, 2]  # every thread got to the end (a failure in a thread fails nothing)
    conns = [first for first, _, _ in seen.values()]
    assert all(again is first for first, again, _ in seen.values())  # a thread keeps its own
    assert len({id(c) for c in conns}) == 3  # no two threads share one
    assert all(c is not main for c in conns)  # and none has the main thread's
    assert [sync for _, _, sync in seen.values()] == [2, 2, 2]  # every one synchronous=FULL
    assert desk._conn() is main and main.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_the_history_is_append_only(desk):
    desk.submit("Olive", text(OZZY))
    desk.lock_event(True)
    conn = sqlite3.connect(desk.path)
    try:
        for sql in (
            "UPDATE versions SET fingerprint = 'x'",
            "DELETE FROM versions",
            "DELETE FROM submissions",
            "UPDATE actions SET what = 'x'",
            "DELETE FROM actions",
        ):
            with pytest.raises(sqlite3.DatabaseError, match=r"append-only|never deleted"):
                conn.execute(sql)
    finally:
        conn.close()


def test_an_older_file_is_migrated_forward_and_keeps_its_lists(tmp_path):
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("PRAGMA application_id = 1094861907")
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO submissions VALUES ('old1', 'Pat', 'pat', ?, 0, '2026-10-01T10:00:00.000000Z')",
        (hashlib.sha256(b"tok").hexdigest(),),
    )
    conn.execute(
        "INSERT INTO versions (submission, number, submitted_at, how, text, fingerprint, system, status, findings) "
        "VALUES ('old1', 1, '2026-10-01T10:00:00.000000Z', 'api', ?, ?, 'token-terrors', 'legal', '[]')",
        (text(OZZY), of_file(OZZY)),
    )
    conn.commit()
    conn.close()
    with Desk(path, load(GAMES_DAY)) as desk:
        assert desk.schema_version() == SCHEMA_VERSION
        (sub,) = desk.submissions()
        assert (sub.player, sub.latest.fingerprint, sub.verdict.status) == ("Pat", of_file(OZZY), "legal")
        assert desk.replace("old1", "tok", text(WRENS)).version == 2
        desk.lock_event(True)  # the table version 2 added
        assert desk.actions()[-1][1] == "lock"
        desk.lock_event(False)
        with pytest.raises(Refusal, match="in already"):  # a token made before the desk had a key: no retry
            desk.submit("Pat", text(WRENS))
        assert desk.withdraw("old1") == "Pat" and desk.submissions() == []  # the columns version 3 added


def test_a_version_checked_against_another_pack_is_checked_again(tmp_path):
    path = tmp_path / "d.sqlite"
    with Desk(path, load(GAMES_DAY)) as desk:
        taken = desk.submit("Quin", text(GREENWOOD))
        assert taken.status == "legal"
    stricter = tmp_path / "stricter.yaml"
    stricter.write_text(text(GAMES_DAY).replace("points: 51", "points: 40"), encoding="utf-8")
    with Desk(path, load(stricter)) as desk:
        (sub,) = desk.submissions()
        assert sub.latest.status == "legal"  # what the receipt said
        assert sub.verdict.status == "illegal"  # what the pack says now
        assert any(f["code"] == "FTR020" for f in sub.verdict.findings)


@pytest.mark.parametrize(
    "content, says",
    [
        (b"this is no database, just text that is long enough to look like a header of some file\n" * 20, "not a desk"),
        (None, "something else"),
    ],
)
def test_a_file_that_is_not_a_desk_is_refused(tmp_path, content, says):
    path = tmp_path / "other.sqlite"
    if content is None:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
        conn.close()
    else:
        path.write_bytes(content)
    with pytest.raises(DeskError, match=says):
        Desk(path, load(GAMES_DAY))


def test_a_newer_file_is_refused(tmp_path):
    path = tmp_path / "new.sqlite"
    Desk(path, load(GAMES_DAY)).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    with pytest.raises(DeskError, match="newer armybuilder"):
        Desk(path, load(GAMES_DAY))


def test_the_backup_is_a_consistent_copy_while_the_desk_writes(desk, tmp_path):
    for i in range(5):
        desk.submit(f"Player {i}", text(OZZY))
    stop = threading.Event()

    def keep_writing():
        i = 0
        while not stop.is_set() and i < 200:
            desk.submit(f"Writer {i}", text(OZZY))
            i += 1

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        data = desk.backup_bytes()
    finally:
        stop.set()
        writer.join(30)
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(data)
    conn = sqlite3.connect(copy)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        n = conn.execute("SELECT COUNT(*) FROM submissions").fetchone()[0]
        assert n >= 5 and n == conn.execute("SELECT COUNT(*) FROM versions").fetchone()[0]
    finally:
        conn.close()
    with Desk(copy, load(GAMES_DAY)) as restored:
        assert len(restored.submissions()) == n


def test_many_threads_take_turns_and_every_list_is_kept(desk):
    taken: list = []
    errors: list = []
    lock = threading.Lock()

    def player(n: int) -> None:
        for i in range(10):
            try:
                t = desk.submit(f"P{n}-{i}", text(OZZY if i % 2 else WRENS))
            except Exception as exc:  # noqa: BLE001 - collected for the assertion
                errors.append(exc)
                continue
            with lock:
                taken.append(t)

    threads = [threading.Thread(target=player, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)  # a bound on a hang, not a duration asserted
    assert not any(t.is_alive() for t in threads) and errors == []
    kept = {s.id: s.latest.fingerprint for s in desk.submissions()}
    assert len(kept) == 80 and kept == {t.id: t.fingerprint for t in taken}


# ---------------------------------------------------------------------------
# Export, then tournament


@pytest.mark.parametrize(
    "player, stem",
    [
        ("Alice Archer", "alice-archer"),
        ("../../etc/passwd", "etc-passwd"),
        (".hidden", "hidden"),
        ("con", "con-list"),
        ("NUL", "nul-list"),
        ("Zoë Ünal", "zoë-ünal"),
        ("李小龙", "李小龙"),
        ("🐉", "🐉"),  # issue 37, 6: it was "player"
        ("🐉 Dragon", "🐉-dragon"),
        ("<script>", "script"),
        ("///", "player"),
        ("C:\\Windows", "c-windows"),
        ("a" * 300, "a" * 120),
    ],
)
def test_a_safe_file_name_from_a_players_name(player, stem):
    assert safe_stem(player) == stem


def test_two_players_never_get_the_same_file():
    assert file_names(["Ann", "ann", "ANN!", "Bo"]) == ["ann.yaml", "ann-2.yaml", "ann-3.yaml", "bo.yaml"]


def test_export_then_tournament_gives_the_same_verdicts(desk, tmp_path):
    sent = {
        "Alice Archer": GREENWOOD,
        "../../escape": BROKEN,
        ".dot": WRENS,
        "Ozzy": OZZY,
        "Hero <b>": CASTLE,
        "Thrall": THRALL,
        "Half": None,
    }
    for player, path in sent.items():
        body = text(path) if path else "system: fantasy-triumph\nname: Half\nclasses: 3\n"
        desk.submit(player, body)
    a = desk.submit("ozzy fan", text(WRENS))
    desk.replace(a.id, a.edit_token, text(OZZY))  # its latest version is exported
    out = tmp_path / "out" / "lists"
    written = desk.export(out)
    assert sorted(p.name for _, p in written) == sorted(
        [
            "alice-archer.yaml",
            "escape.yaml",
            "dot.yaml",
            "ozzy.yaml",
            "hero-b.yaml",
            "thrall.yaml",
            "half.yaml",
            "ozzy-fan.yaml",
        ]
    )
    assert all(p.parent == out for _, p in written)
    assert sorted(f.name for f in (tmp_path / "out").iterdir()) == ["lists"]
    desk_verdicts = {p.name: s.verdict.status for s, p in written}
    files, skipped = discover([out], None)
    assert skipped == [] and len(files) == len(written)
    t = run(load(GAMES_DAY), files)
    assert {Path(e.file).name: e.status for e in t.entries} == desk_verdicts
    assert set(desk_verdicts.values()) == {"legal", "illegal", "broken"}
    for sub, path in written:
        assert path.read_text(encoding="utf-8") == sub.latest.text
        if sub.verdict.status != "broken":
            assert of_file(path) == sub.latest.fingerprint


def test_export_never_overwrites_unless_asked(desk, tmp_path):
    desk.submit("Rae", text(OZZY))
    desk.submit("Sam", text(OZZY))
    out = tmp_path / "lists"
    out.mkdir()
    (out / "sam.yaml").write_text("mine\n", encoding="utf-8")
    with pytest.raises(DeskError, match=r"sam\.yaml already exists; use --force"):
        desk.export(out)
    assert sorted(f.name for f in out.iterdir()) == ["sam.yaml"]  # nothing written
    assert (out / "sam.yaml").read_text() == "mine\n"
    desk.export(out, force=True)
    assert (out / "sam.yaml").read_text() == text(OZZY)
    (out / "rae.yaml").unlink()
    (out / "rae.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    with pytest.raises(DeskError, match="not regular files"):
        desk.export(out, force=True)
    assert not (tmp_path / "elsewhere.yaml").exists()


def test_the_export_command(tmp_path, monkeypatch):
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    db = tmp_path / "games-day.desk.sqlite"
    with Desk(db, load(pack)) as desk:
        desk.submit("Tess", text(OZZY))
        desk.submit("Uma", text(WRENS))
    runner = CliRunner()
    r = runner.invoke(app, ["collect", str(pack), "--db", str(db), "--export", str(tmp_path / "out")])
    assert r.exit_code == 0, r.stderr
    assert "wrote 2 lists into" in r.stderr and "1 legal, 1 not" in r.stderr
    assert r.stdout.splitlines() == [
        f"{tmp_path / 'out' / 'tess.yaml'}\tTess\tlegal",
        f"{tmp_path / 'out' / 'uma.yaml'}\tUma\tillegal",
    ]
    again = runner.invoke(app, ["collect", str(pack), "--db", str(db), "--export", str(tmp_path / "out")])
    assert again.exit_code == 2 and "already exist" in again.stderr
    t = runner.invoke(app, ["tournament", str(pack), str(tmp_path / "out")])
    assert t.exit_code == 1 and "1 legal, 1 illegal" in t.stderr
    missing = runner.invoke(
        app, ["collect", str(pack), "--db", str(tmp_path / "none.sqlite"), "--export", str(tmp_path / "o2")]
    )
    assert missing.exit_code == 2 and "no such database" in missing.stderr
    assert not (tmp_path / "none.sqlite").exists()
    # without --db: the desk's own default, beside the pack (games-day.desk.sqlite, the one above)
    beside = runner.invoke(app, ["collect", str(pack), "--export", str(tmp_path / "o3")])
    assert beside.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "o3").iterdir()) == ["armybuilder-players.csv", "tess.yaml", "uma.yaml"]
    db.rename(tmp_path / "moved.sqlite")
    gone = runner.invoke(app, ["collect", str(pack), "--export", str(tmp_path / "o5")])
    assert gone.exit_code == 2 and "no such database" in gone.stderr and not db.exists()
    both = runner.invoke(
        app, ["collect", str(pack), "--db", str(db), "--export", "o4", "--deadline", "2026-10-17 09:00"]
    )
    assert both.exit_code == 2


def test_tournament_names_exported_lists_by_the_desks_players_not_their_own_player_field(tmp_path):
    """Issue 37, item 6: "A list sent as 'Mallory' that contains player: Alice Archer is reported
    as Alice Archer. An emoji-named player shows as player.yaml." The export keeps each list as sent
    (the fingerprint its player was given) and writes the names beside them, which tournament reads."""
    pack = tmp_path / "games-day.yaml"
    shutil.copyfile(GAMES_DAY, pack)
    db = tmp_path / "games-day.desk.sqlite"
    alice = text(GREENWOOD).replace("name:", "player: Alice Archer\nname:", 1)
    assert "player: Alice Archer" in alice
    with Desk(db, load(pack)) as desk:
        desk.submit("Mallory", alice)
        desk.submit("🐉", text(OZZY))
        fingerprints = {s.player: s.latest.fingerprint for s in desk.submissions()}
    runner = CliRunner()
    out = tmp_path / "out"
    r = runner.invoke(app, ["collect", str(pack), "--db", str(db), "--export", str(out)])
    assert r.exit_code == 0, r.stderr
    assert "armybuilder-players.csv" in r.stderr
    sent = out / "mallory.yaml"
    assert sent.read_text(encoding="utf-8") == alice and of_file(sent) == fingerprints["Mallory"]  # as sent
    t = runner.invoke(app, ["tournament", str(pack), str(out), "--format", "json", "--packet", str(tmp_path / "p.pdf")])
    assert t.exit_code == 0, t.stderr
    import json

    players = {Path(e["file"]).name: e["player"] for e in json.loads(t.stdout)["lists"]}
    assert players == {"mallory.yaml": "Mallory", "🐉.yaml": "🐉"}
    assert "skipped" not in t.stderr  # the names file is no list, and not "a file skipped"
    pypdf = pytest.importorskip("pypdf")
    summary = pypdf.PdfReader(tmp_path / "p.pdf").pages[0].extract_text()
    assert "Mallory" in summary and "Alice Archer" not in summary
    # an organiser may fix a name there (the lists' SHA-256 kept: issue 45, item 5); a file that cannot be
    # used is said, and the lists' own names stand
    digest = hashlib.sha256(sent.read_bytes()).hexdigest()
    (out / "armybuilder-players.csv").write_text(f"file,player,sha256\nmallory.yaml,Mallory M.,{digest}\n", "utf-8")
    t = runner.invoke(app, ["tournament", str(pack), str(out), "--format", "json"])
    players = {Path(e["file"]).name: e["player"] for e in json.loads(t.stdout)["lists"]}
    assert players["mallory.yaml"] == "Mallory M." and players["🐉.yaml"] != "🐉"
    (out / "armybuilder-players.csv").write_text("who,what\nmallory.yaml,Eve\n", encoding="utf-8")
    t = runner.invoke(app, ["tournament", str(pack), str(out), "--format", "json"])
    assert "its first line is not 'file,player'; not used" in t.stderr
    players = {Path(e["file"]).name: e["player"] for e in json.loads(t.stdout)["lists"]}
    assert players["mallory.yaml"] == "Alice Archer"


def test_the_command_refuses_a_list_given_as_the_pack(tmp_path):
    r = CliRunner().invoke(app, ["collect", str(OZZY), "--db", str(tmp_path / "x.sqlite"), "--no-open"])
    assert r.exit_code == 2 and "is a list; give the event pack" in r.stderr
    assert not (tmp_path / "x.sqlite").exists()


def test_clean_player_keeps_a_name_as_written():
    assert clean_player("  Zoë   van\tder Berg ") == "Zoë van der Berg"
    assert clean_player("👩‍👩‍👧 Family") == "👩‍👩‍👧 Family"  # a joiner within an emoji is not a control character
    assert clean_player("🏳️‍🌈 Kim") == "🏳️‍🌈 Kim" and clean_player("❤️ Fan") == "❤️ Fan"
    assert clean_player("Сергей Петров") == "Сергей Петров" and clean_player("李小龍") == "李小龍"
    assert clean_player("Ζωή") == "Ζωή" and clean_player("🐉") == "🐉"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    assert clean_player(persian) == persian  # a Persian word's joiner is its spelling


def test_names_are_folded_nfkc():
    """Issue 37, 5: the name kept is NFKC (full-width letters, ligatures as plain letters)."""
    assert clean_player("\uff21lice") == "Alice" and clean_player("\ufb01ona") == "fiona"
    assert clean_player("Zoe\u0308") == "Zoë"


@pytest.mark.parametrize(
    "name, says",
    [
        ("Alice\u200b Archer", "invisible character"),  # zero-width space
        ("Al\u00adice Archer", "invisible character"),  # soft hyphen
        ("Alice\u2060Archer", "invisible character"),  # word joiner
        ("\ufeffAlice Archer", "invisible character"),  # byte-order mark
        ("Alice Archer\U000e0041\U000e007f", "invisible character"),  # tag characters
        ("Alice\u200d Archer", "invisible character"),  # a joiner after a Latin letter
        ("\u3164", "blank-looking"),  # Hangul filler
        ("\u2800", "blank-looking"),  # the blank Braille pattern
        ("\u115f", "blank-looking"),  # Hangul choseong filler
        ("Alice\u3164", "blank-looking"),
        ("\u0410lice Archer", "mixes Cyrillic and Latin"),  # a Cyrillic capital A
        ("Alic\u0435 Archer", "mixes Cyrillic and Latin"),  # a Cyrillic small ie
        ("\u0391lice", "mixes Greek and Latin"),  # a Greek Alpha
        ("...", "at least one letter"),
    ],
)
def test_invisible_blank_and_look_alike_names_are_refused(desk, name, says):
    """Issue 37, 5: names that look like another's (or like nothing) are refused with the reason,
    and nothing is stored."""
    with pytest.raises(Refusal) as caught:
        desk.submit(name, text(OZZY))
    assert caught.value.status == 422 and says in caught.value.message
    assert desk.submissions() == []


def test_a_name_all_in_look_alike_letters_is_the_same_player(desk):
    desk.submit("Alice Choi", text(GREENWOOD))
    with pytest.raises(Refusal) as caught:
        desk.submit("\u0410\u04cf\u0456\u0441\u0435 \u0421\u04bb\u043e\u0456", text(OZZY))  # all Cyrillic
    assert caught.value.status == 422 and "is in already" in caught.value.message


def test_writes_that_share_a_transaction_stay_apart(desk):
    """Many threads at once send lists under one name and under names of their own: the writes
    share transactions (a group commit), yet exactly one list is taken for the shared name, every
    other one is, and a refused write leaves nothing behind."""
    results: list = []
    lock = threading.Lock()
    barrier = threading.Barrier(12, timeout=30)

    def send(n: int) -> None:
        barrier.wait()
        for name in ("Same Name", f"Own {n}"):
            try:  # a list of its own each
                got = desk.submit(name, text(OZZY).replace("name: Ozzy's Muster", f"name: Muster {n}"))
            except Refusal as exc:
                got = exc
            with lock:
                results.append((name, got))

    threads = [threading.Thread(target=send, args=(n,)) for n in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    same = [r for name, r in results if name == "Same Name"]
    assert sum(1 for r in same if not isinstance(r, Refusal)) == 1
    assert all(r.status == 422 for r in same if isinstance(r, Refusal))
    assert all(not isinstance(r, Refusal) for name, r in results if name != "Same Name")
    assert len(desk.submissions()) == 13
    assert rows(desk.path, "SELECT COUNT(*) FROM versions") == [(13,)]


def test_a_closed_desk_takes_nothing(tmp_path):
    desk = Desk(tmp_path / "d.sqlite", load(GAMES_DAY))
    desk.submit("Vic", text(OZZY))
    desk.close()
    with pytest.raises(DeskError, match="closed"):
        desk.submit("Wes", text(OZZY))
    with Desk(tmp_path / "d.sqlite", load(GAMES_DAY)) as again:
        assert [s.player for s in again.submissions()] == ["Vic"]


def test_a_full_desk_takes_no_more(desk, monkeypatch):
    import armybuilder.desk.store as collect

    taken = desk.submit("Xan", text(OZZY))
    monkeypatch.setattr(collect, "MAX_DB_BYTES", 1024)
    for attempt in (
        lambda: desk.submit("Yul", text(OZZY)),
        lambda: desk.replace(taken.id, taken.edit_token, text(WRENS)),
    ):
        with pytest.raises(Refusal) as caught:
            attempt()
        assert caught.value.status == 423 and "the desk is full" in caught.value.message
    monkeypatch.setattr(collect, "MAX_SUBMISSIONS", 1)
    monkeypatch.setattr(collect, "MAX_DB_BYTES", 1024**3)
    with pytest.raises(Refusal, match="full"):
        desk.submit("Yul", text(OZZY))
    monkeypatch.setattr(collect, "MAX_VERSIONS", 1)
    with pytest.raises(Refusal, match="versions"):
        desk.replace(taken.id, taken.edit_token, text(WRENS))
    assert len(desk.versions(taken.id)) == 1


# ---------------------------------------------------------------------------
# A retry gets the same receipt; moderation (issue 37)


def test_a_retry_after_a_lost_answer_gets_the_same_receipt_and_token(desk, clock):
    """Issue 37, 3: the list was committed but its answer lost; the player's retry (the key the
    page sent, with the same name and list) gets the receipt and the token of the first, and
    nothing more is stored. Another list under the name is still refused. Issue 45, 1: the same
    name and list without the key is no retry (a list is often public), nor the key with
    another list."""
    first = desk.submit("Ada Lovelace", text(OZZY), idem="page-key-0123456789")
    clock.tick(minutes=1)
    again = desk.submit("  ada   LOVELACE ", text(OZZY), idem="page-key-0123456789")  # the page's retry
    assert again == first and again.edit_token == first.edit_token
    for key in (None, "another-key-0123456789"):
        for list_text in (text(OZZY), text(WRENS)):
            with pytest.raises(Refusal) as caught:
                desk.submit("Ada Lovelace", list_text, idem=key)
            assert caught.value.status == 422 and "in already" in caught.value.message
    with pytest.raises(Refusal) as caught:  # the key with another list
        desk.submit("Ada Lovelace", text(WRENS), idem="page-key-0123456789")
    assert caught.value.status == 422 and "another player or list" in caught.value.message
    assert len(desk.versions(first.id)) == 1 and len(desk.submissions()) == 1
    v2 = desk.replace(first.id, first.edit_token, text(WRENS))
    assert v2.version == 2
    with pytest.raises(Refusal, match="in already"):  # the latest list, without the key: a name taken
        desk.submit("Ada Lovelace", text(WRENS))
    assert desk.submit("Ada Lovelace", text(OZZY), idem="page-key-0123456789") == first  # the first receipt
    assert rows(desk.path, "SELECT COUNT(*) FROM versions") == [(2,)]
    kept = "SELECT 1 FROM submissions WHERE token_hash = ? OR idem = ?"
    assert not rows(desk.path, kept, first.edit_token, "page-key-0123456789")  # hashes only


def test_a_new_link_replaces_the_old_and_ends_retries(desk):
    first = desk.submit("Bea", text(OZZY))
    token = desk.new_link(first.id)
    assert token != first.edit_token
    assert desk.authorised(first.id, first.edit_token) is None and desk.authorised(first.id, token).player == "Bea"
    with pytest.raises(Refusal, match="in already"):  # the old link may have leaked: a retry gives nothing
        desk.submit("Bea", text(OZZY))
    assert desk.replace(first.id, token, text(WRENS)).version == 2
    assert desk.new_link(first.id) not in (token, first.edit_token)
    assert [a[1] for a in desk.actions()] == ["new-link", "new-link"]


def test_the_organiser_withdraws_and_restores_a_submission_kept_never_deleted(desk, clock):
    """Issue 37, 2: a flood or a squatted name can be withdrawn: kept with its versions, not
    shown, exported or counted, its name free; restored while the name is still free."""
    squat = desk.submit("Cleo", text(WRENS))
    clock.tick(seconds=1)  # the submissions are in the order they came
    desk.submit("Dan", text(OZZY))
    assert desk.withdraw(squat.id) == "Cleo"
    assert [s.player for s in desk.submissions()] == ["Dan"] and desk.state().count == 1
    assert [(s.player, s.withdrawn) for s in desk.submissions(withdrawn=True)] == [("Cleo", True), ("Dan", False)]
    assert desk.get(squat.id).withdrawn and len(desk.versions(squat.id)) == 1
    with pytest.raises(Refusal) as caught:
        desk.replace(squat.id, squat.edit_token, text(OZZY))
    assert caught.value.status == 423 and "withdrawn" in caught.value.message
    real = desk.submit("Cleo", text(GREENWOOD))  # the name is free
    with pytest.raises(Refusal) as caught:
        desk.withdraw(squat.id, False)
    assert caught.value.status == 409 and "another list stands" in caught.value.message
    desk.withdraw(real.id)
    desk.withdraw(squat.id, False)
    assert [s.player for s in desk.submissions()] == ["Cleo", "Dan"]
    assert rows(desk.path, "SELECT COUNT(*) FROM submissions") == [(3,)]
    assert [a[1] for a in desk.actions()] == ["withdraw", "withdraw", "restore"]
    with pytest.raises(Refusal) as caught:
        desk.withdraw("nobody")
    assert caught.value.status == 404


def test_rename_paper_list_and_merge(desk):
    a = desk.submit("Eve Smiht", text(OZZY))
    b = desk.submit("Eve Smith", text(WRENS))
    with pytest.raises(Refusal, match="another list stands"):
        desk.rename(a.id, "eve smith")
    with pytest.raises(Refusal, match="invisible"):
        desk.rename(a.id, "Eve\u200bSmith")
    assert desk.merge(b.id, a.id) == ("Eve Smith", "Eve Smiht")
    assert [s.player for s in desk.submissions()] == ["Eve Smith"]
    assert desk.rename(b.id, "Eve Smith-Jones") == ("Eve Smith", "Eve Smith-Jones")
    paper = desk.paper("Eve Smith-Jones", text(OZZY))  # a new version of the list that stands
    assert (paper.id, paper.version, paper.edit_token) == (b.id, 2, None)
    assert desk.versions(b.id)[-1].how == "paper"
    fresh = desk.paper("Fay", text(GREENWOOD))  # a new player: a new submission and its link
    assert fresh.version == 1 and desk.authorised(fresh.id, fresh.edit_token).player == "Fay"
    desk.lock_event(True)
    assert desk.paper("Fay", text(OZZY)).version == 2  # the organiser's entry is taken while locked
    kinds = [a[1] for a in desk.actions()]
    assert kinds == ["merge", "rename", "paper", "paper", "lock", "paper"]


def test_a_players_file_with_half_a_surrogate_pair_is_refused_as_not_text(desk):
    """Found by the writers' fuzz target (issue 45): an e-mail holding a lone surrogate reached
    SQLite, which raised UnicodeEncodeError, not the desk's refusal."""
    for text in ("Alice,\ud800\n", "\udcffBob\n"):
        with pytest.raises(Refusal) as refused:
            desk.register(text)
        assert refused.value.status == 422 and "not text" in refused.value.message
    assert desk.register("Alice,alice@example.org\n") == 1
