"""HMB003 unknown-hero."""

from ._lists import MEDIUM, assert_clean, findings, variant


def test_passes_in_any_case():
    assert_clean(MEDIUM, "HMB003")
    assert_clean(variant(MEDIUM, hero={"name": "CATHERINE", "level": "V"}), "HMB003")


def test_plain_name_of_a_multi_faction_hero_passes():
    # "Tarnum" is found as "Tarnum (Castle)" in a Castle list
    assert_clean(variant(MEDIUM, hero={"name": "Tarnum", "level": "V"}), "HMB003")
    assert_clean(variant(MEDIUM, hero={"name": "tarnum (castle)", "level": "V"}), "HMB003")


def test_unknown_hero_fails_with_suggestion():
    (f,) = findings(variant(MEDIUM, hero={"name": "Catherin", "level": "V"}), "HMB003")
    assert f.message == "unknown hero 'Catherin' (did you mean 'Catherine'?)"
    assert f.path == ("hero", "name")
