"""The card choices that fit a place (compose.cards_that_fit, options_that_fit, cards_held).

The browser builder offers, for ``add card --to CLASS``, the cards the class may take. Each
expectation is worked out by hand from seed 003 (the "Selecting this Battle Card" parts, quoted
below) and the troop types of triumph-troop-types.csv (see test_rule_troop_restriction.py for the
table), never from the code under test. A choice the function leaves out must also be one the
checks refuse: adding it to the class gives an error finding.
"""

from __future__ import annotations

import pytest

from armybuilder.systems.fantasy_triumph import compose

from .conftest import codes, ft_list

HOST = {
    "system": "fantasy-triumph",
    "name": "Fits",
    "classes": [
        {"name": "Spears", "troop": "Spear", "stands": 4, "general": True, "cards": ["Fierce"]},
        {"name": "Carts", "troop": "Heavy Foot", "stands": 2},
        {"name": "Riders", "troop": "Javelin Cavalry", "stands": 2, "cards": [{"Flying": "zoom"}]},
        {"name": "Bows", "troop": "Shooters", "stands": 2},
    ],
    "heroes": [{"name": "Seer", "cards": ["Hearten"]}],
    "army_cards": [{"Ambush": "home"}],
}


def fits(**chosen):
    return compose.cards_that_fit(HOST, chosen)


def test_flying_only_for_open_order_war_wagons_and_artillery():
    # FT 35: "Only the following troop types may have Flying: Any open-order troops (foot or
    # mounted). Stand-off foot ...: War Wagon and Artillery." Spear and Heavy Foot are close order;
    # Shooters are open order.
    assert "Flying" not in fits(to="Spears")
    assert "Flying" not in fits(to="Carts")
    assert "Flying" in fits(to="Bows")


def test_spiked_carts_only_for_heavy_foot():
    # FT 55: "This battle card may only be selected for stands of Heavy Foot. ... Heroes may not
    # select this battle card."
    assert "Spiked Carts" in fits(to="Carts")
    assert "Spiked Carts" not in fits(to="Spears")
    assert "Spiked Carts" not in fits(hero="Seer")


def test_fast_not_for_stands_that_move_8_mu_or_fly():
    # FT 33: "Stands who already move 8 MU, or who have the Flying battle card, cannot take this
    # ability." Javelin Cavalry move 8 MU (and these fly); Spear move 3.
    assert "Fast" not in fits(to="Riders")
    assert "Fast" in fits(to="Spears")


def test_marksman_needs_a_shooting_type_or_ranged_attack():
    # FT 42: "This card may be selected for troop types with offensive ranged combat values:
    # Shooter, Pavise, Artillery, War Wagon, or stands with the Ranged Attack battle card. Heroes
    # may only select this battle card if they have the Ranged Attack battle card."
    assert "Marksman" in fits(to="Bows")
    assert "Marksman" not in fits(to="Spears")
    assert "Marksman" not in fits(hero="Seer")


def test_hold_the_line_not_with_fierce():
    # FT 38: "This battle card may not be purchased for a stand that is a Knight, Warband, Warrior,
    # Behemoth, or has Fierce." The Spears hold Fierce; Heavy Foot are none of those.
    assert "Hold the Line" not in fits(to="Spears")
    assert "Hold the Line" in fits(to="Carts")


def test_a_card_held_is_not_offered_again():
    assert "Fierce" not in fits(to="Spears")
    assert "Hearten" not in fits(hero="Seer")
    assert "Ambush" not in fits(army=True)


def test_the_army_takes_army_cards_and_a_hero_hero_cards():
    # The seeds README groups the cards: army cards are bought for the army; Champion and
    # Subcommander are hero cards; stand cards go on classes.
    army = fits(army=True)
    assert "Illusion" in army and "Fortified Camp" in army
    assert "Deadly" not in army and "Mobile Infantry" not in army  # Mobile Infantry marks a class's stands
    hero = fits(hero="Seer")
    assert "Champion" in hero and "Subcommander" in hero and "Terrain Affinity" not in hero
    assert "Champion" not in fits(to="Spears")
    assert "Mobile Infantry" in fits(to="Spears")


def test_without_a_place_every_card_and_with_an_unknown_place_too():
    every = compose.card_names(HOST)
    assert fits() == every
    assert fits(to="Nobody") == every
    assert fits(to="Spears", army=True) == every  # two places: the engine will refuse that
    assert compose.cards_that_fit({"system": "fantasy-triumph", "classes": "not a list"}, {"to": "x"}) == every
    assert compose.cards_that_fit(None, {"to": "x"}) == every


@pytest.mark.parametrize("to", ["Spears", "Carts", "Riders", "Bows"])
def test_every_card_left_out_is_one_the_checks_refuse(to):
    """No false narrowing: a stand card the function leaves out is an error on that class."""
    offered = set(fits(to=to))
    held = {
        c if isinstance(c, str) else next(iter(c))
        for c in next(x for x in HOST["classes"] if x["name"] == to).get("cards", [])
    }
    for name in compose.card_names(HOST):
        if name in offered or name in held:
            continue
        classes = [dict(c) for c in HOST["classes"]]
        for c in classes:
            if c["name"] == to:
                c["cards"] = [*c.get("cards", []), name]
        result = ft_list(classes=classes, heroes=HOST["heroes"], filler=False)
        assert {"FTR003", "FTR007", "FTR008"} & set(codes(result)), f"{name} on {to}: {codes(result)}"


def test_options_of_the_chosen_card():
    # FT 51 Spellblast: a level (limited or unlimited) and an effect (physical or magical).
    assert compose.options_that_fit(HOST, {"args": ["spellblast"]}) == ["limited", "unlimited", "physical", "magical"]
    assert compose.options_that_fit(HOST, {"args": ["Deadly"]}) == []
    assert compose.options_that_fit(HOST, {}) == compose.option_names(HOST)


def test_cards_held_for_remove_and_set():
    assert compose.cards_held(HOST, {"to": "spears"}) == ["Fierce"]
    assert compose.cards_held(HOST, {"hero": "Seer"}) == ["Hearten"]
    assert compose.cards_held(HOST, {"army": True}) == ["Ambush"]
    assert compose.cards_held(HOST, {}) == ["Ambush", "Fierce", "Flying", "Hearten"]
    assert compose.cards_held(None, {}) == []


def test_the_parts_declare_the_fits():
    parts = {(p.verb, p.name): p for p in compose.PARTS}
    assert parts["add", "card"].fits == (compose.cards_that_fit,)
    assert parts["remove", "card"].fits == (compose.cards_held,)
    assert compose.OPTION.fits is compose.options_that_fit
