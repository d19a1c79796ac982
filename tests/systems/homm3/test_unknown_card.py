"""HMB012 unknown-card (info): names not in the card data are accepted."""

from armybuilder.findings import Severity

from ._lists import ADVENTURE, assert_clean, check, findings, variant


def test_known_names_pass_in_any_case():
    assert_clean(variant(ADVENTURE, abilities=["wisdom", "FIRST AID"], spells=["fire wall"]), "HMB012")


def test_unknown_names_are_accepted_with_info():
    data = variant(ADVENTURE, abilities=["Leadershp"], artifacts=["Sword of Judgement"], spells=["Bless"])
    got = sorted(findings(data, "HMB012"), key=lambda f: f.path)
    assert [f.severity for f in got] == [Severity.INFO] * 3
    assert got[0].message == (
        "Ability card 'Leadershp' is not in armybuilder's card data (the rule documents "
        "print no card lists): accepted as written (did you mean 'Leadership'?)"
    )
    assert got[1].message.startswith("Artifact card 'Sword of Judgement' is not in")
    assert got[2].message.startswith("Spell card 'Bless' is not in")
    assert check(data).valid
