"""HMB006 specialties: I (Short), I and IV (Medium), all the hero's (Large)."""

from ._lists import ADVENTURE, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE, ADVENTURE):
        assert_clean(base, "HMB006")


def test_adventure_takes_any_of_the_heroes_cards():
    assert_clean(variant(ADVENTURE, specialties=["I", "IV", "VI"]), "HMB006")


def test_extra_card_fails():
    (f,) = findings(variant(SHORT, specialties=["I", "IV"]), "HMB006")
    assert f.message == "a Short skirmish uses the Level I Specialty card only: leave out IV"


def test_missing_card_fails():
    (f,) = findings(variant(MEDIUM, specialties=["I"]), "HMB006")
    assert f.message == "a Medium skirmish uses the Specialty cards I and IV: add IV"
    (f,) = findings(variant(LARGE, specialties=None), "HMB006")
    assert f.message == "a Large skirmish uses the Specialty cards I, IV and VI: add I, IV and VI"


def test_card_the_hero_does_not_have_fails():
    (f,) = findings(variant(ADVENTURE, specialties=["II"]), "HMB006")
    assert f.message == "Solmyr has Specialty cards I, IV and VI, not II"
    assert f.rule == "HoMM3 Battlefield 2. Setup"
