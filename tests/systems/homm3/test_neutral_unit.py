"""HMB015 neutral-unit: none in Adventure and Skirmish."""

from ._lists import ADVENTURE, BOARD, MEDIUM, assert_clean, findings, variant


def test_passes_on_the_board():
    assert_clean(BOARD, "HMB015")


def test_neutral_unit_in_skirmish_and_adventure_fails():
    units = [*MEDIUM["units"][:6], {"name": "Sharpshooters", "neutral": True}]
    (f,) = findings(variant(MEDIUM, units=units), "HMB015")
    assert f.message == "Sharpshooters is a neutral unit; a Skirmish army holds only the Castle units"
    assert f.rule == "HoMM3 Battlefield 2. Setup"
    (f,) = findings(variant(ADVENTURE, units=[{"name": "Peasants", "neutral": True}]), "HMB015")
    assert f.message == "Peasants is a neutral unit; an Adventure army holds only the Tower units"
