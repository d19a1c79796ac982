"""FTR009 card-number: a number on a card that takes none, or more than the class has (card_number.py).

Numbers: how many cards (Illusion FT 39, Prepared Defenses FT 49, Hold the Line FT 38, Charge
Through FT 29) or how many stands of the class Delayed Entry marks (FT 32); a hero is marked whole.
"""

import pytest

from .conftest import codes, ft_list, of


def test_numbers_where_they_belong_pass():
    r = ft_list(
        classes=[
            {"troop": "Spear", "stands": 3, "cards": [{"Delayed Entry": 3}, {"Hold the Line": 3}]},
            {"troop": "Elite Cavalry", "cards": [{"Charge Through": 3}]},
        ],
        army_cards=[{"Illusion": 6}, {"Prepared Defenses": 6}],
        topography="Forest",
        points=60,
    )
    assert "FTR009" not in codes(r) and r.valid, [(f.code, f.message) for f in r.findings]


@pytest.mark.parametrize("card", [{"Deadly": 2}, {"Brittle": 1}, {"Mobile Infantry": 2}])
def test_number_on_a_card_not_bought_in_numbers(card):
    r = ft_list(classes=[{"troop": "Spear", "stands": 2, "cards": [card]}])
    [f] = of(r, "FTR009")
    assert f.severity.value == "error" and not r.valid


def test_number_on_an_army_card_not_bought_in_numbers():
    r = ft_list(army_cards=[{"No Camp": 2}])
    assert len(of(r, "FTR009")) == 1


def test_delayed_entry_marks_no_more_stands_than_the_class_has():
    r = ft_list(classes=[{"troop": "Spear", "stands": 3, "cards": [{"Delayed Entry": 4}]}])
    [f] = of(r, "FTR009")
    assert "4" in f.message and "3" in f.message


def test_delayed_entry_on_a_hero_takes_no_number():
    r = ft_list(heroes=[{"cards": [{"Delayed Entry": 1}]}])
    assert len(of(r, "FTR009")) == 1
    r = ft_list(heroes=[{"cards": ["Delayed Entry"]}])
    assert "FTR009" not in codes(r) and r.valid
