"""The builder as the static site's Web Worker runs it: the same app, in Pyodide, with no threads.

``worker.js`` (in ``site/``) loads Pyodide, unpacks the site's packages, mounts the browser's
persistent storage (IndexedDB) at :data:`FOLDER`, then calls :func:`start` once and
:func:`handle` for every request the page sends. The app is :func:`armybuilder.web.builder.make_app`,
unchanged: the same pages, edits, findings and rosters as ``armybuilder serve``.

Pyodide can import ``threading`` but cannot start a thread, and Starlette hands blocking work to
a thread pool (``anyio.to_thread.run_sync``: the app's own ``in_thread``, file responses, large
form parts). Here that work runs inline: the worker has one page to answer, one request at a time
(``worker.js`` queues them), so nothing waits behind it that a thread would have let through.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from armybuilder.web.site.inproc import call

FOLDER = "/lists"  # the lists, in the browser's IndexedDB (Emscripten's IDBFS)

_APP: Any = None


def _inline_threads() -> None:
    import anyio.to_thread

    async def run_sync(func: Callable[..., Any], *args: Any, **_: Any) -> Any:
        return func(*args)

    anyio.to_thread.run_sync = run_sync  # type: ignore[assignment]  # the same call, made inline


_FOLDER = ""
_BUNDLED: list[bool] = []  # the bundled games declared (once)


def _bundled_games() -> None:
    """The game packages the site was built with (``armybuilder site`` wrote their list beside the
    modules, :data:`armybuilder.web.site.build.GAMES`): a browser has no installed distributions to read."""
    from pathlib import Path

    import armybuilder
    from armybuilder import systems

    listed = Path(armybuilder.__file__).resolve().parent / "_site_games.json"
    try:
        games = json.loads(listed.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        games = []  # a site built before the list: armybuilder's own games
    declared = [
        systems.Declared(str(g["id"]), str(g["package"]), str(g.get("distribution", "")))
        for g in games
        if isinstance(g, dict) and "id" in g and "package" in g
    ]
    systems.bundle(declared)


def start(folder: str = FOLDER, address: str | None = None) -> None:
    """Make the app over ``folder``: once, and again when the player opens another folder (a folder
    of the computer, mounted by the browser's File System Access API, or the browser's own lists).
    ``address`` is the site's own address, as ``worker.js`` gives it (its ``location``): read from
    the page's worker at each start, never from a memory snapshot (there is no page when one is made)."""
    global _APP, _FOLDER, _ADDRESS
    if address is not None:
        _ADDRESS = str(address)
    if _APP is None or folder != _FOLDER:
        _inline_threads()
        if not _BUNDLED:
            _bundled_games()
            _BUNDLED.append(True)
        from armybuilder.web.builder import make_app

        # The site's own lists live in the browser's storage: its pages name lists, not files; a
        # folder of the computer opened in the site holds files the player sees.
        _APP, _FOLDER = make_app(folder, files=folder != FOLDER), folder
    _APP.state.share_base = site_address()  # a list's share link opens the site (web/sharing.py)


_ADDRESS = ""  # the address worker.js gave (start): "" outside a browser


def site_address() -> str:
    """The site's own address (the folder ``worker.js`` is in: the site's page beside it), where a
    share link starts, as ``armybuilder share LIST --link SITE`` makes it; "" outside a browser or
    for an address that is not http(s)."""
    import urllib.parse

    try:
        parts = urllib.parse.urlsplit(urllib.parse.urljoin(_ADDRESS, "."))
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


WARM = "/armybuilder-warm"  # an empty folder: the pages drawn once, before a memory snapshot


async def warm() -> None:
    """Import what the first pages need, by drawing them once over an empty folder (:data:`WARM`),
    never the player's lists: ``worker.js`` then takes its memory snapshot, which holds no list."""
    from pathlib import Path

    Path(WARM).mkdir(parents=True, exist_ok=True)
    _inline_threads()
    if not _BUNDLED:
        _bundled_games()
        _BUNDLED.append(True)
    from armybuilder.web.builder import make_app

    app = make_app(WARM, files=False)  # no share base: the snapshot holds no object of the page's (js)
    for target in ("/", "/shared"):
        await call(app, "GET", target, [("accept", "text/html")], b"")


async def handle(method: str, target: str, headers_json: str, body: Any, follow: bool = True) -> Any:
    """One request from the page: ``(status, headers, body bytes, url)``, ``url`` after redirects.
    ``headers_json`` is a JSON array of ``[name, value]`` pairs; ``body`` bytes (a JS Uint8Array)."""
    if _APP is None:
        start()
    raw = bytes(body.to_py() if hasattr(body, "to_py") else body or b"")
    given = json.loads(headers_json)
    pairs = [(str(k), str(v)) for k, v in given] if isinstance(given, list) else []
    answer = await call(_APP, method, target, pairs, raw, follow=follow)
    return answer.status, json.dumps(answer.headers), answer.body, answer.url


def validate_json(name: str, text: str) -> str:
    """What ``armybuilder validate --format json NAME`` prints for a list file holding ``text``,
    worked out in the browser: the test hook that compares the site's findings with the command
    line's (``window.armybuilderSite.validate``). Nothing is kept."""
    import tempfile
    from pathlib import Path

    from armybuilder.commands.validate import validate
    from armybuilder.reporters import Format

    with tempfile.TemporaryDirectory(prefix="armybuilder-validate-") as tmp:
        path = Path(tmp) / Path(name).name
        path.write_text(text, encoding="utf-8")
        report = validate([path], Format.json).stdout
    return report if isinstance(report, str) else report.decode("utf-8")
