"""TTB021: mixes such as 3/3/4 or 6/2/2 are a tougher challenge (info)."""

from .helpers import army, codes, findings


def test_two_factions_are_not_a_challenging_mix():
    assert "TTB021" not in codes(army(Wyverns=5, Goblins=5))


def test_3_3_4():
    r = army(Zombies=3, Soldiers=3, Elves=4)
    [f] = findings(r, "TTB021")
    assert f.message == (
        "3 factions (Zombies 3, Soldiers 3, Elves 4): the rulebook calls mixes such as 3/3/4 or "
        "6/2/2 a tougher challenge, since tokens grow stronger next to tokens of their own faction"
    )
    assert r.valid


def test_6_2_2():
    assert findings(army(Goblins=6, Wyverns=2, Swamplins=2), "TTB021")
