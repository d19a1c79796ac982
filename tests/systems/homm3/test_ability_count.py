"""HMB007 ability-count: keep 2 / 3 / 4."""

from ._lists import ADVENTURE, BOARD, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


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


# -- a card that cannot be drawn is not kept (issue 28, point 4) -------------------------------
# Seed 004, 2. Setup step 3: "Prepare the Artifact, Spell and Ability Decks normally; remove the
# Diplomacy and Logistics Ability cards." 4. Skirmish Mode, Short game: "draw 3 Ability cards keep
# 2". A removed card cannot be drawn, so it is not one of the cards kept.


def test_diplomacy_does_not_make_up_the_cards_kept():
    # Sandro, Short: [Wisdom] keeps 1 card of 2; with Diplomacy added it still keeps 1 drawn card.
    (f,) = findings(variant(SHORT, abilities=["Wisdom"]), "HMB007")
    assert f.message == "a Short skirmish draws 3 Ability cards and keeps 2; the list has 1 Ability"
    with_diplomacy = variant(SHORT, abilities=["Wisdom", "Diplomacy"])
    (f,) = findings(with_diplomacy, "HMB007")
    assert f.message == (
        "a Short skirmish draws 3 Ability cards and keeps 2; the list has 1 Ability besides Diplomacy, "
        "removed from the Ability Deck (setup step 3)"
    )
    assert f.path == ("abilities",)
    assert len(findings(with_diplomacy, "HMB008")) == 1  # and the card itself is refused


def test_two_drawn_cards_beside_logistics_are_the_two_kept():
    # [Wisdom, Tactics, Logistics]: 3 listed, Logistics not drawn: 2 kept, as a Short skirmish keeps.
    data = variant(SHORT, abilities=["Wisdom", "Tactics", "logistics"])
    assert_clean(data, "HMB007")
    assert len(findings(data, "HMB008")) == 1


def test_both_removed_cards_are_left_out_of_a_medium_count():
    # Catherine, Medium ("draw 4 Ability cards keep 3"): [Archery, Offense, Diplomacy, Logistics]
    # lists 4 but keeps 2 drawn cards.
    (f,) = findings(variant(MEDIUM, abilities=["Archery", "Offense", "Diplomacy", "Logistics"]), "HMB007")
    assert f.message == (
        "a Medium skirmish draws 4 Ability cards and keeps 3; the list has 2 Abilities besides Diplomacy and "
        "Logistics, removed from the Ability Deck (setup step 3)"
    )


def test_the_heros_own_card_and_a_removed_card_are_both_said():
    # Sandro's own card is Sorcery (setup step 2); [Sorcery, Diplomacy, Wisdom] keeps 1 drawn card.
    (f,) = findings(variant(SHORT, abilities=["Sorcery", "Diplomacy", "Wisdom"]), "HMB007")
    assert f.message == (
        "a Short skirmish draws 3 Ability cards and keeps 2; the list has 1 Ability besides Sorcery, the "
        "hero's own card, and Diplomacy, removed from the Ability Deck (setup step 3)"
    )


def test_a_heros_own_diplomacy_is_counted_once_as_the_own_card():
    # Cyra starts with Diplomacy (her own card, setup step 2: not drawn either); [Diplomacy, Wisdom,
    # Tactics] keeps the 2 drawn cards a Short skirmish keeps.
    data = variant(
        SHORT, faction="Tower", hero={"name": "Cyra", "level": "III"}, abilities=["Diplomacy", "Wisdom", "Tactics"]
    )
    assert_clean(data, "HMB007")


def test_adventure_and_the_board_count_nothing():
    assert_clean(variant(ADVENTURE, abilities=["Diplomacy"]), "HMB007")
    assert_clean(variant(BOARD, abilities=["Diplomacy", "Logistics"]), "HMB007")
