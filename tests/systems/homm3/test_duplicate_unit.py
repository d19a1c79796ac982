"""HMB016 duplicate-unit."""

from ._lists import BOARD, LARGE, MEDIUM, assert_clean, findings, variant


def test_passes():
    for base in (MEDIUM, LARGE, BOARD):
        assert_clean(base, "HMB016")


def test_same_unit_twice_fails():
    units = MEDIUM["units"] + [{"name": "halberdiers", "side": "Few"}]
    (f,) = findings(variant(MEDIUM, units=units), "HMB016")
    assert f.message == "Halberdiers is listed twice: each unit is in the army once"
    assert f.path == ("units", 7, "name")


def test_regular_and_alternate_manticores_are_one_unit():
    units = LARGE["units"] + [{"name": "Manticores", "side": "Pack"}]
    (f,) = findings(variant(LARGE, units=units), "HMB016")
    assert "(the regular and the alternate card are one unit)" in f.message


def test_neutral_twice_fails():
    units = [
        *BOARD["units"][:4],
        {"name": "Sharpshooters", "neutral": True},
        {"name": "sharpshooters", "neutral": True},
    ]
    (f,) = findings(variant(BOARD, units=units), "HMB016")
    assert f.message.startswith("Sharpshooters (neutral) is listed twice")
