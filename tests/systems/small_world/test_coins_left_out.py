from .helpers import check, codes, position


def test_no_conquests_no_note():
    assert codes(check(position(conquests=None))) == []


def test_conquests_note_the_faction_bonus():
    r = check(position())
    assert codes(r) == ["SWW014"] and r.valid
    f = r.findings[0]
    assert f.severity.value == "info" and "Faction Bonus" in f.message and f.rule == "SWoW Orcs"
