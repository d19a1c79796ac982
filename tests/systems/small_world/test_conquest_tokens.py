from .helpers import check, costs, errors, messages, position


def race(name, *regions):
    return {"race": name, "regions": [{"name": n, "tokens": 2} for n in regions]}


def test_enough_tokens_pass_and_too_few_fail():
    ok = [{"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 3}]
    assert check(position(conquests=ok)).valid
    short = [{"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 2}]
    r = check(position(conquests=short))
    assert errors(r) == ["SWW008"]
    assert "costs the Orcs 3 tokens (2 + 1 token); the conquest commits only 2" in messages(r, "SWW008")[0]


def test_trolls_pay_one_less_for_an_occupied_region():
    conquest = [{"region": "Stranglethorn", "defender": "Humans", "defender_tokens": 1, "tokens": 2}]
    r = check(position(active=race("Trolls", "Stranglethorn"), conquests=conquest))
    assert r.valid and costs(r) == [2]
    r = check(position(active=race("Dwarves", "Stranglethorn"), decline=None, conquests=conquest))
    assert errors(r) == ["SWW008"]  # the same conquest without the Trolls' power
    conquest[0]["tokens"] = 1
    r = check(position(active=race("Trolls", "Stranglethorn"), conquests=conquest))
    assert errors(r) == ["SWW008"]
    assert r.findings[0].rule == "SWoW Trolls"


def test_trolls_pay_full_price_for_an_empty_region():
    r = check(position(active=race("Trolls", "Zul'Gurub"), conquests=[{"region": "Zul'Gurub", "tokens": 1}]))
    assert errors(r) == ["SWW008"] and costs(r) == [2]


def test_reinforcement_die_minimum_one_tauren_two():
    # Seed 001, the Tauren: "These large, resilient warriors may never occupy (nor conquer) a Region
    # with less than 2 Race tokens." The Orcs' entry ("natural-born conquerors") sets no floor.
    last = {"region": "Crossroads", "defender": "Humans", "defender_tokens": 3, "tokens": 2, "die": True}
    tauren = race("Tauren", "Mulgore", "Crossroads")  # Mulgore keeps its 2: 2 of the 4 tokens may conquer
    assert check(position(active=tauren, decline=None, conquests=[last])).valid  # 5 tokens' cost, 2 with the die
    last["tokens"] = 1
    r = check(position(active=tauren, decline=None, conquests=[last]))
    assert errors(r) == ["SWW008"]
    assert r.findings[0].rule == "SWoW Tauren"
    assert messages(r, "SWW008") == [
        "the conquest of Crossroads commits 1 token; even with the reinforcement die the Tauren need at least 2"
    ]
    assert check(position(conquests=[last])).valid  # the Orcs may try the die with 1 token
    assert check(position(active=race("Dwarves", "Crossroads"), conquests=[last])).valid  # and anyone else


def test_a_tauren_conquest_with_one_token_fails():
    # "nor conquer": a Tauren conquest with 1 token, without the die, fails on its cost and its floor.
    empty = [{"region": "Barrens", "tokens": 1}]
    r = check(position(active=race("Tauren", "Mulgore", "Barrens"), decline=None, conquests=empty))
    assert errors(r) == ["SWW008"]
    assert messages(r, "SWW008") == ["conquering Barrens costs the Tauren 2 tokens (2); the conquest commits only 1"]


def test_die_only_on_the_last_conquest():
    conquests = [{"region": "Durotar", "tokens": 2, "die": True}, {"region": "Crossroads", "tokens": 3}]
    r = check(position(conquests=conquests))
    assert errors(r) == ["SWW008"]
    assert "only the turn's last conquest" in r.findings[0].message
