"""What every game system declares, checked for each one in registry order.

The cases are generated from :func:`armybuilder.systems.manifests`: a new system gets them by
its registry line, with nothing to add here. Each system's own behaviour is tested in its folder,
``tests/systems/<package>/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from armybuilder import systems
from armybuilder.codes import GENERIC

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MANIFESTS = systems.manifests()
CODE = re.compile(r"([A-Z]{3})\d{3}")

each = pytest.mark.parametrize("m", MANIFESTS, ids=[m.id for m in MANIFESTS])


def package(m: systems.Manifest) -> str:
    """The last part of the system's package: its test folder's name."""
    return m.package.rsplit(".", 1)[-1]


def test_the_registry_has_systems():
    assert [m.id for m in MANIFESTS] == systems.ids()  # all installed, in registry order
    assert len({package(m) for m in MANIFESTS}) == len(MANIFESTS)


@each
def test_the_measure_is_one_of_the_measures(m):
    assert m.measure in systems.MEASURES
    assert not m.points_limit or m.measure == "points"  # an outside points limit needs points


@each
def test_the_data_folder_names_the_system(m):
    meta = yaml.safe_load((ROOT / "data" / m.id / "system.yaml").read_text(encoding="utf-8"))
    assert meta["id"] == m.id


@each
def test_the_list_schema_is_the_systems(m):
    path = ROOT / "schemas" / f"{m.list_schema}.schema.json"
    assert path.is_file(), path
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["properties"]["system"] == {"const": m.id}


@each
def test_codes_share_one_prefix_and_are_documented(m):
    codes = systems.get(m.id).codes()
    assert codes
    for c in codes:
        assert CODE.fullmatch(c.code), c.code
        assert c.doc.strip(), c.code
    assert len({c.code[:3] for c in codes}) == 1, [c.code for c in codes]


def test_codes_are_unique_across_systems():
    codes = [c.code for m in MANIFESTS for c in systems.get(m.id).codes()]
    assert len(codes) == len(set(codes)), sorted(c for c in codes if codes.count(c) > 1)
    prefix = {m.id: systems.get(m.id).codes()[0].code[:3] for m in MANIFESTS}
    assert len(set(prefix.values())) == len(prefix), prefix
    assert not set(prefix.values()) & ({c.code[:3] for c in GENERIC} | {"EVT"})  # the generic and event codes


def rule_test_names(module, code: str) -> tuple[str, ...]:
    """The file names a rule module's tests may have: ``test_rule_<name>.py`` (Fantasy Triumph),
    ``test_<name>.py`` (Small World, HoMM3), or ``test_<code>_*.py`` (Token Terrors)."""
    name = module.__name__.rsplit(".", 1)[-1]
    return f"test_rule_{name}.py", f"test_{name}.py", f"test_{code.lower()}_*.py"


@each
def test_every_rule_module_has_a_test_file(m):
    folder = HERE / package(m)
    assert folder.is_dir(), folder
    modules = m.module("rules").ALL
    codes = systems.get(m.id).codes()
    missing = [
        f"{c.code} {mod.__name__}"
        for mod, c in zip(modules, codes, strict=True)
        if not any(any(folder.glob(pattern)) for pattern in rule_test_names(mod, c.code))
    ]
    assert missing == []


@each
def test_examples_are_lists_of_their_folders_system(m):
    examples = sorted((ROOT / "examples" / m.id).glob("*.yaml"))
    assert examples, f"no example in examples/{m.id}/"
    for path in examples:
        assert yaml.safe_load(path.read_text(encoding="utf-8"))["system"] == m.id, path.name


def test_every_examples_folder_is_a_system_or_the_event_packs():
    folders = {p.name for p in (ROOT / "examples").iterdir() if p.is_dir()}
    packages = {p.name for p in (ROOT / "examples").iterdir() if (p / "pyproject.toml").is_file()}  # toy-game
    assert folders - {"events"} - packages == {m.id for m in MANIFESTS}


@each
def test_completion_sources_take_none_and_give_a_list(m):
    sources = [
        (f"{p.verb} {p.name} {o.flag}", o.names) for p in m.module("compose").PARTS for o in p.options if o.names
    ]
    sources += [
        (f"{p.verb} {p.name} argument {i}", names)
        for p in m.module("compose").PARTS
        for i, names in enumerate(p.names, 1)
        if names
    ]
    assert sources
    for where, names in sources:
        got = names(None)
        assert isinstance(got, list), where
        assert all(isinstance(n, str) and n for n in got), where


@each
def test_catalog_kinds_give_named_entries_with_a_row(m):
    kinds = m.module("catalog").KINDS
    assert kinds
    for kind, entries_of in kinds.items():
        entries = entries_of()
        assert entries, kind
        for e in entries:
            assert isinstance(e.name, str) and e.name, kind
            assert isinstance(e.row, dict) and e.row, (kind, e.name)
