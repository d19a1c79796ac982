"""SWW017 conquest-tokens-free: the tokens that stay in the regions held through the turn cannot conquer.

Seed 001, the Tauren: "These large, resilient warriors may never occupy (nor conquer) a Region with
less than 2 Race tokens." and "Under no circumstances should a Tauren token be left alone, even
during the “Ready your troops” phase."

Small World's base rules (reference, unverified; base-rules.yaml, tokens_kept_per_region): "A race
readies its troops by taking back all but 1 token from each region it keeps, and a region is
abandoned only at the start of a turn: each region held through the turn keeps at least 1 token
while the turn's conquests are made".

The tokens a turn's conquests can commit are the tokens held, less the floor of each region not
conquered this turn: 1, or the race's region_minimum (the Tauren, 2). Every figure below is
counted by hand.
"""

from armybuilder.yamlio import load_file

from .helpers import EXAMPLES, check, errors, messages, position, with_powers

BASE_RULE = "Small World base rules (reference, unverified)"


def test_the_issues_tauren_case_fails():
    # Mulgore 2 + The Barrens 4 = 6 Tauren tokens. Mulgore was not conquered: it kept its 2 (a Tauren
    # region never holds fewer), so at most 6 - 2 = 4 could conquer The Barrens; the conquest commits 5.
    tauren = {"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 2}, {"name": "The Barrens", "tokens": 4}]}
    r = check(position(active=tauren, decline=None, conquests=[{"region": "The Barrens", "tokens": 5}]))
    assert errors(r) == ["SWW017"]
    assert messages(r, "SWW017") == [
        "the conquest of The Barrens commits 5 tokens, but only 4 of the 6 tokens the Tauren held could "
        "conquer: Mulgore, not conquered this turn, kept its 2 (the Tauren never occupy a region with fewer "
        "than 2 tokens)"
    ]
    (f,) = [f for f in r.findings if f.code == "SWW017"]
    assert f.rule == "SWoW Tauren" and f.path == ("conquests", 0, "tokens")
    # 4 committed: the 4 that were free (an empty region costs the Tauren 2)
    assert check(position(active=tauren, decline=None, conquests=[{"region": "The Barrens", "tokens": 4}])).valid


def test_orcs_that_keep_durotar_cannot_commit_all_their_tokens():
    # Durotar 1 + Crossroads 5 = 6 Orc tokens; Durotar, kept through the turn, kept 1: 5 were free.
    orcs = {"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 1}, {"name": "Crossroads", "tokens": 5}]}
    six = [{"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 6}]
    r = check(position(active=orcs, conquests=six))
    assert errors(r) == ["SWW017"]
    assert messages(r, "SWW017") == [
        "the conquest of Crossroads commits 6 tokens, but only 5 of the 6 tokens the Orcs held could conquer: "
        "Durotar, not conquered this turn, kept its 1 (a region held through the turn keeps at least 1 token)"
    ]
    assert r.findings[0].rule == BASE_RULE
    six[0]["tokens"] = 5  # the conquest costs 2 + 1 = 3; 5 is what was free
    assert check(position(active=orcs, conquests=six)).valid


def test_tokens_in_hand_are_free_and_each_kept_region_keeps_one():
    # The Thrall position: 3 in hand + Durotar 3 + Crossroads 2 = 8; Durotar kept 1: 7 free.
    seven = [{"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 7}]
    assert check(position(conquests=seven)).valid
    seven[0]["tokens"] = 8
    r = check(position(conquests=seven))
    assert errors(r) == ["SWW017"]
    assert "only 7 of the 8 tokens the Orcs held could conquer" in messages(r, "SWW017")[0]


def test_two_kept_regions_and_two_conquests_name_the_one_that_passes():
    # Zul'Aman 1 + Echo Isles 1 + Stranglethorn 3 + Zul'Gurub 2 = 7 Troll tokens; the two regions
    # not conquered kept 1 each: 7 - 2 = 5 free. The conquests commit 3 + 3 = 6 (each empty: 2).
    trolls = {
        "race": "Trolls",
        "regions": [
            {"name": "Zul'Aman", "tokens": 1},
            {"name": "Echo Isles", "tokens": 1},
            {"name": "Stranglethorn", "tokens": 3},
            {"name": "Zul'Gurub", "tokens": 2},
        ],
    }
    conquests = [{"region": "Stranglethorn", "tokens": 3}, {"region": "Zul'Gurub", "tokens": 3}]
    r = check(position(active=trolls, decline=None, conquests=conquests))
    assert errors(r) == ["SWW017"]
    assert messages(r, "SWW017") == [
        "the turn's conquests commit 6 tokens (up to Zul'Gurub), but only 5 of the 7 tokens the Trolls held "
        "could conquer: Zul'Aman and Echo Isles, not conquered this turn, kept 1 each (a region held through "
        "the turn keeps at least 1 token)"
    ]
    assert r.findings[0].path == ("conquests", 1, "tokens")
    conquests[1]["tokens"] = 2
    assert check(position(active=trolls, decline=None, conquests=conquests)).valid  # 3 + 2 = 5


def test_every_region_conquered_leaves_every_token_free():
    # Stranglethorn 4 + Zul'Gurub 2 = 6, both conquered this turn: all 6 may conquer.
    trolls = {"race": "Trolls", "regions": [{"name": "Stranglethorn", "tokens": 4}, {"name": "Zul'Gurub", "tokens": 2}]}
    conquests = [{"region": "Stranglethorn", "tokens": 4}, {"region": "Zul'Gurub", "tokens": 2}]
    assert check(position(active=trolls, decline=None, conquests=conquests)).valid


def test_the_forsaken_enlisted_tokens_and_the_kept_region_both_stay_out():
    # The Forsaken example as it was: Tirisfal Glades 4 + Silverpine 3 + Hillsbrad 3 = 10, 2 of them
    # enlisted ("they cannot be used for conquests until next turn", seed 001): 8 held before
    # enlisting; Tirisfal Glades, not conquered, kept 1: 7 free. The conquests commit 4 + 4 = 8.
    data = load_file(EXAMPLES / "forsaken-enlist.yaml").data
    data["active"]["regions"][0]["tokens"] = 4
    r = check(data)
    assert errors(r) == ["SWW017"]
    assert messages(r, "SWW017") == [
        "the turn's conquests commit 8 tokens (up to Hillsbrad), but only 7 of the 8 tokens the Forsaken held "
        "before enlisting could conquer: Tirisfal Glades, not conquered this turn, kept its 1 (a region held "
        "through the turn keeps at least 1 token)"
    ]
    # The example ships with Tirisfal Glades 5: 11 - 2 enlisted - 1 kept = 8 free, 8 committed.
    assert check(load_file(EXAMPLES / "forsaken-enlist.yaml").data).valid


def test_beyond_every_token_held_is_sww015s_alone():
    orcs = {"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 1}, {"name": "Crossroads", "tokens": 5}]}
    r = check(position(active=orcs, conquests=[{"region": "Crossroads", "tokens": 7}]))  # 7 of 6
    assert errors(r) == ["SWW015"]


def test_conquests_without_tokens_are_not_counted():
    orcs = {"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 1}, {"name": "Crossroads", "tokens": 1}]}
    assert check(position(active=orcs, conquests=[{"region": "Crossroads"}])).valid


def test_a_region_minimum_from_the_data_sets_the_floor(monkeypatch):
    # Humans given a 3-token region minimum while active: Elwynn 3 + Westfall 3 = 6; Elwynn kept 3:
    # 3 free, and the conquest of Westfall commits 4.
    with_powers(monkeypatch, Humans={"region_minimum": {"tokens": 3, "active": True, "in_decline": False}})
    humans = {"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 3}, {"name": "Westfall", "tokens": 3}]}
    r = check(position(active=humans, decline=None, conquests=[{"region": "Westfall", "tokens": 4}]))
    assert errors(r) == ["SWW017"]
    assert r.findings[0].rule == "SWoW Humans"
    assert messages(r, "SWW017")[0].endswith("kept its 3 (the Humans never occupy a region with fewer than 3 tokens)")
