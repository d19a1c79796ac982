"""The bundled data: it fits its schemas, carries the seed's numbers and marks what is unverified."""

import json

import pytest
import yaml
from jsonschema import Draft202012Validator

from armybuilder.resources import data_dir, schema_dir
from armybuilder.systems.small_world.model import catalog
from armybuilder.systems.small_world.system import SYSTEM

SYSTEM_ID = "small-world-of-warcraft"
HORDE = {"Blood Elves", "Forsaken", "Goblins", "Orcs", "Tauren", "Trolls"}


def load(name):
    with open(data_dir() / SYSTEM_ID / f"{name}.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.mark.parametrize("name", ["system", "races", "base-rules"])
def test_data_fits_its_schema(name):
    schema = json.loads((schema_dir() / f"{SYSTEM_ID}.{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(load(name))]
    assert errors == []


def test_list_schema_is_valid():
    schema = json.loads((schema_dir() / f"{SYSTEM_ID}.list.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["system"] == {"const": SYSTEM_ID}


def test_powers_only_for_the_seed_horde_six():
    for race in catalog().races.values():
        assert race.has_power == (race.name in HORDE)
        assert bool(race.power) == (race.name in HORDE)
        if race.name in HORDE:
            assert race.rule == f"SWoW {race.name}" and race.faction == "Horde" and not race.faction_inferred
        elif race.faction is not None:
            assert race.faction_inferred  # Alliance and Neutral: lore only


def test_powers_carry_the_seed_numbers():
    races = catalog().races
    # Seed 001: the Orcs' entry is the Alliance coin alone ("natural-born conquerors ... 1 bonus
    # Victory Coin"); "may never occupy (nor conquer) a Region with less than 2 Race tokens" opens
    # the Tauren's entry, whose text goes on "Under no circumstances should a Tauren token be left
    # alone" and "When going In Decline, they leave 2 Race tokens in each Region, instead of 1".
    assert races["Orcs"].power == {"conquest_bonus": {"defender_faction": "Alliance", "coins": 1}}
    assert races["Tauren"].power == {
        "region_minimum": {"tokens": 2, "active": True, "in_decline": True},
        "conquest_minimum": 2,
        "decline_tokens_per_region": 2,
    }
    assert races["Trolls"].power["conquest_discount"] == {"tokens": 1, "non_empty_only": True, "minimum": 1}
    assert races["Goblins"].power["bombs"] == {"stack": 12, "per_region": 1}
    assert races["Forsaken"].power["enlist"] == {"coins_per_token": 1, "tokens_per_loss": 1}
    assert races["Blood Elves"].power["region_bonus"] == {"marker": "magic", "coins": 1}


def test_base_rules_not_in_the_seeds_are_marked_unverified():
    base = load("base-rules")
    for key in (
        "conquest_base",
        "conquest_per_token",
        "conquest_per_mountain",
        "conquest_per_defence",
        "coins_per_region",
        "reinforcement_die_minimum",
        "power_lost_in_decline",
        "one_race_per_region",
    ):
        assert base[key]["unverified"] is True and "unverified" in base[key]["rule"]
    assert (
        base["conquest_base"]["value"],
        base["conquest_per_token"]["value"],
        base["conquest_per_mountain"]["value"],
        base["conquest_per_defence"]["value"],
    ) == (2, 1, 1, 1)
    assert base["decline_tokens_per_region"]["rule"] == "SWoW Tauren"
    assert base["faction_bonus"]["value"] is None  # never invented


def test_codes_are_documented_and_stable():
    codes = SYSTEM.codes()
    assert [c.code for c in codes] == [f"SWW{i:03d}" for i in range(1, 21)]
    assert len({c.name for c in codes}) == len(codes)
    for c in codes:
        assert c.doc and c.rule
    assert [c.code for c in codes if c.retired] == ["SWW010"]  # never reused


def test_system_meta():
    assert SYSTEM.id == SYSTEM_ID and SYSTEM.title == "Small World of Warcraft" and SYSTEM.data_version == "2"
    assert SYSTEM.meta["checks"]


def test_inventory():
    from .helpers import check, position

    r = check(position())
    items = {(i.kind, i.name): i.count for i in SYSTEM.inventory(r.document, r)}
    assert items[("race", "Orcs")] == 8 and items[("race", "Tauren")] == 2
    assert items[("special_power", "Blacksmith")] == 1
    assert items[("total", "coins")] == 4 and items[("total", "conquest_tokens")] == 3
