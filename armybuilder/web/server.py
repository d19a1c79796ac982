"""``armybuilder serve [FOLDER] [--host 127.0.0.1] [--port 8000] [--open/--no-open]``: run the builder.

The socket is bound here (so a port in use is a plain usage error, and ``--port 0`` takes a free
port and says which), then uvicorn serves the app (:func:`armybuilder.web.app.make_app`) until
Ctrl+C. Any host but a loopback address gets a warning: there are no accounts, and whoever
reaches the address can read and change the lists. :class:`Background` runs the same server in a
thread, for the tests.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.outcome import ExitCode, Outcome

if TYPE_CHECKING:  # pragma: no cover
    import uvicorn


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def warning(host: str, folder: Path) -> str:
    return (
        f"armybuilder serve: warning: listening on {host}, not on this computer only: there are no accounts, "
        f"so anyone who can reach this address can read and change the lists in {folder}. "
        "Leave out --host (127.0.0.1) unless you mean it."
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
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket, host: str) -> str:
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def server_for(folder: Path, host: str) -> uvicorn.Server:
    import uvicorn

    from armybuilder.web.app import make_app

    config = uvicorn.Config(
        make_app(folder, host),
        log_level="warning",
        access_log=False,
        lifespan="off",
        server_header=False,
        limit_concurrency=64,
        timeout_keep_alive=5,
    )
    return uvicorn.Server(config)


def _can_open_a_browser() -> bool:
    """A graphical session to open a browser in (else a text browser could take the terminal)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def serve(
    folder: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    open_browser: bool = True,
    say: Callable[[str], None] = _say,
) -> Outcome:
    folder = Path(folder)
    if not folder.is_dir():
        return Outcome.usage(f"armybuilder serve: {folder}: no such folder")
    if not 0 <= port <= 65535:
        return Outcome.usage(f"armybuilder serve: --port {port}: a port is 0 to 65535 (0: any free port)")
    try:
        sock = bind(host, port)
    except OSError as exc:
        hint = "; try another --port (0 picks a free one)" if port else ""
        return Outcome.usage(f"armybuilder serve: cannot listen on {host}:{port} ({exc.strerror or exc}){hint}")
    if not is_loopback(host):
        say(warning(host, folder.resolve()))
    server = server_for(folder, host)
    url = url_of(sock, host)
    say(f"armybuilder serve: the lists in {folder.resolve()} at {url} (Ctrl+C stops)")
    if open_browser:
        if _can_open_a_browser():
            import webbrowser

            threading.Timer(0.5, webbrowser.open, (url,)).start()
        else:
            say(f"armybuilder serve: no graphical session to open a browser in; open {url}")
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl+C, then raises it again for the caller
        pass
    finally:
        sock.close()
    return Outcome("", ["armybuilder serve: stopped"], ExitCode.OK)


class Background:
    """The builder served from a thread on 127.0.0.1 (a free port): ``with Background(folder) as url:``."""

    def __init__(self, folder: Path, host: str = "127.0.0.1", port: int = 0, timeout: float = 10.0):
        self.folder, self.host, self.port, self.timeout = Path(folder), host, port, timeout
        self.thread: threading.Thread | None = None
        self.server: uvicorn.Server | None = None
        self.sock: socket.socket | None = None

    def __enter__(self) -> str:
        import time

        self.sock = bind(self.host, self.port)
        self.server = server_for(self.folder, self.host)
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

    def __exit__(self, *exc: Any) -> None:
        if self.server is not None:
            self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(self.timeout)
        if self.sock is not None:
            self.sock.close()
