"""What every page of the desk stands on: the desk's state on the app (:class:`DeskState`), the
limit of new lists and drafts one client may start (:class:`Limiter`), who asks (the organiser's
token), and the pieces the players' and the organiser's pages both draw: a page with the event, a
message, the desk's state and a list in words, the log's actions in words."""

from __future__ import annotations

import collections
import json
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from armybuilder.desk import Desk, Submission, same_secret, shown_time
from armybuilder.web.files import Folder
from armybuilder.web.guard import client_key, port_of
from armybuilder.web.toolkit import page

ORGANISER_COOKIE = "armybuilder_organiser"  # + "_" + the port
CREATIONS_PER_MINUTE = 30  # new lists and drafts one address may start in a minute
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}  # a page shows the errors first
STATUS_WORDS = {"legal": "Legal", "illegal": "Not legal", "broken": "Not legal: the list cannot be read as it is"}


class Limiter:
    """How many new lists and drafts each address started in the last minute: one client cannot
    fill the desk (10,050 made-up lists from one address took 12 to 31 s) or its drafts. Bounded
    memory: at most :attr:`ADDRESSES` addresses are remembered."""

    ADDRESSES = 10_000

    def __init__(self, per_minute: int):
        self.per_minute = per_minute
        self._seen: collections.OrderedDict[str, collections.deque[float]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def take(self, address: str) -> int:
        """0 when ``address`` may start one more (counted), else the seconds to wait."""
        if self.per_minute <= 0:
            return 0
        now = time.monotonic()
        with self._lock:
            times = self._seen.pop(address, None) or collections.deque()
            while times and now - times[0] >= 60:
                times.popleft()
            self._seen[address] = times
            while len(self._seen) > self.ADDRESSES:
                self._seen.popitem(last=False)
            if len(times) >= self.per_minute:
                return max(1, int(60 - (now - times[0])) + 1)
            times.append(now)
            return 0


class TooMany(Exception):
    def __init__(self, wait: int):
        super().__init__(wait)
        self.wait = wait
        self.message = (
            f"too many new lists were started from your address in the last minute: wait {wait} seconds, then "
            "send again (the players of one network share it)"
        )


@dataclass
class DeskState:
    desk: Desk
    organiser: str  # the organiser's token
    drafts: Folder
    limiter: Limiter = field(default_factory=lambda: Limiter(CREATIONS_PER_MINUTE))
    drafting: threading.Lock = field(default_factory=threading.Lock)  # counting and making a draft
    players_url: str | None = None  # the players' link to show the organiser (None: from the request)
    # The page of every list after the reveal, made once a generation of the desk (every write
    # adds a version or an action): (generation, the page's bytes, its ETag); one reader makes it
    # while the others wait for the same bytes.
    revealed_page: tuple[Any, bytes, str] | None = None
    revealing: threading.Lock = field(default_factory=threading.Lock)


def count_creation(request: Request) -> None:
    """Count one creation (a new list or draft, and so each passcode tried) for the client's key
    (:func:`armybuilder.web.guard.client_key`: an IPv6 client by its /64, as the connections are
    counted); :class:`TooMany` past the limit."""
    wait = desk_state(request).limiter.take(client_key(request.client.host if request.client else None))
    if wait:
        raise TooMany(wait)


def desk_state(request: Request) -> DeskState:
    found: DeskState = request.app.state.desk
    return found


# ---------------------------------------------------------------------------
# Helpers


def bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 300:
        return None
    return token.strip()


def is_organiser(request: Request) -> bool:
    ds = desk_state(request)
    cookie = request.cookies.get(f"{ORGANISER_COOKIE}_{port_of(request.scope)}")
    return same_secret(bearer(request), ds.organiser) or same_secret(cookie, ds.organiser)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def multiline(text: str) -> Markup:
    """Text of several lines (a list as sent) for a ``<pre>`` or a ``<textarea>``: escaped, its
    line breaks kept, every other control character and text-reordering mark replaced."""
    return escape(_CONTROL.sub("\ufffd", text.replace("\r\n", "\n")))


def words(message: str) -> str:
    """A refusal in a page's words: a sentence, no command-line syntax."""
    from armybuilder.web.listpage import sentence

    text = sentence(message)
    return text if text.endswith((".", "?", "!")) else text + "."


def host_of(request: Request) -> str:
    """The address the browser used (the Guard checked the Host header against its allow-list)."""
    return request.headers.get("host", "127.0.0.1")


def state_words(state: Any) -> dict[str, Any]:
    return {
        "deadline": shown_time(state.deadline) if state.deadline else "",
        "deadline_value": state.deadline.astimezone().strftime("%Y-%m-%dT%H:%M") if state.deadline else "",
        "closed": words(state.closed) if state.closed else "",
        "revealed": state.revealed,
        "revealed_at": shown_time(state.revealed_at) if state.revealed_at else "",
        "locked": state.locked,
        "open": state.closed is None,
        "late": state.late,
        "late_ok": state.late_ok,
    }


def desk_page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    ds = desk_state(request)
    return page(request, template, status, event=ds.desk.pack.event, status_words=STATUS_WORDS, **context)


def message_page(request: Request, title: str, message: str, status: int) -> HTMLResponse:
    return desk_page(request, "desk_message.html", status, title=title, message=words(message), code=status)


_NO_ORGANISER = (
    "this page is the organiser's: open the organiser's link that was printed when the desk started, on this device"
)


def organiser_refusal(request: Request) -> Response:
    answer = message_page(request, "The organiser's page", _NO_ORGANISER, 403)
    if request.headers.get("sec-fetch-site") == "cross-site" and request.headers.get("sec-fetch-mode") == "navigate":
        # As the Guard does: a link from a mail or a chat keeps the SameSite=Strict cookie out of
        # this navigation; the same page asked again from here is same-site.
        body = bytes(answer.body).replace(b"<title>", b'<meta http-equiv="refresh" content="0">\n<title>', 1)
        return HTMLResponse(body, 403)
    return answer


# ---------------------------------------------------------------------------
# What a list looks like on a page


def roster_view(desk: Desk, sub: Submission) -> dict[str, Any]:
    """A submission's latest list as a page shows it: the verdict, the findings, the roster's rows."""
    from armybuilder.export.text import row_lines

    roster = desk.roster(sub.latest)
    tables = []
    for t in roster.tables:
        rows = [line.removeprefix("- ") for line in row_lines(t)]
        if rows:
            tables.append({"title": t.title, "rows": rows})
    return {
        "sub": sub,
        "title": roster.title,
        "system": roster.system_label,
        "total": roster.measure_text,
        "tables": tables,
        "findings": sorted(sub.verdict.findings, key=lambda f: SEVERITY_ORDER.get(str(f.get("severity")), 3)),
        "errors": sub.verdict.errors,
        "warnings": sub.verdict.warnings,
        "status": sub.verdict.status,
        "sent": shown_time(sub.latest.submitted_at),
        "fingerprint": sub.latest.fingerprint,
        "late": sub.latest.late,
    }


def versions_view(desk: Desk, sid: str) -> list[dict[str, Any]]:
    out = []
    for v in reversed(desk.versions(sid)):
        out.append(
            {
                "number": v.number,
                "sent": shown_time(v.submitted_at),
                "status": desk.verdict(v).status,
                "fingerprint": v.fingerprint,
                "late": v.late,
                "how": {
                    "api": "by a script",
                    "paste": "pasted",
                    "code": "as a share code",
                    "file": "as a file",
                    "roster": "as a roster file",
                    "builder": "from the builder",
                }.get(v.how, v.how),
            }
        )
    return out


# ---------------------------------------------------------------------------
# The log in words


def system_title(system: str) -> str:
    from armybuilder import systems

    try:
        return systems.get(system).title
    except (KeyError, OSError, ValueError):
        return system


def said_of(detail: str) -> dict[str, Any]:
    """A log entry's detail as the desk wrote it: a JSON object, else nothing (a plain id)."""
    if not detail.startswith("{"):
        return {}
    try:
        said = json.loads(detail)
    except ValueError:
        return {}
    return said if isinstance(said, dict) else {}


def action_words(what: str, detail: str, subs: Sequence[Submission]) -> str:
    """An action of the log in the organiser's words."""
    said = said_of(detail)
    if detail.startswith("{"):
        detail = str(said.get("id", ""))
    who = str(said.get("player") or next((s.player for s in subs if s.id == detail), detail))
    if what == "deadline":
        return "Deadline removed" if detail == "none" else f"Deadline set to {shown_time(_unstamp(detail))}"
    return {
        "lock": "The event locked",
        "unlock": "The event unlocked",
        "reveal": "The lists revealed",
        "reveal-and-lock": "The lists revealed and the desk closed, before the deadline",
        "lock-player": f"{who}'s list locked",
        "unlock-player": f"{who}'s list unlocked",
        "withdraw": f"{who}'s list withdrawn",
        "restore": f"{who}'s list restored",
        "rename": f"{said.get('from', '?')} renamed {who}",
        "new-link": f"A new private link for {who} (the old one opens nothing now)",
        "paper": f"A list entered for {who} by the organiser (version {said.get('version', '?')})",
        "merge": f"{who} merged into {said.get('into_player', '?')} (withdrawn, kept)",
        "late-ok": "Late lists allowed (marked late)",
        "passcode": "The event's passcode set",
        "no-passcode": "The event's passcode removed",
        "registered": f"Registered players: {said.get('count', '?')}",
        "late-no": "Late lists refused again",
        "check-in": f"{who} checked in",
        "check-out": f"{who} no longer checked in",
    }.get(what, what)


def _unstamp(text: str) -> Any:
    from armybuilder.desk import unstamp

    try:
        return unstamp(text)
    except ValueError:
        return None


def one_line(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split())


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:60] or "event"
