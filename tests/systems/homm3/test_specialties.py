"""HMB006 specialties: I (Short), I and IV (Medium), all the hero's (Large)."""

import yaml

from ._lists import ADVENTURE, LARGE, MEDIUM, SHORT, assert_clean, check, findings, variant


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


def test_adventure_levels_and_specialties_are_declared_not_checked(tmp_path):
    """Issue 39, item 4: an Adventure hero at Level I holding the I, IV and VI Specialty cards was
    accepted without a word. The seed ties Specialty cards to levels only in the Skirmish table
    (4. Skirmish Mode: "Hero Level III; Level I Specialty card only" ...); Adventure sets "Hero
    Level to I" (2. Setup, step 13) and resolves "Hero level-ups, as in regular games" (3. Adventure
    Mode), rules the documents do not hold. So it is not checked, and that is declared: in
    ``systems``, and in every Heroes III roster's "Not checked"."""
    from armybuilder import systems
    from armybuilder.export.roster import build
    from armybuilder.text import not_checked_text

    data = variant(ADVENTURE, hero={"name": "Solmyr", "level": "I"}, specialties=["I", "IV", "VI"])
    assert findings(data, "HMB006") == [] and check(data).valid
    (line,) = [i for i in systems.get("homm3-battlefield").not_checked if "Specialty" in i["text"]]
    assert "the hero's level, and its Specialty cards against it" in line["text"]
    assert "for Skirmish only" in line["text"] and len(not_checked_text(line)) <= 300
    f = tmp_path / "adventure.yaml"
    f.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    roster, _ = build(f)
    assert any("its Specialty cards against it" in n for n in roster.not_checked)
