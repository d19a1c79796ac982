"""Who may talk to the builder, and for how long: the Host and Origin allow-list, the access key
off loopback, the security headers, and the connection protocol that drops slow clients.

- **One allow-list** (:func:`allowed_hosts`): the Host header of every request must be one of its
  names (else 421: a page of another site whose name was made to point here, DNS rebinding, reads
  nothing), and a state change's Origin (or Referer) must be ``http://NAME:PORT`` with NAME on the
  same list and PORT this server's (:func:`origin_ok`), never merely the request's own Host.
- **An access key off loopback** (:class:`Guard`): bound to any address but loopback, every request
  needs the key. ``armybuilder serve`` prints a link that carries it (``?key=...``); the first visit
  with it sets an HttpOnly, SameSite=Strict cookie and is redirected to the same address without
  it. Without the key or the cookie every request gets 401 and a page that says to open the link.
- **Slow clients are dropped** (:class:`armybuilder.web.protocol.GuardedH11Protocol`, uvicorn's h11
  protocol with deadlines, in a module of its own: the app, run without a server, imports no uvicorn):
  a request's head must arrive within :attr:`Limits.head` seconds and its body within
  :attr:`Limits.body`; a client that stops reading a response is dropped after
  :attr:`Limits.stall`. One client address holds at most :attr:`Limits.per_client` connections and
  the server :attr:`Limits.total`: when a new one comes, the connection that has waited longest
  for its request (idle, or half sent) is closed to make room, so held-open connections can never
  lock the others out.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import re
import secrets
import socket
import struct
import sys
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from starlette.requests import Request
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARD = ("0.0.0.0", "::", "")
KEY = "key"  # the query parameter of the printed link
COOKIE = "armybuilder_key"  # + "_" + the port: two builders on one machine keep their own
SCOPE_KEY = "armybuilder.guard"  # the Guard, in a request's scope, for the Origin check

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

# ---------------------------------------------------------------------------
# Names


def is_loopback(host: str) -> bool:
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _name(host: str) -> str:
    """A name as the allow-list keeps it: lower case, no brackets, no trailing dot."""
    return host.strip().strip("[]").lower().rstrip(".")


def host_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an ``--allow-host`` name (None: it can): a host name or an address,
    without a scheme, a port or a wildcard."""
    bare = _name(name)
    try:
        ipaddress.ip_address(bare)
        return None if bare not in WILDCARD else "an address to listen on is not a name to answer to"
    except ValueError:
        pass
    labels = bare.split(".")
    if (
        not bare
        or len(bare) > 253
        or not all(0 < len(label) <= 63 and label.replace("-", "").isalnum() and label.isascii() for label in labels)
    ):
        return "a host name (letters, digits, '-' and '.') or an address, without http:// or a port"
    return None


def _interface_addresses() -> set[str]:
    """The addresses of this computer's network interfaces that the standard library can find:
    IPv4 by ``SIOCGIFADDR`` per interface and IPv6 from ``/proc/net/if_inet6`` (Linux)."""
    found: set[str] = set()
    if not sys.platform.startswith("linux"):  # pragma: no cover - elsewhere: the host name's addresses
        return found
    import fcntl

    try:
        interfaces = socket.if_nameindex()
    except OSError:  # pragma: no cover - no interface list on this system
        interfaces = []
    for _, interface in interfaces:
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", interface.encode()[:15]))
            found.add(socket.inet_ntoa(packed[20:24]))  # SIOCGIFADDR: the interface's IPv4 address
    with contextlib.suppress(OSError, ValueError), open("/proc/net/if_inet6", encoding="ascii") as table:
        for line in table:
            raw = line.split()[0]
            found.add(str(ipaddress.IPv6Address(bytes.fromhex(raw))))
    return found


def machine_names() -> set[str]:
    """This computer's own names: its host name, that name's ``.local`` form (mDNS, as phones
    use it), the addresses it resolves to, and the addresses of its interfaces."""
    names: set[str] = set()
    hostname = _name(socket.gethostname())
    if hostname:
        short = hostname.split(".")[0]
        names |= {hostname, short, short + ".local"}
        with contextlib.suppress(OSError, UnicodeError):
            names |= {_name(str(info[4][0])) for info in socket.getaddrinfo(hostname, None)}
    names |= {_name(a) for a in _interface_addresses()}
    return {n for n in names if n and n not in WILDCARD}


def allowed_hosts(host: str, allow: Iterable[str] = ()) -> set[str]:
    """The names this server answers to, bound to ``host``: the loopback names, the bound address,
    the ``--allow-host`` names; off loopback also this computer's own names and addresses. On
    loopback nothing else can connect, so nothing else is answered to."""
    names = {*LOOPBACK, *(_name(a) for a in allow)}
    bound = _name(host)
    if bound not in WILDCARD:
        names.add(bound)
    if not is_loopback(host):
        names |= machine_names()
    return {n for n in names if n}


def network_names(host: str, allow: Iterable[str] = ()) -> list[str]:
    """The names a phone on the network may use for this server, best first: the bound address,
    or (bound to every address) this computer's IPv4 addresses off loopback; then its host name's
    ``.local`` form and the ``--allow-host`` names."""
    bound = _name(host)
    out: list[str] = []
    if bound not in WILDCARD:
        out.append(bound)
    else:
        for address in sorted(_interface_addresses()):
            ip = ipaddress.ip_address(address)
            if ip.version == 4 and not ip.is_loopback and not ip.is_link_local:
                out.append(address)
    hostname = _name(socket.gethostname()).split(".")[0]
    if hostname and hostname != "localhost" and (bound in WILDCARD or not is_loopback(host)):
        out.append(hostname + ".local")
    out += [_name(a) for a in allow]
    return [n for n in dict.fromkeys(out) if not is_loopback(n)]


_HOST_HEADER = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::[0-9]{1,5})?")


def _hostname(header: str) -> str:
    """``127.0.0.1:8000`` -> ``127.0.0.1``; ``[::1]:8000`` -> ``::1``; ``Vm.`` -> ``vm``; a header
    that is not a name and an optional port (``127.0.0.1:8000@evil.example``, a path after the
    port) -> ``""``, which no allow-list holds: anything after the port would be echoed into
    the links a page gives."""
    header = header.strip().lower()
    m = _HOST_HEADER.fullmatch(header)
    if m is None:
        return ""
    name = m.group(1)
    return name[1:-1] if name.startswith("[") else name.rstrip(".")


def new_key() -> str:
    """A fresh access key: 128 random bits (short enough for a small QR code)."""
    return secrets.token_urlsafe(16)


def access_key(host: str, key: str | None) -> str | None:
    """The key a server bound to ``host`` requires: none on loopback, else ``key`` (or a new one)."""
    if is_loopback(host):
        return None
    return key or new_key()


def link(name: str, port: int, key: str | None) -> str:
    shown = f"[{name}]" if ":" in name and not name.startswith("[") else name
    return f"http://{shown}:{port}/" + (f"?{KEY}={key}" if key else "")


# ---------------------------------------------------------------------------
# The middleware

_NO_KEY = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open the link armybuilder printed</title></head>
<body><main>
<h1>Open the link armybuilder printed</h1>
<p>This builder is shared on the network with a key. Open the link that <code>armybuilder serve</code>
printed when it started (or scan its QR code with your phone), on this device.</p>
<p>The key is new each time the builder starts: after a restart, open the new link.</p>
</main></body></html>
"""


def _header(scope: Scope, name: bytes) -> str:
    headers: list[tuple[bytes, bytes]] = scope["headers"]
    return next((v.decode("latin-1") for k, v in headers if k == name), "")


def _cookie(scope: Scope, name: str) -> str | None:
    headers: list[tuple[bytes, bytes]] = scope["headers"]
    for header in (v.decode("latin-1") for k, v in headers if k == b"cookie"):
        for part in header.split(";"):
            key, sep, value = part.strip().partition("=")
            if sep and key == name:
                return value.strip().strip('"')
    return None


def port_of(scope: Scope) -> int:
    server = scope.get("server")
    if server and server[1]:
        return int(server[1])
    parts = urllib.parse.urlsplit("http://" + _header(scope, b"host"))  # pragma: no cover - no socket
    try:  # pragma: no cover
        return parts.port or 80
    except ValueError:  # pragma: no cover
        return 80


def _param(pair: str) -> str:
    """``key=...`` -> ``key`` (a query's parameter name, unquoted)."""
    return urllib.parse.unquote_plus(pair.partition("=")[0])


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


ALLOW_HINT = "armybuilder serve --allow-host NAME"
"""How the 421 answer tells who runs the server to add a name: the builder's command (the desk
passes its own, ``armybuilder collect PACK --allow-host NAME``)."""


class Guard:
    """ASGI middleware: refuse a Host not on the allow-list (421, saying ``allow_hint``: the
    command line that adds a name) and, with a ``key``, a request without the key or its cookie
    (401); add the security headers to every answer."""

    def __init__(self, app: ASGIApp, hosts: set[str], key: str | None = None, allow_hint: str = ALLOW_HINT):
        self.app = app
        self.hosts = hosts
        self.key = key
        self.allow_hint = allow_hint

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - uvicorn also sends lifespan events
            await self.app(scope, receive, send)
            return
        from starlette.responses import HTMLResponse, RedirectResponse, Response

        send = self._headers(send)
        if _hostname(_header(scope, b"host")) not in self.hosts:
            text = f"unknown host: this server answers to its own names only ({self.allow_hint})\n"
            await Response(text, 421)(scope, receive, send)
            return
        scope[SCOPE_KEY] = self
        if self.key is not None:
            cookie = f"{COOKIE}_{port_of(scope)}"
            raw = scope["query_string"].decode("latin-1")
            pairs = [p for p in raw.split("&") if p]
            sent = [urllib.parse.unquote_plus(p.partition("=")[2]) for p in pairs if _param(p) == KEY]
            if scope["method"] in ("GET", "HEAD") and len(sent) == 1 and _same(sent[0], self.key):
                rest = "&".join(p for p in pairs if _param(p) != KEY)  # the others as they came
                path = "/" + scope.get("raw_path", scope["path"].encode()).decode("latin-1").lstrip("/\\")
                answer = RedirectResponse(path + ("?" + rest if rest else ""), 303)  # never //another.site
                answer.set_cookie(cookie, self.key, path="/", httponly=True, samesite="strict")
                await answer(scope, receive, send)
                return
            if _same(_cookie(scope, cookie) or "", self.key):
                await self._app(scope, receive, send)
                return
            headers = {"www-authenticate": 'Key realm="armybuilder"'}
            page = _NO_KEY
            if _header(scope, b"sec-fetch-site") == "cross-site" and _header(scope, b"sec-fetch-mode") == "navigate":
                # A link from another site (a web mail, a chat) to the key's address: the browser
                # set the cookie but keeps a SameSite=Strict cookie from the redirect of that
                # navigation (and from its reloads). Asking again from this page is same-site:
                # with the cookie it is the page, without it this page again (and no loop).
                page = page.replace("<title>", '<meta http-equiv="refresh" content="0">\n<title>', 1)
            await HTMLResponse(page, 401, headers)(scope, receive, send)
            return
        await self._app(scope, receive, send)

    async def _app(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.requests import ClientDisconnect

        with contextlib.suppress(ClientDisconnect):  # the client went (or was dropped for a slow body)
            await self.app(scope, receive, send)

    @staticmethod
    def _headers(send: Send) -> Send:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        return with_headers


def _origin_of(value: str) -> tuple[str, int] | None:
    """``http://NAME:PORT...`` -> (name, port); None for anything but plain http."""
    try:
        parts = urllib.parse.urlsplit(value.strip())
        port = parts.port or 80
    except ValueError:
        return None
    if parts.scheme.lower() != "http" or not parts.hostname or parts.username is not None:
        return None
    return _name(parts.hostname), port


def origin_ok(request: Request) -> bool:
    """The POST comes from a page of this server: its Origin (or, without one, its Referer) is
    ``http://NAME:PORT`` with NAME on the Guard's allow-list and PORT this server's port."""
    guard = request.scope.get(SCOPE_KEY)
    if not isinstance(guard, Guard):
        return False
    origin = request.headers.get("origin")
    if origin is None:
        origin = request.headers.get("referer")
    if origin is None:
        return False
    found = _origin_of(origin)
    return found is not None and found[0] in guard.hosts and found[1] == port_of(request.scope)


# ---------------------------------------------------------------------------
# Clients


def client_key(address: str | None) -> str:
    """The key every per-client limit counts a client under (the connections it holds, the new
    lists it starts, the passcodes it tries): its address, an IPv6 client by its /64 (one
    machine's share: a host picks any address of its /64 at will), an IPv4 client behind an
    IPv4-mapped address by that IPv4 address."""
    if address is None:
        return ""
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


# ---------------------------------------------------------------------------
# Slow clients


@dataclass(frozen=True)
class Limits:
    """How long a client may take, and how many connections it may hold."""

    head: float = 10.0  # seconds for a request's line and headers, from its first byte (or the connection)
    body: float = 30.0  # seconds for its body, from the end of its head
    stall: float = 30.0  # seconds a response may wait for a client that does not read it
    # connections of one address (an IPv6 client: its /64). A browser opens at most 6 to a server
    # for each site it shows; 32 leaves room for a few tabs and a burst of downloads (16 PDFs in
    # flight and a page besides) while one client can take no more than an eighth of the total.
    per_client: int = 32
    total: int = 256  # connections in all


__all__ = [
    "ALLOW_HINT",
    "CSP",
    "HEADERS",
    "LOOPBACK",
    "Guard",
    "Limits",
    "access_key",
    "allowed_hosts",
    "client_key",
    "host_name_problem",
    "is_loopback",
    "link",
    "machine_names",
    "network_names",
    "new_key",
]
