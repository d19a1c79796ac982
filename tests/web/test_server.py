"""``armybuilder serve``: the command, the socket, the warning, and stopping.

The server is run for real (a subprocess on 127.0.0.1, a free port), asked for a page, and
stopped with Ctrl+C (SIGINT); every wait is bounded.
"""

from __future__ import annotations

import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.web.server import Background, is_loopback, serve, warning
from tests.support.startup import loaded_at_start

ROOT = Path(__file__).resolve().parents[2]
GREENWOOD = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
WAIT = 20.0  # seconds, at most, for the server to start or stop


def _lines(stream) -> queue.Queue:
    q: queue.Queue = queue.Queue()

    def pump():
        for line in stream:
            q.put(line)
        q.put(None)

    threading.Thread(target=pump, daemon=True).start()
    return q


def _until(q: queue.Queue, pattern: str) -> tuple[re.Match, list[str]]:
    seen = []
    while True:
        try:
            line = q.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no line matching {pattern!r} in {WAIT} s; saw {seen}") from None
        if line is None:
            raise AssertionError(f"the server ended before saying {pattern!r}; it said {seen}")
        seen.append(line)
        m = re.search(pattern, line)
        if m:
            return m, seen


def _serve(folder: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "armybuilder", "serve", str(folder), "--port", "0", "--no-open", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def _stop(proc: subprocess.Popen) -> tuple[int, str]:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(WAIT)
        raise AssertionError("the server did not stop on Ctrl+C") from None
    return proc.returncode, proc.stdout.read() if proc.stdout else ""


def test_serve_answers_on_loopback_and_stops_on_ctrl_c(tmp_path):
    shutil.copyfile(GREENWOOD, tmp_path / "host.yaml")
    proc = _serve(tmp_path)
    try:
        lines = _lines(proc.stderr)
        m, seen = _until(lines, r"at (http://127\.0\.0\.1:\d+/) \(Ctrl\+C stops\)")
        assert not any("warning" in line for line in seen)
        with urllib.request.urlopen(m.group(1), timeout=WAIT) as r:
            page = r.read().decode("utf-8")
        assert "The Greenwood Host" in page and "51 of 51 points" in page
    finally:
        code, out = _stop(proc)
    assert code == 0 and out == ""
    _until(lines, r"armybuilder serve: stopped")


def test_serve_on_every_address_warns_that_there_are_no_accounts(tmp_path):
    proc = _serve(tmp_path, "--host", "0.0.0.0")
    try:
        lines = _lines(proc.stderr)
        _until(lines, r"warning: listening on 0\.0\.0\.0, not on this computer only: there are no accounts")
        _until(lines, r"at http://127\.0\.0\.1:\d+/")
    finally:
        _stop(proc)


def test_ctrl_c_while_the_server_starts_stops_it(tmp_path):
    """Ctrl+C as soon as the link is printed (the QR code still being drawn, uvicorn not yet
    listening for it) stops the server too; Python's own handler could lose it in a finaliser,
    and the server then ran on (once in four runs under load)."""
    for _ in range(4):
        proc = _serve(tmp_path, "--host", "0.0.0.0")
        lines = _lines(proc.stderr)
        _until(lines, r"at http://127\.0\.0\.1:\d+/")
        code, _ = _stop(proc)
        assert code == 0
        _until(lines, r"armybuilder serve: stopped")


def test_the_warning_says_who_can_reach_the_lists(tmp_path):
    said = warning("192.168.1.5", tmp_path)
    assert "no accounts" in said and str(tmp_path) in said and "Leave out --host" in said


@pytest.mark.parametrize(
    "host, loopback",
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("192.168.1.5", False),
        ("example.org", False),
    ],
)
def test_is_loopback(host, loopback):
    assert is_loopback(host) is loopback


def test_a_port_in_use_is_a_usage_error(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        out = serve(tmp_path, "127.0.0.1", port, open_browser=False, say=lambda line: None)
    finally:
        taken.close()
    assert out.code == 2
    assert out.stderr == [
        f"armybuilder serve: cannot listen on 127.0.0.1:{port} (Address already in use); "
        "try another --port (0 picks a free one)"
    ]


def test_serve_refusals(tmp_path):
    assert serve(tmp_path / "missing", say=lambda line: None).code == 2
    assert serve(tmp_path, port=70000, say=lambda line: None).code == 2
    r = CliRunner().invoke(app, ["serve", str(tmp_path / "missing"), "--no-open"])
    assert r.exit_code == 2
    r = CliRunner().invoke(app, ["serve", "--help"])
    assert r.exit_code == 0 and "--open / --no-open" in r.stdout and "127.0.0.1" in r.stdout


def test_serve_and_collect_refuse_a_port_or_a_host_name_in_the_same_words(tmp_path):
    """The options both servers take are refused alike, each by its own command's name, before
    anything is bound or opened (web/server.py _options_refused)."""
    from armybuilder.web.server import collect

    pack = ROOT / "examples" / "events" / "games-day.yaml"
    for command, run in (
        ("serve", lambda **o: serve(tmp_path, open_browser=False, say=lambda line: None, **o)),
        (
            "collect",
            lambda **o: collect(pack, tmp_path / "desk.sqlite", open_browser=False, say=lambda line: None, **o),
        ),
    ):
        out = run(port=70000)
        assert out.code == 2
        assert out.stderr == [f"armybuilder {command}: --port 70000: a port is 0 to 65535 (0: any free port)"]
        out = run(port=0, allow=["http://laptop.lan"])
        assert out.code == 2 and out.stderr[0].startswith(f"armybuilder {command}: --allow-host 'http://laptop.lan': ")
    assert not (tmp_path / "desk.sqlite").exists()


def test_background_starts_and_stops(tmp_path):
    with Background(tmp_path) as url:
        with urllib.request.urlopen(url, timeout=WAIT) as r:
            assert r.status == 200
            assert "script-src 'self'" in r.headers["content-security-policy"]
        port = int(url.rsplit(":", 1)[1].strip("/"))
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_the_cli_does_not_load_the_web_stack_at_start_up():
    assert loaded_at_start("starlette", "uvicorn", "jinja2", "anyio", "armybuilder.web") == []


@pytest.mark.parametrize("host, graphical", [("127.0.0.1", True), ("0.0.0.0", False)])
def test_serve_in_this_process_and_stop_on_ctrl_c(tmp_path, monkeypatch, host, graphical):
    """serve() itself, in the main thread as the command runs it: Ctrl+C (SIGINT) ends it. With a
    graphical session it opens a browser; without one it says the address; on every address it warns."""
    import os
    import time

    from armybuilder.web import server

    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    monkeypatch.setattr(server, "_can_open_a_browser", lambda: graphical)
    said: list[str] = []
    pages: list[int] = []

    def then_ctrl_c():
        deadline = time.monotonic() + WAIT
        url = None
        while time.monotonic() < deadline and (url is None or (graphical and not opened)):
            url = next((m.group(1) for line in said if (m := re.search(r"at (http://\S+) ", line))), None)
            time.sleep(0.05)
        if url is not None:
            try:
                # off loopback the link carries the access key: its answer sets a cookie, then redirects
                opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
                with opener.open(url, timeout=WAIT) as r:
                    pages.append(r.status)
            finally:
                os.kill(os.getpid(), signal.SIGINT)

    helper = threading.Thread(target=then_ctrl_c, daemon=True)
    helper.start()
    out = server.serve(tmp_path, host, 0, open_browser=True, say=said.append)
    helper.join(WAIT)
    assert out.code == 0 and out.stderr == ["armybuilder serve: stopped"]
    assert pages == [200]
    if graphical:
        assert len(opened) == 1 and opened[0].startswith("http://127.0.0.1:")
    else:
        assert opened == [] and any("no graphical session to open a browser in; open http" in x for x in said)
    assert any("there are no accounts" in x for x in said) is (host == "0.0.0.0")


def test_progress_lines_go_to_stderr(capsys):
    from armybuilder.web.server import _say

    _say("armybuilder serve: hello")
    assert capsys.readouterr() == ("", "armybuilder serve: hello\n")


def test_an_ipv6_address_is_shown_in_brackets():
    from armybuilder.web.server import bind, url_of

    try:
        sock = bind("::1", 0)
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")
    try:
        assert re.fullmatch(r"http://\[::1\]:\d+/", url_of(sock, "::1"))
    finally:
        sock.close()


def test_without_a_graphical_session_the_address_is_said_instead(tmp_path, monkeypatch):
    from armybuilder.web import server

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(server.sys, "platform", "linux")
    assert server._can_open_a_browser() is False
    monkeypatch.setenv("DISPLAY", ":0")
    assert server._can_open_a_browser() is True
    monkeypatch.setattr(server.sys, "platform", "darwin")
    monkeypatch.delenv("DISPLAY")
    assert server._can_open_a_browser() is True
