"""FTR004 duplicate-card: a card listed twice for the same class, hero or army (duplicate_card.py).

A stand card may not be bought twice for one stand (reference README; FT 25 "does not stack",
FT 31.1, FT 51 "not ... more than once for a given stand", FT 58 "a second time", FT 61).
Cards bought in numbers are listed once, with the number.
"""

import pytest

from .conftest import codes, ft_list, of


@pytest.mark.parametrize(
    "card",
    ["Deadly", "Armored", "Unruly", {"Ranged Attack": "physical"}, {"Terrain Affinity": ["Woods", "Marsh"]}, "Brittle"],
    ids=lambda c: c if isinstance(c, str) else next(iter(c)),
)
def test_stand_card_twice_on_a_class(card):
    r = ft_list(classes=[{"troop": "Light Foot", "cards": [card, card]}], topography="Forest")
    [f] = of(r, "FTR004")
    assert f.severity.value == "error" and not r.valid


def test_once_on_each_of_two_classes_and_a_hero_passes():
    r = ft_list(
        classes=[{"troop": "Spear", "cards": ["Deadly"]}, {"troop": "Spear", "cards": ["Deadly"]}],
        heroes=[{"cards": ["Deadly"]}],
    )
    assert "FTR004" not in codes(r) and r.valid


def test_card_twice_on_a_hero():
    r = ft_list(heroes=[{"cards": ["Terror", "Terror"]}])
    assert len(of(r, "FTR004")) == 1


def test_a_card_that_marks_stands_is_listed_once():
    # A stand is marked once: two entries of Delayed Entry on one class cannot be read as a sum
    r = ft_list(classes=[{"troop": "Spear", "stands": 3, "cards": [{"Delayed Entry": 1}, {"Delayed Entry": 1}]}])
    [f] = of(r, "FTR004")
    assert "with a number" in f.message


def test_cards_bought_in_numbers_in_two_entries_are_ftr016_not_ftr004():
    # Issue 46, item 17: they are read together, a warning of the list format (test_rule_listed_twice)
    r = ft_list(classes=[{"troop": "Spear", "cards": [{"Hold the Line": 1}, {"Hold the Line": 2}]}])
    assert "FTR004" not in codes(r) and "FTR016" in codes(r) and r.valid
    r = ft_list(army_cards=[{"Illusion": 2}, {"Illusion": 1}])
    assert "FTR004" not in codes(r) and "FTR016" in codes(r) and r.valid


def test_one_numbered_entry_passes():
    r = ft_list(classes=[{"troop": "Spear", "cards": [{"Hold the Line": 3}]}], army_cards=[{"Illusion": 3}])
    assert "FTR004" not in codes(r) and r.valid
