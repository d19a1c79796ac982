"""TTB004 token-count is retired (issue 46, item 17): a faction written with 0 tokens is TTB008,
a warning of the list format (test_ttb008_zero_tokens.py), not an error citing "TT Draft Your
Army". The code is never reused, and ``armybuilder rule TTB004`` still explains it."""

from armybuilder.rulebook import all_codes

from .helpers import army, codes


def test_the_code_is_retired_not_reused():
    (code,) = [c for c in all_codes() if c.code == "TTB004"]
    assert code.name == "token-count" and code.retired and "TTB008" in code.retired


def test_it_is_never_reported():
    assert "TTB004" not in codes(army(Goblins=0, Wyverns=6, Elves=4))


def test_rule_explains_it(run):
    r = run("rule", "TTB004")
    assert r.exit_code == 0 and r.stdout.startswith("TTB004 token-count [retired issue 46, item 17"), r.stdout
