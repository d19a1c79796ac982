"""FTR016 listed-twice: a card bought in numbers in two entries of one taker (listed_twice.py).

Issue 46, item 17: an Illusion listed in two entries, 3 + 3, within the cap of six (FT 39: "An
army may not select more than six Illusion battle cards"), was FTR004, an error. The list can be
read: the entries count together, so it is a warning of the list format that says how to write
it. Totals by hand: 9 Spear stands at 4 points (reference troop table) = 36; Illusion "1 point
per card" (FT 39); Hold the Line "½ point for each card; up to a maximum of 3" (FT 38).
"""

import yaml

from armybuilder.check import check_text


def _check(classes_cards=(), army_cards=()):
    doc = {
        "system": "fantasy-triumph",
        "name": "Twice",
        "points": 51,
        "topography": "Forest",
        "classes": [{"name": "Spears", "troop": "Spear", "stands": 9, "general": True, "cards": list(classes_cards)}],
        "army_cards": list(army_cards),
    }
    return check_text(yaml.safe_dump(doc, sort_keys=False))


def _codes(r):
    return [f.code for f in r.findings]


def test_illusion_three_and_three_is_a_legal_army_with_a_warning():
    r = _check(army_cards=[{"Illusion": 3}, {"Illusion": 3}])
    assert r.valid and "FTR004" not in _codes(r) and "FTR010" not in _codes(r)
    [f] = [f for f in r.findings if f.code == "FTR016"]
    assert (f.severity.value, f.rule) == ("warning", "list format")
    assert f.message == (
        "Illusion is listed 2 times for the army (3 + 3 cards): they count together; "
        "write it once with the number, {Illusion: 6}"
    )
    assert f.path == ("army_cards", 1)
    assert r.measure.total == 36 + 6  # six cards at 1 point (FT 39): the same as {Illusion: 6}
    assert _check(army_cards=[{"Illusion": 6}]).measure.total == 42


def test_the_entries_count_together_for_the_caps():
    # 4 + 3 = 7 Illusions: over the six of FT 39, an error (FTR010) beside the warning
    r = _check(army_cards=[{"Illusion": 4}, {"Illusion": 3}])
    assert not r.valid and "FTR010" in _codes(r) and "FTR016" in _codes(r)
    # Hold the Line 2 + 2 = 4 cards for one class: over the 3 of FT 38 (FTR013); 36 + 4 x ½ = 38
    r = _check(classes_cards=[{"Hold the Line": 2}, {"Hold the Line": 2}])
    assert not r.valid and "FTR013" in _codes(r) and "FTR016" in _codes(r)
    assert r.measure.total == 38
    # 1 + 2 = 3 is within it: legal, 36 + 3 x ½ = 37½
    r = _check(classes_cards=[{"Hold the Line": 1}, {"Hold the Line": 2}])
    assert r.valid and "FTR013" not in _codes(r) and "FTR016" in _codes(r)
    assert r.measure.total == 37.5


def test_once_with_a_number_says_nothing():
    r = _check(classes_cards=[{"Hold the Line": 3}], army_cards=[{"Illusion": 6}])
    assert "FTR016" not in _codes(r) and r.valid
