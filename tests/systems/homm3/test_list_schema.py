"""The list schema: the keys each mode needs, and the shape of a unit entry."""

from ._lists import ADVENTURE, BOARD, MEDIUM, check, codes, variant


def test_examples_fit():
    for base in (MEDIUM, ADVENTURE, BOARD):
        assert not [c for c in codes(check(base)) if c.startswith("ABL")]


def test_skirmish_and_adventure_need_a_length():
    r = check(variant(MEDIUM, length=None))
    assert codes(r) == ["ABL021"] and "needs an entry 'length'" in r.findings[0].message


def test_board_needs_an_opponent():
    r = check(variant(BOARD, opponent=None))
    assert codes(r) == ["ABL021"] and "needs an entry 'opponent'" in r.findings[0].message


def test_faction_unit_needs_a_side_a_neutral_one_does_not():
    r = check(variant(MEDIUM, units=[{"name": "Halberdiers"}]))
    shape = [f for f in r.findings if f.code.startswith("ABL")]  # (and the other entries' findings: issue 26)
    assert [f.code for f in shape] == ["ABL021"] and shape[0].message == "units[1] needs an entry 'side'"
    assert "ABL021" not in codes(check(variant(BOARD, units=[{"name": "Peasants", "neutral": True}])))


def test_levels_are_roman_numerals():
    r = check(variant(MEDIUM, hero={"name": "Catherine", "level": 5}))
    assert codes(r) == ["ABL024"]
    r = check(variant(MEDIUM, specialties=["1"]))
    assert [c for c in codes(r) if c.startswith("ABL")] == ["ABL024"]  # (the other entries are checked: issue 26)


def test_unknown_key_and_mode():
    assert codes(check(variant(MEDIUM, points=50))) == ["ABL022"]
    r = check(variant(MEDIUM, mode="skirmsh"))
    assert "ABL024" in codes(r) and "did you mean 'skirmish'" in r.sorted_findings()[0].message
