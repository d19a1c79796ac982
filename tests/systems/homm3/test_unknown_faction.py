"""HMB002 unknown-faction."""

from ._lists import MEDIUM, assert_clean, check, codes, findings, variant


def test_passes_in_any_case():
    assert_clean(MEDIUM, "HMB002")
    assert_clean(variant(MEDIUM, faction="castle"), "HMB002")


def test_unknown_faction_fails_with_suggestion():
    (f,) = findings(variant(MEDIUM, faction="Castel"), "HMB002")
    assert "unknown faction 'Castel' (did you mean 'Castle'?)" in f.message


def test_neutral_is_not_a_faction():
    (f,) = findings(variant(MEDIUM, faction="Neutral"), "HMB002")
    assert "unknown faction 'Neutral'" in f.message


def test_unknown_faction_does_not_cascade_to_units():
    got = codes(check(variant(MEDIUM, faction="Castel")))
    assert "HMB014" not in got and "HMB004" not in got and "HMB020" not in got
