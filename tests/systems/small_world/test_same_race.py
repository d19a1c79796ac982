from .helpers import check, errors, position


def test_different_races_pass():
    assert check(position()).valid


def test_same_race_active_and_in_decline_fails():
    r = check(position(decline={"race": "orcs", "regions": [{"name": "Orgrimmar", "tokens": 1}]}))
    assert errors(r) == ["SWW003"]
    assert r.findings[0].path == ("decline", "race")
