"""TTB014: never more tokens of a faction than the box holds (6 each: 42 tokens, 7 factions)."""

from armybuilder.resources import load_data
from armybuilder.systems.token_terrors.matchup import matchup

from .helpers import GOOD_DRAFT, army_text, codes, draft, findings


def test_the_box_holds_42_tokens_6_of_each_marked_unverified():
    data = load_data("token-terrors", "factions")
    assert [f["box_supply"] for f in data["factions"]] == [6] * 7
    assert (
        sum(f["box_supply"] for f in data["factions"])
        == load_data("token-terrors", "rules")["box_tokens"]["value"]
        == 42
    )
    assert data["box_supply_unverified"] is True


def test_a_draft_within_the_box_passes():
    assert "TTB014" not in codes(draft(["Ozzy", "Wren"], GOOD_DRAFT))


def test_a_draft_past_the_box_fails():
    r = draft(["Ozzy", "Wren"], [("Ozzy", "Wyverns", 6), ("Wren", "Wyverns", 1)])
    [f] = findings(r, "TTB014")
    assert f.message == "pick 2: that makes 7 Wyverns drafted; the box holds 6"
    assert "TTB013" in codes(r)


def _pair(tmp_path, a, b):
    pa, pb = tmp_path / "a.yaml", tmp_path / "b.yaml"
    pa.write_text(army_text(a, "A"), encoding="utf-8")
    pb.write_text(army_text(b, "B"), encoding="utf-8")
    return pa, pb


def test_shared_factions_within_the_box_pass(tmp_path):
    # Wyverns 3 + 3 = 6 and Elves 2 + 1 = 3: within the box's 6 of each
    r = matchup(
        *_pair(tmp_path, {"Wyverns": 3, "Goblins": 5, "Elves": 2}, {"Wyverns": 3, "Soldiers": 6, "Elves": 1}),
        allow_shared=True,
    )
    assert r.code == 0, r.stdout
    assert "TTB014" not in r.stdout


def test_shared_factions_past_the_box_fail(tmp_path):
    r = matchup(*_pair(tmp_path, {"Wyverns": 5, "Goblins": 5}, {"Wyverns": 5, "Elves": 5}), allow_shared=True)
    assert r.code == 1
    assert "TTB014 [error] Wyverns: the two armies take 10 together (A 5, B 5); one box holds 6" in r.stdout


# Issue 39, item 5: the rulebook's Table of Contents lists "6 Token Talent Cards" beside "42 Token
# Terrors", which conflicts with the data's 7 factions of 6 tokens. The figure is unverified; the
# matchup says so where it matters (shared factions, one box for both armies), and explain of a
# faction says it beside "6 in the box".
TOC = 'the same Table of Contents lists "6 Token Talent Cards" for the 7 factions'


def test_a_matchup_sharing_a_faction_says_the_box_figure_is_unverified(tmp_path):
    shared = matchup(*_pair(tmp_path, {"Wyverns": 4, "Goblins": 6}, {"Wyverns": 4, "Elves": 6}), allow_shared=True)
    factions = shared.stdout.split("Gruesome Grudges")[0]
    assert "Box holds: the box supply is unverified" in factions and TOC in " ".join(factions.split())
    apart = matchup(*_pair(tmp_path, {"Wyverns": 5, "Goblins": 5}, {"Soldiers": 5, "Elves": 5}), allow_shared=True)
    assert "unverified" not in apart.stdout  # no faction in both armies: the box's figure caps nothing
    assert "unverified" not in matchup(*_pair(tmp_path, {"Wyverns": 10}, {"Elves": 10})).stdout


def test_explain_of_a_faction_says_the_box_figure_is_unverified(run):
    r = run("explain", "token-terrors", "Wyverns")
    assert "6 in the box (the box supply is unverified" in r.stdout and TOC in " ".join(r.stdout.split())
