"""``armybuilder serve [FOLDER] [--host 127.0.0.1] [--port 8000] [--allow-host NAME] [--open/--no-open]``.

The socket is bound here (so a port in use is a plain usage error, and ``--port 0`` takes a free
port and says which), then uvicorn serves the app (:func:`armybuilder.web.builder.make_app`) until
Ctrl+C, through :class:`armybuilder.web.protocol.GuardedH11Protocol` (slow clients dropped, a limit
per client). On loopback only this computer can reach it. On any other address it warns, and
every request needs the access key: the start-up lines print the link that carries it, for this
computer and for a phone on the network, and show the phone's link as a QR code.
:class:`Background` runs the same server in a thread, for the tests.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.outcome import ExitCode, Outcome
from armybuilder.web.guard import (
    WILDCARD,
    Limits,
    access_key,
    host_name_problem,
    is_loopback,
    link,
    network_names,
    new_key,
)
from armybuilder.web.protocol import protocol_for

if TYPE_CHECKING:  # pragma: no cover
    import uvicorn

__all__ = [
    "Background",
    "DeskBackground",
    "bind",
    "collect",
    "desk_lines",
    "is_loopback",
    "links",
    "serve",
    "server_for",
    "server_of",
    "start_up_lines",
    "url_of",
    "warning",
]


def warning(host: str, folder: Path) -> str:
    return (
        f"armybuilder serve: warning: listening on {host}, not on this computer only: there are no accounts, "
        f"so anyone who can reach this address and has the link below (it carries the key) can read and change "
        f"the lists in {folder}. Leave out --host (127.0.0.1) unless you mean it."
    )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: a free port); OSError when it cannot be had."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _options_refused(command: str, port: int, allow: Sequence[str]) -> Outcome | None:
    """``serve``'s and ``collect``'s usage error (exit 2) for a ``--port`` outside 0 to 65535 or an
    ``--allow-host`` that is no host name; None when both are fine."""
    if not 0 <= port <= 65535:
        return Outcome.usage(f"armybuilder {command}: --port {port}: a port is 0 to 65535 (0: any free port)")
    for name in allow:
        problem = host_name_problem(name)
        if problem is not None:
            return Outcome.usage(f"armybuilder {command}: --allow-host {name!r}: {problem}")
    return None


def _listening(command: str, host: str, port: int) -> socket.socket | Outcome:
    """:func:`bind`, or ``command``'s usage error saying why it cannot listen there (a port in use:
    try another, 0 picks a free one)."""
    try:
        return bind(host, port)
    except OSError as exc:
        hint = "; try another --port (0 picks a free one)" if port else ""
        return Outcome.usage(f"armybuilder {command}: cannot listen on {host}:{port} ({exc.strerror or exc}){hint}")


def url_of(sock: socket.socket, host: str) -> str:
    """The address of the server on this computer (127.0.0.1 when bound to every address)."""
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if host.strip("[]") in WILDCARD else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def server_for(
    folder: Path,
    host: str,
    allow: Sequence[str] = (),
    key: str | None = None,
    limits: Limits | None = None,
) -> uvicorn.Server:
    from armybuilder.web.builder import make_app

    return server_of(make_app(folder, host, allow=allow, key=key), limits)


def server_of(app: Any, limits: Limits | None = None) -> uvicorn.Server:
    """uvicorn serving ``app`` through the guarded protocol, with ``limits``."""
    import uvicorn

    limits = limits or Limits()
    config = uvicorn.Config(
        app,
        http=protocol_for(limits),
        log_level="warning",
        access_log=False,
        lifespan="off",
        server_header=False,
        # The protocol keeps the connections under limits.total (closing the longest-waiting one
        # for a new one); uvicorn's own 503 is only the last resort beyond it.
        limit_concurrency=limits.total + limits.per_client,
        timeout_keep_alive=5,
    )
    return uvicorn.Server(config)


def links(host: str, port: int, key: str | None, allow: Sequence[str] = ()) -> tuple[str, list[str]]:
    """The link for this computer (the one a browser is opened on) and the links for a phone on
    the network (none on loopback), each carrying the key when there is one."""
    here = link("127.0.0.1" if host.strip("[]") in WILDCARD else host.strip("[]"), port, key)
    if key is None:
        return here, []
    return here, [link(name, port, key) for name in network_names(host, allow)]


def start_up_lines(folder: Path, host: str, port: int, key: str | None, allow: Sequence[str] = ()) -> list[str]:
    """What ``serve`` says when it starts: where the lists are, who can reach them, and how (the
    QR code of the phone's link follows them)."""
    here, phone = links(host, port, key, allow)
    lines = [f"armybuilder serve: the lists in {folder} at {here} (Ctrl+C stops)"]
    if key is None:
        lines.append(
            f"armybuilder serve: only this computer can open it (listening on {host}); to open it from a phone, "
            "see armybuilder serve --help"
        )
        return lines
    where = "this computer (every address)" if host.strip("[]") in WILDCARD else host
    lines.append(
        f"armybuilder serve: who can reach it: any device that can reach {where} on port {port} and opens a link "
        "with the key (it is new each time the builder starts); without it, every page says to open the link"
    )
    lines += [f"armybuilder serve: on the network: {u}" for u in phone if u != here]
    return lines


def qr_lines(url: str) -> list[str]:
    """``url`` as a QR code in text (block characters, two rows of modules a line); none when
    the terminal cannot show them."""
    import segno

    out = io.StringIO()
    segno.make(url).terminal(out=out, compact=True)
    lines = out.getvalue().rstrip("\n").split("\n")
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    try:
        "".join(lines).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return []
    return lines


@contextlib.contextmanager
def ctrl_c_stops(server: uvicorn.Server) -> Iterator[None]:
    """Ctrl+C stops ``server`` from the moment it is made, not only once uvicorn listens for it.

    Python's own handler raises KeyboardInterrupt wherever the program is, and one that lands in
    a finaliser (a weakref callback while the QR code is drawn) is printed and lost, so the
    server then ran on. This handler only asks the server to stop (uvicorn's startup looks), and
    a second Ctrl+C before uvicorn takes over stops at once. uvicorn puts this handler back when
    it has stopped and signals it again, which is then harmless."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        if server.should_exit and not server.started:
            raise KeyboardInterrupt
        server.should_exit = True

    before = signal.signal(signal.SIGINT, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _can_open_a_browser() -> bool:
    """A graphical session to open a browser in (else a text browser could take the terminal)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _open_soon(url: str, say: Callable[[str], None], otherwise: str) -> None:
    """Open ``url`` in the browser once the server listens; without a graphical session, say
    ``otherwise`` (a text browser would take the terminal)."""
    if not _can_open_a_browser():
        say(otherwise)
        return
    import webbrowser

    threading.Timer(0.5, webbrowser.open, (url,)).start()


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def serve(
    folder: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    open_browser: bool = True,
    say: Callable[[str], None] = _say,
    allow: Sequence[str] = (),
) -> Outcome:
    folder = Path(folder)
    if not folder.is_dir():
        return Outcome.usage(f"armybuilder serve: {folder}: no such folder")
    refused = _options_refused("serve", port, allow)
    if refused is not None:
        return refused
    sock = _listening("serve", host, port)
    if isinstance(sock, Outcome):
        return sock
    key = access_key(host, new_key())
    if key is not None:
        say(warning(host, folder.resolve()))
    server = server_for(folder, host, allow, key)
    with contextlib.closing(sock), ctrl_c_stops(server):
        port = sock.getsockname()[1]
        here, phone = links(host, port, key, allow)
        for line in start_up_lines(folder.resolve(), host, port, key, allow):
            say(line)
        code = qr_lines(phone[0]) if phone else []
        if code:
            say("armybuilder serve: or scan this code with the phone (on the same network):")
            for line in code:
                say(line)
        if open_browser:
            _open_soon(here, say, f"armybuilder serve: no graphical session to open a browser in; open {here}")
        server.run(sockets=[sock])
    return Outcome("", ["armybuilder serve: stopped"], ExitCode.OK)


class Background:
    """The builder served from a thread (127.0.0.1, a free port): ``with Background(folder) as url:``.
    Bound off loopback, ``.key`` is the access key its requests need."""

    def __init__(
        self,
        folder: Path,
        host: str = "127.0.0.1",
        port: int = 0,
        timeout: float = 10.0,
        allow: Sequence[str] = (),
        limits: Limits | None = None,
    ):
        self.folder, self.host, self.port, self.timeout = Path(folder), host, port, timeout
        self.allow, self.limits = tuple(allow), limits
        self.key = access_key(host, new_key())
        self.thread: threading.Thread | None = None
        self.server: uvicorn.Server | None = None
        self.sock: socket.socket | None = None

    def __enter__(self) -> str:
        import time

        self.sock = bind(self.host, self.port)
        self.server = self._server()
        sockets = [self.sock]
        server = self.server
        self.thread = threading.Thread(target=lambda: server.run(sockets=sockets), daemon=True)
        self.thread.start()
        deadline = time.monotonic() + self.timeout
        while not server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                self.__exit__()
                raise RuntimeError("the builder did not start in time")
            time.sleep(0.02)
        return url_of(self.sock, self.host)

    def _server(self) -> uvicorn.Server:
        return server_for(self.folder, self.host, self.allow, self.key, self.limits)

    def __exit__(self, *exc: Any) -> None:
        if self.server is not None:
            self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(self.timeout)
        if self.sock is not None:
            self.sock.close()


# ---------------------------------------------------------------------------
# armybuilder collect: an event's submission desk

# An event's players may share one address (the venue's network), and a club's script too: more
# connections a client than the builder allows (still bounded, and the total too).
DESK_LIMITS = Limits(per_client=64)


def desk_warning(host: str) -> str:
    return (
        f"armybuilder collect: warning: listening on {host}, not on this computer only: anyone who can reach "
        "this address can send a list (there are no accounts: set a passcode or register the players on the "
        "organiser's page); only the organiser's link below can lock, reveal or download the lists"
    )


def desk_lines(
    event: str, db: Path, host: str, port: int, organiser: str, allow: Sequence[str] = (), deadline: str = ""
) -> list[str]:
    """What ``collect`` says when it starts: where the players send their lists, the organiser's
    link with its token, the database, the deadline."""
    from armybuilder.text import one_line

    here, phone = links(host, port, None, allow)
    if not is_loopback(host):
        phone = [link(name, port, None) for name in network_names(host, allow)]
    lines = [one_line(f"armybuilder collect: the desk of {event} at {here} (Ctrl+C stops); the lists are kept in {db}")]
    if not phone:
        lines.append(
            f"armybuilder collect: only this computer can open it (listening on {host}); for the players' phones, "
            "see armybuilder collect --help"
        )
    lines += [f"armybuilder collect: players send their lists at {u}" for u in phone]
    if phone:  # the QR code is on the organiser's page: showing this terminal would show the token below
        lines.append(
            "armybuilder collect: show the players this link and its QR code from the organiser's page, "
            "not from this terminal"
        )
    organiser_link = f"{here}organiser?key={organiser}"
    lines.append(
        f"armybuilder collect: the organiser's page (keep this link to yourself; its key is the organiser's token "
        f"for the API): {organiser_link}"
    )
    if phone:
        lines.append(
            f"armybuilder collect: the organiser's page from another device: {phone[0]}organiser?key={organiser}"
        )
    lines.append(f"armybuilder collect: {deadline}" if deadline else "armybuilder collect: no deadline set")
    return lines


def collect(
    pack_file: Path,
    db: Path | None = None,
    deadline: str | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    open_browser: bool = True,
    say: Callable[[str], None] = _say,
    allow: Sequence[str] = (),
    per_minute: int = 30,
) -> Outcome:
    """``armybuilder collect PACK``: run the desk until Ctrl+C. The players' link and its QR code
    are on the organiser's page, never in the terminal beside the organiser's link."""
    import secrets

    from armybuilder.desk import open_desk, parse_when, shown_time
    from armybuilder.web.desk import make_desk_app

    refused = _options_refused("collect", port, allow)
    if refused is not None:
        return refused
    when = None
    if deadline is not None:
        try:
            when = parse_when(deadline)
        except ValueError as exc:
            return Outcome.usage(f"armybuilder collect: --deadline: {exc}")
    sock = _listening("collect", host, port)
    if isinstance(sock, Outcome):
        return sock
    opened = open_desk(Path(pack_file), db)
    if isinstance(opened, Outcome):
        sock.close()
        return opened
    desk, warnings = opened
    try:
        for line in warnings:
            say(line)
        state = desk.set_deadline(when) if when is not None else desk.state()
        said = ""
        if state.deadline is not None:
            said = f"deadline: {shown_time(state.deadline)}" + (
                " (already passed: no list is taken)" if state.past_deadline else ""
            )
        organiser = secrets.token_urlsafe(24)
        port = sock.getsockname()[1]
        lines = desk_lines(desk.pack.event, desk.path.resolve(), host, port, organiser, allow, said)
        phone = [line.rsplit(" ", 1)[1] for line in lines if " players send their lists at " in line]
        app = make_desk_app(
            desk, host, organiser, allow, per_minute=per_minute, players_url=phone[0] if phone else None
        )
        server = server_of(app, DESK_LIMITS)
        with ctrl_c_stops(server):
            if not is_loopback(host):
                say(desk_warning(host))
            for line in lines:
                say(line)
            if open_browser:
                here = link("127.0.0.1" if host.strip("[]") in WILDCARD else host.strip("[]"), port, None)
                _open_soon(
                    f"{here}organiser?key={organiser}",
                    say,
                    "armybuilder collect: no graphical session to open a browser in; open the organiser's link",
                )
            server.run(sockets=[sock])
    finally:
        sock.close()
        desk.close()  # after the writer's last commit
    return Outcome("", ["armybuilder collect: stopped; every list taken is in the database"], ExitCode.OK)


class DeskBackground(Background):
    """A desk's app served from a thread (127.0.0.1, a free port), for the tests."""

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 0, timeout: float = 10.0):
        super().__init__(Path("."), host, port, timeout, (), DESK_LIMITS)
        self.app = app
        self.key = None

    def _server(self) -> uvicorn.Server:
        return server_of(self.app, self.limits)
