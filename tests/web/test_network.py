"""``armybuilder serve`` on the network: the access key, the Host and Origin allow-list, slow
clients, links out of the folder, and what the start-up lines say.

Every request of these tests goes to 127.0.0.1 (a server bound to 0.0.0.0 is reached there);
other names appear only in Host, Origin and Referer headers, and in Chromium's host-resolver rule
that maps ``rebind.attacker.example`` to 127.0.0.1 (the DNS-rebinding test needs no network).
Every wait is bounded and every socket is closed.
"""

from __future__ import annotations

import contextlib
import http.client
import http.cookiejar
import http.server
import itertools
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from armybuilder.web.builder import make_app
from armybuilder.web.files import Folder, Refused
from armybuilder.web.guard import Limits, allowed_hosts, host_name_problem, machine_names
from armybuilder.web.server import Background, qr_lines, start_up_lines

ROOT = Path(__file__).resolve().parents[2]
GREENWOOD = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
KEY = "the-key-0123456789abcdef"
BASE = "http://127.0.0.1:8000"
COOKIE = {"cookie": f"armybuilder_key_8000={KEY}"}
EVIL = "rebind.attacker.example"
WAIT = 10.0  # seconds, at most, for any one step
STEP_MS = 10_000


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "lists"
    d.mkdir()
    shutil.copyfile(GREENWOOD, d / "greenwood.yaml")
    return d


@pytest.fixture
def shared(folder):
    """The app bound to every address, with its key and an ``--allow-host`` name."""
    with TestClient(
        make_app(folder, host="0.0.0.0", allow=["laptop.lan"], key=KEY), base_url=BASE, follow_redirects=False
    ) as c:
        yield c


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1].strip("/"))


def _get(
    port: int, path: str, headers: dict[str, str] | None = None, wait: float = WAIT
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=wait)
    try:
        conn.request("GET", path, headers=headers or {})
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


# ---------------------------------------------------------------------------
# The access key


def test_off_loopback_every_request_needs_the_key_then_its_cookie(folder):
    bg = Background(folder, host="0.0.0.0")
    with bg as url:
        port = _port(url)
        assert bg.key is not None and len(bg.key) >= 20
        for path in ("/", "/list/greenwood.yaml", "/static/style.css", "/roster/markdown/greenwood.yaml"):
            status, headers, body = _get(port, path)
            assert status == 401, path
            assert b"Open the link" in body and b"Greenwood" not in body
            assert "script-src 'self'" in headers["content-security-policy"]
        assert _get(port, "/?key=wrong")[0] == 401
        status, headers, _ = _get(port, f"/list/greenwood.yaml?focus=c1&key={bg.key}")
        assert status == 303 and headers["location"] == "/list/greenwood.yaml?focus=c1"  # the key is gone
        cookie = headers["set-cookie"]
        assert cookie.startswith(f"armybuilder_key_{port}={bg.key};")
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict") and "Path=/" in cookie
        jar = {"cookie": f"armybuilder_key_{port}={bg.key}"}
        status, _, body = _get(port, "/list/greenwood.yaml", jar)
        assert status == 200 and b"The Greenwood Host" in body
        assert _get(port, "/?key=an-old-one", jar)[0] == 200  # an old link, with the cookie: still fine
        assert _get(port, "/", {"cookie": f"armybuilder_key_{port}=wrong"})[0] == 401
        assert _get(port, "/", {"cookie": f"armybuilder_key_{port + 1}={bg.key}"})[0] == 401  # another server's


def test_on_loopback_no_key_is_needed(folder):
    bg = Background(folder)
    with bg as url:
        assert bg.key is None
        status, headers, body = _get(_port(url), "/")
        assert status == 200 and "set-cookie" not in headers and b"greenwood" in body


def test_the_key_redirect_stays_on_this_server(folder):
    bg = Background(folder, host="0.0.0.0")
    with bg as url:
        port = _port(url)
        for path, location in [
            (f"//evil.example/?key={bg.key}", "/evil.example/"),  # never //evil.example: another site
            (f"/\\evil.example/?key={bg.key}", "/evil.example/"),
            (f"/?q=host&key={bg.key}&sort=name", "/?q=host&sort=name"),
        ]:
            status, headers, _ = _get(port, path)
            assert status == 303 and headers["location"] == location, path


def test_the_key_opens_pages_only(shared, folder):
    before = (folder / "greenwood.yaml").read_bytes()
    r = shared.post(f"/manage/greenwood.yaml?key={KEY}", data={"do": "delete"}, headers={"origin": BASE})
    assert r.status_code == 401
    assert shared.get(f"/?key={KEY}&key={KEY}").status_code == 401  # one key, once
    assert (folder / "greenwood.yaml").read_bytes() == before


def test_a_link_from_another_site_asks_again_from_this_one(shared):
    """A SameSite=Strict cookie is not sent on the redirect of a navigation that another site
    started: that answer asks again (a refresh from this page is same-site); others do not."""
    cross = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate"}
    assert '<meta http-equiv="refresh" content="0">' in shared.get("/", headers=cross).text
    same = {"sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate"}
    assert "refresh" not in shared.get("/", headers=same).text
    assert "refresh" not in shared.get("/", headers={**cross, "sec-fetch-mode": "cors"}).text


# ---------------------------------------------------------------------------
# The Host allow-list


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "0.0.0.0:8000", ""])
def test_a_host_not_on_the_list_is_refused_even_bound_to_every_address(shared, host):
    r = shared.get("/", headers={"host": host, **COOKIE})
    assert r.status_code == 421 and "allow-host" in r.text
    assert "(armybuilder serve --allow-host NAME)" in r.text  # the builder's command (the desk says its own)


def test_the_machine_s_names_and_the_allowed_names_are_answered(shared):
    hostname = socket.gethostname()
    names = ["laptop.lan:8000", "LAPTOP.LAN.", hostname, f"{hostname.split('.')[0]}.local:8000", "127.0.0.1:8000"]
    names += ["localhost", "[::1]:8000"]
    for host in names:
        assert shared.get("/", headers={"host": host, **COOKIE}).status_code == 200, host


def test_bound_to_a_lan_address_the_host_name_is_answered_too(folder):
    with TestClient(make_app(folder, host="192.168.1.5", key=KEY), base_url=BASE) as c:
        for host in ("192.168.1.5:8000", socket.gethostname(), "localhost"):
            assert c.get("/", headers={"host": host, **COOKIE}).status_code == 200, host
        assert c.get("/", headers={"host": "evil.example", **COOKIE}).status_code == 421


def test_allowed_hosts():
    assert allowed_hosts("127.0.0.1") == {"127.0.0.1", "localhost", "::1"}  # nothing else connects
    assert allowed_hosts("127.0.0.1", ["Laptop.Lan."]) == {"127.0.0.1", "localhost", "::1", "laptop.lan"}
    every = allowed_hosts("0.0.0.0")
    assert {"127.0.0.1", "localhost", "::1", socket.gethostname().lower()} <= every
    assert machine_names() <= every and "0.0.0.0" not in every and "" not in every
    assert "192.168.1.5" in allowed_hosts("192.168.1.5") and machine_names() <= allowed_hosts("192.168.1.5")


@pytest.mark.parametrize(
    "name, ok",
    [
        ("laptop.lan", True),
        ("192.168.1.5", True),
        ("[fd00::2]", True),
        ("http://laptop", False),
        ("laptop:8000", False),
        ("*", False),
        ("0.0.0.0", False),
        ("", False),
        ("a..b", False),
    ],
)
def test_allow_host_names(name, ok):
    assert (host_name_problem(name) is None) is ok


def test_a_bad_allow_host_is_a_usage_error(tmp_path):
    from typer.testing import CliRunner

    from armybuilder.cli import app

    r = CliRunner().invoke(app, ["serve", str(tmp_path), "--no-open", "--allow-host", "http://laptop.lan"])
    assert r.exit_code == 2 and "--allow-host 'http://laptop.lan'" in r.output and "without http://" in r.output


# ---------------------------------------------------------------------------
# The Origin of a state change


def _duplicate(client, headers):
    token = client.app.state.builder.token
    return client.post(
        "/manage/greenwood.yaml",
        data={"csrf": token, "do": "duplicate"},
        headers={"accept": "application/json", **COOKIE, **headers},
    )


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://127.0.0.1:8000"},
        {"origin": "http://laptop.lan:8000"},  # another name on the list: the same server
        {"origin": "http://laptop.lan:8000", "host": "127.0.0.1:8000"},
        {"referer": "http://localhost:8000/list/greenwood.yaml"},
    ],
)
def test_an_origin_on_the_list_at_this_port_passes(shared, folder, headers):
    assert _duplicate(shared, headers).status_code == 200
    assert len(list(folder.glob("*.yaml"))) == 2


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example:8000"},
        {"origin": "http://evil.example:8000", "host": "laptop.lan:8000"},
        {"origin": "null"},
        {"origin": "http://127.0.0.1:9999"},  # another port is another site's
        {"origin": "https://127.0.0.1:8000"},
        {"origin": "http://127.0.0.1:8000@evil.example"},
        {"referer": "http://laptop.lan.evil.example:8000/"},
        {"referer": "http://evil.example:8000/?http://127.0.0.1:8000/"},
        {},
    ],
)
def test_an_origin_off_the_list_is_refused(shared, folder, headers):
    r = _duplicate(shared, headers)
    assert r.status_code == 403 and "Origin check failed" in r.text
    assert [p.name for p in folder.glob("*.yaml")] == ["greenwood.yaml"]


def test_the_origin_is_never_compared_with_the_request_s_own_host(folder):
    """The hole of old: an Origin equal to the request's Host passed. The Host check takes a name
    on the list at any port (a proxy may stand before the server), so the Host below passes it;
    its Origin, equal to it, names another port (another site) and is refused."""
    with TestClient(make_app(folder, host="0.0.0.0", key=KEY), base_url=BASE) as c:
        r = _duplicate(c, {"host": "127.0.0.1:9999", "origin": "http://127.0.0.1:9999"})
        assert r.status_code == 403 and "Origin check failed" in r.text
        assert c.get("/", headers={"host": "127.0.0.1:9999", **COOKIE}).status_code == 200  # the Host itself passes
    assert [p.name for p in folder.glob("*.yaml")] == ["greenwood.yaml"]


# ---------------------------------------------------------------------------
# DNS rebinding, in a real Chromium


ATTACK = """
async function attack(base, list) {
  const out = {reads: [], statuses: [], errors: []};
  try {
    const r = await fetch(base + "/list/" + list, {credentials: "include"});
    out.statuses.push(r.status);
    const text = await r.text();
    out.reads.push(text);
    const doc = new DOMParser().parseFromString(text, "text/html");
    const form = [...doc.querySelectorAll('form[action^="/act/"]')].find(
      f => (f.querySelector('input[name="e"]') || {value: ""}).value.startsWith('["set","name"'));
    let body = new URLSearchParams({csrf: "guessed", e: '["set","name",["--"],1]', value: "Hijacked", version: ""});
    if (form) { body = new URLSearchParams(new FormData(form)); body.set("value", "Hijacked"); }
    const p = await fetch(base + "/act/" + list, {method: "POST", credentials: "include", body,
                                                  headers: {accept: "application/json"}});
    out.statuses.push(p.status);
    out.reads.push(await p.text());
  } catch (e) { out.errors.push(String(e)); }
  try {  // blind: the answer cannot be read, the request is still sent
    await fetch(base + "/act/" + list, {method: "POST", mode: "no-cors", credentials: "include",
                                        body: new URLSearchParams({e: '["set","name",["--"],1]', value: "Hijacked"})});
  } catch (e) { out.errors.push(String(e)); }
  return out;
}
"""


def _attack_page(targets: list[tuple[str, str]]) -> bytes:
    calls = ", ".join(f"attack({json.dumps(base)}, {json.dumps(name)})" for base, name in targets)
    return (
        f"<!doctype html><html><body><h1>Free cats</h1><script>{ATTACK}\n"
        f"Promise.all([{calls}]).then(r => {{ window.results = r; window.done = true; }});</script></body></html>"
    ).encode()


@contextlib.contextmanager
def _site(body: bytes) -> Iterator[int]:
    """A tiny web site of its own on 127.0.0.1 (another port): every path answers ``body``."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(WAIT)


@pytest.fixture(scope="module")
def chromium():
    from tests.support.chromium import launched

    with launched(f"--host-resolver-rules=MAP {EVIL} 127.0.0.1") as b:
        yield b


def _results(page) -> list[dict]:
    page.wait_for_function("window.done === true", timeout=STEP_MS)
    return page.evaluate("window.results")


def test_dns_rebinding_a_page_of_another_site_can_neither_read_nor_change_a_list(chromium, folder):
    shutil.copyfile(GREENWOOD, folder / "control.yaml")
    before = (folder / "greenwood.yaml").read_bytes()
    bg = Background(folder, host="0.0.0.0")
    with bg as url:
        port = _port(url)
        context = chromium.new_context()
        context.set_default_timeout(STEP_MS)
        try:
            page = context.new_page()
            # The player has the builder open: the browser holds its cookie.
            assert page.goto(f"http://127.0.0.1:{port}/?key={bg.key}").status == 200
            assert "greenwood.yaml" in page.content()

            # The same script, on the builder's own page, does read and change a list: it is no dud.
            own = f"http://127.0.0.1:{port}/attack.html"
            page.route(
                own, lambda route: route.fulfill(body=_attack_page([("", "control.yaml")]), content_type="text/html")
            )
            page.goto(own)
            (control,) = _results(page)
            assert control["statuses"] == [200, 200] and "The Greenwood Host" in control["reads"][0]
            assert "name: Hijacked" in (folder / "control.yaml").read_text(encoding="utf-8")

            # A page of the attacker's site on its own port, calling the builder by both names.
            targets = [(f"http://{EVIL}:{port}", "greenwood.yaml"), (f"http://127.0.0.1:{port}", "greenwood.yaml")]
            with _site(_attack_page(targets)) as other:
                page.goto(f"http://{EVIL}:{other}/")
                for got in _results(page):
                    assert got["reads"] == [] and got["statuses"] == [], got  # nothing readable
            # After the rebinding: the attacker's name resolves to 127.0.0.1, on the builder's
            # port, so a script of that origin is same-origin with the builder (Chromium's own
            # guard against public pages calling loopback is not in play: this document came
            # from 127.0.0.1 itself). The builder refuses the name.
            assert page.goto(f"http://{EVIL}:{port}/").status == 421
            got = page.evaluate("(() => {" + ATTACK + "\nreturn attack('', 'greenwood.yaml'); })()")
            assert got["statuses"] == [421, 421] and got["errors"] == [], got
            assert not any("Greenwood" in text or "csrf" in text for text in got["reads"])
        finally:
            context.close()
    assert (folder / "greenwood.yaml").read_bytes() == before


def test_the_printed_link_works_when_opened_from_another_site(chromium, folder):
    """A link to the key's address in a web mail or a chat: the page opens all the same."""
    bg = Background(folder, host="0.0.0.0")
    with bg as url:
        port = _port(url)
        link = f"http://127.0.0.1:{port}/list/greenwood.yaml?key={bg.key}"
        with _site(f'<!doctype html><a id="go" href="{link}">my lists</a>'.encode()) as other:
            context = chromium.new_context()
            context.set_default_timeout(STEP_MS)
            try:
                page = context.new_page()
                page.goto(f"http://{EVIL}:{other}/")
                page.click("#go")
                page.wait_for_url(f"http://127.0.0.1:{port}/list/greenwood.yaml")
                page.wait_for_function("document.title.includes('The Greenwood Host')")
            finally:
                context.close()


# ---------------------------------------------------------------------------
# Slow clients


def _half_sent(port: int, count: int, apart: bool = False) -> list[socket.socket]:
    """``count`` connections, each with half a request head; ``apart``: each from an address of
    its own (127.0.0.2, .3, ...: every 127.x address is this machine's), so no per-client limit
    closes any of them."""
    held: list[socket.socket] = []
    try:
        for i in range(count):
            source = (f"127.0.{(i + 2) // 256}.{(i + 2) % 256}", 0) if apart else None
            s = socket.create_connection(("127.0.0.1", port), timeout=WAIT, source_address=source)
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(s)
    except BaseException:
        for s in held:
            s.close()
        raise
    return held


def _closed_by_server(s: socket.socket, within: float) -> bytes | None:
    """What the server sent before closing ``s`` (None: still open after ``within`` seconds)."""
    s.settimeout(within)
    got = b""
    try:
        while chunk := s.recv(4096):
            got += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return got


# The half-sent requests below are given ten minutes (HELD) to finish their heads: none is dropped
# while the test runs, so a page that arrives at all (within WAIT) was answered while they were open.
HELD = Limits(head=600.0)


def test_80_half_sent_requests_do_not_hold_the_server(folder):
    with Background(folder, limits=HELD) as url:
        port = _port(url)
        held = _half_sent(port, 80)
        try:
            status, _, body = _get(port, "/")
        finally:
            for s in held:
                s.close()
    assert status == 200 and b"greenwood" in body


def test_80_half_sent_requests_from_80_clients_stay_open_and_the_server_still_answers(folder):
    """The issue's case whole: 80 clients each hold a half-sent request open (none is closed to
    make room, each being another address), and a normal page still arrives while they are open."""
    with Background(folder, limits=HELD) as url:
        port = _port(url)
        held = _half_sent(port, 80, apart=True)
        try:
            time.sleep(0.2)
            status, _, body = _get(port, "/")
            still = [s for s in held if _closed_by_server(s, 0.01) is None]
        finally:
            for s in held:
                s.close()
    assert status == 200 and b"greenwood" in body
    assert len(still) == 80  # all 80 held open all along


def test_pdf_downloads_in_flight_hold_up_no_page(folder, monkeypatch):
    """Issue 24: with 16 PDF downloads in flight, a list page waited (one lock for the server), and
    then the same browser's page was turned away (503). Now the page is answered while the PDFs
    are still being laid out (one at a time: reportlab's state is global), and 16 downloads of one
    list lay it out once."""
    from armybuilder.export import roster as roster_module

    for i in range(16):
        shutil.copyfile(GREENWOOD, folder / f"host-{i:02}.yaml")
    built: list[str] = []
    real_build = roster_module.build

    def counted(path, *args, **kwargs):
        built.append(Path(path).name)
        return real_build(path, *args, **kwargs)

    monkeypatch.setattr(roster_module, "build", counted)
    with Background(folder) as url:
        port = _port(url)
        done: queue.Queue[tuple[int, int, bytes]] = queue.Queue()
        order = itertools.count()  # which answer came first: an order, not a clock

        def download(name: str) -> None:
            status, _, body = _get(port, f"/roster/pdf/{name}", wait=120)  # 16 laid out in turn, on a busy machine
            done.put((next(order), status, body[:5]))

        pdfs = [threading.Thread(target=download, args=(f"host-{i:02}.yaml",)) for i in range(16)]
        for t in pdfs:
            t.start()
        while not built:  # the first PDF is being laid out
            time.sleep(0.005)
        status, _, body = _get(port, "/list/greenwood.yaml")
        page_at = next(order)
        for t in pdfs:
            t.join(130)
        answers = [done.get_nowait() for _ in range(16)]
        assert status == 200 and b"Greenwood" in body
        assert all(s == 200 and head == b"%PDF-" for _, s, head in answers)
        assert page_at < max(at for at, _, _ in answers), "the page waited for every PDF"
        # the same list 16 times at once: laid out once, every download the same bytes
        built.clear()
        same: list[bytes] = []
        threads = [
            threading.Thread(target=lambda: same.append(_get(port, "/roster/pdf/greenwood.yaml")[2])) for _ in range(16)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert built == ["greenwood.yaml"] and len(same) == 16 and len(set(same)) == 1
        # a change to the file is a new roster
        (folder / "greenwood.yaml").write_text(
            GREENWOOD.read_text(encoding="utf-8").replace("Greenwood", "Oakwood"), encoding="utf-8"
        )
        assert b"%PDF-" in _get(port, "/roster/pdf/greenwood.yaml")[2][:5] and built == ["greenwood.yaml"] * 2


def test_a_half_sent_head_is_dropped_in_time(folder):
    with Background(folder, limits=Limits(head=0.5)) as url:
        port = _port(url)
        (half,) = _half_sent(port, 1)
        silent = socket.create_connection(("127.0.0.1", port), timeout=WAIT)  # sends nothing at all
        try:
            assert (_closed_by_server(half, 5.0) or b"").startswith(b"HTTP/1.1 408 ")
            assert _closed_by_server(silent, 5.0) == b""  # closed, without a word to a spare connection
            assert _get(port, "/")[0] == 200  # the others are served as ever
        finally:
            half.close()
            silent.close()


def test_a_half_sent_body_is_dropped_in_time(folder):
    with Background(folder, limits=Limits(body=0.5)) as url:
        port = _port(url)
        s = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        try:
            s.sendall(
                b"POST /manage/greenwood.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + f"Origin: http://127.0.0.1:{port}\r\n".encode()
                + b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ndo=del"
            )
            assert (_closed_by_server(s, 5.0) or b"").startswith(b"HTTP/1.1 408 ")
        finally:
            s.close()
    assert (folder / "greenwood.yaml").exists()


def test_one_client_holds_at_most_its_share_the_longest_waiting_gives_way(folder):
    with Background(folder, limits=Limits(per_client=4)) as url:
        port = _port(url)
        held = _half_sent(port, 4)
        try:
            time.sleep(0.1)
            assert all(_closed_by_server(s, 0.05) is None for s in held)  # four: all kept
            assert _get(port, "/")[0] == 200  # a fifth: the oldest half-sent one makes room
            assert _closed_by_server(held[0], 2.0) is not None
            assert all(_closed_by_server(s, 0.05) is None for s in held[2:])
        finally:
            for s in held:
                s.close()


def test_the_server_holds_at_most_its_total(folder):
    with Background(folder, limits=Limits(per_client=100, total=6)) as url:
        port = _port(url)
        held = _half_sent(port, 10)
        try:
            time.sleep(0.2)
            still = [s for s in held if _closed_by_server(s, 0.05) is None]
            assert len(still) == 6 and still == held[4:]  # the newest six
            assert _get(port, "/")[0] == 200
        finally:
            for s in held:
                s.close()


# ---------------------------------------------------------------------------
# Files: resolved before any check


@pytest.fixture
def links(folder, tmp_path):
    (folder / ".secret.yaml").write_text("system: fantasy-triumph\nname: Secret Plans\n", encoding="utf-8")
    (folder / ".hide").mkdir()
    (folder / ".hide" / "in.yaml").write_text("system: fantasy-triumph\nname: Hidden Host\n", encoding="utf-8")
    (folder / "notes.txt").write_text("system: fantasy-triumph\nname: Not a List\n", encoding="utf-8")
    (tmp_path / "outside.yaml").write_text("system: fantasy-triumph\nname: Outside\n", encoding="utf-8")
    (folder / "peek.yaml").symlink_to(folder / ".secret.yaml")
    (folder / "deep.yaml").symlink_to(folder / ".hide" / "in.yaml")
    (folder / "text.yaml").symlink_to(folder / "notes.txt")
    (folder / "away.yaml").symlink_to(tmp_path / "outside.yaml")
    (folder / "same.yaml").symlink_to(folder / "greenwood.yaml")
    (folder / "sub").symlink_to(folder / ".hide", target_is_directory=True)
    return folder


REFUSED = ["peek.yaml", "deep.yaml", "text.yaml", "away.yaml", "sub/in.yaml"]


@pytest.mark.parametrize("name", REFUSED)
def test_a_link_to_a_hidden_file_or_out_of_the_folder_is_refused(links, name):
    with pytest.raises(Refused) as caught:
        Folder(links).existing(name)
    assert caught.value.status == 403


def test_renaming_or_deleting_a_link_moves_the_link_not_its_file(links):
    """A list reached through a link (``same.yaml`` → ``greenwood.yaml``): renaming it renamed the
    file it points to, and left the link dangling; deleting it sent that file to the trash."""
    from armybuilder.web import folderpage

    folder = Folder(links)
    original = (links / "greenwood.yaml").read_bytes()
    assert folderpage.rename(folder, "same.yaml", "alias") == "alias.yaml"
    assert (links / "alias.yaml").is_symlink() and not os.path.lexists(links / "same.yaml")
    assert (links / "greenwood.yaml").read_bytes() == original and not (links / "greenwood.yaml").is_symlink()
    kept = folderpage.delete(folder, "alias.yaml")
    assert not os.path.lexists(links / "alias.yaml") and (links / "greenwood.yaml").read_bytes() == original
    assert folderpage.restore(folder, kept) == "alias.yaml"
    assert (links / "alias.yaml").is_symlink() and (links / "alias.yaml").read_bytes() == original


def test_such_links_are_not_listed_and_not_served(links):
    found, packs = Folder(links).scan()
    assert [f.name for f in found] == ["greenwood.yaml", "same.yaml"] and packs == []
    assert Folder(links).existing("same.yaml") == (links / "greenwood.yaml").resolve()
    with pytest.raises(Refused):
        Folder(links).new("sub/new.yaml")  # a folder link into a hidden folder
    with TestClient(make_app(links), base_url=BASE) as c:
        text = c.get("/").text
        for name in REFUSED:
            assert name not in text
            for url in (f"/list/{name}", f"/roster/markdown/{name}", f"/roster/json/{name}"):
                r = c.get(url)
                assert r.status_code == 403, url
                assert not any(w in r.text for w in ("Secret Plans", "Hidden Host", "Not a List", "Outside"))
        assert "Secret Plans" not in text and "Hidden Host" not in text


# ---------------------------------------------------------------------------
# What serve says


def test_the_start_up_lines_on_loopback():
    lines = start_up_lines(Path("/x"), "127.0.0.1", 8000, None)
    assert lines == [
        "armybuilder serve: the lists in /x at http://127.0.0.1:8000/ (Ctrl+C stops)",
        "armybuilder serve: only this computer can open it (listening on 127.0.0.1); to open it from a phone, "
        "see armybuilder serve --help",
    ]


def test_the_start_up_lines_on_the_network(monkeypatch):
    from armybuilder.web import server

    monkeypatch.setattr(server, "network_names", lambda host, allow=(): ["192.168.1.5", "laptop.local", *allow])
    lines = start_up_lines(Path("/x"), "0.0.0.0", 8000, "K", ["laptop.lan"])
    assert lines[0] == "armybuilder serve: the lists in /x at http://127.0.0.1:8000/?key=K (Ctrl+C stops)"
    assert lines[1].startswith(
        "armybuilder serve: who can reach it: any device that can reach this computer (every address) on port 8000 "
        "and opens a link with the key"
    )
    assert lines[2:] == [
        "armybuilder serve: on the network: http://192.168.1.5:8000/?key=K",
        "armybuilder serve: on the network: http://laptop.local:8000/?key=K",
        "armybuilder serve: on the network: http://laptop.lan:8000/?key=K",
    ]
    lan = start_up_lines(Path("/x"), "192.168.1.5", 8000, "K")
    assert lan[0] == "armybuilder serve: the lists in /x at http://192.168.1.5:8000/?key=K (Ctrl+C stops)"
    assert "http://192.168.1.5:8000/?key=K" not in " ".join(lan[1:])  # said once


def test_the_qr_code_is_left_out_where_the_terminal_cannot_show_it(monkeypatch):
    lines = qr_lines("http://192.168.1.5:8000/?key=K")
    assert len(lines) > 10 and set("".join(lines)) <= set("█▀▄ ")

    class Ascii:
        encoding = "ascii"

    monkeypatch.setattr(sys, "stderr", Ascii())
    assert qr_lines("http://192.168.1.5:8000/?key=K") == []


def test_serve_on_the_network_prints_the_links_and_the_qr_code(folder):
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "armybuilder", "serve", str(folder), "--host", "0.0.0.0", "--port", "0",
         "--no-open", "--allow-host", "laptop.lan"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT, env=env,
    )  # fmt: skip
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    said: list[str] = []
    try:
        deadline = time.monotonic() + 20
        while not (said and said[-1].startswith("▀▀▀")):  # the QR code's last line
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            assert line is not None, said
            said.append(line)
        assert said[0].startswith("armybuilder serve: warning: listening on 0.0.0.0")
        here = re.fullmatch(
            r"armybuilder serve: the lists in .* at (http://127\.0\.0\.1:(\d+)/\?key=(\S+)) \(Ctrl\+C stops\)", said[1]
        )
        assert here, said
        port, key = here.group(2), here.group(3)
        assert said[2].startswith("armybuilder serve: who can reach it:")
        phone = [line.split(": ", 2)[2] for line in said if line.startswith("armybuilder serve: on the network: ")]
        assert f"http://laptop.lan:{port}/?key={key}" in phone
        scan = said.index("armybuilder serve: or scan this code with the phone (on the same network):")
        assert said[scan + 1 :] == qr_lines(phone[0])
        # the link opens the builder (the redirect sets the cookie); without the key, 401
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with opener.open(here.group(1), timeout=WAIT) as r:
            assert r.status == 200 and r.url == f"http://127.0.0.1:{port}/" and b"greenwood" in r.read()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=WAIT)
        assert refused.value.code == 401
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(20)
    assert proc.returncode == 0


def test_serve_help_explains_network_use():
    from typer.testing import CliRunner

    from armybuilder.cli import app

    r = CliRunner().invoke(app, ["serve", "--help"])
    text = " ".join(r.stdout.split())
    assert r.exit_code == 0 and "--allow-host" in text
    assert "from a phone on the same network, run it with --host 0.0.0.0 and open the link it prints" in text


# ---------------------------------------------------------------------------
# Answers a script can read: the folder page's forms through htmx


def test_a_refused_change_on_the_folder_page_answers_htmx_with_its_status(folder):
    shutil.copyfile(GREENWOOD, folder / "other.yaml")
    with TestClient(make_app(folder), base_url=BASE, follow_redirects=False) as c:
        token = c.app.state.builder.token
        htmx = {"origin": BASE, "hx-request": "true", "hx-boosted": "true"}
        r = c.post("/manage/greenwood.yaml", data={"csrf": token, "do": "rename", "to": "other"}, headers=htmx)
        assert r.status_code == 409 and "already a file named other.yaml" in r.text
        assert r.headers["hx-push-url"] == "/" and 'id="result"' in r.text
        r = c.post(
            "/manage/greenwood.yaml", data={"csrf": token, "do": "rename", "to": "muster", "q": "x"}, headers=htmx
        )
        assert r.status_code == 200 and r.headers["hx-push-url"] == "/?q=x" and "Renamed greenwood.yaml" in r.text
        r = c.post("/restore", data={"csrf": token, "key": "nothing"}, headers=htmx)
        assert r.status_code == 404
        r = c.post("/manage/other.yaml", data={"csrf": token, "do": "rename", "to": "muster"}, headers={"origin": BASE})
        assert r.status_code == 303 and r.headers["location"].startswith("/?done=")  # a plain form
