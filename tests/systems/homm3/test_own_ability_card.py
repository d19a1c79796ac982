"""HMB021 own-ability-card (warning) and HMB007's count: the hero's own card is not drawn.

Seed 004, 2. Setup step 2: each player takes "Hero Board, 3 Specialty cards and 1 Ability card";
4. Skirmish Mode, Short game: "draw 3 Ability cards keep 2". The hero's own Ability card is not
one of the drawn cards, so it is not counted among the cards kept.
"""

from armybuilder.findings import Severity

from ._lists import ADVENTURE, BOARD, SHORT, assert_clean, check, findings, variant


def test_the_examples_do_not_list_the_heros_own_card():
    assert_clean(SHORT, "HMB021")  # Sandro's own card is Sorcery; the list keeps Wisdom, Tactics


def test_the_own_card_listed_is_said_and_not_counted():
    # Sandro (Necropolis, own card Sorcery), Short: [Sorcery, Tactics] keeps 1 drawn card, not 2.
    data = variant(SHORT, abilities=["Sorcery", "Tactics"])
    (f,) = findings(data, "HMB021")
    assert f.severity is Severity.WARNING and f.path == ("abilities", 0)
    assert f.message == (
        "Sorcery is Sandro's own Ability card (setup step 2), not one of the drawn cards: it is not "
        "counted among the 2 a Short skirmish keeps; list only the cards kept from the draw"
    )
    (count,) = findings(data, "HMB007")
    assert count.message == (
        "a Short skirmish draws 3 Ability cards and keeps 2; the list has 1 Ability besides Sorcery, "
        "the hero's own card"
    )
    assert not check(data).valid


def test_the_own_card_beside_the_cards_kept_warns_only():
    data = variant(SHORT, abilities=["sorcery", "Wisdom", "Tactics"])  # any case
    assert [f.code for f in check(data).sorted_findings() if f.severity is not Severity.INFO] == ["HMB021"]
    assert check(data).valid


def test_adventure_and_the_board_keep_no_number():
    assert_clean(variant(ADVENTURE, abilities=["Sorcery"]), "HMB021")  # Solmyr's own card
    assert_clean(BOARD, "HMB021")  # Gelu lists his own Archery on the board
