"""The desk's SQLite file: its schema and migrations (``PRAGMA user_version``), a connection for each
thread, read transactions, and the writer thread that commits the writes in groups; a backup of
the live file. What is stored in it is :mod:`armybuilder.desk.store`'s."""

from __future__ import annotations

import contextlib
import os
import queue
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from armybuilder.desk.records import DeskError, Refusal

APPLICATION_ID = 0x41424453  # "ABDS": an armybuilder desk
SCHEMA_VERSION = 5
BUSY_MS = 15_000  # how long a connection waits for another's write

# Migration N (0-based) takes a file from user_version N to N + 1, in one transaction.
MIGRATIONS: list[tuple[str, ...]] = [
    (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE submissions (
            id TEXT PRIMARY KEY,
            player TEXT NOT NULL,
            player_key TEXT NOT NULL UNIQUE,
            token_hash TEXT NOT NULL,
            locked INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE versions (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            submission TEXT NOT NULL REFERENCES submissions(id),
            number INTEGER NOT NULL,
            submitted_at TEXT NOT NULL,
            how TEXT NOT NULL,
            text TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            system TEXT NOT NULL,
            status TEXT NOT NULL,
            findings TEXT NOT NULL,
            UNIQUE (submission, number)
        )""",
        "CREATE TRIGGER versions_kept BEFORE UPDATE ON versions "
        "BEGIN SELECT RAISE(ABORT, 'versions are append-only'); END",
        "CREATE TRIGGER versions_never_deleted BEFORE DELETE ON versions "
        "BEGIN SELECT RAISE(ABORT, 'versions are append-only'); END",
        "CREATE TRIGGER submissions_never_deleted BEFORE DELETE ON submissions "
        "BEGIN SELECT RAISE(ABORT, 'submissions are never deleted'); END",
    ),
    (
        # The pack a version was checked against, and what the organiser did (append-only too).
        "ALTER TABLE versions ADD COLUMN pack TEXT NOT NULL DEFAULT ''",
        """CREATE TABLE actions (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            what TEXT NOT NULL,
            detail TEXT NOT NULL DEFAULT ''
        )""",
        "CREATE TRIGGER actions_kept BEFORE UPDATE ON actions "
        "BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END",
        "CREATE TRIGGER actions_never_deleted BEFORE DELETE ON actions "
        "BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END",
    ),
    (
        # Moderation: a submission withdrawn by the organiser (kept, its name free while it is),
        # the generation of its private link (a new link: the old one opens nothing), and the
        # hash of the idempotency key its first sending carried (a retry gets the same receipt).
        "ALTER TABLE submissions ADD COLUMN withdrawn INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE submissions ADD COLUMN link INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE submissions ADD COLUMN idem TEXT NOT NULL DEFAULT ''",
    ),
    (
        # The organiser's day: a version sent after the deadline when late lists are allowed, who
        # checked in at the venue, and a player's e-mail (for the pairing tools' hand-off).
        "ALTER TABLE versions ADD COLUMN late INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE submissions ADD COLUMN checked_in INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE submissions ADD COLUMN email TEXT NOT NULL DEFAULT ''",
    ),
    (
        # A retry is known by its key alone (issue 45): what the first sending with that key said
        # (the digest of its player's name and its list), so that the same key with another body
        # is refused, and the keys found without reading every submission. A file of version 4
        # kept only the key: its first sending is read from the submission's first version.
        "ALTER TABLE submissions ADD COLUMN idem_body TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX submissions_idem ON submissions (idem) WHERE idem != ''",
    ),
]
assert len(MIGRATIONS) == SCHEMA_VERSION

T = TypeVar("T")
GROUP_COMMIT = 64  # writes at most in one transaction


def _disk_full(exc: sqlite3.Error) -> bool:
    """A write SQLite refused for want of room (SQLITE_FULL, 13; an I/O error of a full disk)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code == 13 or "disk is full" in str(exc) or "No space left" in str(exc)


class _Job:
    """One write for the writer thread, and what came of it."""

    def __init__(self, write: Callable[[sqlite3.Connection], Any]):
        self.write = write
        self.value: Any = None
        self.error: BaseException | None = None
        self.done = threading.Event()


DB = TypeVar("DB", bound="Database")


class Database:
    """One desk's SQLite file. Thread-safe: each thread has its own connection; the writes go
    through one writer thread (:meth:`_commit`)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._guard = threading.Lock()  # the list of connections
        self._writing = threading.Lock()  # one write transaction at a time in this process
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()  # for the writer thread
        self._writer: threading.Thread | None = None
        self._closed = False

    # -- connections

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise DeskError(f"{self.path}: cannot open the database ({exc})") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise DeskError(f"{self.path}: not a desk database ({exc})") from None
        with self._guard:
            self._connections.append(conn)
        return conn

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            self._local.conn = conn
        return conn

    def close(self) -> None:
        with self._guard:
            self._closed = True
            writer, self._writer = self._writer, None
        if writer is not None:
            self._jobs.put(None)
            writer.join(BUSY_MS / 1000 + 5)
        with self._guard:
            for conn in self._connections:
                with contextlib.suppress(sqlite3.Error):
                    conn.close()
            self._connections.clear()
        self._local = threading.local()

    def __enter__(self: DB) -> DB:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        with self._writing:
            conn = self._conn()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def _commit(self, write: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``write`` in a transaction of the writer thread and return what it returned once
        that transaction has committed (a group commit: the writes that wait together share one
        transaction, each in a savepoint of its own, so one that raises changes nothing and the
        others stay in). FIFO: no write waits behind later ones."""
        job = _Job(write)
        with self._guard:
            if self._closed:
                raise DeskError(f"{self.path}: the desk is closed")
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_loop, name="armybuilder-desk-writer", daemon=True)
                self._writer.start()
            self._jobs.put(job)
            writer = self._writer
        while not job.done.wait(1.0):  # a write waits for those before it, never for a writer that is gone
            if not writer.is_alive():
                raise DeskError(f"{self.path}: the desk's writer stopped; nothing more is taken")
        if isinstance(job.error, sqlite3.OperationalError) and _disk_full(job.error):
            raise Refusal(
                507, "the organiser's computer has no room left: nothing was taken; tell the organiser"
            ) from None
        if job.error is not None:
            raise job.error
        return job.value  # type: ignore[no-any-return]

    def _write_loop(self) -> None:
        conn = self._conn()
        while True:
            first = self._jobs.get()
            if first is None:
                return
            batch: list[_Job] = [first]
            stop = False
            while len(batch) < GROUP_COMMIT:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._run_batch(conn, batch)
            if stop:
                return

    def _run_batch(self, conn: sqlite3.Connection, batch: list[_Job]) -> None:
        try:
            with self._writing:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for job in batch:
                        conn.execute("SAVEPOINT job")
                        try:
                            job.value = job.write(conn)
                        except BaseException as exc:  # handed to the job's caller
                            if not conn.in_transaction:  # SQLite undid it all (a full disk): none is taken
                                raise
                            conn.execute("ROLLBACK TO job")
                            job.error = exc
                        conn.execute("RELEASE job")
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
        except BaseException as exc:  # noqa: BLE001 - the transaction is not committed: nothing was taken
            for job in batch:
                if job.error is None:
                    job.value, job.error = None, exc
        finally:
            for job in batch:
                job.done.set()

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every query in it sees the same committed state."""
        conn = self._conn()
        conn.execute("BEGIN")
        try:
            yield conn
        finally:
            if conn.in_transaction:
                conn.execute("COMMIT")

    # -- opening and migrating

    def _open(self, create: bool) -> None:
        """Open the file (made when missing and ``create``), refuse one that is no desk's or of a
        newer schema, put it in WAL mode and migrate it forward."""
        if self.path.is_dir():
            raise DeskError(f"{self.path} is a directory; give the database's file name")
        if not self.path.exists():
            if not create:
                raise DeskError(f"{self.path}: no such database")
            if not self.path.parent.is_dir():
                raise DeskError(f"cannot make {self.path}: the directory {self.path.parent} does not exist")
            try:  # the players' names and their edit tokens' hashes: for the organiser's account only
                os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            except FileExistsError:
                pass
            except OSError as exc:
                raise DeskError(f"cannot make {self.path}: {exc.strerror or exc}") from None
        elif not self.path.is_file():
            raise DeskError(f"{self.path} is not a regular file")
        conn = self._conn()
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            app = int(conn.execute("PRAGMA application_id").fetchone()[0])
            tables = int(conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            raise DeskError(f"{self.path}: not a desk database ({exc})") from None
        if (version == 0 and tables) or (version and app != APPLICATION_ID):
            raise DeskError(f"{self.path} is a database of something else, not an armybuilder desk")
        if version > SCHEMA_VERSION:
            raise DeskError(
                f"{self.path} was made by a newer armybuilder (desk schema {version}; this one knows up to "
                f"{SCHEMA_VERSION}); upgrade armybuilder to open it"
            )
        try:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.OperationalError as exc:
            raise DeskError(f"{self.path}: cannot use the database ({exc})") from None
        if str(mode).lower() != "wal":
            raise DeskError(f"{self.path}: the database cannot be put in WAL mode (it is in {mode} mode)")
        self.migrate()

    def schema_version(self) -> int:
        return int(self._conn().execute("PRAGMA user_version").fetchone()[0])

    def migrate(self, to: int = SCHEMA_VERSION) -> None:
        """Bring the file forward to schema ``to``, one migration a transaction."""
        while True:
            with self._write() as c:
                version = int(c.execute("PRAGMA user_version").fetchone()[0])
                if version >= to:
                    return
                for statement in MIGRATIONS[version]:
                    c.execute(statement)
                if version == 0:
                    c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                c.execute(f"PRAGMA user_version = {version + 1}")

    # -- backing up

    def backup(self, target: str | Path) -> None:
        """A consistent copy of the live database at ``target`` (a new file)."""
        dest = sqlite3.connect(target)
        try:
            self._conn().backup(dest)
        finally:
            dest.close()

    def backup_bytes(self) -> bytes:
        with tempfile.TemporaryDirectory(prefix="armybuilder-backup-") as tmp:
            target = Path(tmp) / "desk.sqlite"
            self.backup(target)
            return target.read_bytes()
