"""FTR008 cards-exclude: two cards that cannot be on the same stand (cards_exclude.py).

FT 33 and 53: "Stands cannot take both Fast and Slow". FT 35: Flying "cannot be combined with the
battle cards Fast or Slow" (and FT 33: not for stands "who have the Flying battle card"). FT 30/34:
Craven not with Fierce. FT 58: "Stands with Flying may not purchase this battle card". FT 57: "cannot
be combined with Ranged Attack". FT 55: Spiked Carts "may not have Flight or Mobile Infantry".
"""

import pytest

from .conftest import codes, ft_list, of

PAIRS = [
    ("Light Foot", "Fast", "Slow"),
    ("Light Foot", {"Flying": "hover"}, "Fast"),
    ("Light Foot", {"Flying": "zoom"}, "Slow"),
    ("Light Foot", "Craven", "Fierce"),
    ("Light Foot", {"Terrain Affinity": ["Woods", "Marsh"]}, {"Flying": "hover"}),
    ("Light Foot", "Supporting Shooters", {"Ranged Attack": "physical"}),
    ("Heavy Foot", "Spiked Carts", {"Mobile Infantry": "ground"}),
    ("Heavy Foot", "Spiked Carts", {"Flying": "hover"}),
]


def label(card):
    return card if isinstance(card, str) else next(iter(card))


@pytest.mark.parametrize("troop,a,b", PAIRS, ids=[f"{label(a)}+{label(b)}" for _, a, b in PAIRS])
def test_excluded_pair_is_reported_once(troop, a, b):
    for cards in ([a, b], [b, a]):
        r = ft_list(classes=[{"troop": troop, "cards": cards}], topography="Forest")
        [f] = of(r, "FTR008")
        assert f.severity.value == "error" and not r.valid
        assert label(a) in f.message and label(b) in f.message


@pytest.mark.parametrize("troop,a,b", PAIRS, ids=[f"{label(a)}+{label(b)}" for _, a, b in PAIRS])
def test_each_card_alone_passes(troop, a, b):
    for card in (a, b):
        r = ft_list(classes=[{"troop": troop, "cards": [card]}], topography="Forest")
        assert "FTR008" not in codes(r)


def test_the_pair_on_two_different_classes_passes():
    r = ft_list(classes=[{"troop": "Light Foot", "cards": ["Fast"]}, {"troop": "Light Foot", "cards": ["Slow"]}])
    assert "FTR008" not in codes(r) and r.valid


def test_fast_on_a_hero_with_fierce_is_fine():
    r = ft_list(heroes=[{"cards": ["Fast", "Fierce"]}])
    assert "FTR008" not in codes(r) and r.valid
