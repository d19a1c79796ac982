"""Costs of Fantasy Triumph stands, heroes and army cards, every figure worked out by hand.

Sources: seed 003 (each card's "Cost" part, FT 24 to FT 62), the troop base costs of
triumph-troop-types.csv and the army rules of the reference README (hero = 1 + cards, a stand
never below 1 point). The arithmetic sits next to each expectation.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from .conftest import army_line, ft_list, hero_cost, move_mu, one_class, stand_cost


def card_points(details: dict, name: str):
    """The points one card adds to a stand or hero, from the details' breakdown."""
    hits = [c["points"] for c in details["cards"] if c["card"].split(" (")[0] == name]
    assert len(hits) == 1, details["cards"]
    return hits[0]


# ---------------------------------------------------------------------------
# The publisher's example stands (reference README)

PUBLISHER = [
    ("Light Foot", ["Brittle"], 1),  # Light Foot 3 + Brittle -2 = 1 (FT 27)
    (
        "Behemoths",
        ["Deadly", "Armored", "Massive"],
        6.5,
    ),  # 4 + Deadly 2 + Armored ½ + Massive 0 (Behemoths, FT 43) = 6½
    ("Knights", ["Deadly", "Armored", "Massive", {"Flying": "hover"}], 8.5),
    # Knights 4 + Deadly 2 + Armored ½ + Massive 1 + hover Flying 1 (FT 35) = 8½
    ("Bad Horse", [{"Flying": "hover"}], 4),  # Bad Horse 3 + hover 1 = 4
    ("Warband", ["Deadly"], 5),  # Warband 3 + Deadly 2 = 5
    ("Heavy Foot", [], 3),  # Heavy Foot 3, no cards
]


@pytest.mark.parametrize("troop,cards,expected", PUBLISHER, ids=[p[0] for p in PUBLISHER])
def test_publisher_example_stands(troop, cards, expected):
    assert stand_cost(troop, cards) == expected


def test_elephants_is_accepted_for_behemoths():
    # The CSV: Elephants are "Behemoths" in Fantasy Triumph, both names accepted.
    assert stand_cost("Elephants", ["Deadly", "Armored", "Massive"]) == 6.5  # 4 + 2 + ½ + 0


# ---------------------------------------------------------------------------
# FT 27 Brittle: Artillery +0; Bow Levy, Archers, Mindblast or Spellblast stands -1; others -2

BRITTLE = [
    ("Artillery", [], 0, 3),  # Artillery 3 + 0 = 3
    ("Bow Levy", [], -1, 1),  # Bow Levy 2 - 1 = 1
    ("Shooters", [], -1, 3),  # Shooters (Archers) 4 - 1 = 3
    ("Archers", [], -1, 3),  # the Triumph! name: 4 - 1 = 3
    ("Spear", ["Mindblast"], -1, 7),  # Spear 4 + Mindblast 4 - 1 = 7
    ("Spear", [{"Spellblast": ["limited", "magical"]}], -1, 6),  # 4 + limited 3 - 1 = 6
    ("Elite Foot", [], -2, 2),  # 4 - 2 = 2
    ("Knights", [], -2, 2),  # 4 - 2 = 2
    ("Pavisiers", [], -2, 2),  # Pavisiers shoot but are not named: 4 - 2 = 2
    ("Light Foot", [], -2, 1),  # 3 - 2 = 1
]


@pytest.mark.parametrize("troop,others,delta,expected", BRITTLE)
def test_brittle(troop, others, delta, expected):
    details, _ = one_class(troop, ["Brittle", *others])
    assert card_points(details, "Brittle") == delta
    assert details["per_stand"] == expected


def test_brittle_order_of_cards_does_not_matter():
    # Spellblast written after Brittle still makes Brittle -1: 4 + 3 - 1 = 6
    assert stand_cost("Spear", [{"Spellblast": ["limited", "physical"]}, "Brittle"]) == 6
    assert stand_cost("Spear", ["Brittle", {"Spellblast": ["limited", "physical"]}]) == 6


def test_brittle_on_horde_hits_the_one_point_floor():
    # Horde 2 - Brittle 2 = 0, raised to the 1-point stand minimum (reference README)
    details, _result = one_class("Horde", ["Brittle"])
    assert details["per_stand_raw"] == 0
    assert details["per_stand"] == 1
    assert details["floored"] is True


# ---------------------------------------------------------------------------
# FT 30 Craven: -½ for Pavise, Shooter or Ranged Attack stands; -1 for all other stand types

CRAVEN = [
    ("Pavisiers", [], -0.5, 3.5),  # Pavisiers 4 - ½ = 3½
    ("Shooters", [], -0.5, 3.5),  # Shooters 4 - ½ = 3½
    ("Spear", [{"Ranged Attack": "physical"}], -0.5, 4.5),  # Spear 4 + Ranged Attack 1 - ½ = 4½
    ("Light Foot", [], -1, 2),  # 3 - 1 = 2
    ("Bow Levy", [], -1, 1),  # Bow Levy is not in the ½ group: 2 - 1 = 1
    ("Elite Cavalry", [], -1, 3),  # 4 - 1 = 3
    ("Spear", [], -1, 3),  # 4 - 1 = 3
]


@pytest.mark.parametrize("troop,others,delta,expected", CRAVEN)
def test_craven(troop, others, delta, expected):
    details, _ = one_class(troop, [*others, "Craven"])
    assert card_points(details, "Craven") == delta
    assert details["per_stand"] == expected


# ---------------------------------------------------------------------------
# FT 34 Fierce: -½ per hero or stand; no reduction for Knights, Behemoths, Warriors, Warband, Pike

FIERCE = [
    ("Knights", 0, 4),  # 4 + 0 = 4
    ("Behemoths", 0, 4),  # 4 + 0 = 4
    ("Warriors", 0, 3),  # 3 + 0 = 3
    ("Warband", 0, 3),  # 3 + 0 = 3
    ("Pikes", 0, 3),  # 3 + 0 = 3
    ("Heavy Foot", -0.5, 2.5),  # 3 - ½ = 2½
    ("Spear", -0.5, 3.5),  # 4 - ½ = 3½
    ("Javelin Cavalry", -0.5, 3.5),  # 4 - ½ = 3½ (FT 34's example: wargs)
]


@pytest.mark.parametrize("troop,delta,expected", FIERCE)
def test_fierce(troop, delta, expected):
    details, _ = one_class(troop, ["Fierce"])
    assert card_points(details, "Fierce") == delta
    assert details["per_stand"] == expected


def test_fierce_on_a_hero():
    assert hero_cost(["Fierce"]) == 0.5  # hero 1 - Fierce ½ = ½ ("-½ point per hero or stand")


# ---------------------------------------------------------------------------
# FT 43 Massive: +1 for most; +0 for War Wagons, Behemoths, Artillery

MASSIVE = [
    ("Warriors", 1, 4),  # 3 + 1 = 4 (FT 43's giants)
    ("Elite Foot", 1, 5),  # 4 + 1 = 5
    ("Knights", 1, 5),  # 4 + 1 = 5
    ("War Wagons", 0, 3),  # 3 + 0 = 3
    ("Behemoths", 0, 4),  # 4 + 0 = 4
    ("Artillery", 0, 3),  # 3 + 0 = 3
]


@pytest.mark.parametrize("troop,delta,expected", MASSIVE)
def test_massive(troop, delta, expected):
    details, _ = one_class(troop, ["Massive"])
    assert card_points(details, "Massive") == delta
    assert details["per_stand"] == expected


# ---------------------------------------------------------------------------
# FT 60 Unreliable: -2 for Knights, Behemoths or stands with Fierce; -1 otherwise
# (the document's own figures; the seeds README says to use them)

UNRELIABLE = [
    ("Knights", [], -2, 2, 2),  # Knights 4 - 2 = 2
    ("Behemoths", [], -2, 2, 2),  # Behemoths 4 - 2 = 2
    ("Knights", ["Fierce"], -2, 2, 2),  # Knights 4 + Fierce 0 - 2 = 2
    ("Spear", ["Fierce"], -2, 1.5, 1.5),  # Spear 4 - ½ - 2 = 1½
    ("Heavy Foot", ["Fierce"], -2, 0.5, 1),  # Heavy Foot 3 - ½ - 2 = ½, floor 1
    ("Spear", [], -1, 3, 3),  # Spear 4 - 1 = 3
    ("Elite Cavalry", [], -1, 3, 3),  # 4 - 1 = 3
    ("Light Foot", [], -1, 2, 2),  # 3 - 1 = 2
]


@pytest.mark.parametrize("troop,others,delta,raw,expected", UNRELIABLE)
def test_unreliable(troop, others, delta, raw, expected):
    details, _ = one_class(troop, [*others, "Unreliable"])
    assert card_points(details, "Unreliable") == delta
    assert details["per_stand_raw"] == raw
    assert details["per_stand"] == expected


# ---------------------------------------------------------------------------
# Cards with an option that sets the price


def test_flying_hover_and_zoom():
    assert stand_cost("Light Foot", [{"Flying": "hover"}]) == 4  # 3 + hover 1 = 4 (FT 35)
    assert stand_cost("Light Foot", [{"Flying": "zoom"}]) == 5  # 3 + zoom 2 = 5
    assert stand_cost("War Wagons", [{"Flying": "zoom"}]) == 5  # 3 + zoom 2 = 5 (FT 35: War Wagons may fly)
    assert stand_cost("Javelin Cavalry", [{"Flying": "zoom"}]) == 6  # 4 + 2 = 6


@pytest.mark.parametrize(
    "version,stand,hero",
    [
        ("self", 5, 2),  # Spear 4 + 1 = 5; hero 1 + 1 = 2 (FT 46)
        ("zone", 6, 3),  # Spear 4 + 2 = 6; hero 1 + 2 = 3
        ("mindless", 4.5, 1.5),  # Spear 4 + ½ = 4½; hero 1 + ½ = 1½
    ],
)
def test_negate_magic(version, stand, hero):
    assert stand_cost("Spear", [{"Negate Magic": version}]) == stand
    assert hero_cost([{"Negate Magic": version}]) == hero


@pytest.mark.parametrize(
    "level,stand,hero",
    [
        ("limited", 7, 4),  # Shooters 4 + 3 = 7; hero 1 + 3 = 4 (FT 54)
        ("unlimited", 8.5, 5.5),  # Shooters 4 + 4½ = 8½; hero 1 + 4½ = 5½
    ],
)
def test_spellblast(level, stand, hero):
    assert stand_cost("Shooters", [{"Spellblast": [level, "magical"]}]) == stand
    assert hero_cost([{"Spellblast": [level, "physical"]}]) == hero


def test_away_per_stand_and_per_hero():
    assert stand_cost("Spear", ["Away"]) == 4.5  # Spear 4 + ½ per stand = 4½ (FT 26)
    assert hero_cost(["Away"]) == 2  # hero 1 + 1 per hero = 2


# ---------------------------------------------------------------------------
# The flat-priced stand and hero cards

FLAT_STAND = [
    ("Spear", ["Armored"], 4.5),  # 4 + ½ (FT 25)
    ("Spear", ["Deadly"], 6),  # 4 + 2 (FT 31)
    ("Light Foot", ["Fast"], 3.5),  # 3 + ½ (FT 33)
    ("Spear", ["Hearten"], 5),  # 4 + 1 (FT 37)
    ("Shooters", ["Marksman"], 5),  # 4 + 1 (FT 42)
    ("Spear", ["Mindblast"], 8),  # 4 + 4 (FT 44)
    ("Spear", ["Prowess"], 5),  # 4 + 1 (FT 50)
    ("Spear", [{"Ranged Attack": "physical"}], 5),  # 4 + 1 (FT 51)
    ("Rabble", ["Regenerate"], 3),  # 2 + 1 = 3: FT 52.1's own "Rabble stand with Regenerate would be a 3pt stand"
    ("Spear", ["Slow"], 3.5),  # 4 - ½ (FT 53)
    ("Heavy Foot", ["Spiked Carts"], 4),  # 3 + 1 (FT 55)
    ("Spear", ["Supporting Shooters"], 5),  # 4 + 1 (FT 57)
    ("Spear", ["Terror"], 6),  # 4 + 2 (FT 59)
    ("Spear", ["Unruly"], 3),  # 4 - 1 (FT 61)
    ("Spear", ["Weaken"], 3.5),  # 4 - ½ (FT 62)
]


@pytest.mark.parametrize(
    "troop,cards,expected",
    FLAT_STAND,
    ids=[f"{t}-{c[0] if isinstance(c[0], str) else next(iter(c[0]))}" for t, c, _ in FLAT_STAND],
)
def test_flat_stand_card(troop, cards, expected):
    assert stand_cost(troop, cards) == expected


FLAT_HERO = [
    (["Armored"], 1.5),  # 1 + ½ (FT 25)
    (["Deadly"], 3),  # 1 + 2 (FT 31)
    (["Fast"], 1.5),  # 1 + ½ (FT 33)
    (["Hearten"], 2),  # 1 + 1 (FT 37)
    ([{"Ranged Attack": "magical"}, "Marksman"], 3),  # 1 + 1 + Marksman 1 (FT 42: a hero needs Ranged Attack)
    (["Mindblast"], 5),  # 1 + 4 (FT 44)
    (["Prowess"], 2),  # 1 + 1 (FT 50)
    ([{"Ranged Attack": "magical"}], 2),  # 1 + 1 (FT 51)
    (["Terror"], 3),  # 1 + 2 (FT 59)
    (["Champion"], 2),  # 1 + 1 per hero (FT 28)
    (["Subcommander"], 3),  # 1 + 2 (FT 56)
    ([], 1),  # a hero with no cards: 1 (reference README; FT 32's "1-pt Hero")
]


@pytest.mark.parametrize("cards,expected", FLAT_HERO)
def test_flat_hero_card(cards, expected):
    assert hero_cost(cards) == expected


def test_hero_is_one_plus_its_cards():
    # 1 + Deadly 2 + Armored ½ + Champion 1 + Hearten 1 = 5½
    assert hero_cost(["Deadly", "Armored", "Champion", "Hearten"]) == 5.5


# ---------------------------------------------------------------------------
# Prices that depend on the home topography (FT 24, 49, 58)

NOT_DENSE = ["Arable", "Delta", "Dry", "Forest", "Hilly", "Marsh", "Steppe"]
DENSE = ["Dense Forest", "Dense Marsh", "Dense Wasteland", "Dense Underground"]


@pytest.mark.parametrize("topography", NOT_DENSE)
def test_ambush_not_dense(topography):
    r = ft_list(army_cards=[{"Ambush": "home"}], topography=topography)
    assert army_line(r, "Ambush") == [1]  # home topography only: 1 (FT 24)
    r = ft_list(army_cards=[{"Ambush": "any"}], topography=topography)
    assert army_line(r, "Ambush") == [2]  # any topography: 2


@pytest.mark.parametrize("topography", DENSE)
def test_ambush_dense_home_costs_2(topography):
    # "2 points ... for armies with a Dense home topography", whatever the reach
    assert army_line(ft_list(army_cards=[{"Ambush": "home"}], topography=topography), "Ambush") == [2]
    assert army_line(ft_list(army_cards=[{"Ambush": "any"}], topography=topography), "Ambush") == [2]
    assert army_line(ft_list(army_cards=["Ambush"], topography=topography), "Ambush") == [2]


@pytest.mark.parametrize("topography,each", [(t, 0.5) for t in NOT_DENSE] + [(t, 1) for t in DENSE])
def test_prepared_defenses(topography, each):
    # ½ a card (normal topography), 1 a card (Dense home): 3 cards = 1½ or 3 (FT 49)
    r = ft_list(army_cards=[{"Prepared Defenses": 3}], topography=topography)
    assert army_line(r, "Prepared Defenses") == [3 * each]
    r = ft_list(army_cards=["Prepared Defenses"], topography=topography)
    assert army_line(r, "Prepared Defenses") == [each]  # a bare card is one card


@pytest.mark.parametrize("topography,expected", [(t, 3.5) for t in NOT_DENSE] + [(t, 4) for t in DENSE])
def test_terrain_affinity(topography, expected):
    # Light Foot 3 + ½ (normal) = 3½; 3 + 1 (Dense) = 4 (FT 58)
    assert stand_cost("Light Foot", [{"Terrain Affinity": ["Woods", "Marsh"]}], topography) == expected


def test_terrain_affinity_on_behemoths():
    # Behemoths 4 + ½ = 4½ (Forest); 4 + 1 = 5 (Dense Forest)
    assert stand_cost("Behemoths", [{"Terrain Affinity": ["Woods", "Rough"]}], "Forest") == 4.5
    assert stand_cost("Behemoths", [{"Terrain Affinity": ["Woods", "Rough"]}], "Dense Forest") == 5


# ---------------------------------------------------------------------------
# FT 32 Delayed Entry: -2 per stand or hero, never more than the stand's or hero's own value


def test_delayed_entry_two_per_stand():
    r = ft_list(classes=[{"troop": "Spear", "stands": 3, "cards": [{"Delayed Entry": 2}]}])
    assert army_line(r, "Delayed Entry") == [-4]  # 2 stands x -2 = -4
    assert r.details["classes"][0]["total"] == 12  # the class still costs 3 x 4 = 12 (an army-card refund)


def test_bare_delayed_entry_marks_the_whole_class():
    r = ft_list(classes=[{"troop": "Spear", "stands": 2, "cards": ["Delayed Entry"]}])
    assert army_line(r, "Delayed Entry") == [-4]  # 2 stands x -2 = -4


def test_delayed_entry_never_refunds_more_than_a_one_point_stand():
    # Light Foot 3 - Brittle 2 = 1 a stand: each refunds 1, not 2 -> 2 stands = -2
    r = ft_list(classes=[{"troop": "Light Foot", "stands": 2, "cards": ["Brittle", "Delayed Entry"]}])
    assert army_line(r, "Delayed Entry") == [-2]


def test_delayed_entry_on_a_floored_stand_refunds_its_floored_cost():
    # Horde 2 - Brittle 2 = 0, floor 1: the stand's value is 1, so it refunds 1
    r = ft_list(classes=[{"troop": "Horde", "stands": 1, "cards": ["Brittle", "Delayed Entry"]}])
    assert army_line(r, "Delayed Entry") == [-1]


def test_delayed_entry_one_point_hero_saves_one():
    # FT 32: "if a 1-pt Hero has Delayed Entry, the army saves 1 pt, not 2"
    r = ft_list(heroes=[{"name": "Late", "cards": ["Delayed Entry"]}])
    assert r.details["heroes"][0]["total"] == 1
    assert army_line(r, "Delayed Entry") == [-1]


def test_delayed_entry_half_point_hero_saves_half():
    # hero 1 - Fierce ½ = ½: it saves ½
    r = ft_list(heroes=[{"name": "Late", "cards": ["Fierce", "Delayed Entry"]}])
    assert army_line(r, "Delayed Entry") == [-0.5]


def test_delayed_entry_expensive_hero_saves_two():
    # hero 1 + Deadly 2 = 3: it saves 2
    r = ft_list(heroes=[{"name": "Late", "cards": ["Deadly", "Delayed Entry"]}])
    assert r.details["heroes"][0]["total"] == 3
    assert army_line(r, "Delayed Entry") == [-2]


def test_delayed_entry_lowers_the_army_total():
    # Spear 2 x 4 = 8, filler 6 Horde x 2 = 12, Delayed Entry 1 stand -2: 8 + 12 - 2 = 18
    r = ft_list(classes=[{"troop": "Spear", "stands": 2, "cards": [{"Delayed Entry": 1}]}])
    assert r.measure.total == 18


# ---------------------------------------------------------------------------
# Army cards and expendable cards


def test_mobile_infantry_ground_and_flying():
    # one card per stand: 3 stands x ½ ground = 1½; 3 stands x 1 flying = 3 (FT 45)
    r = ft_list(classes=[{"troop": "Light Foot", "stands": 3, "cards": [{"Mobile Infantry": "ground"}]}])
    assert army_line(r, "Mobile Infantry") == [1.5]
    assert r.details["classes"][0]["per_stand"] == 3  # the stands themselves stay 3 each
    r = ft_list(classes=[{"troop": "Light Foot", "stands": 3, "cards": [{"Mobile Infantry": "flying"}]}])
    assert army_line(r, "Mobile Infantry") == [3]


def test_hold_the_line_half_a_card_for_the_class():
    # Spear 2 stands x 4 = 8 + Hold the Line 3 cards x ½ = 1½ -> class total 9½ (FT 38)
    details, _ = one_class("Spear", [{"Hold the Line": 3}], stands=2)
    assert details["per_stand"] == 4
    assert [e["points"] for e in details["expendable"]] == [1.5]
    assert details["total"] == 9.5


def test_charge_through_one_a_card():
    # Elite Cavalry 2 x 4 = 8 + Charge Through 2 cards x 1 = 2 -> 10 (FT 29)
    details, _ = one_class("Elite Cavalry", [{"Charge Through": 2}], stands=2)
    assert [e["points"] for e in details["expendable"]] == [2]
    assert details["total"] == 10
    details, _ = one_class("Elite Cavalry", ["Charge Through"], stands=1)
    assert details["total"] == 5  # a bare card is one card: 4 + 1


def test_illusion_one_a_card():
    assert army_line(ft_list(army_cards=[{"Illusion": 4}]), "Illusion") == [4]  # 4 x 1 (FT 39)
    assert army_line(ft_list(army_cards=["Illusion"]), "Illusion") == [1]


def test_fortified_camp():
    assert army_line(ft_list(army_cards=[{"Fortified Camp": "fortified"}]), "Fortified Camp") == [1]  # FT 36
    assert army_line(ft_list(army_cards=[{"Fortified Camp": "heavily fortified"}]), "Fortified Camp") == [2]


def test_no_camp_and_pack_train():
    assert army_line(ft_list(army_cards=["No Camp"]), "No Camp") == [4]  # FT 47
    assert army_line(ft_list(army_cards=["Pack Train and Herds"]), "Pack Train and Herds") == [1]  # FT 48


# ---------------------------------------------------------------------------
# The 1-point stand floor (reference README)


@pytest.mark.parametrize(
    "troop,cards,raw",
    [
        ("Horde", ["Brittle"], 0),  # 2 - 2 = 0
        ("Rabble", ["Brittle", "Weaken", "Unruly"], -1.5),  # 2 - 2 - ½ - 1 = -1½
        ("Bow Levy", ["Craven", "Unruly"], 0),  # 2 - 1 - 1 = 0
        ("Light Foot", ["Fierce", "Unreliable"], 0.5),  # 3 - ½ - 2 (Fierce) = ½
    ],
)
def test_stand_never_below_one_point(troop, cards, raw):
    details, _ = one_class(troop, cards, stands=2)
    assert details["per_stand_raw"] == raw
    assert details["per_stand"] == 1
    assert details["total"] == 2  # 2 stands x 1


def test_exactly_one_point_is_not_floored():
    details, _ = one_class("Bow Levy", ["Brittle"])  # 2 - 1 = 1
    assert details["per_stand"] == 1 and details["floored"] is False


# ---------------------------------------------------------------------------
# A whole army, line by line

WHOLE_ARMY = dict(
    points=51,
    topography="Forest",
    filler=False,
    classes=[
        {"name": "Guard", "troop": "Elite Foot", "stands": 2, "general": True, "cards": ["Deadly", "Armored"]},
        {"name": "Riders", "troop": "Knights", "stands": 2, "cards": ["Fierce", "Unreliable", {"Delayed Entry": 1}]},
        {"name": "Bows", "troop": "Shooters", "stands": 3, "cards": ["Marksman", "Craven"]},
        {"name": "Levy", "troop": "Horde", "stands": 3, "cards": ["Brittle"]},
        {"name": "Spears", "troop": "Spear", "stands": 2, "cards": [{"Hold the Line": 2}]},
    ],
    heroes=[{"name": "Sage", "cards": ["Hearten", {"Negate Magic": "zone"}]}],
    army_cards=[{"Illusion": 2}, "No Camp", {"Prepared Defenses": 1}],
)


def test_whole_army_total():
    r = ft_list(**WHOLE_ARMY)
    classes = r.details["classes"]
    assert classes[0]["total"] == 13  # Guard: (4 + Deadly 2 + Armored ½) = 6½ x 2 = 13
    assert classes[1]["total"] == 4  # Riders: (4 + Fierce 0 + Unreliable -2) = 2 x 2 = 4
    assert classes[2]["total"] == 13.5  # Bows: (4 + Marksman 1 - Craven ½) = 4½ x 3 = 13½
    assert classes[3]["total"] == 3  # Levy: (2 - Brittle 2 = 0, floor 1) x 3 = 3
    assert classes[4]["total"] == 9  # Spears: 4 x 2 = 8 + Hold the Line 2 x ½ = 9
    assert r.details["heroes"][0]["total"] == 4  # Sage: 1 + Hearten 1 + Negate Magic zone 2 = 4
    assert army_line(r, "Illusion") == [2]  # 2 x 1
    assert army_line(r, "No Camp") == [4]
    assert army_line(r, "Prepared Defenses") == [0.5]  # Forest is not Dense: 1 x ½
    assert army_line(r, "Delayed Entry") == [-2]  # one 2-point Knight: refund min(2, 2) = 2
    # 13 + 4 + 13½ + 3 + 9 + 4 + 2 + 4 + ½ - 2 = 51
    assert r.measure.total == Fraction(51)
    assert r.details["total"] == 51
    assert r.details["stands"] == 12  # 2 + 2 + 3 + 3 + 2
    assert r.details["hero_points"] == 4
    assert r.valid, [(f.code, f.message) for f in r.findings]


# ---------------------------------------------------------------------------
# Movement (FT 33, 35, 53, 55, 45): base moves from the CSV


@pytest.mark.parametrize(
    "troop,base,fast",
    [
        ("Bad Horse", 6, 8),  # 6 MU: +2 = 8 (FT 33.1)
        ("Elite Cavalry", 6, 8),  # 6 + 2 = 8
        ("Knights", 5, 6),  # below 6: +1
        ("Light Foot", 5, 6),
        ("Warband", 4, 5),
        ("Heavy Foot", 3, 4),
        ("War Wagons", 2, 3),
    ],
)
def test_fast_movement(troop, base, fast):
    assert move_mu(troop) == base
    assert move_mu(troop, ["Fast"]) == fast


@pytest.mark.parametrize(
    "troop,slow",
    [
        ("Javelin Cavalry", 6),  # 8 MU -> 6 (FT 53.1 table)
        ("Horse Bow", 6),  # 8 -> 6
        ("Bad Horse", 5),  # 6 -> 5
        ("Knights", 4),  # 5 -> 4
        ("Warband", 3),  # 4 -> 3
        ("Heavy Foot", 2),  # 3 -> 2
        ("Artillery", 1),  # 2 -> 1
    ],
)
def test_slow_movement(troop, slow):
    assert move_mu(troop, ["Slow"]) == slow


@pytest.mark.parametrize(
    "troop,zoom",
    [
        ("Javelin Cavalry", 12),  # base 8 -> 12 (FT 35 table)
        ("Bad Horse", 10),  # 6 -> 10
        ("Knights", 8),  # 5 -> 8
        ("Warband", 6),  # 4 -> 6
        ("Shooters", 5),  # 3 -> 5
        ("War Wagons", 4),  # 2 -> 4
    ],
)
def test_zoom_flying_movement(troop, zoom):
    assert move_mu(troop, [{"Flying": "zoom"}]) == zoom


@pytest.mark.parametrize("troop,base", [("Javelin Cavalry", 8), ("Knights", 5), ("Shooters", 3)])
def test_hover_flying_keeps_the_move(troop, base):
    assert move_mu(troop, [{"Flying": "hover"}]) == base  # "no change to the movement rate"


def test_spiked_carts_move_2():
    assert move_mu("Heavy Foot", ["Spiked Carts"]) == 2  # FT 55.1: 2 MU in all terrain


@pytest.mark.parametrize("other", ["Fast", "Slow"])
def test_move_does_not_depend_on_card_order(other):
    # a stand's cards are a set: the rulebook gives one move whatever order the list writes them in
    assert move_mu("Heavy Foot", ["Spiked Carts", other]) == move_mu("Heavy Foot", [other, "Spiked Carts"])


def test_mobile_infantry_move_on_transports():
    # FT 45.2.a/b: 6 MU on ground transports, 12 MU on flying ones
    details, _ = one_class("Heavy Foot", [{"Mobile Infantry": "ground"}])
    assert "6 on transports" in details["move"]
    details, _ = one_class("Heavy Foot", [{"Mobile Infantry": "flying"}])
    assert "12 on transports" in details["move"]
