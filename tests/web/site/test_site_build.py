"""``armybuilder site``: the static site's build, its cache, and the app's way in (no browser).

The build is tested with a small cache made here (a stand-in Pyodide package and wheels, pinned by
their own SHA-256), so these run anywhere; ``test_site_browser.py`` runs the real site in Chromium.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from armybuilder.outcome import ExitCode
from armybuilder.web.site import build as site

ROOT = Path(__file__).resolve().parents[3]


def _tgz(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def _wheel(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache of stand-ins, and the pins that name them."""
    where = tmp_path / "cache"
    where.mkdir()
    runtime = {name: f"runtime {name}".encode() * 50 for name in site.RUNTIME}
    files = {
        "pyodide-0.tgz": _tgz(runtime),
        "pure-1.0-py3-none-any.whl": _wheel(
            {"pure/__init__.py": b"X = 1\n", "pure/tests/test_x.py": b"", "pure-1.0.dist-info/RECORD": b""}
        ),
        "fast-1.0-cp311-linux.whl": _wheel({"fast/__init__.py": b"Y = 2\n", "fast/_speedups.so": b"\x7fELF"}),
    }
    for name, data in files.items():
        (where / name).write_bytes(data)

    def pin(requirement: str, name: str, compiled: bool = False) -> site.Pin:
        return site.Pin(requirement, name, hashlib.sha256(files[name]).hexdigest(), compiled)

    monkeypatch.setattr(site, "PYODIDE", pin("pyodide@0", "pyodide-0.tgz"))
    monkeypatch.setattr(
        site,
        "WHEELS",
        (pin("pure==1.0", "pure-1.0-py3-none-any.whl"), pin("fast==1.0", "fast-1.0-cp311-linux.whl", True)),
    )
    return where


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_writes_the_site_and_says_what_a_first_visit_downloads(cache, tmp_path):
    out = tmp_path / "site"
    done = site.run(out, cache, do_fetch=False, force=False)
    assert done.code is ExitCode.OK, done.stderr
    files = _tree(out)
    for name in (
        "index.html",
        "shell.js",
        "worker.js",
        "sw.js",
        "manifest.webmanifest",
        "icon-192.png",
        "icon-512.png",
    ):
        assert name in files
    assert "static/htmx.min.js" in files and "static/style.css" in files and "static/app.js" in files
    assert "pyodide/pyodide.asm.wasm.gz" in files and "pyodide/pyodide.asm.wasm" not in files
    assert files["pyodide/python_stdlib.zip"] == b"runtime python_stdlib.zip" * 50
    import gzip

    assert gzip.decompress(files["pyodide/pyodide.asm.wasm.gz"]) == b"runtime pyodide.asm.wasm" * 50
    # The page reads htmx's settings as the app's pages give them; the service worker knows its build.
    base = (ROOT / "armybuilder/web/templates/base.html").read_text()
    meta = re.search(r'<meta name="htmx-config"[^>]*>', base).group(0)
    assert meta in files["index.html"].decode()
    build = json.loads(files["build.json"])
    assert f'"{build["build"]}"'.encode() in files["sw.js"] and b"__BUILD__" not in files["sw.js"]
    assert set(build["files"]) == set(files) - {"sw.js", "build.json"}
    # The packages: the pure modules, no compiled module, no tests; armybuilder, its data and schemas.
    with zipfile.ZipFile(io.BytesIO(files["armybuilder.zip"])) as z:
        names = set(z.namelist())
    assert {"pure/__init__.py", "fast/__init__.py", "PIL/Image.py", "armybuilder/web/site/worker.py"} <= names
    assert "fast/_speedups.so" not in names and "pure/tests/test_x.py" not in names
    assert "armybuilder/_data/fantasy-triumph/system.yaml" in names
    assert "armybuilder/_schemas/fantasy-triumph.list.schema.json" in names
    report = done.stdout
    assert "A first visit downloads:" in report and "armybuilder.zip" in report and "gzipped" in report
    assert re.search(r"in all +[0-9,]+ bytes +[0-9,]+ gzipped", report)


def test_the_same_cache_gives_the_same_bytes(cache, tmp_path):
    assert site.run(tmp_path / "a", cache, False, False).code is ExitCode.OK
    assert site.run(tmp_path / "b", cache, False, False).code is ExitCode.OK
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")


def test_the_site_loads_nothing_from_another_origin(cache, tmp_path):
    site.run(tmp_path / "s", cache, False, False)
    index = (tmp_path / "s" / "index.html").read_text()
    assert "Content-Security-Policy" in index and "default-src 'self'" in index
    for name in ("index.html", "shell.js", "worker.js", "sw.js", "manifest.webmanifest", "site.css"):
        text = (tmp_path / "s" / name).read_text()
        assert not re.search(r"(src|href)=\"(https?:)?//", text), name
        assert not re.search(r"(import|fetch)\(\s*[\"'](https?:)?//", text), name


def test_without_the_cache_it_says_what_to_run(tmp_path):
    done = site.run(tmp_path / "s", tmp_path / "nothing", do_fetch=False, force=False)
    assert done.code is ExitCode.USAGE
    said = " ".join(done.stderr)
    assert "is missing" in said and f"armybuilder site OUT --fetch --cache {tmp_path / 'nothing'}" in said
    assert not (tmp_path / "s").exists()


def test_a_changed_file_in_the_cache_is_refused(cache, tmp_path):
    wheel = cache / "pure-1.0-py3-none-any.whl"
    wheel.write_bytes(wheel.read_bytes() + b"\0")
    done = site.run(tmp_path / "s", cache, False, False)
    assert done.code is ExitCode.USAGE
    assert "pure-1.0-py3-none-any.whl is not the pinned file (its SHA-256 differs)" in " ".join(done.stderr)


def test_a_folder_is_replaced_only_with_force_and_only_when_it_is_a_site(cache, tmp_path):
    out = tmp_path / "s"
    assert site.run(out, cache, False, False).code is ExitCode.OK
    again = site.run(out, cache, False, False)
    assert again.code is ExitCode.USAGE and "use --force" in again.stderr[0]
    (out / "mine.txt").write_text("kept until --force")
    assert site.run(out, cache, False, True).code is ExitCode.OK
    assert not (out / "mine.txt").exists() and (out / "index.html").exists()
    other = tmp_path / "other"
    other.mkdir()
    (other / "thesis.tex").write_text("not a site")
    refused = site.run(other, cache, False, True)
    assert refused.code is ExitCode.USAGE and "not a site armybuilder made" in refused.stderr[0]
    assert (other / "thesis.tex").read_text() == "not a site"


def test_the_command_line(run, tmp_path, monkeypatch):
    monkeypatch.setenv("ARMYBUILDER_SITE_CACHE", str(tmp_path / "empty"))
    result = run("site", tmp_path / "s")
    assert result.exit_code == 2
    assert "armybuilder site OUT --fetch" in result.stderr
    assert run("site").exit_code == 2
    assert "Write the builder as a static site" in run("site", "--help").stdout


def test_fetch_without_npm_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setattr(site.shutil, "which", lambda name: None)
    monkeypatch.setattr(site, "WHEELS", ())
    left = site.fetch(tmp_path / "c")
    assert any("npm is not installed" in line for line in left)


# ---------------------------------------------------------------------------
# The app's way in, as the worker uses it (armybuilder.web.site.inproc, armybuilder.web.site.worker)


def _app(folder: Path):
    from armybuilder.web.builder import make_app

    return make_app(folder)


def _csrf(body: bytes) -> str:
    return re.search(rb'name="csrf" value="([^"]+)"', body).group(1).decode()


def test_a_request_in_process_reaches_the_app_and_follows_its_redirect(tmp_path):
    from armybuilder.web.site.inproc import call

    app = _app(tmp_path)

    async def go():
        first = await call(app, "GET", "/")
        made = await call(
            app,
            "POST",
            "/new",
            [("content-type", "application/x-www-form-urlencoded")],
            f"csrf={_csrf(first.body)}&system=token-terrors&name=Quick".encode(),
        )
        return first, made

    first, made = asyncio.run(go())
    assert first.status == 200 and b"New list" in first.body
    assert made.status == 200 and made.url.startswith("/list/quick.yaml")
    assert (tmp_path / "quick.yaml").is_file()


def test_a_forged_origin_is_still_refused_in_process(tmp_path):
    from armybuilder.web.site.inproc import call

    app = _app(tmp_path)

    async def go():
        first = await call(app, "GET", "/")
        body = f"csrf={_csrf(first.body)}&system=token-terrors&name=X".encode()
        headers = [("content-type", "application/x-www-form-urlencoded"), ("origin", "http://evil.example")]
        return await call(app, "POST", "/new", headers, body)

    assert asyncio.run(go()).status == 403
    assert not list(tmp_path.glob("*.yaml"))


def test_the_worker_runs_the_app_without_threads():
    """In a process of its own: the worker's module makes Starlette's thread pool inline for good."""
    code = (
        "import asyncio, json, threading, tempfile\n"
        "from armybuilder.web.site import worker\n"
        "worker.start(tempfile.mkdtemp())\n"
        "before = threading.active_count()\n"
        "status, headers, body, url = asyncio.run(worker.handle('GET', '/', '[]', b''))\n"
        "assert status == 200 and b'New list' in body and url == '/', (status, url)\n"
        "assert threading.active_count() == before, 'a thread was started'\n"
        "text = open('examples/fantasy-triumph/greenwood-host.yaml').read()\n"
        "report = json.loads(worker.validate_json('g.yaml', text))\n"
        "assert report['results'][0]['valid'] is True, report\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_rename_delete_and_restore_without_hard_links(tmp_path, monkeypatch):
    """The browser's file system has no hard links (Pyodide's os has no link): the lists page's
    rename, delete and restore still work, and never write over another list."""
    import os

    from armybuilder.web import folderpage
    from armybuilder.web.files import Folder

    monkeypatch.delattr(os, "link")
    (tmp_path / "a.yaml").write_bytes((ROOT / "examples/fantasy-triumph/greenwood-host.yaml").read_bytes())
    (tmp_path / "b.yaml").write_text("system: token-terrors\nname: B\n")
    folder = Folder(tmp_path)
    renamed = folderpage.rename(folder, "a.yaml", "greenwood")
    assert renamed == "greenwood.yaml" and (tmp_path / "greenwood.yaml").is_file()
    with pytest.raises(folderpage.Refused):
        folderpage.rename(folder, "greenwood.yaml", "b")
    assert (tmp_path / "b.yaml").read_text() == "system: token-terrors\nname: B\n"
    folderpage.delete(folder, "greenwood.yaml")
    assert not (tmp_path / "greenwood.yaml").exists()
    (kept,) = folderpage.trash(folder)
    assert folderpage.restore(folder, kept.key) == "greenwood.yaml"
    assert b"Greenwood" in (tmp_path / "greenwood.yaml").read_bytes()


# ---------------------------------------------------------------------------
# What the zip carries of armybuilder: the modules the worker imports (armybuilder.web.site.reach)

# A player's session, in a process of its own with the unpacked zip first on the path (as the
# worker has it): the lists page, a new list of each game, an edit and its undo, each roster, the
# share page and an import of the code and of each roster, the game's rules, the downloads, the
# command line's findings. It prints the armybuilder modules it imported, and where each was from.
SESSION = r"""
import asyncio, html, json, re, sys, uuid
from urllib.parse import urlencode

site, folder = sys.argv[1:3]
sys.path.insert(0, site)
from armybuilder.web.site import worker

worker.start(folder)


def go(method, target, body=b"", kind=None):
    given = json.dumps([["content-type", kind]] if kind else [])
    status, headers, out, url = asyncio.run(worker.handle(method, target, given, body))
    assert status == 200, (method, target, status, bytes(out)[:2000])
    return bytes(out)


def form(**fields):
    return urlencode(fields).encode(), "application/x-www-form-urlencoded"


def upload(csrf, filename, data):
    mark = uuid.uuid4().hex
    head = f'--{mark}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{csrf}\r\n'
    head += f'--{mark}\r\nContent-Disposition: form-data; name="roster"; filename="{filename}"\r\n\r\n'
    return head.encode() + data + f"\r\n--{mark}--\r\n".encode(), f"multipart/form-data; boundary={mark}"


def acts(page):
    found = re.search(r'<form (?:hx-swap-oob="morph" )?id="acts".*?</form>', page, re.S).group(0)
    return dict(re.findall(r'name="(\w+)" value="([^"]*)"', found))


def read():
    return open(folder + "/host.yaml", encoding="utf-8").read()


lists = go("GET", "/").decode()
csrf = re.search(r'name="csrf" value="([^"]+)"', lists).group(1)
for system in re.findall(r'name="system" value="([^"]+)"', lists):
    go("POST", "/new", *form(csrf=csrf, system=system, name="New " + system))
page = go("GET", "/list/host.yaml").decode()
before = read()
more = re.search(r'<button [^>]*aria-label="One more stand[^"]*"[^>]*name="e" value="([^"]*)"', page).group(1)
go("POST", "/act/host.yaml", *form(**acts(page), e=html.unescape(more)))
assert read() != before, "the edit changed nothing"
go("POST", "/undo/host.yaml", *form(**acts(go("GET", "/list/host.yaml").decode())))
assert read() == before, "the undo did not undo"
page = go("GET", "/list/host.yaml").decode()
rosters = {link: go("GET", html.unescape(link)) for link in sorted(set(re.findall(r'href="(/roster/[^"]+)"', page)))}
code = re.search(r'id="share-code"[^>]*value="([^"]+)"', page).group(1)
go("GET", "/shared?code=" + code)
go("POST", "/import", *form(csrf=csrf, code=code))
for fmt, suffix in (("pdf", ".pdf"), ("markdown", ".md"), ("json", ".json")):
    go("POST", "/import", *upload(csrf, "host" + suffix, rosters[f"/roster/{fmt}/host.yaml"]))
go("GET", html.unescape(re.search(r'href="(/explain/[^"]+)"', page).group(1)))
go("GET", "/download/host.yaml")
go("GET", "/lists.zip")
assert "host.yaml" in go("GET", "/?q=host&sort=status").decode()
assert json.loads(worker.validate_json("g.yaml", read()))["results"][0]["valid"] is True
imported = {
    name: getattr(module, "__file__", None) or ""
    for name, module in sys.modules.items()
    if name == "armybuilder" or name.startswith("armybuilder.")
}
print(json.dumps({"formats": sorted({link.split("/")[2] for link in rosters}), "imported": imported}))
"""


def _module_of(member: str) -> str:
    return member.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_the_zip_holds_every_module_a_browser_session_imports_and_none_of_the_command_line(
    cache, tmp_path, monkeypatch
):
    """The worker, run from the unpacked zip, drives a player's session: every armybuilder module
    it imports is one the zip carries (the rest of the package is not on its path), and the zip
    carries no module of the command line, of ``serve``'s server, of the desk or of the site's build."""
    unpacked = tmp_path / "zip"
    with zipfile.ZipFile(io.BytesIO(site.site_packages(cache))) as z:
        names = set(z.namelist())
        # Not the stand-in for Pillow: this process has the venv's packages, which read the real one.
        z.extractall(unpacked, [n for n in names if n not in site.PIL_STANDIN])
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "host.yaml").write_bytes((ROOT / "examples/fantasy-triumph/greenwood-host.yaml").read_bytes())
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(tmp_path / "cache-dir"))
    done = subprocess.run(
        [sys.executable, "-I", "-c", SESSION, str(unpacked), str(folder)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    said = json.loads(done.stdout.splitlines()[-1])
    from armybuilder.export import ExportFormat

    assert said["formats"] == sorted(f.value for f in ExportFormat)  # every roster the builder offers
    carried = {_module_of(n) for n in names if n.startswith("armybuilder/") and n.endswith(".py")}
    imported = said["imported"]
    assert "armybuilder.export.pdf" in imported and "armybuilder.web.builder" in imported
    assert set(imported) <= carried, sorted(set(imported) - carried)
    assert all(path.startswith(str(unpacked)) for path in imported.values() if path), imported
    never = ("cli", "desk", "web.desk", "web.server", "web.protocol", "web.site.build", "commands.diff", "__main__")
    for name in never:
        assert not any(m == f"armybuilder.{name}" or m.startswith(f"armybuilder.{name}.") for m in carried), name
    from armybuilder import systems

    commands = {m for system_id in systems.REGISTRY for m in systems.manifest(system_id).commands}
    assert commands and not commands & carried  # a game's own commands: the command line's
    assert not any(n.startswith("armybuilder/web/site/") and not n.endswith(".py") for n in names)  # the shell


def test_the_shell_is_served_without_the_workers_python(cache, tmp_path):
    """The shell's files are the site's; its Python modules go in the zip only."""
    site.run(tmp_path / "s", cache, False, False)
    assert not list((tmp_path / "s").glob("*.py"))


def test_the_tests_fetch_a_missing_runtime_once_and_fail_offline_saying_what_is_missing(cache, monkeypatch):
    """The site's browser tests fetch the runtime in their set-up (issue 47, item 4): a cache that
    lacks a file is filled by ``site.fetch`` (the code of ``armybuilder site --fetch``, checked by
    SHA-256), once; a fetch that cannot fill it fails the test with what is missing, never skips."""
    from tests.web.site.conftest import runtime_cache

    kept = (cache / "pure-1.0-py3-none-any.whl").read_bytes()
    (cache / "pure-1.0-py3-none-any.whl").unlink()
    calls: list[Path] = []

    def fetched(where: Path) -> list[str]:
        calls.append(where)
        (where / "pure-1.0-py3-none-any.whl").write_bytes(kept)
        return site.problems(where)

    monkeypatch.setattr(site, "fetch", fetched)
    assert runtime_cache(cache) == cache and calls == [cache]
    assert runtime_cache(cache) == cache and calls == [cache], "a filled cache is not fetched again"

    (cache / "pure-1.0-py3-none-any.whl").unlink()
    monkeypatch.setattr(site, "fetch", lambda where: ["npm pack pyodide@0 failed: network is unreachable"])
    with pytest.raises(pytest.fail.Exception) as failed:
        runtime_cache(cache)
    said = str(failed.value)
    assert f"need its runtime in {cache}" in said and "network is unreachable" in said
    assert "armybuilder site --fetch" in said
