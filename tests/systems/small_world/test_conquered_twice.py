"""SWW018 region-conquered-twice: a race cannot conquer a region it already occupies.

Small World's base rules (reference, unverified; base-rules.yaml, own_region_not_conquered): "A race
cannot conquer a region it already occupies, so no region is conquered twice in one turn". Issue 28,
point 2: "A region conquered twice in one turn is accepted. A race cannot conquer a region it already
occupies."
"""

from .helpers import check, errors, messages, position


def test_a_region_conquered_twice_fails():
    # The Thrall position (8 Orc tokens, Durotar kept 1: 7 free): Crossroads from 1 Human (3), then
    # again as an empty region (2): 5 committed, within the 7 free, so only the second conquest is wrong.
    conquests = [
        {"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 3},
        {"region": "crossroads", "tokens": 2},
    ]
    r = check(position(conquests=conquests))
    assert errors(r) == ["SWW018"]
    assert messages(r, "SWW018") == [
        "crossroads is conquered twice this turn (conquests 1 and 2); the Orcs occupy it after the first "
        "conquest, and a race cannot conquer a region it already occupies"
    ]
    (f,) = [f for f in r.findings if f.code == "SWW018"]
    assert f.path == ("conquests", 1, "region") and f.rule == "Small World base rules (reference, unverified)"


def test_two_regions_conquered_once_each_pass():
    # Durotar (empty, 2) and Crossroads (1 Human, 3): both held, every token free: 5 of 8.
    conquests = [
        {"region": "Durotar", "tokens": 2},
        {"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 3},
    ]
    assert check(position(conquests=conquests)).valid


def test_each_conquest_after_the_first_is_said():
    conquests = [{"region": "Crossroads"}, {"region": "Crossroads"}, {"region": "Crossroads"}]
    r = check(position(conquests=conquests))
    assert errors(r) == ["SWW018", "SWW018"]
    assert [f.path for f in r.findings if f.code == "SWW018"] == [
        ("conquests", 1, "region"),
        ("conquests", 2, "region"),
    ]
    assert "(conquests 1 and 3)" in messages(r, "SWW018")[1]
