"""TTB010: every pick names one of the two players (any case); the players differ."""

from .helpers import GOOD_DRAFT, codes, draft, findings


def test_player_names_match_in_any_case():
    picks = [(p.lower(), f, n) for p, f, n in GOOD_DRAFT]
    assert codes(draft(["Ozzy", "Wren"], picks), "error") == []


def test_a_pick_by_someone_else():
    picks = list(GOOD_DRAFT)
    picks[2] = ("Oz", "Elves", 4)
    r = draft(["Ozzy", "Wren"], picks)
    [f] = findings(r, "TTB010")
    assert f.message == "pick 3: 'Oz' is not one of the players (Ozzy, Wren) (did you mean 'Ozzy'?)"
    assert f.path == ("draft", "picks", 2, "player")


def test_two_players_with_one_name():
    r = draft(["Ozzy", "ozzy"], [("Ozzy", "Soldiers", 6)])
    assert "both players are called 'ozzy'" in findings(r, "TTB010")[0].message
