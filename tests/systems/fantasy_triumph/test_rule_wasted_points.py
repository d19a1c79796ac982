"""FTR030 wasted-points (warning): points that buy nothing (wasted_points.py).

FT 31.2 / 37.2 / 50.2: "If a stand has both Deadly and Hearten [Prowess], only Deadly applies".
FT 55.2: "A Spiked Carts stand counts as Armored (does not have to pay for that battle card)".
FT 36 / 48: Fortified Camp and Pack Train and Herds: "An army may have both battle cards, but in
any given battle may only use one."
"""

import pytest

from .conftest import codes, ft_list, of


@pytest.mark.parametrize("other", ["Hearten", "Prowess"])
def test_beside_deadly_on_a_class(other):
    r = ft_list(classes=[{"troop": "Spear", "cards": ["Deadly", other]}])
    [f] = of(r, "FTR030")
    assert f.severity.value == "warning" and r.valid
    assert other in f.message
    assert r.details["classes"][0]["per_stand"] == 7  # still paid for: 4 + 2 + 1


@pytest.mark.parametrize("other", ["Hearten", "Prowess"])
def test_beside_deadly_on_a_hero(other):
    r = ft_list(heroes=[{"cards": [other, "Deadly"]}])
    assert len(of(r, "FTR030")) == 1


@pytest.mark.parametrize("other", ["Hearten", "Prowess"])
def test_without_deadly_no_warning(other):
    r = ft_list(classes=[{"troop": "Spear", "cards": [other]}, {"troop": "Spear", "cards": ["Deadly"]}])
    assert "FTR030" not in codes(r)


def test_armored_beside_spiked_carts():
    r = ft_list(classes=[{"troop": "Heavy Foot", "cards": ["Spiked Carts", "Armored"]}])
    [f] = of(r, "FTR030")
    assert f.rule == "FT 55.2"
    assert "FTR030" not in codes(ft_list(classes=[{"troop": "Heavy Foot", "cards": ["Spiked Carts"]}]))
    assert "FTR030" not in codes(ft_list(classes=[{"troop": "Heavy Foot", "cards": ["Armored"]}]))


def test_fortified_camp_with_pack_train():
    r = ft_list(army_cards=[{"Fortified Camp": "heavily fortified"}, "Pack Train and Herds"])
    [f] = of(r, "FTR030")
    assert f.severity.value == "warning" and r.valid
    assert "FTR030" not in codes(ft_list(army_cards=[{"Fortified Camp": "fortified"}]))
    assert "FTR030" not in codes(ft_list(army_cards=["Pack Train and Herds"]))
