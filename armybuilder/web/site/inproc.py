"""One HTTP request to the builder's ASGI app, in this process: how the static site reaches it.

The static site (``armybuilder site``) runs the same Starlette app as ``armybuilder serve``, in
Pyodide inside the browser's Web Worker, with no server and no socket. The page hands each
request to the worker (a link, a form, htmx's background request), and the worker calls
:func:`call`: it builds the ASGI scope a server would, runs the app once, and gives back the
status, the headers and the body. Redirects are followed as a browser would (a 303 becomes a
GET), so the page learns the address it ends on (``Answer.url``).

Nothing here knows the app: the request is the page's, checked by the app's own guard as any
other (the Host and the Origin are the site's fixed loopback names, which the app allows). The
tests call it natively, so the site's path into the app is tested without a browser.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

HOST = "127.0.0.1"  # the name the site's requests carry: the app's loopback allow-list has it
PORT = 80
ORIGIN = f"http://{HOST}"
MAX_REDIRECTS = 10


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""
    url: str = "/"  # the path and query the answer is of, after redirects

    def header(self, name: str) -> str | None:
        name = name.lower()
        return next((v for k, v in self.headers if k == name), None)


async def call(
    app: Any,
    method: str,
    target: str,
    headers: Sequence[tuple[str, str]] = (),
    body: bytes = b"",
    follow: bool = True,
) -> Answer:
    """``method target`` (a path with its query, as ``/list/a.yaml?focus=2``) answered by ``app``."""
    for _ in range(MAX_REDIRECTS + 1):
        answer = await _once(app, method, target, headers, body)
        location = answer.header("location")
        if not follow or answer.status not in (301, 302, 303, 307, 308) or not location:
            return answer
        parts = urllib.parse.urlsplit(urllib.parse.urljoin(ORIGIN + target, location))
        if f"{parts.scheme}://{parts.netloc}" != ORIGIN:
            return answer  # a redirect away from the app is not followed (the app makes none)
        target = urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment))
        if answer.status in (301, 302, 303):
            method, body = "GET", b""
            headers = [(k, v) for k, v in headers if k.lower() not in ("content-type", "content-length")]
    return Answer(508, [("content-type", "text/plain; charset=utf-8")], b"too many redirects", target)


async def _once(app: Any, method: str, target: str, headers: Sequence[tuple[str, str]], body: bytes) -> Answer:
    path, _, rest = target.partition("?")
    query, _, fragment = rest.partition("#")
    if "#" in path:
        path, _, fragment = path.partition("#")
    given = [(k.lower(), v) for k, v in headers if k.lower() not in ("host", "content-length")]
    sent = [("host", HOST), *given]
    if method not in ("GET", "HEAD") and not any(k == "origin" for k, _ in given):
        sent.append(("origin", ORIGIN))
    if body:
        sent.append(("content-length", str(len(body))))
    raw_path = path.encode("utf-8", "surrogateescape")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method.upper(),
        "scheme": "http",
        "path": urllib.parse.unquote(path),
        "raw_path": raw_path,
        "query_string": query.encode("latin-1", "replace"),
        "root_path": "",
        "headers": [(k.encode("latin-1", "replace"), v.encode("latin-1", "replace")) for k, v in sent],
        "client": (HOST, 1),
        "server": (HOST, PORT),
        "state": {},
    }
    given_body = [body]
    status = 500
    out_headers: list[tuple[str, str]] = []
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        if given_body:
            return {"type": "http.request", "body": given_body.pop(), "more_body": False}
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
            out_headers.extend(
                (k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in message.get("headers", [])
            )
        elif message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))

    await app(scope, receive, send)
    url = path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")
    return Answer(status, out_headers, b"".join(chunks), url)
