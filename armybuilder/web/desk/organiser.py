"""The organiser's pages, behind the organiser's token: every submission and the desk's state,
one submission with every version, the organiser's actions (the deadline, the locks, the reveal,
the passcode and the registered players, and the moderation of one list), the text to announce
the desk and the players' poster."""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from armybuilder.desk import Desk, Refusal, list_of_upload, rules_lines, same_secret, shown_time
from armybuilder.export.pdf import unprintable
from armybuilder.text import plural
from armybuilder.web.desk.common import (
    ORGANISER_COOKIE,
    STATUS_WORDS,
    action_words,
    desk_page,
    desk_state,
    host_of,
    is_organiser,
    message_page,
    multiline,
    one_line,
    organiser_refusal,
    roster_view,
    slug,
    state_words,
    system_title,
    versions_view,
    words,
)
from armybuilder.web.desk.downloads import DOWNLOADS, PRESENT_ONLY
from armybuilder.web.guard import port_of
from armybuilder.web.toolkit import PDF_LOCK, Bad, Flash, first_value, form_values, in_thread, state_of


def players_qr(url: str) -> Markup:
    """The players' link as a QR code, an SVG drawn in the page (no script, no file)."""
    from armybuilder.export.qr import link_svg

    svg = link_svg(url, "QR code of the players' link")
    return Markup(svg.replace("<svg ", '<svg role="img" aria-label="QR code of the players\' link" ', 1))


def organiser_model(desk: Desk, players_url: str = "") -> dict[str, Any]:
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
                "system": system_title(s.latest.system),
                "status": s.verdict.status,
                "sent": shown_time(s.latest.submitted_at),
                "versions": s.versions,
                "locked": s.locked,
                "withdrawn": s.withdrawn,
                "late": s.latest.late,
                "checked_in": s.checked_in,
                "fingerprint": s.latest.fingerprint,
                "unprintable": bool(unprintable(s.player)),  # boxes in the packet (issue 46, item 14)
            }
        )
    actions = [
        {"at": shown_time(at), "what": action_words(what, detail, everyone)}
        for at, what, detail in desk.actions()[-50:]
    ]
    return {
        "state": state_words(state),
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


async def organiser_page(request: Request) -> Response:
    ds = desk_state(request)
    given = request.query_params.get("key")
    if given is not None:
        if not same_secret(given, ds.organiser):
            return message_page(
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
    if not is_organiser(request):
        return organiser_refusal(request)
    model = await in_thread(organiser_model, ds.desk, ds.players_url or f"http://{host_of(request)}/")
    model["announcement"] = announcement(ds.desk, model["players_url"])
    flash = state_of(request).recall(request.query_params.get("done"))
    return desk_page(request, "desk_organiser.html", flash=flash, **model)


async def organiser_one(request: Request) -> Response:
    ds = desk_state(request)
    if not is_organiser(request):
        return organiser_refusal(request)
    sub = await in_thread(ds.desk.get, request.path_params["sid"])
    if sub is None:
        return message_page(request, "Not found", "no such submission", 404)
    view = await in_thread(roster_view, ds.desk, sub)
    versions = await in_thread(versions_view, ds.desk, sub.id)
    others = [{"id": o.id, "player": o.player} for o in await in_thread(ds.desk.submissions) if o.id != sub.id]
    flash = state_of(request).recall(request.query_params.get("done"))
    return desk_page(
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
    ds = desk_state(request)
    st = state_of(request)
    try:
        values = await form_values(request, upload=True)
    except Bad as exc:
        return message_page(request, "Refused", exc.message, exc.status)
    if not is_organiser(request):
        return organiser_refusal(request)
    try:
        flash = await in_thread(_act, ds.desk, values, f"http://{host_of(request)}/")
    except Refusal as exc:
        flash = Flash("refused", [words(exc.message)], exc.status)
    back = first_value(values, "back")
    to = (
        "/organiser/s/" + urllib.parse.quote(back)
        if back and re.fullmatch(r"[A-Za-z0-9_-]{1,32}", back)
        else "/organiser"
    )
    return RedirectResponse(to + "?done=" + st.remember(flash), 303)


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
    return "\n".join(one_line(line) for line in lines) + "\n"


def poster_pdf(desk: Desk, url: str, code: str) -> bytes:
    """The players' poster of the desk's event (:func:`armybuilder.export.poster.render`): its
    rules, the deadline, the players' link ``url`` and its QR code, the passcode ``code``."""
    from armybuilder.export import poster

    state = desk.state()
    deadline = shown_time(state.deadline) if state.deadline else ""
    with PDF_LOCK:  # reportlab keeps module-level state: one PDF at a time
        return poster.render(desk.pack.event, rules_lines(desk.pack), deadline, url, code)


async def poster(request: Request) -> Response:
    ds = desk_state(request)
    if not is_organiser(request):
        return organiser_refusal(request)
    model = await in_thread(organiser_model, ds.desk, ds.players_url or f"http://{host_of(request)}/")
    code = ds.desk.who_may()[0]
    data = await in_thread(poster_pdf, ds.desk, model["players_url"], code)
    headers = {"content-disposition": f'attachment; filename="{slug(ds.desk.pack.event)}-poster.pdf"'}
    return Response(data, 200, headers, media_type="application/pdf")
