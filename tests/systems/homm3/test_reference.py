"""The unit and hero data match the reference CSVs they were converted from, row for row.

The CSVs are in the repository (tests/systems/homm3/reference/, its README names their source), so
these tests run in every clone; ``HOMM3_REFERENCE=DIR`` checks against another copy instead."""

from __future__ import annotations

import csv
import os
from pathlib import Path

from armybuilder.resources import load_data

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = Path(os.environ.get("HOMM3_REFERENCE") or Path(__file__).parent / "reference")
ROMAN = {"I": "Ⅰ", "IV": "Ⅳ", "VI": "Ⅵ"}


def read(name: str) -> list[dict]:
    with open(REFERENCE / name, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def cost_text(cost: dict) -> str:
    return f"{cost['gold']} gold" + (f" + {cost['valuables']} valuables" if cost["valuables"] else "")


def card_row(faction, name, side, tier, card, box) -> dict:
    unit_type = card["type"] if card["type"] is not None else f"({card['type_note']})"
    return {
        "faction": faction,
        "unit": name,
        "side": side,
        "tier": tier,
        "type": unit_type,
        "attack": str(card["attack"]),
        "defense": str(card["defense"]),
        "hp": str(card["hp"]),
        "initiative": str(card["initiative"]),
        "recruit_cost": cost_text(card["cost"]),
        "source_box": box,
    }


def unit_rows_from_data() -> list[dict]:
    units = load_data("homm3-battlefield", "units")
    rows = []
    for fac in units["factions"]:
        for u in fac["units"]:
            rows.append(card_row(fac["name"], u["name"], "Few", u["tier"], u["few"], fac["box"]))
            rows.append(card_row(fac["name"], u["name"], "Pack", u["tier"], u["pack"], fac["box"]))
            if "alternate" in u:
                for side in ("few", "pack"):
                    rows.append(
                        card_row(
                            fac["name"],
                            u["name"],
                            f"{side.capitalize()} (Alternate)",
                            u["tier"],
                            u["alternate"][side],
                            fac["box"],
                        )
                    )
    for u in units["neutral"]:
        rows.append(card_row("Neutral", u["name"], "Neutral", u["tier"], u["card"], ""))
    return rows


def test_units_match_the_reference_row_for_row():
    assert unit_rows_from_data() == read("homm3-units.csv")


def test_every_faction_has_seven_units_three_bronze_two_silver_two_gold():
    for fac in load_data("homm3-battlefield", "units")["factions"]:
        tiers = [u["tier"] for u in fac["units"]]
        assert (tiers.count("Bronze"), tiers.count("Silver"), tiers.count("Gold")) == (3, 2, 2), fac["name"]


def test_only_dungeon_manticores_have_an_alternate_card():
    alts = [
        (f["name"], u["name"])
        for f in load_data("homm3-battlefield", "units")["factions"]
        for u in f["units"]
        if "alternate" in u
    ]
    assert alts == [("Dungeon", "Manticores")]


def test_the_unverified_unit_type_is_marked():
    neutral = {u["name"]: u for u in load_data("homm3-battlefield", "units")["neutral"]}
    assert [n for n, u in neutral.items() if u.get("unverified")] == ["Gold Dragons"]
    assert neutral["Gold Dragons"]["card"]["type"] is None


def test_heroes_match_the_reference_row_for_row():
    heroes = load_data("homm3-battlefield", "heroes")["heroes"]
    rows = [
        {
            "hero": h["name"],
            "faction": h["faction"],
            "might_or_magic": h["might_or_magic"],
            "hero_class": h["class"],
            "attack": str(h["stats"]["attack"]),
            "defense": str(h["stats"]["defense"]),
            "power": str(h["stats"]["power"]),
            "knowledge": str(h["stats"]["knowledge"]),
            "ability_card": h["ability"],
            "specialty_levels": " / ".join(f"{h['specialty']} {ROMAN[lvl]}" for lvl in h["specialty_levels"]),
            "source_box": h["box"],
        }
        for h in heroes
    ]
    assert rows == read("homm3-heroes.csv")


def test_ability_names_come_from_the_heroes_and_the_seed():
    names = set(load_data("homm3-battlefield", "cards")["abilities"]["names"])
    assert names == {r["ability_card"] for r in read("homm3-heroes.csv")} | {"Diplomacy", "Logistics"}


def test_the_converter_reproduces_the_data(tmp_path, monkeypatch):
    """tools/homm3_convert.py run on the reference writes exactly the shipped files."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("homm3_convert", ROOT / "tools" / "homm3_convert.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setattr(tool, "OUT", tmp_path)
    assert tool.main(["homm3_convert.py", str(REFERENCE)]) == 0
    for name in ("units.yaml", "heroes.yaml", "cards.yaml"):
        shipped = (ROOT / "data" / "homm3-battlefield" / name).read_text(encoding="utf-8")
        assert (tmp_path / name).read_text(encoding="utf-8") == shipped, name
