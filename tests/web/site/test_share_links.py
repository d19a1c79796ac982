"""Share links and what a site's pages add to the builder: ``share --link``, ``export --link``,
the page a shared list opens on (``/shared``), and lists kept as files (``/download``,
``/lists.zip``, a YAML file imported). Through the app in process (no browser)."""

from __future__ import annotations

import asyncio
import io
import re
import urllib.parse
import zipfile
from pathlib import Path

import pytest
from export.helpers import pdf_text

ROOT = Path(__file__).resolve().parents[3]
GREENWOOD = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"


def _call(app, method, target, headers=(), body=b""):
    from armybuilder.web.site.inproc import call

    return asyncio.run(call(app, method, target, list(headers), body))


@pytest.fixture
def app(tmp_path):
    from armybuilder.web.builder import make_app

    return make_app(tmp_path)


def _code(run, path: Path = GREENWOOD) -> str:
    return run("share", path).stdout.strip()


def test_share_link_puts_the_code_in_the_fragment(run):
    code = _code(run)
    result = run("share", GREENWOOD, "--link", "https://club.example/armybuilder/")
    assert result.exit_code == 0
    assert result.stdout.strip() == "https://club.example/armybuilder/#" + code
    again = run("share", GREENWOOD, "--link", "https://club.example/armybuilder/#old", "--format", "json")
    assert '"share_link": "https://club.example/armybuilder/#' + code in again.stdout


@pytest.mark.parametrize(
    "base", ["club.example", "ftp://club.example/", "https://", "https://a b/", "https://x/\x1b[2J"]
)
def test_a_link_base_that_is_no_web_address_is_refused(run, base):
    result = run("share", GREENWOOD, "--link", base)
    assert result.exit_code == 2
    assert "--link" in result.stderr and "\x1b" not in result.stderr and result.stdout == ""


def test_export_link_puts_the_link_in_the_qr_code_and_the_roster_still_verifies(run, tmp_path):
    from export.test_export_qr import scanned  # the page rendered by pdftoppm, read by zxing-cpp

    out = tmp_path / "g.pdf"
    result = run("export", GREENWOOD, "-o", out, "--link", "https://club.example/ab/")
    assert result.exit_code == 0, result.stderr
    assert scanned(out, tmp_path) == ["https://club.example/ab/#" + _code(run)]
    assert "Scan to open the list" in pdf_text(out.read_bytes())
    assert run("verify", out).exit_code == 0
    plain = tmp_path / "plain.pdf"
    run("export", GREENWOOD, "-o", plain)
    assert scanned(plain, tmp_path) == [_code(run)]


def test_export_link_on_another_format_says_it_is_for_a_pdf(run, tmp_path):
    result = run("export", GREENWOOD, "-o", tmp_path / "g.md", "--link", "https://club.example/ab/")
    assert result.exit_code == 0
    assert "--link is the QR code of a PDF" in result.stderr


def test_a_shared_list_opens_as_a_roster_to_read_and_save(app, run, tmp_path):
    code = _code(run)
    page = _call(app, "GET", "/shared?code=" + urllib.parse.quote(code))
    assert page.status == 200
    html = page.body.decode()
    assert "The Greenwood Host" in html and "Legal" in html and "51 of 51" in html
    assert 'id="save-shared"' in html and "Wardens" in html
    assert not list(tmp_path.glob("*.yaml")), "nothing is kept before Save"
    csrf = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    saved = _call(
        app,
        "POST",
        "/import",
        [("content-type", "application/x-www-form-urlencoded")],
        urllib.parse.urlencode({"csrf": csrf, "code": code}).encode(),
    )
    assert saved.status == 200 and saved.url.startswith("/list/the-greenwood-host.yaml")


@pytest.mark.parametrize("cut", [5, 40])
def test_a_damaged_link_says_what_is_wrong_and_asks_for_the_code_again(app, run, cut):
    code = _code(run)
    page = _call(app, "GET", "/shared?code=" + urllib.parse.quote(code[:-cut]))
    assert page.status == 422
    html = page.body.decode()
    assert "This link holds no list" in html and "The share code cannot be read" in html
    assert 'name="code"' in html and "Paste the whole share code again" in html


def test_hostile_codes_are_shown_escaped(app):
    page = _call(app, "GET", "/shared?code=" + urllib.parse.quote('AB1.<script>alert(1)</script>"'))
    assert page.status == 422
    assert b"<script>alert" not in page.body


def test_a_list_downloads_as_its_file_and_all_lists_as_one_zip(app, tmp_path):
    (tmp_path / "g.yaml").write_bytes(GREENWOOD.read_bytes())
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "h.yaml").write_bytes(GREENWOOD.read_bytes().replace(b"Greenwood", b"Holly"))
    one = _call(app, "GET", "/download/g.yaml")
    assert one.status == 200 and one.body == GREENWOOD.read_bytes()
    assert 'filename="g.yaml"' in one.header("content-disposition")
    assert _call(app, "GET", "/download/../etc/passwd.yaml").status in (400, 403, 404)
    every = _call(app, "GET", "/lists.zip")
    assert every.status == 200 and "attachment" in every.header("content-disposition")
    with zipfile.ZipFile(io.BytesIO(every.body)) as z:
        assert sorted(z.namelist()) == ["g.yaml", "sub/h.yaml"]
        assert z.read("g.yaml") == GREENWOOD.read_bytes()


def _upload(app, name: str, data: bytes):
    first = _call(app, "GET", "/")
    csrf = re.search(rb'name="csrf" value="([^"]+)"', first.body).group(1)
    b = b"XbOuNdArY"
    body = (
        b"--" + b + b'\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n' + csrf + b"\r\n"
        b"--" + b + b'\r\nContent-Disposition: form-data; name="roster"; filename="' + name.encode() + b'"\r\n'
        b"Content-Type: application/octet-stream\r\n\r\n" + data + b"\r\n--" + b + b"--\r\n"
    )
    headers = [("content-type", "multipart/form-data; boundary=XbOuNdArY"), ("hx-request", "true")]
    return _call(app, "POST", "/import", headers, body)


def test_a_list_file_imports_as_it_is_comments_and_all(app, tmp_path):
    text = b"# my notes\n" + GREENWOOD.read_bytes()
    answer = _upload(app, "mine.yaml", text)
    assert answer.status == 200 and answer.url.startswith("/list/the-greenwood-host.yaml")
    assert (tmp_path / "the-greenwood-host.yaml").read_bytes() == text


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"- a\n- b\n", "is not a list"),
        (b"event:\n  name: X\n", "is not a list"),
        (b"a: [1\n", "cannot be read as a list"),
        (b"\xff\xfe", "cannot be read as a list"),
    ],
)
def test_a_yaml_file_that_is_no_list_is_refused(app, tmp_path, data, said):
    answer = _upload(app, "x.yaml", data)
    assert answer.status == 422
    assert said in answer.body.decode()
    assert not list(tmp_path.glob("*.yaml"))
