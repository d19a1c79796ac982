"""HMB004 hero-faction."""

from ._lists import LARGE, MEDIUM, assert_clean, findings, variant


def test_passes():
    assert_clean(MEDIUM, "HMB004")
    assert_clean(variant(LARGE, hero={"name": "Tarnum", "level": "VII"}), "HMB004")  # Tarnum (Dungeon)


def test_hero_of_another_faction_fails():
    (f,) = findings(variant(MEDIUM, hero={"name": "Mutare", "level": "V"}), "HMB004")
    assert f.message.startswith("Mutare is a Dungeon hero, not a Castle one; Castle heroes: Adelaide, Catherine")


def test_multi_faction_hero_without_one_in_the_faction_fails():
    tower = variant(MEDIUM, faction="Tower", hero={"name": "Tarnum", "level": "V"})
    (f,) = findings(tower, "HMB004")
    assert f.message.startswith(
        "Tarnum is a hero of Castle, Conflux, Dungeon, Fortress, Rampart and Stronghold, not of Tower"
    )
