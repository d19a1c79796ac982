"""The desk's operations over its database (:class:`Desk`): the organiser's settings and
moderation, the lists taken (checked against the pack at once), read back and exported; and
opening a desk for the command (:func:`open_desk`)."""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import hashlib
import hmac
import json
import os
import re
import secrets
import sqlite3
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.desk.db import Database
from armybuilder.desk.naming import (
    HEADER_WORDS,
    clean_player,
    csv_separator,
    file_names,
    idempotency_key,
    player_key,
    same_secret,
    sending_digest,
    token_hash,
    token_matches,
)
from armybuilder.desk.records import (
    MAX_LIST_BYTES,
    Checked,
    DeskError,
    Refusal,
    State,
    Submission,
    Taken,
    Verdict,
    Version,
    now_utc,
    stamp,
    unstamp,
)
from armybuilder.outcome import Outcome
from armybuilder.text import one_line

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events import Pack
    from armybuilder.export.roster import Roster
    from armybuilder.findings import Result

MAX_SUBMISSIONS = 10_000  # players in one desk
MAX_VERSIONS = 100  # versions of one player's list
MAX_DB_BYTES = 1024**3  # the database (a list is a few KiB: a thousand players use a few MiB)
ROSTERS_KEPT = 512  # rosters a desk keeps made, for the pages
STATUSES = ("legal", "illegal", "broken")
HOW = ("api", "paste", "code", "file", "roster", "builder", "paper")

_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _finding_dicts(result: Result) -> list[dict[str, Any]]:
    from armybuilder.export.roster import finding_dict

    return [finding_dict(f) for f in result.sorted_findings()]


def _status(result: Result) -> str:
    from armybuilder.events.standings import status_of

    return status_of(result)


def pack_digest(path: str | Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


_COLUMNS = "seq, number, submitted_at, how, text, fingerprint, system, status, findings, pack, late"


class Desk(Database):
    """One event's desk over one SQLite file. Thread-safe: each thread has its own connection."""

    def __init__(
        self,
        path: str | Path,
        pack: Pack,
        digest: str | None = None,
        clock: Callable[[], dt.datetime] = now_utc,
        create: bool = True,
    ):
        super().__init__(path)
        self.pack = pack
        self.digest = digest if digest is not None else pack_digest(pack.file)
        self.clock = clock
        self._rechecked: dict[int, Verdict] = {}
        self._rosters: OrderedDict[int, Roster] = OrderedDict()  # the last rosters shown, by version
        self._secret = b""  # the desk's own key: each private link is made from it (see _token)
        self._open(create)

    def _open(self, create: bool) -> None:
        super()._open(create)
        with self._write() as c:
            for key, value in (
                ("created_at", stamp(self.clock())),
                ("event", self.pack.event),
                ("secret", secrets.token_hex(32)),
            ):
                c.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, value))
            self._secret = self._meta(c)["secret"].encode("ascii")

    # -- the desk's state

    def _meta(self, c: sqlite3.Connection) -> dict[str, str]:
        return {k: v for k, v in c.execute("SELECT key, value FROM meta")}

    def _state(self, c: sqlite3.Connection) -> State:
        meta = self._meta(c)
        count = int(c.execute("SELECT COUNT(*) FROM submissions WHERE withdrawn = 0").fetchone()[0])
        return State(
            event=self.pack.event,
            now=self.clock(),
            deadline=unstamp(meta["deadline"]) if meta.get("deadline") else None,
            locked=meta.get("locked") == "1",
            revealed_at=unstamp(meta["revealed_at"]) if meta.get("revealed_at") else None,
            count=count,
            late_ok=meta.get("late_ok") == "1",
        )

    def state(self) -> State:
        with self._read() as c:
            return self._state(c)

    def stored_event(self) -> str | None:
        with self._read() as c:
            return self._meta(c).get("event")

    def _set(self, c: sqlite3.Connection, key: str, value: str) -> None:
        c.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = ?", (key, value, value)
        )

    def _did(self, c: sqlite3.Connection, what: str, detail: str = "") -> None:
        c.execute("INSERT INTO actions (at, what, detail) VALUES (?, ?, ?)", (stamp(self.clock()), what, detail))

    def set_deadline(self, when: dt.datetime | None) -> State:
        def write(c: sqlite3.Connection) -> State:
            self._set(c, "deadline", stamp(when) if when is not None else "")
            self._did(c, "deadline", stamp(when) if when is not None else "none")
            return self._state(c)

        return self._commit(write)

    def lock_event(self, locked: bool) -> State:
        def write(c: sqlite3.Connection) -> State:
            self._set(c, "locked", "1" if locked else "0")
            self._did(c, "lock" if locked else "unlock")
            return self._state(c)

        return self._commit(write)

    def lock_player(self, sid: str, locked: bool) -> None:
        def write(c: sqlite3.Connection) -> None:
            found = c.execute("UPDATE submissions SET locked = ? WHERE id = ?", (int(locked), sid)).rowcount
            if not found:
                raise Refusal(404, "no such submission")
            self._did(c, "lock-player" if locked else "unlock-player", sid)

        self._commit(write)

    def reveal(self, lock_now: bool = False) -> State:
        """Show every list to everyone from now on (once revealed, always revealed), which closes
        the desk for good: no list is taken or replaced after it (players could otherwise tailor
        theirs to everyone else's). While the desk still takes lists (before the deadline, not
        locked) a reveal is refused (409) unless ``lock_now``: the organiser's "reveal and lock now"."""

        def write(c: sqlite3.Connection) -> State:
            state = self._state(c)
            if not state.revealed and state.closed is None and not lock_now:
                raise Refusal(
                    409,
                    "the desk still takes lists (the deadline has not passed): revealing them closes it; "
                    'confirm "reveal and lock now" to do both',
                )
            if not state.revealed:
                self._set(c, "revealed_at", stamp(self.clock()))
                self._did(c, "reveal" if state.closed else "reveal-and-lock")
            return self._state(c)

        return self._commit(write)

    # -- moderation: the organiser's actions on one submission, each kept in the actions log

    def _row(self, c: sqlite3.Connection, sid: Any) -> tuple[str, str, int, int]:
        """(player, player_key, withdrawn, link) of submission ``sid``, or 404."""
        if not isinstance(sid, str) or not _ID.fullmatch(sid):
            raise Refusal(404, "no such submission")
        row = c.execute("SELECT player, player_key, withdrawn, link FROM submissions WHERE id = ?", (sid,)).fetchone()
        if row is None:
            raise Refusal(404, "no such submission")
        return str(row[0]), str(row[1]), int(row[2]), int(row[3])

    @staticmethod
    def _aside(key: str, sid: str) -> str:
        """The name key of a withdrawn submission: its name is free for another while it is."""
        return f"{key}\x00withdrawn:{sid}"

    def _name_free(self, c: sqlite3.Connection, key: str, sid: str) -> None:
        other = c.execute("SELECT player FROM submissions WHERE player_key = ? AND id != ?", (key, sid)).fetchone()
        if other is not None:
            raise Refusal(
                409, f"another list stands under the name {other[0]}: rename or withdraw that one first (or merge them)"
            )

    def withdraw(self, sid: str, withdrawn: bool = True) -> str:
        """Withdraw a submission (kept with every version, never deleted: shown nowhere but on the
        organiser's page, not exported, not counted; its name is free), or restore it. The player."""

        def write(c: sqlite3.Connection) -> str:
            player, key, was, _ = self._row(c, sid)
            plain = key.split("\x00", 1)[0]
            if withdrawn and not was:
                c.execute(
                    "UPDATE submissions SET withdrawn = 1, player_key = ? WHERE id = ?", (self._aside(plain, sid), sid)
                )
            elif not withdrawn and was:
                self._name_free(c, plain, sid)
                c.execute("UPDATE submissions SET withdrawn = 0, player_key = ? WHERE id = ?", (plain, sid))
            else:
                return player
            self._did(c, "withdraw" if withdrawn else "restore", json.dumps({"id": sid, "player": player}))
            return player

        return self._commit(write)

    def rename(self, sid: str, new_name: Any) -> tuple[str, str]:
        """Give a submission another player's name (the organiser's: a typo, a nickname). The old
        name and the new."""
        name = clean_player(new_name)

        def write(c: sqlite3.Connection) -> tuple[str, str]:
            player, _, was, _ = self._row(c, sid)
            key = player_key(name)
            self._name_free(c, key, sid)
            c.execute(
                "UPDATE submissions SET player = ?, player_key = ? WHERE id = ?",
                (name, self._aside(key, sid) if was else key, sid),
            )
            self._did(c, "rename", json.dumps({"id": sid, "player": name, "from": player}, ensure_ascii=False))
            return player, name

        return self._commit(write)

    def new_link(self, sid: str) -> str:
        """A new private link for a submission (its player lost it, or it leaked): the new edit
        token; the old one opens nothing from now on."""

        def write(c: sqlite3.Connection) -> str:
            player, _, _, link = self._row(c, sid)
            token = self._token(sid, link + 1)
            c.execute(
                "UPDATE submissions SET link = ?, token_hash = ? WHERE id = ?", (link + 1, token_hash(token), sid)
            )
            self._did(c, "new-link", json.dumps({"id": sid, "player": player}, ensure_ascii=False))
            return token

        return self._commit(write)

    def paper(self, player: Any, text: Any) -> Taken:
        """The organiser enters a player's list (sent on paper, by mail...): a new version of the
        submission that stands under that name, or a new submission (with its private link's
        token). Taken at any time: the organiser decides, and the log keeps it."""
        name = clean_player(player)
        checked = self.read_list(text, "paper")

        def write(c: sqlite3.Connection) -> Taken:
            row = c.execute("SELECT id FROM submissions WHERE player_key = ?", (player_key(name),)).fetchone()
            if row is None:
                taken = self._new_submission(c, name, checked, None)
            else:
                sid = str(row[0])
                number = int(c.execute("SELECT MAX(number) FROM versions WHERE submission = ?", (sid,)).fetchone()[0])
                at = self.clock()
                self._add_version(c, sid, number + 1, checked, at)
                taken = Taken(sid, number + 1, checked.fingerprint, checked.status, checked.findings, at)
            detail = {"id": taken.id, "player": name, "version": taken.version}
            self._did(c, "paper", json.dumps(detail, ensure_ascii=False))
            return taken

        return self._commit(write)

    def merge(self, keep: str, other: str) -> tuple[str, str]:
        """Two names of one player: ``other`` is withdrawn into ``keep`` (whose list stands; the
        other's versions are kept, withdrawn). The names kept and merged."""
        if keep == other:
            raise Refusal(422, "choose two different submissions to merge")

        def write(c: sqlite3.Connection) -> tuple[str, str]:
            kept, _, kept_out, _ = self._row(c, keep)
            merged, key, was, _ = self._row(c, other)
            if kept_out:
                raise Refusal(409, f"{kept}'s list is withdrawn: restore it first, or merge the other way")
            if not was:
                c.execute(
                    "UPDATE submissions SET withdrawn = 1, player_key = ? WHERE id = ?",
                    (self._aside(key.split("\x00", 1)[0], other), other),
                )
            detail = {"id": other, "player": merged, "into": keep, "into_player": kept}
            self._did(c, "merge", json.dumps(detail, ensure_ascii=False))
            return kept, merged

        return self._commit(write)

    def generation(self) -> tuple[int, int]:
        """What changes whenever anything a page shows of the lists may change: the last version
        and the last action of the organiser (a withdrawal, a rename, the reveal ...)."""
        with self._read() as c:
            versions = c.execute("SELECT COALESCE(MAX(seq), 0) FROM versions").fetchone()[0]
            actions = c.execute("SELECT COALESCE(MAX(seq), 0) FROM actions").fetchone()[0]
        return int(versions), int(actions)

    def allow_late(self, allowed: bool) -> State:
        """Take lists after the deadline (each version then flagged late), or no longer."""

        def write(c: sqlite3.Connection) -> State:
            self._set(c, "late_ok", "1" if allowed else "0")
            self._did(c, "late-ok" if allowed else "late-no")
            return self._state(c)

        return self._commit(write)

    def check_in(self, sid: str, present: bool = True) -> str:
        """Mark a player present at the venue (or not): exports can leave out those who are not.
        The player."""

        def write(c: sqlite3.Connection) -> str:
            player = self._row(c, sid)[0]
            c.execute("UPDATE submissions SET checked_in = ? WHERE id = ?", (int(present), sid))
            self._did(c, "check-in" if present else "check-out", json.dumps({"id": sid, "player": player}))
            return player

        return self._commit(write)

    def actions(self) -> list[tuple[dt.datetime, str, str]]:
        with self._read() as c:
            rows = c.execute("SELECT at, what, detail FROM actions ORDER BY seq").fetchall()
        return [(unstamp(at), what, detail) for at, what, detail in rows]

    # -- checking

    def read_list(self, text: Any, how: str = "api") -> Checked:
        """The list ``text`` holds (its YAML, or a share code), checked against the pack; a
        :class:`Refusal` when it is no list the desk takes."""
        from armybuilder import systems
        from armybuilder.check import has_event_key
        from armybuilder.fingerprint import CanonicalError, of_data
        from armybuilder.sharecode import ShareCodeError, decode, looks_like_code
        from armybuilder.yamlio import Document, LoadError, loads

        if not isinstance(text, str):
            raise Refusal(422, "give the list: its YAML text or its share code")
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:
            raise Refusal(422, "the list must be text (it holds a broken character)") from None
        if size > MAX_LIST_BYTES:
            raise Refusal(413, f"a list is at most {MAX_LIST_BYTES // 1024} KiB; this one is {size // 1024} KiB")
        if not text.strip():
            raise Refusal(422, "give the list: its YAML text or its share code")
        if looks_like_code(text):
            from armybuilder.sources import GAME_CODE, is_game_result, to_yaml

            try:
                data = decode(text)
            except ShareCodeError as exc:
                raise Refusal(422, f"the share code cannot be read: {exc.message}") from None
            if is_game_result(data):
                raise Refusal(422, GAME_CODE)
            if not isinstance(data, dict):
                raise Refusal(422, "the share code holds no list")
            text = "# Sent to the desk as a share code.\n" + to_yaml(data, ordered=True)
            how = "code" if how in ("paste", "api", "code") else how
        try:
            doc = loads(text)
        except LoadError as exc:
            raise Refusal(422, f"this is not a list: line {exc.line}, column {exc.column}: {exc.message}") from None
        data = doc.data
        if not isinstance(data, dict):
            raise Refusal(422, "this is not a list (a list is a mapping of keys: system, name...)")
        if has_event_key(data):
            raise Refusal(422, "this is an event pack, not a list")
        system = data.get("system")
        played = self.pack.system_ids
        titles = ", ".join(_title(s) for s in played)
        if not isinstance(system, str) or not system.strip():
            raise Refusal(422, f"the list does not say its game (its system: key); this event plays {titles}")
        if system not in played:
            known = systems.known(system)
            what = (
                f"a {_title(system)} list"
                if known
                else f"a list of a game armybuilder does not know ({one_line(system)[:60]})"
            )
            raise Refusal(422, f"this is {what}; this event plays {titles}")
        try:
            fingerprint = of_data(data)
        except CanonicalError as exc:
            raise Refusal(422, f"this list cannot be read the same way twice: {exc}") from None
        result = self._check(Document(doc.data, doc.positions, doc.key_positions, text), breakdown=False)
        return Checked(text, data, fingerprint, system, _status(result), _finding_dicts(result), how, result)

    def _check(self, doc: Any, breakdown: bool = True) -> Result:
        """``doc`` checked against its game and the pack; ``breakdown``: with the cost tables (a
        roster's), which the verdict does not need (the findings are the same, as in ``tournament``)."""
        from armybuilder.check import check
        from armybuilder.events.rules import check_failed
        from armybuilder.findings import Result
        from armybuilder.systems import CheckOptions

        try:
            return check(doc, "the list", CheckOptions(breakdown=breakdown), self.pack)
        except Exception as exc:  # noqa: BLE001 - as standings.check_one: a crash is a finding on that list
            what = f"armybuilder failed while checking this list ({type(exc).__name__}: {exc}); please report it"
            return Result(file="the list", findings=[check_failed.finding(what)])

    def check_text(self, text: str) -> Result:
        """A kept list checked against the pack (with its cost tables: for its roster)."""
        from armybuilder.findings import Result
        from armybuilder.yamlio import LoadError, loads

        try:
            doc = loads(text)
        except LoadError:
            return Result(file="the list")
        return self._check(doc)

    def roster(self, version: Version) -> Roster:
        """The roster of a kept version, checked against the pack (as the packet's pages)."""
        from armybuilder.export.roster import Event, from_result
        from armybuilder.fingerprint import CanonicalError, fingerprint_and_carried

        with self._guard:
            found = self._rosters.get(version.seq)
        if found is not None:
            return found
        result = self.check_text(version.text)
        carried = None
        with contextlib.suppress(CanonicalError):
            _, carried = fingerprint_and_carried(result.document)
        made = from_result(result, version.fingerprint, carried=carried, event=Event.of(self.pack))
        with self._guard:
            self._rosters[version.seq] = made
            while len(self._rosters) > ROSTERS_KEPT:
                self._rosters.popitem(last=False)
        return made

    def verdict(self, version: Version) -> Verdict:
        """The version's verdict against this desk's pack: as kept, or checked again when the
        version was checked against another pack."""
        if version.pack == self.digest:
            return Verdict(version.status, version.findings)
        found = self._rechecked.get(version.seq)
        if found is None:
            result = self.check_text(version.text)
            found = Verdict(_status(result), _finding_dicts(result))
            self._rechecked[version.seq] = found
        return found

    # -- taking lists

    def _open_for(self, c: sqlite3.Connection, locked_player: int = 0) -> None:
        state = self._state(c)
        if state.closed:
            raise Refusal(423, state.closed)
        pages = int(c.execute("PRAGMA page_count").fetchone()[0]) * int(c.execute("PRAGMA page_size").fetchone()[0])
        if pages > MAX_DB_BYTES:  # a flood of lists must not fill the organiser's disk
            raise Refusal(423, "the desk is full (its database holds as much as it may); ask the organiser")
        if locked_player == 2:
            raise Refusal(423, "the organiser has withdrawn this list: it cannot be replaced (ask the organiser)")
        if locked_player:
            raise Refusal(423, "the organiser has locked this list: it cannot be replaced now")

    def _add_version(self, c: sqlite3.Connection, sid: str, number: int, checked: Checked, at: dt.datetime) -> None:
        c.execute(
            f"INSERT INTO versions (submission, {_COLUMNS.split(', ', 1)[1]}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                sid,
                number,
                stamp(at),
                checked.how,
                checked.text,
                checked.fingerprint,
                checked.system,
                checked.status,
                json.dumps(checked.findings, ensure_ascii=False),
                self.digest,
                int(self._state(c).late),
            ),
        )

    def _token(self, sid: str, link: int) -> str:
        """The edit token of submission ``sid``'s private link number ``link``: made from the desk's
        own key (kept in the database, as the lists are), so that a retry can be given the token
        again (the database keeps only its hash); a new link is the next number."""
        mac = hmac.new(self._secret, f"{sid}:{link}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:24]).decode("ascii")

    def _new_submission(
        self, c: sqlite3.Connection, name: str, checked: Checked, idem: str | None, said: str = ""
    ) -> Taken:
        if int(c.execute("SELECT COUNT(*) FROM submissions WHERE withdrawn = 0").fetchone()[0]) >= MAX_SUBMISSIONS:
            raise Refusal(423, f"the desk is full ({MAX_SUBMISSIONS} players); ask the organiser")
        at = self.clock()
        for _ in range(8):
            sid = secrets.token_urlsafe(6)
            if not c.execute("SELECT 1 FROM submissions WHERE id = ?", (sid,)).fetchone():
                break
        token = self._token(sid, 0)
        c.execute(
            "INSERT INTO submissions (id, player, player_key, token_hash, locked, created_at, idem, idem_body) "
            "VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
            (sid, name, player_key(name), token_hash(token), stamp(at), token_hash(idem) if idem else "", said),
        )
        self._add_version(c, sid, 1, checked, at)
        return Taken(sid, 1, checked.fingerprint, checked.status, checked.findings, at, token)

    def _retried(self, c: sqlite3.Connection, idem: str, said: str, name: str, how: str) -> Taken | None:
        """The receipt the first sending with key ``idem`` was given, when this sending is its
        retry (its answer was lost): the same key, and the same body (``said``, its
        :func:`sending_digest`). Given whatever the desk's state since (the deadline, a lock, the
        reveal: the list was taken before them). None when no sending had that key. Refused when
        the key came with another body (422), when the organiser has since given the player a new
        private link (the old one may have leaked: a retry gets nothing then), or has withdrawn
        the list. Who holds a list's text and its player's name holds nothing more: a body is
        never the key."""
        row = c.execute(
            "SELECT id, player_key, token_hash, link, withdrawn, idem_body FROM submissions "
            "WHERE idem = ? AND idem != '' ORDER BY created_at, id LIMIT 1",
            (token_hash(idem),),
        ).fetchone()
        if row is None:
            return None
        sid, key, stored_hash, first_said = str(row[0]), str(row[1]), str(row[2]), str(row[5])
        link, withdrawn = int(row[3]), int(row[4])
        found = c.execute(f"SELECT {_COLUMNS} FROM versions WHERE submission = ? AND number = 1", (sid,)).fetchone()
        first = self._version(found)
        if not first_said:  # kept by a desk of schema 4: the submission's name and its first list
            first_said = sending_digest(key.split("\x00", 1)[0], first.fingerprint)
        if not hmac.compare_digest(first_said, said):
            raise Refusal(
                422,
                "this sending's Idempotency-Key was used before with another player or list: a retry "
                "sends the same body again; give a new sending a new key"
                if how == "api"
                else "this page has already sent a list, with another name or list than this one, and that "
                "list was taken: to get its private link, send it again as it was; to send another, "
                "reload the page",
            )
        if withdrawn:
            raise Refusal(423, "the organiser has withdrawn this list: it cannot be replaced (ask the organiser)")
        token = self._token(sid, 0)
        if link != 0 or not hmac.compare_digest(token_hash(token), stored_hash):
            raise Refusal(
                422,
                f"a list for {name} is in already, and its private link has changed since: "
                "ask the organiser for the new one",
            )
        return Taken(sid, 1, first.fingerprint, first.status, first.findings, first.submitted_at, token)

    def who_may(self) -> tuple[str, dict[str, tuple[str, str]]]:
        """Who may send a list: the event's passcode ("" for none) and the registered players by
        name key, ``{key: (name, e-mail)}`` (empty: anyone)."""
        with self._read() as c:
            meta = self._meta(c)
        return meta.get("passcode", ""), {k: (n, e) for k, n, e in json.loads(meta.get("registered") or "[]")}

    def set_passcode(self, passcode: str) -> None:
        """The event's passcode (in the players' link and on the poster, or typed); "" for none."""
        code = " ".join(str(passcode).split())
        if len(code) > 64 or any(unicodedata.category(ch)[0] == "C" for ch in code):
            raise Refusal(422, "a passcode is at most 64 characters, letters, digits and spaces")

        def write(c: sqlite3.Connection) -> None:
            self._set(c, "passcode", code)
            self._did(c, "passcode" if code else "no-passcode")

        self._commit(write)

    def register(self, csv_text: str) -> int:
        """The registered players, from a CSV of ``name[, e-mail]`` a line, separated by commas,
        semicolons (a European spreadsheet's CSV) or tabs (:func:`csv_separator`; a header line
        of "name" is skipped; an empty text: anyone may send). Each name is checked as a player's
        name; the number registered."""
        import csv
        import io

        if "\x00" in csv_text or not _encodes(csv_text):  # a NUL, or half a surrogate pair (no UTF-8 has it)
            raise Refusal(422, "the players' file is not text: save it as CSV (UTF-8)")
        separator = csv_separator(csv_text)
        players: dict[str, tuple[str, str]] = {}
        try:
            rows = list(enumerate(csv.reader(io.StringIO(csv_text), delimiter=separator), 1))
        except csv.Error as exc:  # a field past the csv module's limit
            raise Refusal(422, f"the players' file cannot be read as CSV ({exc}): save it as CSV (UTF-8)") from None
        for n, row in rows:
            if not row or not "".join(row).strip():
                continue
            if n == 1 and row[0].strip().casefold() in HEADER_WORDS:
                continue
            if separator == "," and ";" in row[0]:
                raise Refusal(
                    422,
                    f"line {n} of the players' file holds a ';' in a name, but the file is separated by commas: "
                    "separate every line the same way (a name, then its e-mail)",
                )
            try:
                name = clean_player(row[0])
            except Refusal as exc:
                raise Refusal(422, f"line {n} of the players' file: {exc.message}") from None
            email = " ".join(row[1].split())[:200] if len(row) > 1 else ""
            players[player_key(name)] = (name, email)
            if len(players) > MAX_SUBMISSIONS:
                raise Refusal(413, f"at most {MAX_SUBMISSIONS} registered players")

        def write(c: sqlite3.Connection) -> int:
            rows = [[k, n, e] for k, (n, e) in players.items()]
            self._set(c, "registered", json.dumps(rows, ensure_ascii=False))
            self._did(c, "registered", json.dumps({"count": len(rows)}))
            return len(rows)

        return self._commit(write)

    def _may_send(self, c: sqlite3.Connection, key: str, passcode: str | None) -> tuple[str, str]:
        """Refuse (403) a sender without the event's passcode, or not on its registered players;
        the name as registered and the e-mail (empty when no player is registered)."""
        meta = self._meta(c)
        code = meta.get("passcode", "")
        if code and not (passcode and same_secret(" ".join(str(passcode).split()).casefold(), code.casefold())):
            raise Refusal(
                403, "this event asks for its passcode: type it as the organiser gave it (on the poster or in the link)"
            )
        registered = {k: (n, e) for k, n, e in json.loads(meta.get("registered") or "[]")}
        if registered and key not in registered:
            raise Refusal(
                403,
                "this name is not on the event's list of registered players: write it as you registered it, "
                "or ask the organiser",
            )
        name, email = registered.get(key, ("", ""))
        return str(name), str(email)

    def submit(
        self, player: Any, text: Any, how: str = "api", idem: str | None = None, passcode: str | None = None
    ) -> Taken:
        """A new player's list, taken (committed) or refused (:class:`Refusal`, nothing stored).
        Idempotent by its key alone (``idem``: the ``Idempotency-Key`` header, the page form's
        hidden key): a retry with the key and the same body gets the receipt and the token the
        first sending got, whatever the desk's state, and stores nothing more; the key with
        another body is 422. Without the key, a name taken is taken, whatever the list (a list is
        often public: a share code posted for advice). With an event passcode or registered
        players, only a sender with the passcode, under a registered name."""
        name = clean_player(player)
        idem = idempotency_key(idem)
        checked = self.read_list(text, how)
        key = player_key(name)
        said = sending_digest(key, checked.fingerprint) if idem else ""

        def write(c: sqlite3.Connection) -> Taken:
            if idem:
                again = self._retried(c, idem, said, name, how)
                if again is not None:
                    return again
            self._open_for(c)
            registered, email = self._may_send(c, key, passcode)
            if c.execute("SELECT 1 FROM submissions WHERE player_key = ?", (key,)).fetchone():
                replace = (  # a script replaces a list through the API, a player from the page's link
                    "replace it with PUT /api/submissions/ID and its edit token"
                    if how == "api"
                    else "replace it from its private link"
                )
                raise Refusal(
                    422,
                    f"a list for {name} is in already: {replace}, or send it under another name "
                    "(ask the organiser if the link is lost)",
                )
            taken = self._new_submission(c, registered or name, checked, idem, said)  # as registered
            if email:
                c.execute("UPDATE submissions SET email = ? WHERE id = ?", (email, taken.id))
            return taken

        return self._commit(write)

    def _authorised_row(self, c: sqlite3.Connection, sid: Any, token: str | None) -> tuple[str, int]:
        """(player, locked) of the submission ``sid`` when ``token`` is its edit token; else 404
        (a wrong token and no such submission read the same). ``locked`` is 2 when the organiser
        has withdrawn it."""
        if not isinstance(sid, str) or not _ID.fullmatch(sid):
            raise Refusal(404, "no such submission")
        row = c.execute("SELECT player, token_hash, locked, withdrawn FROM submissions WHERE id = ?", (sid,)).fetchone()
        if row is None or not token_matches(token, row[1]):
            raise Refusal(404, "no such submission")
        return str(row[0]), 2 if row[3] else int(row[2])

    def replace(self, sid: str, token: str | None, text: Any, how: str = "api", player: Any = None) -> Taken:
        """A new version of a player's list (with its edit token), or a :class:`Refusal`."""
        with self._read() as c:
            kept_player, _ = self._authorised_row(c, sid, token)
        if player is not None and player_key(clean_player(player)) != player_key(kept_player):
            raise Refusal(422, f"this list is {kept_player}'s: its player's name cannot change (ask the organiser)")
        checked = self.read_list(text, how)

        def write(c: sqlite3.Connection) -> Taken:
            _, locked = self._authorised_row(c, sid, token)
            self._open_for(c, locked)
            number = int(c.execute("SELECT MAX(number) FROM versions WHERE submission = ?", (sid,)).fetchone()[0])
            if number >= MAX_VERSIONS:
                raise Refusal(
                    423, f"this list has {MAX_VERSIONS} versions, the most one list may have; ask the organiser"
                )
            at = self.clock()
            self._add_version(c, sid, number + 1, checked, at)
            return Taken(sid, number + 1, checked.fingerprint, checked.status, checked.findings, at)

        return self._commit(write)

    # -- reading what is kept

    @staticmethod
    def _version(row: Sequence[Any]) -> Version:
        seq, number, at, how, text, fingerprint, system, status, findings, pack, late = row
        return Version(
            int(seq),
            int(number),
            unstamp(at),
            how,
            text,
            fingerprint,
            system,
            status,
            json.loads(findings),
            pack,
            bool(late),
        )

    def _submissions(self, c: sqlite3.Connection, sid: str | None = None, withdrawn: bool = False) -> list[Submission]:
        """The latest of each submission (``sid``'s only, withdrawn or not); ``withdrawn``: those the
        organiser withdrew too (the organiser's page), else only those that stand."""
        where = "WHERE s.id = ?" if sid is not None else ("" if withdrawn else "WHERE s.withdrawn = 0")
        rows = c.execute(
            f"""SELECT s.id, s.player, s.locked, s.created_at, s.withdrawn, s.checked_in, s.email,
                       (SELECT MIN(submitted_at) FROM versions f WHERE f.submission = s.id),
                       (SELECT COUNT(*) FROM versions n WHERE n.submission = s.id),
                       {", ".join("v." + col for col in _COLUMNS.split(", "))}
                FROM submissions s
                JOIN versions v ON v.submission = s.id
                 AND v.number = (SELECT MAX(number) FROM versions m WHERE m.submission = s.id)
                {where}
                ORDER BY s.created_at, s.id""",
            (sid,) if sid is not None else (),
        ).fetchall()
        out = []
        for row in rows:
            latest = self._version(row[9:])
            sub = Submission(str(row[0]), str(row[1]), bool(row[2]), unstamp(row[3]), int(row[8]), latest)
            sub.withdrawn, sub.checked_in, sub.email = bool(row[4]), bool(row[5]), str(row[6])
            sub.first_sent = unstamp(row[7])
            sub.verdict = self.verdict(latest)
            out.append(sub)
        return out

    def submissions(self, withdrawn: bool = False) -> list[Submission]:
        """Every submission that stands (``withdrawn``: and those the organiser withdrew)."""
        with self._read() as c:
            return self._submissions(c, withdrawn=withdrawn)

    def get(self, sid: Any) -> Submission | None:
        if not isinstance(sid, str) or not _ID.fullmatch(sid):
            return None
        with self._read() as c:
            found = self._submissions(c, sid)
        return found[0] if found else None

    def authorised(self, sid: Any, token: str | None) -> Submission | None:
        """The submission when ``token`` is its edit token; None for a wrong token or no such one."""
        try:
            with self._read() as c:
                self._authorised_row(c, sid, token)
                found = self._submissions(c, sid)
        except Refusal:
            return None
        return found[0] if found else None

    def versions(self, sid: str) -> list[Version]:
        with self._read() as c:
            rows = c.execute(f"SELECT {_COLUMNS} FROM versions WHERE submission = ? ORDER BY number", (sid,)).fetchall()
        return [self._version(r) for r in rows]

    # -- backing up and exporting

    # -- exporting

    def export(self, folder: str | Path, force: bool = False, present: bool = False) -> list[tuple[Submission, Path]]:
        """Write each player's latest list into ``folder`` (made if missing) as one file named after
        the player, the list as sent (its fingerprint the one its player was given), and beside them
        ``armybuilder-players.csv``: each file's player as the desk knows them and the file's
        SHA-256, by which ``tournament`` names the lists while the folder holds those very files
        (not by a list's own ``player:``, which its sender wrote);
        never over an existing file unless ``force`` (then only over a regular file).
        Every name is checked before anything is written: nothing is written when one is refused.
        ``present``: only the players who checked in."""
        from armybuilder.fsutil import NotAFile, OverwriteRefused, atomic_write

        target = Path(folder)
        if target.exists() and not target.is_dir():
            raise DeskError(f"{target} is not a folder")
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DeskError(f"cannot make the folder {target}: {exc.strerror or exc}") from None
        root = os.path.realpath(target)
        from armybuilder.lists import PLAYERS_FILE, players_file

        subs = [s for s in self.submissions() if s.checked_in or not present]
        planned = []
        in_the_way = []
        sidecar = target / PLAYERS_FILE
        if os.path.lexists(sidecar) and (not force or not os.path.isfile(sidecar) or os.path.islink(sidecar)):
            in_the_way.append(str(sidecar))
        for sub, name in zip(subs, file_names([s.player for s in subs]), strict=True):
            path = target / name
            if os.path.realpath(path.parent) != root or os.sep in name or "/" in name or name.startswith("."):
                raise DeskError(f"{name}: a file name that would land outside {target}")  # pragma: no cover - safe_stem
            if os.path.lexists(path) and (not force or not os.path.isfile(path) or os.path.islink(path)):
                in_the_way.append(str(path))
            planned.append((sub, path))
        if in_the_way:
            more = f" and {len(in_the_way) - 3} more" if len(in_the_way) > 3 else ""
            hint = "; use --force to overwrite them" if not force else " (not regular files: never replaced)"
            raise DeskError(
                f"{', '.join(in_the_way[:3])}{more} already exist{'s' if len(in_the_way) == 1 else ''}{hint}; "
                "nothing was written"
            )
        lists = [(path, sub.latest.text.encode("utf-8")) for sub, path in planned]
        names = players_file(
            [(path.name, sub.player, data) for (sub, path), (_, data) in zip(planned, lists, strict=True)]
        )
        for path, data in [*lists, (sidecar, names)]:
            try:
                atomic_write(path, data, force=force, into=False)
            except (OverwriteRefused, NotAFile) as exc:
                raise DeskError(f"{path}: {exc}") from None
            except OSError as exc:
                raise DeskError(f"cannot write {path}: {exc.strerror or exc}") from None
        return planned


def _title(system_id: str) -> str:
    from armybuilder import systems

    try:
        return systems.get(system_id).title
    except (KeyError, OSError, ValueError):
        return one_line(system_id)


def rules_lines(pack: Pack) -> list[str]:
    """The event's rules, one line per game it plays: ``GAME: 48 points; banned: ...``."""
    return [f"{_title(sid)}: {r.words() or 'the game rules as written'}" for sid, r in pack.rules.items()]


# ---------------------------------------------------------------------------
# Opening a desk for the command (the server itself is armybuilder.web.server.collect)


def open_desk(pack_file: Path, db: Path | None, create: bool = True) -> tuple[Desk, list[str]] | Outcome:
    """The desk of ``pack_file`` over ``db`` (default: beside the pack, ``NAME.desk.sqlite``),
    and the warnings to print; or the usage error."""
    from armybuilder.events import NotAPack, PackError, load

    try:
        pack = load(pack_file)
    except FileNotFoundError:
        return Outcome.usage(f"armybuilder collect: {pack_file}: no such event pack")
    except NotAPack as exc:
        return Outcome.usage(*exc.lines(), f"armybuilder collect: {pack_file} is a list; give the event pack")
    except PackError as exc:
        return Outcome.usage(*exc.lines(), f"armybuilder collect: {pack_file}: the event pack cannot be used")
    path = db if db is not None else default_db(pack_file)
    try:
        desk = Desk(path, pack, create=create)
    except DeskError as exc:
        return Outcome.usage(one_line(f"armybuilder collect: {exc}"))
    warnings = []
    stored = desk.stored_event()
    if stored is not None and stored != pack.event:
        warnings.append(
            one_line(
                f"armybuilder collect: warning: {path} was started for the event {stored!r}; this pack is for "
                f"{pack.event!r}"
            )
        )
    return desk, warnings


def default_db(pack_file: Path) -> Path:
    return pack_file.with_name(pack_file.stem + ".desk.sqlite")


def _encodes(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (the database's text): a lone surrogate cannot."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
