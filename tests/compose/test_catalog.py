"""catalog and explain: text and JSON for every system, golden outputs for Fantasy Triumph.

Rewrite the golden files with ``ARMYBUILDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/compose``
and review the diff (see ``tests/support/golden.py``).
"""

from __future__ import annotations

import json

import pytest

from armybuilder.resources import load_data
from tests.support.golden import compare

from .helpers import GOLDEN


def test_golden_catalog_cards(run):
    r = run("catalog", "fantasy-triumph", "cards")
    assert r.exit_code == 0 and r.stderr.strip() == "37 entries"
    compare(GOLDEN / "catalog-fantasy-triumph-cards.txt", r.stdout)


def test_golden_explain_text_and_json(run):
    r = run("explain", "fantasy-triumph", "spellblast")
    assert r.exit_code == 0
    compare(GOLDEN / "explain-spellblast.txt", r.stdout)
    r = run("explain", "fantasy-triumph", "Mobile", "Infantry", "--format", "json")
    assert r.exit_code == 0
    compare(GOLDEN / "explain-mobile-infantry.json", r.stdout)


SYSTEMS = {
    "fantasy-triumph": {"cards": 37, "troops": 26, "topographies": 11},
    "token-terrors": {"factions": 7},
    "homm3-battlefield": {"factions": 10, "neutral": None, "units": 70},
    "small-world-of-warcraft": {"races": 17},
}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_catalog_json_every_kind(run, system):
    r = run("catalog", system, "--format", "json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["system"] == system
    kinds = {k["kind"]: k for k in out["kinds"]}
    for kind, count in SYSTEMS[system].items():
        assert kind in kinds
        if count is not None:
            assert len(kinds[kind]["rows"]) == count
    for k in out["kinds"]:
        for row in k["rows"]:
            assert row["name"]
            cite = row.get("rule") or row.get("source")
            assert cite, (k["kind"], row)


@pytest.mark.parametrize(
    "system, kind, text, wanted",
    [
        ("fantasy-triumph", "troops", "cavalry", {"Elite Cavalry", "Javelin Cavalry"}),
        ("token-terrors", "factions", "ranged", {"Wyverns", "Elves", "Flying Machines"}),
        (
            "homm3-battlefield",
            "units",
            "Rampart",
            {"Centaurs", "Dwarves", "Elves", "Pegasi", "Dendroids", "Unicorns", "Gold Dragons"},
        ),
        (
            "small-world-of-warcraft",
            "race",
            "alliance",
            {"Draenei", "Dwarves", "Gnomes", "Humans", "Night Elves", "Worgen", "Orcs"},
        ),  # Orcs: their summary names it
    ],
)
def test_catalog_filter(run, system, kind, text, wanted):
    r = run("catalog", system, kind, "--filter", text, "--format", "json")
    (k,) = json.loads(r.stdout)["kinds"]
    names = {row["name"] for row in k["rows"]}
    assert names == wanted


@pytest.mark.parametrize(
    "system, name, kind, words",
    [
        ("fantasy-triumph", "archers", "troop type", ["4 points a stand", "also written: Archers"]),
        ("fantasy-triumph", "Dense Marsh", "topography", ["Dense: changes the price of Ambush"]),
        (
            "token-terrors",
            "flying machines",
            "faction",
            ["at most 6 tokens", "talent Build", "Grudge Airborne Animosity"],
        ),
        ("token-terrors", "kickstart", "trait", ["never issued"]),
        ("homm3-battlefield", "Catherine", "hero", ["Castle armies", "medium skirmish: level V"]),
        ("homm3-battlefield", "archangels", "unit", ["figures:", "Few", "Pack", "30 gold + 2 valuables"]),
        ("small-world-of-warcraft", "TROLLS", "race", ["conquests cost 1 token less", "SWoW Trolls"]),
    ],
)
def test_explain_every_system(run, system, name, kind, words):
    r = run("explain", system, name)
    assert r.exit_code == 0, r.stderr
    assert f"({kind}, " in r.stdout.splitlines()[0]
    for w in words:
        assert w in r.stdout
    j = json.loads(run("explain", system, name, "--format", "json").stdout)
    assert j["system"] == system and j["entries"][0]["kind"] == kind
    assert set(j["entries"][0]) == {
        "kind",
        "name",
        "rule",
        "summary",
        "cost",
        "who",
        "caps",
        "excludes",
        "options",
        "notes",
        "not_checked",
        "readings",
        "figures",
        "data",
    }


def test_explain_shows_what_is_not_checked_about_an_entry(run):
    # data/fantasy-triumph/system.yaml names Illusion in a not_checked entry (FT 39: "Illusion
    # cannot be applied to heroes or generals"; the list does not say which stands are illusions).
    r = run("explain", "fantasy-triumph", "Illusion")
    assert "  unchecked: that Illusion is never on heroes or generals, nor disguises Flying" in r.stdout
    j = json.loads(run("explain", "fantasy-triumph", "Illusion", "--format", "json").stdout)
    (line,) = j["entries"][0]["not_checked"]
    assert line.endswith("(FT 39, FT 39.2)")
    j = json.loads(run("explain", "fantasy-triumph", "Deadly", "--format", "json").stdout)
    assert j["entries"][0]["not_checked"] == []  # nothing declared about Deadly


def test_explain_shows_every_entry_of_a_name(run):
    r = run("explain", "homm3-battlefield", "Manticores", "--format", "json")
    kinds = [e["kind"] for e in json.loads(r.stdout)["entries"]]
    assert kinds == ["unit", "neutral unit"]


def test_explain_card_from_the_data():
    """Every Fantasy Triumph card's cost, caps and exclusions come from cards.yaml."""
    from armybuilder.compose.catalog import explain_entries

    for card in load_data("fantasy-triumph", "cards")["cards"]:
        (e,) = explain_entries("fantasy-triumph", card["name"])
        assert e.rule == card["rule"] and e.summary == card["summary"]
        assert e.excludes == card.get("excludes", [])
        assert len(e.caps) >= len([k for k in card.get("caps", {}) if k != "not_general_rule"]) - 1
        assert e.cost and all(str(p).lstrip("-") for p in e.cost)


@pytest.mark.parametrize(
    "args, hint",
    [
        (["catalog", "fantasy-triumf"], "did you mean 'fantasy-triumph'?"),
        (["catalog", "fantasy-triumph", "crads"], "did you mean 'cards'?"),
        (["explain", "fantasy-triumph", "Flyng"], "did you mean 'Flying'?"),
        (["explain", "small-world-of-warcraft", "Orks"], "did you mean 'Orcs'?"),
    ],
)
def test_near_misses(run, args, hint):
    r = run(*args)
    assert r.exit_code == 2 and hint in r.stderr and r.stdout == ""


def test_a_system_without_a_catalog_has_no_kinds(monkeypatch):
    """catalog and explain refuse such a system (system_id); asked directly, it has no kinds and no entries."""
    from armybuilder.compose import catalog

    monkeypatch.setattr(catalog, "_module", lambda system: None)
    with pytest.raises(catalog.CatalogError, match="has no catalog"):
        catalog.system_id("fantasy-triumph")
    assert catalog.kinds("fantasy-triumph") == []
    assert catalog.entries("fantasy-triumph") == []
    with pytest.raises(catalog.CatalogError, match="fantasy-triumph has no catalog"):
        catalog.kind_of("fantasy-triumph", "cards")
