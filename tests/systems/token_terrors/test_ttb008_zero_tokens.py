"""TTB008 zero-tokens (a warning of the list format) and the list schema: whole numbers of tokens.

Issue 46, item 17: a faction written with 0 tokens was TTB004, an error citing "TT Draft Your
Army", though the army drafted is legal: the line names no token. TTB004 is retired (never
reused); TTB008 says how to write the list.
"""

from .helpers import army, army_text, check, codes, findings


def test_positive_counts_pass():
    assert "TTB008" not in codes(army(Wyverns=6, Elves=4))


def test_zero_tokens_is_a_warning_of_the_list_format():
    # Wyverns 6 + Elves 4: 10 Typical tokens, 1 slot each (TT Factions): 10 of 10 slots, legal.
    # Goblins 0 adds no token and no slot.
    r = army(Goblins=0, Wyverns=6, Elves=4)
    [f] = findings(r, "TTB008")
    assert f.message.startswith("Goblins: 0 tokens, so it is not in the army; leave the line out")
    assert (f.severity.value, f.rule) == ("warning", "list format")
    assert "TTB004" not in codes(r)
    assert r.valid and (r.measure.total, r.measure.limit, r.measure.incomplete) == (10, 10, False)


def test_negative_and_fractional_counts_are_shape_errors():
    assert codes(check(army_text({"Wyverns": -1}))) == ["ABL023"]
    assert codes(check(army_text({"Wyverns": 2.5, "Elves": 7.5}))) == ["ABL020", "ABL020"]
    assert codes(check(army_text({"Wyverns": "five"}))) == ["ABL020"]
