"""TTB001: a list file is an army ('tokens') or a draft record ('draft'), never both."""

from armybuilder.findings import Result
from armybuilder.systems import CheckOptions
from armybuilder.systems.token_terrors.system import SYSTEM

from .helpers import GOOD_DRAFT, army, check, codes, draft


def test_army_alone_and_draft_alone_pass():
    assert "TTB001" not in codes(army(Wyverns=5, Goblins=5))
    assert "TTB001" not in codes(draft(["Ozzy", "Wren"], GOOD_DRAFT))


def test_both_is_one_clear_error_and_nothing_else_is_checked():
    r = check("""system: token-terrors
tokens: {Wyverns: 5, Goblins: 5}
draft:
  players: [Ozzy, Wren]
  picks: [{player: Ozzy, faction: Soldiers, tokens: 6}]
""")
    assert codes(r) == ["TTB001"]
    f = r.findings[0]
    assert "both 'tokens' (an army) and 'draft'" in f.message
    assert f.path == ("draft",) and f.line == 4  # the draft record's first line
    assert not r.valid


def test_neither_is_refused_by_the_schema():
    r = check("system: token-terrors\nname: Nothing here\n")
    assert codes(r) == ["ABL021"]
    assert "'tokens'" in r.findings[0].message


def test_neither_reaching_the_system_is_ttb001():
    r = Result(file="x.yaml")
    SYSTEM.check({"system": "token-terrors"}, r, CheckOptions())
    assert codes(r) == ["TTB001"]
    assert "neither 'tokens'" in r.findings[0].message
