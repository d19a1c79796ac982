"""A fifth game system is one folder and one registry line: validate, cost, new, add, set, remove,
catalog, explain, export and rule all work on a toy system the package has never heard of.

The toy system is the example game package ``examples/toy-game/src/armybuilder_toy/`` (its
manifest, check, rules, compose parts and catalog, with its data and list schema inside it); the
test adds it to the registry, as a built-in game adds its line to ``armybuilder/systems/__init__.py``
(``tests/plugins/test_outside_game.py`` tests it installed, through its entry point).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder import systems

TOY_GAME = Path(__file__).resolve().parents[2] / "examples" / "toy-game" / "src"

LIST = """system: toy-skirmish
name: Green Tide
points: 20
warband:
  - {unit: Goblin, count: 2}  # the front rank
  - {unit: Troll}
"""


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.syspath_prepend(str(TOY_GAME))  # the example package, installed or not
    monkeypatch.setitem(systems.REGISTRY, "toy-skirmish", "armybuilder_toy")  # the one registry line
    systems.reset()
    yield
    monkeypatch.undo()
    systems.reset()


@pytest.fixture
def band(tmp_path):
    f = tmp_path / "band.yaml"
    f.write_text(LIST, encoding="utf-8")
    return f


def test_validate_and_cost(run, band):
    r = run("validate", band)
    assert r.exit_code == 0 and r.stdout == ""
    assert "VALID, 13 of 20 points" in r.stderr
    r = run("cost", band)
    assert r.exit_code == 0
    assert "Warband" in r.stdout and "Goblin" in r.stdout and "Troll" in r.stdout
    (res,) = json.loads(run("cost", "--format", "json", band).stdout)["results"]
    assert res["system"] == "toy-skirmish" and res["points"] == {"total": 13, "limit": 20, "unit": "points"}


def test_its_rules_report_with_their_codes(run, band):
    band.write_text(LIST.replace("Troll}", "Ogre}"), encoding="utf-8")
    r = run("validate", band)
    assert r.exit_code == 1
    assert f"{band}:6:5: TOY001 [error] unknown unit 'Ogre' (Toy 1)" in r.stdout
    r = run("validate", band, "--points", "5")  # the manifest says an outside limit applies
    assert "TOY002" in r.stdout
    r = run("rule", "TOY002")
    assert r.exit_code == 0 and "costs more than its points limit" in r.stdout


def test_compose(run, tmp_path):
    f = tmp_path / "new.yaml"
    r = run("new", "toy-skirmish", f, "--points", "12")
    assert r.exit_code == 0, r.stderr
    r = run("add", f, "unit", "goblin", "--count", "3")
    assert r.exit_code == 0, r.stderr
    assert "added 3 Goblin" in r.stdout and "total: 9 of 12 points" in r.stdout
    r = run("add", f, "unit", "Troll", "--colour", "red")
    assert r.exit_code == 2 and "no such option --colour" in r.stderr
    r = run("add", f, "unit", "Troll")
    assert r.exit_code == 0 and "TOY002" in r.stdout  # 16 of 12: written, and said
    r = run("set", f, "unit", "Goblin", "--count", "1")
    assert r.exit_code == 0, r.stdout + r.stderr
    r = run("remove", f, "unit", "Troll")
    assert r.exit_code == 0 and "total: 3 of 12 points" in r.stdout
    assert "add FILE unit NAME [--count N]" in run("add", "--help").stdout


def test_catalog_explain_systems(run):
    r = run("catalog", "toy-skirmish")
    assert r.exit_code == 0 and "Toy Skirmish: units (2)" in r.stdout and "Troll" in r.stdout
    r = run("explain", "toy-skirmish", "troll")  # the exact id (issue 26 point 10)
    assert r.exit_code == 0 and "Big, slow, regenerates." in r.stdout
    r = run("systems")
    assert "toy-skirmish  Toy Skirmish  (data version 7" in r.stdout


def test_export(run, band, tmp_path):
    out = tmp_path / "band.md"
    r = run("export", band, "-o", out)
    assert r.exit_code == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    assert "Green Tide" in text and "| Goblin" in text
    r = run("export", band, "--to", "json", "-o", "-")
    assert json.loads(r.stdout)["system"]["id"] == "toy-skirmish"
