"""TTB022: "Draft 6 Flying machines" (TT Token Terrors Factions: Flying Machines), info."""

from .helpers import army, codes, findings


def test_six_flying_machines_pass():
    assert "TTB022" not in codes(army(Flying_Machines=6, Swamplins=4))


def test_no_flying_machines_no_advice():
    assert "TTB022" not in codes(army(Wyverns=5, Goblins=5))


def test_fewer_than_six_flying_machines():
    r = army(Flying_Machines=4, Swamplins=6)
    [f] = findings(r, "TTB022")
    assert f.severity.value == "info"
    assert f.rule == "TT Token Terrors Factions: Flying Machines"
    assert f.message.startswith("4 Flying Machines: the rulebook advises drafting 6 (")
    assert f.path == ("tokens", "Flying Machines")
    assert r.valid
