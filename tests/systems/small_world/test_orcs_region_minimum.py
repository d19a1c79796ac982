from .helpers import check, errors, messages, position


def test_orc_regions_of_two_or_more_pass():
    assert check(position()).valid


def test_an_orc_region_with_one_token_fails():
    r = check(position(active={"race": "Orcs", "in_hand": 3, "regions": [{"name": "Durotar", "tokens": 1}]}))
    assert errors(r) == ["SWW010"]
    (msg,) = messages(r, "SWW010")
    assert msg == "Durotar holds 1 token of the Orcs; the Orcs never occupy a region with fewer than 2"
    assert r.findings[0].path == ("active", "regions", 0, "tokens")


def test_other_races_may_hold_one_token():
    r = check(position(active={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}]}, conquests=None))
    assert r.valid
