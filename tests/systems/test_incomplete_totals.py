"""A total that leaves out what has no known price says it is incomplete, in every system (issue
46, item 16: never a price the rules did not give, and never a total that hides what it lacks).
Fantasy Triumph's cases are in fantasy_triumph/test_totals_never_overstate.py."""

from __future__ import annotations

import yaml

from armybuilder.check import check_text


def _check(doc):
    return check_text(yaml.safe_dump(doc, sort_keys=False))


def test_homm3_recruit_cost_with_a_unit_not_in_the_data():
    # units.yaml (Tower): Gremlins Pack 2 gold, Gargoyles Pack 4 gold: 6 gold; "Sprites" has no card
    doc = {
        "system": "homm3-battlefield",
        "name": "Tower",
        "mode": "adventure",
        "length": "medium",
        "faction": "Tower",
        "hero": {"name": "Solmyr", "level": "III"},
        "units": [{"name": "Gremlins", "side": "Pack"}, {"name": "Gargoyles", "side": "Pack"}],
    }
    whole = _check(doc)
    [units] = [s for s in whole.sections if s.title == "Units"]
    assert "Recruit cost: 6 gold." in units.notes and "incomplete" not in whole.details["totals"]
    doc["units"].append({"name": "Sprites", "side": "Pack"})
    r = _check(doc)
    [units] = [s for s in r.sections if s.title == "Units"]
    assert "Recruit cost (incomplete): 6 gold." in units.notes
    assert units.rows[-1][0] == "Total (incomplete): 2 units"
    assert r.details["totals"]["incomplete"] is True and r.details["totals"]["gold"] == 6


def test_token_terrors_draft_with_a_pick_by_nobody_of_the_two():
    # TT: Typical tokens take 1 slot each; Ann 6 + Bob 4 counted, Cy's 2 tokens belong to nobody (TTB010)
    picks = [("Ann", "Wyverns", 6), ("Bob", "Elves", 4), ("Cy", "Goblins", 2)]
    doc = {
        "system": "token-terrors",
        "name": "Draft",
        "draft": {"players": ["Ann", "Bob"], "picks": [{"player": p, "faction": f, "tokens": n} for p, f, n in picks]},
    }
    r = _check(doc)
    assert "TTB010" in [f.code for f in r.findings]
    assert (r.measure.total, r.measure.incomplete) == (10, True)
    assert r.measure.text() == "10 (incomplete) of 20 slots (both players)"


def test_small_world_conquests_of_a_race_not_in_the_data():
    # Base rule (base-rules.yaml): 2, +1 a token in the region, +1 for a Mountain: 2 + 2 + 1 = 5;
    # an unknown race's power may change it (SWW001), so the sum is incomplete
    doc = {
        "system": "small-world-of-warcraft",
        "name": "Turn",
        "active": {"race": "Grummles", "in_hand": 1, "regions": [{"name": "Stranglethorn", "tokens": 5}]},
        "conquests": [{"region": "Stranglethorn", "defender": "Night Elves", "defender_tokens": 2, "mountain": True}],
    }
    r = _check(doc)
    [conquests] = [s for s in r.sections if s.title == "Conquests"]
    assert "The conquests cost 5 tokens (incomplete) in all: the Grummles race is not known." in conquests.notes
