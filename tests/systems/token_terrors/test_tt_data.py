"""The Token Terrors data against the rulebook (rule document 000), entry by entry, by hand."""

import json

import pytest
import yaml
from jsonschema import Draft202012Validator

from armybuilder.resources import load_data

from .helpers import ROOT

SYSTEM = "token-terrors"

# From "Token Terrors Season 1: Primeval": NAME - STYLE | RARITY | TYPE, then the two talents.
SEASON_1 = {
    "Goblins": ("melee", "Typical", "Fiend", ["Enable", "Incite"]),
    "Soldiers": ("melee", "Typical", "Human", ["March", "Phalanx"]),
    "Zombies": ("melee", "Typical", "Undying", ["Undead", "Infect"]),
    "Wyverns": ("ranged", "Typical", "Animal", ["Take Flight", "Rush"]),
    "Elves": ("ranged", "Typical", "Fey", ["Teamwork", "Sharpshooter"]),
    "Flying Machines": ("ranged", "Typical", "Machine", ["Build", "Swarm"]),
    "Swamplins": ("melee", "Typical", "Fiend", ["Spear Skewer", "Kickstart"]),
}

# "Terrible Tactics Challenges" ("???" is None) and "Gruesome Grudge Challenges".
TACTICS = {
    "The Alliance of Elves and Men": ["Elves", "Soldiers"],
    "Corpse Cover": ["Elves", "Zombies"],
    "Field Command": ["Soldiers", "Flying Machines"],
    "Tampered Tech": ["Goblins", "Flying Machines"],
    "Death from Above": ["Goblins", "Wyverns"],
    "Big Bad Bird Bait": ["Wyverns", None],
    "Goblin War Frenzy": ["Swamplins", "Goblins"],
    "Treacherous Scum": ["Swamplins", None],
    "Decayed Buffet": ["Wyverns", "Zombies"],
}
GRUDGES = {
    "Haughty Hatred": ["Goblins", "Elves"],
    "Return to Dead": ["Zombies", "Soldiers"],
    "Airborne Animosity": ["Flying Machines", "Wyverns"],
}


@pytest.mark.parametrize("name", ["system", "rules", "factions", "tactics", "grudges"])
def test_data_file_fits_its_schema(name):
    schema = json.loads((ROOT / "schemas" / f"{SYSTEM}.{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    data = yaml.safe_load((ROOT / "data" / SYSTEM / f"{name}.yaml").read_text(encoding="utf-8"))
    assert [e.message for e in Draft202012Validator(schema).iter_errors(data)] == []


def test_the_seven_factions():
    factions = load_data(SYSTEM, "factions")["factions"]
    got = {f["name"]: (f["battle_style"], f["rarity"], f["type"], [t["name"] for t in f["talents"]]) for f in factions}
    assert got == SEASON_1
    assert load_data(SYSTEM, "factions")["season"]["name"] == "Primeval"


def test_talents_cost_one_command_and_kickstart_is_a_trait():
    for f in load_data(SYSTEM, "factions")["factions"]:
        for t in f["talents"]:
            assert t["summary"] and t["limits"]
            if t["name"] == "Kickstart":
                assert (t["kind"], t["command_cost"]) == ("trait", None)
            else:
                assert (t["kind"], t["command_cost"], t["once_per_turn"]) == ("talent", 1, True)


def test_talents_the_example_of_play_issues_for_one_command():
    # Take Flight and Rush (Wren's 1st and 2nd commands), March (Ozzy's 1st), Phalanx (Ozzy's one Surge
    # Point), Enable (Wren's one Surge Point).
    seen = {
        t["name"]: t["command_cost_source"] for f in load_data(SYSTEM, "factions")["factions"] for t in f["talents"]
    }
    assert sorted(n for n, s in seen.items() if s == "example-of-play") == [
        "Enable",
        "March",
        "Phalanx",
        "Rush",
        "Take Flight",
    ]


def test_the_army_numbers():
    rules = load_data(SYSTEM, "rules")
    assert {
        k: rules[k]["value"] for k in ("army_slots", "max_per_faction", "pick_min", "pick_max", "box_tokens", "players")
    } == {"army_slots": 10, "max_per_faction": 6, "pick_min": 1, "pick_max": 6, "box_tokens": 42, "players": 2}
    advice = rules["advice"]
    assert advice["beginner_mix"]["splits"] == [[5, 5], [6, 4]]
    assert advice["challenging_mixes"]["examples"] == [[3, 3, 4], [6, 2, 2]]


def test_tactics_and_grudges():
    tactics = load_data(SYSTEM, "tactics")["tactics"]
    grudges = load_data(SYSTEM, "grudges")["grudges"]
    assert {t["name"]: t["factions"] for t in tactics} == TACTICS
    assert {g["name"]: g["factions"] for g in grudges} == GRUDGES
    # "12 sealed Tactics and Grudge cards"
    assert len(tactics) + len(grudges) == 12
    assert all(t["challenge"] for t in tactics + grudges)


def test_every_faction_named_in_tactics_and_grudges_exists():
    names = {f["name"] for f in load_data(SYSTEM, "factions")["factions"]}
    for card in load_data(SYSTEM, "tactics")["tactics"] + load_data(SYSTEM, "grudges")["grudges"]:
        assert {f for f in card["factions"] if f} <= names


def test_list_schema_is_bounded_and_has_no_oneof():
    text = (ROOT / "schemas" / f"{SYSTEM}.list.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    Draft202012Validator.check_schema(schema)
    assert "oneOf" not in text

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "array":
                assert "maxItems" in node
            if node.get("type") == "integer":
                assert "maximum" in node
            if node.get("type") == "string":
                assert "maxLength" in node
            if node.get("type") == "object":
                assert node.get("additionalProperties") is not True
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    assert schema["properties"]["name"]["maxLength"] == 200
