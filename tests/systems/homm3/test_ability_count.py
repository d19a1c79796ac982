"""HMB007 ability-count: keep 2 / 3 / 4."""

from ._lists import ADVENTURE, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE):
        assert_clean(base, "HMB007")
    assert_clean(variant(ADVENTURE, abilities=[]), "HMB007")  # no fixed number in adventure


def test_wrong_number_fails():
    (f,) = findings(variant(MEDIUM, abilities=["Archery", "Offense", "Wisdom", "Tactics"]), "HMB007")
    assert f.message == "a Medium skirmish draws 4 Ability cards and keeps 3; the list has 4 Abilities"
    (f,) = findings(variant(SHORT, abilities=["Wisdom"]), "HMB007")
    assert f.message == "a Short skirmish draws 3 Ability cards and keeps 2; the list has 1 Ability"
    (f,) = findings(variant(LARGE, abilities=None), "HMB007")
    assert "keeps 4; the list has 0 Abilities" in f.message
