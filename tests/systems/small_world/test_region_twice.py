from .helpers import check, errors, position


def test_distinct_regions_pass():
    assert check(position()).valid


def test_region_listed_under_both_races_fails():
    r = check(position(decline={"race": "Tauren", "regions": [{"name": "durotar", "tokens": 2}]}))
    assert errors(r) == ["SWW005"]
    f = r.findings[0]
    assert f.path == ("decline", "regions", 0, "name") and "unverified" in f.rule
