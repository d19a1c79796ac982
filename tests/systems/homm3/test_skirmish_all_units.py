"""HMB020 skirmish-all-units (warning): a skirmish army uses all units of its tiers."""

from armybuilder.findings import Severity

from ._lists import ADVENTURE, LARGE, MEDIUM, SHORT, assert_clean, check, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE, ADVENTURE):
        assert_clean(base, "HMB020")


def test_missing_units_warn_but_stay_valid():
    data = variant(MEDIUM, units=MEDIUM["units"][:2])  # the example: Halberdiers, Marksmen
    (f,) = findings(data, "HMB020")
    assert f.severity is Severity.WARNING
    assert f.message == (
        "a Medium skirmish uses all Bronze, Silver and Gold units; the list leaves out "
        "Griffins, Crusaders, Zealots, Champions and Archangels"
    )
    assert check(data).valid
