"""A game played with a list, as the browser tracks it at the table: the game page and its taps.

A game is kept in its own small file beside the list (:mod:`armybuilder.games.store`,
``NAME.game.json``; in the static site that file is in the browser's storage, with the lists),
and the list file is never written by it. The page is drawn from the game's
:class:`~armybuilder.compose.game.Tracker`, which the list's system computes from the taps
(:func:`armybuilder.games.model.tracker`): each side's parts with their taps, the running totals
and the consequences, each with its rule. Nothing here knows a game system.

Each tap is a button of one form (``#g-acts``) carrying the game's revision as the page showed it,
and the event the tap records (:func:`encode`, checked by :func:`decode` and then by the tracker:
a tap it does not offer now is refused). A tap made on an older revision (another tab tapped
meanwhile) is recorded on the game as it is now when it is still offered there; an undo or a redo
made on an older one is refused, and the page shows the game as it is.

When the game is over the page is its result: who won or how the game stood, the totals with their
rules, the taps in order, a download as text or JSON (:func:`result_text`, :func:`result_json`),
and a share code (:func:`share_code`) that opens the result read-only, as a list's share link
opens the list (``/shared?code=AB1.…``; the static site's ``#AB1.…``).
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from armybuilder.compose.game import NOTE_MAX, Action, Cite, Event, Tracker
from armybuilder.digits import json_int
from armybuilder.games import store
from armybuilder.games.model import Game, GameError, Player
from armybuilder.web.files import Folder, Refused

SUFFIX = store.SUFFIX
MAX_EVENT = 512  # characters of an encoded tap
OFFERED = 300  # lists offered as the opponent's
SHARED_FORM = 1  # the form of a game's share code payload (``"armybuilder": "game"``)


class BadTap(ValueError):
    pass


def url(name: str, view: str = "") -> str:
    """The game page of the game file ``name`` (relative to the folder), or one of its actions."""
    return f"/game/{view + '/' if view else ''}{urllib.parse.quote(name, safe='/')}"


def encode(event: Event) -> str:
    """A tap's event as its button carries it (the note is typed, never carried)."""
    raw = event.to_dict()
    raw.pop("note", None)
    return json.dumps(raw, ensure_ascii=False, separators=(",", ":"))


def decode(text: str, typed: str | None = None, note: str | None = None) -> Event:
    """The event a tap sent, checked for shape (the tracker checks the rest): ``typed`` is a number
    the player typed for it, ``note`` the player's words."""
    if not text or len(text) > MAX_EVENT:
        raise BadTap("that tap could not be read; reload the page")
    try:
        event = Event.from_dict(json.loads(text, parse_int=json_int))
    except (ValueError, RecursionError):
        raise BadTap("that tap could not be read; reload the page") from None
    if typed is not None:
        given = typed.strip()
        if not (given.lstrip("-").isascii() and given.lstrip("-").isdigit() and len(given) <= 4):
            raise BadTap("type a whole number first: nothing was recorded")
        event = replace(event, value=int(given))
    if note is not None:
        words = " ".join(note.split())
        if len(words) > NOTE_MAX:
            raise BadTap(f"a note is at most {NOTE_MAX} characters: nothing was recorded")
        event = replace(event, note=words)
    return event


def revision_of(text: str) -> int | None:
    """The revision a page sent (None: a script that sent none, unchecked)."""
    given = text.strip()
    if not given:
        return None
    if not (given.isascii() and given.isdigit() and len(given) <= 16):
        raise BadTap("the page's game could not be read; reload the page")
    return int(given)


# ---------------------------------------------------------------------------
# What the page shows


@dataclass
class Said:
    """What a change said, for the page (and a script: ``status``)."""

    kind: str  # ok | refused
    lines: list[str] = field(default_factory=list)
    status: int = 200
    game: Game | None = None  # the game as the change left it (its page is drawn from it)
    path: Path | None = None
    verb: str = ""  # tap | undo | redo | join


@dataclass(frozen=True)
class Tap:
    """A tracker's tap as the page draws it: its button's id, the event it sends."""

    id: str
    action: Action
    value: str  # the encoded event ("" when it cannot be taken now)


def _tap_id(scope: str, action: Action) -> str:
    import hashlib

    return "t-" + hashlib.sha1(f"{scope}\x00{action.key}".encode()).hexdigest()[:10]


def _taps(scope: str, actions: Sequence[Action]) -> list[Tap]:
    return [Tap(_tap_id(scope, a), a, encode(a.event) if a.enabled and a.event is not None else "") for a in actions]


def game_at(folder: Folder, name: str) -> tuple[Path, Game]:
    """The game file ``name`` and the game it holds (Refused, GameError)."""
    path = folder.kept_beside(name, SUFFIX)
    return path, store.load(path)


def view(folder: Folder, name: str) -> dict[str, Any]:
    """The game page's model: the game, its tracker and what the page offers with it."""
    from armybuilder import systems

    path, game = game_at(folder, name)
    return _model(folder, name, path, game, systems.get(game.system).title if game.system in systems.ids() else "")


def after(folder: Folder, name: str, said: Said) -> tuple[Said, dict[str, Any] | None]:
    """A change's words and the game page's model, drawn from the game the change left (no second
    read of the file): what was recorded, undone or redone, in the tracker's words."""
    from armybuilder import systems

    if said.game is None or said.path is None:
        return said, None
    game = said.game
    title = systems.get(game.system).title if game.system in systems.ids() else ""
    model = _model(folder, name, said.path, game, title)
    done = model["said"][-1] if model["said"] else ""
    if said.verb == "tap":
        said.lines.insert(0, f"Recorded: {done}." if done else "Recorded.")
    elif said.verb == "undo":
        said.lines.insert(0, f"Undone: {model['redo_said']}." if model["redo_said"] else "Undone.")
    elif said.verb == "redo":
        said.lines.insert(0, f"Redone: {done}." if done else "Redone.")
    return said, model


def _model(folder: Folder, name: str, path: Path, game: Game, title: str) -> dict[str, Any]:
    from armybuilder.games.model import tracker

    now = tracker(game)
    changed = _list_changed(path, game)
    undo_said = now.said[-1] if game.can_undo and now.said else ""
    redo_said = ""
    if game.can_redo:
        ahead = tracker(replace(game, position=game.position + 1))
        redo_said = ahead.said[-1] if ahead.said else ""
    sides = _sides(game, now, changed)
    offered = _lists_to_join(folder, game, name) if len(game.sides) == 1 else []
    code, code_none = share_code(game) if now.over else ("", "")
    first = game.sides[0].source if game.sides else ""
    beside = str(Path(name).parent / first) if first else ""
    return {
        "name": name,
        "url": url(name),
        "to": {
            **{v: url(name, v) for v in ("tap", "undo", "redo", "join")},
            **{f: "/game-result/" + f + "/" + urllib.parse.quote(name, safe="/") for f in ("text", "json")},
        },
        "list_url": _list_url(folder, beside),
        "live": not now.over,
        "title": title,
        "game": game,
        "tracker": now,
        "sides": sides,
        "game_taps": _taps("g", now.actions),
        "undo": game.can_undo,
        "redo": game.can_redo,
        "undo_said": undo_said,
        "redo_said": redo_said,
        "undone": len(game.events) - game.position,
        "said": list(now.said),
        "offered": offered,
        "share_code": code,
        "share_none": code_none,
        "headline": _headline(now),
    }


_FINGERPRINTS: dict[tuple[Any, ...], str] = {}  # a list file's fingerprint by its stamp, for the page


def _list_changed(path: Path, game: Game) -> list[bool | None]:
    """:func:`armybuilder.games.store.list_changed`, each list file read again only when its stamp
    changed (a tap does not parse the lists again)."""
    import os

    from armybuilder.fingerprint import CanonicalError, of_file
    from armybuilder.web.files import stamp_of
    from armybuilder.yamlio import LoadError

    out: list[bool | None] = []
    for side in game.sides:
        source = side.source
        if (
            not source
            or "/" in source
            or "\\" in source
            or source.startswith(".")
            or not source.endswith((".yaml", ".yml"))
        ):
            out.append(None)
            continue
        listed = path.parent / source
        try:
            key = (str(listed), *stamp_of(os.stat(listed)))
            found = _FINGERPRINTS.get(key)
            if found is None:
                found = of_file(listed)
                if len(_FINGERPRINTS) > 256:
                    _FINGERPRINTS.clear()
                _FINGERPRINTS[key] = found
            out.append(found != side.fingerprint)
        except (OSError, LoadError, CanonicalError):
            out.append(None)
    return out


def _sides(game: Game, now: Tracker, changed: Sequence[bool | None] = ()) -> list[dict[str, Any]]:
    out = []
    for i, side in enumerate(now.sides):
        player = game.sides[i] if i < len(game.sides) else None
        taps = _taps(f"s{i}", side.actions)
        out.append(
            {
                "index": i,
                "side": side,
                "taps": [t for t in taps if t.action.key != "note"],
                "note": next((t for t in taps if t.action.key == "note"), None),
                "rows": [
                    {"row": r, "taps": _taps(f"s{i}r{r.key}", r.actions), "id": f"g-row-{i}-{_safe(r.key)}"}
                    for r in side.rows
                ],
                "source": player.source if player else "",
                "changed": changed[i] if i < len(changed) else None,
            }
        )
    return out


def _list_url(folder: Folder, name: str) -> str:
    """The list page of the list the game began with, while it is in the folder ("" otherwise)."""
    if not name:
        return ""
    name = name.removeprefix("./")
    try:
        folder.existing(name)
    except Refused:
        return ""
    return "/list/" + urllib.parse.quote(name, safe="/")


def _safe(key: str) -> str:
    import re

    return re.sub(r"[^A-Za-z0-9_-]", "_", key)[:40]


def _headline(now: Tracker) -> Any:
    """The line the bar shows first: the game's verdict, else a side's."""
    for line in now.lines:
        return line
    for side in now.sides:
        for line in side.lines:
            if line.tone != "info":
                return line
    return None


def _lists_to_join(folder: Folder, game: Game, name: str) -> list[dict[str, str]]:
    """The folder's lists of the game's system, but the one the game began with: the opponent's
    list may be one of them."""
    from armybuilder.check import headline

    lists, _ = folder.scan()
    own = game.sides[0].source if game.sides else ""
    here = str(Path(name).parent)
    out = []
    for found in lists[: OFFERED * 4]:
        if Path(found.name).name == own and str(Path(found.name).parent) == here:
            continue
        result = headline(found.path)
        if result.system != game.system:
            continue
        out.append({"name": found.name, "title": result.name or found.name})
        if len(out) >= OFFERED:
            break
    return out


# ---------------------------------------------------------------------------
# Changes


def start(folder: Folder, list_name: str) -> tuple[str, str]:
    """A game with the list ``list_name``: the game of it under way, else a new one. Returns the
    game file's name and what the page says."""
    from armybuilder.games.model import tracker

    path = folder.existing(list_name)
    for kept in reversed(store.games_of(path)):
        try:
            under_way = not tracker(store.load(kept)).over
        except GameError:
            under_way = False
        if under_way:
            return folder.name_of(kept), "A game with this list is under way: here it is. End it to start another."
        break
    side = store.player_of_file(path)
    made, _ = store.start([side], str(side.data.get("system")), path)
    return folder.name_of(made), "A new game. Tap what each side loses or scores as it happens."


def tap(folder: Folder, name: str, values: Mapping[str, Sequence[Any]]) -> Said:
    from armybuilder.web.toolkit import first_value

    path = folder.kept_beside(name, SUFFIX)
    typed = _typed(values, "value")
    note = _typed(values, "note")
    try:
        event = decode(first_value(values, "e"), typed, note)
        revision = revision_of(first_value(values, "rev"))
    except BadTap as exc:
        return Said("refused", [_sentence(str(exc))], 422)
    try:
        game = store.tap(path, event, revision)
    except GameError as exc:
        return Said("refused", [_sentence(exc.message)], 409 if exc.stale else 422)
    lines = []
    if revision is not None and revision != game.revision - 1:
        lines.append("Another tab tapped meanwhile: its taps are counted too.")
    return Said("ok", lines, game=game, path=path, verb="tap")


def _typed(values: Mapping[str, Sequence[Any]], key: str) -> str | None:
    got = values.get(key)
    return str(got[0]) if got and isinstance(got[0], str) else None


def step(folder: Folder, name: str, back: bool, values: Mapping[str, Sequence[Any]]) -> Said:
    from armybuilder.web.toolkit import first_value

    path = folder.kept_beside(name, SUFFIX)
    try:
        revision = revision_of(first_value(values, "rev"))
    except BadTap as exc:
        return Said("refused", [_sentence(str(exc))], 422)
    try:
        game = store.back(path, revision) if back else store.forward(path, revision)
    except GameError as exc:
        return Said("refused", [_sentence(exc.message)], 409 if exc.stale else 422)
    return Said("ok", [], game=game, path=path, verb="undo" if back else "redo")


def join(folder: Folder, name: str, values: Mapping[str, Sequence[Any]]) -> Said:
    """The opponent's list added to the game: one of the folder's lists, or a share code or link."""
    from armybuilder.web.toolkit import first_value

    path, game = game_at(folder, name)
    try:
        revision = revision_of(first_value(values, "rev"))
    except BadTap as exc:
        return Said("refused", [_sentence(str(exc))], 422)
    chosen = first_value(values, "list")
    given = first_value(values, "code")
    try:
        if chosen:
            side = store.player_of_file(folder.existing(chosen))
        elif given:
            side = _player_of_code(given)
        else:
            return Said("refused", ["Choose one of your lists, or paste the opponent's share link first."], 422)
        game = store.join(path, side, revision)
    except Refused as exc:
        return Said("refused", [_sentence(exc.message)], exc.status)
    except GameError as exc:
        return Said("refused", [_sentence(exc.message)], 409 if exc.stale else 422)
    return Said("ok", [f"{game.sides[-1].name} joins the game: both sides are tracked here."], game=game, path=path)


def _player_of_code(given: str) -> Player:
    from armybuilder.sharecode import ShareCodeError, decode
    from armybuilder.sources import GAME_CODE, is_game_result

    text = "".join(given.split())
    code = text.split("#", 1)[1] if "#" in text else text  # a share link: the code is its fragment
    if "code=" in code and not code.startswith("AB"):  # a /shared?code=… address
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(code).query).get("code", [""])[0]
    try:
        data = decode(code)
    except ShareCodeError as exc:
        raise GameError(f"that share code cannot be read: {exc.message}") from None
    if is_game_result(data):
        raise GameError(GAME_CODE)
    return store.player_of_data(data, "a share code")


def _sentence(text: str) -> str:
    """A message as a sentence: a capital first letter, unless it starts with a file's name (the
    list page's :func:`.listpage.capital`), and a full stop."""
    from armybuilder.web.listpage import capital

    text = capital(text.strip())
    if not text:
        return text
    return text if text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------------------
# The result: as text, as JSON, and as a share code


def _cite(c: Cite | None) -> str:
    if c is None:
        return ""
    return f" ({c.rule}{', unverified' if c.unverified else ''})"


def _names(game: Game) -> str:
    return " against ".join(s.name for s in game.sides)


def standing(now: Tracker) -> str:
    """Who won, or how the game stands, in one line."""
    if now.lines:
        return now.lines[0].text
    if now.over:
        return "The game is over"
    return "The game goes on"


def result_text(game: Game, now: Tracker, title: str = "") -> str:
    """The game's result as plain text: the standing, each side's totals and consequences with
    their rules, the taps in order, and the rules applied."""
    out = [
        _names(game) + (f": {title}" if title else ""),
        "",
        standing(now) + _cite(now.lines[0].rule if now.lines else None),
    ]
    for line in now.lines[1:]:
        out.append(line.text + _cite(line.rule))
    for side in now.sides:
        out += ["", side.name]
        out += [f"  {f.label}: {f.value}{_cite(f.rule)}" for f in side.figures]
        out += [f"  {line.text}{_cite(line.rule)}" for line in side.lines]
        out += [f"  - {r.label}: {r.state}" for r in side.rows if r.state]
    out += ["", "Taps, in order"]
    out += [f"  {i}. {s}" for i, s in enumerate(now.said, 1)] or ["  none"]
    if now.rules:
        out += ["", "Rules"]
        out += [f"  {c.rule}{' (unverified)' if c.unverified else ''}: {c.text}" for c in now.rules]
    return "\n".join(out) + "\n"


def result_json(game: Game, now: Tracker) -> str:
    """The game's result as JSON: the game as its file keeps it, and its tracker at this point."""
    return json.dumps({"game": game.to_dict(), "tracker": now.to_dict()}, ensure_ascii=False, indent=1) + "\n"


def share_code(game: Game) -> tuple[str, str]:
    """The share code of the game's result (the lists as the game began, the taps that count), or
    "" and why there is none."""
    from armybuilder.fingerprint import CanonicalError
    from armybuilder.sharecode import ShareCodeError, encode

    payload = {
        "armybuilder": "game",
        "form": SHARED_FORM,
        "sides": [{"name": s.name, "list": s.data} for s in game.sides],
        "events": [_compact(e) for e in game.played],
    }
    try:
        return encode(payload), ""
    except (CanonicalError, ShareCodeError) as exc:
        return "", f"This game has no share code: {getattr(exc, 'message', str(exc))}."


def _compact(event: Event) -> list[Any]:
    out: list[Any] = [event.kind, event.side, event.part, event.value]
    if event.note:
        out.append(event.note)
    return out


def shared(code: str) -> dict[str, Any] | None:
    """The read-only result of a game's share code; None when the code is not a game's (a list's,
    or one that cannot be read: the shared list's page says why)."""
    from armybuilder import systems
    from armybuilder.games.model import tracker
    from armybuilder.sharecode import ShareCodeError, decode
    from armybuilder.sources import is_game_result

    try:
        data = decode(code)
    except ShareCodeError:
        return None
    if not is_game_result(data):
        return None
    try:
        game = _game_of_shared(data)
        now = tracker(game)
    except GameError as exc:
        return {"problem": f"This link holds a game that cannot be shown: {exc.message}.", "code": code}
    title = systems.get(game.system).title if game.system in systems.ids() else ""
    return {
        "problem": None,
        "code": code,
        "game": game,
        "tracker": now,
        "sides": _sides(game, now),
        "live": False,
        "title": title,
        "said": list(now.said),
        "headline": _headline(now),
    }


def _game_of_shared(data: dict[str, Any]) -> Game:
    from armybuilder.games.model import read

    if data.get("form") != SHARED_FORM:
        raise GameError("it was made by another version of armybuilder")
    sides, events = data.get("sides"), data.get("events")
    if not isinstance(sides, list) or not 1 <= len(sides) <= 2 or not isinstance(events, list):
        raise GameError("it is not a game armybuilder shared")
    players = []
    for raw in sides:
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise GameError("a side of it is not one")
        players.append(store.player_of_data(raw.get("list"), "a shared game", raw["name"]))
    taps = []
    for raw in events:
        if not isinstance(raw, list) or not 4 <= len(raw) <= 5:
            raise GameError("a tap of it is not one")
        keys = ("kind", "side", "part", "value", "note")
        taps.append(dict(zip(keys, raw, strict=False)))
    system = players[0].data.get("system")
    return read(
        {
            "armybuilder": "game",
            "form": 1,
            "system": system,
            "revision": 0,
            "sides": [p.to_dict() for p in players],
            "events": taps,
            "position": len(taps),
        }
    )


# ---------------------------------------------------------------------------
# The routes (:func:`armybuilder.web.builder.make_app` adds them)
#
# POST /game/start/LIST          a game with the list LIST: the one under way, else a new one
# GET  /game/GAME                the game page (GAME: the game file's name, NAME.game.json)
# POST /game/tap/GAME            one tap; /game/undo/GAME, /game/redo/GAME; /game/join/GAME the opponent
# GET  /game-result/text/GAME, /game-result/json/GAME   the result, to download


def _linked(request: Any, model: dict[str, Any]) -> dict[str, Any]:
    """The result's share link, as a list's (:mod:`armybuilder.web.sharing`): the site's address
    with the code in the fragment, or this builder's ``/shared?code=``."""
    from armybuilder.web.sharing import base_of, link_of

    if model.get("share_code"):
        model["share_link"] = link_of(base_of(request), model["share_code"])
    return model


def _refusal(request: Any, message: str, status: int) -> Any:
    from armybuilder.web.toolkit import page

    return page(request, "message.html", status, title="Refused", message=_sentence(message), code=status)


def _refused(request: Any, exc: Exception) -> Any:
    """A route's refusal: a request or a name refused (``Bad``, ``Refused``) with its own status, a
    change the game refuses (:class:`GameError`) with 422."""
    status = 422 if isinstance(exc, GameError) else int(getattr(exc, "status", 422))
    return _refusal(request, str(getattr(exc, "message", exc)), status)


def _how(request: Any) -> str:
    if request.headers.get("hx-request") == "true":
        return "htmx"
    if "application/json" in request.headers.get("accept", ""):
        return "json"
    return ""


async def start_route(request: Any) -> Any:
    from starlette.responses import JSONResponse, RedirectResponse

    from armybuilder.web.toolkit import Bad, Flash, form_values, in_thread, state_of

    st = state_of(request)
    list_name = request.path_params["name"]
    try:
        await form_values(request)
        made, said = await in_thread(start, st.folder, list_name)
    except (Bad, Refused, GameError) as exc:
        return _refused(request, exc)
    if _how(request) == "json":
        return JSONResponse({"status": "ok", "game": made, "url": url(made), "messages": [said]}, 201)
    return RedirectResponse(url(made) + "?done=" + st.remember(Flash("ok", [said])), 303)


async def game_route(request: Any) -> Any:
    from starlette.responses import JSONResponse

    from armybuilder.web.toolkit import in_thread, page, state_of

    st = state_of(request)
    name = request.path_params["name"]
    try:
        model = await in_thread(view, st.folder, name)
    except (Refused, GameError) as exc:
        return _refused(request, exc)
    if _how(request) == "json":
        return JSONResponse({"revision": model["game"].revision, "tracker": model["tracker"].to_dict()})
    return page(request, "game.html", m=_linked(request, model), flash=st.recall(request.query_params.get("done")))


_CHANGES = {"tap": tap, "join": join}


async def change_route(request: Any) -> Any:
    """A tap, an undo, a redo or the opponent's list: then the game as it is now (htmx: the game's
    part of the page; a script: JSON; a plain form: a redirect back to the page, at the part)."""
    import re

    from starlette.responses import JSONResponse, RedirectResponse

    from armybuilder.web.toolkit import Bad, Flash, form_values, in_thread, page, state_of

    st = state_of(request)
    name = request.path_params["name"]
    verb = request.url.path.split("/")[2]
    try:
        values = await form_values(request)
        if verb in ("undo", "redo"):
            said = await in_thread(step, st.folder, name, verb == "undo", values)
        else:
            said = await in_thread(_CHANGES[verb], st.folder, name, values)
    except (Bad, Refused, GameError) as exc:
        return _refused(request, exc)
    try:
        said, model = await in_thread(after, st.folder, name, said)
        if model is None:
            model = await in_thread(view, st.folder, name)
    except (Refused, GameError) as exc:
        return _refusal(request, getattr(exc, "message", str(exc)), 422)
    flash = Flash(said.kind, said.lines, status=said.status)
    how = _how(request)
    if how == "json":
        return JSONResponse({"status": said.kind, "messages": said.lines}, said.status)
    if how == "htmx":
        return page(request, "game.html", said.status, m=_linked(request, model), flash=flash)
    at = request.query_params.get("at", "")
    anchor = f"#{at}" if re.fullmatch(r"[\w-]{1,80}", at) else "#result"
    return RedirectResponse(url(name) + "?done=" + st.remember(flash) + anchor, 303)


async def result_route(request: Any) -> Any:
    """The result as a file: ``/game-result/text/GAME`` or ``/game-result/json/GAME``."""
    from armybuilder.web.toolkit import in_thread, state_of

    st = state_of(request)
    name = request.path_params["name"]
    fmt = request.path_params["fmt"]
    if fmt not in ("text", "json"):
        return _refusal(request, f"no result format '{fmt[:20]}'", 404)
    try:
        model = await in_thread(view, st.folder, name)
    except (Refused, GameError) as exc:
        return _refused(request, exc)
    game, now = model["game"], model["tracker"]
    stem = Path(name).name.removesuffix(SUFFIX)
    if fmt == "json":
        return _attachment(result_json(game, now).encode("utf-8"), f"{stem}.game-result.json", "application/json")
    text = result_text(game, now, model["title"]).encode("utf-8")
    return _attachment(text, f"{stem}.game-result.txt", "text/plain; charset=utf-8")


def _attachment(data: bytes, filename: str, media: str) -> Any:
    from starlette.responses import Response

    ascii_name = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in filename)
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{urllib.parse.quote(filename)}"
    return Response(data, 200, {"content-disposition": disposition}, media_type=media)


def routes() -> list[Any]:
    from starlette.routing import Route

    return [
        Route("/game/start/{name:path}", start_route, methods=["POST"]),
        *(
            Route(f"/game/{verb}/{{name:path}}", change_route, methods=["POST"])
            for verb in ("tap", "undo", "redo", "join")
        ),
        Route("/game-result/{fmt:str}/{name:path}", result_route, methods=["GET"]),
        Route("/game/{name:path}", game_route, methods=["GET"]),
    ]
