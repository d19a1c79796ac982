"""TTB004 and the list schema: whole positive numbers of tokens."""

from .helpers import army, army_text, check, codes, findings


def test_positive_counts_pass():
    assert "TTB004" not in codes(army(Wyverns=6, Elves=4))


def test_zero_tokens_is_ttb004():
    r = army(Goblins=0, Wyverns=6, Elves=4)
    [f] = findings(r, "TTB004")
    assert f.message.startswith("Goblins: 0 tokens")
    assert r.measure.total == 10


def test_negative_and_fractional_counts_are_shape_errors():
    assert codes(check(army_text({"Wyverns": -1}))) == ["ABL023"]
    assert codes(check(army_text({"Wyverns": 2.5, "Elves": 7.5}))) == ["ABL020", "ABL020"]
    assert codes(check(army_text({"Wyverns": "five"}))) == ["ABL020"]
