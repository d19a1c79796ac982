"""The desk's JSON API: a script sends a list (with an ``Idempotency-Key`` for its retries) and
replaces it with its edit token; the organiser's token reads every submission and reveals them;
after the reveal, anyone reads every list."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from armybuilder.desk import MAX_LIST_BYTES, Refusal, same_secret, stamp
from armybuilder.digits import TooLong
from armybuilder.web.desk.common import TooMany, bearer, count_creation, desk_state
from armybuilder.web.guard import origin_ok
from armybuilder.web.toolkit import in_thread

MAX_API_BODY = 2 * MAX_LIST_BYTES + 16 * 1024  # a list's text, escaped in JSON, and a name


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
    ds = desk_state(request)
    try:
        body = await _json_body(request)
        if "player" not in body:
            raise ApiError(422, "no player: give the player's name")
        count_creation(request)
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
    ds = desk_state(request)
    try:
        body = await _json_body(request)
        taken = await in_thread(
            ds.desk.replace, request.path_params["sid"], bearer(request), body.get("list"), "api", body.get("player")
        )
    except ApiError as exc:
        return _api_error(exc.status, exc.message)
    except Refusal as exc:
        return _api_error(exc.status, exc.message)
    return JSONResponse(taken.answer(), 200)


async def api_one(request: Request) -> Response:
    ds = desk_state(request)
    sid = request.path_params["sid"]
    token = bearer(request)
    if same_secret(token, ds.organiser):
        sub = await in_thread(ds.desk.get, sid)
    else:
        sub = await in_thread(ds.desk.authorised, sid, token)
    if sub is None:
        return _api_error(404, "no such submission (or not yours: give its edit token)")
    return JSONResponse(sub.detail())


async def api_all(request: Request) -> Response:
    ds = desk_state(request)
    if not same_secret(bearer(request), ds.organiser):
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
    ds = desk_state(request)
    try:
        _same_site(request)
    except ApiError as exc:
        return _api_error(exc.status, exc.message)
    if not same_secret(bearer(request), ds.organiser):
        return _api_error(403, "the organiser's token is needed (Authorization: Bearer TOKEN)")
    lock_now = request.query_params.get("lock_now", "").lower() in ("1", "true", "yes")
    try:
        state = await in_thread(ds.desk.reveal, lock_now)
    except Refusal as exc:
        return _api_error(exc.status, exc.message + " (POST /api/reveal?lock_now=1)")
    assert state.revealed_at is not None
    return JSONResponse({"revealed": True, "revealed_at": stamp(state.revealed_at)})


async def api_lists(request: Request) -> Response:
    ds = desk_state(request)
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
