"""TTB006: an army fills exactly 10 slots; a draft ends when both players have 10."""

from .helpers import GOOD_DRAFT, army, army_text, check, codes, draft, findings


def test_ten_slots_pass():
    r = army(Wyverns=5, Goblins=5)
    assert codes(r, "error") == []
    assert (r.measure.total, r.measure.limit, r.measure.unit) == (10, 10, "slots")


def test_nine_slots_fail():
    r = army(Wyverns=5, Goblins=4)
    [f] = findings(r, "TTB006")
    assert f.message == (
        "the army uses 9 of its 10 slots (1 short; Wyverns 5, Goblins 4); an army fills exactly 10 slots"
    )
    assert f.path == ("tokens",)


def test_eleven_slots_fail():
    r = army(Wyverns=6, Goblins=5)
    [f] = findings(r, "TTB006")
    assert "11 of its 10 slots (1 over" in f.message


def test_an_empty_army_fails():
    r = check(army_text({}))
    assert "0 of its 10 slots (10 short" in findings(r, "TTB006")[0].message


def test_a_finished_draft_passes():
    r = draft(["Ozzy", "Wren"], GOOD_DRAFT)
    assert codes(r, "error") == []
    assert (r.measure.total, r.measure.limit) == (20, 20)


def test_a_draft_stopped_early_fails_for_each_short_player():
    r = draft(["Ozzy", "Wren"], GOOD_DRAFT[:3])
    [f] = findings(r, "TTB006")
    assert f.message == "the draft ends with Wren at 5 of 10 slots; players keep drafting until both have 10"
    assert f.path == ("draft", "players", 1)


def test_a_draft_pick_past_ten_fails_at_that_pick():
    r = draft(
        ["Ozzy", "Wren"],
        [("Ozzy", "Soldiers", 6), ("Wren", "Wyverns", 5), ("Ozzy", "Elves", 5), ("Wren", "Goblins", 5)],
    )
    [f] = findings(r, "TTB006")
    assert f.message.startswith("pick 3: Ozzy would have 11 slots")
    assert f.path == ("draft", "picks", 2, "tokens")


def test_tokens_of_an_unknown_faction_leave_the_total_unchecked():
    """Issue 26 point 8: 'Elfs' is no faction (TTB002), so its 4 tokens use slots the rulebook
    cannot say: "the army uses 6 of its 10 slots (4 short; Soldiers 6)" would come from the unknown
    name. The total is said to be incomplete."""
    r = army(Soldiers=6, Elfs=4)
    assert codes(r, "error") == ["TTB002"]
    assert r.measure.total == 6 and r.measure.incomplete
    assert r.measure.text() == "6 (incomplete) of 10 slots"


def test_a_draft_with_a_pick_of_an_unknown_faction_is_not_totalled_for_that_player():
    # Wren's 5 Elfs (TTB002) are not counted: "Wren at 5 of 10 slots" would be false; Ozzy's 10 are.
    r = draft(
        ["Ozzy", "Wren"], [("Ozzy", "Soldiers", 5), ("Wren", "Wyverns", 5), ("Ozzy", "Goblins", 5), ("Wren", "Elfs", 5)]
    )
    assert codes(r, "error") == ["TTB002"]
    assert r.measure.total == 15 and r.measure.incomplete
    assert r.measure.text() == "15 (incomplete) of 20 slots (both players)"
