"""rules.yaml holds seed 004's numbers; the finding codes are complete and documented."""

import re

from armybuilder import systems
from armybuilder.resources import load_data
from armybuilder.systems.homm3 import rules


def test_skirmish_lengths_are_the_seeds():
    lengths = load_data("homm3-battlefield", "rules")["skirmish"]["lengths"]
    got = {
        k: (
            v["hero_level"],
            v["specialties"],
            v["abilities"]["draw"],
            v["abilities"]["keep"],
            v["artifacts"]["draw"],
            v["artifacts"]["keep"],
            v["spells"]["min"],
            v["spells"]["max"],
            v["tiers"],
            v["side"],
        )
        for k, v in lengths.items()
    }
    assert got == {
        "short": ("III", ["I"], 3, 2, 2, 1, 1, 2, ["Bronze", "Silver"], "Few"),
        "medium": ("V", ["I", "IV"], 4, 3, 3, 2, 2, 4, ["Bronze", "Silver", "Gold"], "Pack"),
        "large": ("VII", "all", 6, 4, 4, 3, 3, 5, ["Bronze", "Silver", "Gold"], "Pack"),
    }


def test_adventure_lengths_and_start_are_the_seeds():
    adv = load_data("homm3-battlefield", "rules")["adventure"]
    assert {k: v["rounds"] for k, v in adv["lengths"].items()} == {"short": 9, "medium": 13, "large": 16}
    assert adv["start"]["income"] == {"gold": 10, "building_materials": 0, "valuables": 0}
    assert adv["start"]["resources"] == {"gold": 15, "building_materials": 3, "valuables": 1}
    assert adv["start"]["hero_level"] == "I"


def test_removed_abilities_and_unit_limits_are_the_seeds():
    r = load_data("homm3-battlefield", "rules")
    assert r["setup"]["removed_abilities"]["cards"] == ["Diplomacy", "Logistics"]
    assert r["modes"]["skirmish"]["unit_limit"] is None and r["modes"]["adventure"]["unit_limit"] is None
    assert r["modes"]["board"]["unit_limit"] == {"player": 7, "neutral": 5}
    assert r["movement"]["equals"] == "initiative"


def test_codes_are_complete_and_documented():
    codes = systems.get("homm3-battlefield").codes()
    assert [c.code for c in codes] == [f"HMB{i:03d}" for i in range(1, len(rules.REGISTRY) + 1)]
    assert len({c.name for c in codes}) == len(codes)
    for c in codes:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", c.name)
        assert c.rule.startswith("HoMM3 Battlefield ") and len(c.doc) > 80, c.code


def test_one_test_file_per_rule_module():
    from pathlib import Path

    here = Path(__file__).parent
    for module in rules.REGISTRY:
        assert (here / f"test_{module.__name__.rsplit('.', 1)[1]}.py").exists(), module.__name__
