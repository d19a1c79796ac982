"""HMB013 duplicate-card."""

from ._lists import LARGE, MEDIUM, assert_clean, findings, variant


def test_passes():
    assert_clean(MEDIUM, "HMB013")
    assert_clean(LARGE, "HMB013")


def test_duplicates_fail():
    data = variant(
        MEDIUM,
        specialties=["I", "I"],
        abilities=["Archery", "archery", "Wisdom"],
        artifacts=["Sword of Judgement", "Sword of Judgement"],
        spells=["Bless", "BLESS"],
    )
    got = findings(data, "HMB013")
    assert [f.message for f in got] == [
        "Specialty card I is listed twice: the hero has one card of each level",
        "Ability card Archery is listed twice: list each card once",
        "Artifact card Sword of Judgement is listed twice: list each card once",
        "Spell card Bless is listed twice: list each card once",
    ]
