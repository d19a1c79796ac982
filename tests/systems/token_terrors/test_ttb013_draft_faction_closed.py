"""TTB013: a faction one player has drafted is closed to the other."""

from .helpers import FIXTURES, GOOD_DRAFT, check, codes, draft, findings


def test_separate_factions_pass():
    assert "TTB013" not in codes(draft(["Ozzy", "Wren"], GOOD_DRAFT))


def test_the_issue_draft_example_fails_at_pick_3():
    r = check((FIXTURES / "issue-draft.yaml").read_text(encoding="utf-8"), "issue-draft.yaml")
    [f] = findings(r, "TTB013")
    assert f.message == (
        "pick 3: Wyverns are closed to Ozzy: Wren drafted them at pick 2; once a player drafts "
        "a faction, the opponent cannot draft it"
    )
    assert f.path == ("draft", "picks", 2, "faction")
    assert f.line == 9
    # the record also stops before both players have 10: Ozzy 7, Wren 5
    assert [m.message.split(";")[0] for m in findings(r, "TTB006")] == [
        "the draft ends with Ozzy at 7 of 10 slots",
        "the draft ends with Wren at 5 of 10 slots",
    ]


def test_even_one_token_closes_a_faction():
    r = draft(["Ozzy", "Wren"], [("Ozzy", "Goblins", 1), ("Wren", "Goblins", 5)])
    assert [f.path for f in findings(r, "TTB013")] == [("draft", "picks", 1, "faction")]
