"""TTB012: a pick takes 1 to 6 tokens of one faction."""

from .helpers import codes, draft, findings


def test_picks_of_1_and_6_pass():
    r = draft(
        ["Ozzy", "Wren"],
        [
            ("Ozzy", "Soldiers", 6),
            ("Wren", "Wyverns", 6),
            ("Ozzy", "Elves", 1),
            ("Wren", "Goblins", 4),
            ("Ozzy", "Elves", 3),
        ],
    )
    assert codes(r, "error") == []


def test_a_pick_of_7_fails():
    r = draft(
        ["Ozzy", "Wren"],
        [("Ozzy", "Soldiers", 7), ("Wren", "Wyverns", 5), ("Ozzy", "Elves", 3), ("Wren", "Goblins", 5)],
    )
    [f] = findings(r, "TTB012")
    assert f.message == "pick 1: Ozzy takes 7 tokens of Soldiers; a pick takes 1 to 6 tokens of one faction"
    assert "TTB005" in codes(r)  # and 7 Soldiers is over the faction cap


def test_a_pick_of_0_fails_and_does_not_close_the_faction():
    r = draft(["Ozzy", "Wren"], [("Ozzy", "Wyverns", 0), ("Wren", "Wyverns", 5)])
    assert [f.path for f in findings(r, "TTB012")] == [("draft", "picks", 0, "tokens")]
    assert "TTB013" not in codes(r)
