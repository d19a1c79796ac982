"""FTR010 army-card-cap: more cards of one kind than the army may buy (army_card_cap.py).

FT 39: "An army may not select more than six Illusion battle cards". FT 49: "Maximum of 6 such
battle cards per army". FT 45: Mobile Infantry "may be selected a maximum of 8 times. Each card
supplies transport for one stand."
"""

from .conftest import codes, ft_list, of


def test_six_illusions_pass_seven_fail():
    assert "FTR010" not in codes(ft_list(army_cards=[{"Illusion": 6}]))
    r = ft_list(army_cards=[{"Illusion": 7}])
    [f] = of(r, "FTR010")
    assert f.rule == "FT 39" and not r.valid


def test_six_prepared_defenses_pass_seven_fail():
    assert "FTR010" not in codes(ft_list(army_cards=[{"Prepared Defenses": 6}], topography="Dense Forest"))
    r = ft_list(army_cards=[{"Prepared Defenses": 7}], topography="Forest")
    [f] = of(r, "FTR010")
    assert f.rule == "FT 49"


def test_eight_mobile_infantry_stands_pass_nine_fail():
    ok = ft_list(
        classes=[
            {"troop": "Light Foot", "stands": 5, "cards": [{"Mobile Infantry": "ground"}]},
            {"troop": "Spear", "stands": 3, "cards": [{"Mobile Infantry": "flying"}]},
        ]
    )
    assert "FTR010" not in codes(ok) and ok.valid
    # 5 + 4 = 9 stands transported: 9 cards
    bad = ft_list(
        classes=[
            {"troop": "Light Foot", "stands": 5, "cards": [{"Mobile Infantry": "ground"}]},
            {"troop": "Spear", "stands": 4, "cards": [{"Mobile Infantry": "flying"}]},
        ]
    )
    [f] = of(bad, "FTR010")
    assert f.rule == "FT 45" and "9" in f.message


def test_mobile_infantry_on_one_class_of_nine():
    r = ft_list(classes=[{"troop": "Light Foot", "stands": 9, "cards": [{"Mobile Infantry": "ground"}]}])
    assert len(of(r, "FTR010")) == 1
