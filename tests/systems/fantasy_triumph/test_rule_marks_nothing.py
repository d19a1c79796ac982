"""FTR017 marks-nothing: a card that marks stands under army_cards with no number (marks_nothing.py).

Issue 46, item 17: Delayed Entry listed under army_cards with nothing marked was FTR003, an
error citing FT 32, which forbids nothing of the kind: the card marks no stand ("-2 points per
stand or hero", FT 32), so it costs nothing. A warning of the list format that says how to write
it. With a number the list does not say which stands it marks, so it cannot be priced: FTR003
stays. Totals by hand: 9 Spear stands at 4 points (reference troop table) = 36.
"""

import yaml

from armybuilder.check import check_text


def _check(army_cards, stands_cards=()):
    doc = {
        "system": "fantasy-triumph",
        "name": "Marks",
        "points": 51,
        "topography": "Forest",
        "classes": [{"name": "Spears", "troop": "Spear", "stands": 9, "general": True, "cards": list(stands_cards)}],
        "army_cards": list(army_cards),
    }
    return check_text(yaml.safe_dump(doc, sort_keys=False))


def _codes(r):
    return [f.code for f in r.findings]


def test_delayed_entry_under_army_cards_marks_nothing_and_costs_nothing():
    r = _check(["Delayed Entry"])
    assert r.valid and "FTR003" not in _codes(r)
    [f] = [f for f in r.findings if f.code == "FTR017"]
    assert (f.severity.value, f.rule, f.path) == ("warning", "list format", ("army_cards", 0))
    assert f.message == (
        "Delayed Entry under army_cards marks no stand, so it costs nothing and does nothing; "
        "list it on the class or hero it marks (FT 32), or leave it out"
    )
    assert (r.measure.total, r.measure.incomplete) == (36, False)  # nothing marked: no refund


def test_mobile_infantry_under_army_cards_transports_nothing():
    r = _check([{"Mobile Infantry": "flying"}])
    assert r.valid and "FTR017" in _codes(r) and "FTR003" not in _codes(r)
    assert r.measure.total == 36  # FT 45: 1 point a stand carried, and none is


def test_with_a_number_it_cannot_be_priced_and_stays_an_error():
    # Which two stands? The refund is at most their own cost (FT 32): not known
    r = _check([{"Delayed Entry": 2}])
    assert not r.valid and "FTR003" in _codes(r) and "FTR017" not in _codes(r)


def test_on_the_class_it_marks_says_nothing():
    # FT 32: -2 points per stand marked: 36 - 2 x 2 = 32
    r = _check([], stands_cards=[{"Delayed Entry": 2}])
    assert "FTR017" not in _codes(r) and r.measure.total == 32
