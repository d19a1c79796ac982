"""The desk's records: what it refuses (:class:`Refusal`) and how it fails (:class:`DeskError`), the
moments it keeps and shows, and what it keeps of the lists (:class:`Version`, :class:`Submission`),
what it answers (:class:`Taken`, :class:`Verdict`) and its state (:class:`State`)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.findings import Result

MAX_PLAYER = 80  # characters in a player's name
MAX_LIST_BYTES = 256 * 1024  # a list's text (a real one is a few KiB)


class DeskError(Exception):
    """A desk that cannot be opened, or an export that cannot be written: a usage error."""


class Refusal(Exception):
    """A submission or an action refused, nothing stored: ``status`` is the HTTP status (404,
    413, 422, 423) and ``message`` the reason in a player's words."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


# ---------------------------------------------------------------------------
# Time


UTC = dt.timezone.utc


def now_utc() -> dt.datetime:
    return dt.datetime.now(UTC)


def stamp(moment: dt.datetime) -> str:
    """A moment as stored and as the API gives it: ISO 8601 in UTC, to the microsecond."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def unstamp(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


_WHEN = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?"
    r"(?: ?(?:(Z)|([+-])(\d{2}):?(\d{2})))?"
)


def parse_when(text: str) -> dt.datetime:
    """A deadline as a person writes it: ``2026-10-17 09:00`` (this computer's time zone),
    ``2026-10-17T09:00:30``, ``2026-10-17T07:00Z`` or with an offset (``+02:00``). ValueError
    with the reason otherwise (a date alone is refused: which hour of it?)."""
    given = " ".join(str(text).split())
    m = _WHEN.fullmatch(given)
    if m is None:
        raise ValueError(
            f"{given!r} is not a date and time: write it as 2026-10-17 09:00 (this computer's time), "
            "or with its offset, 2026-10-17T09:00+02:00"
        )
    year, month, day, hour, minute, second, fraction, zulu, sign, off_h, off_m = m.groups()
    try:
        zone = None
        if zulu:
            zone = UTC
        elif sign:
            offset = dt.timedelta(hours=int(off_h), minutes=int(off_m))
            zone = dt.timezone(-offset if sign == "-" else offset)
        moment = dt.datetime(
            int(year),
            int(month),
            int(day),
            int(hour),
            int(minute),
            int(second or 0),
            int((fraction or "0").ljust(6, "0")),
            tzinfo=zone,
        )
    except ValueError:
        raise ValueError(f"{given!r} is not a calendar date and time") from None
    if moment.tzinfo is None:
        moment = moment.astimezone()  # this computer's time zone
    return moment.astimezone(UTC)


def shown_time(moment: dt.datetime | None) -> str:
    """A moment as a page shows it: this computer's local time, with its zone."""
    if moment is None:
        return ""
    local = moment.astimezone()
    return local.strftime("%a %d %b %Y, %H:%M:%S ") + (local.tzname() or local.strftime("%z"))


# ---------------------------------------------------------------------------
# Lists


@dataclass
class Checked:
    """A list as the desk takes it: the text it keeps, and its verdict."""

    text: str
    data: dict[str, Any]
    fingerprint: str
    system: str
    status: str
    findings: list[dict[str, Any]]
    how: str
    result: Result | None = None


@dataclass(frozen=True)
class Verdict:
    status: str
    findings: list[dict[str, Any]]

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.get("severity") == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.get("severity") == "warning")


# ---------------------------------------------------------------------------
# What is kept


@dataclass
class Version:
    seq: int
    number: int
    submitted_at: dt.datetime
    how: str
    text: str
    fingerprint: str
    system: str
    status: str
    findings: list[dict[str, Any]]
    pack: str = ""
    late: bool = False  # sent after the deadline, while the organiser allowed late lists


@dataclass
class Submission:
    id: str
    player: str
    locked: bool
    created_at: dt.datetime
    versions: int
    latest: Version
    verdict: Verdict = field(default_factory=lambda: Verdict("broken", []))
    withdrawn: bool = False
    checked_in: bool = False
    email: str = ""
    first_sent: dt.datetime | None = None

    def summary(self) -> dict[str, Any]:
        """What ``GET /api/submissions`` gives of it."""
        return {
            "id": self.id,
            "player": self.player,
            "system": self.latest.system,
            "fingerprint": self.latest.fingerprint,
            "status": self.verdict.status,
            "submitted_at": stamp(self.latest.submitted_at),
            "versions": self.versions,
            "late": self.latest.late,
            "checked_in": self.checked_in,
        }

    def detail(self) -> dict[str, Any]:
        """What ``GET /api/submissions/{id}`` gives: the latest list and its verdict."""
        return {
            **self.summary(),
            "locked": self.locked,
            "findings": self.verdict.findings,
            "list": self.latest.text,
        }


@dataclass(frozen=True)
class Taken:
    """A list taken (committed): what the player's receipt says."""

    id: str
    version: int
    fingerprint: str
    status: str
    findings: list[dict[str, Any]]
    submitted_at: dt.datetime
    edit_token: str | None = None  # only when the submission is new

    def answer(self) -> dict[str, Any]:
        """The API's answer: ``{"id", "fingerprint", "status", "findings", "edit_token"}`` for a new
        submission; a replacement's has ``version`` instead of the token."""
        out: dict[str, Any] = {
            "id": self.id,
            "fingerprint": self.fingerprint,
            "status": self.status,
            "findings": self.findings,
        }
        if self.edit_token is not None:
            out["edit_token"] = self.edit_token
        else:
            out["version"] = self.version
        return out


@dataclass(frozen=True)
class State:
    """The desk as a whole: its deadline, its lock, whether the lists are revealed."""

    event: str
    now: dt.datetime
    deadline: dt.datetime | None
    locked: bool
    revealed_at: dt.datetime | None
    count: int = 0
    late_ok: bool = False  # the organiser takes lists after the deadline, flagged late

    @property
    def past_deadline(self) -> bool:
        return self.deadline is not None and self.now >= self.deadline

    @property
    def closed(self) -> str | None:
        """Why no list is taken now, in a player's words (None: the desk is open)."""
        if self.revealed:
            return "the lists are revealed: the desk is closed, no list is taken or replaced now"
        if self.locked:
            return "the organiser has locked the event: no list is taken or replaced now"
        if self.past_deadline and not self.late_ok:
            return f"the deadline has passed ({shown_time(self.deadline)}): no list is taken or replaced now"
        return None

    @property
    def late(self) -> bool:
        """Past the deadline, yet taking lists (the organiser allows late ones): each is flagged late."""
        return self.past_deadline and self.late_ok

    @property
    def revealed(self) -> bool:
        return self.revealed_at is not None
