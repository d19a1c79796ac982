"""HMB020 skirmish-all-units (error): a skirmish army uses all units of its tiers.

Seed 004, 1. Overview: "In Skirmish Mode, players receive pre-constructed Decks and armies with
minimal control"; 4. Skirmish Mode, Medium game: "use Bronze, Silver and Golden units on their
Pack side"; Short game: "use all Bronze and Silver units on their Few side".
"""

from armybuilder.findings import Severity

from ._lists import ADVENTURE, LARGE, MEDIUM, SHORT, assert_clean, check, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE, ADVENTURE):
        assert_clean(base, "HMB020")


def test_missing_units_are_an_error():
    data = variant(MEDIUM, units=MEDIUM["units"][:2])  # the example: Halberdiers, Marksmen
    (f,) = findings(data, "HMB020")
    assert f.severity is Severity.ERROR
    assert f.message == (
        "a Medium skirmish uses all Bronze, Silver and Gold units; the list leaves out "
        "Griffins, Crusaders, Zealots, Champions and Archangels"
    )
    assert not check(data).valid


def test_one_unit_missing_from_a_short_skirmish_fails():
    # Necropolis, Short: the 5 Bronze and Silver units (Skeletons, Zombies, Wraiths, Vampires,
    # Liches) on their Few side; without the Liches the army is not the one the length gives.
    data = variant(SHORT, units=SHORT["units"][:4])
    (f,) = findings(data, "HMB020")
    assert f.message == "a Short skirmish uses all Bronze and Silver units; the list leaves out Liches"
    assert f.path == ("units",) and not check(data).valid
