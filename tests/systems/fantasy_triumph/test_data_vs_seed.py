"""The data files against the rulebook and the reference data.

- Every card FT 24 to FT 62 except FT 40 and FT 41 (not in the document) is in
  data/fantasy-triumph/cards.yaml, with the number and name of the seeds README's name table.
- data/fantasy-triumph/troops.yaml matches triumph-troop-types.csv: names (the Fantasy Triumph
  names), base points, order of rows, foot or mounted, order, move, shooting, extra command point.

The README table and the CSV are transcribed here (the expected values are the documents', not the
code's); the maintainers' checks (tests/support/shared.py) compare the transcriptions with the documents.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
import yaml

from tests.support.shared import shared

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "data" / "fantasy-triumph"
SEEDS_README = ("seeds", "README.md")
SEED = ("seeds", "003_a869a1ce4dbec61f.txt")
CSV_FILE = ("reference", "triumph-troop-types.csv")

# The seeds README, "Fantasy Triumph card names (the headings lost from 003)"
CARD_NAMES = {
    24: "Ambush",
    25: "Armored",
    26: "Away",
    27: "Brittle",
    28: "Champion",
    29: "Charge Through",
    30: "Craven",
    31: "Deadly",
    32: "Delayed Entry",
    33: "Fast",
    34: "Fierce",
    35: "Flying",
    36: "Fortified Camp",
    37: "Hearten",
    38: "Hold the Line",
    39: "Illusion",
    42: "Marksman",
    43: "Massive",
    44: "Mindblast",
    45: "Mobile Infantry",
    46: "Negate Magic",
    47: "No Camp",
    48: "Pack Train and Herds",
    49: "Prepared Defenses",
    50: "Prowess",
    51: "Ranged Attack",
    52: "Regenerate",
    53: "Slow",
    54: "Spellblast",
    55: "Spiked Carts",
    56: "Subcommander",
    57: "Supporting Shooters",
    58: "Terrain Affinity",
    59: "Terror",
    60: "Unreliable",
    61: "Unruly",
    62: "Weaken",
}

# The seeds README's grouping ("How 003 orders the cards, and what that tells")
GROUPS = {
    "army": [
        "Ambush",
        "Delayed Entry",
        "Fortified Camp",
        "Illusion",
        "Mobile Infantry",
        "No Camp",
        "Pack Train and Herds",
        "Prepared Defenses",
    ],
    "expendable": ["Charge Through", "Hold the Line"],
    "stand": [
        "Brittle",
        "Craven",
        "Fierce",
        "Flying",
        "Massive",
        "Regenerate",
        "Slow",
        "Spiked Carts",
        "Supporting Shooters",
        "Terrain Affinity",
        "Unreliable",
        "Unruly",
        "Weaken",
    ],
    "hero": ["Champion", "Subcommander"],
    "stand_or_hero": [
        "Armored",
        "Away",
        "Deadly",
        "Fast",
        "Hearten",
        "Marksman",
        "Mindblast",
        "Negate Magic",
        "Prowess",
        "Ranged Attack",
        "Spellblast",
        "Terror",
    ],
}

# triumph-troop-types.csv, transcribed
CSV_TEXT = """\
code,triumph_name,fantasy_triumph_name,points,foot_or_mounted,order,move_mu,shoots,shooting_factor,extra_command_point
ARC,Archers,Shooters,4,foot,open,3,yes,3,no
BLV,Bow Levy,Bow Levy,2,foot,open,3,no,0,no
EFT,Elite Foot,Elite Foot,4,foot,close,3,no,0,no
HFT,Heavy Foot,Heavy Foot,3,foot,close,3,no,0,no
HRD,Horde,Horde,2,foot,close,3,no,0,no
LFT,Light Foot,Light Foot,3,foot,open,5,no,0,no
LSP,Light Spear,Light Spear,3,foot,open,4,no,0,no
PAV,Pavisiers,Pavisiers,4,foot,close,3,yes,3,no
PIK,Pikes,Pikes,3,foot,close,3,no,0,no
RBL,Rabble,Rabble,2,foot,open,4,no,0,no
RDR,Raiders,Raiders,4,foot,open,4,no,0,no
SKM,Skirmishers,Skirmishers,3,foot,open,5,no,0,no
SPR,Spear,Spear,4,foot,close,3,no,0,no
WBD,Warband,Warband,3,foot,open,4,no,0,no
WRR,Warriors,Warriors,3,foot,close,3,no,0,no
WWG,War Wagons,War Wagons,3,foot,close,2,yes,3,yes
ART,Artillery,Artillery,3,foot,close,2,yes,4,yes
BAD,Bad Horse,Bad Horse,3,mounted,open,6,no,0,no
BTX,Battle Taxi,Battle Taxi,3,mounted,open,6,no,0,no
CAT,Cataphracts,Cataphracts,4,mounted,close,4,no,0,no
CHT,Chariots,Chariots,4,mounted,open,6,no,0,no
ECV,Elite Cavalry,Elite Cavalry,4,mounted,open,6,no,0,no
ELE,Elephants,Behemoths,4,mounted,close,4,no,0,yes
HBW,Horse Bow,Horse Bow,4,mounted,open,8,no,0,no
JCV,Javelin Cavalry,Javelin Cavalry,4,mounted,open,8,no,0,no
KNT,Knights,Knights,4,mounted,open,5,no,0,no
"""
CSV_ROWS = list(csv.DictReader(io.StringIO(CSV_TEXT)))


def load(name: str) -> dict:
    return yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards() -> list[dict]:
    return load("cards")["cards"]


@pytest.fixture(scope="module")
def troops() -> list[dict]:
    return load("troops")["troops"]


# ---------------------------------------------------------------------------
# the transcriptions against the shared documents (maintainers' checks: ARMYBUILDER_SHARED=DIR)


@pytest.mark.maintainer
def test_card_name_table_matches_the_seeds_readme():
    text = shared(*SEEDS_README).read_text(encoding="utf-8")
    table = " ".join(text.split("## Fantasy Triumph card names")[1].split("##")[0].split())
    for number, name in CARD_NAMES.items():
        assert re.search(rf"\b{number} {re.escape(name)}\b", table), (number, name)
    assert "40 and 41 (not in the document)" in table


@pytest.mark.maintainer
def test_csv_transcription_matches_the_reference():
    assert list(csv.DictReader(io.StringIO(shared(*CSV_FILE).read_text(encoding="utf-8")))) == CSV_ROWS


@pytest.mark.maintainer
def test_seed_has_game_play_sections_for_the_numbered_cards():
    # the section numbers identify the cards (seeds README); FT 35 cites FT 8-11, FT 32 starts at 32.1
    text = shared(*SEED).read_text(encoding="utf-8")
    for number in CARD_NAMES:
        if number == 35:
            continue
        assert re.search(rf"\b{number}\.1\b", text), number
    assert "40.1 " not in text and "41.1 " not in text


# ---------------------------------------------------------------------------
# cards.yaml


def test_every_card_24_to_62_except_40_41(cards):
    got = {c["number"]: c["name"] for c in cards}
    assert got == CARD_NAMES


def test_cards_are_in_number_order_and_unique(cards):
    numbers = [c["number"] for c in cards]
    assert numbers == sorted(CARD_NAMES) and len(set(numbers)) == len(numbers)


def test_no_card_for_40_or_41(cards):
    assert not [c for c in cards if c["number"] in (40, 41)]


def test_each_card_cites_its_own_section(cards):
    for c in cards:
        assert c["rule"] == f"FT {c['number']}", c["name"]


@pytest.mark.parametrize("kind", sorted(GROUPS))
def test_card_kinds_follow_the_seed_grouping(cards, kind):
    got = sorted(c["name"] for c in cards if c["kind"] == kind)
    assert got == sorted(GROUPS[kind])


def test_only_fierce_among_stand_cards_admits_heroes(cards):
    # seeds README: "Fierce sits with the stand cards but its cost line names heroes"
    assert [c["name"] for c in cards if c.get("heroes_allowed")] == ["Fierce"]


def test_unknown_names_do_not_resolve_to_40_or_41():
    from armybuilder.check import check_text

    from .conftest import ft_yaml

    r = check_text(ft_yaml(classes=[{"troop": "Spear", "cards": ["FT 40"]}]))
    assert "FTR002" in [f.code for f in r.findings]


# ---------------------------------------------------------------------------
# troops.yaml against the CSV


def test_troop_names_and_order(troops):
    assert [t["name"] for t in troops] == [r["fantasy_triumph_name"] for r in CSV_ROWS]
    assert len(troops) == 26


def test_troop_codes(troops):
    assert [t.get("code") for t in troops] == [r["code"] for r in CSV_ROWS]


@pytest.mark.parametrize("row", CSV_ROWS, ids=[r["code"] for r in CSV_ROWS])
def test_troop_matches_csv(troops, row):
    t = next(t for t in troops if t["name"] == row["fantasy_triumph_name"])
    assert t["points"] == int(row["points"])
    assert t["mount"] == row["foot_or_mounted"]
    assert t["order"] == row["order"]
    assert t["move"] == int(row["move_mu"])
    assert t["shoots"] == (row["shoots"] == "yes")
    assert t["shooting_factor"] == int(row["shooting_factor"])
    assert t["extra_command_point"] == (row["extra_command_point"] == "yes")


@pytest.mark.parametrize("row", CSV_ROWS, ids=[r["code"] for r in CSV_ROWS])
def test_both_names_are_accepted(row):
    # reference README: Archers are "Shooters", Elephants are "Behemoths": accept both names
    from armybuilder.check import check_text

    from .conftest import ft_yaml

    for written in {row["triumph_name"], row["fantasy_triumph_name"]}:
        r = check_text(ft_yaml(classes=[{"troop": written}]))
        assert "FTR001" not in [f.code for f in r.findings], written
        assert r.details["classes"][0]["base"] == int(row["points"])


def test_war_wagons_cost_3():
    # reference README: War Wagons cost 3 since November 2020 (4 in the 2018 sheet)
    troops = {t["name"]: t for t in load("troops")["troops"]}
    assert troops["War Wagons"]["points"] == 3


# ---------------------------------------------------------------------------
# topographies and the unverified army rules


def test_topographies():
    topos = {t["name"]: t["dense"] for t in load("topographies")["topographies"]}
    assert topos == {
        "Arable": False,
        "Delta": False,
        "Dry": False,
        "Forest": False,
        "Hilly": False,
        "Marsh": False,
        "Steppe": False,
        "Dense Forest": True,
        "Dense Marsh": True,
        "Dense Wasteland": True,
        "Dense Underground": True,
    }


def test_army_rules_are_the_reference_defaults_marked_unverified():
    army = load("army")
    expected = {
        "army_points": 51,
        "stands_per_point": 6,
        "stand_minimum_cost": 1,
        "hero_base_cost": 1,
        "max_heroes": 3,
        "max_hero_points": 8,
        "generals": 1,
    }
    for key, value in expected.items():
        assert army[key]["value"] == value, key
        assert army[key].get("unverified") is True, key


def test_seed_figures_in_army_rules():
    army = load("army")
    assert army["delayed_entry_casualty_fraction"]["value"] == 0.5  # FT 32.3: "at ½ normal value"
    assert army["heavily_fortified_camp_sacked_points"]["value"] == 17  # FT 36.2.b: "17 points"
    # FT 52.1's table: 1-2 -> 0, 2.5-3.5 -> 1, 4-5.5 -> 2, 6 or more -> 3
    bands = [(b["from"], b["to"], b["command_points"]) for b in army["regenerate_command_points"]["bands"]]
    assert bands == [(1, 2, 0), (2.5, 3.5, 1), (4, 5.5, 2), (6, None, 3)]
