"""FTR006 option-not-chosen (error): a choice the army commander must make when the army is built
is not written: physical or magical for Ranged Attack (FT 51.2) or Spellblast (FT 54.3), or the
terrain types of Terrain Affinity (FT 58.1) (option_not_chosen.py).

Seed 003: "51.2 When a Ranged Attack battle card is purchased the army commander must choose
whether it is a physical effect or a magical one." "54.3 When a Spellblast battle card is
purchased the army commander must choose whether it is a physical effect or a magical one."
"46.1.a Ranged combat from Spellblast or Ranged Attack battle cards must choose (when the army is
built) whether they are physical or magical". "58.1 Stands with this battle card choose two
terrain types present in their home topography."
"""

import pytest

from .conftest import codes, ft_list, of


@pytest.mark.parametrize("effect", ["physical", "magical"])
def test_effect_chosen_passes(effect):
    r = ft_list(
        classes=[{"troop": "Spear", "cards": [{"Ranged Attack": effect}]}],
        heroes=[{"cards": [{"Spellblast": ["limited", effect]}]}],
    )
    assert "FTR006" not in codes(r) and r.valid


def test_ranged_attack_without_effect_is_an_error():
    r = ft_list(classes=[{"troop": "Spear", "cards": ["Ranged Attack"]}])
    [f] = of(r, "FTR006")
    assert f.severity.value == "error" and f.rule == "FT 51.2"
    assert f.path == ("classes", 0, "cards", 0)
    assert f.message.startswith("Ranged Attack on class 'Class 1' has no effect chosen: the army commander must")
    assert not r.valid
    assert r.details["classes"][0]["per_stand"] == 5  # still priced: Spear 4 (CSV) + Ranged Attack 1 (FT 51)


def test_spellblast_without_effect_is_an_error():
    r = ft_list(heroes=[{"cards": [{"Spellblast": "unlimited"}]}])
    [f] = of(r, "FTR006")
    assert f.severity.value == "error" and f.rule == "FT 54.3"
    assert f.message.endswith(
        "(stopped by Negate Magic), when the army is built; write it with every choice it needs, "
        "for example {Spellblast: [unlimited, physical]}"  # the level already chosen is kept (issue 41)
    )
    assert not r.valid
    assert r.details["heroes"][0]["total"] == 5.5  # still priced: 1 + 4½


def test_spellblast_without_its_level_is_an_error_too():
    # "+3 points for Limited Spellblast. +4½ points for Unlimited Spellblast." (FT 54): without the
    # level the card has no price (FTR005), with or without its effect.
    r = ft_list(heroes=[{"cards": [{"Spellblast": "magical"}]}])
    assert [f.code for f in r.findings if f.severity.value == "error"] == ["FTR005"]
    assert not r.valid


def test_terrain_affinity_without_terrains_is_an_error():
    r = ft_list(classes=[{"troop": "Light Foot", "cards": ["Terrain Affinity"]}], topography="Forest")
    [f] = of(r, "FTR006")
    assert f.severity.value == "error" and f.rule == "FT 58.1"
    assert not r.valid
    assert r.details["classes"][0]["per_stand"] == 3.5  # still priced: 3 + ½
    named = ft_list(
        classes=[{"troop": "Light Foot", "cards": [{"Terrain Affinity": ["Woods", "Wooded Hills"]}]}],
        topography="Forest",
    )
    assert "FTR006" not in codes(named) and named.valid
