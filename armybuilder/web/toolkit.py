"""What the two web apps share, the builder (:mod:`armybuilder.web.builder`) and the desk
(:mod:`armybuilder.web.desk`): the templates' environment (every printed value cleaned of control
characters, then autoescaped), an app's state and the flashes it shows once, a page drawn whole or
as the part htmx asks for, every check a state-changing form passes (:func:`form_values`), and
blocking work run off the event loop."""

from __future__ import annotations

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
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse

from armybuilder.web.files import Folder
from armybuilder.web.guard import origin_ok
from armybuilder.web.pieces import Boards, Kept

HERE = Path(__file__).resolve().parent  # the templates and the static files
MAX_BODY = 64 * 1024  # bytes in a request body: a form is a few hundred
MAX_UPLOAD = 2 * 1024 * 1024  # bytes of an uploaded roster (a PDF roster is tens of kilobytes)
MAX_FIELDS = 100  # fields in one form
FLASHES = 64  # edit results kept for the page shown after the edit
ROSTERS_KEPT = 16  # rosters laid out lately, kept for the next download of the same file
T = TypeVar("T")


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
    from armybuilder.web.listpage import finding_words, plain

    env.globals["files"] = True  # the pages name the lists' files (the site's own lists: False, make_app)
    env.filters["cell"] = cell
    env.filters["plain"] = plain
    env.filters["finding"] = finding_words
    env.filters["quote"] = lambda s: urllib.parse.quote(str(s), safe="/")
    return env


@dataclass
class Flash:
    """What an action said, shown once on the page the browser is sent to."""

    kind: str  # ok | invalid | refused
    lines: list[str] = field(default_factory=list)
    status: int = 200  # what a script is answered with
    kept: dict[str, str] = field(default_factory=dict)  # typed values shown again after a refusal
    at: str = ""  # the element the page comes back at
    before: Any = None  # the list before the change (a part it added gets the focus)
    known: tuple[bytes, Any] | None = None  # the bytes a change wrote and their check
    path: Path | None = None  # the file a change wrote


@dataclass
class State:
    folder: Folder
    token: str
    env: Environment
    flashes: OrderedDict[str, Flash] = field(default_factory=OrderedDict)
    boards: Boards = field(default_factory=lambda: Boards())  # the boards drawn lately, for what changed
    rosters: Kept = field(default_factory=lambda: Kept(ROSTERS_KEPT))  # rosters laid out lately
    pack: Any = None  # an event pack every list is checked against (the collect desk's builder)
    # The lists are files the player sees (serve's folder, a folder opened in the site): the pages
    # name them. The site's own lists live in the browser's storage: the pages name lists only.
    files: bool = True

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


async def in_thread(fn: Callable[..., T], *args: Any) -> T:
    """Run blocking work (checks, edits, PDFs) off the event loop. Edits of one file take turns
    by the file's own lock (:func:`armybuilder.edit.engine.edit_lock`), so nothing else waits."""
    return await run_in_threadpool(fn, *args)


PDF_LOCK = threading.Lock()  # reportlab keeps module-level state: one PDF is laid out at a time


def state_of(request: Request) -> State:
    state: State = request.app.state.builder
    return state


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """The page; to htmx's own request for a part of it (not a boosted link), only the template's
    ``part`` block when it has one: the part the request swaps (``#board``), no head to parse."""
    st = state_of(request)
    tpl = st.env.get_template(template)
    if wants_part(request) and "part" in tpl.blocks:
        html = "".join(tpl.blocks["part"](tpl.new_context({"token": st.token, **context})))
    else:
        html = tpl.render(token=st.token, **context)
    return HTMLResponse(html, status)


def wants_part(request: Request) -> bool:
    """htmx's own request for a part of the page (not a boosted link, which wants all of it)."""
    return request.headers.get("hx-request") == "true" and request.headers.get("hx-boosted") != "true"


class Bad(Exception):
    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message = message
        self.status = status


async def form_values(request: Request, upload: bool = False) -> dict[str, list[Any]]:
    """The form of a state-changing request, after every check a POST must pass. With ``upload``,
    a ``multipart/form-data`` form too (a file's value is ``(filename, bytes)``)."""
    if not origin_ok(request):
        raise Bad("this action must come from a page of this server (Origin check failed)", 403)
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    values: dict[str, list[Any]]
    if upload and kind == "multipart/form-data":
        values = await _multipart(request)
    elif kind == "application/x-www-form-urlencoded":
        body = await request.body()
        if len(body) > MAX_BODY:
            raise Bad(f"a form is at most {MAX_BODY // 1024} KiB", 413)
        try:
            text = body.decode("utf-8")
            values = {
                k: list(v)
                for k, v in urllib.parse.parse_qs(
                    text, keep_blank_values=True, max_num_fields=MAX_FIELDS, errors="strict"
                ).items()
            }
        except UnicodeDecodeError:
            raise Bad("the form is not UTF-8", 400) from None
        except ValueError:
            raise Bad(f"a form has at most {MAX_FIELDS} fields", 413) from None
    else:
        raise Bad("forms are sent as application/x-www-form-urlencoded", 415)
    sent = str((values.get("csrf") or [""])[0])
    if not hmac.compare_digest(sent.encode(), state_of(request).token.encode()):
        raise Bad("this page is out of date or not from this server; reload it", 403)
    return values


async def _multipart(request: Request) -> dict[str, list[Any]]:
    from starlette.datastructures import UploadFile

    try:
        form = await request.form(max_files=1, max_fields=MAX_FIELDS, max_part_size=MAX_UPLOAD)
    except Exception as exc:  # noqa: BLE001 - python-multipart raises several kinds for a bad body
        raise Bad(f"the form could not be read ({type(exc).__name__})", 400) from None
    values: dict[str, list[Any]] = {}
    try:
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                raw = await value.read(MAX_UPLOAD + 1)
                if len(raw) > MAX_UPLOAD:
                    raise Bad(f"a roster file is at most {MAX_UPLOAD // (1024 * 1024)} MiB", 413)
                if value.filename or raw:
                    values.setdefault(key, []).append((value.filename or "", raw))
            else:
                values.setdefault(key, []).append(str(value))
    finally:
        await form.close()
    return values


def first_value(values: Mapping[str, Sequence[Any]], key: str) -> str:
    got = values.get(key) or []
    return str(got[0]).strip() if got and isinstance(got[0], str) else ""
