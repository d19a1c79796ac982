"""The browser builder's pages and actions: a Starlette app over one folder of list files.

Every page is rendered on the server. With JavaScript on, htmx (vendored in ``static/``) sends a
control's form in the background and swaps the part of the page it changes (``#board``, or
``#lists`` on the folder page): one click, one change, no reload. Without it, every control is a
plain form: the answer is a redirect back to the page, at the row that changed.

======  ==============================  ===================================================
GET     ``/``                           the folder as a list manager (:mod:`.folderpage`):
                                        ``?q=`` search, ``?sort=``, ``?event=PACK``
POST    ``/new``                        a new list (:func:`armybuilder.edit.engine.run_new`)
POST    ``/import``                     a new list from a share code or an uploaded roster
POST    ``/manage/NAME``                rename, duplicate, or delete (to the trash) a list
POST    ``/restore``                    a list back from the trash
GET     ``/list/NAME``                  one list, as its system's board (:mod:`.listpage`):
                                        ``?focus=ROW`` the row the catalog adds to
POST    ``/act/NAME``                   one change (:func:`armybuilder.edit.engine.run_edit`)
POST    ``/undo/NAME``, ``/redo/NAME``  the list's history (:mod:`armybuilder.history`)
GET     ``/roster/FORMAT/NAME``         a roster download (:mod:`armybuilder.export`):
                                        ``?rules=1`` with the rules, ``?compact=1`` one page
GET     ``/explain/SYSTEM?name=NAME``   a card, unit, race... explained (the catalog)
GET     ``/shared?code=AB1.…``          a list someone shared, to read and save (:mod:`.sharedpage`)
GET     ``/share/NAME``                 a list's link, its QR code and the list as text (:mod:`.sharing`)
GET     ``/download/NAME``              the list file as it is (YAML)
GET     ``/lists.zip``                  every list of the folder, in one zip (the backup)
POST    ``/restore-lists``              a backup restored: every list in it, none overwritten
POST    ``/updates/seen``               the notice of a new build read (:mod:`.updates`)
GET     ``/game/GAME``, POST ``/game/…``   a game played with a list (:mod:`.gamepage`)
GET     ``/static/...``                 the stylesheet and the scripts (shipped in the package)
======  ==============================  ===================================================

A script (``Accept: application/json``) or htmx (``HX-Request``) is answered with a status it can
read: 200 done, 409 the file changed since the page was shown, 422 refused, 423 locked; a plain
form gets 303 either way.

Every request is treated as hostile (:mod:`.guard` and :func:`.toolkit.form_values`): the Host
header must be on the server's allow-list (no DNS rebinding); off loopback every request needs the
access key (its link, then its cookie); a state change is a POST whose Origin (or, without one,
its Referer) is on the same allow-list at this server's port and whose form carries the
per-process token; a body is at most :data:`.toolkit.MAX_BODY` bytes of
``application/x-www-form-urlencoded`` (an uploaded roster :data:`.toolkit.MAX_UPLOAD` of
``multipart/form-data``); files are named relative to the folder and must be regular files inside
it (:mod:`.files`); every string is escaped by Jinja2's autoescape, and control characters are
replaced first (:func:`.toolkit.environment`). Answers carry a strict
Content-Security-Policy (scripts and styles from this server only, no frames).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup
from starlette.applications import Starlette
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from armybuilder import digits
from armybuilder.web import pieces
from armybuilder.web.files import Folder, Refused
from armybuilder.web.guard import ALLOW_HINT, Guard, access_key, allowed_hosts
from armybuilder.web.toolkit import (
    HERE,
    MAX_BODY,
    MAX_UPLOAD,
    PDF_LOCK,
    Bad,
    Flash,
    State,
    environment,
    first_value,
    form_values,
    in_thread,
    page,
    state_of,
    wants_part,
)

MAX_LIST = 1024 * 1024  # a list file the page reads whole (the safe loader's own limit)


@dataclass(frozen=True)
class Sent:
    """What a page that asks for a change says it shows: its catalog's and its board's digests."""

    catalog: str = ""
    board: str = ""

    @classmethod
    def of(cls, values: Mapping[str, Sequence[Any]]) -> Sent:
        return cls(first_value(values, "cat"), first_value(values, "brd"))


NOTHING_SENT = Sent()


# ---------------------------------------------------------------------------
# Helpers


def refusal(request: Request, message: str, status: int) -> HTMLResponse:
    return page(request, "message.html", status, title="Refused", message=message, code=status)


def _read_version(path: Path) -> str:
    from armybuilder.edit.engine import version_of
    from armybuilder.yamlio import MAX_BYTES

    try:
        if path.stat().st_size > MAX_BYTES:
            return "too-large"
        return version_of(path.read_bytes())
    except OSError:
        return "unreadable"


def _redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, 303)


def list_url(name: str, **query: str | None) -> str:
    url = "/list/" + urllib.parse.quote(name, safe="/")
    kept = {k: v for k, v in query.items() if v}
    return url + ("?" + urllib.parse.urlencode(kept) if kept else "")


def _scripted(request: Request) -> str:
    """``htmx`` (a partial update), ``json`` (a script), or "" (a plain form: redirect)."""
    if request.headers.get("hx-request") == "true":
        return "htmx"
    if "application/json" in request.headers.get("accept", ""):
        return "json"
    return ""


# ---------------------------------------------------------------------------
# The folder


def _folder_model(folder: Folder, event: str | None, query: str, sort: str, at: int = 1) -> dict[str, Any]:
    from armybuilder.web import folderpage, updates

    model = folderpage.rows(folder, event, query, sort, at)
    model["systems"] = folderpage.systems_offered()
    model["update"] = updates.check(folder, model["rows"] if not event else [])
    return model


async def folder_view(request: Request) -> Response:
    st = state_of(request)
    q = request.query_params
    event = q.get("event") or None
    query = (q.get("q") or "")[:200]
    sort = q.get("sort") or "name"
    at = digits.page(q.get("page"), 10**6)  # its length bounded before it is parsed (issue 45, item 8)
    try:
        model = await in_thread(_folder_model, st.folder, event, query, sort, at)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    flash = st.recall(q.get("done"))
    return page(request, "folder.html", flash=flash, query=query, sort=sort, **model)


async def _folder_answer(request: Request, flash: Flash, status: int, to: str = "/") -> Response:
    """After a change on the folder page: the page again with the status (htmx: a boosted form,
    shown at ``to``), JSON (a script), or a redirect (a plain form)."""
    st = state_of(request)
    how = _scripted(request)
    if how == "json":
        return JSONResponse({"status": flash.kind, "messages": flash.lines}, status)
    if how == "htmx":
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(to).query).get("q", [""])[0][:200]
        try:
            model = await in_thread(_folder_model, st.folder, None, query, "name")
        except Refused as exc:
            return refusal(request, exc.message, exc.status)
        answer = page(request, "folder.html", status, flash=flash, query=query, sort="name", **model)
        answer.headers["hx-push-url"] = to  # the folder's address in the history, not the action's
        return answer
    key = st.remember(flash)
    sep = "&" if "?" in to else "?"
    return _redirect(f"{to}{sep}done={key}")


async def create(request: Request) -> Response:
    from armybuilder.web import folderpage

    st = state_of(request)
    kept: dict[str, str] = {}
    try:
        values = await form_values(request)
        kept = {"form": "new", **{k: first_value(values, k)[:2000] for k in ("system", "name", "points")}}
        outcome, name = await in_thread(folderpage.create, st.folder, kept["system"], kept["name"], kept["points"])
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        kept["at"] = "new-points" if exc.field == "points" else "new-name"
        return await _folder_answer(request, Flash("refused", [_sentence(exc.message)], kept=kept), exc.status)
    return await _made(request, outcome, name, f"New list: {name}. Add its first part from the catalog.", kept)


def _keep_verdicts(folder: Folder) -> None:
    """A list was written into the folder: from now on its lists' verdicts are kept (:mod:`.updates`)."""
    from armybuilder.web import updates

    updates.keep_here(folder)


async def _made(request: Request, outcome: Any, name: str, said: str, kept: dict[str, str]) -> Response:
    """After a new list was made (new, import): its page, or why nothing was made (the form as
    it was typed, ``kept``, shown again)."""
    st = state_of(request)
    if outcome.code == 2:
        player = getattr(outcome.detail, "player", "")  # a refused new list: the engine's words for a player
        words = [_capital(_in_the_folder(player, st.folder))] if player else _engine_words(outcome.stderr, st, name)
        return await _folder_answer(request, Flash("refused", words, kept=kept), 422)
    await in_thread(_keep_verdicts, st.folder)
    if _scripted(request) == "json":
        return JSONResponse({"status": "ok", "name": name, "url": list_url(name)}, 201)
    return _redirect(list_url(name, done=st.remember(Flash("ok", [said]))))


def _shown(st: State, name: str) -> str:
    """A list as a message names it: its file (``host.yaml``), or where the player sees no files
    (the site's own lists), its own name in quotes (“The Host”)."""
    if st.files:
        return name
    from armybuilder.web.folderpage import title_of

    try:
        title = title_of(st.folder.existing(name))  # a name from the request: inside the folder only
    except Refused:
        title = ""
    return "“" + (title or Path(name).stem) + "”"


def _sentence(text: str) -> str:
    from armybuilder.web.listpage import sentence

    return sentence(text)


def _capital(text: str) -> str:
    from armybuilder.web.listpage import capital

    return capital(text)


def _in_the_folder(line: str, folder: Folder, path: Path | None = None, name: str = "") -> str:
    """An engine's message without the server's paths: the list by its name in the folder."""
    root = str(folder.root)
    if path is not None:
        line = line.replace(str(path), name)
    return line.replace(root + "/", "").replace(root, "the folder")


def _engine_words(lines: Sequence[str], st: State, name: str) -> list[str]:
    """The engine's messages on a page: no server path, no command-line syntax."""
    out = []
    for line in lines:
        line = _in_the_folder(line, st.folder)
        line = re.sub(r"^armybuilder [a-z]+: ", "", line)
        out.append(_sentence(line))
    return [line for line in out if line]


async def import_route(request: Request) -> Response:
    from armybuilder.web import folderpage, sharing

    st = state_of(request)
    kept = {"form": "import", "at": "import-code"}
    try:
        values = await form_values(request, upload=True)
        upload = next((v for v in values.get("roster", []) if isinstance(v, tuple)), None)
        kept["code"] = first_value(values, "code")[:MAX_BODY]
        if upload is not None:
            kept["at"] = "import-file"
        else:  # the same list saved again (a link opened twice): the one already here opens
            twin = await in_thread(sharing.saved_as, st.folder, kept["code"])
            if twin is not None:
                return _already_saved(request, twin)
        outcome, name = await in_thread(folderpage.import_list, st.folder, kept["code"], upload)
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        return await _folder_answer(request, Flash("refused", [_sentence(exc.message)], kept=kept), exc.status)
    said = f"Imported as {_shown(st, name)}."
    twin = folderpage.twin_of(st.folder, name)
    if twin is not None and outcome.code != 2:
        here = f" ({twin})" if st.files else ""
        said += f" A list of the same name was already here{here}: this is a second one."
    return await _made(request, outcome, name, said, kept)


def _already_saved(request: Request, name: str) -> Response:
    """A list saved again that is already in the folder (:func:`.sharing.saved_as`): its page,
    saying so; nothing is written."""
    st = state_of(request)
    if _scripted(request) == "json":
        return JSONResponse({"status": "ok", "name": name, "url": list_url(name), "already": True}, 200)
    said = "This list is already in your lists, the same in every part: here it is. Nothing new was saved."
    return _redirect(list_url(name, done=st.remember(Flash("ok", [said]))))


async def manage(request: Request) -> Response:
    from armybuilder.compose.parts import EditError
    from armybuilder.edit.engine import Locked
    from armybuilder.web import folderpage

    st = state_of(request)
    name = request.path_params["name"]
    try:
        values = await form_values(request)
        do = first_value(values, "do")
        back = "/" + ("?" + urllib.parse.urlencode({"q": first_value(values, "q")}) if first_value(values, "q") else "")
        if do == "retitle":  # the list's own name (its card's), the file named after it
            title = " ".join(first_value(values, "to").split())
            was = _shown(st, name)
            new = await in_thread(folderpage.retitle, st.folder, name, title)
            moved = f" Its file is now {new}." if new != name and st.files else ""
            flash = Flash("ok", [f"Renamed the list {was} to “{title}”.{moved}"])
        elif do == "rename":  # the file alone
            new = await in_thread(folderpage.rename, st.folder, name, first_value(values, "to"))
            flash = Flash("ok", [f"Renamed {name} to {new}."])
        elif do == "duplicate":  # the copy opens, to be changed (a script is told its name)
            new = await in_thread(folderpage.duplicate, st.folder, name)
            copied = f"Copied {name} to {new}." if st.files else f"Copied {_shown(st, new)}: this is the copy."
            flash = Flash("ok", [copied])
            if _scripted(request) != "json":
                return _redirect(list_url(new, done=st.remember(flash)))
        elif do == "delete":
            shown = _shown(st, name)
            await in_thread(folderpage.delete, st.folder, name)
            flash = Flash("ok", [f"Moved {shown} to the trash: restore it from the trash below."])
        else:
            raise Refused("choose rename, duplicate or delete", 422)
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:  # (the engine's words may name the server's path: the list's name is said)
        return await _folder_answer(
            request, Flash("refused", [_sentence(_in_the_folder(exc.message, st.folder))]), exc.status
        )
    except OSError as exc:
        why = _in_the_folder(str(exc.strerror or exc), st.folder)
        return await _folder_answer(request, Flash("refused", [f"That could not be done ({why})."]), 422)
    except EditError as exc:  # the list's edit lock could not be had: nothing was moved
        said = _sentence(_in_the_folder(exc.player, st.folder))
        return await _folder_answer(request, Flash("refused", [said]), 423 if isinstance(exc, Locked) else 403)
    return await _folder_answer(request, flash, 200, back)


async def restore(request: Request) -> Response:
    from armybuilder.web import folderpage

    st = state_of(request)
    try:
        values = await form_values(request)
        name = await in_thread(folderpage.restore, st.folder, first_value(values, "key"))
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        return await _folder_answer(request, Flash("refused", [_sentence(exc.message)]), exc.status)
    except OSError as exc:
        return await _folder_answer(
            request, Flash("refused", [f"That could not be done ({exc.strerror or exc})."]), 422
        )
    return await _folder_answer(request, Flash("ok", [f"Restored {_shown(st, name)}."]), 200)


async def updates_seen(request: Request) -> Response:
    """The update notice read: it and its marks are dropped (:func:`.updates.seen`)."""
    from armybuilder.web import updates

    st = state_of(request)
    try:
        await form_values(request)
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    await in_thread(updates.seen, st.folder)
    return await _folder_answer(request, Flash("ok", []), 200)


async def restore_lists(request: Request) -> Response:
    """A backup (``/lists.zip``) restored: each list in it written, a taken name as a copy, each
    entry not restored said with its reason (:func:`.folderpage.restore_backup`)."""
    from armybuilder.web import folderpage

    st = state_of(request)
    kept = {"at": "backup-file"}
    try:
        values = await form_values(request, upload=True)
        upload = next((v for v in values.get("backup", []) if isinstance(v, tuple)), None)
        if upload is None:
            raise Refused("choose the backup to restore (the .zip file 'Back up every list' saved)", 422)
        done = await in_thread(folderpage.restore_backup, st.folder, upload[0], upload[1])
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        return await _folder_answer(request, Flash("refused", [_sentence(exc.message)], kept=kept), exc.status)
    if done.written:
        await in_thread(_keep_verdicts, st.folder)
    lines = restored_lines(st, done)
    kind = "ok" if not done.refused else "refused" if not (done.written or done.same) else "invalid"
    status = 422 if kind == "refused" else 200
    return await _folder_answer(request, Flash(kind, lines, kept=kept), status)


def restored_lines(st: State, done: Any) -> list[str]:
    """What a restore did, in a player's words: the count, the copies, what was already here and
    each entry refused with its reason."""
    from armybuilder.text import one_line, plural

    lines: list[str] = []
    if done.written:
        names = ", ".join(_shown(st, name) for _, name, _ in done.written)
        lines.append(f"Restored {plural(len(done.written), 'list')}: {names}.")
    copies = [(entry, name) for entry, name, copy in done.written if copy]
    for entry, name in copies:
        lines.append(
            f"{_shown(st, name)} is kept as a copy: a list of the same name ({one_line(entry)}) was already here, "
            "and nothing was overwritten."
            if st.files
            else f"{_shown(st, name)} is kept as a second list: one of the same name was already here, "
            "and it is unchanged."
        )
    if done.same:
        same = ", ".join(_shown(st, n) for _, n in done.same)
        lines.append(f"Already here, the same in every part, so not copied again: {same}.")
    lines.extend(f"Not restored: “{one_line(entry)}”: {why}." for entry, why in done.refused)
    if not lines:
        lines.append("That backup holds no list: nothing was restored.")
    return lines


# ---------------------------------------------------------------------------
# One list


def _list_model(
    folder: Folder,
    name: str,
    focus: str | None,
    kept: Mapping[str, str],
    before: Any = None,
    known: tuple[bytes, Any] | None = None,
    pack: Any = None,
    opened: Sequence[str] = (),
) -> dict[str, Any]:
    from armybuilder import systems
    from armybuilder.check import check_path
    from armybuilder.edit.engine import composable, version_of
    from armybuilder.edit.offer import board_of
    from armybuilder.export import ExportFormat
    from armybuilder.games.model import has_tracker
    from armybuilder.history import counts
    from armybuilder.web.listpage import added_row, build_page, measure_line

    path = folder.existing(name)
    try:
        raw = path.read_bytes() if path.stat().st_size <= MAX_LIST else None
    except OSError:
        raw = None
    version = version_of(raw) if raw is not None else _read_version(path)
    # The change just made was checked as it was written: the same bytes need no check again.
    try:
        if pack is not None:  # every change checked against the event's pack too (its bans, limits)
            result = check_path(path, None, pack)
        else:
            result = known[1] if known is not None and raw == known[0] else check_path(path)
    except OSError as exc:  # the server may not read it (its permissions): said, not a 500
        raise Refused(_unreadable(name, exc), 403) from None
    system = result.system
    editable = system is not None and system in composable() and isinstance(result.document, dict)
    board = board_of(result, focus, pack) if editable else None
    if board is not None:
        # A change from a catalog's group that does not add to the part being edited (the army's
        # cards, a faction, a race, a unit): the player has moved on from that part, whose editor
        # shuts (issue 46, item 9). A part the change added still opens, its name to type over.
        elsewhere = {f"g-{g.key}" for g in board.catalog if not g.follows}
        if elsewhere.intersection(opened):
            opened = [w for w in opened if w != f"row-{focus}"]
    view = build_page(result, board, kept, before, opened)
    # The catalog follows the part being edited (issue 46, item 5): a part a change just added,
    # when the catalog can add to it (its cards), is the catalog's now. (A part opened on the page
    # offers its cards in the catalog with one tap: static/app.js.)
    follow = added_row(view, focus) if board is not None else ""
    if follow and board is not None and follow != board.focus:
        board = board_of(result, follow, pack)
        view = build_page(result, board, kept, before, [*opened, f"row-{follow}"])
        focus = follow
    else:
        follow = ""
    title = systems.get(system).title if system is not None and editable else None
    total, left = measure_line(result)
    share_code, share_none = _share_code(result.document)
    fingerprint = _fingerprint(result.document)
    undo_n, redo_n, undo_said, redo_said = counts(path)
    findings = result.sorted_findings()
    return {
        "name": name,
        "result": result,
        "title": title,
        "system": system,
        "version": version,
        "view": view,
        "focus": focus,  # as asked: carried by every form (the board's default follows the list)
        "focused": board.focus if board is not None else None,  # the row the catalog adds to now
        "total": total,
        "left": left,
        "errors": sum(1 for f in findings if f.severity.value == "error"),
        "warnings": sum(1 for f in findings if f.severity.value == "warning"),
        "findings": findings,
        "formats": [f.value for f in ExportFormat],
        "share_code": share_code,
        "fingerprint": fingerprint,
        "share_none": share_none,
        "undo": undo_n,
        "redo": redo_n,
        "undo_said": undo_said,
        "redo_said": redo_said,
        "autofocus": view.autofocus,
        "plays": editable and has_tracker(system),  # a game can be played with it (web/gamepage.py)
        "followed": follow,  # the catalog now adds to this row, which the page's address did not say
    }


def _unreadable(name: str, exc: OSError) -> str:
    return f"the server cannot read {name} ({exc.strerror or type(exc).__name__}): check the file's permissions"


def _fingerprint(document: Any) -> str:
    """The list's fingerprint (as ``armybuilder validate`` and a roster print it), or ""."""
    from armybuilder.fingerprint import CanonicalError, of_data

    if not isinstance(document, dict):
        return ""
    try:
        return of_data(document)
    except CanonicalError:
        return ""


def _share_code(document: Any) -> tuple[str | None, str]:
    """The list's share code (:mod:`armybuilder.sharecode`, as ``armybuilder share`` prints it), or
    None and why there is none."""
    from armybuilder.fingerprint import CanonicalError
    from armybuilder.sharecode import ShareCodeError, encode

    if not isinstance(document, dict):  # not a list: nothing to share (and no section for it)
        return None, ""
    try:
        return encode(document), ""
    except CanonicalError as exc:
        return None, f"This list has no share code: {exc}"
    except ShareCodeError as exc:
        return None, f"This list has no share code: {exc.message}"


async def _list_page(
    request: Request,
    name: str,
    focus: str | None,
    flash: Flash | None,
    status: int = 200,
    sent: Sent = NOTHING_SENT,
) -> Response:
    st = state_of(request)
    kept = flash.kept if flash is not None else {}
    before = flash.before if flash is not None else None
    known = flash.known if flash is not None else None
    # The part just changed and the part the catalog adds to have their editors open.
    opened = [w for w in (flash.at if flash is not None else "", f"row-{focus}" if focus else "") if w]
    try:
        model = await in_thread(_list_model, st.folder, name, focus, kept, before, known, st.pack, opened)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    return list_page(request, status, sent, flash=flash, **model)


def list_page(request: Request, status: int, sent: Sent = NOTHING_SENT, **model: Any) -> HTMLResponse:
    """The list page. To htmx's request for a part of it, only what changed goes back, by what
    the page says it shows (``sent``):

    - the board's pieces that differ from the board the page shows (:mod:`armybuilder.web.pieces`),
      each swapped in by its id, when the server drew that board lately and its shape is the same;
      else the whole board;
    - the catalog (swapped out of band, its scroll position kept) only when its digest differs.

    Everything is drawn with :data:`pieces.VERSION` for the page's version, put in at the end."""
    from armybuilder.web import sharing

    st = state_of(request)
    tpl = st.env.get_template("list.html")
    version = str(model["version"] or "")
    code = model.get("share_code")  # the link its Share button shares (a list with no code has none)
    model["share_link"] = sharing.link_of(sharing.base_of(request), code) if code else ""
    model["version"] = pieces.VERSION
    model["ctx"] = {
        "token": st.token,
        "version": pieces.VERSION,
        "name": model["name"],
        "focus": model["focus"],
        "focused": model["focused"],
        "url": list_url(model["name"]),
        "autofocus": model["autofocus"],
        # where a row's "Cards" leads: the catalog's group of what goes on the row being edited
        "follows": next((f"g-{g['key']}" for g in model["view"].catalog if g.get("follows")), "catalog"),
    }
    context = {"token": st.token, **model}
    view = model["view"]
    # What the catalog is drawn from, all of it: the same digest, the same markup.
    drawn = (view.catalog, model["name"], model["focused"], model["system"], model["autofocus"])
    context["cathash"] = hashlib.sha1(repr(drawn).encode()).hexdigest()[:16]
    partial = wants_part(request)
    keep = partial and sent.catalog == context["cathash"]  # the page has this catalog already
    catalog = Markup("")
    if view.board is not None and not keep:
        catalog = Markup("".join(tpl.blocks["catalog"](tpl.new_context(context))))
    board = pieces.draw(st.env.get_template("_board.html").module, context, st.boards)
    old = st.boards.get(sent.board) if partial and sent.board else None
    st.boards.put(context["brdhash"], pieces.sketch(board))
    headers: dict[str, str] = {}
    if partial and model.get("followed"):  # the address says whose cards the catalog shows, for a reload
        headers["HX-Replace-Url"] = list_url(model["name"], focus=model["followed"])
    if not partial:
        context.update(catalog_html=catalog, board_html=Markup(board.html()))
        html = tpl.render(context)
    else:
        # The catalog morphed in whole, as list.html draws it (an "innerHTML" swap put a second
        # catalog inside the first: the morph extension takes every style it does not know for
        # an inline one; and "morph:innerHTML" reads as a selector, "innerHTML").
        oob = (
            '<section id="catalog" class="catalog" aria-labelledby="catalog-h" tabindex="-1" '
            f'hx-swap-oob="morph">{catalog}</section>'
            if catalog
            else ""
        )
        changed = pieces.changed(board, old) if old is not None else None
        if changed is None:
            html = board.html() + oob
        else:  # only the changed pieces, each by its id; the board itself is not swapped
            html = "".join(pieces.out_of_band(p) for p in changed) + oob
            headers["HX-Reswap"] = "none"
    return HTMLResponse(html.replace(pieces.VERSION, version), status, headers=headers)


async def list_view(request: Request) -> Response:
    st = state_of(request)
    q = request.query_params
    flash = st.recall(q.get("done"))
    return await _list_page(request, request.path_params["name"], q.get("focus") or None, flash)


def _act(folder: Folder, name: str, values: Mapping[str, Sequence[Any]]) -> Flash:
    from armybuilder.web.listpage import BadEdit, change, decode

    path = folder.existing(name)
    ident = first_value(values, "id")
    typed = values.get("value")
    raw = first_value(values, "e")
    if not raw:  # a drop-down left at its current value
        return Flash("ok", ["Nothing to change."])
    try:
        edit = decode(raw)
    except BadEdit as exc:
        return Flash("refused", [str(exc)[:1].upper() + str(exc)[1:] + "."], status=422)
    value = str(typed[0]) if typed and isinstance(typed[0], str) else None
    if edit.value_at is not None:
        if value is None or not value.strip():
            return Flash("refused", ["Fill it in first: nothing was changed."], status=422, kept={ident: ""}, at=ident)
        edit = edit.with_value(" ".join(value.split()) if "\n" not in value else value.strip())
    said = change(path, edit, first_value(values, "version"))
    lines = [_in_the_folder(line, folder, path, name) for line in said.lines]
    kept = {ident: value} if said.kind == "refused" and value is not None and ident else {}
    known = (said.written, said.after) if said.written is not None else None
    return Flash(
        said.kind,
        lines,
        status=said.status,
        kept=kept,
        at=first_value(values, "at") or ident,
        before=said.before,
        known=known,
        path=path if known is not None else None,
    )


async def act(request: Request) -> Response:
    st = state_of(request)
    name = request.path_params["name"]
    try:
        values = await form_values(request)
        if not first_value(values, "at") and request.query_params.get("at"):  # a button's own way back
            values["at"] = [request.query_params["at"]]
        flash = await in_thread(_act, st.folder, name, values)
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    return await _after_change(request, name, first_value(values, "focus") or None, flash, Sent.of(values))


async def _after_change(
    request: Request, name: str, focus: str | None, flash: Flash, sent: Sent = NOTHING_SENT
) -> Response:
    st = state_of(request)
    how = _scripted(request)
    status = flash.status if flash.kind == "refused" else 200
    answer: Response
    if how == "json":
        answer = JSONResponse({"status": flash.kind, "messages": flash.lines}, status)
    elif how == "htmx":
        answer = await _list_page(request, name, focus, flash, status, sent)
    else:
        key = st.remember(flash)
        anchor = f"#{flash.at}" if flash.at and re.fullmatch(r"[\w-]{1,80}", flash.at) else "#result"
        answer = _redirect(list_url(name, focus=focus, done=key) + anchor)
    if flash.path is not None and flash.known is not None:
        # Once the answer is sent: what was written, loaded for the next change of this list.
        from starlette.background import BackgroundTask

        from armybuilder.edit.engine import prepare

        answer.background = BackgroundTask(prepare, flash.path, flash.known[0].decode("utf-8"))
    return answer


async def history_step(request: Request) -> Response:
    from armybuilder.web.listpage import step

    st = state_of(request)
    name = request.path_params["name"]
    back = request.url.path.startswith("/undo/")
    try:
        values = await form_values(request)
        path = await in_thread(st.folder.existing, name)
        said = await in_thread(step, path, back, first_value(values, "version") or None)  # None: a script's, unchecked
    except Bad as exc:
        return refusal(request, exc.message, exc.status)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    lines = [_in_the_folder(line, st.folder, path, name) for line in said.lines]
    flash = Flash(said.kind, lines, status=said.status)
    return await _after_change(request, name, first_value(values, "focus") or None, flash, Sent.of(values))


# ---------------------------------------------------------------------------
# Rosters and explanations


# Every format of armybuilder.export is offered; these say what a browser gets.
MEDIA = {
    "pdf": "application/pdf",
    "markdown": "text/markdown; charset=utf-8",
    "json": "application/json",
    "text": "text/plain; charset=utf-8",
}


def _roster(st: State, fmt: str, name: str, rules: bool = False, compact: bool = False) -> tuple[bytes, str]:
    """The roster of the list ``name`` in ``fmt``, laid out once for the file as it is now (its
    inode, size and time: a write makes another), so downloads of it do not queue for the PDF
    layout again and again."""
    from armybuilder.export import ExportOptions, exporter
    from armybuilder.export.roster import build

    path = st.folder.existing(name)
    exp = exporter(fmt)
    try:
        now = os.stat(path)
    except OSError:
        raise Refused(f"no such file: {name}", 404) from None

    options = ExportOptions(compact=compact)

    def make() -> bytes:
        try:
            roster, _ = build(path, with_rules=rules)
        except OSError as exc:
            raise Refused(_unreadable(name, exc), 403) from None
        if fmt == "pdf":
            with PDF_LOCK:
                return exp.render(roster, options)
        return exp.render(roster, options)

    key = (fmt, rules, compact, str(path), now.st_dev, now.st_ino, now.st_size, now.st_mtime_ns, now.st_ctime_ns)
    return st.rosters.made(key, make), exp.suffix


def _download_name(name: str, suffix: str) -> str:
    stem = Path(name).stem
    return stem + (suffix if suffix.startswith(".") else "." + suffix)


async def roster(request: Request) -> Response:
    from armybuilder.export import ExportError, ExportFormat

    st = state_of(request)
    fmt = request.path_params["fmt"]
    name = request.path_params["name"]
    if fmt not in {f.value for f in ExportFormat}:
        return refusal(request, f"no roster format '{fmt}'", 404)
    rules = request.query_params.get("rules") == "1"  # the rules appendix (export --with-rules)
    compact = fmt == "pdf" and request.query_params.get("compact") == "1"  # one page (export --compact)
    try:
        data, suffix = await in_thread(_roster, st, fmt, name, rules, compact)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    except ExportError as exc:
        return refusal(request, f"cannot make the {fmt} roster of {name}: {exc}", 422)
    return _attachment(data, _download_name(name, suffix), MEDIA.get(fmt, "application/octet-stream"))


def _attachment(data: bytes, filename: str, media: str) -> Response:
    ascii_name = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in filename)
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{urllib.parse.quote(filename)}"
    return Response(data, 200, {"content-disposition": disposition}, media_type=media)


async def download(request: Request) -> Response:
    """The list file as it is (YAML): to keep, or to give to the command line."""
    st = state_of(request)
    name = request.path_params["name"]
    try:
        path = await in_thread(st.folder.existing, name)
        data = await in_thread(path.read_bytes)
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    except OSError:
        return refusal(request, f"{name} cannot be read", 403)
    return _attachment(data, Path(name).name, "application/yaml")


async def lists_zip(request: Request) -> Response:
    """Every list of the folder in one zip."""
    from armybuilder.web.folderpage import lists_zip as made

    data = await in_thread(made, state_of(request).folder)
    return _attachment(data, "armybuilder-lists.zip", "application/zip")


def _explain(system: str, name: str) -> tuple[str, list[Any]]:
    from armybuilder.compose.catalog import explain_entries, system_id

    found = system_id(system)
    return found, explain_entries(found, " ".join(name.split()))


async def shared(request: Request) -> Response:
    """A list from a share code, to read and save (:mod:`.sharedpage`)."""
    from armybuilder.web import gamepage, sharedpage

    code = request.query_params.get("code", "")  # its length is bounded by share.decode, before any work
    game = await in_thread(gamepage.shared, code)  # a game's result (None: a list's code)
    if game is not None:
        return page(request, "game_shared.html", 200 if not game["problem"] else 422, m=game)
    model = await in_thread(sharedpage.model, code, state_of(request).folder)
    return page(request, "shared.html", 200 if not model["problem"] else 422, m=model)


async def share_view(request: Request) -> Response:
    """A list's share page: its link, the link's QR code, the list as text (:mod:`.sharing`)."""
    from armybuilder.web import sharing

    st = state_of(request)
    try:
        model = await in_thread(sharing.share_model, st.folder, request.path_params["name"], sharing.base_of(request))
    except Refused as exc:
        return refusal(request, exc.message, exc.status)
    return page(request, "share.html", 200 if not model["problem"] else 422, s=model)


async def explain(request: Request) -> Response:
    from armybuilder.compose.catalog import CatalogError

    name = request.query_params.get("name", "")
    back = request.query_params.get("back", "")
    try:
        system, hits = await in_thread(_explain, request.path_params["system"], name)
    except CatalogError as exc:
        return refusal(request, _sentence(str(exc)), 404)  # the page's words: no commands to run
    back_url = list_url(back) if back and not back.startswith(("/", "\\")) else "/"
    inplace = wants_part(request)  # the "?" of a list page: its dialog shows this, not a page
    return page(request, "explain.html", system=system, name=name, hits=hits, back=back_url, inplace=inplace)


# ---------------------------------------------------------------------------


def make_app(
    folder: str | Path,
    host: str = "127.0.0.1",
    token: str | None = None,
    allow: Sequence[str] = (),
    key: str | None = None,
    pack: Any = None,
    allow_hint: str = ALLOW_HINT,
    files: bool = True,
) -> Starlette:
    """The builder for the list files in ``folder``, bound to ``host``: answering to the names of
    :func:`armybuilder.web.guard.allowed_hosts` (and ``allow``; another name is told
    ``allow_hint``, the command line that adds one); off loopback only with the access
    ``key`` (a new one when None: ``app.state.key``); ``pack``: an event pack every list is checked
    against, whose bans the catalog greys out (the collect desk's builder); ``files``: whether the
    player sees the lists as files (False: the static site's own lists, in the browser's storage,
    said by their names, never a ``.yaml`` file's)."""
    from armybuilder.web import gamepage

    routes = [
        Route("/", folder_view, methods=["GET"]),
        Route("/new", create, methods=["POST"]),
        Route("/import", import_route, methods=["POST"]),
        Route("/manage/{name:path}", manage, methods=["POST"]),
        Route("/restore", restore, methods=["POST"]),
        Route("/list/{name:path}", list_view, methods=["GET"]),
        Route("/act/{name:path}", act, methods=["POST"]),
        Route("/undo/{name:path}", history_step, methods=["POST"]),
        Route("/redo/{name:path}", history_step, methods=["POST"]),
        Route("/roster/{fmt}/{name:path}", roster, methods=["GET"]),
        Route("/explain/{system}", explain, methods=["GET"]),
        Route("/shared", shared, methods=["GET"]),
        Route("/share/{name:path}", share_view, methods=["GET"]),
        Route("/download/{name:path}", download, methods=["GET"]),
        Route("/lists.zip", lists_zip, methods=["GET"]),
        Route("/restore-lists", restore_lists, methods=["POST"]),
        Route("/updates/seen", updates_seen, methods=["POST"]),
        *gamepage.routes(),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.builder = State(Folder(folder), token or secrets.token_urlsafe(32), environment(), pack=pack, files=files)
    app.state.builder.env.globals["files"] = files
    # Inside Guard (the last added is the outermost): a body over the limit is answered 413 with
    # the security headers too.
    app.add_middleware(RequestBodyLimitMiddleware, max_body_size=MAX_UPLOAD)
    app.state.key = access_key(host, key)
    app.add_middleware(Guard, hosts=allowed_hosts(host, allow), key=app.state.key, allow_hint=allow_hint)
    return app
