from .helpers import check, codes, position


def test_matching_or_missing_faction_passes():
    assert "SWW009" not in codes(check(position()))
    r = check(position(conquests=[{"region": "Crossroads", "defender": "Humans", "defender_tokens": 1}]))
    assert "SWW009" not in codes(r)


def test_a_faction_that_differs_from_the_data_warns():
    r = check(
        position(
            conquests=[
                {"region": "Crossroads", "defender": "Tauren", "defender_faction": "Alliance", "defender_tokens": 2}
            ]
        )
    )
    assert codes(r, "warning") == ["SWW009"] and r.valid
    f = next(f for f in r.findings if f.code == "SWW009")
    assert "Races - Horde" in f.message and f.rule == "SWoW Tauren"
    # the score follows the position as written: the Orcs count the Alliance conquest
    assert r.details["coins"]["net"] == 4
