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


def test_the_catalog_says_where_a_neutral_unit_plays_in_a_player_s_words():
    """Issue 36, 8: the catalog said "mode board (neutral: true in the list)", the file's words."""
    from armybuilder.systems.homm3.catalog import hm_neutral

    (boars,) = [e for e in hm_neutral() if e.name == "Boars"]
    assert boars.who == [
        "in a board game, as a neutral unit; not in a skirmish or adventure game (HoMM3 Battlefield 2. Setup)"
    ]
