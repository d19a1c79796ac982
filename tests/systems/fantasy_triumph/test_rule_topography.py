"""FTR027 topography: an unknown home topography, or none where a price depends on it
(topography.py). Ambush (FT 24), Prepared Defenses (FT 49) and Terrain Affinity (FT 58) cost
more for a Dense home; the topographies are the reference README's list."""

import pytest

from .conftest import codes, ft_list, of

ALL = [
    "Arable",
    "Delta",
    "Dry",
    "Forest",
    "Hilly",
    "Marsh",
    "Steppe",
    "Dense Forest",
    "Dense Marsh",
    "Dense Wasteland",
    "Dense Underground",
]


@pytest.mark.parametrize("topography", ALL)
def test_known_topographies_pass(topography):
    r = ft_list(topography=topography, army_cards=[{"Ambush": "any"}])
    assert "FTR027" not in codes(r) and r.valid
    assert r.details["dense"] is topography.startswith("Dense")


def test_topography_names_ignore_case():
    r = ft_list(topography="dense forest", army_cards=[{"Prepared Defenses": 1}])
    assert "FTR027" not in codes(r)
    assert r.details["dense"] is True


def test_unknown_topography_with_suggestion():
    r = ft_list(topography="Dense Forrest")
    [f] = of(r, "FTR027")
    assert f.severity.value == "error" and not r.valid
    assert "did you mean 'Dense Forest'" in f.message


@pytest.mark.parametrize(
    "cards",
    [
        {"army_cards": [{"Ambush": "home"}]},
        {"army_cards": [{"Prepared Defenses": 2}]},
        {"classes": [{"troop": "Light Foot", "cards": [{"Terrain Affinity": ["Woods", "Marsh"]}]}]},
    ],
    ids=["Ambush", "Prepared Defenses", "Terrain Affinity"],
)
def test_a_price_that_depends_on_the_topography_needs_one(cards):
    r = ft_list(**cards)
    [f] = of(r, "FTR027")
    assert f.severity.value == "error"


def test_no_topography_needed_without_those_cards():
    r = ft_list(classes=[{"troop": "Spear", "cards": ["Deadly"]}], army_cards=["No Camp"])
    assert "FTR027" not in codes(r) and r.valid


def test_ambush_for_any_topography_needs_none():
    """FT 24, Ambush's cost: "2 points if the army may use this ability in any topography, or for
    armies with a Dense home topography. 1 point if the army may only use this ability in their home
    topography." Taken for any topography it is 2 points whatever the home, so its price does not
    wait for one, and nothing in the seeds asks a list to name its home topography otherwise: no
    FTR027 (it was an error, "the same price either way", and made the list illegal). The filler
    (conftest: 51 // 6 = 8 stands of Horde, 2 points a stand in data/fantasy-triumph/troops.yaml) is
    8 x 2 = 16 points, + 2 = 18."""
    r = ft_list(army_cards=[{"Ambush": "any"}])
    assert "FTR027" not in codes(r) and r.valid
    assert (r.measure.total, r.measure.incomplete) == (18, False)
    # beside a card whose price does wait for it, FTR027 names that card, which is left out
    r = ft_list(army_cards=[{"Ambush": "any"}, {"Prepared Defenses": 2}])
    [f] = of(r, "FTR027")
    assert f.severity.value == "error" and "Prepared Defenses" in f.message
    assert "left out of the total until then" in f.message and "left out of the total until then" in f.player
    assert (r.measure.total, r.measure.incomplete) == (18, True)  # FT 49: ½ or 1 a card, not known yet
