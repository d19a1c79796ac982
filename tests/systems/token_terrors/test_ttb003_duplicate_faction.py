"""TTB003: one faction written twice (names match in any case)."""

from .helpers import army_text, check, codes, findings


def test_each_faction_once_passes():
    assert "TTB003" not in codes(check(army_text({"Wyverns": 5, "Goblins": 5})))


def test_same_faction_in_two_cases():
    r = check(army_text({"Wyverns": 3, "wyverns": 2, "Goblins": 5}))
    [f] = findings(r, "TTB003")
    assert f.message == "'Wyverns' and 'wyverns' both name Wyverns; list each faction once (together they make 5)"
    assert f.path == ("tokens", "wyverns")
    # counted together: 5 Wyverns + 5 Goblins = 10 slots, no cap broken
    assert r.measure.total == 10
    assert codes(r, "error") == ["TTB003"]
