"""The fast schema check (fastjsonschema, cached) and jsonschema give the same verdict.

jsonschema stays the source of the messages and the published schemas the source of truth; the
fast validator only answers "fits" early. If the two ever disagreed, a list could pass with a
shape error, so they are compared on every example, every YAML fixture of the suite, a corpus
of generated lists and seeded mutations of the examples.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from armybuilder import cache, schema, systems
from armybuilder.yamlio import LoadError, load_file

ROOT = Path(__file__).resolve().parents[2]


def slow_valid(data: Any, name: str) -> bool:
    return not any(True for _ in schema.validator(name).iter_errors(data))


def documents() -> list[tuple[str, Any]]:
    """(schema name, data) for every readable YAML list or pack in examples/ and tests/."""
    out = []
    for path in sorted([*ROOT.glob("examples/**/*.yaml"), *ROOT.glob("tests/**/*.yaml")]):
        if "golden" in path.parts or "root" in path.parts:
            continue
        try:
            data = load_file(path).data
        except (LoadError, OSError):
            continue
        if not isinstance(data, dict):
            continue
        if "event" in data:
            out.append(("event", data))
        elif data.get("system") in systems.available():
            out.append((systems.manifest(data["system"]).list_schema, data))
    return out


DOCS = documents()

ODD = [None, True, 0, -1, 1.5, 10**6, "", "x" * 300, [], {}, ["a"], {"a": 1}]


def mutants(data: Any, rng: random.Random, n: int) -> list[Any]:
    """Copies of ``data`` with one value replaced, one key dropped or one key added."""
    out = []
    for _ in range(n):
        doc = copy.deepcopy(data)
        node, trail = doc, []
        while isinstance(node, (dict, list)) and node and rng.random() < 0.7:
            k = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            trail.append((node, k))
            node = node[k]
        if not trail:
            continue
        parent, k = trail[-1]
        move = rng.random()
        if move < 0.6:
            parent[k] = copy.deepcopy(rng.choice(ODD))
        elif move < 0.8 and isinstance(parent, dict):
            del parent[k]
        elif isinstance(parent, dict):
            parent[rng.choice(["extra", "name", "points", "cards", "stands"])] = copy.deepcopy(rng.choice(ODD))
        out.append(doc)
    return out


def test_the_corpus_is_not_empty():
    names = {n for n, _ in DOCS}
    assert len(DOCS) > 40 and "event" in names and all(m.list_schema in names for m in systems.manifests())


@pytest.mark.parametrize("name, data", DOCS, ids=[f"{i}" for i in range(len(DOCS))])
def test_same_verdict_on_every_fixture(name, data):
    assert schema.is_valid(data, name) == slow_valid(data, name)


def test_same_verdict_on_mutants():
    rng = random.Random(2026)
    checked = 0
    for name, data in DOCS:
        for doc in mutants(data, rng, 20):
            assert schema.is_valid(doc, name) == slow_valid(doc, name), (name, doc)
            checked += 1
    assert checked > 500


def test_same_verdict_on_generated_lists(tmp_path):
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from generate_lists import generate
    finally:
        sys.path.remove(str(ROOT / "bench"))
    generate(tmp_path, 300, 7)
    seen = 0
    for path in sorted(tmp_path.rglob("*.yaml")):
        try:
            data = load_file(path).data
        except LoadError:
            continue
        if isinstance(data, dict) and data.get("system") in systems.available():
            name = systems.manifest(data["system"]).list_schema
            assert schema.is_valid(data, name) == slow_valid(data, name), path
            seen += 1
    assert seen > 250


def test_a_damaged_cache_entry_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(tmp_path))
    schema.fast_validator.cache_clear()
    name, data = DOCS[0]
    assert schema.is_valid(data, name)
    (entry,) = tmp_path.glob("validator-*.code")
    entry.write_bytes(b"\x00 not a code object")
    schema.fast_validator.cache_clear()
    assert schema.is_valid(data, name)  # made again
    assert entry.read_bytes() != b"\x00 not a code object"
    schema.fast_validator.cache_clear()


def test_the_schemas_are_not_changed_by_the_generator(tmp_path, monkeypatch):
    import json

    from armybuilder.resources import load_schema

    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(tmp_path))  # empty: the validator is generated
    schema.fast_validator.cache_clear()
    name = DOCS[0][0]
    before = json.dumps(load_schema(name), sort_keys=True)
    schema.fast_validator(name)
    assert list(tmp_path.glob("validator-*.code"))
    assert json.dumps(load_schema(name), sort_keys=True) == before
    schema.fast_validator.cache_clear()


def test_without_a_cache_the_validator_is_compiled_in_memory(tmp_path, monkeypatch):
    monkeypatch.setenv("ARMYBUILDER_NO_CACHE", "1")
    schema.fast_validator.cache_clear()
    name, data = DOCS[0]
    assert cache.directory() is None
    assert schema.is_valid(data, name)
    schema.fast_validator.cache_clear()


def test_data_is_cached_by_content(tmp_path, monkeypatch):
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(tmp_path))
    calls = []

    def build():
        calls.append(1)
        return {"a": [1, 2.5, "x", None, True]}

    key = cache.key("data", b"a: [1, 2.5, x, null, true]\n")
    assert cache.marshalled(key, build) == {"a": [1, 2.5, "x", None, True]}
    assert cache.marshalled(key, build) == {"a": [1, 2.5, "x", None, True]}
    assert calls == [1]
    (entry,) = tmp_path.glob("data-*.marshal")
    entry.write_bytes(b"\x00garbage")
    assert cache.marshalled(key, build) == {"a": [1, 2.5, "x", None, True]}  # damaged: made again
    assert calls == [1, 1]
    assert cache.key("data", b"other") != key
