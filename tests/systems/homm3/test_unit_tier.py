"""HMB017 unit-tier: Short uses Bronze and Silver; Medium and Large Bronze, Silver and Gold."""

from ._lists import ADVENTURE, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE):
        assert_clean(base, "HMB017")


def test_medium_allows_gold_the_seed_wins_over_the_reference():
    gold = [u for u in MEDIUM["units"] if u["name"] in ("Champions", "Archangels")]
    assert len(gold) == 2
    assert_clean(MEDIUM, "HMB017")


def test_adventure_allows_every_tier():
    assert_clean(variant(ADVENTURE, units=[{"name": "Titans", "side": "Few"}]), "HMB017")


def test_gold_unit_in_a_short_skirmish_fails():
    units = SHORT["units"] + [{"name": "Dread Knights", "side": "Few"}]
    (f,) = findings(variant(SHORT, units=units), "HMB017")
    assert f.message == "Dread Knights is a Gold unit; a Short skirmish uses only Bronze and Silver units"
