"""FTR014 not-on-general (not_general.py).

FT 60: "Generals cannot be Unreliable." FT 32.4: "Generals cannot be marked with Delayed Entry."
A class card is on every stand, the general's too; Delayed Entry marking fewer stands than the
general's class has leaves the general's stand unmarked, which is allowed.
"""

from .conftest import codes, ft_list, of


def test_unreliable_away_from_the_general_passes():
    r = ft_list(
        classes=[
            {"troop": "Spear", "stands": 2, "general": True},
            {"troop": "Knights", "stands": 2, "cards": ["Unreliable"]},
        ]
    )
    assert "FTR014" not in codes(r) and r.valid


def test_unreliable_general_fails():
    r = ft_list(classes=[{"troop": "Spear", "stands": 2, "general": True, "cards": ["Unreliable"]}])
    [f] = of(r, "FTR014")
    assert f.rule == "FT 60" and not r.valid


def test_delayed_entry_on_the_whole_general_class_fails():
    r = ft_list(classes=[{"troop": "Spear", "stands": 3, "general": True, "cards": ["Delayed Entry"]}])
    [f] = of(r, "FTR014")
    assert f.rule == "FT 32.4"
    r = ft_list(classes=[{"troop": "Spear", "stands": 3, "general": True, "cards": [{"Delayed Entry": 3}]}])
    assert len(of(r, "FTR014")) == 1
    r = ft_list(classes=[{"troop": "Spear", "stands": 1, "general": True, "cards": [{"Delayed Entry": 1}]}])
    assert len(of(r, "FTR014")) == 1


def test_delayed_entry_on_some_stands_of_the_general_class_passes():
    r = ft_list(classes=[{"troop": "Spear", "stands": 3, "general": True, "cards": [{"Delayed Entry": 2}]}])
    assert "FTR014" not in codes(r) and r.valid
