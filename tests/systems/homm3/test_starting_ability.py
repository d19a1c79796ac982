"""HMB009 starting-ability (info): a hero whose own Ability card the setup removes."""

from armybuilder.findings import Severity

from ._lists import ADVENTURE, BOARD, MEDIUM, assert_clean, findings, variant


def test_passes():
    assert_clean(MEDIUM, "HMB009")
    # Cyra (Diplomacy) on the board in a regular game: nothing is removed there
    assert_clean(variant(BOARD, faction="Tower", hero={"name": "Cyra"}, units=[]), "HMB009")


def test_hero_starting_with_a_removed_card_is_noted():
    cyra = variant(ADVENTURE, hero={"name": "Cyra", "level": "II"})
    (f,) = findings(cyra, "HMB009")
    assert f.severity is Severity.INFO
    assert f.message.startswith("Cyra starts with the Diplomacy Ability card, which setup removes")
