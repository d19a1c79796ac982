"""``armybuilder site OUT``: the builder as a folder of static files, for any browser, offline.

The folder is the same Starlette app as ``armybuilder serve`` (:mod:`armybuilder.web.builder`), run
by Pyodide (CPython compiled to WebAssembly) inside the browser's Web Worker. The page
(``shell.js``) hands every link, form and htmx request to the worker, which answers it through
:mod:`armybuilder.web.site.worker`; the lists live in the browser's IndexedDB. There is no server-side
code and no second engine: any static host serves the folder as it is (GitHub Pages, a
university web space, ``python -m http.server``).

What the build needs and fetches once (``--fetch``) into a cache, each file checked against the
SHA-256 pinned here (:data:`PYODIDE`, :data:`WHEELS`):

- the Pyodide runtime: the npm package ``pyodide`` (``npm pack``), MPL-2.0;
- the pure-Python wheels of the app's dependencies (``pip download``). Three of them publish
  only compiled wheels (PyYAML, MarkupSafe, pyrsistent): their Python modules are taken and the
  compiled modules left out, as each falls back to its pure-Python code. jsonschema is 4.17 (the
  last before ``rpds``, compiled Rust): the site's schema messages come from it, the same
  validator class as the installed program's. reportlab imports Pillow only to draw images, which
  a roster has none of: the site carries a stand-in ``PIL`` that refuses images.

A build with the cache touches no network and writes the same bytes every time (fixed dates in
the archives, sorted names). Without the cache the command says what to run.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from armybuilder import __version__
from armybuilder.outcome import ExitCode, Outcome


@dataclass(frozen=True)
class Pin:
    requirement: str  # what pip or npm is asked for
    file: str  # the file it gives
    sha256: str
    compiled: bool = False  # a platform wheel: its compiled modules are left out


PYODIDE = Pin(
    "pyodide@314.0.8", "pyodide-314.0.8.tgz", "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb"
)
PYODIDE_VERSION = "314.0.8"
PYTHON = "3.14"  # Pyodide 314's CPython

WHEELS = (
    Pin(
        "anyio==4.16.0",
        "anyio-4.16.0-py3-none-any.whl",
        "c66ae634e0b8228396b801741beb3294326d4b6102f7bba4041c0dfb58c29026",
    ),
    Pin(
        "attrs==26.1.0",
        "attrs-26.1.0-py3-none-any.whl",
        "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309",
    ),
    Pin(
        "charset-normalizer==3.5.3",
        "charset_normalizer-3.5.3-py3-none-any.whl",
        "96e268b0cbda016ac519513294fcd17032264085b600abaac58b93049477e132",
    ),
    Pin(
        "fastjsonschema==2.22.3",
        "fastjsonschema-2.22.3-py3-none-any.whl",
        "f670b443830b75aca3f00b75949efa20f4b2a80302ec7a21505c28dd54cffd43",
    ),
    Pin(
        "h11==0.16.0", "h11-0.16.0-py3-none-any.whl", "63cf8bbe7522de3bf65932fda1d9c2772064ffb3dae62d55932da54b31cb6c86"
    ),
    Pin("idna==3.20", "idna-3.20-py3-none-any.whl", "ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c"),
    Pin(
        "jinja2==3.1.6",
        "jinja2-3.1.6-py3-none-any.whl",
        "85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67",
    ),
    Pin(
        "jsonschema==4.17.3",
        "jsonschema-4.17.3-py3-none-any.whl",
        "a870ad254da1a8ca84b6a2905cac29d265f805acc57af304784962a2aa6508f6",
    ),
    Pin(
        "markupsafe==3.0.4",
        "markupsafe-3.0.4-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
        "6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808",
        True,
    ),
    Pin(
        "pypdf==7.1.1",
        "pypdf-7.1.1-py3-none-any.whl",
        "04c5680d4b4cfa04ab505b09393fc949860c34a4dad6565284d11a2f5c3ce8b1",
    ),
    Pin(
        "pyrsistent==0.20.0",
        "pyrsistent-0.20.0-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "cae40a9e3ce178415040a0383f00e8d68b569e97f31928a3a8ad37e3fde6df6a",
        True,
    ),
    Pin(
        "python-multipart==0.0.34",
        "python_multipart-0.0.34-py3-none-any.whl",
        "ebacd224bd686eee2f9aa1066a657affe07435a185834e05e5235e2e59173e91",
    ),
    Pin(
        "pyyaml==6.0.4",
        "pyyaml-6.0.4-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
        "622aa875fa6533f25fedcffe23079357d65a690d462200afed5d8e9d0e01ebee",
        True,
    ),
    Pin(
        "reportlab==5.1.0",
        "reportlab-5.1.0-py3-none-any.whl",
        "59fdbaec5efe437095ad1d7292ec9a271c8ca2d3ec75e889c6e61400929b90df",
    ),
    Pin(
        "ruamel.yaml==0.19.1",
        "ruamel_yaml-0.19.1-py3-none-any.whl",
        "27592957fedf6e0b62f281e96effd28043345e0e66001f97683aa9a40c667c93",
    ),
    Pin(
        "segno==1.6.6",
        "segno-1.6.6-py3-none-any.whl",
        "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7",
    ),
    Pin(
        "starlette==1.10.0",
        "starlette-1.10.0-py3-none-any.whl",
        "478c0ab3b4ced6e82719849c118fa406f0278a3499c1a898cd15cd31bdc38ce4",
    ),
    Pin(
        "typing_extensions==4.16.0",
        "typing_extensions-4.16.0-py3-none-any.whl",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
    ),
)

# Pyodide's files the page needs: the loader, the runtime, its standard library and lock file.
# The WebAssembly runtime is stored gzipped (3.5 MB instead of 9.6) and unpacked by the worker, so a
# host that compresses nothing (python -m http.server) still sends the smaller file.
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
GZIPPED = ("pyodide.asm.wasm",)
# Parts of the wheels a roster never uses: reportlab's sample fonts (rosters use armybuilder's DejaVu
# and the PDF standard fonts, whose metrics are Python modules), tests, type stubs.
LEFT_OUT = ("reportlab/fonts/",)
SHELL = Path(__file__).resolve().parent
STATIC = Path(__file__).resolve().parent.parent / "static"
MARK = "build.json"  # every site has one: what --force may replace
DATE = (1980, 1, 1, 0, 0, 0)  # every archive member's date: the same bytes every build


def default_cache() -> Path:
    given = os.environ.get("ARMYBUILDER_SITE_CACHE")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "armybuilder" / "site"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def problems(cache: Path, pins: tuple[Pin, ...] | None = None) -> list[str]:
    """What is missing from the cache, or not the pinned bytes (empty: a build can run)."""
    found = []
    for pin in pins if pins is not None else (PYODIDE, *WHEELS):
        path = cache / pin.file
        if not path.is_file():
            found.append(f"{pin.file} is missing")
        elif _sha256(path) != pin.sha256:
            found.append(f"{pin.file} is not the pinned file (its SHA-256 differs); delete it and fetch again")
    return found


def fetch_command(cache: Path) -> str:
    return (
        f"armybuilder site OUT --fetch --cache {cache}" if cache != default_cache() else "armybuilder site OUT --fetch"
    )


def _isolated_env() -> dict[str, str]:
    """pip as a user elsewhere has it: the registry's own files, none of this machine's mirrors or links."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") or k in ("PIP_CERT", "PIP_DEFAULT_TIMEOUT")}
    env["PIP_CONFIG_FILE"] = os.devnull
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def fetch(cache: Path) -> list[str]:
    """Fetch what the cache lacks with npm and pip; the problems left (empty: all there and checked)."""
    cache.mkdir(parents=True, exist_ok=True)
    said: list[str] = []
    if problems(cache, (PYODIDE,)):
        (cache / PYODIDE.file).unlink(missing_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            said.append(
                "npm is not installed: it fetches the Pyodide runtime (install Node.js, or apt-get install npm)"
            )
        else:
            done = subprocess.run(
                [npm, "pack", PYODIDE.requirement, "--pack-destination", str(cache), "--silent"],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                said.append(
                    "npm pack " + PYODIDE.requirement + " failed: " + (done.stderr.strip() or "no reason given")
                )
    wanted = [pin for pin in WHEELS if problems(cache, (pin,))]
    for pin in wanted:
        (cache / pin.file).unlink(missing_ok=True)
    for compiled in (False, True):
        group = [pin.requirement for pin in wanted if pin.compiled == compiled]
        if not group:
            continue
        # Pure wheels for any platform; the three with compiled wheels only: the manylinux build for
        # CPython 3.11 (its Python modules are the same everywhere), so every machine gets these bytes.
        where = (
            [
                "--platform",
                "manylinux2014_x86_64",
                "--python-version",
                "3.11",
                "--implementation",
                "cp",
                "--abi",
                "cp311",
            ]
            if compiled
            else ["--platform", "any", "--python-version", PYTHON, "--implementation", "py", "--abi", "none"]
        )
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                *where,
                "-d",
                str(cache),
                *group,
            ],
            capture_output=True,
            text=True,
            check=False,
            env=_isolated_env(),
        )
        if done.returncode != 0:
            last = [line for line in done.stderr.splitlines() if line.strip()][-1:] or ["no reason given"]
            said.append("pip download failed: " + last[0])
    return said + problems(cache)


# ---------------------------------------------------------------------------
# The build


def _zip_bytes(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, members[name], compresslevel=9)
    return out.getvalue()


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


PIL_STANDIN = {
    "PIL/__init__.py": b'"""A stand-in for Pillow in the site: reportlab imports it; a roster has no image."""\n',
    "PIL/Image.py": (
        b'"""No images in the browser: reportlab asks for this module, a roster never opens an image."""\n\n\n'
        b"class Image:\n    pass\n\n\n"
        b'def open(*args, **kwargs):\n    raise OSError("images cannot be read in armybuilder\'s static site")\n'
    ),
}


GAMES = "armybuilder/_site_games.json"  # in the zip: the installed game packages bundled, read by the worker


def bundled_games() -> tuple[list[dict[str, str]], dict[str, bytes], list[str]]:
    """The installed game packages (``armybuilder.systems.v1``) the site carries: each ``{id,
    package, distribution}``, the files of its top-level package (its data and schemas inside it),
    and a line for each one left out (its data outside its package: a browser could not reach it)."""
    import importlib.util

    from armybuilder import systems

    games: list[dict[str, str]] = []
    members: dict[str, bytes] = {}
    said: list[str] = []
    found = {d.name: d for d in systems.declared()}
    for system_id in systems.available():
        if system_id in systems.REGISTRY:
            continue
        m = systems.manifest(system_id)
        top = m.package.split(".")[0]
        spec = importlib.util.find_spec(top)
        folders = list(spec.submodule_search_locations or []) if spec is not None else []
        if len(folders) != 1:
            said.append(f"armybuilder site: the game '{system_id}' is left out: its package '{top}' is not one folder")
            continue
        folder = Path(folders[0]).resolve()
        root = Path(m.data_root or folder).resolve()
        if folder != root and folder not in root.parents:
            said.append(
                f"armybuilder site: the game '{system_id}' is left out: its data_root ({root}) is outside its "
                f"package ({folder}), where the site cannot carry it"
            )
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
                members[f"{top}/" + path.relative_to(folder).as_posix()] = path.read_bytes()
        point = found.get(system_id)
        games.append(
            {"id": system_id, "package": m.package, "distribution": point.distribution if point is not None else ""}
        )
    return games, members, said


def armybuilder_files(bundled: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """armybuilder's own files in the zip: the modules the worker can import
    (:func:`armybuilder.web.site.reach.reached`, worked out from the source; ``bundled`` the files
    of the game packages the site carries), and every file that is not Python (the templates, the
    app's static files, the fonts of a PDF roster) but the shell's, which the site serves beside
    the zip."""
    from armybuilder.web.site import reach

    kept = reach.reached(bundled)
    members: dict[str, bytes] = {}
    for path in sorted(reach.PACKAGE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
            continue
        name = path.relative_to(reach.PACKAGE).as_posix()
        wanted = reach.module_name(name) in kept if path.suffix == ".py" else SHELL not in path.parents
        if wanted:
            members["armybuilder/" + name] = path.read_bytes()
    return members


def site_packages(cache: Path, games: tuple[list[dict[str, str]], dict[str, bytes]] | None = None) -> bytes:
    """One zip of everything the worker imports: the wheels' modules, armybuilder's modules the
    worker can import (:func:`armybuilder_files`), its data and schemas, and the installed game
    packages with the list of them (:data:`GAMES`)."""
    from armybuilder.resources import data_dir, schema_dir

    members: dict[str, bytes] = dict(PIL_STANDIN)
    for pin in WHEELS:
        with zipfile.ZipFile(cache / pin.file) as wheel:
            for name in wheel.namelist():
                if name.endswith(("/", ".so", ".pyd", ".c", ".h", ".pyi")) or name.startswith(LEFT_OUT):
                    continue
                if "/tests/" in name or name.endswith("/RECORD"):
                    continue
                members[name] = wheel.read(name)
    listed, files = games if games is not None else bundled_games()[:2]
    members.update(armybuilder_files(files))
    for root, inside in ((data_dir(), "_data"), (schema_dir(), "_schemas")):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                members[f"armybuilder/{inside}/" + path.relative_to(root).as_posix()] = path.read_bytes()
    for name, data in files.items():
        members.setdefault(name, data)  # a package never replaces a module of armybuilder's or a wheel's
    members[GAMES] = (json.dumps(listed, indent=1, sort_keys=True) + "\n").encode()
    return _zip_bytes(members)


def _runtime(cache: Path) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    with tarfile.open(cache / PYODIDE.file, "r:gz") as tar:
        for name in RUNTIME:
            member = tar.extractfile(f"package/{name}")
            if member is None:  # pragma: no cover - the pinned package has every file
                raise OSError(f"{PYODIDE.file} has no {name}")
            data = member.read()
            files[f"pyodide/{name}.gz" if name in GZIPPED else f"pyodide/{name}"] = (
                _gzip(data) if name in GZIPPED else data
            )
    return files


def files_of(cache: Path, said: list[str] | None = None, games: list[str] | None = None) -> dict[str, bytes]:
    """Every file of the site, by its path in the folder (``said`` gets a line for each installed game
    package left out, ``games`` one for each bundled)."""
    listed, members, left_out = bundled_games()
    if said is not None:
        said.extend(left_out)
    if games is not None:
        games.extend(f"{g['id']} ({g['package']})" for g in listed)
    files: dict[str, bytes] = {}
    for path in sorted(SHELL.rglob("*")):  # the shell; its Python modules are the worker's, in the zip
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".py", ".pyc", ".pyo"):
            files[path.relative_to(SHELL).as_posix()] = path.read_bytes()
    for path in sorted(STATIC.rglob("*")):
        if path.is_file():
            files["static/" + path.relative_to(STATIC).as_posix()] = path.read_bytes()
    files.update(_runtime(cache))
    files["armybuilder.zip"] = site_packages(cache, (listed, members))
    files["LICENSES.md"] = _licences().encode()
    files["index.html"] = files["index.html"].replace(b"<!--htmx-config-->", _htmx_config())
    digests = {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items()) if name != "sw.js"}
    build = hashlib.sha256(json.dumps(digests, sort_keys=True).encode()).hexdigest()[:16]
    # The service worker carries the build: a new build is a new worker, which takes the new files.
    files["sw.js"] = files["sw.js"].replace(b"__BUILD__", build.encode())
    files[MARK] = (
        json.dumps(
            {"armybuilder": __version__, "pyodide": PYODIDE_VERSION, "build": build, "files": digests},
            indent=1,
            sort_keys=True,
        )
        + "\n"
    ).encode()
    return files


def _htmx_config() -> bytes:
    """htmx's settings, as the app's pages give them (``templates/base.html``): read when htmx starts."""
    base = (STATIC.parent / "templates" / "base.html").read_bytes()
    start = base.index(b'<meta name="htmx-config"')
    return base[start : base.index(b">", start) + 1]


def _licences() -> str:
    lines = [
        "# What this site is made of",
        "",
        f"- armybuilder {__version__}: MIT.",
        f"- Pyodide {PYODIDE_VERSION} (`pyodide/`): MPL-2.0, the npm package `pyodide`, unchanged"
        " (`pyodide.asm.wasm` stored gzipped).",
        "- htmx and idiomorph (`static/`): Zero-Clause BSD, see `static/VENDORED.md`.",
        "- In `armybuilder.zip`, each package with its licence in its `.dist-info` folder:",
    ]
    lines += [f"  - {pin.requirement}" + (" (its Python modules only)" if pin.compiled else "") for pin in WHEELS]
    lines.append("  - `PIL/`: armybuilder's stand-in for Pillow (reportlab imports it; a roster draws no image).")
    return "\n".join(lines) + "\n"


def first_visit(files: dict[str, bytes]) -> list[tuple[str, int, int]]:
    """What a first visit downloads: each file, its size and its gzip size."""
    shown = [name for name in files if name not in (MARK, "LICENSES.md") and not name.endswith((".md", ".LICENSE"))]
    return [(name, len(files[name]), len(_gzip(files[name]))) for name in sorted(shown)]


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def build(out: Path, cache: Path | None = None, force: bool = False) -> Outcome:
    cache = cache or default_cache()
    missing = problems(cache)
    if missing:
        return Outcome.usage(
            *(f"armybuilder site: {line}" for line in missing[:5]),
            f"armybuilder site: the site's runtime is not in the cache ({cache}); fetch it once with: "
            + fetch_command(cache),
        )
    if out.exists() and not out.is_dir():
        return Outcome.usage(f"armybuilder site: {out} is not a folder")
    if out.is_dir() and any(out.iterdir()):
        if not force:
            return Outcome.usage(f"armybuilder site: {out} is not empty; use --force to replace the site in it")
        if not (out / MARK).is_file():
            return Outcome.usage(
                f"armybuilder site: {out} holds files that are not a site armybuilder made; "
                "choose an empty or a new folder"
            )
    left_out: list[str] = []
    games: list[str] = []
    files = files_of(cache, left_out, games)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".armybuilder-site.", dir=out.parent))
    try:
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        old = None
        if out.exists():
            old = out.with_name(out.name + ".old-" + staging.name.rsplit(".", 1)[-1])
            out.rename(old)
        staging.rename(out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        return Outcome.usage(f"armybuilder site: cannot write {out}: {exc.strerror or exc}")
    visit = first_visit(files)
    total = sum(len(data) for data in files.values())
    raw = sum(size for _, size, _ in visit)
    packed = sum(min(size, gz) for _, size, gz in visit)
    report = [f"Wrote the site to {out}: {len(files)} files, {_mb(total)}.", "", "A first visit downloads:"]
    width = max(len(name) for name, _, _ in visit)
    for name, size, gz in visit:
        report.append(f"  {name:<{width}}  {size:>10,} bytes  {gz:>10,} gzipped")
    report += [
        f"  {'in all':<{width}}  {raw:>10,} bytes  {packed:>10,} gzipped",
        "",
        f"{_mb(raw)} as the files are, {_mb(packed)} from a host that compresses; a repeat visit"
        " downloads nothing (the service worker keeps every file).",
        "Try it: python3 -m http.server -d " + str(out) + " 8000, then open http://127.0.0.1:8000/",
    ]
    if games:
        report.insert(1, "With the installed game packages: " + ", ".join(games) + ".")
    return Outcome("\n".join(report) + "\n", left_out, ExitCode.OK)


def run(out: Path | None, cache: Path | None, do_fetch: bool, force: bool) -> Outcome:
    """The ``site`` command."""
    cache = cache or default_cache()
    said: list[str] = []
    if do_fetch:
        left = fetch(cache)
        if left:
            return Outcome.usage(*(f"armybuilder site: {line}" for line in left))
        said.append(f"armybuilder site: the runtime and {len(WHEELS)} wheels are in {cache}, each checked")
    if out is None:
        if do_fetch:
            return Outcome("", said, ExitCode.OK)
        return Outcome.usage("armybuilder site: give the folder to write (OUT), or --fetch to fill the cache")
    outcome = build(out, cache, force)
    outcome.stderr[:0] = said
    return outcome
