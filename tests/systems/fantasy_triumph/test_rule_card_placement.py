"""FTR003 card-placement: a card where it cannot be taken (card_placement.py).

The seeds README groups the cards by who may take them: army cards (Delayed Entry and Mobile
Infantry mark stands), expendable cards bought for one class, stand cards, hero-only cards,
cards for stands or heroes. Fierce's cost line names heroes, so a hero may take it. FT 52:
Regenerate "cannot be applied to heroes". FT 45: "Heroes cannot use this battle card".
"""

import pytest

from .conftest import codes, ft_list, of

STAND_CARDS = [
    "Brittle",
    "Craven",
    {"Flying": "hover"},
    "Massive",
    "Regenerate",
    "Slow",
    "Spiked Carts",
    "Supporting Shooters",
    {"Terrain Affinity": ["Woods", "Marsh"]},
    "Unreliable",
    "Unruly",
    "Weaken",
]
HERO_CARDS = ["Champion", "Subcommander"]
EITHER = [
    "Armored",
    "Away",
    "Deadly",
    "Fast",
    "Hearten",
    "Mindblast",
    {"Negate Magic": "self"},
    "Prowess",
    {"Ranged Attack": "physical"},
    {"Spellblast": ["limited", "magical"]},
    "Terror",
]
ARMY_ONLY = [
    {"Ambush": "home"},
    {"Fortified Camp": "fortified"},
    {"Illusion": 1},
    "No Camp",
    "Pack Train and Herds",
    {"Prepared Defenses": 1},
]


def name(card):
    return card if isinstance(card, str) else next(iter(card))


@pytest.mark.parametrize("card", STAND_CARDS, ids=name)
def test_stand_card_on_a_hero_is_refused(card):
    r = ft_list(heroes=[{"cards": [card]}], topography="Forest")
    [f] = of(r, "FTR003")
    assert f.severity.value == "error" and not r.valid
    assert r.details["heroes"][0]["total"] == 1  # a misplaced card is not priced: the hero stays 1


@pytest.mark.parametrize("card", HERO_CARDS)
def test_hero_card_on_a_hero_passes(card):
    r = ft_list(heroes=[{"cards": [card]}])
    assert "FTR003" not in codes(r) and r.valid


@pytest.mark.parametrize("card", HERO_CARDS)
def test_hero_card_on_a_class_is_refused(card):
    r = ft_list(classes=[{"troop": "Spear", "cards": [card]}])
    assert len(of(r, "FTR003")) == 1
    assert r.details["classes"][0]["per_stand"] == 4  # not priced


@pytest.mark.parametrize("card", EITHER, ids=name)
def test_stand_or_hero_cards_go_on_both(card):
    r = ft_list(classes=[{"troop": "Spear", "cards": [card]}], heroes=[{"cards": [card]}])
    assert "FTR003" not in codes(r)


def test_fierce_on_a_hero_passes():
    r = ft_list(heroes=[{"cards": ["Fierce"]}])
    assert "FTR003" not in codes(r) and r.valid


@pytest.mark.parametrize("card", EITHER + STAND_CARDS + HERO_CARDS, ids=name)
def test_stand_and_hero_cards_in_army_cards_are_refused(card):
    r = ft_list(army_cards=[card], topography="Forest")
    assert len(of(r, "FTR003")) == 1


@pytest.mark.parametrize("card", ARMY_ONLY, ids=name)
def test_army_cards(card):
    ok = ft_list(army_cards=[card], topography="Forest")
    assert "FTR003" not in codes(ok) and ok.valid
    on_class = ft_list(classes=[{"troop": "Spear", "cards": [card]}], topography="Forest")
    assert len(of(on_class, "FTR003")) == 1
    on_hero = ft_list(heroes=[{"cards": [card]}], topography="Forest")
    assert len(of(on_hero, "FTR003")) == 1


def test_delayed_entry_marks_a_class_or_a_hero_not_the_army():
    ok = ft_list(classes=[{"troop": "Spear", "cards": ["Delayed Entry"]}], heroes=[{"cards": ["Delayed Entry"]}])
    assert "FTR003" not in codes(ok) and ok.valid
    # Bare under army_cards it marks nothing: FTR017, a warning of the list format (issue 46, item
    # 17); with a number the list does not say which stands: it cannot be priced, FTR003
    bare = ft_list(army_cards=["Delayed Entry"])
    assert "FTR003" not in codes(bare) and "FTR017" in codes(bare) and bare.valid
    assert len(of(ft_list(army_cards=[{"Delayed Entry": 2}]), "FTR003")) == 1


def test_mobile_infantry_marks_a_class_never_a_hero():
    ok = ft_list(classes=[{"troop": "Spear", "cards": [{"Mobile Infantry": "ground"}]}])
    assert "FTR003" not in codes(ok) and ok.valid
    assert len(of(ft_list(heroes=[{"cards": [{"Mobile Infantry": "ground"}]}]), "FTR003")) == 1
    bare = ft_list(army_cards=[{"Mobile Infantry": "ground"}])  # transports nothing: FTR017 (a warning)
    assert "FTR003" not in codes(bare) and "FTR017" in codes(bare) and bare.valid


@pytest.mark.parametrize("card", [{"Hold the Line": 1}, {"Charge Through": 1}], ids=name)
def test_expendable_cards_are_bought_for_a_class(card):
    ok = ft_list(classes=[{"troop": "Spear", "cards": [card]}])
    assert "FTR003" not in codes(ok) and ok.valid
    assert len(of(ft_list(heroes=[{"cards": [card]}]), "FTR003")) == 1
    assert len(of(ft_list(army_cards=[card]), "FTR003")) == 1


def test_regenerate_never_on_heroes():
    r = ft_list(heroes=[{"cards": ["Regenerate"]}])
    [f] = of(r, "FTR003")
    assert "Regenerate" in f.message


def test_misplaced_army_card_is_not_priced():
    # Deadly under army_cards costs nothing: 8 Horde x 2 = 16
    r = ft_list(army_cards=["Deadly"])
    assert r.measure.total == 16
