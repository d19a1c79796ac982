from .helpers import check, codes, position


def test_no_conquests_no_note():
    assert codes(check(position(conquests=None))) == []


def test_conquests_note_the_faction_bonus():
    r = check(position())
    assert codes(r) == ["SWW014"] and r.valid
    f = r.findings[0]
    assert f.severity.value == "info" and "Faction Bonus" in f.message
    assert f.rule == "Small World base rules: Faction Bonus"


def test_every_race_cites_the_base_rule_not_the_orcs():
    # Seed 001 names the Faction Bonus only in the Orcs' entry ("This power is cumulative with the
    # usual Faction Bonus"); the bonus itself is a base rule, whatever the race.
    trolls = {"race": "Trolls", "regions": [{"name": "Echo Isles", "tokens": 2}]}
    r = check(position(active=trolls, conquests=[{"region": "Barrens"}]))
    (f,) = [f for f in r.findings if f.code == "SWW014"]
    assert "Orcs" not in f.rule and f.rule.startswith("Small World base rules")


def test_one_coin_is_one_coin():
    # Trolls holding Barrens alone, no race in decline: 1 region, 1 coin (1 a region held)
    trolls = {"race": "Trolls", "regions": [{"name": "Barrens", "tokens": 3}]}
    r = check(position(active=trolls, decline=None, conquests=[{"region": "Barrens"}]))
    (f,) = [f for f in r.findings if f.code == "SWW014"]
    assert f.message.startswith("the turn's 1 victory coin leaves out the Faction Bonus:")


def test_no_coin_total_is_told_for_a_race_the_data_does_not_know():
    # Issue 26 point 8: 'Orks' (SWW001) have no known power, so the turn's coins are not known
    orks = {"race": "Orks", "in_hand": 3, "regions": [{"name": "Durotar", "tokens": 3}]}
    r = check(position(active=orks))
    assert "SWW001" in codes(r) and "SWW014" not in codes(r)
