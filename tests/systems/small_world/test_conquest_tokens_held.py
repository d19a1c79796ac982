"""SWW015 conquest-tokens-held: enlisted Forsaken tokens cannot conquer this turn.

Seed 001, the Forsaken: "Additional tokens are received after the last conquest of the turn,
before the redeployment step (i.e. they cannot be used for conquests until next turn)." The
tokens committed to the turn's conquests fit within the tokens held before enlisting.
"""

from .helpers import check, errors, messages, position

NAMES = ("Silverpine", "Hillsbrad", "Tirisfal Glades")  # the regions conquered first: each is held at the end


def forsaken(enlisted: int, *tokens: int, in_hand: int = 0) -> dict:
    return {
        "race": "Forsaken",
        "in_hand": in_hand,
        "regions": [{"name": NAMES[i], "tokens": n} for i, n in enumerate(tokens)],
        "enlisted": enlisted,
    }


def test_the_issues_example_fails():
    # 6 tokens, 1 of them enlisted (for the Worgen token lost), and one conquest that commits 6:
    # only 6 - 1 = 5 tokens were held when the conquest was made.
    conquest = [{"region": "Silverpine", "defender": "Worgen", "defender_tokens": 2, "tokens": 6}]
    r = check(position(active=forsaken(1, 6), decline=None, conquests=conquest))
    assert errors(r) == ["SWW015"]
    assert messages(r, "SWW015") == [
        "the conquest of Silverpine commits 6 tokens, but the Forsaken held only 5 before enlisting: the "
        "1 token enlisted arrive after the turn's last conquest and cannot conquer until next turn"
    ]
    f = r.findings[0]
    assert f.rule == "SWoW Forsaken" and f.path == ("conquests", 0, "tokens")


def test_conquests_within_the_tokens_held_before_enlisting_pass():
    # 6 tokens, 1 enlisted: 5 held before; the conquest costs 2 + 2 tokens = 4 and commits 5.
    conquest = [{"region": "Silverpine", "defender": "Worgen", "defender_tokens": 2, "tokens": 5}]
    assert check(position(active=forsaken(1, 6), decline=None, conquests=conquest)).valid


def test_two_conquests_are_counted_together_and_the_one_that_passes_is_named():
    # 10 tokens, 2 enlisted (two conquests of occupied regions): 8 held before. 4 + 5 = 9 > 8
    # (Tirisfal Glades, held through the turn, kept 1 more: SWW017 is not said as well).
    conquests = [
        {"region": "Silverpine", "defender": "Worgen", "defender_tokens": 2, "tokens": 4},
        {"region": "Hillsbrad", "defender": "Humans", "defender_tokens": 1, "mountain": True, "tokens": 5},
    ]
    r = check(position(active=forsaken(2, 4, 3, 3), decline=None, conquests=conquests))
    assert errors(r) == ["SWW015"]
    assert messages(r, "SWW015")[0].startswith(
        "the turn's conquests commit 9 tokens (up to Hillsbrad), but the Forsaken held only 8 before enlisting"
    )
    assert r.findings[0].path == ("conquests", 1, "tokens")


def test_any_race_never_commits_more_tokens_than_it_holds():
    trolls = {"race": "Trolls", "regions": [{"name": "Echo Isles", "tokens": 3}]}
    r = check(position(active=trolls, conquests=[{"region": "Echo Isles", "tokens": 4}]))
    assert errors(r) == ["SWW015"]
    assert messages(r, "SWW015") == ["the conquest of Echo Isles commits 4 tokens, but the Trolls hold only 3"]
    assert r.findings[0].rule == "Small World base rules (reference, unverified)"
    assert check(position(active=trolls, conquests=[{"region": "Echo Isles", "tokens": 3}])).valid


def test_conquests_without_tokens_are_not_counted():
    conquest = [{"region": "Silverpine", "defender": "Worgen", "defender_tokens": 2}]
    assert check(position(active=forsaken(1, 2), decline=None, conquests=conquest)).valid
