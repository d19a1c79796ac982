"""The submission desk of ``armybuilder collect``: the players' pages, the organiser's pages and
the JSON API, over :class:`armybuilder.desk.Desk`.

======  ==============================  ===================================================
GET     ``/``                           the players' page: send a list (a file, pasted YAML,
                                        a share code, or one built in the builder)
POST    ``/submit``                     a new player's list (a form)
POST    ``/build``                      a new list to build in the builder (a draft)
GET     ``/mine/ID?key=TOKEN``          a player's own page: the receipt, the verdict, the
                                        roster, every version; replace the list from it
POST    ``/mine/ID``                    a new version (the form carries the token)
GET     ``/lists``                      every list and roster, once the organiser revealed them
GET     ``/organiser``                  the organiser's page (its link carries the token)
GET     ``/organiser/s/ID``             one submission, every version
POST    ``/organiser/act``              lock, unlock, move the deadline, reveal; late lists,
                                        check-in, the passcode, the registered players;
                                        withdraw, restore, rename, a new link, a paper list,
                                        merge (each kept in the actions log)
GET     ``/organiser/download/NAME``    the lists (zip), the report, the packet, the players'
                                        CSV, Challonge's text, the lists as text, the log, a
                                        backup (``?present=1``: only the players checked in)
GET     ``/organiser/poster.pdf``       the players' poster: the link, its QR code, the passcode
POST    ``/api/submissions``            ``{"player", "list"[, "passcode"]}``: 201, 403, 413,
                                        422, 423, 429, 507; with ``Idempotency-Key: "KEY"`` a
                                        retry (the key, the same body) gets the first answer
                                        again, whatever the desk's state; the key with another
                                        body: 422
PUT     ``/api/submissions/ID``         the same with ``Authorization: Bearer EDIT_TOKEN``: 200
GET     ``/api/submissions/ID``         with its edit token or the organiser's: 200, else 404
GET     ``/api/submissions``            the organiser's: every submission (403 without)
POST    ``/api/reveal``                 the organiser's: reveal the lists (which closes the
                                        desk; before the deadline only with ``?lock_now=1``)
GET     ``/api/lists``                  every latest list and verdict after the reveal (403 before)
======  ==============================  ===================================================

The builder (:func:`armybuilder.web.builder.make_app`) runs beside the desk over a folder of drafts
(``/list/``, ``/act/`` ... as in ``armybuilder serve``): a player who builds a list here gets a
draft with a name nobody can guess, and sends it from the players' page (this device remembers
its drafts in a cookie). The builder's own pages are reached only by a draft's name.

Every request passes the guard of ``serve`` (:mod:`.guard`: the Host allow-list, the security
headers, slow clients dropped by the server's protocol); every form the builder's checks
(:func:`armybuilder.web.toolkit.form_values`: the Origin, the page's token, the size). The players' pages
need no key: anyone who can reach the desk may send a list, unless the organiser set a passcode or
registered the players; one address (an IPv6 client: its /64, as the
connections are counted) may start at most ``--per-minute`` new lists and drafts.
The organiser's pages need the organiser's token: its link sets an HttpOnly, SameSite=Strict
cookie; the API takes it as a Bearer token. Tokens are compared in constant time. Nothing on a
page is in command-line words, and nothing a player typed is shown unescaped (Jinja2's
autoescape, control characters replaced).
"""

from __future__ import annotations

import collections
import io
import json
import re
import tempfile
import threading
import time
import urllib.parse
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from armybuilder.desk import (
    MAX_LIST_BYTES,
    MAX_PLAYER,
    Desk,
    DeskError,
    Refusal,
    Submission,
    list_of_upload,
    rules_lines,
    same_secret,
    shown_time,
    stamp,
)
from armybuilder.digits import TooLong
from armybuilder.text import md, plural
from armybuilder.web.builder import make_app
from armybuilder.web.files import Folder, Refused
from armybuilder.web.guard import Guard, allowed_hosts, client_key, origin_ok, port_of
from armybuilder.web.toolkit import (
    HERE,
    PDF_LOCK,
    Bad,
    Flash,
    State,
    environment,
    first_value,
    form_values,
    in_thread,
    page,
)

if TYPE_CHECKING:  # pragma: no cover
    from starlette.types import Receive, Scope, Send

MAX_API_BODY = 2 * MAX_LIST_BYTES + 16 * 1024  # a list's text, escaped in JSON, and a name
ORGANISER_COOKIE = "armybuilder_organiser"  # + "_" + the port
DRAFTS_COOKIE = "armybuilder_drafts"  # + "_" + the port: the drafts this device builds
DRAFT = re.compile(r"list-[A-Za-z0-9_-]{24}\.yaml")
MAX_DRAFTS = 2000  # drafts in the folder
DRAFT_IDLE = 6 * 3600  # seconds: a draft untouched this long makes room for a new one when the folder is full
DRAFT_STALE = 30 * 24 * 3600  # seconds: a draft untouched this long is removed when the desk starts
CREATIONS_PER_MINUTE = 30  # new lists and drafts one address may start in a minute
DRAFTS_KEPT = 5  # drafts one device remembers
BUILDER_PATHS = ("/list/", "/act/", "/undo/", "/redo/", "/roster/", "/explain/")
DOWNLOADS = {  # name: (media type, the button's words, what it is)
    "lists.zip": ("application/zip", "The lists (zip)", "every player's latest list, one file each"),
    "report.md": ("text/markdown; charset=utf-8", "Report (Markdown)", "every verdict, for a web page or a forum"),
    "report.csv": ("text/csv; charset=utf-8", "Report (CSV)", "every verdict, for a spreadsheet"),
    "report.json": ("application/json", "Report (JSON)", "every verdict, for a script"),
    "report.xml": ("application/xml", "Report (JUnit XML)", "every verdict, for a test dashboard"),
    "packet.pdf": ("application/pdf", "Packet (PDF)", "a summary page, then every list on pages of its own"),
    "desk.sqlite": ("application/vnd.sqlite3", "Backup", "a copy of the desk's database, made while it runs"),
    "roster.csv": (
        "text/csv; charset=utf-8",
        "Players (CSV)",
        "one row a player: e-mail, game, list, verdict, fingerprint, times, late, checked in",
    ),
    "challonge.txt": ("text/plain; charset=utf-8", "Challonge (text)", "Name, e-mail a line: Challonge's bulk add"),
    "lists-text.csv": (
        "text/csv; charset=utf-8",
        "Lists as text (CSV)",
        "each player's list as plain text, to paste into Best Coast Pairings or Longshanks",
    ),
    "log.csv": ("text/csv; charset=utf-8", "The log (CSV)", "everything the organiser did, with its time"),
}
PRESENT_ONLY = (
    "lists.zip",
    "report.md",
    "report.csv",
    "report.json",
    "report.xml",
    "packet.pdf",
    "roster.csv",
    "challonge.txt",
    "lists-text.csv",
)  # downloads that can leave out the players not checked in
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


def _limit(request: Request) -> None:
    """Count one creation (a new list or draft, and so each passcode tried) for the client's key
    (:func:`armybuilder.web.guard.client_key`: an IPv6 client by its /64, as the connections are
    counted); :class:`TooMany` past the limit."""
    wait = _ds(request).limiter.take(client_key(request.client.host if request.client else None))
    if wait:
        raise TooMany(wait)


def _ds(request: Request) -> DeskState:
    found: DeskState = request.app.state.desk
    return found


def _st(request: Request) -> State:
    found: State = request.app.state.builder
    return found


# ---------------------------------------------------------------------------
# Helpers


def _bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 300:
        return None
    return token.strip()


def _is_organiser(request: Request) -> bool:
    ds = _ds(request)
    cookie = request.cookies.get(f"{ORGANISER_COOKIE}_{port_of(request.scope)}")
    return same_secret(_bearer(request), ds.organiser) or same_secret(cookie, ds.organiser)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def multiline(text: str) -> Markup:
    """Text of several lines (a list as sent) for a ``<pre>`` or a ``<textarea>``: escaped, its
    line breaks kept, every other control character and text-reordering mark replaced."""
    return escape(_CONTROL.sub("\ufffd", text.replace("\r\n", "\n")))


def _words(message: str) -> str:
    """A refusal in a page's words: a sentence, no command-line syntax."""
    from armybuilder.web.listpage import sentence

    text = sentence(message)
    return text if text.endswith((".", "?", "!")) else text + "."


def _host(request: Request) -> str:
    """The address the browser used (the Guard checked the Host header against its allow-list)."""
    return request.headers.get("host", "127.0.0.1")


def private_link(request: Request, sid: str, token: str) -> str:
    return f"http://{_host(request)}/mine/{urllib.parse.quote(sid)}?key={urllib.parse.quote(token)}"


def _mine_url(sid: str, token: str, done: str | None = None) -> str:
    query = {"key": token, **({"done": done} if done else {})}
    return f"/mine/{urllib.parse.quote(sid)}?" + urllib.parse.urlencode(query)


def _state_words(state: Any) -> dict[str, Any]:
    return {
        "deadline": shown_time(state.deadline) if state.deadline else "",
        "deadline_value": state.deadline.astimezone().strftime("%Y-%m-%dT%H:%M") if state.deadline else "",
        "closed": _words(state.closed) if state.closed else "",
        "revealed": state.revealed,
        "revealed_at": shown_time(state.revealed_at) if state.revealed_at else "",
        "locked": state.locked,
        "open": state.closed is None,
        "late": state.late,
        "late_ok": state.late_ok,
    }


def _page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    ds = _ds(request)
    return page(request, template, status, event=ds.desk.pack.event, status_words=STATUS_WORDS, **context)


def _message(request: Request, title: str, message: str, status: int) -> HTMLResponse:
    return _page(request, "desk_message.html", status, title=title, message=_words(message), code=status)


# ---------------------------------------------------------------------------
# What a list looks like on a page


def _roster_view(desk: Desk, sub: Submission) -> dict[str, Any]:
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


def _versions_view(desk: Desk, sid: str) -> list[dict[str, Any]]:
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
# Drafts: lists built in the builder


def _drafts_of(request: Request) -> list[str]:
    raw = request.cookies.get(f"{DRAFTS_COOKIE}_{port_of(request.scope)}", "")
    names = [n for n in raw.split(".") if n][:DRAFTS_KEPT]
    return [f"list-{n}.yaml" for n in names if DRAFT.fullmatch(f"list-{n}.yaml")]


def _drafts_cookie(names: Sequence[str]) -> str:
    return ".".join(n.removeprefix("list-").removesuffix(".yaml") for n in names[:DRAFTS_KEPT])


def _drafts_view(ds: DeskState, names: Sequence[str]) -> list[dict[str, Any]]:
    from armybuilder.check import check_path

    out = []
    for name in names:
        try:
            path = ds.drafts.existing(name)
        except Refused:
            continue
        result = check_path(path, None, ds.desk.pack)
        out.append(
            {
                "name": name,
                "title": result.name or "A list without a name",
                "valid": result.valid,
                "url": "/list/" + urllib.parse.quote(name),
            }
        )
    return out


def _new_draft(ds: DeskState, system: str, name: str) -> str:
    import secrets

    from armybuilder.edit.engine import composable, run_new

    closed = ds.desk.state().closed
    if closed:  # a draft is a write like any other: none after the deadline, the lock or the reveal
        raise Refusal(423, closed)
    if system not in ds.desk.pack.system_ids or system not in composable():
        raise Refusal(422, "choose one of the event's games for the new list")
    name = " ".join(name.split())
    if len(name) > 200:
        raise Refusal(422, "a list's name is at most 200 characters")
    root = ds.drafts.root
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    draft = f"list-{secrets.token_urlsafe(18)}.yaml"
    points = ds.desk.pack.points_for(system)
    with ds.drafting:  # counting and making one draft at a time: never past the cap
        if clean_drafts(root, DRAFT_IDLE, MAX_DRAFTS - 1) >= MAX_DRAFTS:
            raise Refusal(423, "the desk holds as many lists in the builder as it can; send yours as a file or text")
        try:
            outcome = run_new(system, root / draft, name or None, float(points) if points is not None else None, False)
        except OSError as exc:  # a full disk: said, not a traceback
            raise Refusal(507, f"the list could not be started: {exc.strerror or exc}; tell the organiser") from None
    if outcome.code == 2:
        raise Refusal(422, "the list could not be started: " + " ".join(outcome.stderr))
    return draft


def clean_drafts(root: Path, idle: float, keep: int | None = None) -> int:
    """Remove the drafts in ``root`` untouched for ``idle`` seconds, oldest first, until at most
    ``keep`` are left (all of those idle ones when ``keep`` is None), with their undo history
    and lock files. The number of drafts left."""
    import os

    found = []
    for path in root.glob("list-*.yaml"):
        if DRAFT.fullmatch(path.name):
            try:
                found.append((path.stat().st_mtime, path))
            except OSError:
                continue
    found.sort()
    left = len(found)
    now = time.time()
    for mtime, path in found:
        if (keep is not None and left <= keep) or now - mtime < idle:
            break
        for companion in (path, *root.glob(f".{path.name}*")):
            try:
                os.unlink(companion)
            except (FileNotFoundError, IsADirectoryError, PermissionError):
                continue
        left -= 1
    return left


def _draft_text(ds: DeskState, name: str) -> str:
    from armybuilder.yamlio import LoadError, read_text

    if not DRAFT.fullmatch(name):
        raise Refusal(422, "that list from the builder is not here any more")
    try:
        return read_text(ds.drafts.existing(name), MAX_LIST_BYTES)
    except Refused:
        raise Refusal(422, "that list from the builder is not here any more") from None
    except LoadError as exc:
        raise Refusal(413 if "large" in exc.message else 422, exc.message) from None


def _given(ds: DeskState, values: Mapping[str, Sequence[Any]]) -> tuple[str, str]:
    """The list a form sends, and how: an uploaded file, a draft from the builder, or pasted text
    (YAML or a share code)."""
    upload = next((v for v in values.get("file", []) if isinstance(v, tuple)), None)
    pasted = next((v for v in values.get("list", []) if isinstance(v, str)), "")
    draft = first_value(values, "draft")
    if upload is not None and pasted.strip():
        raise Refusal(422, "send one list: either choose a file or paste the text, not both")
    if upload is not None:
        return list_of_upload(upload[0], upload[1])
    if draft:
        return _draft_text(ds, draft), "builder"
    if not pasted.strip():
        raise Refusal(422, "paste your list or its share code, choose its file, or build it in the builder")
    return pasted, "paste"


# ---------------------------------------------------------------------------
# The players' pages


def _players_model(request: Request) -> dict[str, Any]:
    import secrets

    from armybuilder import systems
    from armybuilder.edit.engine import composable

    ds = _ds(request)
    state = ds.desk.state()
    buildable = [s for s in ds.desk.pack.system_ids if s in composable()]
    return {
        "state": _state_words(state),
        "count": state.count,
        "rules": rules_lines(ds.desk.pack),
        "games": [{"id": s, "title": systems.get(s).title} for s in buildable],
        "drafts": _drafts_view(ds, _drafts_of(request)),
        "max_player": MAX_PLAYER,
        "idem": secrets.token_urlsafe(18),  # a retry of this page's form is the same sending
        "asks_code": bool(ds.desk.who_may()[0]),
        "code": request.query_params.get("code", "")[:64],  # the passcode the players' link carries
    }


async def players(request: Request, flash: Flash | None = None, status: int = 200) -> Response:
    model = await in_thread(_players_model, request)
    if flash is None:
        flash = _st(request).recall(request.query_params.get("done"))
    kept = flash.kept if flash is not None else {}
    answer = _page(request, "desk_players.html", status, flash=flash, kept=kept, **model)
    if request.method == "POST":  # a refusal: htmx shows the page's own address, not the form's
        answer.headers["hx-replace-url"] = "/"
    return answer


async def submit(request: Request) -> Response:
    ds = _ds(request)
    st = _st(request)
    try:
        values = await form_values(request, upload=True)
    except Bad as exc:
        return _message(request, "Refused", exc.message, exc.status)
    player = first_value(values, "player")[: 4 * MAX_PLAYER]
    pasted = next((v for v in values.get("list", []) if isinstance(v, str)), "")
    code = first_value(values, "passcode")[:64]
    idem = first_value(values, "idem")[:256] or None  # the page's key: a retry of this form is the same sending
    kept = {"player": player, "list": multiline(pasted[:MAX_LIST_BYTES]), "passcode": code}
    if idem and first_value(values, "draft"):  # a draft's form carries the page's key and its number
        kept["idem"] = idem.rsplit("-", 1)[0]
    elif idem:  # refused, nothing taken under it: the page drawn again keeps the key, so that sending
        kept["idem"] = idem  # the first list again (its answer lost) still gets its receipt
    try:
        _limit(request)
        text, how = await in_thread(_given, ds, values)  # a roster's parse holds up no other request
        taken = await in_thread(ds.desk.submit, player, text, how, idem, code)
    except TooMany as exc:
        answer = await players(request, Flash("refused", [_words(exc.message)], 429, kept), 429)
        answer.headers["retry-after"] = str(exc.wait)
        return answer
    except Refusal as exc:
        return await players(request, Flash("refused", [_words(exc.message)], exc.status, kept), exc.status)
    said = [f"Your list is in: taken {shown_time(taken.submitted_at)}."]
    said.append("Keep the private link below: with it you can see and replace your list until the deadline.")
    assert taken.edit_token is not None
    answer = RedirectResponse(_mine_url(taken.id, taken.edit_token, st.remember(Flash("ok", said))), 303)
    sent = first_value(values, "draft")
    if sent:  # sent: this device no longer offers it on the players' page
        _set_drafts(request, answer, [n for n in _drafts_of(request) if n != sent])
    return answer


async def build(request: Request) -> Response:
    ds = _ds(request)
    try:
        values = await form_values(request)
        _limit(request)
        draft = await in_thread(_new_draft, ds, first_value(values, "system"), first_value(values, "name"))
    except Bad as exc:
        return _message(request, "Refused", exc.message, exc.status)
    except TooMany as exc:
        answer = await players(request, Flash("refused", [_words(exc.message)], 429), 429)
        answer.headers["retry-after"] = str(exc.wait)
        return answer
    except Refusal as exc:
        return await players(request, Flash("refused", [_words(exc.message)], exc.status), exc.status)
    answer = RedirectResponse("/list/" + urllib.parse.quote(draft), 303)
    kept = [draft, *(n for n in _drafts_of(request) if n != draft)]
    _set_drafts(request, answer, kept)
    return answer


def _set_drafts(request: Request, answer: Response, names: Sequence[str]) -> None:
    """The drafts this device builds, in a cookie of this browser session only (a shared tablet's
    next player does not meet the last one's draft), without the drafts already sent."""
    answer.set_cookie(
        f"{DRAFTS_COOKIE}_{port_of(request.scope)}", _drafts_cookie(names), path="/", httponly=True, samesite="strict"
    )


def _mine_model(request: Request, sub: Submission, token: str) -> dict[str, Any]:
    ds = _ds(request)
    state = ds.desk.state()
    closed = (
        ("the organiser has withdrawn your list: ask the organiser" if sub.withdrawn else None)
        or state.closed
        or ("the organiser has locked your list" if sub.locked else None)
    )
    return {
        "view": _roster_view(ds.desk, sub),
        "versions": _versions_view(ds.desk, sub.id),
        "state": _state_words(state),
        "closed": _words(closed) if closed else "",
        "link": private_link(request, sub.id, token),
        "key": token,
        "drafts": _drafts_view(ds, _drafts_of(request)),
    }


async def mine(request: Request, flash: Flash | None = None, status: int = 200, key: str | None = None) -> Response:
    ds = _ds(request)
    sid = request.path_params["sid"]
    token = key if key is not None else request.query_params.get("key", "")
    sub = await in_thread(ds.desk.authorised, sid, token)
    if sub is None:
        return _message(request, "Not found", "no such list here: check the private link you were given", 404)
    if flash is None:
        flash = _st(request).recall(request.query_params.get("done"))
    model = await in_thread(_mine_model, request, sub, token)
    kept = flash.kept if flash is not None else {}
    answer = _page(request, "desk_mine.html", status, flash=flash, kept=kept, **model)
    if request.method == "POST":  # a refusal: htmx shows the private link, not the form's address
        answer.headers["hx-replace-url"] = _mine_url(sid, token)
    return answer


async def replace(request: Request) -> Response:
    ds = _ds(request)
    st = _st(request)
    sid = request.path_params["sid"]
    try:
        values = await form_values(request, upload=True)
    except Bad as exc:
        return _message(request, "Refused", exc.message, exc.status)
    token = first_value(values, "key")
    pasted = next((v for v in values.get("list", []) if isinstance(v, str)), "")
    try:
        text, how = await in_thread(_given, ds, values)
        taken = await in_thread(ds.desk.replace, sid, token, text, how)
    except Refusal as exc:
        if exc.status == 404:
            return _message(request, "Not found", "no such list here: check the private link you were given", 404)
        kept: dict[str, str] = {"list": multiline(pasted[:MAX_LIST_BYTES])}
        return await mine(request, Flash("refused", [_words(exc.message)], exc.status, kept), exc.status, token)
    said = [f"Version {taken.version} of your list is in: taken {shown_time(taken.submitted_at)}."]
    return RedirectResponse(_mine_url(sid, token, st.remember(Flash("ok", said))), 303)


def _lists_model(desk: Desk) -> dict[str, Any]:
    subs = desk.submissions()
    return {"lists": [_roster_view(desk, s) for s in subs], "state": _state_words(desk.state())}


def _revealed_page(request: Request, ds: DeskState) -> tuple[bytes, str]:
    """The page of every list and its ETag: made once a generation of the desk, by the first
    reader to ask; readers who come while it is made wait for it (12 readers at once each made
    their own: 1.3 to 1.9 s each for 300 lists, against 0.7 s for one)."""
    import hashlib

    made = ds.revealed_page
    if made is not None and made[0] == ds.desk.generation():
        return made[1], made[2]
    with ds.revealing:
        generation = ds.desk.generation()  # again: another reader may have made it meanwhile
        made = ds.revealed_page
        if made is not None and made[0] == generation:
            return made[1], made[2]
        body = bytes(_page(request, "desk_lists.html", **_lists_model(ds.desk)).body)
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        ds.revealed_page = (generation, body, etag)
        return body, etag


def _etag_matches(request: Request, etag: str) -> bool:
    """The request's If-None-Match names ``etag`` (or is ``*``)."""
    given = request.headers.get("if-none-match", "")[:4096]
    tags = [t.strip().removeprefix("W/") for t in given.split(",")]
    return etag in tags or "*" in tags


async def public_lists(request: Request) -> Response:
    ds = _ds(request)
    state = await in_thread(ds.desk.state)
    if not state.revealed:
        return _message(
            request, "Not revealed yet", "the lists are hidden until the organiser reveals them: come back then", 403
        )
    body, etag = await in_thread(_revealed_page, request, ds)
    if _etag_matches(request, etag):
        return Response(b"", 304, {"etag": etag})
    return HTMLResponse(body, headers={"etag": etag})


# ---------------------------------------------------------------------------
# The organiser's pages

_NO_ORGANISER = (
    "this page is the organiser's: open the organiser's link that was printed when the desk started, on this device"
)


def _organiser_refusal(request: Request) -> Response:
    answer = _message(request, "The organiser's page", _NO_ORGANISER, 403)
    if request.headers.get("sec-fetch-site") == "cross-site" and request.headers.get("sec-fetch-mode") == "navigate":
        # As the Guard does: a link from a mail or a chat keeps the SameSite=Strict cookie out of
        # this navigation; the same page asked again from here is same-site.
        body = bytes(answer.body).replace(b"<title>", b'<meta http-equiv="refresh" content="0">\n<title>', 1)
        return HTMLResponse(body, 403)
    return answer


def players_qr(url: str) -> Markup:
    """The players' link as a QR code, an SVG drawn in the page (no script, no file)."""
    import segno

    svg = segno.make(url, error="m").svg_inline(scale=5, title="QR code of the players' link", border=2)
    return Markup(svg.replace("<svg ", '<svg role="img" aria-label="QR code of the players\' link" ', 1))


def _organiser_model(desk: Desk, players_url: str = "") -> dict[str, Any]:
    state = desk.state()
    code, registered = desk.who_may()
    if code and players_url:  # the players' link (and its QR code) carries the passcode
        players_url += "?" + urllib.parse.urlencode({"code": code})
    everyone = desk.submissions(withdrawn=True)
    subs = [s for s in everyone if not s.withdrawn]
    statuses = [s.verdict.status for s in subs]
    rows = []
    for s in everyone:
        rows.append(
            {
                "id": s.id,
                "player": s.player,
                "system": _system_title(s.latest.system),
                "status": s.verdict.status,
                "sent": shown_time(s.latest.submitted_at),
                "versions": s.versions,
                "locked": s.locked,
                "withdrawn": s.withdrawn,
                "late": s.latest.late,
                "checked_in": s.checked_in,
                "fingerprint": s.latest.fingerprint,
            }
        )
    actions = [
        {"at": shown_time(at), "what": _action_words(what, detail, everyone)}
        for at, what, detail in desk.actions()[-50:]
    ]
    return {
        "state": _state_words(state),
        "rows": rows,
        "standing": len(subs),
        "players_url": players_url,
        "players_qr": players_qr(players_url) if players_url else "",
        "legal": statuses.count("legal"),
        "not_legal": len(statuses) - statuses.count("legal"),
        "rules": rules_lines(desk.pack),
        "downloads": [
            {"name": k, "label": v[1], "what": v[2], "present": k in PRESENT_ONLY} for k, v in DOWNLOADS.items()
        ],
        "present": sum(1 for s in subs if s.checked_in),
        "passcode": code,
        "registered": len(registered),
        "actions": list(reversed(actions)),
    }


def _system_title(system: str) -> str:
    from armybuilder import systems

    try:
        return systems.get(system).title
    except (KeyError, OSError, ValueError):
        return system


def _said(detail: str) -> dict[str, Any]:
    """A log entry's detail as the desk wrote it: a JSON object, else nothing (a plain id)."""
    if not detail.startswith("{"):
        return {}
    try:
        said = json.loads(detail)
    except ValueError:
        return {}
    return said if isinstance(said, dict) else {}


def _action_words(what: str, detail: str, subs: Sequence[Submission]) -> str:
    """An action of the log in the organiser's words."""
    said = _said(detail)
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


async def organiser_page(request: Request) -> Response:
    ds = _ds(request)
    given = request.query_params.get("key")
    if given is not None:
        if not same_secret(given, ds.organiser):
            return _message(
                request,
                "The organiser's page",
                "that link's token is not this desk's (or no longer: it is new each time the desk starts)",
                403,
            )
        answer = RedirectResponse("/organiser", 303)
        answer.set_cookie(
            f"{ORGANISER_COOKIE}_{port_of(request.scope)}", ds.organiser, path="/", httponly=True, samesite="strict"
        )
        return answer
    if not _is_organiser(request):
        return _organiser_refusal(request)
    model = await in_thread(_organiser_model, ds.desk, ds.players_url or f"http://{_host(request)}/")
    model["announcement"] = announcement(ds.desk, model["players_url"])
    flash = _st(request).recall(request.query_params.get("done"))
    return _page(request, "desk_organiser.html", flash=flash, **model)


async def organiser_one(request: Request) -> Response:
    ds = _ds(request)
    if not _is_organiser(request):
        return _organiser_refusal(request)
    sub = await in_thread(ds.desk.get, request.path_params["sid"])
    if sub is None:
        return _message(request, "Not found", "no such submission", 404)
    view = await in_thread(_roster_view, ds.desk, sub)
    versions = await in_thread(_versions_view, ds.desk, sub.id)
    others = [{"id": o.id, "player": o.player} for o in await in_thread(ds.desk.submissions) if o.id != sub.id]
    flash = _st(request).recall(request.query_params.get("done"))
    return _page(
        request,
        "desk_submission.html",
        flash=flash,
        view=view,
        versions=versions,
        text=multiline(sub.latest.text),
        others=others,
    )


def _moderate(desk: Desk, do: str, sid: str, values: Mapping[str, Sequence[Any]], base: str) -> Flash:
    """The organiser's moderation of one submission (each kept in the actions log)."""
    if do in ("withdraw", "restore"):
        player = desk.withdraw(sid, do == "withdraw")
        if do == "withdraw":
            return Flash("ok", [f"{player}'s list is withdrawn: kept, but shown nowhere else and not exported."])
        return Flash("ok", [f"{player}'s list is restored."])
    if do == "rename":
        old, new = desk.rename(sid, first_value(values, "name"))
        return Flash("ok", [f"{old} is now {new}."])
    if do == "new-link":
        sub = desk.get(sid)
        if sub is None:
            raise Refusal(404, "no such submission")
        token = desk.new_link(sid)
        link = f"{base}mine/{urllib.parse.quote(sid)}?key={urllib.parse.quote(token)}"
        return Flash(
            "ok", [f"The new private link for {sub.player} (give it to them; the old one opens nothing now):", link]
        )
    if do == "merge":
        kept, merged = desk.merge(first_value(values, "into"), sid)
        return Flash("ok", [f"{merged} is merged into {kept}: {merged}'s list is withdrawn, and kept."])
    pasted = next((v for v in values.get("list", []) if isinstance(v, str)), "")
    upload = next((v for v in values.get("file", []) if isinstance(v, tuple)), None)
    text, _ = list_of_upload(upload[0], upload[1]) if upload is not None else (pasted, "paste")
    taken = desk.paper(first_value(values, "player"), text)
    said = [f"The list is entered: version {taken.version}, {STATUS_WORDS.get(taken.status, taken.status).lower()}."]
    if taken.edit_token:
        said += ["The player's private link:", f"{base}mine/{urllib.parse.quote(taken.id)}?key={taken.edit_token}"]
    return Flash("ok", said)


def _act(desk: Desk, values: Mapping[str, Sequence[Any]], base: str = "/") -> Flash:
    from armybuilder.desk import parse_when

    do = first_value(values, "do")
    sid = first_value(values, "id")
    if do in ("withdraw", "restore", "rename", "new-link", "merge", "paper"):
        return _moderate(desk, do, sid, values, base)
    if do == "passcode":
        desk.set_passcode(first_value(values, "passcode"))
        code = desk.who_may()[0]
        return Flash("ok", [f"The event's passcode is now {code}." if code else "The event asks for no passcode now."])
    if do == "register":
        upload = next((v for v in values.get("file", []) if isinstance(v, tuple)), None)
        raw = upload[1] if upload is not None else first_value(values, "players").encode("utf-8")
        try:
            csv_text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Refusal(422, "the players' file is not UTF-8 text: save it as CSV (UTF-8)") from None
        n = desk.register(csv_text)
        if not n:
            return Flash("ok", ["Anyone may send a list now (no registered players)."])
        return Flash("ok", [f"{plural(n, 'registered player')}: only they may send a list."])
    if do in ("late-ok", "late-no"):
        desk.allow_late(do == "late-ok")
        if do == "late-ok":
            return Flash("ok", ["Lists sent after the deadline are taken, each marked late."])
        return Flash("ok", ["Lists sent after the deadline are refused again."])
    if do in ("check-in", "check-out"):
        player = desk.check_in(sid, do == "check-in")
        return Flash("ok", [f"{player} is {'checked in' if do == 'check-in' else 'no longer checked in'}."])
    if do in ("lock", "unlock"):
        desk.lock_event(do == "lock")
        return Flash(
            "ok", ["The event is locked: no list is taken or replaced." if do == "lock" else "The event is open again."]
        )
    if do in ("lock-player", "unlock-player"):
        sub = desk.get(sid)
        if sub is None:
            raise Refusal(404, "no such submission")
        desk.lock_player(sid, do == "lock-player")
        return Flash("ok", [f"{sub.player}'s list is {'locked' if do == 'lock-player' else 'unlocked'}."])
    if do == "deadline":
        try:
            when = parse_when(first_value(values, "deadline").replace("T", " "))
        except ValueError as exc:
            raise Refusal(422, str(exc).replace("this computer's time", "the desk's time")) from None
        state = desk.set_deadline(when)
        return Flash("ok", [f"The deadline is now {shown_time(state.deadline)}."])
    if do == "no-deadline":
        desk.set_deadline(None)
        return Flash("ok", ["The desk has no deadline now: it takes lists until you lock it."])
    if do == "reveal":
        confirm = first_value(values, "confirm")
        if confirm not in ("yes", "lock-now"):
            raise Refusal(422, "tick the box first: once revealed, every list is shown to everyone")
        desk.reveal(lock_now=confirm == "lock-now")
        return Flash(
            "ok",
            [
                "The lists are revealed: everyone can see them on the page of every list. "
                "The desk is closed: no list is taken or replaced now."
            ],
        )
    raise Refusal(422, "choose what to do")


async def organiser_act(request: Request) -> Response:
    ds = _ds(request)
    st = _st(request)
    try:
        values = await form_values(request, upload=True)
    except Bad as exc:
        return _message(request, "Refused", exc.message, exc.status)
    if not _is_organiser(request):
        return _organiser_refusal(request)
    try:
        flash = await in_thread(_act, ds.desk, values, f"http://{_host(request)}/")
    except Refusal as exc:
        flash = Flash("refused", [_words(exc.message)], exc.status)
    back = first_value(values, "back")
    to = (
        "/organiser/s/" + urllib.parse.quote(back)
        if back and re.fullmatch(r"[A-Za-z0-9_-]{1,32}", back)
        else "/organiser"
    )
    return RedirectResponse(to + "?done=" + st.remember(flash), 303)


def _exported(desk: Desk, tmp: Path, present: bool = False) -> tuple[Any, Path]:
    """The lists written into ``tmp``, and the tournament run over that folder (as
    ``armybuilder tournament PACK FOLDER`` runs it), each list named by its player as the desk
    knows them (not by the list's own ``player:``, which its sender wrote, nor its file's name)."""
    from armybuilder.commands.tournament import discover, run

    folder = tmp / "lists"
    names = {path.name: sub.player for sub, path in desk.export(folder, present=present)}
    files, skipped = discover([folder])
    t = run(desk.pack, files)
    t.skipped = skipped
    for e in t.entries:
        e.player = names.get(Path(e.file).name, e.player)
    return t, folder


def _lists_zip(subs: Sequence[Submission]) -> bytes:
    """Every standing player's latest list, one file each (named as the export names them), and
    their names as the desk knows them with each file's SHA-256 (``armybuilder-players.csv``, as
    the export writes it):
    the lists as kept, no check run."""
    from armybuilder.commands.tournament import PLAYERS_FILE, players_file
    from armybuilder.desk import file_names

    buf = io.BytesIO()
    named = sorted(zip(file_names([s.player for s in subs]), subs, strict=True), key=lambda m: m[0])
    files = [(name, sub.latest.text.encode("utf-8")) for name, sub in named]
    players = [(name, sub.player, data) for (name, sub), (_, data) in zip(named, files, strict=True)]
    files.append((PLAYERS_FILE, players_file(players)))  # each file's SHA-256 beside its player
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()


def _download(desk: Desk, name: str, present: bool = False) -> bytes:
    from armybuilder.commands.tournament import packet_of, render_report, report_kind

    if name == "desk.sqlite":
        return desk.backup_bytes()
    if name == "log.csv":
        return _log_csv(desk)
    standing = desk.submissions()
    subs = [s for s in standing if s.checked_in or not present]
    if name == "packet.pdf" and present and standing and not subs:
        raise Refusal(
            422,
            f"nobody has checked in yet ({plural(len(standing), 'list')} in): check the players in on the "
            "organiser's page as they arrive, or make the packet of every list",
        )
    if name == "lists.zip":
        return _lists_zip(subs)
    if name in ("roster.csv", "challonge.txt", "lists-text.csv"):
        return _hand_off(desk, name, subs)
    with tempfile.TemporaryDirectory(prefix="armybuilder-desk-") as tmp:
        t, folder = _exported(desk, Path(tmp), present)
        if name == "packet.pdf":
            from armybuilder.export import ExportError
            from armybuilder.export.packet import render

            if not t.entries:
                raise Refusal(422, "no list has been sent yet: the packet needs at least one")
            try:
                with PDF_LOCK:
                    data, _ = render(packet_of(t))
            except ExportError as exc:
                raise Refusal(422, f"the packet cannot be laid out: {exc}") from None
            return data
        kind = report_kind(Path(name))
        assert kind is not None  # DOWNLOADS names only reports that have a kind
        text = render_report(kind, t).decode("utf-8")
        pack_file = str(getattr(desk.pack, "file", "") or "")
        # No path of the organiser's machine in a report: the lists by their file names, the pack
        # by its own name. A report may escape a path (Markdown writes ``_`` as ``\_``), so both
        # the plain and the escaped spelling are replaced.
        for plain, shown in ((str(folder) + "/", ""), (str(folder), "lists"), (pack_file, Path(pack_file).name)):
            if plain:
                text = text.replace(plain, shown).replace(md(plain), md(shown) if shown else "")
        return text.encode("utf-8")


def _log_csv(desk: Desk) -> bytes:
    """The actions log: time (UTC), action, the submission, the player, and in words (every cell
    guarded: :func:`armybuilder.csvcells.cell`)."""
    from armybuilder.csvcells import rows_text

    subs = desk.submissions(withdrawn=True)
    rows: list[list[str]] = [["time", "action", "submission", "player", "what"]]
    for at, what, detail in desk.actions():
        said = _said(detail)
        sid = str(said.get("id", "")) or (detail if re.fullmatch(r"[A-Za-z0-9_-]{1,32}", detail) else "")
        player = str(said.get("player") or next((s.player for s in subs if s.id == sid), ""))
        rows.append([stamp(at), what, sid, player, _action_words(what, detail, subs)])
    return rows_text(rows, bom=True).encode("utf-8")


def _hand_off(desk: Desk, name: str, subs: Sequence[Submission]) -> bytes:
    """The files for the tools organisers pair with, every player named as the desk knows them:
    ``roster.csv`` (UTF-8 with a BOM, for spreadsheets), ``challonge.txt`` (Challonge's bulk add:
    "Name, e-mail" a line), ``lists-text.csv`` (each list as plain text, for Best Coast Pairings or
    Longshanks, where lists are pasted)."""
    from armybuilder.csvcells import rows_text
    from armybuilder.export.text import row_lines

    if name == "challonge.txt":
        lines = [_one_line(s.player).replace(",", " ") + (f", {s.email}" if s.email else "") for s in subs]
        return ("\n".join(lines) + ("\n" if lines else "")).encode("utf-8")
    rows: list[list[Any]] = []
    if name == "roster.csv":
        rows.append(
            [
                "id",
                "player",
                "e-mail",
                "game",
                "list name",
                "status",
                "errors",
                "fingerprint",
                "first sent",
                "last sent",
                "versions",
                "late",
                "checked in",
            ]
        )
        for s in subs:
            roster = desk.roster(s.latest)
            rows.append(
                [
                    s.id,
                    s.player,
                    s.email,
                    _system_title(s.latest.system),
                    roster.title,
                    s.verdict.status,
                    s.verdict.errors,
                    s.latest.fingerprint,
                    stamp(s.first_sent) if s.first_sent else "",
                    stamp(s.latest.submitted_at),
                    s.versions,
                    "yes" if s.latest.late else "no",
                    "yes" if s.checked_in else "no",
                ]
            )
    else:
        rows.append(["player", "game", "list name", "status", "list"])
        for s in subs:
            roster = desk.roster(s.latest)
            body = [f"{roster.title} ({_system_title(s.latest.system)}, {roster.measure_text})"]
            for t in roster.tables:
                lines = [line.removeprefix("- ") for line in row_lines(t)]
                if lines:
                    body += ["", t.title + ":", *lines]
            rows.append(
                [
                    s.player,
                    _system_title(s.latest.system),
                    roster.title,
                    s.verdict.status,
                    "\n".join(body),
                ]
            )
    return rows_text(rows, bom=True).encode("utf-8")  # every cell guarded (armybuilder.csvcells.cell)


def _one_line(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split())


def announcement(desk: Desk, players_url: str) -> str:
    """Text for the organiser to paste into a mail or a chat: the event, its rules, the deadline,
    the players' link (with the passcode when the event has one)."""
    state = desk.state()
    code, registered = desk.who_may()
    lines = [f"{desk.pack.event}: send your army list", ""]
    lines += [f"- {line}" for line in rules_lines(desk.pack)]
    lines.append("")
    if state.deadline:
        lines.append(f"Send your list by {shown_time(state.deadline)} at {players_url}")
    else:
        lines.append(f"Send your list at {players_url}")
    if code:
        lines.append(f"The event's passcode: {code}")
    if registered:
        lines.append("Use your name as you registered it.")
    lines += [
        "",
        "Each list is checked against the event's rules at once. Keep the private link you get: with it you can "
        "replace your list until the deadline. Nobody else sees it before the organiser reveals every list.",
    ]
    return "\n".join(_one_line(line) for line in lines) + "\n"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:60] or "event"


def poster_pdf(desk: Desk, url: str, code: str) -> bytes:
    """The players' poster, one A4 page to print and pin up: the event, its rules, the deadline,
    the players' link and its QR code, the passcode when there is one. Chinese, Japanese and Korean
    text is set in the CJK fonts as a roster's is (:func:`armybuilder.export.pdf.font_runs`)."""
    import segno
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    from armybuilder.export.pdf import CJK_START, draw_text, fonts, split_lines, text_width

    regular, bold, _ = fonts()
    state = desk.state()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, invariant=1)
    c.setTitle(f"{desk.pack.event}: send your army list")
    width, height = A4
    left, right = 20 * mm, width - 20 * mm
    y = height - 30 * mm

    def lines(text: str, font: str, size: float, gap: float = 1.25) -> None:
        nonlocal y
        for line in split_lines(_one_line(text), font, size, right - left):
            c.setFont(font, size)
            if not line or max(line) < CJK_START:
                c.drawCentredString(width / 2, y, line)
            else:  # an event's name or passcode in Chinese, Japanese or Korean: its runs in a CJK font
                draw_text(c, (width - text_width(line, font, size)) / 2, y, line, font, size)
            y -= size * gap

    lines(desk.pack.event, bold, 30)
    y -= 4 * mm
    lines("Send your army list", regular, 20)
    y -= 2 * mm
    for rule in rules_lines(desk.pack):
        lines(rule, regular, 12)
    if state.deadline:
        y -= 2 * mm
        lines(f"By {shown_time(state.deadline)}", bold, 16)
    y -= 6 * mm
    qr = segno.make(url, error="m")
    modules = qr.symbol_size(border=0)[0]
    side = 95 * mm
    cell = side / modules
    x0, y0 = (width - side) / 2, y - side
    for r, row in enumerate(qr.matrix):
        for col, dark in enumerate(row):
            if dark:
                c.rect(x0 + col * cell, y0 + side - (r + 1) * cell, cell, cell, stroke=0, fill=1)
    y = y0 - 10 * mm
    lines(url, bold, 14)
    if code:
        y -= 2 * mm
        lines(f"The event's passcode: {code}", bold, 18)
    y -= 4 * mm
    lines("Scan the code with your phone, or type the link.", regular, 12)
    lines("Your list is checked against the event's rules at once; keep the private link you get.", regular, 12)
    c.showPage()
    c.save()
    return buf.getvalue()


def _locked_poster(desk: Desk, url: str, code: str) -> bytes:
    with PDF_LOCK:  # reportlab keeps module-level state: one PDF at a time
        return poster_pdf(desk, url, code)


async def poster(request: Request) -> Response:
    ds = _ds(request)
    if not _is_organiser(request):
        return _organiser_refusal(request)
    model = await in_thread(_organiser_model, ds.desk, ds.players_url or f"http://{_host(request)}/")
    code = ds.desk.who_may()[0]
    data = await in_thread(_locked_poster, ds.desk, model["players_url"], code)
    headers = {"content-disposition": f'attachment; filename="{_slug(ds.desk.pack.event)}-poster.pdf"'}
    return Response(data, 200, headers, media_type="application/pdf")


async def download(request: Request) -> Response:
    ds = _ds(request)
    if not _is_organiser(request):
        return _organiser_refusal(request)
    name = request.path_params["name"]
    if name not in DOWNLOADS:
        return _message(request, "Not found", "no such download", 404)
    present = request.query_params.get("present") == "1" and name in PRESENT_ONLY
    try:
        data = await in_thread(_download, ds.desk, name, present)
    except Refusal as exc:
        return _message(request, "Not ready", exc.message, exc.status)
    except DeskError as exc:
        return _message(request, "Refused", str(exc), 422)
    filename = f"{_slug(ds.desk.pack.event)}-{'present-' if present else ''}{name}"
    headers = {"content-disposition": f'attachment; filename="{filename}"'}
    return Response(data, 200, headers, media_type=DOWNLOADS[name][0])


# ---------------------------------------------------------------------------
# The JSON API


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def _api_error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status)


def _same_site(request: Request) -> None:
    """A browser's request (it says its Origin) must come from a page of this desk; a script
    sends no Origin."""
    if (request.headers.get("origin") or request.headers.get("referer")) and not origin_ok(request):
        raise ApiError(403, "this request must come from a page of this desk, or from a script (no Origin)")


class _Twice(Exception):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key[:40]


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once (JSON allows a key twice, and the last wins:
    a body could name one player to a proxy that reads the first and another to the desk)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Twice(key)
        out[key] = value
    return out


def _json_object(body: bytes) -> Any:
    from armybuilder.digits import json_int

    # a number's length bounded before it is parsed (issue 45, item 8): json.loads took int() of 4,301 digits
    return json.loads(body.decode("utf-8"), object_pairs_hook=_one_of_each, parse_int=json_int)


async def _json_body(request: Request) -> dict[str, Any]:
    _same_site(request)
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_API_BODY:
            raise ApiError(413, f"a request's body is at most {MAX_API_BODY // 1024} KiB")
    try:
        data = await in_thread(_json_object, bytes(body))
    except _Twice as exc:
        raise ApiError(422, f"the body gives {exc.key!r} twice: give each field once") from None
    except TooLong as exc:
        raise ApiError(422, f'{exc}: send {{"player": NAME, "list": TEXT}}') from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ApiError(422, 'the body is not JSON: send {"player": NAME, "list": TEXT}') from None
    if not isinstance(data, dict):
        raise ApiError(422, 'the body is not a JSON object: send {"player": NAME, "list": TEXT}')
    extra = sorted(str(k)[:40] for k in data if k not in ("player", "list", "passcode"))
    if extra:
        raise ApiError(422, f'unknown field {extra[0]!r}: send {{"player": NAME, "list": TEXT}}')
    return data


def _idempotency_key(request: Request) -> str | None:
    """The ``Idempotency-Key`` header (the IETF HTTP API draft: a Structured Field string, in
    quotes, though a bare key is taken too), or None; given twice with two keys: 422. The engine
    checks the key itself (:func:`armybuilder.desk.idempotency_key`)."""
    given = {v.strip() for v in request.headers.getlist("idempotency-key")}
    if len(given) > 1:
        raise ApiError(422, "give one Idempotency-Key header, once")
    value = given.pop() if given else ""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = re.sub(r'\\(["\\])', r"\1", value[1:-1])
    return value or None


async def api_submit(request: Request) -> Response:
    ds = _ds(request)
    try:
        body = await _json_body(request)
        if "player" not in body:
            raise ApiError(422, "no player: give the player's name")
        _limit(request)
        idem = _idempotency_key(request)
        code = body.get("passcode") if isinstance(body.get("passcode"), str) else None
        taken = await in_thread(ds.desk.submit, body.get("player"), body.get("list"), "api", idem, code)
    except ApiError as exc:
        return _api_error(exc.status, exc.message)
    except TooMany as exc:
        answer = _api_error(429, exc.message)
        answer.headers["retry-after"] = str(exc.wait)
        return answer
    except Refusal as exc:
        return _api_error(exc.status, exc.message)
    return JSONResponse(taken.answer(), 201)


async def api_replace(request: Request) -> Response:
    ds = _ds(request)
    try:
        body = await _json_body(request)
        taken = await in_thread(
            ds.desk.replace, request.path_params["sid"], _bearer(request), body.get("list"), "api", body.get("player")
        )
    except ApiError as exc:
        return _api_error(exc.status, exc.message)
    except Refusal as exc:
        return _api_error(exc.status, exc.message)
    return JSONResponse(taken.answer(), 200)


async def api_one(request: Request) -> Response:
    ds = _ds(request)
    sid = request.path_params["sid"]
    token = _bearer(request)
    if same_secret(token, ds.organiser):
        sub = await in_thread(ds.desk.get, sid)
    else:
        sub = await in_thread(ds.desk.authorised, sid, token)
    if sub is None:
        return _api_error(404, "no such submission (or not yours: give its edit token)")
    return JSONResponse(sub.detail())


async def api_all(request: Request) -> Response:
    ds = _ds(request)
    if not same_secret(_bearer(request), ds.organiser):
        return _api_error(403, "the organiser's token is needed (Authorization: Bearer TOKEN)")
    subs = await in_thread(ds.desk.submissions)
    state = await in_thread(ds.desk.state)
    return JSONResponse(
        {
            "event": ds.desk.pack.event,
            "deadline": stamp(state.deadline) if state.deadline else None,
            "locked": state.locked,
            "revealed": state.revealed,
            "submissions": [s.summary() for s in subs],
        }
    )


async def api_reveal(request: Request) -> Response:
    ds = _ds(request)
    try:
        _same_site(request)
    except ApiError as exc:
        return _api_error(exc.status, exc.message)
    if not same_secret(_bearer(request), ds.organiser):
        return _api_error(403, "the organiser's token is needed (Authorization: Bearer TOKEN)")
    lock_now = request.query_params.get("lock_now", "").lower() in ("1", "true", "yes")
    try:
        state = await in_thread(ds.desk.reveal, lock_now)
    except Refusal as exc:
        return _api_error(exc.status, exc.message + " (POST /api/reveal?lock_now=1)")
    assert state.revealed_at is not None
    return JSONResponse({"revealed": True, "revealed_at": stamp(state.revealed_at)})


async def api_lists(request: Request) -> Response:
    ds = _ds(request)
    state = await in_thread(ds.desk.state)
    if not state.revealed:
        return _api_error(403, "the lists are hidden until the organiser reveals them")
    subs = await in_thread(ds.desk.submissions)
    return JSONResponse(
        {
            "event": ds.desk.pack.event,
            "revealed_at": stamp(state.revealed_at) if state.revealed_at else None,
            "lists": [s.detail() for s in subs],
        }
    )


# ---------------------------------------------------------------------------
# The app


class DeskApp:
    """The desk and, under :data:`BUILDER_PATHS`, the builder over the drafts; each behind its own
    Guard (one answer, one set of security headers)."""

    def __init__(self, desk_app: Starlette, builder: Starlette):
        self.desk_app = desk_app
        self.builder = builder
        self.state = desk_app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(BUILDER_PATHS):
            await self.builder(scope, receive, send)
        else:
            await self.desk_app(scope, receive, send)


def drafts_folder(db: Path) -> Path:
    """Where the lists built in the desk's builder are kept: beside the database."""
    return db.with_name(db.name + "-drafts")


def make_desk_app(
    desk: Desk,
    host: str = "127.0.0.1",
    organiser: str | None = None,
    allow: Sequence[str] = (),
    token: str | None = None,
    drafts: Path | None = None,
    per_minute: int = CREATIONS_PER_MINUTE,
    players_url: str | None = None,
) -> DeskApp:
    """The desk's pages and API for ``desk``, bound to ``host`` (answering to the names of
    :func:`armybuilder.web.guard.allowed_hosts`); ``organiser``: the organiser's token (a new
    one when None: ``app.state.desk.organiser``); ``per_minute``: the new lists and drafts one
    address may start in a minute (0: no limit); ``players_url``: the players' link the
    organiser's page shows (and its QR code), by default the address the organiser's browser used."""
    import secrets

    folder = drafts if drafts is not None else drafts_folder(desk.path)  # made with its first draft
    token = token or secrets.token_urlsafe(32)
    hosts = allowed_hosts(host, allow)
    routes = [
        Route("/", players, methods=["GET"]),
        Route("/submit", submit, methods=["POST"]),
        Route("/build", build, methods=["POST"]),
        Route("/mine/{sid}", mine, methods=["GET"]),
        Route("/mine/{sid}", replace, methods=["POST"]),
        Route("/lists", public_lists, methods=["GET"]),
        Route("/organiser", organiser_page, methods=["GET"]),
        Route("/organiser/s/{sid}", organiser_one, methods=["GET"]),
        Route("/organiser/act", organiser_act, methods=["POST"]),
        Route("/organiser/download/{name}", download, methods=["GET"]),
        Route("/organiser/poster.pdf", poster, methods=["GET"]),
        Route("/api/submissions", api_submit, methods=["POST"]),
        Route("/api/submissions", api_all, methods=["GET"]),
        Route("/api/submissions/{sid}", api_one, methods=["GET"]),
        Route("/api/submissions/{sid}", api_replace, methods=["PUT"]),
        Route("/api/reveal", api_reveal, methods=["POST"]),
        Route("/api/lists", api_lists, methods=["GET"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.builder = State(Folder(folder), token, environment())
    if folder.is_dir():  # drafts nobody touched for a month are gone (a flood's too)
        clean_drafts(folder, DRAFT_STALE)
    app.state.desk = DeskState(
        desk, organiser or secrets.token_urlsafe(24), Folder(folder), Limiter(per_minute), players_url=players_url
    )
    app.add_middleware(RequestBodyLimitMiddleware, max_body_size=2 * 1024 * 1024)
    app.add_middleware(Guard, hosts=hosts, key=None)
    builder = make_app(folder, "127.0.0.1", token=token, allow=sorted(hosts), pack=desk.pack)
    return DeskApp(app, builder)


__all__ = ["BUILDER_PATHS", "DOWNLOADS", "DeskApp", "drafts_folder", "make_desk_app", "private_link"]
