"""Valid lists for every mode, and helpers to change one thing and check the result."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from armybuilder.check import check_text

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "homm3-battlefield"


def example(name: str) -> dict:
    return yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))


SHORT = example("skirmish-short")  # Sandro, Necropolis
MEDIUM = example("skirmish-medium")  # Catherine, Castle
LARGE = example("skirmish-large")  # Mutare, Dungeon (alternate Manticores)
ADVENTURE = example("adventure-medium")  # Solmyr, Tower
BOARD = example("board-neutral")  # Gelu, Rampart, against neutral units


def variant(base: dict, **changes) -> dict:
    """A deep copy of ``base`` with top-level keys replaced (None removes the key)."""
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def check(data: dict):
    return check_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "list.yaml")


def codes(result) -> list[str]:
    return [f.code for f in result.sorted_findings()]


def findings(data: dict, code: str):
    return [f for f in check(data).sorted_findings() if f.code == code]


def assert_clean(data: dict, code: str) -> None:
    got = findings(data, code)
    assert got == [], [f.message for f in got]
