"""FTR006 option-not-chosen (warning): physical or magical not written for Ranged Attack (FT 51.2)
or Spellblast (FT 54.3), or no terrain types for Terrain Affinity (FT 58.1) (option_not_chosen.py)."""

import pytest

from .conftest import codes, ft_list, of


@pytest.mark.parametrize("effect", ["physical", "magical"])
def test_effect_chosen_passes(effect):
    r = ft_list(
        classes=[{"troop": "Spear", "cards": [{"Ranged Attack": effect}]}],
        heroes=[{"cards": [{"Spellblast": ["limited", effect]}]}],
    )
    assert "FTR006" not in codes(r) and r.valid


def test_ranged_attack_without_effect_warns():
    r = ft_list(classes=[{"troop": "Spear", "cards": ["Ranged Attack"]}])
    [f] = of(r, "FTR006")
    assert f.severity.value == "warning" and f.rule == "FT 51.2"
    assert r.valid  # a warning: the list is still priced and legal


def test_spellblast_without_effect_warns():
    r = ft_list(heroes=[{"cards": [{"Spellblast": "unlimited"}]}])
    [f] = of(r, "FTR006")
    assert f.severity.value == "warning" and f.rule == "FT 54.3"
    assert r.details["heroes"][0]["total"] == 5.5  # still priced: 1 + 4½


def test_terrain_affinity_without_terrains_warns():
    r = ft_list(classes=[{"troop": "Light Foot", "cards": ["Terrain Affinity"]}], topography="Forest")
    [f] = of(r, "FTR006")
    assert f.severity.value == "warning"
    assert r.details["classes"][0]["per_stand"] == 3.5  # still priced: 3 + ½
