"""Helpers for the Token Terrors tests: write an army or a draft, check it, read the findings."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from armybuilder.check import check_text
from armybuilder.findings import Result

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "token-terrors"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GOLDEN = Path(__file__).resolve().parent / "golden"


def army_text(tokens: dict, name: str = "Test army") -> str:
    return yaml.safe_dump({"system": "token-terrors", "name": name, "tokens": tokens}, sort_keys=False)


def draft_text(players: list, picks: list, name: str = "Test draft") -> str:
    """picks: (player, faction, tokens) tuples, in order."""
    return yaml.safe_dump(
        {
            "system": "token-terrors",
            "name": name,
            "draft": {"players": players, "picks": [{"player": p, "faction": f, "tokens": n} for p, f, n in picks]},
        },
        sort_keys=False,
    )


def check(text: str, file: str = "list.yaml") -> Result:
    return check_text(text, file)


def army(**tokens) -> Result:
    """An army from keyword arguments; underscores become spaces (Flying_Machines)."""
    return check(army_text({k.replace("_", " "): v for k, v in tokens.items()}))


def draft(players, picks) -> Result:
    return check(draft_text(players, picks))


def codes(result: Result, severity: str | None = None) -> list[str]:
    return [f.code for f in result.sorted_findings() if severity is None or f.severity.value == severity]


def findings(result: Result, code: str) -> list:
    return [f for f in result.sorted_findings() if f.code == code]


def errors(result: Result) -> list[str]:
    return codes(result, "error")


# The completed draft of the example: Ozzy (the first player) Soldiers 6 and Elves 4,
# Wren Wyverns 5 and Goblins 5. Both end with 10 tokens; the picks alternate.
GOOD_DRAFT = [("Ozzy", "Soldiers", 6), ("Wren", "Wyverns", 5), ("Ozzy", "Elves", 4), ("Wren", "Goblins", 5)]


def with_catalog(monkeypatch, factions_change=None, rules_change=None):
    """Check against a changed copy of the data (e.g. a Tyrannical faction), for this test only."""
    from armybuilder.resources import load_data
    from armybuilder.systems.token_terrors import model

    rules = copy.deepcopy(load_data("token-terrors", "rules"))
    factions = copy.deepcopy(load_data("token-terrors", "factions")["factions"])
    if factions_change:
        factions_change({f["name"]: f for f in factions})
    if rules_change:
        rules_change(rules)
    cat = model.build_catalog(
        rules,
        factions,
        load_data("token-terrors", "tactics")["tactics"],
        load_data("token-terrors", "grudges")["grudges"],
    )
    monkeypatch.setattr(model, "catalog", lambda: cat)
    return cat
