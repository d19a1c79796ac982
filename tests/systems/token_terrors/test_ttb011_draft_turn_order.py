"""TTB011: the first player picks first, then the players alternate (TT Draft Your Army)."""

from .helpers import GOOD_DRAFT, codes, draft, findings


def test_alternating_from_the_first_player_passes():
    assert codes(draft(["Ozzy", "Wren"], GOOD_DRAFT), "error") == []


def test_the_second_player_picking_first_fails():
    r = draft(
        ["Ozzy", "Wren"],
        [("Wren", "Wyverns", 5), ("Ozzy", "Soldiers", 6), ("Wren", "Goblins", 5), ("Ozzy", "Elves", 4)],
    )
    [f] = findings(r, "TTB011")
    assert f.message == "pick 1: Wren drafts first, but the first player is Ozzy (the first name under players)"


def test_picking_twice_in_a_row_fails():
    r = draft(
        ["Ozzy", "Wren"],
        [("Ozzy", "Soldiers", 6), ("Ozzy", "Elves", 4), ("Wren", "Wyverns", 5), ("Wren", "Goblins", 5)],
    )
    found = findings(r, "TTB011")
    # pick 2 is Ozzy's second in a row; then Ozzy is full, so Wren's two picks in a row are fine
    assert [f.path for f in found] == [("draft", "picks", 1, "player")]
    assert found[0].message == "pick 2: Ozzy drafts again, but it is Wren's turn; players alternate drafting"


def test_once_a_player_has_ten_the_other_makes_the_remaining_picks():
    r = draft(
        ["Ozzy", "Wren"],
        [
            ("Ozzy", "Soldiers", 6),
            ("Wren", "Wyverns", 4),
            ("Ozzy", "Elves", 4),
            ("Wren", "Wyverns", 1),
            ("Wren", "Goblins", 5),
        ],
    )
    assert codes(r, "error") == []
