from .helpers import check, errors, position


def test_murlocs_as_a_defender_pass():
    r = check(position(conquests=[{"region": "Crossroads", "defender": "Murlocs", "defender_tokens": 1}]))
    assert r.valid


def test_murlocs_as_a_players_race_fail():
    r = check(position(decline={"race": "Murlocs", "regions": [{"name": "Southern Barrens", "tokens": 1}]}))
    assert errors(r) == ["SWW002"]
    assert "not a playable race" in r.findings[0].message
