"""TTB005: "A player may have up to 6 Tokens of the same faction." (TT Draft Your Army)"""

from .helpers import army, codes, draft, findings


def test_six_of_a_faction_passes():
    r = army(Flying_Machines=6, Swamplins=4)
    assert codes(r, "error") == []


def test_seven_of_a_faction_fails():
    r = army(Wyverns=7, Goblins=3)
    [f] = findings(r, "TTB005")
    assert f.message == "7 Wyverns; a player may have up to 6 tokens of the same faction (1 too many)"
    assert f.path == ("tokens", "Wyverns")
    assert r.measure.total == 10  # 10 slots: the total is fine, the cap is not


def test_coming_back_to_a_held_faction_up_to_six_passes():
    # Ozzy 3 Soldiers, later 3 more (6 in all): allowed, "Tokens left in the draft pool from a
    # faction you've already selected can still be drafted by you later".
    r = draft(
        ["Ozzy", "Wren"],
        [
            ("Ozzy", "Soldiers", 3),
            ("Wren", "Wyverns", 5),
            ("Ozzy", "Soldiers", 3),
            ("Wren", "Goblins", 5),
            ("Ozzy", "Elves", 4),
        ],
    )
    assert codes(r, "error") == []
    assert r.details["players"][0]["factions"][0] == {
        "faction": "Soldiers",
        "tokens": 6,
        "battle_style": "melee",
        "rarity": "Typical",
        "type": "Human",
        "slots_each": 1,
        "slots": 6,
    }


def test_a_draft_pick_passing_six_fails_at_that_pick():
    r = draft(
        ["Ozzy", "Wren"],
        [
            ("Ozzy", "Soldiers", 4),
            ("Wren", "Wyverns", 5),
            ("Ozzy", "Soldiers", 3),
            ("Wren", "Goblins", 5),
            ("Ozzy", "Elves", 3),
        ],
    )
    [f] = findings(r, "TTB005")
    assert f.message.startswith("pick 3: Ozzy would hold 7 Soldiers")
    assert f.path == ("draft", "picks", 2, "tokens")
