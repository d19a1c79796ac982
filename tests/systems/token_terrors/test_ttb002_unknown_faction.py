"""TTB002: factions must be among the seven Season 1 factions; names match in any case."""

from .helpers import army, check, codes, draft_text, findings


def test_known_factions_in_any_case_pass():
    r = army(**{"flying machines": 6, "SWAMPLINS": 4})
    assert codes(r, "error") == []
    assert r.details["army"]["factions"][0]["faction"] == "Flying Machines"


def test_unknown_faction_with_a_suggestion():
    r = army(Wyvrens=5, Goblins=5)  # (Wyvern, the singular, is Wyverns: issue 41)
    [f] = findings(r, "TTB002")
    assert "unknown faction 'Wyvrens' (did you mean 'Wyverns'?)" in f.message
    assert "Goblins, Soldiers, Zombies, Wyverns, Elves, Flying Machines, Swamplins" in f.message
    assert f.line == 4
    # the unknown tokens count toward nothing: 5 of 10 slots, incomplete, and no TTB006 from it
    # (issue 26 point 8: a finding that depends on an unknown name is not reported)
    assert "TTB006" not in codes(r)
    assert r.measure.total == 5 and r.measure.incomplete


def test_unknown_faction_in_a_draft_pick():
    r = check(draft_text(["Ozzy", "Wren"], [("Ozzy", "Soldiers", 6), ("Wren", "Elfs", 4)]))
    [f] = findings(r, "TTB002")
    assert f.message.startswith("pick 2: unknown faction 'Elfs' (did you mean 'Elves'?)")
    assert f.path == ("draft", "picks", 1, "faction")
