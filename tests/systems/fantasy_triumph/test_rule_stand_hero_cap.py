"""FTR012 stand-hero-cap: more stands or heroes carry a card than it allows (stand_hero_cap.py).

FT 60: "No more than four stands may have this battle card." FT 42: "A maximum of one hero, and a
maximum of four stands of troops, may have Marksman." FT 32: "A maximum of one hero, and a maximum
of four stands of troops, may be marked as Delayed Entry." A class card is on every stand of it.
"""

from .conftest import codes, ft_list, of


def test_four_unreliable_stands_pass():
    r = ft_list(
        classes=[
            {"troop": "Spear", "stands": 2, "cards": ["Unreliable"]},
            {"troop": "Knights", "stands": 2, "cards": ["Unreliable"]},
        ]
    )
    assert "FTR012" not in codes(r) and r.valid


def test_five_unreliable_stands_fail():
    r = ft_list(classes=[{"troop": "Spear", "stands": 5, "cards": ["Unreliable"]}])
    [f] = of(r, "FTR012")
    assert f.rule == "FT 60" and not r.valid
    r = ft_list(
        classes=[
            {"troop": "Spear", "stands": 2, "cards": ["Unreliable"]},
            {"troop": "Knights", "stands": 3, "cards": ["Unreliable"]},
        ]
    )
    assert len(of(r, "FTR012")) == 1


def test_marksman_four_stands_and_one_hero_pass():
    r = ft_list(
        classes=[{"troop": "Shooters", "stands": 4, "cards": ["Marksman"]}],
        heroes=[{"cards": [{"Ranged Attack": "physical"}, "Marksman"]}],
    )
    assert "FTR012" not in codes(r) and r.valid


def test_marksman_five_stands_fail():
    r = ft_list(
        classes=[
            {"troop": "Shooters", "stands": 3, "cards": ["Marksman"]},
            {"troop": "Pavisiers", "stands": 2, "cards": ["Marksman"]},
        ]
    )
    [f] = of(r, "FTR012")
    assert f.rule == "FT 42"


def test_marksman_two_heroes_fail():
    r = ft_list(
        heroes=[
            {"cards": [{"Ranged Attack": "physical"}, "Marksman"]},
            {"cards": [{"Ranged Attack": "magical"}, "Marksman"]},
        ]
    )
    [f] = of(r, "FTR012")
    assert f.rule == "FT 42"


def test_delayed_entry_four_stands_and_one_hero_pass():
    # 4 of a 6-stand class marked: only 4 stands carry it
    r = ft_list(
        classes=[{"troop": "Spear", "stands": 6, "cards": [{"Delayed Entry": 4}]}],
        heroes=[{"cards": ["Delayed Entry"]}],
    )
    assert "FTR012" not in codes(r) and r.valid


def test_delayed_entry_five_stands_fail():
    r = ft_list(classes=[{"troop": "Spear", "stands": 5, "cards": ["Delayed Entry"]}])  # bare: all 5
    [f] = of(r, "FTR012")
    assert f.rule == "FT 32"
    r = ft_list(
        classes=[
            {"troop": "Spear", "stands": 3, "cards": [{"Delayed Entry": 2}]},
            {"troop": "Spear", "stands": 3, "cards": [{"Delayed Entry": 3}]},
        ]
    )
    assert len(of(r, "FTR012")) == 1


def test_delayed_entry_two_heroes_fail():
    r = ft_list(heroes=[{"cards": ["Delayed Entry"]}, {"cards": ["Delayed Entry"]}])
    [f] = of(r, "FTR012")
    assert f.rule == "FT 32"
