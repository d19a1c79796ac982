"""Helpers for the Small World of Warcraft tests: build a position, check it, read the findings."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from armybuilder.check import check_text
from armybuilder.findings import Result

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "small-world-of-warcraft"
GOLDEN = Path(__file__).resolve().parent / "golden"

# The example position: valid, 8 of 11 Orc tokens, one info (the Faction Bonus left out).
BASE = {
    "system": "small-world-of-warcraft",
    "name": "Thrall, turn 4",
    "active": {
        "race": "Orcs",
        "power": "Blacksmith",
        "in_hand": 3,
        "regions": [{"name": "Durotar", "tokens": 3}, {"name": "Crossroads", "tokens": 2, "magic": True}],
    },
    "decline": {"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 2}]},
    "conquests": [
        {
            "region": "Crossroads",
            "defender": "Humans",
            "defender_faction": "Alliance",
            "defender_tokens": 1,
            "mountain": False,
        }
    ],
}


def position(
    active: dict | None = None, decline: dict | str | None = "keep", conquests: list | str | None = "keep", **top
) -> dict:
    """A copy of BASE with parts replaced; decline=None / conquests=None drop them."""
    data = copy.deepcopy(BASE)
    if active is not None:
        data["active"] = active
    if decline is None:
        data.pop("decline")
    elif decline != "keep":
        data["decline"] = decline
    if conquests is None:
        data.pop("conquests")
    elif conquests != "keep":
        data["conquests"] = conquests
    data.update(top)
    return data


def check(data: dict) -> Result:
    return check_text(yaml.safe_dump(data, sort_keys=False), file="position.yaml")


def codes(result: Result, severity: str | None = None) -> list[str]:
    return [f.code for f in result.sorted_findings() if severity is None or f.severity.value == severity]


def messages(result: Result, code: str) -> list[str]:
    return [f.message for f in result.sorted_findings() if f.code == code]


def errors(result: Result) -> list[str]:
    return codes(result, "error")


def coins(result: Result) -> int:
    return result.details["coins"]["net"]


def costs(result: Result) -> list[int]:
    return [c["cost"] for c in result.details["conquests"]]


def with_powers(monkeypatch, **powers: dict) -> None:
    """Check against the race data with these races' powers replaced, for this test only.

    ``with_powers(monkeypatch, Humans={"region_minimum": {...}})`` gives the Humans that power (and
    a rule to cite, as the Horde races have).
    """
    from dataclasses import replace

    from armybuilder.suggest import NameIndex
    from armybuilder.systems.small_world import model

    cat = model.catalog()
    races = {r.name: r for r in cat.races.values()}
    for name, power in powers.items():
        races[name] = replace(races[name], power=power, has_power=True, rule=f"SWoW {name}")
    changed = replace(cat, races=NameIndex(races))
    monkeypatch.setattr(model, "catalog", lambda: changed)
