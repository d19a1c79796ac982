"""FTR005 option-invalid: a card's option missing, unknown or given twice (option_invalid.py).

Ambush home/any (FT 24), Flying hover/zoom (FT 35), Fortified Camp (FT 36), Mobile Infantry
ground/flying (FT 45), Negate Magic self/zone/mindless (FT 46), Spellblast limited/unlimited
(FT 54): the price depends on the choice. Terrain Affinity chooses two terrain types (FT 58.1).
"""

import pytest

from .conftest import codes, ft_list, of


@pytest.mark.parametrize(
    "where,card",
    [
        ("class", {"Flying": "zoom"}),
        ("class", {"Negate Magic": "mindless"}),
        ("hero", {"Spellblast": ["unlimited", "magical"]}),
        ("class", {"Mobile Infantry": "flying"}),
        ("army", {"Ambush": "any"}),
        ("army", {"Fortified Camp": "heavily fortified"}),
        ("class", {"Terrain Affinity": ["Dunes", "Oasis"]}),
    ],
)
def test_valid_options_pass(where, card):
    kw = {
        "class": {"classes": [{"troop": "Light Foot", "cards": [card]}]},
        "hero": {"heroes": [{"cards": [card]}]},
        "army": {"army_cards": [card]},
    }[where]
    r = ft_list(topography="Dry", **kw)
    assert "FTR005" not in codes(r) and r.valid, [(f.code, f.message) for f in r.findings]


@pytest.mark.parametrize(
    "where,card",
    [
        ("class", "Flying"),
        ("class", "Negate Magic"),
        ("hero", "Spellblast"),
        ("class", "Mobile Infantry"),
        ("army", "Ambush"),
        ("army", "Fortified Camp"),
    ],
)
def test_missing_price_option_is_an_error(where, card):
    kw = {
        "class": {"classes": [{"troop": "Light Foot", "cards": [card]}]},
        "hero": {"heroes": [{"cards": [card]}]},
        "army": {"army_cards": [card]},
    }[where]
    r = ft_list(topography="Forest", **kw)
    [f] = of(r, "FTR005")
    assert f.severity.value == "error"


def test_ambush_without_reach_is_fine_in_a_dense_home():
    # FT 24: a Dense home pays 2 whatever the reach, so the choice is not needed
    r = ft_list(army_cards=["Ambush"], topography="Dense Underground")
    assert "FTR005" not in codes(r) and r.valid


def test_unknown_option_with_suggestion():
    r = ft_list(classes=[{"troop": "Light Foot", "cards": [{"Flying": "zom"}]}])
    msgs = [f.message for f in of(r, "FTR005")]
    assert any("'zom'" in m and "did you mean 'zoom'" in m for m in msgs), msgs
    assert not r.valid


def test_two_choices_of_one_option():
    r = ft_list(classes=[{"troop": "Light Foot", "cards": [{"Flying": ["hover", "zoom"]}]}])
    assert len(of(r, "FTR005")) == 1
    r = ft_list(heroes=[{"cards": [{"Spellblast": ["limited", "unlimited", "physical"]}]}])
    assert len(of(r, "FTR005")) == 1


def test_option_on_a_card_that_takes_none():
    r = ft_list(classes=[{"troop": "Spear", "cards": [{"Deadly": "very"}]}])
    [f] = of(r, "FTR005")
    assert "takes no option" in f.message


@pytest.mark.parametrize("terrains", [["Woods"], ["Woods", "Marsh", "Rough"]])
def test_terrain_affinity_takes_exactly_two(terrains):
    # FT 58: "choose two terrain types"
    r = ft_list(classes=[{"troop": "Light Foot", "cards": [{"Terrain Affinity": terrains}]}], topography="Forest")
    assert len(of(r, "FTR005")) == 1
