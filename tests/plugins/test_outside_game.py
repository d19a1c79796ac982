"""The example game package, ``examples/toy-game`` (Toy Skirmish), installed beside armybuilder with
pip, through every face: nothing in armybuilder names it, its entry point is the whole door.

The tests run when the package is installed (``pip install ./examples/toy-game``, as ``.ci/run``
does) and are skipped with the reason when it is not, unless ``ARMYBUILDER_PLUGIN_TESTS=required``
(CI), where a missing package fails them. The rest of the suite turns the entry points off
(``tests/conftest.py``); these turn them back on.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from armybuilder import systems
from tests.web.site.test_site_build import cache  # noqa: F401 - the fixture: a cache of stand-ins

ROOT = Path(__file__).resolve().parents[2]
LISTS = ROOT / "examples" / "toy-game" / "lists"
GREEN = LISTS / "green-tide.yaml"
TROLLS = LISTS / "too-many-trolls.yaml"


def _installed() -> str | None:
    """Why the example package cannot be tested here (None: it is installed, by its entry point)."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("armybuilder-toy")
    except PackageNotFoundError:
        return "the example game package is not installed (pip install ./examples/toy-game)"
    points = [p for p in dist.entry_points if p.group == systems.GROUP]
    if [(p.name, p.value) for p in points] != [("toy-skirmish", "armybuilder_toy")]:
        return "the installed armybuilder-toy does not declare toy-skirmish = armybuilder_toy"
    return None


@pytest.fixture(autouse=True)
def outside(monkeypatch):
    reason = _installed()
    if reason is not None:
        if os.environ.get("ARMYBUILDER_PLUGIN_TESTS") == "required":
            pytest.fail(reason + " (ARMYBUILDER_PLUGIN_TESTS=required)")
        pytest.skip(reason)
    monkeypatch.delenv(systems.NO_PACKAGES, raising=False)
    systems.reset()
    yield
    monkeypatch.undo()
    systems.reset()


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != systems.NO_PACKAGES}


def test_it_is_found_by_its_entry_point_and_listed_after_the_builtin_games():
    assert "toy-skirmish" not in systems.REGISTRY
    assert systems.ids() == [*systems.REGISTRY, "toy-skirmish"]
    assert systems.available() == systems.ids() and systems.known("toy-skirmish")
    m = systems.manifest("toy-skirmish")
    assert m.package == "armybuilder_toy" and systems.get("toy-skirmish").title == "Toy Skirmish"


def test_systems_lists_it(run):
    r = run("systems")
    assert r.exit_code == 0 and "toy-skirmish  Toy Skirmish  (data version 7" in r.stdout
    got = json.loads(run("systems", "--format", "json").stdout)
    assert "toy-skirmish" in json.dumps(got)


def test_the_installed_program_validates_its_lists():
    """The program as installed, in a process of its own: the entry point is read there too."""
    for path, code in ((GREEN, 0), (TROLLS, 1)):
        done = subprocess.run(
            [sys.executable, "-c", "from armybuilder.cli import main; main()", "validate", str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=_env(),
            check=False,
        )
        assert done.returncode == code, done.stdout + done.stderr
        assert "left out" not in done.stderr and "Traceback" not in done.stderr
    assert "TOY001 [error] unknown unit 'Ogre'" in done.stdout and "TOY002" in done.stdout


def test_validate_and_cost(run):
    r = run("validate", GREEN)
    assert r.exit_code == 0 and "VALID, 13 of 20 points" in r.stderr
    r = run("validate", TROLLS)
    assert r.exit_code == 1
    assert "TOY001 [error] unknown unit 'Ogre'" in r.stdout and "TOY002" in r.stdout
    r = run("cost", GREEN)
    assert r.exit_code == 0 and "Goblin" in r.stdout and "Troll" in r.stdout
    (res,) = json.loads(run("cost", "--format", "json", GREEN).stdout)["results"]
    assert res["system"] == "toy-skirmish" and res["points"] == {"total": 13, "limit": 20, "unit": "points"}
    assert run("cost", TROLLS).exit_code == 1
    r = run("rule", "TOY002")
    assert r.exit_code == 0 and "costs more than its points limit" in r.stdout


def test_catalog_and_explain(run):
    r = run("catalog", "toy-skirmish")
    assert r.exit_code == 0 and "Toy Skirmish: units (2)" in r.stdout and "Troll" in r.stdout
    r = run("explain", "toy-skirmish", "troll")
    assert r.exit_code == 0 and "Big, slow, regenerates." in r.stdout
    r = run("catalog", "toy-skirmsh")
    assert r.exit_code == 2 and "did you mean 'toy-skirmish'?" in r.stderr


def test_new_and_add(run, tmp_path):
    f = tmp_path / "band.yaml"
    r = run("new", "toy-skirmish", f, "--points", "12")
    assert r.exit_code == 0, r.stderr
    r = run("add", f, "unit", "goblin", "--count", "3")
    assert r.exit_code == 0 and "added 3 Goblin" in r.stdout and "total: 9 of 12 points" in r.stdout
    r = run("add", f, "unit", "Troll")
    assert r.exit_code == 0 and "TOY002" in r.stdout
    assert run("validate", f).exit_code == 1


def test_help_and_completion(run, monkeypatch):
    assert "add FILE unit NAME [--count N]" in run("add", "--help").stdout
    r = run("new", "--help")
    assert "armybuilder new toy-skirmish band.yaml --points 20" in r.stdout
    assert "toy-skirmish" in run("explain", "--help").stdout
    from tests.cli.test_help_and_completion import complete

    monkeypatch.chdir(ROOT)
    assert "toy-skirmish" in complete("armybuilder new ", "bash")
    assert "toy-skirmish" in complete("armybuilder catalog ", "bash")
    assert "Goblin" in complete("armybuilder explain toy-skirmish ", "bash")


@pytest.mark.parametrize("to", ["markdown", "json", "text", "pdf"])
def test_export(run, tmp_path, to):
    out = tmp_path / f"band.{ {'markdown': 'md', 'text': 'txt'}.get(to, to) }"
    r = run("export", GREEN, "--to", to, "-o", out)
    assert r.exit_code == 0, r.stderr
    data = out.read_bytes()
    if to == "pdf":
        assert data.startswith(b"%PDF")
        from pypdf import PdfReader

        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
        assert "Green Tide" in text and "Goblin" in text
    elif to == "json":
        assert json.loads(data)["system"]["id"] == "toy-skirmish"
    else:
        assert "Green Tide" in data.decode() and "Goblin" in data.decode()


def test_serve_offers_it_and_its_builder_draws_and_edits_a_list(tmp_path):
    from starlette.testclient import TestClient

    from armybuilder.web.builder import make_app
    from tests.web.test_routes import BASE, SAME, TOKEN, find, page, send

    folder = tmp_path / "lists"
    folder.mkdir()
    shutil.copyfile(GREEN, folder / "green-tide.yaml")
    with TestClient(make_app(folder, token=TOKEN), base_url=BASE) as client:
        home = client.get("/")
        assert home.status_code == 200
        assert 'name="system" value="toy-skirmish"' in home.text and "Toy Skirmish" in home.text
        assert "green-tide.yaml" in home.text
        r = client.post("/new", data={"csrf": TOKEN, "system": "toy-skirmish", "name": "Bridge"}, headers=SAME)
        assert r.status_code == 200 and "bridge.yaml" in str(r.url)
        text = page(client, "bridge.yaml")
        assert "Add Goblin, +3 points" in text
        r = send(client, find(text, "add", "unit", "Goblin"))
        assert r.status_code == 303, r.text[:500]
        assert "Goblin" in (folder / "bridge.yaml").read_text(encoding="utf-8")
        shown = page(client, "green-tide.yaml")
        assert re.search(r"13\s*(<[^>]*>\s*)*of\s*(<[^>]*>\s*)*20", shown), shown[:3000]


def test_a_site_built_with_it_installed_bundles_it(cache, tmp_path):  # noqa: F811 - the fixture above
    from armybuilder.outcome import ExitCode
    from armybuilder.web.site import build as site

    out = tmp_path / "site"
    done = site.run(out, cache, do_fetch=False, force=False)
    assert done.code is ExitCode.OK, done.stderr
    assert "With the installed game packages: toy-skirmish (armybuilder_toy)." in done.stdout
    with zipfile.ZipFile(out / "armybuilder.zip") as z:
        names = set(z.namelist())
        listed = json.loads(z.read(site.GAMES))
        z.extractall(tmp_path / "unpacked")
    assert listed == [{"distribution": "armybuilder-toy 1.0", "id": "toy-skirmish", "package": "armybuilder_toy"}]
    for name in (
        "armybuilder_toy/__init__.py",
        "armybuilder_toy/system.py",
        "armybuilder_toy/rules/over_limit.py",
        "armybuilder_toy/data/toy-skirmish/units.yaml",
        "armybuilder_toy/schemas/toy-skirmish.list.schema.json",
    ):
        assert name in names
    # The worker, as the browser runs it: the games from the list, no distribution read (the
    # metadata look-up is made to fail), the package from the zip.
    script = """
import asyncio, importlib.metadata, json, sys
sys.path.insert(0, sys.argv[1])
def refused(*a, **k):
    raise AssertionError("the worker read the installed distributions")
importlib.metadata.entry_points = refused
from armybuilder.web.site import worker
worker.start(sys.argv[2])
status, headers, body, url = asyncio.run(worker.handle("GET", "/", "[]", b""))
import armybuilder_toy
print(json.dumps([status, 'value="toy-skirmish"' in body.decode(), armybuilder_toy.__file__]))
print(worker.validate_json("band.yaml", open(sys.argv[3]).read()))
"""
    lists = tmp_path / "lists"
    lists.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "unpacked"), str(lists), str(GREEN)],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, report = done.stdout.split("\n", 1)
    status, offered, where = json.loads(first)
    assert status == 200 and offered and where.startswith(str(tmp_path / "unpacked"))
    (res,) = json.loads(report)["results"]
    assert res["system"] == "toy-skirmish" and res["valid"] is True
