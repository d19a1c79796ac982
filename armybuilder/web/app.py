"""The browser builder's pages and actions: a Starlette app over one folder of list files.

Routes (every page rendered on the server; the little JavaScript in ``static/app.js`` only
narrows the choices of a form while it is filled in; without it, a form's "show the choices that
fit" button asks the server for the same page with the choices narrowed):

======  ==============================  ===================================================
GET     ``/``                           the folder: every list, its system, name, total and
                                        status; ``?event=PACK`` checks them against a pack
POST    ``/new``                        a new list (:func:`armybuilder.compose.edit.run_new`)
GET     ``/list/NAME``                  one list: its findings, cost breakdown and forms
POST    ``/edit/NAME``                  one edit (:func:`armybuilder.compose.edit.run_edit`);
                                        with ``narrow`` set, no edit: back to the list page
                                        with the form filled in and its choices narrowed
GET     ``/choices/NAME?form=ID&...``   the choices that fit a form's other values (JSON)
GET     ``/roster/FORMAT/NAME``         a roster download (:mod:`armybuilder.export`)
GET     ``/explain/SYSTEM?name=NAME``   a card, unit, race... explained (the catalog)
GET     ``/static/...``                 the stylesheet and the script (shipped in the package)
======  ==============================  ===================================================

Every request is treated as hostile (:class:`Guard` and :func:`_post`): the Host header must
name this server (no DNS rebinding); a state change is a POST whose Origin (or, without one, its
Referer) is this server and whose form carries the per-process token; a body is at most
:data:`MAX_BODY` bytes of ``application/x-www-form-urlencoded``; files are named relative to the
folder and must be regular files inside it (:mod:`.files`); every string is escaped by Jinja2's
autoescape, and control characters are replaced first (:func:`_clean`). Answers carry a strict
Content-Security-Policy (scripts and styles from this server only, no frames).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import urllib.parse
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from armybuilder.web import forms
from armybuilder.web.files import Folder, Found, Refused

HERE = Path(__file__).resolve().parent
MAX_BODY = 64 * 1024  # bytes in a request body: a form is a few hundred
MAX_FIELDS = 100  # fields in one form
FLASHES = 64  # edit results kept for the page shown after the edit
LOOPBACK = ("127.0.0.1", "localhost", "::1")
T = TypeVar("T")

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]


_BIDI = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")  # marks and overrides that reorder text


def _clean(value: Any) -> Any:
    """Every value a template prints: text loses its control characters and bidirectional
    overrides (a name cannot reorder the text around it); Jinja2 escapes the rest."""
    if value is None:
        return ""
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    from armybuilder.text import one_line

    return _BIDI.sub("\ufffd", one_line(value))


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=True,
        finalize=_clean,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    from armybuilder.text import cell

    env.filters["cell"] = cell
    env.filters["quote"] = lambda s: urllib.parse.quote(str(s), safe="/")
    return env


def allowed_hosts(host: str) -> set[str] | None:
    """The Host header names this server answers to; None: any (bound to every address)."""
    if host in ("0.0.0.0", "::", ""):
        return None
    return {*LOOPBACK, host.strip("[]").lower()}


def _hostname(header: str) -> str:
    """``127.0.0.1:8000`` -> ``127.0.0.1``; ``[::1]:8000`` -> ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class Guard:
    """ASGI middleware: refuse a Host this server is not, and add the security headers."""

    def __init__(self, app: ASGIApp, hosts: set[str] | None):
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - uvicorn also sends lifespan events
            await self.app(scope, receive, send)
            return
        if self.hosts is not None:
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
            if _hostname(host) not in self.hosts:
                response = Response("unknown host: this server answers to its own address only\n", 421)
                await response(scope, receive, self._headers(send))
                return
        await self.app(scope, receive, self._headers(send))

    @staticmethod
    def _headers(send: Send) -> Send:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        return with_headers


@dataclass
class Flash:
    """What an action said, shown once on the page the browser is sent to."""

    kind: str  # ok | invalid | refused
    lines: list[str] = field(default_factory=list)


@dataclass
class State:
    folder: Folder
    token: str
    env: Environment
    flashes: OrderedDict[str, Flash] = field(default_factory=OrderedDict)

    def remember(self, flash: Flash) -> str:
        key = secrets.token_urlsafe(9)
        self.flashes[key] = flash
        while len(self.flashes) > FLASHES:
            self.flashes.popitem(last=False)
        return key

    def recall(self, key: str | None) -> Flash | None:
        return self.flashes.pop(key, None) if key else None


# ---------------------------------------------------------------------------
# Helpers


async def _work(fn: Callable[..., T], *args: Any) -> T:
    """Run blocking work (checks, edits, PDFs) off the event loop, one piece at a time."""
    return await run_in_threadpool(_one_at_a_time, fn, *args)


_LOCK = threading.Lock()  # the engine is used by one request at a time


def _one_at_a_time(fn: Callable[..., T], *args: Any) -> T:
    with _LOCK:
        return fn(*args)


def _state(request: Request) -> State:
    state: State = request.app.state.builder
    return state


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    st = _state(request)
    html = st.env.get_template(template).render(token=st.token, **context)
    return HTMLResponse(html, status)


def refusal(request: Request, message: str, status: int) -> HTMLResponse:
    return page(request, "message.html", status, title="Refused", message=message, code=status)


def version_of(raw: bytes) -> str:
    """Which bytes a page was made from: the form sends it back, and a changed file refuses the edit."""
    return hashlib.sha256(raw).hexdigest()[:24]


def _read_version(path: Path) -> str:
    from armybuilder.yamlio import MAX_BYTES

    try:
        if path.stat().st_size > MAX_BYTES:
            return "too-large"
        return version_of(path.read_bytes())
    except OSError:
        return "unreadable"


def _origin_ok(request: Request) -> bool:
    """The POST comes from a page of this server: its Origin (or Referer) is this server's."""
    host = request.headers.get("host", "")
    own = f"{request.url.scheme}://{host}".lower()
    origin = request.headers.get("origin")
    if origin is not None:
        return origin.lower() == own
    referer = request.headers.get("referer")
    return referer is not None and (referer.lower() + "/").startswith(own + "/")


class Bad(Exception):
    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message = message
        self.status = status


async def _post(request: Request) -> dict[str, list[str]]:
    """The form of a state-changing request, after every check a POST must pass."""
    if not _origin_ok(request):
        raise Bad("this action must come from a page of this server (Origin check failed)", 403)
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise Bad("forms are sent as application/x-www-form-urlencoded", 415)
    body = await request.body()  # at most MAX_BODY bytes (Starlette answers 413 beyond)
    try:
        text = body.decode("utf-8")
        values = urllib.parse.parse_qs(text, keep_blank_values=True, max_num_fields=MAX_FIELDS, errors="strict")
    except UnicodeDecodeError:
        raise Bad("the form is not UTF-8", 400) from None
    except ValueError:
        raise Bad(f"a form has at most {MAX_FIELDS} fields", 413) from None
    sent = (values.get("csrf") or [""])[0]
    if not hmac.compare_digest(sent.encode(), _state(request).token.encode()):
        raise Bad("this page is out of date or not from this server (its token does not match); reload it", 403)
    return values


def _first(values: Mapping[str, Sequence[str]], key: str) -> str:
    got = values.get(key) or []
    return str(got[0]).strip() if got else ""


def _redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, 303)


def list_url(name: str) -> str:
    return "/list/" + urllib.parse.quote(name, safe="/")


def narrow_url(name: str, values: Mapping[str, Sequence[str]]) -> str:
    """The list page with one form filled in as sent and its choices narrowed to what fits: what
    the script does as a form is filled in, for a browser without JavaScript. The form's values go
    into the address; the token does not."""
    ident = _first(values, "form")
    kept = [(k, str(v)) for k, vs in values.items() if k.startswith(("a", "o_")) for v in vs if str(v).strip()]
    query = urllib.parse.urlencode([("form", ident), *kept])
    return f"{list_url(name)}?{query}#f-{urllib.parse.quote(ident)}"


def _flash_of(outcome: Any, path: Path, name: str) -> Flash:
    from armybuilder.outcome import ExitCode

    text = outcome.stdout if isinstance(outcome.stdout, str) else ""
    lines = [line for line in text.splitlines() if line] + list(outcome.stderr)
    lines = [line.replace(str(path), name) for line in lines]
    kind = {ExitCode.OK: "ok", ExitCode.INVALID: "invalid"}.get(outcome.code, "refused")
    return Flash(kind, lines)


# ---------------------------------------------------------------------------
# The folder


def _folder_rows(folder: Folder, event: str | None) -> dict[str, Any]:
    from armybuilder.check import check_path

    lists, packs = folder.scan()
    pack = None
    pack_name = None
    pack_problems: list[str] = []
    if event:
        from armybuilder.events import PackError, load

        pack_path = folder.existing(event)
        pack_name = event
        try:
            pack = load(pack_path)
        except PackError as exc:
            pack_problems = [f"{f.line or 1}:{f.column or 1}: {f.code} {f.message}" for f in exc.findings]
    rows = []
    for found in lists:
        if pack is not None:
            from armybuilder.tournament import check_one

            result = check_one(found.path, pack)
        else:
            try:
                result = check_path(found.path)
            except OSError:  # gone or unreadable since the scan
                continue
        rows.append(_row(found, result))
    return {
        "rows": rows,
        "packs": [p.name for p in packs],
        "event": pack_name,
        "pack_problems": pack_problems,
    }


def _row(found: Found, result: Any) -> dict[str, Any]:
    from armybuilder.text import tally

    m = result.measure
    return {
        "name": found.name,
        "title": result.name or found.name,
        "system": result.system or "-",
        "total": m.text() or "-",
        "valid": result.valid,
        "counts": tally(result.counts()),
        "errors": [f"{f.code} {f.message}" for f in result.sorted_findings() if f.severity.value == "error"][:3],
    }


def _systems() -> list[dict[str, Any]]:
    from armybuilder import systems
    from armybuilder.compose.edit import composable

    out = []
    for s in composable():
        m = systems.manifest(s)
        out.append({"id": s, "title": systems.get(s).title, "points": m.points_limit, "measure": m.measure})
    return out


async def folder_view(request: Request) -> Response:
    st = _state(request)
    event = request.query_params.get("event") or None
    try:
        model = await _work(_folder_rows, st.folder, event)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    flash = st.recall(request.query_params.get("done"))
    return page(request, "folder.html", folder=str(st.folder.root), systems=await _work(_systems), flash=flash, **model)


def _create(folder: Folder, values: Mapping[str, Sequence[str]]) -> tuple[Any, Path, str]:
    from armybuilder.compose.edit import run_new
    from armybuilder.outcome import Outcome

    name = _first(values, "file")
    if name and not name.lower().endswith((".yaml", ".yml")):
        name += ".yaml"
    target = folder.new(name)
    points_text = _first(values, "points")
    points: float | None = None
    if points_text:
        try:
            points = float(points_text.replace("½", ".5"))
        except ValueError:
            return Outcome.usage(f"armybuilder new: the army size is a number, not '{points_text}'"), target, name
    outcome = run_new(_first(values, "system"), target, _first(values, "name") or None, points, False)
    return outcome, target, name


async def create(request: Request) -> Response:
    st = _state(request)
    try:
        values = await _post(request)
        outcome, target, name = await _work(_create, st.folder, values)
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        key = st.remember(Flash("refused", [exc.message]))
        return _redirect(f"/?done={key}")
    flash = _flash_of(outcome, target, name)
    key = st.remember(flash)
    if flash.kind == "refused":
        return _redirect(f"/?done={key}")
    return _redirect(f"{list_url(name)}?done={key}")


# ---------------------------------------------------------------------------
# One list


def _list_model(folder: Folder, name: str, filled: str | None, values: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    from armybuilder.check import check_path
    from armybuilder.compose.edit import adapter, composable
    from armybuilder.export import ExportFormat

    path = folder.existing(name)
    version = _read_version(path)
    result = check_path(path)
    data = result.document if isinstance(result.document, dict) else None
    system = result.system
    built: list[forms.Form] = []
    title = None
    entries: list[str] = []
    if system is not None and system in composable() and data is not None:
        from armybuilder import systems
        from armybuilder.compose.catalog import entry_names

        built = forms.build(system, adapter(system).PARTS, data, filled, values)
        title = systems.get(system).title
        entries = entry_names(system)
    m = result.measure
    measure = None
    if m.total is not None:
        measure = m.text() or ""
        if m.limit is not None:
            from armybuilder.text import fmt_points

            left = m.limit - m.total
            measure += f" · {fmt_points(left)} left" if left >= 0 else f" · {fmt_points(-left)} over"
    groups = [(verb, [f for f in built if f.verb == verb]) for verb in ("add", "set", "remove")]
    share_code, share_none = _share_code(result.document)
    return {
        "name": name,
        "result": result,
        "title": title,
        "system": system,
        "version": version,
        "groups": [(v, fs) for v, fs in groups if fs],
        "measure": measure,
        "findings": result.sorted_findings(),
        "entries": entries,
        "formats": [f.value for f in ExportFormat],
        "filled": filled,
        "share_code": share_code,
        "share_none": share_none,
    }


def _share_code(document: Any) -> tuple[str | None, str]:
    """The list's share code (:mod:`armybuilder.share`, as ``armybuilder share`` prints it), or
    None and why there is none."""
    from armybuilder.fingerprint import CanonicalError
    from armybuilder.share import ShareCodeError, encode

    if not isinstance(document, dict):  # not a list: nothing to share (and no section for it)
        return None, ""
    try:
        return encode(document), ""
    except CanonicalError as exc:
        return None, f"no share code: {exc}"
    except ShareCodeError as exc:
        return None, f"no share code: {exc.message}"


async def list_view(request: Request) -> Response:
    st = _state(request)
    name = request.path_params["name"]
    query = request.query_params
    values = {k: query.getlist(k) for k in query if k.startswith(("a", "o_"))}
    try:
        model = await _work(_list_model, st.folder, name, query.get("form"), values)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    flash = st.recall(query.get("done"))
    return page(request, "list.html", flash=flash, **model)


def _edit(folder: Folder, name: str, values: Mapping[str, Sequence[str]]) -> Flash:
    from armybuilder.compose.edit import adapter, run_edit, system_of
    from armybuilder.compose.parts import EditError
    from armybuilder.yamlio import LoadError, load_file

    path = folder.existing(name)
    if _first(values, "version") != _read_version(path):
        return Flash(
            "refused",
            [
                f"{name} changed since this page was shown (edited elsewhere?); nothing was written. "
                "The page now shows the file as it is: make the change again."
            ],
        )
    try:
        data = load_file(path).data
        system = system_of(path, data if isinstance(data, dict) else {})
    except (LoadError, EditError) as exc:
        return Flash("refused", [f"{name}: cannot be edited here ({getattr(exc, 'message', exc)}); fix it by hand"])
    part = forms.find(adapter(system).PARTS, _first(values, "form"))
    if part is None:
        return Flash("refused", [f"no such form for {system} lists: {_first(values, 'form')}"])
    try:
        words = forms.words(part, values)
    except EditError as exc:
        return Flash("refused", [exc.message])
    return _flash_of(run_edit(path, part.verb, part.name, words), path, name)


async def edit(request: Request) -> Response:
    st = _state(request)
    name = request.path_params["name"]
    try:
        values = await _post(request)
        if _first(values, "narrow"):  # "show the choices that fit": the page again, nothing written
            return _redirect(narrow_url(name, values))
        flash = await _work(_edit, st.folder, name, values)
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    key = st.remember(flash)
    return _redirect(f"{list_url(name)}?done={key}#result")


def _choices(folder: Folder, name: str, ident: str, values: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    from armybuilder.check import check_path
    from armybuilder.compose.edit import adapter, composable

    path = folder.existing(name)
    result = check_path(path)
    system = result.system
    if system is None or system not in composable() or not isinstance(result.document, dict):
        raise Refused(f"{name} is not a list that can be edited here", 409)
    if forms.find(adapter(system).PARTS, ident) is None:
        raise Refused(f"no such form: {ident}", 404)
    built = forms.build(system, adapter(system).PARTS, result.document, ident, values)
    form = next(f for f in built if f.id == ident)
    return {
        f.name: [[c, f.notes.get(c, "")] for c in f.choices]
        for f in form.fields
        if f.kind in ("text", "int", "many", "repeat")
    }


async def choices(request: Request) -> Response:
    st = _state(request)
    query = request.query_params
    values = {k: query.getlist(k) for k in query if k.startswith(("a", "o_"))}
    try:
        found = await _work(_choices, st.folder, request.path_params["name"], query.get("form", ""), values)
    except Refused as exc:
        return JSONResponse({"error": exc.message}, exc.status)
    return JSONResponse(found)


# ---------------------------------------------------------------------------
# Rosters and explanations


# Every format of armybuilder.export is offered; these say what a browser gets.
MEDIA = {
    "pdf": "application/pdf",
    "markdown": "text/markdown; charset=utf-8",
    "json": "application/json",
    "text": "text/plain; charset=utf-8",
}


def _roster(folder: Folder, fmt: str, name: str) -> tuple[bytes, str]:
    from armybuilder.export import ExportOptions, exporter
    from armybuilder.export.roster import build

    path = folder.existing(name)
    exp = exporter(fmt)
    roster, _ = build(path)
    return exp.render(roster, ExportOptions()), exp.suffix


def _download_name(name: str, suffix: str) -> str:
    stem = Path(name).stem
    return stem + (suffix if suffix.startswith(".") else "." + suffix)


async def roster(request: Request) -> Response:
    from armybuilder.export import ExportError, ExportFormat

    st = _state(request)
    fmt = request.path_params["fmt"]
    name = request.path_params["name"]
    if fmt not in {f.value for f in ExportFormat}:
        return refusal(request, f"no roster format '{fmt}'", 404)
    try:
        data, suffix = await _work(_roster, st.folder, fmt, name)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    except ExportError as exc:
        return refusal(request, f"cannot export {name} as {fmt}: {exc}", 422)
    filename = _download_name(name, suffix)
    ascii_name = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in filename)
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{urllib.parse.quote(filename)}"
    media = MEDIA.get(fmt, "application/octet-stream")
    return Response(data, 200, {"content-disposition": disposition}, media_type=media)


def _explain(system: str, name: str) -> tuple[str, list[Any]]:
    from armybuilder.compose.catalog import explain_entries, system_id

    found = system_id(system)
    return found, explain_entries(found, " ".join(name.split()))


async def explain(request: Request) -> Response:
    from armybuilder.compose.catalog import CatalogError

    name = request.query_params.get("name", "")
    back = request.query_params.get("back", "")
    try:
        system, hits = await _work(_explain, request.path_params["system"], name)
    except CatalogError as exc:
        return refusal(request, str(exc), 404)
    back_url = list_url(back) if back and not back.startswith(("/", "\\")) else "/"
    return page(request, "explain.html", system=system, name=name, hits=hits, back=back_url)


# ---------------------------------------------------------------------------


def make_app(folder: str | Path, host: str = "127.0.0.1", token: str | None = None) -> Starlette:
    """The builder for the list files in ``folder``, answering to ``host``."""
    routes = [
        Route("/", folder_view, methods=["GET"]),
        Route("/new", create, methods=["POST"]),
        Route("/list/{name:path}", list_view, methods=["GET"]),
        Route("/edit/{name:path}", edit, methods=["POST"]),
        Route("/choices/{name:path}", choices, methods=["GET"]),
        Route("/roster/{fmt}/{name:path}", roster, methods=["GET"]),
        Route("/explain/{system}", explain, methods=["GET"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, max_body_size=MAX_BODY)
    app.state.builder = State(Folder(folder), token or secrets.token_urlsafe(32), environment())
    app.add_middleware(Guard, hosts=allowed_hosts(host))
    return app
