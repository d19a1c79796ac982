"""The door an installed game package comes in by: the entry-point group ``armybuilder.systems.v1``.

armybuilder's own four games are declared there as anyone's are, and the built-in registry stays
the fast path: a check of a built-in game's list reads no distribution. A package that is broken,
or that declares an id already taken, is said in one line on stderr (once) and left out; the
built-in games and the other commands go on. The fake entry points replace the one function that
reads them, :func:`armybuilder.systems.declared`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from armybuilder import systems

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "examples" / "toy-game" / "src" / "armybuilder_toy"
GOOD = "examples/token-terrors/wrens-host.yaml"


def test_the_builtin_registry_is_armybuilders_own_declared_entry_points():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][systems.GROUP]
    assert declared == systems.REGISTRY
    assert list(declared) == list(systems.REGISTRY)  # the same order too
    assert systems.GROUP == "armybuilder.systems.v1"


START = """
import json, sys
from armybuilder.cli import main
sys.argv = ["armybuilder", *sys.argv[1:]]
try:
    main()
except SystemExit as exit:
    code = exit.code
print("LOADED", json.dumps(["importlib.metadata" in sys.modules, code]))
"""


def _loaded(*args: str, cache: Path | None = None) -> list:
    env = {k: v for k, v in os.environ.items() if k != systems.NO_PACKAGES}  # the entry points on
    if cache is not None:
        env["ARMYBUILDER_CACHE_DIR"] = str(cache)
    out = subprocess.run(
        [sys.executable, "-c", START, *args], capture_output=True, text=True, cwd=ROOT, env=env, check=True
    ).stdout
    return json.loads(next(x for x in out.splitlines() if x.startswith("LOADED"))[len("LOADED") :])


@pytest.mark.parametrize("example", [GOOD, "examples/fantasy-triumph/greenwood-host.yaml"])
def test_validate_of_a_builtin_games_list_reads_no_distribution(example):
    assert _loaded("validate", example) == [False, 0]


def test_cost_of_a_builtin_games_list_reads_no_distribution():
    assert _loaded("cost", GOOD) == [False, 0]


def test_listing_the_systems_reads_the_distributions(tmp_path):
    assert _loaded("systems", cache=tmp_path) == [True, 0]  # every system is listed: the installed packages too


def test_the_distributions_read_are_kept_while_the_path_is_as_it_was(tmp_path, monkeypatch):
    """Read once, then from the per-user cache (``--help`` does not pay for importlib.metadata on
    every start); a folder on the path that changes (a distribution installed) reads them again."""
    cache = tmp_path / "cache"
    cache.mkdir()
    assert _loaded("systems", cache=cache) == [True, 0]
    assert _loaded("systems", cache=cache) == [False, 0]
    assert _loaded("--help", cache=cache) == [False, 0]
    site = tmp_path / "site"
    site.mkdir()
    before = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", f"{site}{os.pathsep}{before}" if before else str(site))
    assert _loaded("systems", cache=cache) == [True, 0]  # a new folder on the path
    assert _loaded("systems", cache=cache) == [False, 0]
    (site / "new_dist-1.0.dist-info").mkdir()  # what installing a distribution does to its folder
    assert _loaded("systems", cache=cache) == [True, 0]


def test_the_same_games_come_from_the_cache(tmp_path, monkeypatch):
    """What the cache gives back is what importlib.metadata gave."""
    monkeypatch.delenv(systems.NO_PACKAGES, raising=False)
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(tmp_path))
    first = systems.declared()
    assert first == systems.declared() and {"fantasy-triumph", "homm3-battlefield"} <= {d.name for d in first}


# ---------------------------------------------------------------------------
# Fake entry points: each broken package is said once and left out


@pytest.fixture
def fake(monkeypatch, tmp_path):
    """``fake(name, value, dist)``: add a fake entry point; ``package(name, init)``: write a package."""
    points: list[systems.Declared] = []
    monkeypatch.setattr(systems, "declared", lambda: list(points))
    monkeypatch.setattr(systems, "_SAID", set())
    monkeypatch.syspath_prepend(str(tmp_path))
    systems.reset()

    def add(name: str, value: str, dist: str = "fake-game 1.0") -> None:
        points.append(systems.Declared(name, value, dist))
        systems.reset()

    yield add
    monkeypatch.undo()
    systems.reset()
    for name in list(sys.modules):
        if name.startswith("fakegame"):
            del sys.modules[name]


def package(tmp_path: Path, name: str, init: str | None = None) -> None:
    """The toy game copied as package ``name``, its ``__init__`` replaced by ``init`` when given."""
    shutil.copytree(TOY, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    if init is not None:
        (tmp_path / name / "__init__.py").write_text(init, encoding="utf-8")


def toy_init(**changes: str) -> str:
    text = (TOY / "__init__.py").read_text(encoding="utf-8")
    for old, new in changes.items():
        old = old.replace("_", "-") if old == "toy_skirmish" else old
        assert old in text
        text = text.replace(old, new)
    return text


def _left_out(capsys, run, fake_name: str, games: tuple[str, ...] = ()) -> str:
    """The one line said for a package, after every face that lists the systems has run twice."""
    assert systems.ids() == [*systems.REGISTRY, *games]  # left out
    assert systems.ids() == [*systems.REGISTRY, *games]
    systems.reset()
    assert systems.available() == [*systems.REGISTRY, *games]
    r = run("systems")
    assert r.exit_code == 0 and all(s in r.stdout for s in systems.REGISTRY)
    assert run("validate", GOOD).exit_code == 0  # the built-in games go on
    r = run("validate", "--help")
    assert r.exit_code == 0
    said = [line for line in capsys.readouterr().err.splitlines() + r.stderr.splitlines() if line]
    lines = [line for line in said if fake_name in line]
    assert len(lines) == 1, said  # once per process, however often the systems are listed
    said_for = f"armybuilder: the game package '{fake_name}' (distribution fake-game 1.0) is left out: "
    assert lines[0].startswith(said_for)
    assert "Traceback" not in "\n".join(said)
    return lines[0]


def test_a_package_that_cannot_be_imported(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_broken", "import no_such_module_anywhere\n")
    fake("fake-broken", "fakegame_broken")
    line = _left_out(capsys, run, "fakegame_broken")
    assert "it cannot be imported (ModuleNotFoundError: No module named 'no_such_module_anywhere')" in line


def test_a_package_that_is_not_there(fake, capsys, run):
    fake("fake-missing", "fakegame_missing")
    assert "cannot be imported (ModuleNotFoundError" in _left_out(capsys, run, "fakegame_missing")


def test_a_package_that_exits_on_import(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_exits", "raise SystemExit(3)\n")
    fake("fake-exits", "fakegame_exits")
    assert "cannot be imported (SystemExit: 3)" in _left_out(capsys, run, "fakegame_exits")


def test_a_package_with_no_manifest(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_bare", '"""No MANIFEST here."""\n')
    fake("fake-bare", "fakegame_bare")
    assert _left_out(capsys, run, "fakegame_bare").endswith("'fakegame_bare' defines no MANIFEST")


def test_a_manifest_that_is_not_a_manifest(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_dict", 'MANIFEST = {"id": "fake-dict"}\n')
    fake("fake-dict", "fakegame_dict")
    line = _left_out(capsys, run, "fakegame_dict")
    assert line.endswith("its MANIFEST is a dict, not an armybuilder.systems.Manifest")


def test_a_manifest_whose_id_is_not_the_entry_points_name(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_named")
    fake("fake-named", "fakegame_named")
    line = _left_out(capsys, run, "fakegame_named")
    assert line.endswith("its MANIFEST's id is 'toy-skirmish', but its entry point is named 'fake-named'")


def test_a_package_whose_data_is_missing(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_nodata")
    shutil.rmtree(tmp_path / "fakegame_nodata" / "data")
    fake("toy-skirmish", "fakegame_nodata")
    line = _left_out(capsys, run, "fakegame_nodata")
    assert "its data is missing: no " in line and line.endswith("system.yaml")


def test_a_package_whose_schema_is_missing(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_noschema")
    (tmp_path / "fakegame_noschema" / "schemas" / "toy-skirmish.list.schema.json").unlink()
    fake("toy-skirmish", "fakegame_noschema")
    assert _left_out(capsys, run, "fakegame_noschema").endswith("toy-skirmish.list.schema.json")


def test_a_manifest_with_no_data_root(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_noroot", toy_init(**{"data_root=Path(__file__).resolve().parent,": ""}))
    fake("toy-skirmish", "fakegame_noroot")
    assert "names no data_root" in _left_out(capsys, run, "fakegame_noroot")


def test_a_package_that_takes_a_builtin_games_id(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_thief", toy_init(**{'id="toy-skirmish"': 'id="token-terrors"'}))
    fake("token-terrors", "fakegame_thief")
    line = _left_out(capsys, run, "fakegame_thief")
    assert line.endswith("the id 'token-terrors' is taken: it is one of armybuilder's own games")
    assert systems.manifest("token-terrors").package == "armybuilder.systems.token_terrors"
    assert "fakegame_thief" not in sys.modules  # not even imported


def test_two_packages_with_one_id_the_first_found_is_kept(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_first")
    package(tmp_path, "fakegame_second")
    fake("toy-skirmish", "fakegame_first", "fake-first 2.0")
    fake("toy-skirmish", "fakegame_second")
    line = _left_out(capsys, run, "fakegame_second", ("toy-skirmish",))
    assert line.endswith("the id 'toy-skirmish' is taken by the game package 'fakegame_first'")
    # the first is a game like any other, and lists after the built-in ones
    assert systems.ids() == [*systems.REGISTRY, "toy-skirmish"]
    assert systems.manifest("toy-skirmish").package == "fakegame_first"


def test_the_same_package_found_twice_is_one_game_and_no_line(fake, tmp_path, capsys):
    package(tmp_path, "fakegame_twice")
    fake("toy-skirmish", "fakegame_twice")
    fake("toy-skirmish", "fakegame_twice")
    fake("token-terrors", "armybuilder.systems.token_terrors", "armybuilder 0.1.0")  # armybuilder's own
    assert systems.ids() == [*systems.REGISTRY, "toy-skirmish"]
    assert capsys.readouterr().err == ""


def test_a_good_package_with_a_broken_one_beside_it(fake, tmp_path, capsys, run):
    package(tmp_path, "fakegame_good")
    package(tmp_path, "fakegame_bad", "raise RuntimeError('boom')\n")
    fake("fake-bad", "fakegame_bad")
    fake("toy-skirmish", "fakegame_good")
    assert systems.available() == [*systems.REGISTRY, "toy-skirmish"]
    r = run("validate", ROOT / "examples/toy-game/lists/green-tide.yaml")
    assert r.exit_code == 0 and "VALID, 13 of 20 points" in r.stderr
    err = capsys.readouterr().err
    assert err.count("fakegame_bad") == 1 and "cannot be imported (RuntimeError: boom)" in err


def test_an_unknown_id_looks_for_the_packages_and_says_the_systems(fake, tmp_path, run):
    package(tmp_path, "fakegame_good")
    fake("toy-skirmish", "fakegame_good")
    (tmp_path / "l.yaml").write_text("system: toy-skirmsh\n", encoding="utf-8")
    r = run("validate", tmp_path / "l.yaml")
    assert r.exit_code == 1
    assert "unknown game system 'toy-skirmsh' (did you mean 'toy-skirmish'?)" in r.stdout
    assert "homm3-battlefield, toy-skirmish)" in r.stdout


def test_the_switch_that_turns_the_packages_off(monkeypatch):
    monkeypatch.setenv(systems.NO_PACKAGES, "1")
    assert systems.declared() == []
    monkeypatch.delenv(systems.NO_PACKAGES)
    found = systems.declared()  # whatever is installed: armybuilder's own once its metadata is current
    assert all(isinstance(d, systems.Declared) for d in found)
