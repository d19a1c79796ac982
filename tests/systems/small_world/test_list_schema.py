"""The list schema: what a position file may hold, with findings a player can read."""

from .helpers import check, codes, position


def test_the_issue_example_fits():
    assert check(position()).valid


def test_tokens_must_be_whole_and_positive():
    for bad, code in ((0, "ABL023"), (-1, "ABL023"), (1.5, "ABL020"), ("two", "ABL020")):
        r = check(position(active={"race": "Orcs", "regions": [{"name": "Durotar", "tokens": bad}]}))
        assert codes(r) == [code], bad


def test_unknown_key_gets_a_suggestion():
    data = position()
    data["active"]["in_hands"] = 3
    r = check(data)
    assert codes(r) == ["ABL022"] and "did you mean 'in_hand'" in r.findings[0].message


def test_a_declined_race_has_no_tokens_in_hand():
    data = position()
    data["decline"]["in_hand"] = 1
    assert codes(check(data)) == ["ABL022"]


def test_a_named_defender_needs_its_tokens():
    r = check(position(conquests=[{"region": "Crossroads", "defender": "Humans"}]))
    assert codes(r) == ["ABL021"] and "defender_tokens" in r.findings[0].message


def test_active_race_is_required_and_system_is_const():
    data = position()
    del data["active"]
    assert codes(check(data)) == ["ABL021"]


def test_bad_faction():
    r = check(position(conquests=[{"region": "Crossroads", "defender_faction": "Scourge"}]))
    assert codes(r) == ["ABL024"]
