"""SWW019 conquest-not-held: a region conquered this turn is the active race's at its end.

Small World's base rules (reference, unverified; base-rules.yaml, conquered_region_held): "A region
conquered this turn is still the race's at its end: redeployment keeps at least 1 token in every
region occupied, and a region is abandoned only at the start of a turn". Issue 28, point 3:
"Redeployment keeps at least one token in every occupied region, and regions are abandoned only at
the start of a turn (base rules)."
"""

from .helpers import check, errors, messages, position

BASE_RULE = "Small World base rules (reference, unverified)"


def test_a_conquered_region_not_held_fails():
    # The Orcs hold Durotar and Crossroads; they conquered The Barrens (empty, 2 committed of the 6
    # free: 8 less Durotar's 1 and Crossroads' 1, neither conquered) and do not hold it.
    r = check(position(conquests=[{"region": "The Barrens", "tokens": 2}]))
    assert errors(r) == ["SWW019"]
    assert messages(r, "SWW019") == [
        "The Barrens is conquered this turn, but it is not among the regions of the Orcs; a region conquered "
        "this turn is held at its end (redeployment keeps at least 1 token in every region occupied, and regions "
        "are abandoned only at the start of a turn): add it to the regions of the Orcs"
    ]
    (f,) = [f for f in r.findings if f.code == "SWW019"]
    assert f.path == ("conquests", 0, "region") and f.rule == BASE_RULE


def test_a_conquered_region_under_the_race_in_decline_fails():
    r = check(position(conquests=[{"region": "Mulgore", "defender": "Humans", "defender_tokens": 1}]))
    assert errors(r) == ["SWW019"]
    assert messages(r, "SWW019")[0].startswith(
        "Mulgore is conquered this turn, but the position lists it under the declined Tauren;"
    )


def test_a_conquered_region_held_passes_in_any_case():
    assert check(position(conquests=[{"region": "CROSSROADS", "defender": "Humans", "defender_tokens": 1}])).valid


def test_a_region_conquered_twice_and_not_held_is_said_once_here():
    r = check(position(conquests=[{"region": "The Barrens"}, {"region": "the barrens"}]))
    assert errors(r) == ["SWW019", "SWW018"]  # the first conquest is not held; the second is twice
