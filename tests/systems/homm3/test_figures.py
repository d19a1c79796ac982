"""A unit's and a hero's explanation show the figures of their cards (issue 36, "rules at hand"): a
table of side × statistic, each equal to the reference CSV the data was made from (reference/)."""

from __future__ import annotations

from armybuilder.compose.catalog import Figures, explain_entries
from armybuilder.resources import load_data

from .test_reference import read as homm3_reference

HM = "homm3-battlefield"


def _one(system: str, name: str, kind: str):
    (entry,) = [e for e in explain_entries(system, name) if e.kind == kind]
    return entry


def _cells(figures: Figures) -> dict[str, list[str]]:
    return {label: cells for label, cells in figures.rows}


def _unit_rows() -> dict[tuple[str, str], dict[str, str]]:
    return {(r["unit"], r["side"]): r for r in homm3_reference("homm3-units.csv")}


def test_a_heroes_iii_unit_shows_both_sides_as_the_reference_cards_print_them():
    rows = _unit_rows()
    units = [u for f in load_data(HM, "units")["factions"] for u in f["units"]]
    assert len(units) > 50
    for u in units:
        e = _one(HM, u["name"], "unit")
        sides = ["Few", "Pack"] + (["Few (Alternate)", "Pack (Alternate)"] if "alternate" in u else [])
        assert e.figures.columns == ["Few", "Pack"] + (["alternate Few", "alternate Pack"] if "alternate" in u else [])
        cells = _cells(e.figures)
        assert list(cells) == ["type", "attack", "defense", "hp", "initiative", "cost"]
        for n, side in enumerate(sides):
            ref = rows[(u["name"], side)]
            for stat in ("type", "attack", "defense", "hp", "initiative"):
                assert cells[stat][n] == ref[stat], (u["name"], side, stat)
            assert (
                cells["cost"][n].replace("valuable", "valuables").replace("valuabless", "valuables")
                == (ref["recruit_cost"])
            ), (u["name"], side)


def test_a_neutral_unit_whose_type_the_data_lacks_shows_none_and_says_why():
    e = _one(HM, "Gold Dragons", "neutral unit")
    cells = _cells(e.figures)
    assert e.figures.columns == [] and cells["type"] == ["-"] and cells["attack"] == ["6"]
    assert e.figures.notes == ["unverified: the type is not in the data (source shows azure icon in Type column)"]
    assert not any("azure" in n for n in e.notes)  # said once


def test_a_heroes_iii_hero_shows_the_starting_statistics_of_the_data():
    for h in load_data(HM, "heroes")["heroes"]:
        cells = _cells(_one(HM, h["name"], "hero").figures)
        assert cells == {
            "class": [h["class"]],
            "might or magic": [h["might_or_magic"]],
            **{k: [str(v)] for k, v in h["stats"].items()},
        }
