"""FTR013 class-card-cap (class_cap.py).

FT 38 Hold the Line: "up to a maximum of 3", "must be purchased separately for each class".
FT 29 Charge Through: "up to a maximum of three cards"; "Only one class of troops per army may
have the Charge Through battle card purchased for them".
"""

from .conftest import codes, ft_list, of


def test_three_hold_the_line_on_each_of_two_classes_pass():
    r = ft_list(
        classes=[
            {"troop": "Spear", "cards": [{"Hold the Line": 3}]},
            {"troop": "Pikes", "cards": [{"Hold the Line": 3}]},
        ]
    )
    assert "FTR013" not in codes(r) and r.valid


def test_four_hold_the_line_fail():
    r = ft_list(classes=[{"troop": "Spear", "cards": [{"Hold the Line": 4}]}])
    [f] = of(r, "FTR013")
    assert f.rule == "FT 38" and not r.valid


def test_three_charge_through_pass_four_fail():
    assert "FTR013" not in codes(ft_list(classes=[{"troop": "Knights", "cards": [{"Charge Through": 3}]}]))
    r = ft_list(classes=[{"troop": "Knights", "cards": [{"Charge Through": 4}]}])
    [f] = of(r, "FTR013")
    assert f.rule == "FT 29"


def test_charge_through_for_two_classes_fail():
    r = ft_list(
        classes=[
            {"troop": "Knights", "cards": [{"Charge Through": 1}]},
            {"troop": "Elite Cavalry", "cards": [{"Charge Through": 1}]},
        ]
    )
    [f] = of(r, "FTR013")
    assert f.rule == "FT 29" and "2 classes" in f.message
