"""FTR011 once-per-army (once_per_army.py).

FT 36: "An army can only purchase the Fortified Camp battle card once." FT 56 Subcommander:
"may not be taken more than once in an army." No Camp and Pack Train and Herds are single
army cards.
"""

import pytest

from .conftest import codes, ft_list, of


def test_each_once_passes():
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}, "No Camp"], heroes=[{"cards": ["Subcommander"]}])
    assert "FTR011" not in codes(r) and r.valid


@pytest.mark.parametrize(
    "card",
    [{"Fortified Camp": "fortified"}, "No Camp", "Pack Train and Herds"],
    ids=lambda c: c if isinstance(c, str) else next(iter(c)),
)
def test_army_card_twice(card):
    r = ft_list(army_cards=[card, card])
    [f] = of(r, "FTR011")
    assert f.severity.value == "error" and not r.valid


def test_fortified_and_heavily_fortified_is_still_twice():
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}, {"Fortified Camp": "heavily fortified"}])
    [f] = of(r, "FTR011")
    assert f.rule == "FT 36"


def test_subcommander_on_two_heroes():
    r = ft_list(heroes=[{"cards": ["Subcommander"]}, {"cards": ["Subcommander"]}])
    [f] = of(r, "FTR011")
    assert f.rule == "FT 56"
