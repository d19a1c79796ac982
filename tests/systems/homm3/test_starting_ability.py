"""HMB009 starting-ability (info): a hero whose own Ability card the setup removes."""

from armybuilder.findings import Severity

from ._lists import ADVENTURE, BOARD, MEDIUM, SHORT, assert_clean, findings, variant


def test_passes():
    assert_clean(MEDIUM, "HMB009")
    # Cyra (Diplomacy) on the board in a regular game: nothing is removed there
    assert_clean(variant(BOARD, faction="Tower", hero={"name": "Cyra"}, units=[]), "HMB009")


def test_hero_starting_with_a_removed_card_is_noted():
    cyra = variant(ADVENTURE, hero={"name": "Cyra", "level": "II"})
    (f,) = findings(cyra, "HMB009")
    assert f.severity is Severity.INFO
    assert f.message.startswith("Cyra starts with the Diplomacy Ability card and keeps it: setup step 3 removes")


def test_the_note_and_the_check_agree_the_hero_keeps_its_own_card():
    """Issue 39, item 3: the note said the seed does not settle whether Cyra's own Diplomacy card is
    removed, while HMB008 refused it in the same output. 2. Setup, step 3: "Prepare the Artifact,
    Spell and Ability Decks normally; remove the Diplomacy and Logistics Ability cards": a removal
    from the Decks; the hero's card was taken in step 2 ("3 Specialty cards and 1 Ability card")."""
    adventure = variant(ADVENTURE, faction="Tower", hero={"name": "Cyra", "level": "II"}, abilities=["Diplomacy"])
    assert findings(adventure, "HMB008") == []
    (note,) = findings(adventure, "HMB009")
    assert note.message == (
        "Cyra starts with the Diplomacy Ability card and keeps it: setup step 3 removes Diplomacy from the "
        "Ability Deck, and the hero's own card, taken in step 2, is not in that Deck"
    )
    assert "does not say" not in note.message
    short = variant(SHORT, faction="Tower", hero={"name": "Cyra"}, units=[], abilities=["Diplomacy", "Logistics"])
    (refused,) = findings(short, "HMB008")  # Logistics is no hero's card here: it comes from the Deck
    assert refused.message.startswith("Logistics is removed")
    assert [f.code for f in findings(short, "HMB021")] == ["HMB021"]  # her own card, not one drawn
