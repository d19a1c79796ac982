from .helpers import check, coins, errors, messages, position

FORSAKEN = {
    "race": "Forsaken",
    "enlisted": 2,
    "regions": [
        {"name": "Tirisfal", "tokens": 4},
        {"name": "Silverpine", "tokens": 3},
        {"name": "Hillsbrad", "tokens": 2},
    ],
}


def test_one_token_for_each_enemy_token_lost_passes():
    conquests = [
        {"region": "Silverpine", "defender": "Worgen", "defender_tokens": 2},
        {"region": "Hillsbrad", "defender": "Tauren", "defender_tokens": 2},
    ]  # active or in decline
    r = check(position(active=FORSAKEN, decline=None, conquests=conquests))
    assert r.valid
    assert coins(r) == 3 - 2  # 3 regions, 2 coins spent


def test_more_enlisted_than_tokens_lost_fails():
    conquests = [
        {"region": "Silverpine", "defender": "Worgen", "defender_tokens": 2},
        {"region": "Tirisfal"},
    ]  # an empty region: nobody loses a token
    r = check(position(active=FORSAKEN, decline=None, conquests=conquests))
    assert errors(r) == ["SWW013"]
    assert "lose only 1 Race token" in messages(r, "SWW013")[0]


def test_enlisting_without_conquests_fails():
    r = check(position(active=FORSAKEN, decline=None, conquests=None))
    assert errors(r) == ["SWW013"]
    assert "lists no conquests" in messages(r, "SWW013")[0]
