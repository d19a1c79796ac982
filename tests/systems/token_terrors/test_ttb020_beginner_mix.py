"""TTB020: "a mix of two factions, one melee and one ranged, with a split of 5/5 or 6/4" (info)."""

from .helpers import army, codes, findings


def test_5_5_melee_and_ranged_is_the_beginner_mix():
    [f] = findings(army(Wyverns=5, Goblins=5), "TTB020")
    assert f.severity.value == "info"
    assert f.message == (
        "Wyverns 5 (ranged) and Goblins 5 (melee): the mix the rulebook advises for a beginning "
        "Warlord (2 factions, one melee and one ranged, split 5/5 or 6/4)"
    )


def test_6_4_is_the_beginner_mix_too():
    assert "the mix the rulebook advises" in findings(army(Soldiers=6, Elves=4), "TTB020")[0].message


def test_two_melee_factions_are_told_what_the_advice_is():
    r = army(Goblins=5, Soldiers=5)
    [f] = findings(r, "TTB020")
    assert f.message.endswith(
        "for a beginning Warlord the rulebook advises 2 factions, one melee and one ranged, "
        "split 5/5 or 6/4; here both are melee"
    )
    assert r.valid  # advice, not a rule


def test_two_ranged_factions():
    assert findings(army(Wyverns=5, Elves=5), "TTB020")[0].message.endswith("here both are ranged")


def test_no_advice_for_an_unfinished_army_or_three_factions():
    assert "TTB020" not in codes(army(Wyverns=5, Goblins=4))
    assert "TTB020" not in codes(army(Wyverns=4, Goblins=3, Elves=3))
