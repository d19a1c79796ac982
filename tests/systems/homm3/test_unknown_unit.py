"""HMB014 unknown-unit."""

from ._lists import BOARD, LARGE, MEDIUM, assert_clean, findings, variant


def test_passes_in_any_case():
    assert_clean(MEDIUM, "HMB014")
    assert_clean(LARGE, "HMB014")  # alternate Manticores
    assert_clean(variant(MEDIUM, units=[{"name": "griffins", "side": "Pack"}]), "HMB014")


def test_typo_fails_with_suggestion():
    (f,) = findings(variant(MEDIUM, units=[{"name": "Grifins", "side": "Pack"}]), "HMB014")
    assert f.message.startswith(
        "'Grifins' is not a Castle unit (did you mean 'Griffins'?); Castle units: Halberdiers, Marksmen"
    )


def test_other_factions_unit_fails():
    (f,) = findings(variant(MEDIUM, units=[{"name": "Black Dragons", "side": "Pack"}]), "HMB014")
    assert f.message.startswith("Black Dragons is a Dungeon unit, not a Castle one")


def test_board_mode_points_at_the_neutral_unit():
    (f,) = findings(variant(BOARD, units=[{"name": "Griffins", "side": "Pack"}]), "HMB014")
    assert f.message.endswith("(for the neutral unit of that name, write neutral: true)")


def test_unknown_neutral_unit_fails():
    (f,) = findings(variant(BOARD, units=[{"name": "Sharpshooter", "neutral": True}]), "HMB014")
    assert f.message == "unknown neutral unit 'Sharpshooter' (did you mean 'Sharpshooters'?)"


def test_alternate_card_only_for_manticores():
    (f,) = findings(variant(MEDIUM, units=[{"name": "Griffins", "side": "Pack", "alternate": True}]), "HMB014")
    assert f.message == "Griffins has no alternate card (only Dungeon's Manticores has one)"
