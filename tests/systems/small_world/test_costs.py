"""Conquest costs and turn scores, computed by hand from the seed and the base rule.

Base conquest cost (reference, unverified): 2 + 1 a token in the region + 1 for a Mountain
+ 1 a defence marker. Coins: 1 a region held, active or in decline (reference, unverified),
plus the Orcs' and Blood Elves' bonuses (seed 001). The Faction Bonus is left out.
"""

import pytest

from .helpers import check, coins, costs, position


def active(race, *regions, in_hand=0):
    return {
        "race": race,
        "in_hand": in_hand,
        "regions": [r if isinstance(r, dict) else {"name": r, "tokens": 2} for r in regions],
    }


@pytest.mark.parametrize(
    "conquest, normal",
    [
        ({"region": "A"}, 2),  # empty: 2
        ({"region": "A", "defender": "Humans", "defender_tokens": 1}, 3),  # 2 + 1
        ({"region": "A", "defender": "Humans", "defender_tokens": 3}, 5),  # 2 + 3
        ({"region": "A", "mountain": True}, 3),  # 2 + Mountain
        ({"region": "A", "defender": "Naga", "defender_tokens": 2, "mountain": True, "defences": 2}, 7),  # 2+2+1+2
    ],
)
def test_normal_cost(conquest, normal):
    r = check(position(active=active("Humans", "A"), decline=None, conquests=[conquest]))
    (c,) = r.details["conquests"]
    assert c["normal_cost"] == normal and c["cost"] == normal and c["adjustments"] == []


@pytest.mark.parametrize(
    "conquest, cost",
    [
        ({"region": "A"}, 2),  # empty: no discount, 2
        ({"region": "A", "mountain": True}, 3),  # empty Mountain: no discount, 3
        ({"region": "A", "defender": "Humans", "defender_tokens": 1}, 2),  # 3 - 1
        ({"region": "A", "defender": "Humans", "defender_tokens": 4, "mountain": True}, 6),  # 7 - 1
    ],
)
def test_trolls_discount(conquest, cost):
    r = check(position(active=active("Trolls", "A"), conquests=[conquest]))
    assert costs(r) == [cost]


def test_the_conquest_minimum_is_the_taurens_not_the_orcs():
    # Seed 001, the Tauren's entry: "These large, resilient warriors may never occupy (nor conquer)
    # a Region with less than 2 Race tokens." The Orcs' entry has no floor.
    conquests = [{"region": "Crossroads", "defender": "Humans", "defender_tokens": 1}, {"region": "Durotar"}]
    r = check(position(conquests=conquests))  # the Orcs
    assert costs(r) == [3, 2]  # 2 + 1 token; an empty region: 2
    assert [c["minimum_tokens"] for c in r.details["conquests"]] == [1, 1]  # the base rule's 1
    assert r.details["conquest_tokens"] == 5
    r = check(position(active=active("Tauren", "Mulgore"), decline=None, conquests=conquests))
    assert costs(r) == [3, 2]  # the base cost is never below 2: the Tauren's floor changes nothing
    assert [c["minimum_tokens"] for c in r.details["conquests"]] == [2, 2]


def test_issue_example_scores_four():
    # 2 Orc regions + 1 declined Tauren region + 1 Orc bonus (Humans, Alliance) = 4
    r = check(position())
    assert coins(r) == 4
    lines = {line["source"]: line["coins"] for line in r.details["coins"]["lines"]}
    assert lines == {
        "Regions held: Orcs (active)": 2,
        "Regions held: Tauren (in decline)": 1,
        "Orcs: conquests of Alliance-occupied regions": 1,
    }
    assert "Faction Bonus" in r.details["coins"]["left_out"]


def test_orcs_bonus_counts_only_alliance_occupied_regions():
    conquests = [
        {"region": "Crossroads", "defender": "Humans", "defender_tokens": 1},  # Alliance (data): +1
        {"region": "Durotar", "defender": "Kobolds", "defender_tokens": 1},  # Neutral: 0
        {"region": "Mulgore2", "defender_faction": "Alliance"},  # empty: 0
        {
            "region": "Barrens",
            "defender": "Trolls",
            "defender_faction": "Alliance",
            "defender_tokens": 2,
        },  # as written: +1
    ]
    r = check(position(conquests=conquests))
    assert coins(r) == 3 + 2


def test_orcs_bonus_only_while_active():
    r = check(
        position(
            active=active("Humans", "Elwynn"), decline={"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 1}]}
        )
    )
    assert coins(r) == 2  # 1 + 1 region, no bonus for the declined Orcs


def test_blood_elves_magic_bonus():
    be = active(
        "Blood Elves",
        {"name": "Silvermoon", "tokens": 3, "magic": True},
        {"name": "Sunstrider", "tokens": 2, "magic": True},
        "Eversong",
        in_hand=1,
    )
    r = check(position(active=be, conquests=None))
    assert coins(r) == 3 + 1 + 2  # 3 regions, 1 Tauren region, 2 Magic regions


def test_blood_elves_magic_bonus_fails_in_decline_and_for_others():
    # the same Magic regions held by the declined Blood Elves, or by the Orcs, earn no bonus
    r = check(
        position(
            active=active("Humans", "Elwynn"),
            decline={"race": "Blood Elves", "regions": [{"name": "Silvermoon", "tokens": 1, "magic": True}]},
            conquests=None,
        )
    )
    assert r.valid and coins(r) == 2
    assert any("not counted" in n for n in r.sections[-1].notes)
    r = check(position(conquests=None))  # the Orcs hold Crossroads, a Magic region
    assert coins(r) == 3


def test_forsaken_enlisting_costs_coins():
    forsaken = active("Forsaken", "Tirisfal", "Silverpine", "Hillsbrad")
    forsaken["enlisted"] = 2
    r = check(
        position(
            active=forsaken,
            conquests=[
                {"region": "Silverpine", "defender": "Worgen", "defender_tokens": 2},
                {"region": "Hillsbrad", "defender": "Humans", "defender_tokens": 1, "mountain": True},
            ],
        )
    )
    assert costs(r) == [4, 4]
    c = r.details["coins"]
    assert (c["earned"], c["spent"], c["net"]) == (4, 2, 2)  # 3 + 1 regions, 2 coins spent
