"""The players' pages: send a list (a file, its text, its share code, or one built in the builder
beside the desk), a player's own page behind the private link (the receipt, the verdict, every
version, a new one), and the page of every list once the organiser revealed them. The lists
being built in the builder are drafts, remembered by this device in a cookie."""

from __future__ import annotations

import re
import time
import urllib.parse
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from armybuilder.desk import (
    MAX_LIST_BYTES,
    MAX_PLAYER,
    Desk,
    Refusal,
    Submission,
    list_of_upload,
    rules_lines,
    shown_time,
)
from armybuilder.web.desk.common import (
    DeskState,
    TooMany,
    count_creation,
    desk_page,
    desk_state,
    host_of,
    message_page,
    multiline,
    roster_view,
    state_words,
    versions_view,
    words,
)
from armybuilder.web.files import Refused
from armybuilder.web.guard import port_of
from armybuilder.web.toolkit import Bad, Flash, first_value, form_values, in_thread, state_of

DRAFTS_COOKIE = "armybuilder_drafts"  # + "_" + the port: the drafts this device builds
DRAFT = re.compile(r"list-[A-Za-z0-9_-]{24}\.yaml")
MAX_DRAFTS = 2000  # drafts in the folder
DRAFT_IDLE = 6 * 3600  # seconds: a draft untouched this long makes room for a new one when the folder is full
DRAFT_STALE = 30 * 24 * 3600  # seconds: a draft untouched this long is removed when the desk starts
DRAFTS_KEPT = 5  # drafts one device remembers


def private_link(request: Request, sid: str, token: str) -> str:
    return f"http://{host_of(request)}/mine/{urllib.parse.quote(sid)}?key={urllib.parse.quote(token)}"


def _mine_url(sid: str, token: str, done: str | None = None) -> str:
    query = {"key": token, **({"done": done} if done else {})}
    return f"/mine/{urllib.parse.quote(sid)}?" + urllib.parse.urlencode(query)


# ---------------------------------------------------------------------------
# Drafts: lists built in the builder


def drafts_of(request: Request) -> list[str]:
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

    ds = desk_state(request)
    state = ds.desk.state()
    buildable = [s for s in ds.desk.pack.system_ids if s in composable()]
    return {
        "state": state_words(state),
        "count": state.count,
        "rules": rules_lines(ds.desk.pack),
        "games": [{"id": s, "title": systems.get(s).title} for s in buildable],
        "drafts": _drafts_view(ds, drafts_of(request)),
        "max_player": MAX_PLAYER,
        "idem": secrets.token_urlsafe(18),  # a retry of this page's form is the same sending
        "asks_code": bool(ds.desk.who_may()[0]),
        "code": request.query_params.get("code", "")[:64],  # the passcode the players' link carries
    }


async def players(request: Request, flash: Flash | None = None, status: int = 200) -> Response:
    model = await in_thread(_players_model, request)
    if flash is None:
        flash = state_of(request).recall(request.query_params.get("done"))
    kept = flash.kept if flash is not None else {}
    answer = desk_page(request, "desk_players.html", status, flash=flash, kept=kept, **model)
    if request.method == "POST":  # a refusal: htmx shows the page's own address, not the form's
        answer.headers["hx-replace-url"] = "/"
    return answer


async def submit(request: Request) -> Response:
    ds = desk_state(request)
    st = state_of(request)
    try:
        values = await form_values(request, upload=True)
    except Bad as exc:
        return message_page(request, "Refused", exc.message, exc.status)
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
        count_creation(request)
        text, how = await in_thread(_given, ds, values)  # a roster's parse holds up no other request
        taken = await in_thread(ds.desk.submit, player, text, how, idem, code)
    except TooMany as exc:
        answer = await players(request, Flash("refused", [words(exc.message)], 429, kept), 429)
        answer.headers["retry-after"] = str(exc.wait)
        return answer
    except Refusal as exc:
        return await players(request, Flash("refused", [words(exc.message)], exc.status, kept), exc.status)
    said = [f"Your list is in: taken {shown_time(taken.submitted_at)}."]
    said.append("Keep the private link below: with it you can see and replace your list until the deadline.")
    assert taken.edit_token is not None
    answer = RedirectResponse(_mine_url(taken.id, taken.edit_token, st.remember(Flash("ok", said))), 303)
    sent = first_value(values, "draft")
    if sent:  # sent: this device no longer offers it on the players' page
        set_drafts(request, answer, [n for n in drafts_of(request) if n != sent])
    return answer


async def build(request: Request) -> Response:
    ds = desk_state(request)
    try:
        values = await form_values(request)
        count_creation(request)
        draft = await in_thread(_new_draft, ds, first_value(values, "system"), first_value(values, "name"))
    except Bad as exc:
        return message_page(request, "Refused", exc.message, exc.status)
    except TooMany as exc:
        answer = await players(request, Flash("refused", [words(exc.message)], 429), 429)
        answer.headers["retry-after"] = str(exc.wait)
        return answer
    except Refusal as exc:
        return await players(request, Flash("refused", [words(exc.message)], exc.status), exc.status)
    answer = RedirectResponse("/list/" + urllib.parse.quote(draft), 303)
    kept = [draft, *(n for n in drafts_of(request) if n != draft)]
    set_drafts(request, answer, kept)
    return answer


def set_drafts(request: Request, answer: Response, names: Sequence[str]) -> None:
    """The drafts this device builds, in a cookie of this browser session only (a shared tablet's
    next player does not meet the last one's draft), without the drafts already sent."""
    answer.set_cookie(
        f"{DRAFTS_COOKIE}_{port_of(request.scope)}", _drafts_cookie(names), path="/", httponly=True, samesite="strict"
    )


def _mine_model(request: Request, sub: Submission, token: str) -> dict[str, Any]:
    ds = desk_state(request)
    state = ds.desk.state()
    closed = (
        ("the organiser has withdrawn your list: ask the organiser" if sub.withdrawn else None)
        or state.closed
        or ("the organiser has locked your list" if sub.locked else None)
    )
    return {
        "view": roster_view(ds.desk, sub),
        "versions": versions_view(ds.desk, sub.id),
        "state": state_words(state),
        "closed": words(closed) if closed else "",
        "link": private_link(request, sub.id, token),
        "key": token,
        "drafts": _drafts_view(ds, drafts_of(request)),
    }


async def mine(request: Request, flash: Flash | None = None, status: int = 200, key: str | None = None) -> Response:
    ds = desk_state(request)
    sid = request.path_params["sid"]
    token = key if key is not None else request.query_params.get("key", "")
    sub = await in_thread(ds.desk.authorised, sid, token)
    if sub is None:
        return message_page(request, "Not found", "no such list here: check the private link you were given", 404)
    if flash is None:
        flash = state_of(request).recall(request.query_params.get("done"))
    model = await in_thread(_mine_model, request, sub, token)
    kept = flash.kept if flash is not None else {}
    answer = desk_page(request, "desk_mine.html", status, flash=flash, kept=kept, **model)
    if request.method == "POST":  # a refusal: htmx shows the private link, not the form's address
        answer.headers["hx-replace-url"] = _mine_url(sid, token)
    return answer


async def replace(request: Request) -> Response:
    ds = desk_state(request)
    st = state_of(request)
    sid = request.path_params["sid"]
    try:
        values = await form_values(request, upload=True)
    except Bad as exc:
        return message_page(request, "Refused", exc.message, exc.status)
    token = first_value(values, "key")
    pasted = next((v for v in values.get("list", []) if isinstance(v, str)), "")
    try:
        text, how = await in_thread(_given, ds, values)
        taken = await in_thread(ds.desk.replace, sid, token, text, how)
    except Refusal as exc:
        if exc.status == 404:
            return message_page(request, "Not found", "no such list here: check the private link you were given", 404)
        kept: dict[str, str] = {"list": multiline(pasted[:MAX_LIST_BYTES])}
        return await mine(request, Flash("refused", [words(exc.message)], exc.status, kept), exc.status, token)
    said = [f"Version {taken.version} of your list is in: taken {shown_time(taken.submitted_at)}."]
    return RedirectResponse(_mine_url(sid, token, st.remember(Flash("ok", said))), 303)


def _lists_model(desk: Desk) -> dict[str, Any]:
    subs = desk.submissions()
    return {"lists": [roster_view(desk, s) for s in subs], "state": state_words(desk.state())}


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
        body = bytes(desk_page(request, "desk_lists.html", **_lists_model(ds.desk)).body)
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        ds.revealed_page = (generation, body, etag)
        return body, etag


def _etag_matches(request: Request, etag: str) -> bool:
    """The request's If-None-Match names ``etag`` (or is ``*``)."""
    given = request.headers.get("if-none-match", "")[:4096]
    tags = [t.strip().removeprefix("W/") for t in given.split(",")]
    return etag in tags or "*" in tags


async def public_lists(request: Request) -> Response:
    ds = desk_state(request)
    state = await in_thread(ds.desk.state)
    if not state.revealed:
        return message_page(
            request, "Not revealed yet", "the lists are hidden until the organiser reveals them: come back then", 403
        )
    body, etag = await in_thread(_revealed_page, request, ds)
    if _etag_matches(request, etag):
        return Response(b"", 304, {"etag": etag})
    return HTMLResponse(body, headers={"etag": etag})
