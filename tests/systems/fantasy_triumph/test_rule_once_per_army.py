"""FTR011 once-per-army (once_per_army.py).

FT 36: "An army can only purchase the Fortified Camp battle card once." FT 56 Subcommander:
"This battle card may not be taken more than once in an army." No Camp (FT 47) and Pack Train and
Herds (FT 48) say nothing of it (issue 39: the error cited FT 48 for words it does not hold): a
second copy buys nothing, a warning (FTR030) citing what the card does say.
"""

import pytest

from .conftest import codes, ft_list, of


def test_each_once_passes():
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}, "No Camp"], heroes=[{"cards": ["Subcommander"]}])
    assert "FTR011" not in codes(r) and r.valid


def test_fortified_camp_twice():
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}, {"Fortified Camp": "fortified"}])
    [f] = of(r, "FTR011")
    assert f.severity.value == "error" and not r.valid and f.rule == "FT 36"


@pytest.mark.parametrize(
    ("card", "rule", "says"),
    [
        ("No Camp", "FT 47.1", '"The army does not have a camp."'),
        (
            "Pack Train and Herds",
            "FT 48",
            '"Armies with this battle card have a camp that may be placed anywhere along the player\'s base edge."',
        ),
    ],
)
def test_a_second_camp_card_buys_nothing(card, rule, says):
    r = ft_list(army_cards=[card, card])
    assert "FTR011" not in codes(r) and "FTR004" not in codes(r)
    [f] = of(r, "FTR030")
    assert f.severity.value == "warning" and r.valid and f.rule == rule
    assert f.message.startswith(f"{card} is bought 2 times: ") and "buys nothing" in f.message
    assert f.message.replace("’", "'").endswith(f"(the card says: {says})")


def test_fortified_and_heavily_fortified_is_still_twice():
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}, {"Fortified Camp": "heavily fortified"}])
    [f] = of(r, "FTR011")
    assert f.rule == "FT 36"


def test_subcommander_on_two_heroes():
    r = ft_list(heroes=[{"cards": ["Subcommander"]}, {"cards": ["Subcommander"]}])
    [f] = of(r, "FTR011")
    assert f.rule == "FT 56"
