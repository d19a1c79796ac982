"""HMB008 removed-ability: Diplomacy and Logistics in Adventure and Skirmish."""

from ._lists import ADVENTURE, BOARD, SHORT, assert_clean, findings, variant


def test_passes():
    assert_clean(SHORT, "HMB008")
    assert_clean(ADVENTURE, "HMB008")


def test_board_mode_keeps_them():
    assert_clean(variant(BOARD, abilities=["Diplomacy", "Logistics"]), "HMB008")


def test_removed_card_fails_in_any_case():
    got = findings(variant(SHORT, abilities=["diplomacy", "Logistics"]), "HMB008")
    assert [f.message.split(" is removed")[0] for f in got] == ["Diplomacy", "Logistics"]
    got = findings(variant(ADVENTURE, abilities=["Logistics"]), "HMB008")
    assert len(got) == 1 and "(setup step 3 removes Diplomacy and Logistics)" in got[0].message
