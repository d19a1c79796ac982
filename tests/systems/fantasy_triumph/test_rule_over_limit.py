"""FTR020 over-limit: the army costs more than its size (over_limit.py).

Reference README: "Army size 51 points by default (the seed's FT 39.3.c also names 51);
tournaments may set others. Stands, heroes and army battle cards all count toward it." Delayed
Entry refunds come off (FT 32); the invasion and maneuver ratings count too (secondary source).
"""

from armybuilder.check import check_text

from .conftest import codes, ft_list, ft_yaml, of


def test_exactly_at_the_limit_passes():
    # Knights (4 + Deadly 2 + Armored ½ + Massive 1 + hover 1) = 8½ x 3 = 25½
    # + filler Horde 5 x 2 = 10 (8 stands needed) + hero 1 + Mindblast 4 + Armored ½ = 5½
    # + Illusion 5 x 1 = 5 + No Camp 4 + Pack Train and Herds 1:  25½ + 10 + 5½ + 5 + 4 + 1 = 51
    r = ft_list(
        classes=[{"troop": "Knights", "stands": 3, "cards": ["Deadly", "Armored", "Massive", {"Flying": "hover"}]}],
        heroes=[{"cards": ["Mindblast", "Armored"]}],
        army_cards=[{"Illusion": 5}, "No Camp", "Pack Train and Herds"],
    )
    assert r.measure.total == 51
    assert "FTR020" not in codes(r) and r.valid


def test_half_a_point_over_fails():
    # as above with the hero's Armored (+½) swapped for Away (+1 on a hero): 51 - ½ + 1 = 51½
    r = ft_list(
        classes=[{"troop": "Knights", "stands": 3, "cards": ["Deadly", "Armored", "Massive", {"Flying": "hover"}]}],
        heroes=[{"cards": ["Mindblast", "Away"]}],
        army_cards=[{"Illusion": 5}, "No Camp", "Pack Train and Herds"],
    )
    assert r.measure.total == 51.5
    [f] = of(r, "FTR020")
    assert f.severity.value == "error" and not r.valid
    assert "½" in f.message


def test_the_finding_cites_the_army_size_rule_not_the_illusion_rule():
    # FT 39.3.c is the Illusion deployment rule ("Armies with Illusion stands may appear to be
    # larger, or smaller, than 51 points"); the army size is the reference's army construction
    # rule, marked unverified in the data.
    r = ft_list(classes=[{"troop": "Knights", "stands": 13}])
    [f] = of(r, "FTR020")
    assert f.rule == "army size (army construction, unverified)"
    r = ft_list(classes=[{"troop": "Horde", "stands": 8}])
    [f] = of(r, "FTR025")  # 16 of 51 points: unspent
    assert f.rule == "army size (army construction, unverified)"


def test_ratings_count_toward_the_limit():
    # 51 points exactly (test_exactly_at_the_limit_passes) plus invasion 0 (+1): 52, over by 1.
    text = ft_yaml(
        classes=[{"troop": "Knights", "stands": 3, "cards": ["Deadly", "Armored", "Massive", {"Flying": "hover"}]}],
        heroes=[{"cards": ["Mindblast", "Armored"]}],
        army_cards=[{"Illusion": 5}, "No Camp", "Pack Train and Herds"],
    )
    r = check_text(text + "invasion: 0\n")
    assert r.measure.total == 52
    [f] = of(r, "FTR020")
    assert f.message == "the army costs 52 points, 1 over its limit of 51"
    r = check_text(text + "invasion: 4\n")  # -1: 50
    assert r.measure.total == 50 and "FTR020" not in codes(r)


def test_delayed_entry_refund_brings_it_back_under():
    # the same 51½ army with one Knight delayed: 51½ - 2 = 49½
    r = ft_list(
        classes=[
            {
                "troop": "Knights",
                "stands": 3,
                "cards": ["Deadly", "Armored", "Massive", {"Flying": "hover"}, {"Delayed Entry": 1}],
            }
        ],
        heroes=[{"cards": ["Mindblast", "Away"]}],
        army_cards=[{"Illusion": 5}, "No Camp", "Pack Train and Herds"],
    )
    assert r.measure.total == 49.5
    assert "FTR020" not in codes(r)


def test_points_default_to_51():
    # no points key: the army size is 51 (reference README)
    # Knights 4 x 13 = 52 + one Horde general 2 = 54 > 51
    text = ft_yaml(classes=[{"troop": "Knights", "stands": 13}], points=None)
    r = check_text(text)
    assert r.measure.limit == 51
    assert "FTR020" in codes(r)


def test_a_larger_army_size():
    # 60 points: Knights 4 x 9 = 36 + Horde filler 1 x 2 (10 stands needed) = 38: fine
    r = ft_list(classes=[{"troop": "Knights", "stands": 9}], points=60)
    assert r.measure.limit == 60
    assert "FTR020" not in codes(r) and r.valid


def test_a_total_that_counts_an_unknown_troop_type_is_not_checked():
    """Issue 26 point 8: a finding that depends on an unknown name is not reported. Knights 4 x 3 =
    12, and 2 stands of 'Knigths' (no such troop type: FTR001) priced at nothing but the 1-point
    stand minimum: 12 + 2 = 14. The army's cost is not known, so neither "14 points, 1 over its
    limit of 13" nor "1 of 15 points unspent" is true."""
    classes = [{"troop": "Knights", "stands": 3, "general": True}, {"name": "Riders", "troop": "Knigths", "stands": 2}]
    over = ft_list(classes=classes, points=13, filler=False)
    assert codes(over) == ["FTR001"] and not over.valid  # the unknown name itself stays an error
    assert over.measure.total == 14 and over.measure.incomplete
    assert over.measure.text() == "14 (incomplete) of 13 points"
    assert over.to_dict()["points"] == {"total": 14, "limit": 13, "unit": "points", "incomplete": True}
    under = ft_list(classes=classes, points=15, filler=False)
    assert codes(under) == ["FTR001"]  # no FTR025
    known = ft_list(classes=[{**classes[1], "troop": "Knights"}, classes[0]], points=13, filler=False)
    [f] = of(known, "FTR020")  # the same army with the name right: 4 x 5 = 20, 7 over
    assert f.message == "the army costs 20 points, 7 over its limit of 13"
    assert not known.measure.incomplete and known.measure.text() == "20 of 13 points"


def test_a_total_that_counts_an_unknown_card_is_not_checked():
    # Knights 4 x 3 = 12 with 'Deadlly' (no such card: FTR002) counted 0, against 11 points
    knights = {"troop": "Knights", "stands": 3, "general": True}
    r = ft_list(classes=[{**knights, "cards": ["Deadlly"]}], points=11, filler=False)
    assert codes(r) == ["FTR002"] and r.measure.incomplete
    r = ft_list(classes=[knights], points=11, filler=False)
    assert codes(r) == ["FTR020"] and not r.measure.incomplete  # 12, 1 over 11
