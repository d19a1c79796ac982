"""Every bundled data file is checked against its JSON Schema, and every schema is valid."""

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
DATA_FILES = sorted((ROOT / "data").glob("*/*.yaml"))
SCHEMAS = sorted((ROOT / "schemas").glob("*.schema.json"))


@pytest.mark.parametrize("schema_path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid(schema_path):
    Draft202012Validator.check_schema(json.loads(schema_path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("data_path", DATA_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_data_file_matches_its_schema(data_path):
    schema_path = ROOT / "schemas" / f"{data_path.parent.name}.{data_path.stem}.schema.json"
    assert schema_path.exists(), f"{data_path} has no schema {schema_path.name}"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    data = yaml.safe_load(data_path.read_text(encoding="utf-8"))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in Draft202012Validator(schema).iter_errors(data)]
    assert errors == []


def test_every_system_has_a_list_schema_and_system_file():
    from armybuilder import systems

    for system_id in systems.available():
        s = systems.get(system_id)
        assert (ROOT / "schemas" / f"{s.list_schema}.schema.json").exists()
        assert (ROOT / "data" / system_id / "system.yaml").exists()
        assert s.meta["id"] == system_id
